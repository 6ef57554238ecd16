"""The table: the one loop that runs a match. It asks the seat whose turn it is, applies the
answer, and hands every seat its events and view.

Every caller runs a match through a ``Table``: headless play, the arena, the GUI's local play,
the LAN host, the tests. What differs between them is injected:

- who plays each seat: a ``Player`` (a computer player, a stand-in) is asked when the seat may
  act; ``None`` is a person (the GUI's human, a LAN client), who acts by ``submit`` whenever
  they like — the table waits for them;
- ``Pacing``: what the table waits for before dealing a card, before the next hand and before
  each step (animations, the deal's pace, a settlement left on screen), and where a computer's
  decision runs (inline, or on a worker so that the loop stays responsive);
- watchers: ``watch(seat, fn)`` gets each batch of events cut for that seat and the seat's view;
  ``watch_referee(fn)`` gets each applied action with its uncut events (logs, saves).

``run()`` is a coroutine; ``play()`` runs it to the end on a fresh event loop (headless).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat
from ..rules.errors import Reason, RuleError
from .actions import Act, Action, ChooseCards, Move
from .events import AttemptRefused, Event
from .match import Match
from .phase import Phase
from .view import SeatView, event_for, seat_view

_DEAL = Action(Act.DEAL)
_NEXT_HAND = Action(Act.NEXT_HAND)
# Refusals judged on cards in other hands: the whole table sees the attempt (AttemptRefused).
_PUBLIC_REFUSALS = {Reason.THROW_BEATABLE: "throw", Reason.CLAIM_NOT_ALLOWED: "claim"}


class Player(Protocol):
    """Plays a seat: asked when the seat may act, with the seat's view (its legal moves in
    ``view.legal``). During the deal it may return None: no declaration now."""

    def decide(self, view: SeatView) -> Action | None: ...


SeatWatcher = Callable[[Sequence[Event], SeatView], None]
RefereeWatcher = Callable[[Action, Sequence[Event]], None]
Decision = Callable[[], Action | None]


class Pacing:
    """How a table waits. This one never does: headless play, the arena, tests."""

    async def ready(self, table: Table) -> None:
        """Before each step of the loop (the GUI waits here for its animations)."""

    async def before_deal(self, table: Table) -> None:
        """Before the next card is dealt (after the computer seats declined to declare)."""

    async def before_next_hand(self, table: Table) -> None:
        """After a settlement, before the next hand starts."""

    async def think(self, decision: Decision) -> Action | None:
        """Run a computer's decision; here on the loop itself."""
        return decision()

    def wake_after(self) -> float | None:
        """While waiting for a person: seconds after which the loop looks again (a stand-in's
        time may come); None to wait for a change only."""
        return None


class TableStopped(Exception):
    """``submit`` after the table has ended."""


def some_cards(choice: ChooseCards) -> tuple[Card, ...]:
    """Cards every constraint accepts: plain cards first, then big jokers, then small ones
    (DL-KITTY-6 asks the big ones buried first)."""
    plain = [c for c in choice.hand if c not in (BIG_JOKER, SMALL_JOKER)]
    jokers = sorted((c for c in choice.hand if c in (BIG_JOKER, SMALL_JOKER)), reverse=True)
    return tuple(sorted((plain + jokers)[: choice.count]))


def fallback(legal: Sequence[Move]) -> Action | None:
    """A legal action when a computer failed: passing where one may, else the first move."""
    for move in legal:
        if isinstance(move, Action) and move.kind is Act.PASS:
            return move
    for move in legal:
        return move if isinstance(move, Action) else move.action(some_cards(move))
    return None


class FaultKind(Enum):
    """What went wrong with a computer seat's decision."""

    FAILED = "failed"  # the player raised
    NO_DECISION = "no decision"
    ILLEGAL = "illegal"  # an action the rules refuse
    ILLEGAL_DECLARATION = "illegal declaration"  # the same, while the cards are dealt


@dataclass(frozen=True)
class Fault:
    """A computer seat's fault that a lenient table covered: by ``fallback(legal)``, or while
    the cards are dealt by not declaring. ``detail``: the error's own words, and ``trace``
    where it was raised (Python's traceback), for a log."""

    seat: Seat
    kind: FaultKind
    detail: str = ""
    trace: str = ""

    def __str__(self) -> str:
        said = {
            FaultKind.FAILED: "the computer failed",
            FaultKind.NO_DECISION: "the computer made no decision",
            FaultKind.ILLEGAL: "the computer chose an illegal action",
            FaultKind.ILLEGAL_DECLARATION: "the computer declared illegally",
        }[self.kind]
        return f"{self.seat.name}: {said}" + (f" ({self.detail})" if self.detail else "")


class Table:
    """Runs ``match`` with ``players`` (None: a person who submits). ``rng`` orders the computer
    seats that may declare between two cards. ``hands``: stop once that many hands are
    settled. ``strict``: a computer's fault (an illegal action, no action) raises; otherwise it
    is reported to ``on_fault`` (a ``Fault``) and a legal action is taken instead."""

    def __init__(
        self,
        match: Match,
        players: Mapping[Seat, Player | None],
        *,
        rng: random.Random | None = None,
        pacing: Pacing | None = None,
        hands: int | None = None,
        strict: bool = True,
        on_fault: Callable[[Fault], None] | None = None,
    ) -> None:
        self.match = match
        self.players: dict[Seat, Player | None] = {s: players.get(s) for s in Seat}
        self.rng = rng or random.Random(f"{match.seed}/driver")
        self.pacing = pacing or Pacing()
        self.hands = hands
        self.strict = strict
        self.on_fault = on_fault
        self.version = 0  # actions applied through this table
        self.stopped = False
        self._seat_watchers: list[tuple[Seat, SeatWatcher]] = []
        self._referee_watchers: list[RefereeWatcher] = []
        self._changed: asyncio.Event | None = None
        self._inline = True  # computers decide on the loop itself (see run)

    # ------------------------------------------------------------------ who plays

    def set_player(self, seat: Seat, player: Player | None) -> None:
        """A stand-in takes a seat, the person comes back, 托管 starts or ends."""
        self.players[seat] = player
        self.wake()

    def watch(self, seat: Seat, fn: SeatWatcher) -> None:
        self._seat_watchers.append((seat, fn))

    def unwatch(self, fn: SeatWatcher) -> None:
        self._seat_watchers = [(s, f) for s, f in self._seat_watchers if f is not fn]

    def watch_referee(self, fn: RefereeWatcher) -> None:
        self._referee_watchers.append(fn)

    def view(self, seat: Seat) -> SeatView:
        return seat_view(self.match, seat)

    @property
    def finished(self) -> bool:
        m = self.match
        if m.phase is Phase.OVER:
            return True
        return m.phase is Phase.SETTLED and self.hands is not None and len(m.history) >= self.hands

    # ------------------------------------------------------------------ acting

    def submit(self, seat: Seat, action: Action) -> list[Event]:
        """A person's action for ``seat`` (its seat field is set to it): applied at once, or
        refused with the rules' RuleError, changing nothing. Call on the loop's thread.

        A throw another hand could beat (TR-LEAD-5) or a claim that is not safe (SD-CLAIM-1)
        is refused in public: every watcher first gets an ``AttemptRefused`` with the seat and
        the cards tried, as a failed attempt is seen at a real table; the refusal itself names
        no hidden card. It is not an action: the match, its record and a replay do not hold
        it. Computers and the hint choose among the legal moves and never attempt one."""
        if self.stopped:
            raise TableStopped("the table has ended")
        if action.seat != seat:
            action = Action(
                action.kind, seat, action.cards, action.suit, action.value, action.taken
            )
        try:
            return self._apply(action)
        except RuleError as exc:
            kind = _PUBLIC_REFUSALS.get(exc.reason)
            if kind is not None:
                cards = tuple(sorted(action.cards)) if kind == "throw" else ()
                self._publish_refusal(AttemptRefused(seat, kind, cards))
            raise

    def _apply(self, action: Action) -> list[Event]:
        events = self.match.apply(action)  # RuleError: nothing changed
        self.version += 1
        self._publish(action, events)
        self.wake()
        return events

    def _publish(self, action: Action, events: list[Event]) -> None:
        for fn in self._referee_watchers:
            fn(action, events)
        views: dict[Seat, SeatView] = {}
        for seat, watcher in self._seat_watchers:
            view = views.get(seat)
            if view is None:
                view = views[seat] = seat_view(self.match, seat)
            watcher(tuple(event_for(e, seat) for e in events), view)

    def _publish_refusal(self, event: AttemptRefused) -> None:
        """A refused attempt to every seat's watcher, with the (unchanged) view; not to the
        referee's watchers, which follow applied actions (saves, logs of the record)."""
        views: dict[Seat, SeatView] = {}
        for seat, watcher in self._seat_watchers:
            view = views.get(seat)
            if view is None:
                view = views[seat] = seat_view(self.match, seat)
            watcher((event,), view)

    def wake(self) -> None:
        if self._changed is not None:
            self._changed.set()

    def stop(self) -> None:
        self.stopped = True
        self.wake()

    # ------------------------------------------------------------------ the loop

    def play(self) -> None:
        """Run to the end here and now (headless callers: computers only, a pacing that never
        waits). No event loop is needed, since nothing is ever awaited that is not done."""
        if any(player is None for player in self.players.values()):
            raise RuntimeError("a table played here and now cannot wait for a person")
        loop = self.run()
        try:
            loop.send(None)
        except StopIteration:
            return
        loop.close()
        raise RuntimeError("a table played here and now cannot wait (its pacing waited)")

    async def run(self) -> None:
        """Until the match is over, ``hands`` hands are settled, or ``stop()``."""
        self._changed = asyncio.Event()
        m = self.match
        pacing = self.pacing
        # A pacing that does not wait somewhere is not awaited there (headless play, the
        # arena and the benchmarks step through hundreds of actions a hand).
        kind = type(pacing)
        waits = kind.ready is not Pacing.ready
        waits_deal = kind.before_deal is not Pacing.before_deal
        waits_hand = kind.before_next_hand is not Pacing.before_next_hand
        self._inline = kind.think is Pacing.think
        while not self.stopped:
            if waits:
                await pacing.ready(self)
            if self.stopped:
                break
            phase = m.phase
            if phase is Phase.OVER:
                break
            if phase is Phase.SETTLED:
                if self.hands is not None and len(m.history) >= self.hands:
                    break
                if waits_hand:
                    await pacing.before_next_hand(self)
                if not self.stopped and m.phase is Phase.SETTLED:
                    self._apply(_NEXT_HAND)
                continue
            if phase is Phase.DEAL:
                if await self._computers_declare():
                    continue
                if waits_deal:
                    await pacing.before_deal(self)
                if not self.stopped and m.phase is Phase.DEAL:
                    self._apply(_DEAL)
                continue
            seats = m.to_act()
            if not seats:
                raise RuntimeError(f"nobody can act in phase {phase.value}")
            seat = next((s for s in seats if self.players[s] is not None), None)
            if seat is not None:
                await self._computer_turn(seat)
            else:
                await self._wait_for_change()

    async def _wait_for_change(self) -> None:
        changed = self._changed
        assert changed is not None
        changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), self.pacing.wake_after())

    async def _ask(self, seat: Seat, player: Player, legal: list[Move]) -> Action | None:
        view = seat_view(self.match, seat, legal)
        try:
            if self._inline:
                return player.decide(view)
            return await self.pacing.think(lambda: player.decide(view))
        except Exception as exc:
            if self.strict:
                raise
            trace = "".join(traceback.format_exception(exc))
            self._fault(Fault(seat, FaultKind.FAILED, repr(exc), trace))
            return fallback(legal) if self.match.phase is not Phase.DEAL else None

    async def _computers_declare(self) -> bool:
        """During the deal, each computer seat that may declare is asked, in random order."""
        m = self.match
        seats = [s for s in m.to_act() if self.players[s] is not None]
        self.rng.shuffle(seats)
        for seat in seats:
            player = self.players[seat]
            legal = m.legal_actions(seat)
            if player is None or not legal:
                continue
            version = self.version
            action = await self._ask(seat, player, legal)
            if action is None or self.version != version or self.players[seat] is not player:
                continue
            try:
                self._apply(action)
                return True
            except RuleError as exc:
                if self.strict:
                    raise
                self._fault(Fault(seat, FaultKind.ILLEGAL_DECLARATION, str(exc)))
        return False

    async def _computer_turn(self, seat: Seat) -> None:
        player = self.players[seat]
        assert player is not None
        m = self.match
        legal = m.legal_actions(seat)
        version = self.version
        action = await self._ask(seat, player, legal)
        if self.version != version or self.players[seat] is not player or self.stopped:
            return  # the table moved on (or a person came back) while it thought
        if action is None:
            if self.strict:
                raise RuntimeError(f"{seat.name} returned no action in phase {m.phase.value}")
            self._fault(Fault(seat, FaultKind.NO_DECISION))
        else:
            try:
                self._apply(action)
                return
            except RuleError as exc:
                if self.strict:
                    raise
                self._fault(Fault(seat, FaultKind.ILLEGAL, str(exc)))
        instead = fallback(legal)
        if instead is None:
            raise RuntimeError(f"{seat.name}: no legal action could be made")
        self._apply(instead)

    def _fault(self, fault: Fault) -> None:
        if self.on_fault is not None:
            self.on_fault(fault)
