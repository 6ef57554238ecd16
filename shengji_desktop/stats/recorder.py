"""Recording settled hands as they happen: at a local table (``LocalRecorder``, a referee
watcher of the engine's ``Table``: the hand's facts for the player's seat and its match's
record, for the history) or at a LAN seat (``SeatRecorder``: the seat's events and views; no
record, since a LAN seat never has the seed). Writes go to one ``Writer`` thread, so that
neither the table nor the window waits for the disk."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import uuid
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from shengji_desktop.engine import codec
from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.view import SeatView, events_for, seat_view
from shengji_desktop.rules.cards import Seat

from .facts import HandFacts, Tally, opponent_strength
from .store import KEEP_HANDS, SetAside, Store, StoreError

Notice = Callable[[SetAside | str], None]


def match_key(match: Match) -> str:
    """A match's key in the database: a digest, so that no seed is stored there."""
    return hashlib.sha256(f"{match.game.value}/{match.seed}".encode()).hexdigest()[:32]


class Writer:
    """Owns the database on a thread of its own. ``notice`` hears of a database set aside
    (``SetAside``) and of a failed write (a text); a failed hand is lost, the next one is
    tried again."""

    def __init__(self, path: Path | None = None, notice: Notice | None = None) -> None:
        self.path = path
        self.notice = notice
        self.keep = KEEP_HANDS
        self._store: Store | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shengji-stats")
        self._lock = threading.Lock()

    def put(self, facts: HandFacts, record: Mapping[str, Any] | None = None) -> Future[bool]:
        return self._pool.submit(self._write, facts, record, self.keep)

    def _write(self, facts: HandFacts, record: Mapping[str, Any] | None, keep: int) -> bool:
        try:
            if self._store is None:
                self._store = Store(self.path)
                if self._store.notice is not None and self.notice is not None:
                    self.notice(self._store.notice)
            return self._store.record_hand(facts, record, keep)
        except (sqlite3.Error, StoreError, OSError) as exc:
            if self._store is not None:
                self._store.close()
                self._store = None  # opened again (and checked) for the next hand
            if self.notice is not None:
                self.notice(str(exc))
            return False

    def flush(self) -> None:
        self._pool.submit(lambda: None).result()

    def close(self) -> None:
        self.flush()

        def close_store() -> None:
            if self._store is not None:
                self._store.close()
                self._store = None

        self._pool.submit(close_store).result()


class LocalRecorder:
    """Watches a local match as its referee (``Table.watch_referee``): for each settled hand,
    the facts for ``seat`` (events cut for it, so it reads only what it saw) and the match's
    record up to there."""

    def __init__(
        self,
        match: Match,
        seat: Seat,
        kinds: Mapping[Seat, str],
        writer: Writer,
        past: Sequence[Event] = (),
    ) -> None:
        self.match = match
        self.seat = seat
        self.writer = writer
        strength = opponent_strength(match.game, seat, kinds)
        self.tally = Tally(match_key(match), match.game, match.options, seat, strength)
        self.tally.prime(events_for(past, seat), seat_view(match, seat))
        self.written: list[Future[bool]] = []

    def applied(self, action: Action, events: Sequence[Event]) -> None:
        if not any(isinstance(e, ev.HandSettled) for e in events):
            self.tally.feed(events_for(events, self.seat), None)
            return
        m = self.match
        facts = self.tally.feed(events_for(events, self.seat), seat_view(m, self.seat))
        if facts is not None:
            record = codec.record_json(m.game, m.options, m.seed, list(m.actions))
            self.written.append(self.writer.put(facts, record))


class SeatRecorder:
    """Records one seat's hands from its events and views (a LAN seat: the window's
    session); the match key is made here, since the seat knows no seed."""

    def __init__(self, writer: Writer, strength: str = "lan") -> None:
        self.writer = writer
        self.strength = strength
        self.tally: Tally | None = None
        self.written: list[Future[bool]] = []

    def feed(self, events: Sequence[Event], view: SeatView) -> None:
        if self.tally is None or self.tally.seat != view.seat or self.tally.game is not view.game:
            key = "lan:" + uuid.uuid4().hex
            self.tally = Tally(key, view.game, view.options, view.seat, self.strength)
        facts = self.tally.feed(events, view)
        if facts is not None:
            self.written.append(self.writer.put(facts))
