"""DL match state: team levels 3..10, the next dealer and the blood owed (DL-END, DL-TRIB-1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..rules import dl
from ..rules.cards import Seat
from .dl_hand import DLHand

if TYPE_CHECKING:
    from .match import Match


@dataclass
class State:
    levels: dl.TeamLevels = field(default_factory=dl.TeamLevels)
    dealer: Seat | None = None  # None: hand 1 of a match, the BJ race decides
    blood: int = 0


def new_hand(match: Match) -> DLHand:
    state: State = match.state
    return DLHand(
        match.options, match._hand_rng(), match.hand_number, state.dealer, state.levels, state.blood
    )


def settled(match: Match) -> None:
    state: State = match.state
    hand = match.hand
    assert isinstance(hand, DLHand)
    if hand.redeal:
        if hand.dealer is not None and not hand.first_hand:
            state.dealer = hand.dealer  # DL-DECL-9: redealt by the same dealer
        return
    s = hand.settlement
    assert s is not None
    if s.match_winner is not None:
        match.winner = s.match_winner.value
        return
    state.levels = s.levels
    state.dealer = s.next_dealer
    state.blood = s.blood


def view(match: Match) -> dict[str, Any]:
    state: State = match.state
    return {
        "levels": {"NS": state.levels.ns, "EW": state.levels.ew},
        "dealer": state.dealer.name if state.dealer is not None else None,
        "blood": state.blood,
    }
