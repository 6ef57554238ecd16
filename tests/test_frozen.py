"""The frozen app: build.spec builds it with PyInstaller, and its self-test passes.

Marked ``frozen``: `pytest -m "not frozen"` skips it locally; the test command (CI) runs it.
The build takes some 15 to 60 seconds on 2 cores (PyInstaller caches what it analysed of the
Qt libraries between runs), the self-test some 10.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shengji_desktop.startup_bench import BUNDLE_TARGET_MB, bundle_bytes

pytestmark = [pytest.mark.frozen, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
CHECKS = (
    "bundle",
    "version",
    "hard player",
    "LAN",
    "statistics",
    "sound",
    "Qt",
    "window",
    "translations",
    "card art",
    "hand DL",
    "hand TR",
    "hand SD",
    "no errors in the event loop",
)


def run_self_test(exe: Path, report: Path) -> tuple[int, str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [str(exe), "--self-test", "--self-test-report", str(report)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=report.parent,
    )
    return done.returncode, done.stdout + done.stderr


def test_the_frozen_app_builds_and_passes_its_self_test(tmp_path) -> None:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        pytest.fail(
            "PyInstaller is missing: pip install -e '.[dist]', or skip this test with"
            " -m 'not frozen'"
        )
    dist, work = tmp_path / "dist", tmp_path / "build"
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(dist), "--workpath", str(work), str(ROOT / "build.spec")]
    build = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=1800,
        cwd=ROOT,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    app = dist / "Shengji Desktop"
    exe = app / ("shengji-desktop.exe" if sys.platform == "win32" else "shengji-desktop")
    assert exe.is_file()
    # The program's modules are there, folders of the window layer too; the measurement
    # gear (the frozen baseline players of the arena) is not.
    package = app / "_internal" / "shengji_desktop"
    assert (package / "ui" / "table" / "screen.pyc").is_file()
    gear = [p for p in app.rglob("*") if p.name == "baseline" or "shengji_baseline" in p.name]
    assert not gear and (package / "ai" / "baseline_loader.pyc").is_file(), gear
    size_mb = bundle_bytes(app) / 1e6
    if sys.platform.startswith("linux"):
        assert size_mb < BUNDLE_TARGET_MB, f"the bundle grew to {size_mb:.1f} MB"

    report = tmp_path / "self-test.txt"
    rc, output = run_self_test(exe, report)
    lines = report.read_text(encoding="utf-8").splitlines()
    assert rc == 0, output
    for name in CHECKS:
        assert any(line.startswith(f"ok   {name}: ") for line in lines), (name, lines)
    assert lines[-1].startswith(f"self-test passed: {len(CHECKS)} checks")
    bundle_line = next(line for line in lines if line.startswith("ok   bundle: "))
    assert "frozen" in bundle_line and "sys._MEIPASS" in bundle_line
    assert str(app) in next(line for line in lines if line.startswith("ok   translations: "))

    # What `bench startup` times: the window opens, paints, completes itself, and the app quits.
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path)}
    probe = subprocess.run(
        [str(exe), "--exit-after-first-paint"], env=env, capture_output=True, text=True, timeout=120
    )
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.splitlines() == ["first-paint", "ready"]

    # Take the Chinese catalogue out of the bundle: the self-test must fail, and say why.
    catalogue = app / "_internal" / "shengji_desktop" / "_data" / "translations" / "zh_CN.qm"
    assert catalogue.is_file()
    shutil.move(catalogue, tmp_path / "zh_CN.qm")
    rc, output = run_self_test(exe, report)
    lines = report.read_text(encoding="utf-8").splitlines()
    assert rc == 1, output
    assert any(line.startswith("FAIL bundle: ") and "zh_CN.qm" in line for line in lines)
    assert any(line.startswith("FAIL translations: ") and "did not load" in line for line in lines)
    assert lines[-1].startswith("self-test FAILED: 2 of")
