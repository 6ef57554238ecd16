"""The host: a TCP server that owns the match, referees every action and tells each seat only
what that seat may see.

Clients send actions; ``Match.apply`` judges them (an illegal one is answered with the rules'
reason and rule and changes nothing). The table deals and starts hands by itself; computer
seats, and stand-ins for dropped humans, think in a worker thread so the loop stays
responsive. After every action the match and the table (seats, names, tokens) are saved
atomically by a writer thread (the loop never waits for the disk; a crash loses at most the
last action or two, which a resync then shows); ``TableHost.resume`` restarts from that file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.actions import Act, Action
from ..engine.events import Event
from ..engine.hand import Phase
from ..engine.match import Match
from ..engine.players import Player, RandomPlayer, hand_of
from ..engine.record import RecordError, replay, write_atomic
from ..rules.cards import Seat
from ..rules.errors import Reason, RuleError
from ..rules.options import Game, Options
from . import protocol as p

TABLE_FORMAT = "shengji-desktop table"
TABLE_VERSION = 1
OPEN = "open"  # a seat for a human; any other kind is a computer level (ai.make_player)

# A seat's computer player, from its kind and a seed string (ai.make_player by default).
PlayerFactory = Callable[[str, str], Player]


@dataclass
class HostSettings:
    """Timings and limits. Tests set the pauses to 0."""

    deal_pace: float = 0.12  # seconds between dealt cards, so humans can declare
    settle_pause: float = 3.0  # seconds the settlement stays up before the next hand
    standin_after: float = 30.0  # a computer takes a dropped human's seat after this
    standin_kind: str = "normal"  # the level of that stand-in
    start_when_full: bool = False  # start once every open seat is taken, without "ready"
    hands: int | None = None  # stop after this many hands (None: until the match is over)
    max_errors: int = 8  # garbage messages before a connection is dropped
    max_illegal: int = 50  # illegal actions in a row before a connection is dropped
    hello_timeout: float = 10.0
    max_connections: int = 32  # four seats, their reconnects and a few newcomers
    max_send_buffer: int = 8 * 1024 * 1024  # a client this far behind is dropped
    table_name: str = "升级"


@dataclass
class SeatState:
    seat: Seat
    kind: str  # OPEN or a computer level
    name: str = ""
    token: str | None = None  # set once a human has claimed the seat
    ready: bool = False
    conn: Connection | None = None
    dropped_at: float | None = None
    standin: Player | None = None
    computer: Player | None = None

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
        )


class Saver:
    """Writes the newest snapshot on a thread of its own, so the event loop never waits for
    the disk (an fsync takes milliseconds): snapshots queued while one is being written
    collapse into the latest. ``flush`` waits until the file holds the latest one."""

    def __init__(self, path: Path, log: Callable[[str], None]) -> None:
        self.path = path
        self.log = log
        self._pending: dict[str, Any] | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shengji-save")

    def save(self, snapshot: dict[str, Any]) -> None:
        with self._cond:
            self._pending = snapshot
            if self._busy:
                return
            self._busy = True
        self._pool.submit(self._write)

    def _write(self) -> None:
        while True:
            with self._cond:
                snapshot, self._pending = self._pending, None
                if snapshot is None:
                    self._busy = False
                    self._cond.notify_all()
                    return
            try:
                write_atomic(self.path, snapshot)  # mkstemp: readable by the owner only
            except OSError as exc:  # the previous save stays whole (write_atomic)
                self.log(f"autosave to {self.path} failed: {exc}")

    def flush(self, timeout: float = 30.0) -> None:
        with self._cond:
            self._cond.wait_for(lambda: not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        self._pool.shutdown(wait=True)


class HostListener:
    """What the host reports to whoever runs it (the CLI prints, the GUI shows). Called on the
    event loop's thread; override what you need."""

    def on_log(self, line: str) -> None:
        pass

    def on_lobby(self, lobby: p.Lobby) -> None:
        pass

    def on_events(self, events: list[Event], match: Match) -> None:
        """The referee's events (hidden parts included) after each applied action."""

    def on_finished(self, reason: str, summary: dict[str, Any]) -> None:
        pass


@dataclass(eq=False)
class Connection:
    writer: asyncio.StreamWriter
    peer: str
    decoder: p.ClientDecoder = field(default_factory=p.ClientDecoder)
    seat: SeatState | None = None
    errors: int = 0
    illegal_streak: int = 0
    closing: bool = False
    sent_bytes: int = 0

    def send(self, message: p._HostMsg, limit: int) -> None:
        if self.closing:
            return
        data = p.encode(message)
        self.sent_bytes += len(data)
        self.writer.write(data)
        if self.writer.transport.get_write_buffer_size() > limit:
            self.close()

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.writer.close()


class TableHost:
    """One table. ``seats`` gives each seat's kind: "open" for a human, or a computer level.

    Use: ``port = await host.start("0.0.0.0", 0)``; humans join with ``client.TableClient``;
    the match starts when every open seat is taken and ready (or ``start_when_full``), or when
    ``start_match()`` is called; ``await host.finished()`` returns the final summary.
    """

    def __init__(
        self,
        game: Game,
        options: Options | None = None,
        seed: int | None = None,
        seats: list[str] | None = None,
        settings: HostSettings | None = None,
        save_path: Path | None = None,
        listener: HostListener | None = None,
        make_player: PlayerFactory | None = None,
    ) -> None:
        self.settings = settings or HostSettings()
        self.listener = listener or HostListener()
        self.save_path = save_path
        self._make_player = make_player or _default_factory
        self.match = Match(game, options, secrets.randbelow(2**31) if seed is None else seed)
        kinds = seats or [OPEN] * 4
        if len(kinds) != 4:
            raise ValueError("a table has four seats: S,E,N,W")
        self.seats = {s: SeatState(s, k) for s, k in zip(Seat, kinds, strict=True)}
        for state in self.seats.values():
            if not state.human:
                state.computer = self._player(state.kind, state.seat, "computer")
                state.name = state.kind
        self._player(self.settings.standin_kind, Seat.S, "check")  # fail now, not mid-match
        self.started = False
        self.version = 0
        self.conns: set[Connection] = set()
        self._server: asyncio.Server | None = None
        self._referee_task: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._done: asyncio.Future[dict[str, Any]] | None = None
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="shengji-ai")
        self._rng = random.Random(f"{self.match.seed}/host")
        self._started_at = time.monotonic()
        self._cpu_at_start = time.process_time()
        self.port: int | None = None
        self._saver = Saver(save_path, self._log) if save_path is not None else None

    # ------------------------------------------------------------------ lifecycle

    async def start(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Listen; returns the port (the chosen one when ``port`` is 0)."""
        self._done = asyncio.get_running_loop().create_future()
        self._server = await asyncio.start_server(self._serve, host, port)
        self.port = int(self._server.sockets[0].getsockname()[1])
        self._started_at = time.monotonic()
        if self.started:  # resumed: humans have standin_after to come back
            for state in self.seats.values():
                if state.human:
                    state.dropped_at = time.monotonic()
            self._referee_task = asyncio.create_task(self._referee())
        return self.port

    async def finished(self) -> dict[str, Any]:
        assert self._done is not None, "start() first"
        return await asyncio.shield(self._done)

    async def close(self) -> None:
        if self._referee_task is not None and not self._referee_task.done():
            self._referee_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._referee_task
        for conn in list(self.conns):
            conn.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self._saver is not None:
            self._saver.close()

    def start_match(self, fill_with: str | None = None) -> None:
        """Start now (the GUI's button); unclaimed open seats become ``fill_with`` computers."""
        if self.started:
            return
        for state in self.seats.values():
            if state.human and not state.claimed:
                if fill_with is None:
                    raise ValueError(f"seat {state.seat.name} is still open")
                state.kind = fill_with
                state.name = fill_with
                state.computer = self._player(fill_with, state.seat, "computer")
        self.started = True
        self._cpu_at_start = time.process_time()
        self._log(f"开始 match starts: {self.match.game.value} seed {self.match.seed}")
        self._autosave()
        self._broadcast_lobby()
        for state in self.seats.values():
            self._resync(state)
        self._referee_task = asyncio.create_task(self._referee())

    # ------------------------------------------------------------------ saving

    def snapshot(self) -> dict[str, Any]:
        return {
            "format": TABLE_FORMAT,
            "version": TABLE_VERSION,
            "table": self.settings.table_name,
            "hands": self.settings.hands,
            "started": self.started,
            "seats": [
                {"seat": s.seat.name, "kind": s.kind, "name": s.name, "token": s.token}
                for s in self.seats.values()
            ],
            "record": self.match.record(),
        }

    def _autosave(self) -> None:
        if self._saver is not None:
            self._saver.save(self.snapshot())

    @classmethod
    def resume(
        cls,
        path: Path,
        settings: HostSettings | None = None,
        listener: HostListener | None = None,
        make_player: PlayerFactory | None = None,
        save_path: Path | None = None,
    ) -> TableHost:
        """The table saved in ``path``: same match, seats and tokens. Saves go back to
        ``path`` unless ``save_path`` is given."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise RecordError(f"cannot read table file {path}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise RecordError(f"table file {path} is corrupt or truncated: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
            raise RecordError(f"{path} is not a shengji-desktop table file")
        if data.get("version") != TABLE_VERSION:
            raise RecordError(f"{path}: table version {data.get('version')!r} not supported")
        try:
            match, _ = replay(data["record"])
            seats = [
                (Seat[d["seat"]], str(d["kind"]), str(d["name"]), d["token"]) for d in data["seats"]
            ]
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"{path}: malformed table file: {exc}") from None
        settings = settings or HostSettings()
        if settings.hands is None and isinstance(data.get("hands"), int):
            settings.hands = data["hands"]
        host = cls(
            match.game,
            match.options,
            match.seed,
            [kind for _, kind, _, _ in seats],
            settings,
            save_path or path,
            listener,
            make_player,
        )
        host.match = match
        for seat, _, name, token in seats:
            state = host.seats[seat]
            state.name = name
            state.token = token if isinstance(token, str) and token else None
        host.started = bool(data.get("started"))
        return host

    # ------------------------------------------------------------------ connections

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        conn = Connection(writer, f"{peer[0]}:{peer[1]}" if peer else "?")
        self.conns.add(conn)
        if len(self.conns) > self.settings.max_connections:
            self._fatal(conn, p.ErrorCode.BUSY, "too many connections")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.hello_timeout
        try:
            while not conn.closing:
                try:
                    if conn.seat is None:
                        data = await asyncio.wait_for(reader.read(65536), deadline - loop.time())
                    else:
                        data = await reader.read(65536)
                except TimeoutError:
                    self._fatal(conn, p.ErrorCode.TIMEOUT, "no hello in time")
                    break
                except (ConnectionError, OSError):
                    break
                if not data:
                    break
                for item in conn.decoder.feed(data):
                    if conn.closing:
                        break
                    self._handle_safely(conn, item)
        finally:
            self.conns.discard(conn)
            conn.close()
            self._drop(conn)

    def _handle_safely(self, conn: Connection, item: p.ClientMessage | p.ProtocolError) -> None:
        """Whatever arrives, the host answers and goes on; a bug becomes an INTERNAL error."""
        try:
            if isinstance(item, p.ProtocolError) and item.code is p.ErrorCode.VERSION:
                self._fatal(conn, item.code, item.message)
            elif isinstance(item, p.ProtocolError):
                self._garbage(conn, item.code, item.message)
            else:
                self._handle(conn, item)
        except Exception as exc:  # the host never crashes on input
            self._log(f"internal error on {conn.peer}: {exc!r}")
            self._garbage(conn, p.ErrorCode.INTERNAL, "the host could not handle this message")

    def _send(self, conn: Connection, message: p._HostMsg) -> None:
        conn.send(message, self.settings.max_send_buffer)

    def _garbage(
        self, conn: Connection, code: p.ErrorCode, message: str, ref: int | None = None
    ) -> None:
        conn.errors += 1
        if conn.errors >= self.settings.max_errors:
            self._fatal(
                conn, p.ErrorCode.TOO_MANY_ERRORS, f"{conn.errors} bad messages; last: {message}"
            )
            return
        self._send(conn, p.Error(code=code.value, message=message, ref=ref))

    def _fatal(self, conn: Connection, code: p.ErrorCode, message: str) -> None:
        self._send(conn, p.Error(code=code.value, message=message, fatal=True))
        self._log(f"{conn.peer} closed: {code.value}: {message}")
        conn.close()

    def _handle(self, conn: Connection, msg: p.ClientMessage) -> None:
        if isinstance(msg, p.Ping):
            self._send(conn, p.Pong())
            return
        if isinstance(msg, p.Hello):
            self._hello(conn, msg)
            return
        state = conn.seat
        if state is None:
            self._garbage(conn, p.ErrorCode.HELLO_FIRST, "say hello first")
            return
        if isinstance(msg, p.Ready):
            if not self.started:
                state.ready = msg.ready
                self._broadcast_lobby()
                self._maybe_start()
        elif isinstance(msg, p.Sync):
            self._resync(state)
        elif isinstance(msg, p.Leave):
            conn.close()
        elif isinstance(msg, p.Act):
            self._act(conn, state, msg)

    def _hello(self, conn: Connection, msg: p.Hello) -> None:
        if conn.seat is not None:
            self._garbage(
                conn, p.ErrorCode.ALREADY_SEATED, f"already seated at {conn.seat.seat.name}"
            )
            return
        if msg.version != p.PROTOCOL_VERSION:
            self._fatal(
                conn,
                p.ErrorCode.VERSION,
                f"protocol version {msg.version} is not supported "
                f"(this host speaks {p.PROTOCOL_VERSION})",
            )
            return
        if msg.token is not None:
            state = self._seat_of_token(msg.token)
            if state is None:
                self._fatal(conn, p.ErrorCode.BAD_TOKEN, "no seat has this token")
                return
            if state.conn is not None:
                self._fatal(state.conn, p.ErrorCode.SUPERSEDED, "the seat reconnected elsewhere")
                state.conn.seat = None
        else:
            if self.started:
                self._fatal(
                    conn, p.ErrorCode.TABLE_FULL, "the match has started; rejoin with your token"
                )
                return
            free = [s for s in self.seats.values() if s.human and not s.claimed]
            if msg.seat is not None:
                wanted = self.seats[Seat[msg.seat]]
                if wanted not in free:
                    self._fatal(conn, p.ErrorCode.SEAT_TAKEN, f"seat {msg.seat} is not free")
                    return
                free = [wanted]
            if not free:
                self._fatal(conn, p.ErrorCode.TABLE_FULL, "no open seat")
                return
            state = free[0]
            state.token = secrets.token_urlsafe(24)
        assert state.token is not None
        state.name = msg.name
        state.conn = conn
        state.dropped_at = None
        if state.standin is not None:
            state.standin = None
            self._log(f"{state.seat.name} {state.name} is back; the stand-in leaves")
        conn.seat = state
        self._log(f"{state.seat.name} {state.name} joined from {conn.peer}")
        self._send(
            conn,
            p.Welcome(
                version=p.PROTOCOL_VERSION, seat=state.seat.name, token=state.token, name=state.name
            ),
        )
        self._autosave()
        self._broadcast_lobby()
        if self.started:
            self._resync(state)
        self._changed.set()
        self._maybe_start()

    def _seat_of_token(self, token: str) -> SeatState | None:
        found = None
        for state in self.seats.values():
            # Compare with every seat in constant time: no timing hint about any token.
            if state.token is not None and secrets.compare_digest(
                state.token.encode(), token.encode()
            ):
                found = state
        return found

    def _drop(self, conn: Connection) -> None:
        state = conn.seat
        if state is None or state.conn is not conn:
            return
        state.conn = None
        conn.seat = None
        self._log(f"{state.seat.name} {state.name} left")
        if not self.started:  # a lobby seat is released at once
            state.token = None
            state.name = ""
            state.ready = False
            self._autosave()
        else:
            state.dropped_at = time.monotonic()
        self._broadcast_lobby()
        self._changed.set()

    def _maybe_start(self) -> None:
        if self.started:
            return
        humans = [s for s in self.seats.values() if s.human]
        if not all(s.conn is not None for s in humans):
            return
        if self.settings.start_when_full or all(s.ready for s in humans):
            self.start_match()

    # ------------------------------------------------------------------ actions

    def _act(self, conn: Connection, state: SeatState, msg: p.Act) -> None:
        if not self.started:
            self._garbage(conn, p.ErrorCode.NOT_STARTED, "the match has not started", msg.ref)
            return
        try:
            action = msg.action.to_action()
        except p.ProtocolError as exc:
            self._garbage(conn, exc.code, exc.message, msg.ref)
            return
        if action.kind in (Act.DEAL, Act.NEXT_HAND):
            self._garbage(
                conn, p.ErrorCode.TABLE_ACTION, f"only the table may {action.kind.value}", msg.ref
            )
            return
        if action.seat is not None and action.seat != state.seat:
            self._garbage(
                conn,
                p.ErrorCode.NOT_YOUR_SEAT,
                f"you sit at {state.seat.name}, not {action.seat.name}",
                msg.ref,
            )
            return
        action = Action(
            action.kind, state.seat, action.cards, action.suit, action.value, action.taken
        )
        try:
            self._apply(action, state.seat, msg.ref)
        except RuleError as exc:
            conn.illegal_streak += 1
            if conn.illegal_streak >= self.settings.max_illegal:
                self._fatal(
                    conn,
                    p.ErrorCode.TOO_MANY_ERRORS,
                    f"{conn.illegal_streak} illegal actions in a row",
                )
                return
            self._send(
                conn,
                p.Error(
                    code=p.ErrorCode.ILLEGAL.value,
                    message=str(exc),
                    reason=exc.reason.value,
                    rule=exc.rule,
                    ref=msg.ref,
                ),
            )
            return
        conn.illegal_streak = 0

    def _apply(self, action: Action, by: Seat | None, ref: int | None = None) -> None:
        """Referee one action: RuleError leaves everything as it was."""
        try:
            events = self.match.apply(action)
        except RuleError:
            raise
        except Exception as exc:
            # An engine fault half-way through an action: rebuild the match from its record
            # (the action was not recorded) so that bad input can never change the state.
            self.match = replay(self.match.record())[0]
            raise RuleError(
                Reason.ACTION_INVALID, "GEN-SEAT-1", f"internal error: {exc!r}"
            ) from exc
        self.version += 1
        self._autosave()
        seq = len(self.match.actions)
        for state in self.seats.values():
            if state.conn is not None:
                self._send(
                    state.conn,
                    p.Update(
                        seq=seq,
                        events=[e.for_seat(state.seat) for e in events],
                        view=self.match.view(state.seat),
                        ref=ref if by == state.seat else None,
                    ),
                )
        self.listener.on_events(events, self.match)
        self._changed.set()

    def _resync(self, state: SeatState) -> None:
        if state.conn is not None and self.started:
            self._send(
                state.conn,
                p.Update(
                    seq=len(self.match.actions),
                    events=[],
                    view=self.match.view(state.seat),
                    resync=True,
                ),
            )

    # ------------------------------------------------------------------ lobby

    def lobby(self) -> p.Lobby:
        return p.Lobby(
            table=self.settings.table_name,
            game=self.match.game.value,
            options=self.match.options.for_game(self.match.game),
            seats=[s.info() for s in self.seats.values()],
            started=self.started,
            hands=self.settings.hands,
        )

    def free_seats(self) -> int:
        return sum(1 for s in self.seats.values() if s.human and not s.claimed)

    def _broadcast_lobby(self) -> None:
        lobby = self.lobby()
        for state in self.seats.values():
            if state.conn is not None:
                self._send(state.conn, lobby)
        self.listener.on_lobby(lobby)

    # ------------------------------------------------------------------ the referee

    def _player(self, kind: str, seat: Seat, role: str) -> Player:
        return self._make_player(kind, f"{self.match.seed}/{role}/{seat.name}")

    def _computer(self, seat: Seat) -> Player | None:
        """The computer playing ``seat`` now, if any (a stand-in starts when its time comes)."""
        state = self.seats[seat]
        if state.computer is not None:
            return state.computer
        if state.conn is None and state.dropped_at is not None:
            if (
                state.standin is None
                and time.monotonic() >= state.dropped_at + self.settings.standin_after
            ):
                state.standin = self._player(self.settings.standin_kind, seat, "standin")
                self._log(f"{seat.name} {state.name} is away; a computer plays for now")
                self._broadcast_lobby()
            return state.standin
        return None

    def _next_deadline(self) -> float | None:
        times = [
            s.dropped_at + self.settings.standin_after - time.monotonic()
            for s in self.seats.values()
            if s.conn is None and s.dropped_at is not None and s.standin is None
        ]
        return max(0.0, min(times)) + 0.01 if times else None

    def _hands_done(self) -> bool:
        return self.settings.hands is not None and len(self.match.history) >= self.settings.hands

    async def _referee(self) -> None:
        try:
            while True:
                m = self.match
                if m.phase == Phase.OVER:
                    self._finish("match over")
                    return
                if m.phase == Phase.SETTLED:
                    if self._hands_done():
                        self._finish("hands done")
                        return
                    await asyncio.sleep(self.settings.settle_pause)
                    self._apply(Action(Act.NEXT_HAND), None)
                    continue
                if m.phase == Phase.DEAL:
                    if await self._computers_declare():
                        continue
                    await asyncio.sleep(self.settings.deal_pace)
                    if self.match.phase == Phase.DEAL:
                        self._apply(Action(Act.DEAL), None)
                    continue
                seat = next((s for s in m.to_act() if self._computer(s) is not None), None)
                if seat is not None:
                    await self._computer_turn(seat)
                    continue
                self._changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), self._next_deadline())
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a referee bug: report it, keep the save, end the table
            self._log(f"referee stopped: {exc!r}")
            self._finish(f"host error: {exc!r}")

    async def _decide(self, player: Player, seat: Seat) -> tuple[Action | None, list[Action]]:
        view = self.match.view(seat)
        legal = self.match.legal_actions(seat)
        loop = asyncio.get_running_loop()
        try:
            action = await loop.run_in_executor(self._pool, player.decide, view, legal)
        except Exception as exc:
            self._log(f"{seat.name} computer failed: {exc!r}; a random legal action instead")
            action = None
        return action, legal

    async def _computers_declare(self) -> bool:
        """During the deal, each computer seat may declare before the next card."""
        seats = [s for s in Seat if self._computer(s) is not None and self.match.legal_actions(s)]
        self._rng.shuffle(seats)
        for seat in seats:
            player = self._computer(seat)
            if player is None:
                continue
            version = self.version
            action, _ = await self._decide(player, seat)
            if action is None or self.version != version or self._computer(seat) is not player:
                continue
            try:
                self._apply(action, seat)
                return True
            except RuleError as exc:
                self._log(f"{seat.name} computer declared illegally: {exc}")
        return False

    async def _computer_turn(self, seat: Seat) -> None:
        player = self._computer(seat)
        assert player is not None
        version = self.version
        action, legal = await self._decide(player, seat)
        if self.version != version or self._computer(seat) is not player:
            return  # the table moved on (or the human came back) while it thought
        if action is not None:
            try:
                self._apply(action, seat)
                return
            except RuleError as exc:
                self._log(f"{seat.name} computer chose an illegal action ({exc}); random instead")
        fallback = RandomPlayer(self._rng)
        hand = hand_of(self.match.view(seat))
        for _ in range(20):
            try:
                self._apply(fallback.pick_action(legal, hand), seat)
                return
            except RuleError:
                continue
        raise RuntimeError(f"{seat.name}: no legal action could be made")

    def _finish(self, reason: str) -> None:
        summary = self.match.summary()
        # The host's CPU time since the match started here (thinking computers included).
        summary["host_cpu_s"] = round(time.process_time() - self._cpu_at_start, 3)
        self._log(f"结束 table ends: {reason}")
        self._autosave()
        if self._saver is not None:
            self._saver.flush()  # the final state is on disk before anyone hears the end
        for state in self.seats.values():
            if state.conn is not None:
                self._send(state.conn, p.Bye(reason=reason, summary=summary))
                state.conn.close()
        self.listener.on_finished(reason, summary)
        if self._done is not None and not self._done.done():
            self._done.set_result(summary)

    def _log(self, line: str) -> None:
        self.listener.on_log(line)


def _default_factory(kind: str, seed: str) -> Player:
    from ..ai import make_player

    return make_player(kind, seed)
