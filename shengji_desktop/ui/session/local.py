"""A match on this computer: the engine's ``Table`` on a thread of its own, with the window's
seat as a person, computer seats thinking on a worker, pacing by the window's animations,
and a save after every action (a journal: one line per action, ``engine.record.Journal``).

The table never runs ahead of what the window shows (``GuiPacing.ready``): it goes on once
the window has animated the updates it was given, except that during the deal a few cards
may be dealt ahead while nobody could declare. After a settlement it waits for the player's
"next hand" (or a moment, when only computers play).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.events import Event, HandSettled
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.record import Journal
from shengji_desktop.engine.savehead import offer_meta
from shengji_desktop.engine.table import (
    Decision,
    Fault,
    FaultKind,
    Pacing,
    Player,
    Table,
    TableStopped,
)
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.errors import RuleError

from ..i18n import said, tr
from ..texts import kind_name, seat_name
from .session import Session

log = logging.getLogger(__name__)

DEAL_AHEAD = 3  # cards dealt ahead of the animations while nobody could declare
HUMAN = "human"

PlayerFactory = Callable[[str, str], Player]


class GuiPacing(Pacing):
    """The table waits for the window: animations shown, the next hand asked for."""

    def __init__(self, local: LocalTable, auto_next: float) -> None:
        self.local = local
        self.auto_next = auto_next  # seconds a settlement stays when only computers play
        self.sent = 0  # updates handed to the window
        self.shown = 0  # of which the window has shown
        self.changed = asyncio.Event()
        self.next_hand = asyncio.Event()

    def show_upto(self, shown: int) -> None:
        self.shown = max(self.shown, shown)
        self.changed.set()

    async def ready(self, table: Table) -> None:
        while not table.stopped:
            behind = self.sent - self.shown
            m = table.match
            if behind <= 0 or (m.phase is Phase.DEAL and not m.to_act() and behind <= DEAL_AHEAD):
                return
            self.changed.clear()
            await self.changed.wait()

    async def before_next_hand(self, table: Table) -> None:
        if self.local.seat is None:
            await asyncio.sleep(self.auto_next)
            return
        # The player may have asked for the next hand already (the click can come before the
        # table gets here): the request is consumed here, not cleared on the way in. Under
        # 托管 the next hand comes by itself, as when only computers play.
        while not self.next_hand.is_set() and not table.stopped and not self.local.autoplay:
            self.changed.clear()
            waits = [asyncio.ensure_future(e.wait()) for e in (self.next_hand, self.changed)]
            _, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
        if self.local.autoplay and not self.next_hand.is_set():
            await asyncio.sleep(self.auto_next)
        self.next_hand.clear()

    async def think(self, decision: Decision) -> Action | None:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.local.pool, decision)


class LocalTable:
    """The link of a local game (see ``session.Link``). ``kinds``: per seat S, E, N, W,
    "human" or a computer level; only S may be human (the bottom of the screen)."""

    remote = False

    def __init__(
        self,
        match: Match,
        kinds: Sequence[str],
        make_player: PlayerFactory,
        save_path: Path | None = None,
        ui_state: dict[str, Any] | None = None,
        auto_next_ms: int = 1800,
    ) -> None:
        self.match = match
        self.kinds = list(kinds)
        self.seat: Seat | None = Seat.S if self.kinds[0] == HUMAN else None
        self.player_kinds: dict[Seat, str] = {}
        players: dict[Seat, Player | None] = {}
        for seat, kind in zip(Seat, self.kinds, strict=True):
            if kind == HUMAN:
                players[seat] = None
                continue
            players[seat], self.player_kinds[seat] = _player(
                make_player, kind, f"{match.seed}/gui/{seat.name}"
            )
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shengji-ai")
        self.pacing = GuiPacing(self, auto_next_ms / 1000)
        self.table = Table(
            match,
            players,
            rng=random.Random(f"{match.seed}/gui-driver"),
            pacing=self.pacing,
            strict=False,
            on_fault=self._fault,
        )
        self.session: Session | None = None
        self.autoplay = False  # 托管: a computer plays the window's seat (on the table's thread)
        # the window's part of the save: who sits where, and the hand the start screen names
        # before the save is read (savehead.offer_meta, kept up to date at every action)
        self._ui = {"seats": list(self.kinds), **(ui_state or {}), **offer_meta(match)}
        self.save_path = save_path
        self.journal = (
            Journal(
                save_path,
                match.game,
                match.options,
                match.seed,
                match.actions,
                {"ui": self._ui},
                on_error=self._save_failed,
                on_saved=self._saved,
            )
            if save_path is not None
            else None
        )
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._main, name="shengji-table", daemon=True)
        self._done: asyncio.Event | None = None

    # ------------------------------------------------------------------ the link

    def start(self, session: Session) -> None:
        self.session = session
        self.table.watch(self.viewer, self._deliver)
        self.table.watch_referee(self._applied)
        self._thread.start()

    @property
    def viewer(self) -> Seat:
        return self.seat if self.seat is not None else Seat.S

    def submit(self, action: Action) -> None:
        self._call(self._submit, action)

    def next_hand(self) -> bool:
        self._call(self.pacing.next_hand.set)
        return True

    def caught_up(self, shown: int) -> None:
        self._call(self.pacing.show_upto, shown)

    def set_autoplay(self, player: Player | None, level: str = "") -> bool:
        """托管: ``player`` plays the window's seat at the table (``Table.set_player``) from its
        next decision on; None gives the seat back to the person, a decision the computer is
        still thinking about included (the table drops it)."""
        if self.seat is None:
            return False
        self._call(self._set_autoplay, player)
        return True

    def caption(self, seat: Seat) -> str:
        return kind_name(self.kind_of(seat))

    def kind_of(self, seat: Seat) -> str:
        if seat == self.seat:
            return HUMAN
        return self.player_kinds.get(seat, self.kinds[seat])

    def shutdown(self) -> None:
        if self._thread.is_alive():
            self._call(self._stop)
            self._thread.join(10.0)
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self.journal is not None:
            self.journal.close()

    def flush_save(self) -> None:
        """Have the game on disk now (on quitting), its file rewritten whole."""
        if self.journal is not None:
            self.journal.compact()
            self.journal.flush()

    def record(self) -> dict[str, Any]:
        """The game as a record, with the window's part (what the save file holds)."""
        m = self.match
        return {**codec.record_json(m.game, m.options, m.seed, list(m.actions)), "ui": self._ui}

    # ------------------------------------------------------------------ on the table's thread

    def _call(self, fn: Callable[..., object], *args: Any) -> None:
        if not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop has just closed
                self._loop.call_soon_threadsafe(fn, *args)

    def _main(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._run())
        finally:
            self._loop.close()

    async def _run(self) -> None:
        self._done = asyncio.Event()
        self._deliver((), self.table.view(self.viewer))
        try:
            await self.table.run()
        except Exception as exc:  # a fault of the program: the window says so
            if self.session is not None:
                self.session.fail(f"{type(exc).__name__}: {exc}")
        await self._done.wait()

    def _stop(self) -> None:
        self.table.stop()
        self.pacing.changed.set()
        self.pacing.next_hand.set()
        if self._done is not None:
            self._done.set()

    def _set_autoplay(self, player: Player | None) -> None:
        assert self.seat is not None
        self.autoplay = player is not None
        self.table.set_player(self.seat, player)
        self.pacing.changed.set()
        if player is None:  # the person's again: the seat's view as it is now (the session waits)
            self._deliver((), self.table.view(self.seat))

    def _deliver(self, events: Sequence[Event], view: SeatView) -> None:
        self.pacing.sent += 1
        if self.session is not None:
            self.session.deliver(events, view)

    def _submit(self, action: Action) -> None:
        assert self.seat is not None
        try:
            self.table.submit(self.seat, action)
        except (RuleError, TableStopped) as exc:
            if self.session is not None:
                self.session.refuse(exc)

    def _applied(self, action: Action, events: Sequence[Event]) -> None:
        if self.journal is not None:  # one line; at a hand's end the file is rewritten whole
            settled = any(isinstance(e, HandSettled) for e in events)
            self.journal.extend(self.table.match.actions, compact=settled)
            offer = offer_meta(self.table.match)
            if any(self._ui.get(key) != value for key, value in offer.items()):
                # after the action's line: a save cut off between the two still says the
                # hand of the actions it keeps (or, its meta line torn, is read whole)
                self._ui = {**self._ui, **offer}
                self.journal.set_meta({"ui": self._ui})

    def _fault(self, fault: Fault) -> None:
        m = self.match  # not the seed: the log can be read while the hand is played
        where = f"{m.game.value} game, hand {len(m.history) + 1}, {len(m.actions)} actions"
        log.warning("%s; a legal action instead (%s)\n%s", fault, where, fault.trace)
        if self.session is not None:
            seat = self.seat
            self.session.refuse(said(lambda: fault_text(fault, seat)))

    def _save_failed(self, text: str) -> None:
        if self.session is not None:
            self.session.refuse(tr("Could not save the game: {error}").format(error=text))

    def _saved(self) -> None:
        if self.session is not None:
            self.session.note_saved()


def _player(make_player: PlayerFactory, kind: str, seed: str) -> tuple[Player, str]:
    """The player of that kind, or the best available instead (an old save may name a kind
    this version lacks)."""
    for candidate in (kind, "normal", "easy", "random"):
        try:
            return make_player(candidate, seed), candidate
        except ValueError:
            continue
    raise ValueError(f"no computer player available for {kind!r}")


def fault_text(fault: Fault, viewer: Seat | None) -> str:
    """A computer seat's fault as the table says it: who, what, and that the game goes on (the
    error's own words go to the log, not on the felt)."""
    who = seat_name(fault.seat, viewer, viewer is not None)
    said = {
        FaultKind.FAILED: tr(
            "{who}: the computer player ran into an error. A simple legal choice was made for"
            " it; play goes on."
        ),
        FaultKind.NO_DECISION: tr(
            "{who}: the computer player made no decision. A simple legal choice was made for"
            " it; play goes on."
        ),
        FaultKind.ILLEGAL: tr(
            "{who}: the computer player chose an illegal move. A simple legal choice was made"
            " for it; play goes on."
        ),
        FaultKind.ILLEGAL_DECLARATION: tr(
            "{who}: the computer player declared illegally. A simple legal choice was made for"
            " it; play goes on."
        ),
    }[fault.kind]
    return said.format(who=who)
