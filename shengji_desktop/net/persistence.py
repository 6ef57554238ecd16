"""The table file: a hosted table's match record, seats, names and tokens, saved after every
action by a writer thread (``engine.record.Saver``) and read back to resume the table."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.match import Match
from ..engine.record import RecordError, Saver, read_json_file, record_json, replay
from ..rules.cards import Seat

TABLE_FORMAT = "shengji-desktop table"
TABLE_VERSION = 1


@dataclass(frozen=True)
class SavedSeat:
    seat: Seat
    kind: str
    name: str
    token: str | None


@dataclass(frozen=True)
class SavedTable:
    """What a table file holds: the match (replayed), its seats, and how it was hosted."""

    match: Match
    seats: list[SavedSeat]
    started: bool
    hands: int | None
    table: str | None


def table_json(
    match: Match, seats: Iterable[SavedSeat], started: bool, hands: int | None, table: str
) -> dict[str, Any]:
    return {
        "format": TABLE_FORMAT,
        "version": TABLE_VERSION,
        "table": table,
        "hands": hands,
        "started": started,
        "seats": [
            {"seat": s.seat.name, "kind": s.kind, "name": s.name, "token": s.token} for s in seats
        ],
        "record": record_json(match),
    }


def read_table(path: Path) -> SavedTable:
    """The table saved in ``path``; RecordError naming the file and the fault."""
    data = read_json_file(path, "table file")
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        raise RecordError(f"{path} is not a shengji-desktop table file")
    if data.get("version") != TABLE_VERSION:
        raise RecordError(f"{path}: table version {data.get('version')!r} not supported")
    try:
        match, _ = replay(data["record"])
        seats = [
            SavedSeat(
                Seat[d["seat"]],
                str(d["kind"]),
                str(d["name"]),
                d["token"] if isinstance(d["token"], str) and d["token"] else None,
            )
            for d in data["seats"]
        ]
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{path}: malformed table file: {exc}") from None
    if [s.seat for s in seats] != list(Seat):
        raise RecordError(f"{path}: malformed table file: the seats are not S, E, N, W")
    hands = data.get("hands")
    table = data.get("table")
    return SavedTable(
        match=match,
        seats=seats,
        started=bool(data.get("started")),
        hands=hands if isinstance(hands, int) and not isinstance(hands, bool) else None,
        table=table if isinstance(table, str) else None,
    )


class TableFile:
    """Saves snapshots of a table to ``path`` off the event loop: the newest one wins, a
    failed write is logged and leaves the previous file whole."""

    def __init__(self, path: Path, log: Callable[[str], None]) -> None:
        self.path = path
        self._saver = Saver(path, on_error=log)

    def save(self, snapshot: dict[str, Any]) -> None:
        self._saver.save(snapshot)

    def flush(self) -> None:
        """Wait until the file holds the latest snapshot."""
        self._saver.flush()

    def close(self) -> None:
        self._saver.close()
