"""The host: one LAN table, put together from its parts — ``transport`` (connections),
``lobby`` (seats, names, tokens), ``referee`` (the match, run by the engine's ``Table``) and
``persistence`` (the table file) — and reporting to a ``HostListener``.

Clients send actions; the referee judges them (an illegal one is answered with the rules'
reason and rule and changes nothing) and tells each seat only what that seat may see. The
table deals and starts hands by itself. After every action the match and the seats are saved
by a writer thread (one line appended per action, the file rewritten atomically at each hand's
end: ``persistence``); ``TableHost.resume`` restarts from that file.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.events import Event, HandSettled
from ..engine.headless import PlayerFactory, random_only
from ..engine.match import Match, secret_seed
from ..engine.record import summary_json
from ..rules.cards import Seat
from ..rules.options import Game, Options
from . import protocol as p
from .lobby import OPEN, Lobby, SeatState
from .persistence import SavedSeat, TableFile, read_table, table_meta
from .referee import Referee
from .settings import HostSettings
from .transport import Connection, Server

__all__ = ["OPEN", "HostListener", "HostSettings", "PlayerFactory", "SeatState", "TableHost"]


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


class TableHost:
    """One table. ``seats`` gives each seat's kind: "open" for a human, or a computer level
    that ``make_player(kind, seed)`` turns into a player (the engine's random-only factory by
    default: the caller injects ``ai.make_player``).

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
        *,
        match: Match | None = None,
    ) -> None:
        """``match``: a match to go on with (``resume``); else a new one of game, options, seed
        (None: a secret one, ``secret_seed``). No client ever hears the seed."""
        self.settings = settings or HostSettings()
        self.listener = listener or HostListener()
        self.save_path = save_path
        if match is None:
            match = Match(game, options, secret_seed() if seed is None else seed)
        self.server = Server(self.settings, self._handle, self._closed, self._log)
        self._seats = Lobby(
            seats or [OPEN] * 4,
            self.server,
            self._log,
            grace=self.settings.lobby_grace,
            on_release=self._released,
            before_welcome=self._save_now,
        )
        self.referee = Referee(
            match,
            self._seats,
            self.settings,
            make_player or random_only,
            self.server,
            self._log,
            on_action=self._on_action,
            on_seats=self._broadcast_lobby,
            on_end=self._finish,
        )
        self._file = TableFile(save_path, self._log, self.meta) if save_path is not None else None
        self._done: asyncio.Future[dict[str, Any]] | None = None
        self._bye: p.Bye | None = None  # once the table has ended: the answer to any hello
        self._chat_at: dict[Seat, float] = {}  # when each seat last said a 快捷语 phrase
        self._cpu_at_start = time.process_time()

    @property
    def match(self) -> Match:
        return self.referee.match

    @property
    def seats(self) -> dict[Seat, SeatState]:
        return self._seats.seats

    @property
    def started(self) -> bool:
        return self._seats.started

    @property
    def port(self) -> int | None:
        return self.server.port

    @property
    def conns(self) -> set[Connection]:
        return self.server.conns

    # ------------------------------------------------------------------ lifecycle

    async def start(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Listen; returns the port (the chosen one when ``port`` is 0)."""
        self._done = asyncio.get_running_loop().create_future()
        bound = await self.server.start(host, port)
        for state in self._seats:  # resumed: people have a while to come back
            if state.human and state.claimed:
                self._seats.hold(state)  # in play: standin_after; in the lobby: the grace
        if self.started:
            self.referee.start()
        return bound

    async def finished(self) -> dict[str, Any]:
        assert self._done is not None, "start() first"
        return await asyncio.shield(self._done)

    async def close(self) -> None:
        await self.referee.close()
        await self.server.close()
        # Late callbacks of closing connections may still ask for a save: they find no file.
        file, self._file = self._file, None
        if file is not None:
            file.close()

    def start_match(self, fill_with: str | None = None) -> None:
        """Start now (the GUI's button); unclaimed open seats become ``fill_with`` computers."""
        if self.started:
            return
        if fill_with is not None:
            self.referee.player(fill_with, Seat.S, "check")  # an unknown kind changes nothing
        filled = self._seats.fill(fill_with)
        self._seats.started = True
        self._cpu_at_start = time.process_time()
        self._log(f"开始 match starts: {self.match.game.value} seed {self.match.seed}")
        self._autosave()
        self._broadcast_lobby()
        self.referee.start(filled)

    # ------------------------------------------------------------------ saving

    def meta(self) -> dict[str, Any]:
        """The table's part of its file: seats, names, tokens, whether it has started."""
        seats = [SavedSeat(s.seat, s.kind, s.name, s.token, s.old_token) for s in self._seats]
        return table_meta(seats, self.started, self.settings.hands, self.settings.table_name)

    def _autosave(self) -> None:
        if self._file is not None:
            self._file.save(self.match, self.meta())

    def _save_now(self) -> None:
        """A new token is on disk before its welcome is sent: a host that stops in between
        knows it (and the one it replaces) when it resumes."""
        self._autosave()
        if self._file is not None:
            self._file.flush()

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
        ``path`` unless ``save_path`` is given. RecordError names a bad file."""
        saved = read_table(path)
        settings = settings or HostSettings()
        if settings.hands is None and saved.hands is not None:
            settings.hands = saved.hands
        match = saved.match
        host = cls(
            match.game,
            match.options,
            match.seed,
            [s.kind for s in saved.seats],
            settings,
            save_path or path,
            listener,
            make_player,
            match=match,
        )
        for s in saved.seats:
            state = host.seats[s.seat]
            state.name = s.name
            state.token = s.token
            state.old_token = s.old_token
        host._seats.started = saved.started
        for warning in saved.warnings:
            host._log(warning)
        return host

    # ------------------------------------------------------------------ messages

    def _handle(self, conn: Connection, msg: p.ClientMessage) -> None:
        if self._bye is not None:  # the table has ended: whoever still talks hears so
            self.server.send(conn, self._bye)
            conn.close()
            return
        if isinstance(msg, p.Hello):
            self._hello(conn, msg)
            return
        state = self._seats.state_of(conn)
        if state is None:
            self.server.garbage(conn, p.ErrorCode.HELLO_FIRST, "say hello first")
            return
        if isinstance(msg, p.Ready):
            if self._seats.set_ready(state, msg.ready):
                self._broadcast_lobby()
                self._maybe_start()
        elif isinstance(msg, p.Sync):
            if conn.synced_seq != self.referee.seq:  # a repeated sync is answered once
                conn.synced_seq = self.referee.seq
                self.referee.resync(state)
        elif isinstance(msg, p.Leave):
            conn.close()
        elif isinstance(msg, p.Act):
            self.referee.act(conn, state, msg)
        elif isinstance(msg, p.Autoplay):
            self.referee.autoplay(state, msg.on, msg.level)
        elif isinstance(msg, p.Chat):
            self._chat(conn, state, msg)

    def _chat(self, conn: Connection, state: SeatState, msg: p.Chat) -> None:
        """快捷语: every seat hears the phrase; one per ``chat_interval`` per seat, the rest
        refused (not fatal, not counted as garbage)."""
        now = time.monotonic()
        last = self._chat_at.get(state.seat)
        wait = self.settings.chat_interval
        if last is not None and now - last < wait:
            left = wait - (now - last)
            self.server.send(
                conn,
                p.Error(
                    code=p.ErrorCode.CHAT_RATE.value,
                    message=f"one phrase every {wait:g} s; try again in {left:.1f} s",
                ),
            )
            return
        self._chat_at[state.seat] = now
        self._seats.broadcast(p.Said(seat=state.seat.name, phrase=msg.phrase))

    def _hello(self, conn: Connection, msg: p.Hello) -> None:
        state = self._seats.hello(conn, msg)
        if state is None:
            return
        if self.started:
            self.referee.seat_back(state)
        self._autosave()
        self._broadcast_lobby()
        self.referee.resync(state)
        self._maybe_start()

    def _closed(self, conn: Connection) -> None:
        state = self._seats.drop(conn)
        if state is None:
            return
        if self.started:
            self.referee.seat_left(state)
        elif not state.claimed:  # released at once (no grace)
            self._autosave()
        self._broadcast_lobby()

    def _released(self, state: SeatState) -> None:
        """A lobby seat's grace is over: it is free again."""
        self._autosave()
        self._broadcast_lobby()

    def _maybe_start(self) -> None:
        if not self.started and self._seats.all_in(self.settings.start_when_full):
            self.start_match()

    # ------------------------------------------------------------------ the lobby

    def lobby(self) -> p.Lobby:
        match = self.match
        return self._seats.message(
            match.game.value,
            match.options.for_game(match.game),
            self.settings.table_name,
            self.settings.hands,
        )

    def free_seats(self) -> int:
        return self._seats.free_seats()

    def _broadcast_lobby(self) -> None:
        lobby = self.lobby()
        self._seats.broadcast(lobby)
        self.listener.on_lobby(lobby)

    # ------------------------------------------------------------------ the match

    def _on_action(self, events: Sequence[Event]) -> None:
        if self._file is not None:  # one line; at a hand's end the file is rewritten whole
            self._file.save(self.match, compact=any(isinstance(e, HandSettled) for e in events))
        try:
            self.listener.on_events(list(events), self.match)
        except Exception as exc:  # whoever listens cannot stop the table
            self._log(f"the host's listener failed: {exc!r}")

    def _finish(self, reason: str) -> None:
        summary = summary_json(self.match)
        # The host's CPU time since the match started here (thinking computers included).
        summary["host_cpu_s"] = round(time.process_time() - self._cpu_at_start, 3)
        self._log(f"结束 table ends: {reason}")
        self._autosave()
        if self._file is not None:
            self._file.flush()  # the final state is on disk before anyone hears the end
        # The seed deals every hand (and seeds the computers): it stays with the host.
        public = {k: v for k, v in summary.items() if k != "seed"}
        self._bye = p.Bye(reason=reason, summary=public)
        for conn in list(self.server.conns):  # seated or not: nobody is welcomed any more
            self.server.send(conn, self._bye)
            conn.close()
        self.listener.on_finished(reason, summary)
        if self._done is not None and not self._done.done():
            self._done.set_result(summary)

    def _log(self, line: str) -> None:
        self.listener.on_log(line)
