"""``shengji-desktop analyse`` (issue 37): one line per decision, one JSON line last; the last
finished hand and the seat the file names by default; a bad file or hand number is a clear error
with exit code 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_desktop.cli import main

HERE = Path(__file__).parent
DIG = HERE / "test_analysis_dig_record.json"  # a kept SD hand of seat S (see test_analysis)


def test_analyse_prints_a_line_per_decision_then_json(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: the decisions of the file's seat in its last finished hand, each with the move
    made and the best, estimates, errors, loss and mark; the same again with the same playouts."""
    assert main(["analyse", str(DIG), "--playouts", "4"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    assert summary["hand"] == 1 and summary["seat"] == "S" and summary["game"] == "sd"
    decisions = summary["decisions"]
    assert decisions and len([line for line in out if line.startswith("hand 1 ")]) == len(decisions)
    keys = {"hand", "trick", "phase", "seat", "made", "best", "made_mean", "made_error"}
    keys |= {"best_mean", "best_error", "loss", "loss_error", "mark"}
    assert all(keys <= set(d) for d in decisions)
    assert any(d["mark"] == "mistake" and d["made"]["move"] == "play BJ" for d in decisions)
    assert main(["analyse", str(DIG), "--playouts", "4", "--seat", "S", "--hand", "1"]) == 0
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again["decisions"] == decisions


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["missing.json"], "cannot read"),
        (["{broken}"], "not a record"),
        ([str(DIG), "--hand", "4"], "no hand 4"),
        ([str(DIG), "--playouts", "0"], "--playouts"),
    ],
)
def test_a_bad_file_or_hand_is_a_clear_error(
    args: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 37: exit code 2 and one line naming the fault, no traceback."""
    if args[0] == "{broken}":
        broken = tmp_path / "broken.json"
        broken.write_text('{"format": "shengji-desktop rec', encoding="utf-8")
        args = [str(broken)]
    elif args[0] == "missing.json":
        args = [str(tmp_path / "missing.json")]
    assert main(["analyse", *args]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
