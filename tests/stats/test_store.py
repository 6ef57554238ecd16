"""The statistics database: migrations, one transaction a hand (a process killed with SIGKILL
between two writes of a hand leaves no half of it), corrupt files set aside, the history."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.tr import TRRow
from shengji_desktop.stats import store as st
from shengji_desktop.stats.facts import HandFacts, Role
from shengji_desktop.stats.store import SCHEMA_VERSION, Store, StoreError

# The first schema as it was released, written out here (not taken from the code) so that a
# change to migration 1 cannot go unnoticed.
V1_SCHEMA = """
CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL);
CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, strength TEXT NOT NULL,
    started_at REAL NOT NULL, finished_at REAL, won INTEGER);
CREATE TABLE hands (id INTEGER PRIMARY KEY, match_id TEXT NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL, game TEXT NOT NULL, strength TEXT NOT NULL, seat TEXT NOT NULL,
    ended_at REAL NOT NULL, role TEXT NOT NULL, won INTEGER, levels INTEGER, coins INTEGER,
    dry_pot INTEGER NOT NULL DEFAULT 0, blood INTEGER NOT NULL DEFAULT 0,
    revolt INTEGER NOT NULL DEFAULT 0, countered INTEGER NOT NULL DEFAULT 0, special TEXT,
    special_ours INTEGER NOT NULL DEFAULT 0, bid INTEGER, UNIQUE (match_id, number));
INSERT INTO schema_version VALUES (1, 1700000000.0);
INSERT INTO matches VALUES ('old', 'tr', 'hard', 1700000000.0, 1700000100.0, 1);
INSERT INTO hands (match_id, number, game, strength, seat, ended_at, role, won, levels, coins,
    special, special_ours) VALUES ('old', 1, 'tr', 'hard', 'S', 1700000100.0, 'catcher', 1, 0,
    20, 'J到底', 1);
"""


def facts(number: int = 1, match: str = "m1", **kw: object) -> HandFacts:
    base = HandFacts(
        match=match,
        number=number,
        game=Game.SD,
        strength="normal",
        seat=Seat.S,
        ended_at=1_800_000_000.0 + number,
        role=Role.DEALER,
        won=True,
        coins=9,
        bid=70,
    )
    return replace(base, **kw)  # type: ignore[arg-type]


def record(n_actions: int) -> dict[str, object]:
    return {
        "format": "shengji-desktop record",
        "version": 1,
        "game": "sd",
        "options": {},
        "seed": 5,
        "actions": [{"kind": "deal"}] * n_actions,
    }


def test_a_v1_database_is_migrated_to_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(V1_SCHEMA)
    conn.close()
    store = Store(path)
    assert store.notice is None
    assert st.applied_versions(store.conn) == list(range(1, SCHEMA_VERSION + 1))
    (old,) = store.hands()
    assert (old.match, old.game, old.special, old.special_ours, old.match_won) == (
        "old",
        Game.TR,
        TRRow.J_TO_BOTTOM,
        True,
        True,
    )
    # Version 2's history works on the migrated file.
    assert store.record_hand(facts(), record(7))
    assert [h.number for h in store.history()] == [1]
    store.close()
    assert Store(path).notice is None  # opened again: nothing more to apply


def test_a_database_of_a_newer_program_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    Store(path).close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_version VALUES (99, 0)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="newer program"):
        Store(path)
    assert path.exists() and not list(tmp_path.glob("*corrupt*"))


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_corrupt_database_is_set_aside_and_a_new_one_started(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "stats.sqlite3"
    if damage == "garbage":
        path.write_bytes(b"this is no database\n" * 300)
    else:
        store = Store(path)
        for i in range(1, 300):
            store.record_hand(facts(i), record(400))
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store.close()
        data = path.read_bytes()
        assert len(data) > 8192
        path.write_bytes(data[: len(data) // 2])
    store = Store(path)
    assert store.notice is not None
    assert store.notice.path == path and store.notice.aside.exists()
    assert "corrupt" in store.notice.aside.name
    assert store.hands() == [] and store.record_hand(facts())
    store.close()
    assert len(Store(path).hands()) == 1


def test_a_hand_is_written_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "stats.sqlite3")
    assert store.record_hand(facts(1), record(3))
    assert not store.record_hand(facts(1), record(3))  # a resumed match settles it again
    assert len(store.hands()) == 1 and len(store.history()) == 1


def test_a_failure_inside_a_hand_leaves_nothing_of_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "stats.sqlite3")
    store.record_hand(facts(1), record(3))
    with pytest.raises(KeyError):  # the record has no actions: fails after the hand's row
        store.record_hand(facts(2), {"format": "x"})
    assert [h.number for h in store.hands()] == [1]
    assert len(store.history()) == 1


KILLED = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from dataclasses import replace
    from shengji_desktop.rules.cards import Seat
    from shengji_desktop.rules.options import Game
    from shengji_desktop.stats.facts import HandFacts, Role
    from shengji_desktop.stats.store import Store

    store = Store(Path(sys.argv[1]))
    f = HandFacts("m1", 1, Game.DL, "hard", Seat.S, 1.0, Role.DEALER, True, levels=2)
    rec = {"format": "shengji-desktop record", "version": 1, "game": "dl", "options": {},
           "seed": 1, "actions": [{"kind": "deal"}] * 50}
    store.record_hand(f, rec)
    writes = []

    def trace(sql):
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            writes.append(sql)
            if len(writes) == 3:  # hand 2's match and hand rows are in; its record is next
                print("between", flush=True)
                time.sleep(600)

    store.conn.set_trace_callback(trace)
    store.record_hand(replace(f, number=2, match_over=True, match_won=True), rec)
    print("not killed", flush=True)
    """
)


def test_a_process_killed_between_two_writes_of_a_hand_leaves_no_half_hand(
    tmp_path: Path,
) -> None:
    path = tmp_path / "stats.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # waits for the child to be between two writes
        assert line.strip() == "between"
        # The hand's first writes are in the database's log, uncommitted.
        assert Path(str(path) + "-wal").stat().st_size > 0
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(60)
    assert proc.returncode == -signal.SIGKILL
    store = Store(path)
    assert store.notice is None
    assert [h.number for h in store.hands()] == [1]  # hand 2: neither its row nor its match end
    assert store.conn.execute("SELECT finished_at FROM matches").fetchall() == [(None,)]
    assert [h.number for h in store.history()] == [1]
    assert store.record_hand(facts(2, match="m1", game=Game.DL))  # and it can be written now


def test_the_history_keeps_the_newest_hands_and_only_their_records(tmp_path: Path) -> None:
    store = Store(tmp_path / "stats.sqlite3")
    for match in ("a", "b", "c"):
        for n in (1, 2):
            store.record_hand(facts(n, match=match), record(10 * n), keep=3)
    kept = store.history()
    assert [(h.number, h.id) for h in kept] == [(2, 6), (1, 5), (2, 4)]
    keys = [r[0] for r in store.conn.execute("SELECT key FROM records ORDER BY key")]
    assert keys == ["match:b", "match:c"]  # match a's record went with its last kept hand
    # A kept hand's record ends at that hand: hand 1 of c has 10 of the record's 20 actions.
    assert len(store.hand_record(5)["actions"]) == 10
    assert store.hand_record(5)["hand"] == 1
    store.set_keep(1)
    assert [h.id for h in store.history()] == [6]
    # Reset forgets the figures and keeps the history.
    store.reset()
    assert store.hands() == [] and [h.id for h in store.history()] == [6]


def test_figures_rows_read_back_as_written(tmp_path: Path) -> None:
    store = Store(tmp_path / "stats.sqlite3")
    written = [
        facts(1, game=Game.DL, coins=None, bid=None, levels=3, blood=-2, revolt=1, dry_pot=True),
        facts(2, game=Game.TR, bid=None, levels=-4, special=TRRow.Q_HALFWAY, won=False),
        facts(3, role=Role.NONE, won=None, bid=None, coins=1),
    ]
    for f in written:
        store.record_hand(f)
    assert store.hands() == written
    assert json.dumps([h.number for h in store.hands(since=1_800_000_002.0)]) == "[2, 3]"
