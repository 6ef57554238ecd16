"""Analyses kept in the statistics database (issue 37): keyed by the record's digest, the hand
and the seat; a missing, damaged or outdated entry reads as None (it is worked out again,
never shown); an older database gains the table."""

from __future__ import annotations

import sqlite3
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from shengji_desktop.ai.analysis import (
    ANALYSIS_VERSION,
    CoursePoint,
    Decision,
    Estimate,
    HandAnalysis,
    Mark,
)
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.rules.cards import BIG_JOKER, Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.stats import store as st
from shengji_desktop.stats.store import SCHEMA_VERSION, Store, analysis_key


def analysis(hand: int = 1, seat: Seat = Seat.S) -> HandAnalysis:
    made = Estimate(Action(Act.PLAY, seat, (BIG_JOKER,)), -6.0, 0.0)
    best = Estimate(Action(Act.PASS, seat), 1.5, 0.25)
    d = Decision(95, hand, 11, "play", seat, made, best, (best, made), 7.5, 0.2, 16, Mark.MISTAKE)
    return HandAnalysis(
        ANALYSIS_VERSION, Game.SD, seat, hand, (d,), (CoursePoint(0, 60, 1.0, 0.5),), -6.0,
        None, 16, 2.5,
    )  # fmt: skip


ACTIONS = [Action(Act.DEAL), Action(Act.DEAL), Action(Act.PASS, Seat.S)]


def test_an_analysis_is_kept_under_its_record_hand_and_seat(tmp_path: Path) -> None:
    """Issue 37: saved, an analysis reads back equal for its key, hand and seat only; saving
    again replaces it."""
    store = Store(tmp_path / "s.sqlite3")
    key = analysis_key(Game.SD, Options(), 7, ACTIONS)
    store.save_analysis(key, analysis())
    assert store.load_analysis(key, 1, Seat.S, HandAnalysis) == analysis()
    assert store.load_analysis(key, 2, Seat.S, HandAnalysis) is None
    assert store.load_analysis(key, 1, Seat.N, HandAnalysis) is None
    assert store.load_analysis("other", 1, Seat.S, HandAnalysis) is None
    newer = replace(analysis(), seconds=9.0)
    store.save_analysis(key, newer)
    assert store.load_analysis(key, 1, Seat.S, HandAnalysis) == newer
    assert store.conn.execute("SELECT COUNT(*) FROM analyses").fetchone()[0] == 1


def test_the_key_is_the_records_actions_exactly() -> None:
    """Issue 37: the key changes with any action, the seed, the options or the game; the same
    record gives the same key (a digest: the seed is not stored)."""
    key = analysis_key(Game.SD, Options(), 7, ACTIONS)
    assert key == analysis_key(Game.SD, Options(), 7, list(ACTIONS))
    assert key != analysis_key(Game.SD, Options(), 7, ACTIONS[:2])
    assert key != analysis_key(Game.SD, Options(), 8, ACTIONS)
    assert key != analysis_key(Game.TR, Options(), 7, ACTIONS)
    assert key != analysis_key(Game.SD, Options(sd_room_base=2), 7, ACTIONS)
    assert len(key) == 40 and set(key) <= set("0123456789abcdef")


@pytest.mark.parametrize("damage", ["not zlib", "not json", "malformed analysis", "version"])
def test_a_damaged_or_outdated_entry_reads_as_missing(tmp_path: Path, damage: str) -> None:
    """Issue 37: a blob that does not unpack, JSON that is not an analysis, or an entry of
    another analysis version: None, so the window works it out again instead of showing it."""
    store = Store(tmp_path / "s.sqlite3")
    store.save_analysis("k", analysis())
    if damage == "not zlib":
        store.conn.execute("UPDATE analyses SET analysis = ?", (b"\x00garbage",))
    elif damage == "not json":
        store.conn.execute("UPDATE analyses SET analysis = ?", (zlib.compress(b"{nope"),))
    elif damage == "malformed analysis":
        blob = zlib.compress(b'{"format": "shengji-desktop analysis", "version": 1}')
        store.conn.execute("UPDATE analyses SET analysis = ?", (blob,))
    else:
        store.conn.execute("UPDATE analyses SET version = ?", (ANALYSIS_VERSION - 1,))
    assert store.load_analysis("k", 1, Seat.S, HandAnalysis) is None


class NextVersion:
    """A later program's analysis reader: it reads the same JSON, and wants version + 1."""

    VERSION: ClassVar[int] = ANALYSIS_VERSION + 1

    @staticmethod
    def from_json(data: Any) -> HandAnalysis:
        return HandAnalysis.from_json(data)


def test_an_analysis_of_an_older_version_is_not_given_to_a_newer_program(tmp_path: Path) -> None:
    """Issue 37: after ANALYSIS_VERSION is bumped, the entries saved before read as None."""
    store = Store(tmp_path / "s.sqlite3")
    store.save_analysis("k", analysis())
    assert store.load_analysis("k", 1, Seat.S, NextVersion) is None
    assert store.load_analysis("k", 1, Seat.S, HandAnalysis) == analysis()


def test_only_the_newest_analyses_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: the table does not grow without end (``KEEP_ANALYSES``, the newest kept)."""
    monkeypatch.setattr(st, "KEEP_ANALYSES", 2)
    store = Store(tmp_path / "s.sqlite3")
    for hand in (1, 2, 3):
        store.save_analysis("k", analysis(hand))
    assert store.load_analysis("k", 1, Seat.S, HandAnalysis) is None
    assert store.load_analysis("k", 3, Seat.S, HandAnalysis) == analysis(3)


def test_a_database_of_the_previous_schema_gains_the_analyses_table(tmp_path: Path) -> None:
    """Issue 37: a version 2 database (hands, history) is migrated: its hands stay, the
    analyses table is added (schema version 3)."""
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    for version, script in st.MIGRATIONS[:2]:
        for statement in script.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute("INSERT INTO schema_version VALUES (?, 1.0)", (version,))
    conn.close()
    store = Store(path)
    assert st.applied_versions(store.conn) == list(range(1, SCHEMA_VERSION + 1))
    assert SCHEMA_VERSION >= 3
    store.save_analysis("k", analysis())
    assert store.load_analysis("k", 1, Seat.S, HandAnalysis) == analysis()
