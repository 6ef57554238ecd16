"""SD session state: cumulative coins per player, the first bidder's rotation (SD-END-1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rules import sd
from ..rules.cards import Rank, Seat, Team
from .sd_hand import SDHand

if TYPE_CHECKING:
    from .match import Match


@dataclass
class SDState:
    coins: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(Seat, 0))
    previous_first: Seat | None = None
    _shown: dict[Seat, int] | None = field(default=None, repr=False, compare=False)

    def new_hand(self, match: Match) -> SDHand:
        hand = SDHand(match.options, match.hand_rng(), match.hand_number, self.previous_first)
        self.previous_first = hand.first_bidder
        return hand

    def settled(self, match: Match) -> None:
        hand = match.hand
        assert isinstance(hand, SDHand)
        for seat, c in hand.coins.items():
            self.coins[seat] += c
        self._shown = None
        if sd.session_over(match.hand_number, match.options):
            # SD-END-1 names no tie-break: everyone with the most coins wins, in seat order.
            best = max(self.coins.values())
            match.winner = tuple(s for s in Seat if self.coins[s] == best)

    def team_levels(self) -> dict[Team, Rank]:
        return {}

    def coins_won(self) -> dict[Seat, int] | None:
        """The coins; one dict until they change (every view shares it: read only)."""
        if self._shown is None:
            self._shown = dict(self.coins)
        return self._shown

    def blood_owed(self) -> int:
        return 0

    def dealer_next(self) -> Seat | None:
        return None
