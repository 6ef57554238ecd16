"""The table's seats: who sits where (kinds, names, tokens, connections), the hello that gives
or gives back a seat, ready flags, leaving, and the lobby message everyone is shown."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..engine.table import Player
from ..rules.cards import Seat
from . import protocol as p
from .transport import Connection, Server

OPEN = "open"  # a seat for a human; any other kind is a computer level (the seat factory's)


@dataclass
class SeatState:
    seat: Seat
    kind: str  # OPEN or a computer level
    name: str = ""
    token: str | None = None  # set once a human has claimed the seat
    ready: bool = False
    conn: Connection | None = None
    dropped_at: float | None = None  # time.monotonic() when its human left mid-match
    standin: Player | None = None  # the computer playing for its dropped human
    autoplay: Player | None = None  # 托管: the computer its human asked to play for them
    computer: Player | None = None  # the computer playing a computer seat

    @property
    def human(self) -> bool:
        return self.kind == OPEN

    @property
    def claimed(self) -> bool:
        return self.token is not None

    def info(self) -> p.SeatInfo:
        return p.SeatInfo(
            seat=self.seat.name,
            kind=self.kind,
            name=self.name,
            ready=self.ready,
            connected=self.conn is not None,
            standin=self.standin is not None,
            autoplay=self.autoplay is not None,
        )


class Lobby:
    """The four seats (S, E, N, W, each ``OPEN`` or a computer level) and the people at them.
    Refusals are sent through ``server``; the caller does the rest (saving, the referee)."""

    def __init__(self, kinds: list[str], server: Server, log: Callable[[str], None]) -> None:
        if len(kinds) != 4:
            raise ValueError("a table has four seats: S,E,N,W")
        self.seats = {
            s: SeatState(s, k, name="" if k == OPEN else k)
            for s, k in zip(Seat, kinds, strict=True)
        }
        self.server = server
        self.log = log
        self.started = False

    def __iter__(self) -> Iterator[SeatState]:
        return iter(self.seats.values())

    def state_of(self, conn: Connection) -> SeatState | None:
        """The seat ``conn`` holds, if any."""
        return self.seats[conn.seat] if conn.seat is not None else None

    def free_seats(self) -> int:
        return sum(1 for s in self if s.human and not s.claimed)

    # ------------------------------------------------------------------ coming and going

    def hello(self, conn: Connection, msg: p.Hello) -> SeatState | None:
        """Seat ``conn``: a new seat before the match starts, or the seat of its token (a
        connection already there is superseded). Refusals are sent; None then."""
        if conn.seat is not None:
            self.server.garbage(
                conn, p.ErrorCode.ALREADY_SEATED, f"already seated at {conn.seat.name}"
            )
            return None
        if msg.version != p.PROTOCOL_VERSION:
            self.server.fatal(
                conn,
                p.ErrorCode.VERSION,
                f"protocol version {msg.version} is not supported "
                f"(this host speaks {p.PROTOCOL_VERSION})",
            )
            return None
        if msg.token is not None:
            state = self.seat_of_token(msg.token)
            if state is None:
                self.server.fatal(conn, p.ErrorCode.BAD_TOKEN, "no seat has this token")
                return None
            if state.conn is not None:
                old = state.conn
                self.server.fatal(old, p.ErrorCode.SUPERSEDED, "the seat reconnected elsewhere")
                old.seat = None
        else:
            if self.started:
                self.server.fatal(
                    conn, p.ErrorCode.TABLE_FULL, "the match has started; rejoin with your token"
                )
                return None
            free = [s for s in self if s.human and not s.claimed]
            if msg.seat is not None:
                wanted = self.seats[Seat[msg.seat]]
                if wanted not in free:
                    self.server.fatal(conn, p.ErrorCode.SEAT_TAKEN, f"seat {msg.seat} is not free")
                    return None
                free = [wanted]
            if not free:
                self.server.fatal(conn, p.ErrorCode.TABLE_FULL, "no open seat")
                return None
            state = free[0]
            state.token = secrets.token_urlsafe(24)
        assert state.token is not None
        state.name = msg.name
        state.conn = conn
        state.dropped_at = None
        conn.seat = state.seat
        self.log(f"{state.seat.name} {state.name} joined from {conn.peer}")
        self.server.send(
            conn,
            p.Welcome(
                version=p.PROTOCOL_VERSION, seat=state.seat.name, token=state.token, name=state.name
            ),
        )
        return state

    def seat_of_token(self, token: str) -> SeatState | None:
        found = None
        for state in self:
            # Compare with every seat in constant time: no timing hint about any token.
            if state.token is not None and secrets.compare_digest(
                state.token.encode(), token.encode()
            ):
                found = state
        return found

    def drop(self, conn: Connection) -> SeatState | None:
        """``conn`` has gone: before the match its seat is free again; during the match the
        seat stays reserved for the token (``dropped_at``). The seat, if it held one."""
        state = self.state_of(conn)
        if state is None or state.conn is not conn:
            return None
        state.conn = None
        conn.seat = None
        self.log(f"{state.seat.name} {state.name} left")
        if not self.started:
            state.token = None
            state.name = ""
            state.ready = False
        else:
            state.dropped_at = time.monotonic()
        return state

    def set_ready(self, state: SeatState, ready: bool) -> bool:
        """Before the match: True if the flag was taken."""
        if self.started:
            return False
        state.ready = ready
        return True

    # ------------------------------------------------------------------ starting

    def all_in(self, start_when_full: bool) -> bool:
        """Every open seat is taken and ready (or only taken, with ``start_when_full``)."""
        humans = [s for s in self if s.human]
        if not all(s.conn is not None for s in humans):
            return False
        return start_when_full or all(s.ready for s in humans)

    def fill(self, kind: str | None) -> list[SeatState]:
        """Unclaimed open seats become ``kind`` computers (ValueError if ``kind`` is None and
        a seat is still open); the seats changed."""
        empty = [s for s in self if s.human and not s.claimed]
        if empty and kind is None:
            raise ValueError(f"seat {empty[0].seat.name} is still open")
        for state in empty:
            assert kind is not None
            state.kind = kind
            state.name = kind
        return empty

    # ------------------------------------------------------------------ the lobby message

    def message(self, game: str, options: dict[str, Any], table: str, hands: int | None) -> p.Lobby:
        return p.Lobby(
            table=table,
            game=game,
            options=options,
            seats=[s.info() for s in self],
            started=self.started,
            hands=hands,
        )

    def broadcast(self, message: p.HostMessage) -> None:
        for state in self:
            if state.conn is not None:
                self.server.send(state.conn, message)
