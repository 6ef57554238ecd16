"""Recording as play goes: a local match resumed after a crash counts each hand once and the
same way; a LAN seat records from its own events and views."""

from __future__ import annotations

import random
from pathlib import Path

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import replay
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import events_for, seat_view
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.stats.recorder import LocalRecorder, SeatRecorder, Writer, match_key
from shengji_desktop.stats.store import Store

KINDS = {s: "normal" for s in Seat}


def players(seed: int) -> dict[Seat, RandomPlayer]:
    return {s: RandomPlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}


def whole(tmp_path: Path, game: Game, seed: int, hands: int) -> list:
    match = Match(game, Options(), seed)
    writer = Writer(tmp_path / "whole.sqlite3")
    rec = LocalRecorder(match, Seat.W, KINDS, writer)
    table = Table(match, players(seed), rng=random.Random(seed), hands=hands)
    table.watch_referee(rec.applied)
    table.play()
    writer.close()
    return Store(tmp_path / "whole.sqlite3").hands()


def test_a_resumed_match_counts_each_hand_once_and_the_same(tmp_path: Path) -> None:
    game, seed = Game.DL, 21
    expected = whole(tmp_path, game, seed, hands=4)
    # The same match stopped in the middle of hand 3 (after its tribute, DL-TRIB-3), as by
    # a crash after the autosave; then resumed from the saved record.
    match = Match(game, Options(), seed)
    writer = Writer(tmp_path / "resumed.sqlite3")
    rec = LocalRecorder(match, Seat.W, KINDS, writer)
    table = Table(match, players(seed), rng=random.Random(seed), hands=4)
    state = {"tribute": False}

    def watch(action, events) -> None:
        rec.applied(action, events)
        if match.hand_number == 3 and any(isinstance(e, ev.TributePaid) for e in events):
            state["tribute"] = True
        if state["tribute"] and action.kind is Act.PLAY:
            table.stop()

    table.watch_referee(watch)
    table.play()
    assert state["tribute"] and match.hand_number == 3
    writer.flush()
    assert [h.number for h in Store(tmp_path / "resumed.sqlite3").hands()] == [1, 2]
    from shengji_desktop.engine.codec import record_json

    resumed, past = replay(record_json(match.game, match.options, match.seed, match.actions))
    rec2 = LocalRecorder(resumed, Seat.W, KINDS, writer, past)
    table2 = Table(resumed, players(seed + 1), rng=random.Random(seed), hands=4)
    table2.watch_referee(rec2.applied)
    table2.play()
    writer.close()
    got = Store(tmp_path / "resumed.sqlite3").hands()
    assert [h.number for h in got] == [1, 2, 3, 4]
    # Hand 3's blood was seen before the crash: the resumed recorder knows of it.
    assert got[2].blood == expected[2].blood != 0
    assert [(h.role, h.levels) for h in got[:2]] == [(h.role, h.levels) for h in expected[:2]]
    assert all(h.match == match_key(match) for h in got)


def test_a_lan_seat_records_from_its_own_events_and_views(tmp_path: Path) -> None:
    match = Match(Game.SD, Options(), 8)
    writer = Writer(tmp_path / "lan.sqlite3")
    rec = SeatRecorder(writer)

    def deliver(action, events) -> None:
        rec.feed(events_for(events, Seat.N), seat_view(match, Seat.N))

    table = Table(match, players(8), rng=random.Random(8), hands=3)
    rec.feed((), seat_view(match, Seat.N))  # the first update: the view only
    table.watch_referee(deliver)
    table.play()
    writer.close()
    hands = Store(tmp_path / "lan.sqlite3").hands()
    assert [h.number for h in hands] == [1, 2, 3]
    assert all(h.seat is Seat.N and h.strength == "lan" for h in hands)
    assert [h.coins for h in hands] == [r.coins[Seat.N] for r in match.history]
    assert Store(tmp_path / "lan.sqlite3").history() == []  # no seed, no record to keep


def test_the_writer_reports_a_database_set_aside_and_writes_on(tmp_path: Path) -> None:
    from shengji_desktop.stats.facts import HandFacts, Role
    from shengji_desktop.stats.store import SetAside

    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)  # a header, then garbage
    notices: list[object] = []
    writer = Writer(path, notices.append)
    facts = HandFacts("m", 1, Game.TR, "hard", Seat.S, 1.0, Role.CATCHER, True, 0, 4)
    assert writer.put(facts).result() is True
    writer.close()
    (notice,) = notices
    assert isinstance(notice, SetAside) and notice.aside.exists() and notice.path == path
    assert Store(path).hands() == [facts]
