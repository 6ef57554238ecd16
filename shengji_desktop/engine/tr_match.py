"""TR match state: team levels from A (or 2), coins per player, the dealer seat (TR-END-1)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..rules import tr
from ..rules.cards import Rank, Seat, Team
from ..rules.options import Options
from .hand import HandBase
from .results import Winner
from .tr_hand import TRHand


@dataclass
class TRState:
    levels: dict[Team, Rank] = field(default_factory=dict)
    coins: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(Seat, 0))
    dealer: Seat | None = None
    # What views share until the next settlement (read only): the levels and coins.
    _shown: tuple[dict[Team, Rank], dict[Seat, int]] | None = field(
        default=None, repr=False, compare=False
    )

    def new_hand(self, options: Options, rng: random.Random, number: int) -> TRHand:
        if not self.levels:
            bottom = tr.bottom_level(options)
            self.levels = {Team.NS: bottom, Team.EW: bottom}
        return TRHand(options, rng, number, self.dealer, self.levels)

    def settled(self, hand: HandBase, options: Options, number: int) -> Winner | None:
        """Take in the settled ``hand``; the match's winner when it ends the match."""
        assert isinstance(hand, TRHand) and hand.settlement is not None
        s = hand.settlement
        for seat, c in s.coins.items():
            self.coins[seat] += c
        self._shown = None
        self.levels = dict(s.levels)
        self.dealer = s.next_dealer
        return s.match_winner

    def _views(self) -> tuple[dict[Team, Rank], dict[Seat, int]]:
        if self._shown is None or self._shown[0] != self.levels:
            self._shown = (dict(self.levels), dict(self.coins))
        return self._shown

    def team_levels(self) -> dict[Team, Rank]:
        return self._views()[0]

    def coins_won(self) -> dict[Seat, int] | None:
        return self._views()[1]

    def blood_owed(self) -> int:
        return 0

    def dealer_next(self) -> Seat | None:
        return self.dealer
