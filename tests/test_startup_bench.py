"""`shengji-desktop bench startup`: its timing harness on stand-in programs (the real frozen
programs are built by `bash scripts/build --bare`; tests/test_frozen.py checks that the frozen
app quits after its first paint when asked)."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

from shengji_desktop.cli import main
from shengji_desktop.startup_bench import BenchError, bundle_bytes, run, time_to_paint

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="stand-ins are shell scripts")


def stand_in(folder: Path, name: str, body: str, padding: int = 0) -> Path:
    folder.mkdir(parents=True)
    exe = folder / name
    exe.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    if padding:
        (folder / "data.bin").write_bytes(b"\0" * padding)
    return exe


def test_the_bench_times_both_programs_and_ends_with_json(tmp_path, capsys) -> None:
    app = "sleep 0.2; echo first-paint; sleep 0.2; echo ready"
    stand_in(tmp_path / "Shengji Desktop", "shengji-desktop", app, 3000)
    stand_in(tmp_path / "bare-window", "bare-window", "echo first-paint", 1000)
    result = run(tmp_path, runs=3)
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[-1]) == json.loads(json.dumps(result))
    assert len(result["app_ms_all"]) == len(result["bare_ms_all"]) == 3
    assert result["app_first_paint_ms"] >= 200 > result["bare_first_paint_ms"]
    assert result["ratio"] > 1 and result["ratio_ok"] is (result["ratio"] <= 1.5)
    assert result["app_ready_ms"] >= result["app_first_paint_ms"] + 200
    assert result["bare_ready_ms"] == result["bare_first_paint_ms"]  # it does not say "ready"
    assert any("complete window" in line for line in out)
    assert result["ready_ratio_target"] == 1.5  # issue 21
    assert result["ready_ratio"] > 1.5 and result["ready_ratio_ok"] is False  # 400 ms vs ~0
    assert result["app_bundle_mb"] == round(bundle_bytes(tmp_path / "Shengji Desktop") / 1e6, 1)
    assert bundle_bytes(tmp_path / "Shengji Desktop") > 3000


def test_a_program_that_never_paints_is_an_error(tmp_path) -> None:
    exe = stand_in(tmp_path / "x", "x", "echo something else; exit 3")
    with pytest.raises(BenchError, match="exit 3"):
        time_to_paint([str(exe)], {})


def test_missing_builds_are_named(tmp_path, capsys) -> None:
    assert main(["bench", "startup", "--dist", str(tmp_path)]) == 2
    assert "bash scripts/build --bare" in capsys.readouterr().err


def fake_valgrind(folder: Path, counts: dict[str, list[int]]) -> Path:
    """A stand-in for valgrind: reports for the program it is given (found by a part of its
    path), as callgrind does on its standard error, one count for each process it traced."""
    lines = []
    for name, numbers in counts.items():
        report = "; ".join(f"echo '==1== Collected : {n}' >&2" for n in numbers)
        lines.append(f'case "$*" in *"{name}"*) {report} ;; esac')
    return stand_in(folder, "valgrind", "\n".join(lines))


def test_the_callgrind_bench_adds_up_each_programs_processes(tmp_path, capsys, monkeypatch) -> None:
    from shengji_desktop import startup_bench

    stand_in(tmp_path / "Shengji Desktop", "shengji-desktop", "echo first-paint; echo ready")
    stand_in(tmp_path / "bare-window", "bare-window", "echo first-paint")
    # the app's launcher and the app itself: two processes, counted together
    counts = {"Desktop/shengji-desktop": [1000, 1_600_000_000], "window/bare-window": [10**9]}
    tool = fake_valgrind(tmp_path / "tools", counts)
    monkeypatch.setattr("shutil.which", lambda name: str(tool) if name == "valgrind" else None)
    result = startup_bench.run_callgrind(tmp_path)
    assert result["app_instructions_m"] == 1600.0 and result["bare_instructions_m"] == 1000.0
    assert result["instructions_ratio"] == 1.6 and result["instructions_ratio_ok"] is False
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[-1]) == result


def test_the_callgrind_bench_says_when_valgrind_is_missing(tmp_path, monkeypatch) -> None:
    from shengji_desktop import startup_bench

    stand_in(tmp_path / "Shengji Desktop", "shengji-desktop", "echo first-paint; echo ready")
    stand_in(tmp_path / "bare-window", "bare-window", "echo first-paint")
    monkeypatch.setattr("shutil.which", lambda name: None)
    with pytest.raises(BenchError, match="needs valgrind"):
        startup_bench.run_callgrind(tmp_path)
