"""SD session state: cumulative coins per player, the first bidder's rotation (SD-END-1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..rules import sd
from ..rules.cards import Seat
from .sd_hand import SDHand

if TYPE_CHECKING:
    from .match import Match


@dataclass
class State:
    coins: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(Seat, 0))
    previous_first: Seat | None = None


def new_hand(match: Match) -> SDHand:
    state: State = match.state
    hand = SDHand(match.options, match._hand_rng(), match.hand_number, state.previous_first)
    state.previous_first = hand.first_bidder
    return hand


def settled(match: Match) -> None:
    state: State = match.state
    hand = match.hand
    assert isinstance(hand, SDHand)
    for seat, c in hand.coins.items():
        state.coins[seat] += c
    if sd.session_over(match.hand_number, match.options):
        # SD-END-1 names no tie-break: everyone with the most coins wins, in seat order.
        best = max(state.coins.values())
        match.winner = "+".join(s.name for s in Seat if state.coins[s] == best)


def view(match: Match) -> dict[str, Any]:
    state: State = match.state
    return {"coins": {s.name: c for s, c in state.coins.items()}}
