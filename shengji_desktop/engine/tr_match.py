"""TR match state: team levels from A (or 2), coins per player, the dealer seat (TR-END-1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..rules import tr
from ..rules.cards import Rank, Seat, Team
from .tr_hand import TRHand

if TYPE_CHECKING:
    from .match import Match


@dataclass
class State:
    levels: dict[Team, Rank] = field(default_factory=dict)
    coins: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(Seat, 0))
    dealer: Seat | None = None


def new_hand(match: Match) -> TRHand:
    state: State = match.state
    if not state.levels:
        bottom = tr.bottom_level(match.options)
        state.levels = {Team.NS: bottom, Team.EW: bottom}
    return TRHand(match.options, match._hand_rng(), match.hand_number, state.dealer, state.levels)


def settled(match: Match) -> None:
    state: State = match.state
    hand = match.hand
    assert isinstance(hand, TRHand) and hand.settlement is not None
    s = hand.settlement
    for seat, c in s.coins.items():
        state.coins[seat] += c
    state.levels = dict(s.levels)
    state.dealer = s.next_dealer
    if s.match_winner is not None:
        match.winner = s.match_winner.value


def view(match: Match) -> dict[str, Any]:
    state: State = match.state
    return {
        "levels": {t.value: r.label for t, r in state.levels.items()},
        "coins": {s.name: c for s, c in state.coins.items()},
        "dealer": state.dealer.name if state.dealer is not None else None,
    }
