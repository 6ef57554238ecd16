"""What one settled hand meant for one seat, from the engine's typed events and results.

``Tally`` follows one seat's events (as that seat sees them: everything it reads is public)
and, when a hand is settled, returns its ``HandFacts``: the seat's role, whether its side won
the hand, the levels or coins it gained, and the game's special events (DL 干锅 / 喝血 / 暴动,
TR J到底 / Q半截 / K翻天, SD bids). Nothing is parsed from text.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.results import (
    DLResult,
    HandResult,
    Redeal,
    SDResult,
    TRResult,
    winner_seats,
)
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Rank, Seat, Team
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.sd import SDOutcome
from shengji_desktop.rules.tr import TRRow, level_index


class Role(Enum):
    DEALER = "dealer"  # the dealer side (DL, TR) or the SD declarer
    CATCHER = "catcher"  # DL catchers, TR and SD defenders
    NONE = "none"  # SD 流局: nobody dealt


SPECIAL_DIGS = (TRRow.J_TO_BOTTOM, TRRow.Q_HALFWAY, TRRow.K_FLIP)
"""TR-SETTLE-2's rows of a level-card dig, counted on their own."""


@dataclass(frozen=True, slots=True)
class HandFacts:
    """One settled hand from ``seat``'s side of the table."""

    match: str  # the match's key (no seed in it)
    number: int  # the hand's number in the match
    game: Game
    strength: str  # the opponents' computer level, "mixed", or "lan"
    seat: Seat
    ended_at: float  # seconds since the epoch
    role: Role
    won: bool | None  # the seat's side won the hand (None: a 流局)
    levels: int | None = None  # DL, TR: levels the seat's team gained (negative: lost)
    coins: int | None = None  # TR, SD: the seat's coins this hand
    dry_pot: bool = False  # DL 干锅 (DL-KITTY-2)
    blood: int = 0  # DL tribute cards passed: > 0 the seat's side drank (喝血), < 0 paid
    revolt: int = 0  # DL 暴动 declared: +1 by the seat's side, -1 by the other (DL-TRIB-6)
    countered: bool = False  # the revolt was countered (暴, DL-TRIB-7)
    special: TRRow | None = None  # TR J到底 / Q半截 / K翻天 (TR-SETTLE-2)
    special_ours: bool = False  # made by the seat's side
    bid: int | None = None  # SD: the seat's winning bid, as declarer
    match_over: bool = False
    match_won: bool | None = None  # once the match is over


def hand_won(result: HandResult, dealer_side: bool) -> bool | None:
    """Whether the side (the dealer's, or the other) won the hand: in DL the side that deals
    next (DL-DEALER-2: *S* < 120, cases A and B of DL-SETTLE-1, keeps the deal); in TR the
    defenders when they take over (上台, TR-SETTLE-5); in SD the defenders when their coins are
    positive (SD-COIN-2; a dig always is, SD-DIG-1), None in a 流局 (SD-DRAW-1)."""
    if isinstance(result, DLResult):
        dealer_won = result.case in ("A", "B")
    elif isinstance(result, TRResult):
        dealer_won = not result.takeover
    elif isinstance(result, SDResult):
        if result.outcome is SDOutcome.DRAW:
            return None
        dealer_won = result.outcome.defender_factor < 0
    else:
        return None
    return dealer_won if dealer_side else not dealer_won


def level_gain(
    game: Game,
    options: Options,
    team: Team,
    before: Mapping[Team, Rank | int],
    after: Mapping[Team, Rank | int],
) -> int:
    """Levels ``team`` moved in a hand: DL counts 3 … 10 (DL-SETTLE-1..3); TR goes along its
    ladder (TR-DECK-3), so a reset to the bottom or K翻天's swap (TR-SETTLE-6) is a loss or
    a gain of as many steps."""
    if game is Game.TR:
        return level_index(Rank(after[team]), options) - level_index(Rank(before[team]), options)
    return int(after[team]) - int(before[team])


class Tally:
    """Follows ``seat``'s events and views; ``feed`` returns the facts of each settled hand.

    ``levels`` are the teams' levels before the hand now in play: taken from the first view
    given, then from each settled result."""

    def __init__(self, match: str, game: Game, options: Options, seat: Seat, strength: str):
        self.match = match
        self.game = game
        self.options = options
        self.seat = seat
        self.strength = strength
        self.levels: dict[Team, Rank | int] | None = None
        self._new_hand()

    def _new_hand(self) -> None:
        self._dealer: Seat | None = None
        self._due: ev.TributeDue | None = None
        self._paid = 0
        self._revolt = 0
        self._countered = False
        self._bid: int | None = None

    def prime(self, past: Iterable[ev.Event], view: SeatView) -> None:
        """A resumed match: the events so far (only the hand in play matters) and the view
        now. A hand settled before is not counted again."""
        self.levels = dict(view.levels)
        current: list[ev.Event] = []
        for event in past:
            if isinstance(event, ev.HandStarted):
                current = []
            else:
                current.append(event)
        for event in current:
            self._note(event)

    def feed(self, events: Iterable[ev.Event], view: SeatView | None) -> HandFacts | None:
        """The next batch of events and the seat's view after them (needed only for the
        first batch and for one that settles a hand); the facts of the hand when these events
        settled it (not for a DL redeal, which is no hand)."""
        if self.levels is None and view is not None:
            self.levels = dict(view.levels)
        facts = None
        for event in events:
            if isinstance(event, ev.HandSettled):
                if view is None:
                    raise ValueError("a settled hand needs the view after it")
                facts = self._settled(event.result, view)
            elif isinstance(event, ev.HandStarted):
                self._new_hand()
            else:
                self._note(event)
        return facts

    def _note(self, event: ev.Event) -> None:
        if isinstance(event, ev.TrumpFixed):
            self._dealer = event.dealer
        elif isinstance(event, ev.DealerFixed):
            self._dealer = event.seat
            self._bid = event.bid
        elif isinstance(event, ev.TributeDue):
            self._due = event
        elif isinstance(event, ev.TributePaid):
            self._paid += event.count
        elif isinstance(event, ev.Revolt):
            self._revolt = 1 if self._ours(event.seat) else -1
        elif isinstance(event, ev.Countered):
            self._countered = True

    def _ours(self, seat: Seat) -> bool:
        if self.game is Game.SD:
            return seat == self.seat
        return seat.team is self.seat.team

    def _settled(self, result: HandResult, view: SeatView) -> HandFacts | None:
        before = self.levels or {}
        self.levels = dict(view.levels)
        if isinstance(result, Redeal):
            return None
        dealer = view.dealer if view.dealer is not None else self._dealer
        if isinstance(result, SDResult) and result.outcome is SDOutcome.DRAW:
            role = Role.NONE
        elif dealer is not None and self._ours(dealer):
            role = Role.DEALER
        else:
            role = Role.CATCHER
        won = hand_won(result, role is Role.DEALER)
        over = view.winner is not None
        facts = HandFacts(
            match=self.match,
            number=view.hand_number,
            game=self.game,
            strength=self.strength,
            seat=self.seat,
            ended_at=time.time(),
            role=role,
            won=won,
            match_over=over,
            match_won=(self.seat in winner_seats(view.winner)) if view.winner is not None else None,
        )
        team = self.seat.team
        if isinstance(result, DLResult):
            blood = 0
            if self._due is not None and self._paid:
                blood = self._paid if self._ours(self._due.receiver) else -self._paid
            return replace(
                facts,
                levels=level_gain(self.game, self.options, team, before, result.levels),
                dry_pot=result.dry_pot,
                blood=blood,
                revolt=self._revolt,
                countered=self._countered,
            )
        if isinstance(result, TRResult):
            rows = result.rows
            special = next((r for r in rows if r.part == "A" and r.row in SPECIAL_DIGS), None)
            return replace(
                facts,
                levels=level_gain(self.game, self.options, team, before, result.levels),
                coins=result.coins.get(self.seat, 0),
                special=special.row if special is not None else None,
                special_ours=special is not None and special.team is team,
            )
        assert isinstance(result, SDResult)
        bid = result.bid if role is Role.DEALER else None
        return replace(facts, coins=result.coins.get(self.seat, 0), bid=bid)


def opponent_strength(game: Game, seat: Seat, kinds: Mapping[Seat, str]) -> str:
    """The computer level of ``seat``'s opponents (DL, TR: the other team; SD: the other
    three, who are the declarer's opponents or partners by turns), or "mixed"."""
    others = [s for s in Seat if s != seat] if game is Game.SD else list(seat.team.other.seats)
    levels = {kinds.get(s, "?") for s in others}
    return levels.pop() if len(levels) == 1 else "mixed"
