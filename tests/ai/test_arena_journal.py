"""The arena's journal (issue 5): a long duplicate run can stop and go on later and still be one
measurement; a journal of another run or a damaged one is refused with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_desktop.ai import make_player
from shengji_desktop.ai.arena import JournalError, run_arena
from shengji_desktop.cli import main
from shengji_desktop.engine.table import Player
from shengji_desktop.rules.options import Game


class Counting:
    """make_player, counting the players made (two per team and hand)."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self, kind: str, seed: str) -> Player:
        self.made += 1
        return make_player(kind, seed)


def quiet(_: str) -> None:
    pass


def test_a_journal_goes_on_where_the_run_stopped(tmp_path: Path) -> None:
    journal = tmp_path / "sd.jsonl"
    whole = run_arena(Game.SD, "normal", "easy", 5, 3, make_player, out=quiet)
    first = Counting()
    run_arena(Game.SD, "normal", "easy", 2, 3, first, out=quiet, journal=journal)
    assert first.made == 2 * 2 * 4  # 2 deals, 2 hands each, 4 seats
    lines = journal.read_text().splitlines()
    assert len(lines) == 3 and "journal" in json.loads(lines[0])

    later = Counting()
    said: list[str] = []
    resumed = run_arena(Game.SD, "normal", "easy", 5, 3, later, out=said.append, journal=journal)
    assert later.made == 3 * 2 * 4  # only the 3 deals not in the journal were played
    assert any("2 deals already played" in line for line in said)
    for key in ("mean_diff", "ci95", "hand_win_rate", "hands", "A_decisions"):
        assert resumed[key] == whole[key]
    assert len(journal.read_text().splitlines()) == 6


def test_a_line_cut_by_a_stop_is_played_again(tmp_path: Path) -> None:
    journal = tmp_path / "sd.jsonl"
    run_arena(Game.SD, "normal", "easy", 2, 4, make_player, out=quiet, journal=journal)
    with journal.open("a") as f:
        f.write('{"deal": 2, "fir')  # the run was killed while writing deal 2
    again = Counting()
    run_arena(Game.SD, "normal", "easy", 3, 4, again, out=quiet, journal=journal)
    assert again.made == 1 * 2 * 4
    deals = [json.loads(x)["deal"] for x in journal.read_text().splitlines()[1:]]
    assert deals == [0, 1, 2]


def test_the_journal_of_another_run_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "sd.jsonl"
    base = ["arena", "--game", "sd", "--a", "normal", "--b", "easy", "--deals", "1"]
    assert main([*base, "--seed", "1", "--journal", str(journal)]) == 0
    before = journal.read_text()
    capsys.readouterr()
    assert main([*base, "--seed", "2", "--journal", str(journal)]) == 2
    err = capsys.readouterr().err
    assert "another run" in err and "seed" in err
    assert journal.read_text() == before  # nothing written, nothing lost


def test_a_damaged_journal_names_the_line(tmp_path: Path) -> None:
    journal = tmp_path / "sd.jsonl"
    run_arena(Game.SD, "normal", "easy", 2, 5, make_player, out=quiet, journal=journal)
    lines = journal.read_text().splitlines()
    lines[1] = lines[1].replace('"first"', '"frist"')
    journal.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match="line 2"):
        run_arena(Game.SD, "normal", "easy", 3, 5, make_player, out=quiet, journal=journal)
    (tmp_path / "junk.jsonl").write_text("hello\n")
    with pytest.raises(JournalError, match="not an arena journal"):
        run_arena(
            Game.SD, "normal", "easy", 1, 5, make_player, out=quiet, journal=tmp_path / "junk.jsonl"
        )


def test_other_code_goes_on_only_when_accepted_and_is_noted(tmp_path: Path, monkeypatch) -> None:
    import shengji_desktop.ai.arena as arena

    journal = tmp_path / "sd.jsonl"
    run_arena(Game.SD, "normal", "easy", 2, 6, make_player, out=quiet, journal=journal)
    before = journal.read_text()
    monkeypatch.setattr(arena, "code_digest", lambda: "changed-code")
    with pytest.raises(JournalError, match="code changed"):
        run_arena(Game.SD, "normal", "easy", 3, 6, make_player, out=quiet, journal=journal)
    assert journal.read_text() == before
    said: list[str] = []
    figures = run_arena(
        Game.SD,
        "normal",
        "easy",
        3,
        6,
        make_player,
        out=said.append,
        journal=journal,
        accept_code_change=True,
    )
    assert figures["code_changes_before_deals"] == [2] and figures["deals"] == 3
    assert any("code changed before deal(s) 2" in line for line in said)
    # Going on again with the new code needs no more acceptance, and the note stays.
    again = run_arena(Game.SD, "normal", "easy", 3, 6, make_player, out=quiet, journal=journal)
    assert again["code_changes_before_deals"] == [2]


def test_a_journal_by_other_code_is_read_without_playing(tmp_path: Path, monkeypatch) -> None:
    """Reading the figures of deals already played needs no acceptance: only playing more does."""
    import shengji_desktop.ai.arena as arena

    journal = tmp_path / "sd.jsonl"
    written = run_arena(Game.SD, "normal", "easy", 2, 7, make_player, out=quiet, journal=journal)
    before = journal.read_text()
    monkeypatch.setattr(arena, "code_digest", lambda: "changed-code")
    for deals in (2, 1):
        none = Counting()
        said: list[str] = []
        read = run_arena(
            Game.SD, "normal", "easy", deals, 7, none, out=said.append, journal=journal
        )
        assert none.made == 0 and read["deals"] == deals
        assert any("played by other code" in line for line in said)
    assert read["hands"] == 2 and written["hands"] == 4
    assert journal.read_text() == before  # nothing written
    with pytest.raises(JournalError, match="code changed"):
        run_arena(Game.SD, "normal", "easy", 3, 7, make_player, out=quiet, journal=journal)
    assert journal.read_text() == before
