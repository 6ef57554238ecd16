"""Saving a match as a journal (issue 16, item 10): one line per action whatever the match's
length, the file rewritten at most once a hand; a crash loses at most the action in flight; a
cut-off last line resumes from the actions before it, deeper damage is a clear error and the
file is set aside; saves of the older format still load; a resumed match is the same match."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from engine_testkit import random_players

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import HandSettled
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.record import (
    CorruptSave,
    Journal,
    RecordError,
    load_saved,
    record_json,
    write_atomic,
)
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options


def journaled(game: Game, seed: int, hands: int, path: Path, flush: bool = False):
    """A match played at a table with a journal saving it, as the host and the window do."""
    match = Match(game, Options(), seed)
    journal = Journal(path, game, match.options, seed, meta={"ui": {"seats": ["random"] * 4}})
    per_hand: list[tuple[int, int, int]] = []  # (rewrites, bytes appended, actions) by each end

    def saved(action: Action, events: Any) -> None:
        settled = any(isinstance(e, HandSettled) for e in events)
        journal.extend(match.actions, compact=settled)
        if flush or settled:
            journal.flush()
        if settled:
            per_hand.append((journal.rewrites, journal.appended_bytes, len(match.actions)))

    table = Table(match, random_players(seed), rng=random.Random(seed), hands=hands)
    table.watch_referee(saved)
    table.play()
    journal.close()
    return match, journal, per_hand


def views(match: Match) -> list[Any]:
    return [seat_view(match, s) for s in Seat]


@pytest.mark.parametrize("game", [Game.TR, Game.SD])
def test_saving_costs_one_line_per_action_whatever_the_length_of_the_match(
    game: Game, tmp_path: Path
) -> None:
    hands = 6
    match, journal, per_hand = journaled(game, 5, hands, tmp_path / "save", flush=True)
    assert len(match.history) == hands
    # every action was appended as one line of bounded size, never the match so far
    # (the first action, and each hand's last, came with a rewrite)
    assert journal.appended_lines + journal.rewrites == len(match.actions)
    assert journal.longest_line <= 200
    assert journal.appended_bytes <= 200 * len(match.actions)
    # one full rewrite to begin with, then one per hand, never more
    assert [r for r, _, _ in per_hand] == list(range(2, hands + 2))
    # what a hand appends is bounded by its own actions, whatever the hands before it
    for (_, b0, n0), (_, b1, n1) in zip([(0, 0, 0), *per_hand], per_hand, strict=False):
        assert 0 < b1 - b0 <= 200 * (n1 - n0)
    assert views(load_saved(tmp_path / "save").match) == views(match)


def test_a_resumed_match_is_the_same_match(tmp_path: Path) -> None:
    """Saved, resumed (the journal goes on in the same file), saved again: the file replays to
    the match played straight through, events included."""
    path = tmp_path / "save"
    straight, _, _ = journaled(Game.TR, 8, 3, tmp_path / "straight")
    first = Match(Game.TR, Options(), 8)
    for action in straight.actions[: len(straight.actions) // 2]:
        first.apply(action)
    journal = Journal(path, first.game, first.options, first.seed, first.actions, {"n": 1})
    journal.extend(first.actions)
    journal.close()
    saved = load_saved(path)
    assert saved.meta == {"n": 1} and not saved.warnings and not saved.legacy
    resumed = saved.match
    again = Journal(path, resumed.game, resumed.options, resumed.seed, resumed.actions, {"n": 1})
    again.set_meta({"n": 2})
    for action in straight.actions[len(resumed.actions) :]:
        resumed.apply(action)
        again.extend(resumed.actions)
    again.close()
    final = load_saved(path)
    assert final.meta == {"n": 2}
    assert final.match.actions == straight.actions
    assert views(final.match) == views(straight)
    assert final.events == load_saved(tmp_path / "straight").events


def test_a_crash_loses_at_most_the_action_in_flight(tmp_path: Path) -> None:
    """Cut the file anywhere in its last line (a crash while appending): it loads, with a
    warning, to the match without that action; it is not set aside."""
    path = tmp_path / "save"
    match, _, _ = journaled(Game.SD, 3, 1, path, flush=True)
    whole = path.read_bytes()
    last = whole.rstrip(b"\n").rfind(b"\n") + 1
    assert json.loads(whole[last:]) == codec.action_json(match.actions[-1])
    before = Match(Game.SD, Options(), 3)
    for action in match.actions[:-1]:
        before.apply(action)
    for cut in range(last + 1, len(whole)):
        path.write_bytes(whole[:cut])
        saved = load_saved(path)
        assert saved.match.actions == match.actions[:-1], cut
        assert views(saved.match) == views(before)
        assert len(saved.warnings) == 1 and "cut off" in saved.warnings[0]
        assert str(path) in saved.warnings[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save"]
    path.write_bytes(whole)
    assert load_saved(path).match.actions == match.actions


def damaged(tmp_path: Path) -> tuple[Path, list[bytes]]:
    path = tmp_path / "save"
    journaled(Game.TR, 4, 1, path)
    return path, path.read_bytes().split(b"\n")


@pytest.mark.parametrize(
    ("where", "garbage", "says"),
    [
        (5, b"\x00\x00garbage\xff", "line 6 is damaged"),
        (5, b'{"a": "no-such-action"}', "line 6 is damaged"),
        (5, b'{"meta": 3}', "line 6 is damaged"),
        (7, b'{"a": "play", "s": "S", "c": "BJ BJ BJ BJ"}', "line 8 is illegal"),
        (-2, b'{"a": "bid", "s": "S", "v": 60}', "is illegal"),
        (0, codec.journal_head(Game.TR, Options(), 4, {})[:-1].replace(b'"tr"', b'"xx"'),
         "first line is not a valid head"),
    ],
)  # fmt: skip
def test_deeper_damage_is_a_clear_error_and_the_file_is_set_aside(
    tmp_path: Path, where: int, garbage: bytes, says: str
) -> None:
    path, lines = damaged(tmp_path)
    lines[where] = garbage
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(CorruptSave) as caught:
        load_saved(path)
    message = str(caught.value)
    assert says.replace("is illegal", "") in message.replace("is illegal", "")
    assert str(path) in message and "set aside" in message
    aside = caught.value.aside
    assert aside is not None and aside.read_bytes() == b"\n".join(lines)
    assert not path.exists()  # the next save starts a new file beside it


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "corrupt or truncated"),
        (b"\x00\x00\x00\x00", "corrupt or truncated"),
        (b'{"format": "shengji-desktop journal", "version": 99}\n', "version 99"),
        (b'{"something": "else"}\n{"a": "deal"}\n', "corrupt or truncated"),
        (b"[1, 2]", "a record is a JSON object"),
    ],
)
def test_a_file_that_is_no_save_is_a_clear_error(tmp_path: Path, content: bytes, says: str) -> None:
    path = tmp_path / "save"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=says) as caught:
        load_saved(path)
    assert not isinstance(caught.value, CorruptSave)
    assert str(path) in str(caught.value) and path.read_bytes() == content  # left alone


def test_a_save_of_the_older_format_still_loads(tmp_path: Path) -> None:
    match, _, _ = journaled(Game.DL, 2, 1, tmp_path / "new")
    old = tmp_path / "autosave.json"
    write_atomic(old, {**record_json(match), "ui": {"seats": ["human", "easy", "easy", "easy"]}})
    saved = load_saved(old)
    assert saved.legacy and saved.meta == {"ui": {"seats": ["human", "easy", "easy", "easy"]}}
    assert views(saved.match) == views(match) and saved.match.actions == match.actions
    assert saved.events == load_saved(tmp_path / "new").events


def test_a_failed_write_is_reported_and_the_next_one_rewrites_the_file(tmp_path: Path) -> None:
    path = tmp_path / "save"
    errors: list[str] = []
    match = Match(Game.SD, Options(), 1)
    journal = Journal(path, match.game, match.options, match.seed, on_error=errors.append)
    for _ in range(5):
        match.apply(match.table_action() or Action(Act.DEAL))
        journal.extend(match.actions)
        journal.flush()
    assert journal.rewrites == 1 and not errors
    journal._close_file()  # as if the disk had failed under the open file
    match.apply(Action(Act.DEAL))
    journal.extend(match.actions)
    journal.flush()
    assert len(errors) == 1 and str(path) in errors[0]
    match.apply(Action(Act.DEAL))
    journal.extend(match.actions)
    journal.close()
    assert journal.rewrites == 2
    assert load_saved(path).match.actions == match.actions
    assert not [p for p in tmp_path.iterdir() if p.name != "save"]  # no temporary left


def test_the_head_keeps_a_seed_of_128_bits(tmp_path: Path) -> None:
    seed = 2**127 + 12345
    match = Match(Game.SD, Options(), seed)
    match.apply(Action(Act.DEAL))
    journal = Journal(tmp_path / "save", match.game, match.options, seed, match.actions)
    journal.extend(match.actions)
    journal.close()
    assert load_saved(tmp_path / "save").match.seed == seed
    assert os.stat(tmp_path / "save").st_size < 1000


def test_replay_reads_a_save_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from shengji_desktop.cli import main

    match, _, _ = journaled(Game.SD, 6, 1, tmp_path / "save")
    assert main(["replay", str(tmp_path / "save"), "--print"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["hands_played"] == 1 and summary["seed"] == 6
    (tmp_path / "bad").write_bytes(b"\xff\xfe")
    assert main(["replay", str(tmp_path / "bad"), "--print"]) == 2
    assert "bad" in capsys.readouterr().err
