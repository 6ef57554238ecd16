"""The frozen baseline (issue 22): ``baseline`` and ``baseline-easy`` play today's normal and easy
for ever, from their own modules, and only the command line offers them.

``tests/golden/baseline.json`` holds the digest of the old normal's and easy's decisions: seeded
headless games of every game (two hands each, every phase: declaring, bidding, tribute, burying,
trick play), recorded with the code of d3603ff before the normal player changed. Never update it:
if this test fails, ``benchmarks/baseline`` was changed (or something below it, in rules/ or
engine/, changed the games), and arena figures against ``baseline`` no longer compare across
releases.
The changes below the baseline so far: since record version 2 every seat is asked after a DL
burial (DL-KITTY-8), since version 3 both paying seats whether they revolt and both receiving
seats whether they counter (DL-TRIB-6/7); the passes of seats that could only pass are left out
of the digest (``as_version_1``), as version 1 records had none.
"""

from __future__ import annotations

import ast
import hashlib
import json
import sys
from pathlib import Path

import pytest

from shengji_desktop.ai import KINDS, OFFERED, make_player
from shengji_desktop.cli import main
from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Act
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.record import read_record

GOLDEN = json.loads(
    (Path(__file__).parents[1] / "golden" / "baseline.json").read_text(encoding="utf-8")
)
BASELINE_DIR = Path(__file__).parents[2] / "benchmarks" / "baseline"


def as_version_1(record: dict[str, object]) -> list[object]:
    """The record's actions as a version 1 record held them: without the passes of the seats
    that could only pass after a DL burial or at a revolt round (since versions 2 and 3 every
    such seat is asked, DL-KITTY-8, DL-TRIB-6/7; version 1 skipped them). No player decides
    those; every decision stays pinned."""
    game, options, seed, actions = read_record(record)
    match = Match(game, options, seed)
    kept = []
    for action in actions:
        only_pass = (
            match.phase in (Phase.KITTY, Phase.TRIBUTE)
            and action.kind is Act.PASS
            and match.legal_actions(action.seat) == [action]
        )
        match.apply(action)
        if not only_pass:
            kept.append(codec.action_json(action))
    return kept


def play_digest(tmp_path: Path, game: str, seed: str, seats: str) -> dict[str, object]:
    record = tmp_path / f"{game}-{seed}.json"
    args = ["play", "--headless", "--game", game, "--seats", seats, "--hands", "2"]
    assert main([*args, "--seed", seed, "--record", str(record)]) == 0
    actions = as_version_1(json.loads(record.read_text(encoding="utf-8")))
    text = json.dumps(actions, sort_keys=True, ensure_ascii=False)
    return {"actions": len(actions), "sha256": hashlib.sha256(text.encode()).hexdigest()}


@pytest.mark.parametrize("case", sorted(GOLDEN["headless"]))
def test_baseline_repeats_the_old_normal_and_easy(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, seed = case.split("-")
    digest = play_digest(tmp_path, game, seed, "baseline,baseline-easy,baseline,baseline-easy")
    capsys.readouterr()
    assert digest == GOLDEN["headless"][case]


def test_the_baseline_imports_only_rules_engine_and_itself() -> None:
    """Nothing the live players use (ai/policy.py, ai/phases.py, ...) can move the baseline."""
    paths = sorted(BASELINE_DIR.glob("*.py"))
    assert paths, BASELINE_DIR
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                assert node.level == 1, f"{path.name}: {ast.unparse(node)}"  # its own modules
            elif isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                module = str(node.module if isinstance(node, ast.ImportFrom) else names[0])
                if module.split(".")[0] == "shengji_desktop":
                    assert module.split(".")[1:2] in (["rules"], ["engine"]), path.name


def test_arena_plays_against_the_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--game", "sd", "--a", "normal", "--b", "baseline", "--deals", "1"]
    assert main([*args, "--seed", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["b"] == "baseline" and figures["hands"] == 2


def test_without_a_source_checkout_the_arena_says_where_the_baseline_is(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An installed or frozen program has no benchmarks/baseline/: the arena refuses it by name."""
    from shengji_desktop.ai import baseline_loader

    monkeypatch.setattr(baseline_loader, "BASELINE_DIR", tmp_path / "benchmarks" / "baseline")
    monkeypatch.delitem(sys.modules, baseline_loader.MODULE, raising=False)
    args = ["arena", "--game", "sd", "--a", "normal", "--b", "baseline", "--deals", "1"]
    assert main(args) == 2
    assert "benchmarks/baseline/ of a source checkout" in capsys.readouterr().err


def test_the_gui_does_not_offer_the_baseline() -> None:
    pytest.importorskip("PySide6")
    from shengji_desktop.ui.aids import autoplay
    from shengji_desktop.ui.lan import link as lan
    from shengji_desktop.ui.panels.models import SeatListModel

    assert "baseline" in KINDS and make_player("baseline", 1).kind == "baseline"
    offered = {k for row in range(4) for k in SeatListModel().allowed(row)}
    offered |= set(lan.SEAT_KINDS) | set(autoplay.AUTOPLAY_LEVELS)
    assert offered & {"easy", "normal", "hard", "expert"} == set(OFFERED)
    assert not any(k.startswith("baseline") for k in offered)
