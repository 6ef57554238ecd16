"""SD session state: cumulative coins per player, the first bidder's rotation (SD-END-1)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..rules import sd
from ..rules.cards import Rank, Seat, Team
from ..rules.options import Options
from .hand import HandBase
from .results import Winner
from .sd_hand import SDHand


@dataclass
class SDState:
    coins: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(Seat, 0))
    previous_first: Seat | None = None
    _shown: dict[Seat, int] | None = field(default=None, repr=False, compare=False)

    def new_hand(self, options: Options, rng: random.Random, number: int) -> SDHand:
        hand = SDHand(options, rng, number, self.previous_first)
        self.previous_first = hand.first_bidder
        return hand

    def settled(self, hand: HandBase, options: Options, number: int) -> Winner | None:
        """Take in the settled ``hand``; the session's winners when it ends the session."""
        assert isinstance(hand, SDHand)
        for seat, c in hand.coins.items():
            self.coins[seat] += c
        self._shown = None
        if sd.session_over(number, options):
            # SD-END-1 names no tie-break: everyone with the most coins wins, in seat order.
            best = max(self.coins.values())
            return tuple(s for s in Seat if self.coins[s] == best)
        return None

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
