"""The Linux package: packaging/linux/deb.py wraps the frozen app in a .deb (`scripts/build
--deb`). Built here from a fresh frozen build, it is read back with dpkg-deb, its desktop entry
and AppStream metainfo validated, installed into a throwaway root with dpkg (no chroot, no
maintainer scripts to run), started there through the launcher on PATH for its self-test,
then purged: the player's saved game, statistics and settings stay where they were.

Marked ``frozen`` like tests/test_frozen.py and run where it runs; skipped on systems without
dpkg-deb (Windows, macOS, Linux without dpkg). The build takes some 20 to 60 seconds, the
package some 10, the self-test some 25. The frozen build keeps its own PyInstaller cache (in
pytest's cache folder): two builds sharing one cache at once could read each other's
half-written files.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import shengji_desktop

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging" / "linux"))
import deb  # noqa: E402

pytestmark = [
    pytest.mark.frozen,
    pytest.mark.slow,
    pytest.mark.skipif(
        not sys.platform.startswith("linux") or shutil.which("dpkg-deb") is None,
        reason="a Debian package is built and checked only where dpkg-deb is",
    ),
]

TOOLS = {  # command: the Debian package with it (scripts/check installs them)
    "desktop-file-validate": "desktop-file-utils",
    "appstreamcli": "appstream",
    "readelf": "binutils",
}
# Libraries the frozen folder takes from the system (PyInstaller bundles the rest): the
# package that has each, which must be among the .deb's Depends or Recommends.
SYSTEM_LIBRARIES = {
    "libc.so.6": "libc6",
    "libm.so.6": "libc6",
    "libdl.so.2": "libc6",
    "libpthread.so.0": "libc6",
    "libmvec.so.1": "libc6",
    "ld-linux-x86-64.so.2": "libc6",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libxcb.so.1": "libxcb1",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
}
REPOSITORY = "someone/shengji-desktop"


def run(*command: str | Path, **kwargs: Any) -> str:
    done = subprocess.run(
        [str(c) for c in command], capture_output=True, text=True, timeout=600, **kwargs
    )
    assert done.returncode == 0, (command, done.stdout + done.stderr)
    return str(done.stdout)


def build_app(tmp_path: Path, cache: Path) -> Path:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "build")]
    env = {**os.environ, "PYINSTALLER_CONFIG_DIR": str(cache)}
    run(*command, ROOT / "build.spec", cwd=ROOT, env=env)
    return tmp_path / "dist" / "Shengji Desktop"


def control_fields(info: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in info.splitlines():
        found = re.match(r"^ ([A-Z][A-Za-z-]+): (.*)$", line)
        if found:
            fields[found.group(1)] = found.group(2)
    return fields


def alternatives(relation: str) -> set[str]:
    """Every package name a Depends-style field names (alternatives included)."""
    return {part.split()[0] for clause in relation.split(",") for part in clause.split("|")}


def external_libraries(app: Path) -> set[str]:
    """The sonames the folder's ELF files need that the folder does not hold."""
    elves = [p for p in app.rglob("*") if p.is_file() and p.read_bytes()[:4] == b"\x7fELF"]
    held = {p.name for p in app.rglob("*")}
    needed: set[str] = set()
    for elf in elves:
        dynamic = run("readelf", "-d", elf)
        needed.update(re.findall(r"\(NEEDED\)\s+Shared library: \[([^]]+)\]", dynamic))
    return needed - held


def test_the_deb_installs_starts_and_uninstalls_leaving_the_players_data(
    tmp_path: Path, pytestconfig: pytest.Config
) -> None:
    missing = [f"{tool} ({package})" for tool, package in TOOLS.items() if not shutil.which(tool)]
    if missing:
        pytest.fail(
            f"missing: {', '.join(missing)}: apt-get install {' '.join(TOOLS.values())}"
            " (scripts/check does so as root), or skip this test with -m 'not frozen'"
        )
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        pytest.fail("PyInstaller is missing: pip install -e '.[dist]', or -m 'not frozen'")

    cache = getattr(pytestconfig, "cache", None)  # None with -p no:cacheprovider
    app = build_app(tmp_path, cache.mkdir("pyinstaller-deb") if cache else tmp_path / "cache")
    out = tmp_path / "out"
    made = run(
        sys.executable,
        ROOT / "packaging" / "linux" / "deb.py",
        app,
        "--out",
        out,
        "--level",
        "1",
        "--repository",
        REPOSITORY,
    )
    package = Path(made.splitlines()[-1])
    version = shengji_desktop.__version__
    assert package.name == f"shengji-desktop_{version}_{deb.architecture()}.deb"

    # dpkg-deb --info: the control fields, and no maintainer script
    info = run("dpkg-deb", "--info", package)
    fields = control_fields(info)
    assert fields["Package"] == "shengji-desktop" and fields["Version"] == version
    assert fields["Architecture"] == deb.architecture() and fields["Section"] == "games"
    depends = alternatives(fields["Depends"])
    assert set(deb.qt_packages()) <= depends, set(deb.qt_packages()) - depends
    assert {"fonts-noto-cjk", "libegl1", "libxcb-cursor0"} <= depends
    recommends = alternatives(fields["Recommends"])
    members = re.findall(r"^\s+\d+ bytes,\s+\d+ lines\s+(\*?\s*\S+)", info, re.M)
    assert sorted(m.split()[-1] for m in members) == ["control", "md5sums"], members

    # what the system must give the folder is named by the package
    for soname in sorted(external_libraries(app)):
        assert soname in SYSTEM_LIBRARIES, f"the app needs {soname}: a Depends for it?"
        wanted = SYSTEM_LIBRARIES[soname]
        assert wanted == "libc6" or wanted in depends | recommends, (soname, wanted)

    # dpkg-deb --contents: under /opt and /usr only, owned by root, the launcher on PATH
    listing = run("dpkg-deb", "--contents", package).splitlines()
    paths = {line.split(None, 5)[5].split(" -> ")[0].removeprefix("."): line for line in listing}
    assert all(line.split()[1] == "root/root" for line in listing)
    assert all(p in ("/", "/opt/", "/usr/") or p.startswith(("/opt/", "/usr/")) for p in paths)
    assert "/opt/shengji-desktop/shengji-desktop" in paths
    launcher = paths["/usr/bin/shengji-desktop"]
    assert launcher.startswith("l") and launcher.endswith(
        "-> ../../opt/shengji-desktop/shengji-desktop"
    )
    share = "/usr/share"
    desktop = f"{share}/applications/{deb.APP_ID}.desktop"
    metainfo = f"{share}/metainfo/{deb.APP_ID}.metainfo.xml"
    icons = [f"{share}/icons/hicolor/{n}x{n}/apps/{deb.APP_ID}.png" for n in deb.ICON_SIZES]
    for name in (desktop, metainfo, f"{share}/doc/shengji-desktop/copyright", *icons):
        assert name in paths, name
    assert {16, 24, 32, 48, 64, 128, 256, 512} <= set(deb.ICON_SIZES)

    # installed into a throwaway root by dpkg itself (the libraries come from this system)
    root = tmp_path / "root"
    for folder in ("var/lib/dpkg/info", "var/lib/dpkg/updates"):
        (root / folder).mkdir(parents=True)
    (root / "var/lib/dpkg/status").touch()
    dpkg = ["dpkg", f"--root={root}", "--force-not-root", "--force-depends"]
    run(*dpkg, "--install", package)
    owned = run("dpkg", f"--root={root}", "--listfiles", "shengji-desktop").splitlines()
    assert all(p in ("/.", "/opt", "/usr") or p.startswith(("/opt/", "/usr/")) for p in owned)

    run("desktop-file-validate", root / desktop.lstrip("/"))
    run("appstreamcli", "validate", "--no-net", "--explain", root / metainfo.lstrip("/"))
    entry = (root / desktop.lstrip("/")).read_text(encoding="utf-8")
    assert "\nExec=shengji-desktop\n" in entry and f"\nIcon={deb.APP_ID}\n" in entry
    meta = (root / metainfo.lstrip("/")).read_text(encoding="utf-8")
    assert f'<launchable type="desktop-id">{deb.APP_ID}.desktop</launchable>' in meta
    assert f'<release version="{version}"' in meta
    screenshot = re.search(r"<image>([^<]+)</image>", meta)
    assert screenshot is not None
    assert screenshot.group(1) == (
        f"https://raw.githubusercontent.com/{REPOSITORY}/v{version}/docs/images/table.png"
    )
    assert (ROOT / "docs" / "images" / "table.png").is_file()  # the picture the URL names
    for size, name in zip(deb.ICON_SIZES, icons, strict=True):
        data = (root / name.lstrip("/")).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (
            size,
            size,
        )

    # The player's data, in the home the program uses (platformdirs, QSettings).
    home = root / "home" / "player"
    saved = {
        home / ".local/share/shengji-desktop/autosave.json": b'{"a saved game": 1}\n',
        home / ".local/share/shengji-desktop/stats.sqlite3": b"SQLite format 3\0statistics",
        home / ".config/shengji-desktop/Shengji Desktop.conf": b"[ui]\nlanguage=zh\n",
    }
    for path, content in saved.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen")
    report = tmp_path / "self-test.txt"
    started = subprocess.run(
        [str(root / "usr/bin/shengji-desktop"), "--self-test", "--self-test-report", str(report)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    lines = report.read_text(encoding="utf-8").splitlines()
    assert started.returncode == 0, started.stdout + started.stderr
    assert lines[-1].startswith("self-test passed"), lines
    bundle = next(line for line in lines if line.startswith("ok   bundle: "))
    assert "frozen" in bundle and str(root / "opt" / "shengji-desktop") in bundle, bundle

    run(*dpkg, "--purge", "shengji-desktop")
    for name in ("opt/shengji-desktop", "usr/bin/shengji-desktop", desktop, metainfo, *icons):
        assert not (root / name.lstrip("/")).exists(), name
    for path, content in saved.items():
        assert path.read_bytes() == content, path
