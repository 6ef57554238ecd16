"""The table's seats: who sits where (kinds, names, tokens, connections), the hello that gives
or gives back a seat, ready flags, leaving, and the lobby message everyone is shown.

A token is good for one return: every hello with a token is welcomed with a new one (the one
presented stays good until the new connection has said anything, in case the welcome never
arrived), so a token read from an old table file or an old session does not open the seat
again. The host saves the table the moment the new connection is first heard from
(``spend``), so no table file written after that holds the spent token: a host restarted
from it refuses it too. Names are plain printable text (no control, format or bidi
characters, no line separators) and unique at the table (the watchers' too). A seat whose
person drops before the match is kept for ``grace`` seconds, with its name and token, as a
seat in play is.
"""

from __future__ import annotations

import asyncio
import secrets
import time
import unicodedata
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
    dropped_at: float | None = None  # time.monotonic() when its human left
    old_token: str | None = None  # the token this seat's connection came back with (above)
    release: asyncio.TimerHandle | None = None  # frees a lobby seat whose human left
    standin: Player | None = None  # the computer playing for its dropped human
    autoplay: Player | None = None  # 托管: the computer its human asked to play for them
    shoulder: bool = False  # its person lets watchers see its hand (never saved: off again)
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
            shoulder=self.shoulder,
        )

    @property
    def saved_old_token(self) -> str | None:
        """The token this seat's person came back with, while it may still be needed: not
        once the new connection has been heard from (it is spent then, file or no file)."""
        if self.conn is not None and self.conn.heard:
            return None
        return self.old_token


# Categories no name may use: controls, format characters (bidi overrides and isolates, zero
# widths), line and paragraph separators, surrogates, private use, unassigned code points.
_REFUSED = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}


def hello_fits(server: Server, conn: Connection, msg: p.Hello) -> bool:
    """A seat's or a watcher's hello speaks this protocol and gives a name that can be used;
    else the refusal is sent (fatal) and False."""
    if msg.version != p.PROTOCOL_VERSION:
        server.fatal(
            conn,
            p.ErrorCode.VERSION,
            f"protocol version {msg.version} is not supported "
            f"(this host speaks {p.PROTOCOL_VERSION})",
        )
        return False
    problem = name_problem(msg.name)
    if problem is not None:
        server.fatal(conn, p.ErrorCode.BAD_NAME, f"{problem}: choose another name")
        return False
    return True


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None if it can."""
    if not name.strip():
        return "a name may not be blank"
    if name != name.strip():
        return "a name may not begin or end with a space"
    for ch in name:
        if unicodedata.category(ch) in _REFUSED:
            what = unicodedata.name(ch, "a control or format character")
            return f"a name may not contain U+{ord(ch):04X} ({what})"
    return None


def name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


class Lobby:
    """The four seats (S, E, N, W, each ``OPEN`` or a computer level) and the people at them.
    Refusals are sent through ``server``; the caller does the rest (saving, the referee).
    ``on_release(state)`` follows a lobby seat freed after its ``grace``."""

    def __init__(
        self,
        kinds: list[str],
        server: Server,
        log: Callable[[str], None],
        *,
        grace: float = 0.0,
        on_release: Callable[[SeatState], None] | None = None,
        before_welcome: Callable[[], None] | None = None,
    ) -> None:
        if len(kinds) != 4:
            raise ValueError("a table has four seats: S,E,N,W")
        self.seats = {
            s: SeatState(s, k, name="" if k == OPEN else k)
            for s, k in zip(Seat, kinds, strict=True)
        }
        self.server = server
        self.log = log
        self.grace = grace
        self.on_release = on_release
        self.before_welcome = before_welcome
        self.started = False
        # Names taken outside the seats (the watchers'): a seat's person may not take them.
        self.other_names: Callable[[], list[str]] = list

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
        if not hello_fits(self.server, conn, msg):
            return None
        if msg.token is not None:
            state = self.seat_of_token(msg.token)
            if state is None:
                self.server.fatal(conn, p.ErrorCode.BAD_TOKEN, "no seat has this token")
                return None
            if not self._name_free(msg.name, state, conn):
                return None
            if state.conn is not None:
                old = state.conn
                self.server.fatal(old, p.ErrorCode.SUPERSEDED, "the seat reconnected elsewhere")
                old.seat = None
            state.old_token = msg.token  # until the new connection is heard from
            state.token = secrets.token_urlsafe(24)
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
            if not self._name_free(msg.name, state, conn):
                return None
            state.token = secrets.token_urlsafe(24)
        assert state.token is not None
        state.name = msg.name
        state.conn = conn
        state.dropped_at = None
        if state.release is not None:
            state.release.cancel()
            state.release = None
        conn.seat = state.seat
        self.log(f"{state.seat.name} {state.name} joined from {conn.peer}")
        if self.before_welcome is not None:
            self.before_welcome()  # the new token saved before anyone hears it
        self.server.send(
            conn,
            p.Welcome(
                version=p.PROTOCOL_VERSION, seat=state.seat.name, token=state.token, name=state.name
            ),
        )
        return state

    def _name_free(self, name: str, state: SeatState, conn: Connection) -> bool:
        """True if no other seat has ``name``; else the refusal is sent."""
        key = name_key(name)
        for other in self:
            taken = other is not state and (other.claimed or not other.human) and other.name
            if taken and name_key(other.name) == key:
                self.server.fatal(
                    conn,
                    p.ErrorCode.NAME_TAKEN,
                    f"{other.seat.name} is already called {other.name!r}: choose another name",
                )
                return False
        for other_name in self.other_names():
            if name_key(other_name) == key:
                self.server.fatal(
                    conn,
                    p.ErrorCode.NAME_TAKEN,
                    f"a watcher is called {other_name!r}: choose another name",
                )
                return False
        return True

    def name_owner(self, name: str) -> SeatState | None:
        """The seat whose person (or computer) is called ``name``, if any."""
        key = name_key(name)
        for state in self:
            if (state.claimed or not state.human) and state.name and name_key(state.name) == key:
                return state
        return None

    def seat_of_token(self, token: str) -> SeatState | None:
        found = None
        for state in self:
            self._confirm(state)
            for known in (state.token, state.old_token):
                # Compare with every token in constant time: no timing hint about any of them.
                if known is not None and secrets.compare_digest(known.encode(), token.encode()):
                    found = state
        return found

    @staticmethod
    def _confirm(state: SeatState) -> bool:
        """The seat's connection has been heard from since its welcome: the token it came back
        with is spent. True if it was still kept."""
        if state.conn is not None and state.conn.heard and state.old_token is not None:
            state.old_token = None
            return True
        return False

    def spend(self, conn: Connection) -> bool:
        """``conn`` is heard from for the first time: the token its seat came back with is
        spent. True if one was (the caller saves the table without it at once)."""
        state = self.state_of(conn)
        return state is not None and state.conn is conn and self._confirm(state)

    def drop(self, conn: Connection) -> SeatState | None:
        """``conn`` has gone: before the match its seat is free again; during the match the
        seat stays reserved for the token (``dropped_at``). The seat, if it held one."""
        state = self.state_of(conn)
        if state is None or state.conn is not conn:
            return None
        self._confirm(state)
        state.conn = None
        conn.seat = None
        self.log(f"{state.seat.name} {state.name} left")
        self.hold(state)
        return state

    def hold(self, state: SeatState) -> None:
        """Keep ``state``'s seat and token for its person (before the match, ``grace``
        seconds; during it, until the match ends, a stand-in playing after a while)."""
        dropped_at = state.dropped_at = time.monotonic()
        if self.started:
            return
        if self.grace <= 0:
            self._release(state)
            return
        if state.release is not None:
            state.release.cancel()
        state.release = asyncio.get_running_loop().call_later(
            self.grace, self._expire, state, dropped_at
        )

    def _expire(self, state: SeatState, dropped_at: float) -> None:
        state.release = None
        if state.conn is None and not self.started and state.dropped_at == dropped_at:
            self.log(f"{state.seat.name} {state.name} did not come back; the seat is free")
            self._release(state)
            if self.on_release is not None:
                self.on_release(state)

    @staticmethod
    def _release(state: SeatState) -> None:
        state.token = state.old_token = None
        state.name = ""
        state.ready = False
        state.shoulder = False
        state.dropped_at = None

    def set_ready(self, state: SeatState, ready: bool) -> bool:
        """Before the match: True if the flag changed."""
        if self.started or state.ready == ready:
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

    def message(
        self,
        game: str,
        options: dict[str, Any],
        table: str,
        hands: int | None,
        watchers: list[str] | None = None,
    ) -> p.Lobby:
        return p.Lobby(
            table=table,
            game=game,
            options=options,
            seats=[s.info() for s in self],
            started=self.started,
            hands=hands,
            watchers=watchers or [],
        )

    def broadcast(self, message: p.HostMessage) -> None:
        for state in self:
            if state.conn is not None:
                self.server.send(state.conn, message)
