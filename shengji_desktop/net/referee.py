"""The referee: runs a hosted table's match with the engine's ``Table`` (the one driver) and
tells each connected seat only what that seat may see.

People at the table are ``None`` seats of the ``Table``: their actions come from the connection
handler through ``table.submit`` (the rules' refusal is answered with its reason and rule and
changes nothing). Computer seats, and stand-ins for people who dropped, are ``Player``s from
the injected seat factory; their decisions run on a thread pool (``HostPacing.think``), so the
loop stays responsive. ``HostPacing`` also paces the deal, pauses after a settlement and seats a
stand-in once a dropped person's time is up. A fault of the engine half-way through an action
rebuilds the match from its record, so bad input can never change the state.

Watchers (旁观, ``watchers``) follow the table through one more seat watcher of the ``Table``,
registered while anybody watches: its events, cut for a seat, are cut again for nobody
(``view.watcher_event``), so refused attempts shown to all reach them as well.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from ..engine.actions import Act, Action
from ..engine.events import AttemptRefused, Event
from ..engine.headless import PlayerFactory
from ..engine.match import Match
from ..engine.phase import Phase
from ..engine.record import record_json, replay
from ..engine.table import (
    Decision,
    Fault,
    Pacing,
    Player,
    SeatWatcher,
    Table,
    TableStopped,
    fallback,
)
from ..engine.view import SeatView, seat_view
from ..rules.cards import Seat
from ..rules.errors import Reason, RuleError
from . import protocol as p
from .lobby import Lobby, SeatState
from .settings import HostSettings
from .transport import Connection, Server
from .watchers import Watcher, Watchers

# A computer's fault that recurs this often without the match moving on ends the table.
MAX_FAULTS = 3


class HostPacing(Pacing):
    """The host's timing: the deal's pace, the pause after a settlement, computers thinking on
    a thread pool, and stand-ins seated when a dropped person's time is up."""

    def __init__(self, referee: Referee) -> None:
        self.referee = referee
        self.settings = referee.settings
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="shengji-ai")

    async def ready(self, table: Table) -> None:
        self.referee.seat_standins()
        await self.referee.check_clock()

    async def before_deal(self, table: Table) -> None:
        await asyncio.sleep(self.settings.deal_pace)

    async def before_next_hand(self, table: Table) -> None:
        await asyncio.sleep(self.settings.settle_pause)

    async def think(self, decision: Decision) -> Action | None:
        return await asyncio.get_running_loop().run_in_executor(self.pool, decision)

    def wake_after(self) -> float | None:
        times = [
            t for t in (self.referee.next_standin_in(), self.referee.clock_in()) if t is not None
        ]
        return min(times) if times else None


class Referee:
    """Runs ``match`` for the seats of ``lobby``. ``on_action(events)`` follows every applied
    action (uncut events: logs, saves), ``on_seats()`` a stand-in coming or going,
    ``on_end(reason)`` the end of the match ("match over", "hands done", "host error: ...")."""

    def __init__(
        self,
        match: Match,
        lobby: Lobby,
        settings: HostSettings,
        make_player: PlayerFactory,
        server: Server,
        log: Callable[[str], None],
        *,
        on_action: Callable[[Sequence[Event]], None],
        on_seats: Callable[[], None],
        on_end: Callable[[str], None],
        watchers: Watchers | None = None,
    ) -> None:
        self.lobby = lobby
        self.watchers = watchers
        self._following: tuple[Table, SeatWatcher] | None = None  # the watchers' hook
        self.settings = settings
        self.make_player = make_player
        self.server = server
        self.log = log
        self.on_action = on_action
        self.on_seats = on_seats
        self.on_end = on_end
        self.seed = match.seed
        for state in lobby:
            if not state.human:
                state.computer = self.player(state.kind, state.seat, "computer")
        self.player(settings.standin_kind, Seat.S, "check")  # fail now, not mid-match
        self.pacing = HostPacing(self)
        self.table = self._table(match)
        self._task: asyncio.Task[None] | None = None
        self._run: asyncio.Future[None] | None = None
        self._acting: tuple[Seat, int | None] | None = None
        self._fault_seq = -1
        self._faults = 0
        # The settled hands each seat's connection has had: an update sends only the others.
        # (Weakly: a closed connection and its buffers are not kept alive here.)
        self._history_sent: dict[Seat, tuple[weakref.ref[Connection], int]] = {}
        # The move clock: (table, its version, the seat) it runs for, and its deadline.
        self._clock: tuple[tuple[int, int, Seat], float] | None = None
        self._timeouts: dict[Seat, int] = {}  # timeouts in a row, per seat
        self._timeout_players: dict[Seat, Player] = {}

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def seq(self) -> int:
        """The match's actions so far: an update's ``seq``."""
        return len(self.table.match.actions)

    def player(self, kind: str, seat: Seat, role: str) -> Player:
        return self.make_player(kind, f"{self.seed}/{role}/{seat.name}")

    # ------------------------------------------------------------------ the table

    def _table(self, match: Match) -> Table:
        table = Table(
            match,
            {s.seat: s.computer or s.standin for s in self.lobby},
            rng=random.Random(f"{match.seed}/host"),
            pacing=self.pacing,
            hands=self.settings.hands,
            strict=False,
            on_fault=self._fault,
        )
        table.watch_referee(lambda action, events: self.on_action(events))
        return table

    def _watch(self, table: Table) -> None:
        for state in self.lobby:
            if state.human:
                table.watch(state.seat, self._watcher(table, state))
        self._following = None
        self.watchers_changed()

    def watchers_changed(self) -> None:
        """Follow the table for the watchers while there are any, once it runs (a table
        nobody watches spends nothing on them)."""
        if self._task is None or self.watchers is None:
            return
        following = self._following
        if len(self.watchers) and (following is None or following[0] is not self.table):
            table = self.table

            def send(events: Sequence[Event], view: SeatView) -> None:
                if table is self.table:
                    self._publish(events)

            table.watch(Seat.S, send)
            self._following = (table, send)
        elif not len(self.watchers) and following is not None:
            following[0].unwatch(following[1])
            self._following = None

    def _publish(self, events: Sequence[Event], only: Watcher | None = None) -> None:
        if self.watchers is None:
            return
        seats = self.lobby.seats
        self.watchers.publish(
            self.match, self.seq, events, lambda s: seats[s].shoulder, self._clock_left(), only
        )

    def resync_watcher(self, watcher: Watcher) -> None:
        """A watcher's whole view now (after its hello, a look, a sync, a shoulder)."""
        if self.lobby.started and self._task is not None:
            self._publish((), watcher)

    def resync_watchers(self, seat: Seat | None = None) -> None:
        """Every watcher's view again (``seat``: of those who watch from it)."""
        for w in self.watchers or ():
            if seat is None or w.seat is seat:
                self.resync_watcher(w)

    def _clock_left(self) -> tuple[str, float] | None:
        clock = self.clock()
        return (clock[0].name, max(0.0, clock[1] - time.monotonic())) if clock else None

    def _watcher(self, table: Table, state: SeatState) -> SeatWatcher:
        def send(events: Sequence[Event], view: SeatView) -> None:
            if table is not self.table or state.conn is None:
                return
            acting = self._acting
            ref = acting[1] if acting is not None and acting[0] is state.seat else None
            if len(events) == 1 and isinstance(events[0], AttemptRefused):
                ref = None  # a refused attempt, shown to all: its answer is the error after it
            self._send_update(state.conn, state.seat, events, view, ref=ref)

        return send

    def _send_update(
        self,
        conn: Connection,
        seat: Seat,
        events: Sequence[Event],
        view: SeatView,
        *,
        ref: int | None = None,
        resync: bool = False,
    ) -> None:
        """The update, with only the settled hands this connection has not had (all of them
        for a resync or a new connection)."""
        sent = self._history_sent.get(seat)
        known = sent[1] if sent is not None and sent[0]() is conn and not resync else 0
        update = p.update_of(
            self.seq, events, view, ref=ref, resync=resync, known=known, clock=self._clock_left()
        )
        self._history_sent[seat] = (weakref.ref(conn), len(view.history))
        self.server.send(conn, update)

    def start(self, filled: Sequence[SeatState] = ()) -> None:
        """The match starts (or goes on, resumed): ``filled`` open seats got computers."""
        for state in filled:
            state.computer = self.player(state.kind, state.seat, "computer")
            self.table.set_player(state.seat, state.computer)
        self._task = asyncio.create_task(self._supervise())
        self._watch(self.table)
        for state in self.lobby:
            self.resync(state)
        self.resync_watchers()

    async def close(self) -> None:
        self.table.stop()
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.pacing.pool.shutdown(wait=False, cancel_futures=True)

    async def _supervise(self) -> None:
        """Run the table to its end; after a fault, go on with the rebuilt one."""
        while True:
            table = self.table
            run = self._run = asyncio.ensure_future(table.run())
            try:
                await asyncio.wait({run})
            finally:
                if not run.done():  # we are being cancelled (close)
                    run.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await run
            if self.table is not table:
                continue  # rebuilt after a person's action made the engine fail
            fault = None if run.cancelled() else run.exception()
            if fault is not None:
                if self._rebuild(f"the table stopped: {fault!r}", counted=True):
                    continue
                self.on_end(f"host error: {fault!r}")
                return
            if self.match.phase is Phase.OVER:
                self.on_end("match over")
            elif table.finished:
                self.on_end("hands done")
            return

    def _rebuild(self, why: str, counted: bool) -> bool:
        """Replace the match by its replayed record (the failed action was not recorded) and
        the table by a fresh one. ``counted``: give up after MAX_FAULTS at the same point."""
        seq = self.seq
        if counted:
            self._faults = self._faults + 1 if seq == self._fault_seq else 1
            self._fault_seq = seq
            if self._faults > MAX_FAULTS:
                self.log(f"{why}; {MAX_FAULTS} times at action {seq}: giving up")
                return False
        self.log(f"{why}; the match is rebuilt from its record")
        try:
            match, _ = replay(record_json(self.match))
        except Exception as exc:
            self.log(f"the record does not replay: {exc!r}")
            return False
        old = self.table
        self.table = self._table(match)
        self._watch(self.table)
        old.stop()
        if self._run is not None and not self._run.done():
            self._run.cancel()  # the supervisor goes on with the new table
        for state in self.lobby:
            self.resync(state)
        self.resync_watchers()
        return True

    def _fault(self, fault: Fault) -> None:
        self.log(f"{fault}; a legal action instead")

    # ------------------------------------------------------------------ people

    def act(self, conn: Connection, state: SeatState, msg: p.Act) -> None:
        """A person's action: refused with a clear code, or submitted to the table."""
        server = self.server
        if not self.lobby.started:
            server.garbage(conn, p.ErrorCode.NOT_STARTED, "the match has not started", msg.ref)
            return
        try:
            action = msg.action.to_action()
        except p.ProtocolError as exc:
            server.garbage(conn, exc.code, exc.message, msg.ref)
            return
        if action.kind in (Act.DEAL, Act.NEXT_HAND):
            server.garbage(
                conn, p.ErrorCode.TABLE_ACTION, f"only the table may {action.kind.value}", msg.ref
            )
            return
        if action.seat is not None and action.seat != state.seat:
            server.garbage(
                conn,
                p.ErrorCode.NOT_YOUR_SEAT,
                f"you sit at {state.seat.name}, not {action.seat.name}",
                msg.ref,
            )
            return
        try:
            self.submit(state.seat, action, msg.ref)
        except TableStopped:
            server.garbage(conn, p.ErrorCode.NOT_STARTED, "the table has ended", msg.ref)
            return
        except RuleError as exc:
            conn.illegal_streak += 1
            if conn.illegal_streak >= self.settings.max_illegal:
                server.fatal(
                    conn,
                    p.ErrorCode.TOO_MANY_ERRORS,
                    f"{conn.illegal_streak} illegal actions in a row",
                )
                return
            server.send(
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
        self._timeouts[state.seat] = 0  # the person acted in time

    def submit(self, seat: Seat, action: Action, ref: int | None = None) -> list[Event]:
        """Apply a person's action for ``seat``; RuleError leaves everything as it was (an
        engine fault too: the match is rebuilt from its record and the action refused)."""
        self._acting = (seat, ref)
        try:
            return self.table.submit(seat, action)
        except (RuleError, TableStopped):
            raise
        except Exception as exc:
            self._rebuild(f"{seat.name} {action}: engine fault {exc!r}", counted=False)
            raise RuleError(
                Reason.ACTION_INVALID, "GEN-SEAT-1", f"internal error: {exc!r}"
            ) from exc
        finally:
            self._acting = None

    def resync(self, state: SeatState) -> None:
        """The seat's whole view now, without events."""
        if state.conn is not None and self.lobby.started:
            view = self.table.view(state.seat)
            self._send_update(state.conn, state.seat, (), view, resync=True)

    def seat_back(self, state: SeatState) -> None:
        """A person has (re)taken their seat during the match: the stand-in leaves, and so
        does 托管 (a client that still wants it asks again)."""
        if state.standin is not None or state.autoplay is not None:
            state.standin = state.autoplay = None
            self.table.set_player(state.seat, None)
            self.log(f"{state.seat.name} {state.name} is back; the stand-in leaves")
        self.resync(state)

    def seat_left(self, state: SeatState) -> None:
        """A person dropped during the match: the table looks again when a stand-in is due."""
        self.table.wake()

    def autoplay(self, state: SeatState, on: bool, level: str) -> None:
        """托管 asked by the seat's person: a computer plays the seat from its next decision
        on, or the person again (one the computer is still thinking about included)."""
        if not state.human or on == (state.autoplay is not None):
            return
        state.autoplay = None
        if on:
            try:
                state.autoplay = self.player(level, state.seat, "autoplay")
            except ValueError:  # a level this host's factory lacks: its stand-ins' level
                state.autoplay = self.player(self.settings.standin_kind, state.seat, "autoplay")
        self.table.set_player(state.seat, state.autoplay or state.standin)
        self._timeouts[state.seat] = 0
        self.log(f"{state.seat.name} {state.name}: 托管 {'on' if on else 'off'}")
        self.on_seats()
        if not on:  # the seat's view as it is now (its window offers the moves from this one);
            # back while to act, the clock runs again: every seat sees it
            for other in self.lobby if self.clock() is not None else (state,):
                self.resync(other)

    # ------------------------------------------------------------------ stand-ins

    def _waiting(self) -> list[SeatState]:
        return [
            s
            for s in self.lobby
            if s.conn is None and s.dropped_at is not None and s.standin is None
        ]

    def seat_standins(self) -> None:
        """A computer takes each seat whose person has been away ``standin_after`` seconds."""
        now = time.monotonic()
        seated = False
        for state in self._waiting():
            assert state.dropped_at is not None
            if now >= state.dropped_at + self.settings.standin_after:
                state.standin = self.player(self.settings.standin_kind, state.seat, "standin")
                self.table.set_player(state.seat, state.standin)
                self.log(f"{state.seat.name} {state.name} is away; a computer plays for now")
                seated = True
        if seated:
            self.on_seats()

    def next_standin_in(self) -> float | None:
        """Seconds until the next stand-in is due; None when no seat waits for one."""
        times = [
            s.dropped_at + self.settings.standin_after - time.monotonic()
            for s in self._waiting()
            if s.dropped_at is not None
        ]
        return max(0.0, min(times)) + 0.01 if times else None

    # ------------------------------------------------------------------ the move clock

    def clock(self) -> tuple[Seat, float] | None:
        """The seat whose person is on the move clock and its deadline (``time.monotonic``);
        None with no limit or when no single person is to act. The clock starts when the
        seat comes to act and runs until the table moves on."""
        move_time = self.settings.move_time
        table = self.table
        m = table.match
        seats = m.to_act() if m.phase not in (Phase.DEAL, Phase.SETTLED, Phase.OVER) else []
        if (
            move_time is None
            or not self.lobby.started
            or table.stopped
            or len(seats) != 1
            or table.players[seats[0]] is not None
        ):
            self._clock = None
            return None
        seat = seats[0]
        key = (id(table), table.version, seat)
        if self._clock is None or self._clock[0] != key:
            limit = move_time * (self.settings.bury_factor if m.phase is Phase.KITTY else 1.0)
            self._clock = (key, time.monotonic() + limit)
        return seat, self._clock[1]

    def clock_in(self) -> float | None:
        """Seconds until the move clock runs out; None when it does not run."""
        clock = self.clock()
        return None if clock is None else max(0.0, clock[1] - time.monotonic()) + 0.01

    async def check_clock(self) -> None:
        """Time is up: the stand-in plays that one move; after ``timeouts_to_autoplay`` in a
        row the seat goes into 托管 until its person switches it off."""
        clock = self.clock()
        if clock is None or time.monotonic() < clock[1]:
            return
        seat = clock[0]
        table, version = self.table, self.table.version
        player = self._timeout_players.get(seat)
        if player is None:
            player = self._timeout_players[seat] = self.player(
                self.settings.standin_kind, seat, "timeout"
            )
        legal = self.match.legal_actions(seat)
        view = seat_view(self.match, seat, legal)
        try:
            action = await self.pacing.think(lambda: player.decide(view))
        except Exception as exc:
            self.log(f"{seat.name}: the stand-in failed ({exc!r})")
            action = None
        if self.table is not table or table.version != version or table.players[seat] is not None:
            return  # the person acted (or the table moved on) while it thought
        state = self.lobby.seats[seat]
        self.log(f"{seat.name} {state.name}: time is up; the stand-in plays this move")
        for move in (action, fallback(legal)):
            if move is None or self.table is not table or table.version != version:
                continue
            try:
                self.submit(seat, move)
            except RuleError as exc:
                self.log(f"{seat.name}: the stand-in's move was refused ({exc})")
            except TableStopped:
                return
        if table.version == version:
            return
        self._timeouts[seat] = self._timeouts.get(seat, 0) + 1
        if self._timeouts[seat] >= self.settings.timeouts_to_autoplay:
            self.autoplay(state, True, self.settings.standin_kind)
