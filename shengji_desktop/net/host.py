"""The host: one LAN table, put together from its parts — ``transport`` (connections),
``lobby`` (seats, names, tokens), ``referee`` (the match, run by the engine's ``Table``) and
``persistence`` (the table file) — and reporting to a ``HostListener``.

Clients send actions; the referee judges them (an illegal one is answered with the rules'
reason and rule and changes nothing) and tells each seat only what that seat may see. The
table deals and starts hands by itself. After every action the match and the seats are saved
by a writer thread (one line appended per action, the file rewritten atomically at each hand's
end: ``persistence``); ``TableHost.resume`` restarts from that file.

Watchers (旁观, ``watchers``) join without a seat, see what the whole table sees (over a
player's shoulder only while that player allows it), never act, and are not saved. The deal
seed of a table without ``seed`` is never printed nor sent: it would tell every hand.
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
from .tls import HostIdentity, make_identity
from .transport import Connection, Server
from .watchers import Watcher, Watchers

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
        identity: HostIdentity | None = None,
    ) -> None:
        """``match``: a match to go on with (``resume``); else a new one of game, options, seed
        (None: a secret one, ``secret_seed``). No client ever hears the seed. ``identity``:
        the host's TLS key and certificate (``tls.load_identity``; None: a new one for this
        table only)."""
        self.settings = settings or HostSettings()
        self.identity: HostIdentity | None = None
        if self.settings.tls:
            self.identity = identity or make_identity()
        self.listener = listener or HostListener()
        self.save_path = save_path
        # Whether the seed may be said (in logs, the summary): only one the caller chose.
        self.seed_public = seed is not None and match is None
        if match is None:
            match = Match(game, options, secret_seed() if seed is None else seed)
        self.server = Server(
            self.settings,
            self._handle,
            self._closed,
            self._log,
            on_heard=self._heard,
            tls=self.identity.server_context() if self.identity is not None else None,
        )
        self._seats = Lobby(
            seats or [OPEN] * 4,
            self.server,
            self._log,
            grace=self.settings.lobby_grace,
            on_release=self._released,
            before_welcome=self._save_now,
        )
        self.watchers = Watchers(self._seats, self.server, self._log, self.settings.max_watchers)
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
            watchers=self.watchers,
        )
        self._file = TableFile(save_path, self._log, self.meta) if save_path is not None else None
        self._done: asyncio.Future[dict[str, Any]] | None = None
        self._bye: p.Bye | None = None  # once the table has ended: the answer to any hello
        self._lobby_due: asyncio.TimerHandle | None = None  # a lobby for watchers' comings
        self._chat_at: dict[Seat | Watcher, float] = {}  # when each last said a 快捷语 phrase
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
    def fingerprint(self) -> bytes:
        """The SHA-256 fingerprint of the table's certificate (empty without TLS)."""
        return self.identity.fingerprint if self.identity is not None else b""

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
        if self._lobby_due is not None:
            self._lobby_due.cancel()
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
        seed = f" seed {self.match.seed}" if self.seed_public else ""
        self._log(f"开始 match starts: {self.match.game.value}{seed}")
        self._autosave()
        self._broadcast_lobby()
        self.referee.start(filled)

    # ------------------------------------------------------------------ saving

    def meta(self) -> dict[str, Any]:
        """The table's part of its file: seats, names, tokens, whether it has started."""
        seats = [SavedSeat(s.seat, s.kind, s.name, s.token, s.saved_old_token) for s in self._seats]
        return table_meta(
            seats,
            self.started,
            self.settings.hands,
            self.settings.table_name,
            self.settings.join_secret,
        )

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
        identity: HostIdentity | None = None,
    ) -> TableHost:
        """The table saved in ``path``: same match, seats and tokens. Saves go back to
        ``path`` unless ``save_path`` is given. RecordError names a bad file."""
        saved = read_table(path)  # watchers are not saved: they join again
        settings = settings or HostSettings()
        if settings.hands is None and saved.hands is not None:
            settings.hands = saved.hands
        if settings.join_secret is None:  # open to the internet before: again, same secret
            settings.join_secret = saved.join_secret
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
            identity=identity,
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
            if conn.watching:
                self.server.garbage(conn, p.ErrorCode.ALREADY_SEATED, "already watching")
            elif msg.watch:
                self._watcher_hello(conn, msg)
            else:
                self._hello(conn, msg)
            return
        watcher = self.watchers.of(conn)
        if watcher is not None:
            self._from_watcher(conn, watcher, msg)
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
            if self._chat_allowed(conn, state.seat):
                said = p.Said(seat=state.seat.name, phrase=msg.phrase)
                self._seats.broadcast(said)
                self.watchers.broadcast(said)
        elif isinstance(msg, p.Shoulder):
            self._shoulder(state, msg.allow)
        elif isinstance(msg, p.Look):
            self.server.garbage(conn, p.ErrorCode.MALFORMED, "only a watcher looks")

    def _from_watcher(self, conn: Connection, watcher: Watcher, msg: p.ClientMessage) -> None:
        """A watcher's message: it may look from another seat, ask for its view again, chat
        (heard by watchers only while a hand is on) or leave; nothing a seat does."""
        if isinstance(msg, p.Look | p.Sync):
            if isinstance(msg, p.Look):
                watcher.seat = Seat[msg.seat]
            if conn.synced_seq != self.referee.seq:  # once per state, however often asked
                conn.synced_seq = self.referee.seq
                self.referee.resync_watcher(watcher)
        elif isinstance(msg, p.Leave):
            conn.close()
        elif isinstance(msg, p.Chat):
            if self._chat_allowed(conn, watcher):
                said = p.Said(seat="", phrase=msg.phrase, watcher=watcher.name)
                self.watchers.broadcast(said)
                if not self._hand_on():  # no signals to a player while a hand is on
                    self._seats.broadcast(said)
        else:
            what = type(msg).__name__.lower()
            self.server.garbage(conn, p.ErrorCode.WATCHING, f"a watcher cannot {what}")

    def _hand_on(self) -> bool:
        from ..engine.phase import Phase

        return self.started and self.match.phase not in (Phase.SETTLED, Phase.OVER)

    def _shoulder(self, state: SeatState, allow: bool) -> None:
        """The seat's person lets watchers see its hand, or no longer: the watchers behind
        it are sent their view again; the plates say so."""
        if state.shoulder == allow:
            return
        state.shoulder = allow
        self._log(f"{state.seat.name} {state.name}: shown to watchers {'on' if allow else 'off'}")
        self._broadcast_lobby()
        self.referee.resync_watchers(state.seat)

    def _watcher_hello(self, conn: Connection, msg: p.Hello) -> None:
        if self.watchers.hello(conn, msg) is None:
            return
        self.referee.watchers_changed()
        self._watchers_lobby()
        watcher = self.watchers.of(conn)
        if watcher is not None:
            self.referee.resync_watcher(watcher)

    def _chat_allowed(self, conn: Connection, who: Seat | Watcher) -> bool:
        """One phrase per ``chat_interval`` for each seat and each watcher; the rest are
        refused (not fatal, not counted as garbage)."""
        now = time.monotonic()
        last = self._chat_at.get(who)
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
            return False
        self._chat_at[who] = now
        return True

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

    def _heard(self, conn: Connection) -> None:
        """A connection's first message since its welcome: the token its seat came back
        with is spent, and the table file says so at once (a host restarted from it refuses
        that token, as this one does)."""
        if self._seats.spend(conn):
            self._save_now()

    def _closed(self, conn: Connection) -> None:
        watcher = self.watchers.drop(conn)
        if watcher is not None:
            self._chat_at.pop(watcher, None)
            self.referee.watchers_changed()
            self._watchers_lobby()
            return
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
            self.watchers.names(),
        )

    def free_seats(self) -> int:
        return self._seats.free_seats()

    def _watchers_lobby(self) -> None:
        """Watchers came or went: the lobby again, once per ``lobby_delay`` at most (watchers
        coming and going as fast as they can send no stream of messages to the players)."""
        if self._lobby_due is not None:
            return

        def due() -> None:
            self._lobby_due = None
            if self._bye is None:
                self._broadcast_lobby()

        self._lobby_due = asyncio.get_running_loop().call_later(self.settings.lobby_delay, due)

    def _broadcast_lobby(self) -> None:
        lobby = self.lobby()
        self._seats.broadcast(lobby)
        self.watchers.broadcast(lobby)
        self.listener.on_lobby(lobby)

    # ------------------------------------------------------------------ the match

    def _on_action(self, events: Sequence[Event]) -> None:
        if self._file is not None:  # one line; at a hand's end the file is rewritten whole
            settled = any(isinstance(e, HandSettled) for e in events)
            self._file.save(self.match, self.meta(), compact=settled)
        try:
            self.listener.on_events(list(events), self.match)
        except Exception as exc:  # whoever listens cannot stop the table
            self._log(f"the host's listener failed: {exc!r}")

    def _finish(self, reason: str) -> None:
        summary = summary_json(self.match)
        if not self.seed_public:  # it deals every hand: said only where the caller chose it
            del summary["seed"]
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
