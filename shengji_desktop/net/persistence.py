"""The table file: a hosted table's match, seats, names and tokens, saved as a journal
(``engine.record.Journal``: one line appended per action, the whole file rewritten
atomically at each hand's end) by a writer thread, and read back to resume the table. Table
files of the older one-document format (``table_json``) still load."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.match import Match
from ..engine.record import Journal, RecordError, load_saved, record_json
from ..rules.cards import Seat

TABLE_FORMAT = "shengji-desktop table"
TABLE_VERSION = 1
META_KIND = "table"  # the journal meta of a table file says so


@dataclass(frozen=True)
class SavedSeat:
    seat: Seat
    kind: str
    name: str
    token: str | None
    # The token the seat's person came back with, good until the new connection is heard
    # from (net/lobby.py): saved too, so that a host that stops before its welcome arrived
    # still knows the token its person holds.
    old_token: str | None = None


@dataclass(frozen=True)
class SavedTable:
    """What a table file holds: the match (replayed), its seats, and how it was hosted;
    ``join_secret``: the table was open to the internet (a resumed one is again, and the
    codes sent before still open its door); ``warnings``: what was left out of a damaged
    file (a cut-off last line)."""

    match: Match
    seats: list[SavedSeat]
    started: bool
    hands: int | None
    table: str | None
    warnings: list[str] = field(default_factory=list)
    join_secret: str | None = None


def table_meta(
    seats: Iterable[SavedSeat],
    started: bool,
    hands: int | None,
    table: str,
    join_secret: str | None = None,
) -> dict[str, Any]:
    """The table's part of its file (the journal's meta): seats, names, tokens, settings, and
    for a table open to the internet its join secret (kept as the seat tokens are)."""
    internet = {"internet": True, "join_secret": join_secret} if join_secret else {}
    return internet | {
        "kind": META_KIND,
        "table": table,
        "hands": hands,
        "started": started,
        "seats": [
            {"seat": s.seat.name, "kind": s.kind, "name": s.name, "token": s.token}
            | ({"old_token": s.old_token} if s.old_token else {})
            for s in seats
        ],
    }


def table_json(
    match: Match, seats: Iterable[SavedSeat], started: bool, hands: int | None, table: str
) -> dict[str, Any]:
    """A table file of the older one-document format (still read by ``read_table``)."""
    meta = table_meta(seats, started, hands, table)
    del meta["kind"]
    return {"format": TABLE_FORMAT, "version": TABLE_VERSION, **meta, "record": record_json(match)}


def _legacy(data: Any) -> tuple[Any, dict[str, Any]]:
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        raise RecordError("not a shengji-desktop table file")
    if data.get("version") != TABLE_VERSION:
        raise RecordError(f"table version {data.get('version')!r} not supported")
    if "record" not in data:
        raise RecordError("malformed table file: no record")
    meta = {k: v for k, v in data.items() if k not in ("format", "version", "record")}
    return data["record"], {**meta, "kind": META_KIND}


def read_table(path: Path) -> SavedTable:
    """The table saved in ``path``; RecordError naming the file and the fault (CorruptSave:
    a damaged journal, which has been set aside)."""
    saved = load_saved(path, "table file", _legacy)
    data = saved.meta
    if data.get("kind") != META_KIND:
        raise RecordError(f"{path} is not a shengji-desktop table file")
    try:
        seats = [
            SavedSeat(
                Seat[d["seat"]],
                str(d["kind"]),
                str(d["name"]),
                d["token"] if isinstance(d["token"], str) and d["token"] else None,
                d.get("old_token") if isinstance(d.get("old_token"), str) else None,
            )
            for d in data["seats"]
        ]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{path}: malformed table file: {exc}") from None
    if [s.seat for s in seats] != list(Seat):
        raise RecordError(f"{path}: malformed table file: the seats are not S, E, N, W")
    hands = data.get("hands")
    table = data.get("table")
    secret = data.get("join_secret")
    return SavedTable(
        match=saved.match,
        seats=seats,
        started=bool(data.get("started")),
        hands=hands if isinstance(hands, int) and not isinstance(hands, bool) else None,
        table=table if isinstance(table, str) else None,
        warnings=saved.warnings,
        join_secret=secret if data.get("internet") and isinstance(secret, str) and secret else None,
    )


class TableFile:
    """Saves a table to ``path`` off the event loop: ``save`` after every action costs one
    line; a failed write is logged, and the next one rewrites the file whole."""

    def __init__(
        self, path: Path, log: Callable[[str], None], meta: Callable[[], dict[str, Any]]
    ) -> None:
        self.path = path
        self.log = log
        self.meta = meta  # the table's meta now (``table_meta``), for the file's first write
        self.journal: Journal | None = None

    def save(self, match: Match, meta: dict[str, Any] | None = None, compact: bool = False) -> None:
        """Save the match's new actions (``compact``: rewrite the file, at a hand's end) and
        the table's ``meta`` (``table_meta``) when given and changed."""
        journal = self.journal
        if journal is None:
            first = meta if meta is not None else self.meta()
            journal = self.journal = Journal(
                self.path, match.game, match.options, match.seed, meta=first, on_error=self.log
            )
        elif meta is not None:
            journal.set_meta(meta)
        journal.extend(match.actions, compact)

    def flush(self) -> None:
        """Wait until the file holds everything saved so far."""
        if self.journal is not None:
            self.journal.flush()

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
