"""The statistics database: SQLite in the user data folder, one transaction per settled hand.

The schema has a version: ``schema_version`` lists every migration applied, and opening an
older database applies the missing ones (``MIGRATIONS``, in order, each in its own
transaction). A file SQLite cannot read, or one that fails its quick check, is set aside
(renamed ``stats.corrupt-<time>.sqlite3``) and a new database started; ``Store.notice`` says
so. A database made by a newer program is left alone (``StoreError``).

A hand is written in one transaction (its row, its match, its record for the history, the
history's pruning): a process killed in the middle leaves the database as it was before the
hand (SQLite's journal), never half a hand.

The analyses of hands (复盘, issue 37) are kept too, keyed by a digest of the record up to the
hand (``analysis_key``), the hand and the seat, with the analysis version: an entry of another
version, or one that does not read back (``load_analysis``), counts as missing.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
import zlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Action
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.tr import TRRow

from .facts import HandFacts, Role

DB_NAME = "stats.sqlite3"
KEEP_HANDS = 200  # hands kept in the history, by default (a setting)

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE matches (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            strength TEXT NOT NULL,
            started_at REAL NOT NULL,
            finished_at REAL,
            won INTEGER
        );
        CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            match_id TEXT NOT NULL REFERENCES matches(id),
            number INTEGER NOT NULL,
            game TEXT NOT NULL,
            strength TEXT NOT NULL,
            seat TEXT NOT NULL,
            ended_at REAL NOT NULL,
            role TEXT NOT NULL,
            won INTEGER,
            levels INTEGER,
            coins INTEGER,
            dry_pot INTEGER NOT NULL DEFAULT 0,
            blood INTEGER NOT NULL DEFAULT 0,
            revolt INTEGER NOT NULL DEFAULT 0,
            countered INTEGER NOT NULL DEFAULT 0,
            special TEXT,
            special_ours INTEGER NOT NULL DEFAULT 0,
            bid INTEGER,
            UNIQUE (match_id, number)
        );
        """,
    ),
    (
        2,
        # The hand history: the record of each kept hand's match (zlib JSON, the engine's
        # record format) and, per hand, how many of its actions lead to the hand's end.
        """
        CREATE INDEX hands_by_time ON hands (ended_at);
        CREATE TABLE records (
            key TEXT PRIMARY KEY,
            record BLOB NOT NULL
        );
        CREATE TABLE history (
            id INTEGER PRIMARY KEY,
            hand_id INTEGER UNIQUE REFERENCES hands(id) ON DELETE SET NULL,
            kept_at REAL NOT NULL,
            game TEXT NOT NULL,
            number INTEGER NOT NULL,
            seat TEXT NOT NULL,
            role TEXT NOT NULL,
            won INTEGER,
            levels INTEGER,
            coins INTEGER,
            record_key TEXT NOT NULL REFERENCES records(key),
            actions INTEGER NOT NULL,
            imported INTEGER NOT NULL DEFAULT 0
        );
        """,
    ),
    (
        3,
        # The analyses of hands (issue 37): zlib JSON, the analysis's own format and version.
        """
        CREATE TABLE analyses (
            key TEXT NOT NULL,
            hand INTEGER NOT NULL,
            seat TEXT NOT NULL,
            version INTEGER NOT NULL,
            saved_at REAL NOT NULL,
            analysis BLOB NOT NULL,
            PRIMARY KEY (key, hand, seat)
        );
        CREATE INDEX analyses_by_time ON analyses (saved_at);
        """,
    ),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]

KEEP_ANALYSES = 1000  # analyses kept, the newest saved


T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class StoredAnalysis(Protocol):
    """What ``Store.save_analysis`` keeps (``ai.analysis.HandAnalysis``)."""

    @property
    def version(self) -> int: ...

    @property
    def hand(self) -> int: ...

    @property
    def seat(self) -> Seat: ...

    def to_json(self) -> dict[str, Any]: ...


class AnalysisKind(Protocol[T_co]):
    """The analysis ``Store.load_analysis`` reads (the class ``ai.analysis.HandAnalysis``): its
    current version and its strict reader (ValueError on anything malformed)."""

    VERSION: int

    def from_json(self, data: Any) -> T_co: ...


def analysis_key(game: Game, options: Options, seed: int, actions: Sequence[Action]) -> str:
    """A digest of a record (the game, its options, the seed and exactly these actions): the
    key of its analyses. The seed is not stored, only the digest."""
    record = codec.record_json(game, options, seed, list(actions))
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


class StoreError(Exception):
    """The database cannot be used (made by a newer program, the folder not writable)."""


@dataclass(frozen=True)
class SetAside:
    """A corrupt database was renamed to ``aside`` and a new one started at ``path``."""

    path: Path
    aside: Path
    reason: str


@dataclass(frozen=True)
class HistoryRow:
    id: int
    kept_at: float
    game: Game
    number: int
    seat: Seat
    role: Role
    won: bool | None
    levels: int | None
    coins: int | None
    imported: bool


def default_db_path() -> Path:
    """Next to the autosave (``engine.record.default_save_path``)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("shengji-desktop", appauthor=False)) / DB_NAME


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=10.0, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    return conn


def _check(conn: sqlite3.Connection) -> None:
    """Raise sqlite3.DatabaseError unless the file is a sound database of ours (or empty)."""
    row = conn.execute("PRAGMA quick_check").fetchone()
    if row is None or row[0] != "ok":
        raise sqlite3.DatabaseError(f"quick check: {row[0] if row else 'no answer'}")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and "schema_version" not in tables:
        raise sqlite3.DatabaseError("not a statistics database (no schema_version table)")


def applied_versions(conn: sqlite3.Connection) -> list[int]:
    return [r[0] for r in conn.execute("SELECT version FROM schema_version ORDER BY version")]


def migrate(conn: sqlite3.Connection) -> list[int]:
    """Apply the missing migrations, each in one transaction; the versions applied now."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version"
        " (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    have = set(applied_versions(conn))
    if have and max(have) > SCHEMA_VERSION:
        raise StoreError(
            f"the statistics database is of version {max(have)}, made by a newer program"
            f" (this one knows {SCHEMA_VERSION})"
        )
    done = []
    for version, script in MIGRATIONS:
        if version in have:
            continue
        with transaction(conn):
            for statement in script.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                (version, time.time()),
            )
        done.append(version)
    return done


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _set_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.corrupt-{stamp}{path.suffix}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.stem}.corrupt-{stamp}-{n}{path.suffix}")
    path.replace(aside)
    for extra in ("-wal", "-shm", "-journal"):
        side = Path(str(path) + extra)
        if side.exists():
            side.replace(Path(str(aside) + extra))
    return aside


def open_db(path: Path) -> tuple[sqlite3.Connection, SetAside | None]:
    """The database at ``path``, migrated to ``SCHEMA_VERSION``; a corrupt file is set
    aside and a new database started (the second value says so)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot make the folder {path.parent}: {exc.strerror}") from None
    notice = None
    conn = None
    try:
        conn = _connect(path)
        _check(conn)
        migrate(conn)
    except sqlite3.DatabaseError as exc:
        if conn is not None:
            conn.close()
        aside = _set_aside(path)
        notice = SetAside(path, aside, str(exc))
        conn = _connect(path)
        migrate(conn)
    except BaseException:
        if conn is not None:
            conn.close()
        raise
    return conn, notice


def _pack(record: Mapping[str, Any]) -> bytes:
    return zlib.compress(json.dumps(record, ensure_ascii=False).encode("utf-8"), 6)


def _unpack(blob: bytes) -> dict[str, Any]:
    data = json.loads(zlib.decompress(blob).decode("utf-8"))
    assert isinstance(data, dict)
    return data


def _bool(value: object) -> bool | None:
    return None if value is None else bool(value)


HAND_COLUMNS = (
    "match_id, number, game, strength, seat, ended_at, role, won, levels, coins,"
    " dry_pot, blood, revolt, countered, special, special_ours, bid"
)


class Store:
    """The database, for one thread at a time (the window's, or the writer's)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_db_path()
        self.conn, self.notice = open_db(self.path)

    def close(self) -> None:
        self.conn.close()

    # ------------------------------------------------------------------ writing

    def record_hand(
        self,
        facts: HandFacts,
        record: Mapping[str, Any] | None = None,
        keep: int = KEEP_HANDS,
    ) -> bool:
        """Add a settled hand, in one transaction; ``record``: its match's record up to the
        hand's end (the engine's format), to keep it in the history. False when the hand is
        there already (a resumed match settles no hand twice)."""
        c = self.conn
        with transaction(c):
            c.execute(
                "INSERT OR IGNORE INTO matches (id, game, strength, started_at)"
                " VALUES (?, ?, ?, ?)",
                (facts.match, facts.game.value, facts.strength, facts.ended_at),
            )
            cur = c.execute(
                f"INSERT OR IGNORE INTO hands ({HAND_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    facts.match,
                    facts.number,
                    facts.game.value,
                    facts.strength,
                    facts.seat.name,
                    facts.ended_at,
                    facts.role.value,
                    facts.won,
                    facts.levels,
                    facts.coins,
                    facts.dry_pot,
                    facts.blood,
                    facts.revolt,
                    facts.countered,
                    facts.special.value if facts.special is not None else None,
                    facts.special_ours,
                    facts.bid,
                ),
            )
            if cur.rowcount == 0:
                return False
            hand_id = cur.lastrowid
            if facts.match_over:
                c.execute(
                    "UPDATE matches SET finished_at = ?, won = ? WHERE id = ?",
                    (facts.ended_at, facts.match_won, facts.match),
                )
            if record is not None and keep > 0:
                key = "match:" + facts.match
                c.execute(
                    "INSERT OR REPLACE INTO records (key, record) VALUES (?, ?)",
                    (key, _pack(record)),
                )
                self._keep(facts, key, len(record["actions"]), hand_id, imported=False)
                self._prune(keep)
        return True

    def _keep(
        self, facts: HandFacts, key: str, actions: int, hand_id: int | None, imported: bool
    ) -> int:
        cur = self.conn.execute(
            "INSERT INTO history (hand_id, kept_at, game, number, seat, role, won, levels,"
            " coins, record_key, actions, imported) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                hand_id,
                time.time() if imported else facts.ended_at,
                facts.game.value,
                facts.number,
                facts.seat.name,
                facts.role.value,
                facts.won,
                facts.levels,
                facts.coins,
                key,
                actions,
                imported,
            ),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def _prune(self, keep: int) -> None:
        c = self.conn
        c.execute(
            "DELETE FROM history WHERE id NOT IN (SELECT id FROM history ORDER BY id DESC LIMIT ?)",
            (keep,),
        )
        c.execute("DELETE FROM records WHERE key NOT IN (SELECT record_key FROM history)")

    def set_keep(self, keep: int) -> None:
        with transaction(self.conn):
            self._prune(max(0, keep))

    def reset(self) -> None:
        """Forget the statistics (the hand history stays)."""
        with transaction(self.conn):
            self.conn.execute("DELETE FROM hands")
            self.conn.execute("DELETE FROM matches")

    # ------------------------------------------------------------------ reading

    def hands(self, since: float | None = None) -> list[HandFacts]:
        """Every hand recorded (since a time), oldest first."""
        query = f"SELECT {HAND_COLUMNS} FROM hands"
        args: tuple[object, ...] = ()
        if since is not None:
            query += " WHERE ended_at >= ?"
            args = (since,)
        rows = self.conn.execute(query + " ORDER BY ended_at, id", args).fetchall()
        finished = {
            r[0]: _bool(r[1])
            for r in self.conn.execute(
                "SELECT id, won FROM matches WHERE finished_at IS NOT NULL"
            ).fetchall()
        }
        out = []
        for r in rows:
            over = r[0] in finished
            out.append(
                HandFacts(
                    match=r[0],
                    number=r[1],
                    game=Game(r[2]),
                    strength=r[3],
                    seat=Seat[r[4]],
                    ended_at=r[5],
                    role=Role(r[6]),
                    won=_bool(r[7]),
                    levels=r[8],
                    coins=r[9],
                    dry_pot=bool(r[10]),
                    blood=r[11],
                    revolt=r[12],
                    countered=bool(r[13]),
                    special=TRRow(r[14]) if r[14] is not None else None,
                    special_ours=bool(r[15]),
                    bid=r[16],
                    match_over=over,
                    match_won=finished.get(r[0]) if over else None,
                )
            )
        return out

    def history(self) -> list[HistoryRow]:
        """The kept hands, newest first."""
        rows = self.conn.execute(
            "SELECT id, kept_at, game, number, seat, role, won, levels, coins, imported"
            " FROM history ORDER BY id DESC"
        ).fetchall()
        return [
            HistoryRow(
                id=r[0],
                kept_at=r[1],
                game=Game(r[2]),
                number=r[3],
                seat=Seat[r[4]],
                role=Role(r[5]),
                won=_bool(r[6]),
                levels=r[7],
                coins=r[8],
                imported=bool(r[9]),
            )
            for r in rows
        ]

    def hand_record(self, history_id: int) -> dict[str, Any]:
        """A kept hand as a record of its match up to the hand's end, with ``hand`` (its
        number) and ``seat`` (whose hand it was) added."""
        row = self.conn.execute(
            "SELECT r.record, h.actions, h.number, h.seat FROM history h"
            " JOIN records r ON r.key = h.record_key WHERE h.id = ?",
            (history_id,),
        ).fetchone()
        if row is None:
            raise KeyError(history_id)
        record = _unpack(row[0])
        record["actions"] = record["actions"][: row[1]]
        record["hand"] = row[2]
        record["seat"] = row[3]
        return record

    def keep_imported(self, facts: HandFacts, record: Mapping[str, Any], keep: int) -> int:
        """Add an imported hand (checked by ``handfile.read_hand_file``) to the history."""
        key = "import:" + facts.match
        with transaction(self.conn):
            self.conn.execute(
                "INSERT OR REPLACE INTO records (key, record) VALUES (?, ?)",
                (key, _pack(record)),
            )
            hid = self._keep(facts, key, len(record["actions"]), None, imported=True)
            self._prune(max(1, keep))
        return hid

    # ------------------------------------------------------------------ analyses

    def save_analysis(self, key: str, analysis: StoredAnalysis) -> None:
        """Keep a hand's analysis under ``key`` (``analysis_key``), replacing the one there
        (of whatever version); only the newest ``KEEP_ANALYSES`` are kept."""
        blob = _pack(analysis.to_json())
        with transaction(self.conn):
            self.conn.execute(
                "INSERT OR REPLACE INTO analyses (key, hand, seat, version, saved_at, analysis)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (key, analysis.hand, analysis.seat.name, analysis.version, time.time(), blob),
            )
            self.conn.execute(
                "DELETE FROM analyses WHERE rowid NOT IN"
                " (SELECT rowid FROM analyses ORDER BY saved_at DESC LIMIT ?)",
                (KEEP_ANALYSES,),
            )

    def load_analysis(self, key: str, hand: int, seat: Seat, kind: AnalysisKind[T]) -> T | None:
        """The analysis kept under ``key`` for that hand and seat, read by ``kind``
        (``ai.analysis.HandAnalysis``); None when there is none, when it is of another version
        than ``kind.VERSION`` or when it does not read back (damaged): it is to be worked out
        again."""
        row = self.conn.execute(
            "SELECT version, analysis FROM analyses WHERE key = ? AND hand = ? AND seat = ?",
            (key, hand, seat.name),
        ).fetchone()
        if row is None or row[0] != kind.VERSION:
            return None
        try:
            data = _unpack(row[1])
            analysis = kind.from_json(data)
        except (zlib.error, UnicodeDecodeError, ValueError, TypeError, AssertionError):
            return None
        if getattr(analysis, "version", None) != kind.VERSION:
            return None
        return analysis
