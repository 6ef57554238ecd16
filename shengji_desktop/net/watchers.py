"""旁观: the people watching a hosted table without a seat — their connections, names and
tokens, the seat each watches from, and the updates they are sent.

A watcher sees what the whole table sees and no more: events cut by ``view.watcher_event``
and the view of ``view.watcher_view`` from the seat it watches from, holding that seat's hand
only while its player allows it (``SeatState.shoulder``: the host decides, never the
watcher). A watcher never acts. Watchers are not part of the saved table: after a restart of
the host they join again. Their connections go through the same ``Server`` as the seats' (the
same batches, rate limits and bounds on what may wait unread), and an update that several
watchers get alike is encoded once.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..engine.events import Event
from ..engine.match import Match
from ..engine.view import SeatView, watcher_event, watcher_view
from ..rules.cards import Seat
from . import protocol as p
from .lobby import Lobby, hello_fits, name_key
from .transport import Connection, Server


@dataclass(eq=False)
class Watcher:
    conn: Connection
    name: str
    token: str
    seat: Seat = Seat.S  # the seat watched from
    history: int = 0  # the settled hands this connection has had (``Update.history_from``)
    chat_at: float | None = None  # when it last said a 快捷语 phrase


class Watchers:
    """The watchers of a table (at most ``limit``), beside its ``lobby``'s seats."""

    def __init__(self, lobby: Lobby, server: Server, log: Callable[[str], None], limit: int):
        self.lobby = lobby
        self.server = server
        self.log = log
        self.limit = max(0, min(limit, p.MAX_WATCHERS))
        self._by_conn: dict[Connection, Watcher] = {}
        lobby.other_names = self.names

    def __iter__(self) -> Iterator[Watcher]:
        return iter(list(self._by_conn.values()))

    def __len__(self) -> int:
        return len(self._by_conn)

    def of(self, conn: Connection) -> Watcher | None:
        return self._by_conn.get(conn)

    def names(self) -> list[str]:
        return [w.name for w in self._by_conn.values()]

    # ------------------------------------------------------------------ coming and going

    def hello(self, conn: Connection, msg: p.Hello) -> Watcher | None:
        """Welcome ``conn`` as a watcher (``msg.watch``); refusals are sent, None then. A
        token of a watcher still here replaces that watcher's connection (it came back before
        the host saw it go); any other token is not needed and not asked about."""
        if conn.welcomed:
            self.server.garbage(conn, p.ErrorCode.ALREADY_SEATED, "already at the table")
            return None
        if not hello_fits(self.server, conn, msg):
            return None
        old = self._of_token(msg.token) if msg.token is not None else None
        key = name_key(msg.name)
        owner = self.lobby.name_owner(msg.name)
        if owner is not None:
            self.server.fatal(
                conn,
                p.ErrorCode.NAME_TAKEN,
                f"{owner.seat.name} is already called {owner.name!r}: choose another name",
            )
            return None
        if any(name_key(w.name) == key for w in self if w is not old):
            self.server.fatal(
                conn,
                p.ErrorCode.NAME_TAKEN,
                f"a watcher is already called {msg.name!r}: choose another name",
            )
            return None
        if old is not None:
            self.server.fatal(old.conn, p.ErrorCode.SUPERSEDED, "watching from elsewhere now")
            self._by_conn.pop(old.conn, None)
            old.conn.watching = False
        elif len(self) >= self.limit:
            self.server.fatal(
                conn,
                p.ErrorCode.WATCHERS_FULL,
                f"this table takes {self.limit} watchers, and has them",
            )
            return None
        seat = Seat[msg.seat] if msg.seat is not None else old.seat if old else Seat.S
        watcher = Watcher(conn, msg.name, secrets.token_urlsafe(24), seat)
        self._by_conn[conn] = watcher
        conn.watching = True
        self.log(f"旁观 {watcher.name} watches from {conn.peer}")
        self.server.send(
            conn,
            p.Welcome(
                version=p.PROTOCOL_VERSION,
                seat="",
                token=watcher.token,
                name=watcher.name,
                watching=True,
            ),
        )
        return watcher

    def _of_token(self, token: str) -> Watcher | None:
        found = None
        for w in self:  # compared with every token in constant time, as the seats' are
            if secrets.compare_digest(w.token.encode(), token.encode()):
                found = w
        return found

    def drop(self, conn: Connection) -> Watcher | None:
        """``conn`` has gone: its watcher leaves (nothing of it is kept)."""
        watcher = self._by_conn.pop(conn, None)
        if watcher is not None:
            conn.watching = False
            self.log(f"旁观 {watcher.name} left")
        return watcher

    # ------------------------------------------------------------------ what they are sent

    def broadcast(self, message: p.HostMessage) -> None:
        data = p.encode(message)
        for w in self:
            self.server.send_encoded(w.conn, data)

    def publish(
        self,
        match: Match,
        seq: int,
        events: Sequence[Event],
        shows: Callable[[Seat], bool],
        clock: tuple[str, float] | None,
        only: Watcher | None = None,
    ) -> None:
        """Each watcher's update (``only``: that one's, a resync): the events as anybody
        without a seat may see them (whoever they were cut for before: the public cut of a
        seat's cut is the public cut), the view from its seat, with that seat's hand when
        ``shows(seat)``. Watchers who get the same update share its encoding."""
        watchers = [only] if only is not None else list(self)
        if not watchers:
            return
        public = [watcher_event(e) for e in events]
        views: dict[tuple[Seat, bool], SeatView] = {}
        encoded: dict[tuple[Seat, bool, int], bytes] = {}
        resync = only is not None
        for w in watchers:
            shown = shows(w.seat)
            view = views.get((w.seat, shown))
            if view is None:
                view = views[(w.seat, shown)] = watcher_view(match, w.seat, shown)
            known = 0 if resync else min(w.history, len(view.history))
            key = (w.seat, shown, known)
            data = encoded.get(key)
            if data is None:
                update = p.update_of(
                    seq,
                    public,
                    view,
                    resync=resync,
                    known=known,
                    clock=clock,
                    shoulder=w.seat.name if shown else None,
                )
                data = encoded[key] = p.encode(update)
            w.history = len(view.history)
            self.server.send_encoded(w.conn, data)
