"""A kept hand exported to one file and imported on another machine; corrupt files refused
with a clear error."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import replay
from shengji_desktop.engine.table import Table
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.stats.handfile import HandFileError, read_hand_file, write_hand_file
from shengji_desktop.stats.recorder import LocalRecorder, Writer
from shengji_desktop.stats.store import Store


def played(tmp_path: Path, game: Game, hands: int = 3) -> Store:
    match = Match(game, Options(), 3)
    writer = Writer(tmp_path / "here.sqlite3")
    recorder = LocalRecorder(match, Seat.S, {s: "easy" for s in Seat}, writer)
    players = {s: RandomPlayer(random.Random(f"3/{s.name}")) for s in Seat}
    table = Table(match, players, rng=random.Random(3), hands=hands)
    table.watch_referee(recorder.applied)
    table.play()
    writer.close()
    return Store(tmp_path / "here.sqlite3")


@pytest.mark.parametrize("game", list(Game))
def test_a_hand_exported_here_imports_there_with_the_same_result(tmp_path: Path, game) -> None:
    here = played(tmp_path, game)
    kept = here.history()
    second = next(h for h in kept if h.number == 2)
    path = tmp_path / "hand.shengji-hand.json"
    write_hand_file(path, here.hand_record(second.id))
    record, facts = read_hand_file(path)
    # The file is the engine's record: it replays to the end of hand 2.
    match, _ = replay(record)
    assert match.hand_number == 2 and len(match.history) == 2
    there = Store(tmp_path / "there.sqlite3")
    hid = there.keep_imported(facts, record, keep=200)
    (row,) = there.history()
    assert row.id == hid and row.imported
    mine = here.hands()
    own = next(h for h in mine if h.number == 2)
    assert (row.game, row.number, row.seat, row.role, row.won, row.levels, row.coins) == (
        own.game,
        own.number,
        own.seat,
        own.role,
        own.won,
        own.levels,
        own.coins,
    )
    assert there.hands() == []  # an imported hand is no hand of this player's statistics
    assert len(there.hand_record(hid)["actions"]) == len(record["actions"])


def test_corrupt_hand_files_are_refused_clearly(tmp_path: Path) -> None:
    here = played(tmp_path, Game.SD, hands=2)
    good = here.hand_record(here.history()[-1].id)  # hand 1
    cases: dict[str, tuple[str, str]] = {
        "garbage": ("\x00\x01 not json", "corrupt or truncated"),
        "truncated": (json.dumps(good)[:500], "corrupt or truncated"),
        "array": ("[1, 2]", "JSON object"),
        "not a record": (json.dumps({"hello": 1}), "not a shengji-desktop record"),
        "no hand": (json.dumps({k: v for k, v in good.items() if k != "hand"}), "hand number"),
        "illegal": (
            json.dumps({**good, "actions": [*good["actions"][:5], {"kind": "next_hand"}]}),
            "illegal",
        ),
        "cut short": (
            json.dumps({**good, "actions": good["actions"][:-3]}),
            "does not end at the settlement of hand 1",
        ),
        "wrong hand": (json.dumps({**good, "hand": 2}), "does not end at the settlement"),
        "bad seat": (json.dumps({**good, "seat": "X"}), "unknown seat"),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(HandFileError) as info:
            read_hand_file(path)
        assert message in str(info.value), name
        assert path.name in str(info.value), name
    path = tmp_path / "good.json"
    write_hand_file(path, good)
    assert read_hand_file(path)[1].number == 1
