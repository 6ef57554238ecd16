"""DL match state: team levels 3..10, the next dealer and the blood owed (DL-END, DL-TRIB-1)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..rules import dl
from ..rules.cards import Rank, Seat, Team
from ..rules.options import Options
from .dl_hand import DLHand
from .hand import HandBase
from .results import Winner


@dataclass
class DLState:
    levels: dl.TeamLevels = field(default_factory=dl.TeamLevels)
    dealer: Seat | None = None  # None: hand 1 of a match, the BJ race decides
    blood: int = 0
    _ranks: dict[Team, Rank] | None = field(default=None, repr=False, compare=False)

    def new_hand(self, options: Options, rng: random.Random, number: int) -> DLHand:
        return DLHand(options, rng, number, self.dealer, self.levels, self.blood)

    def settled(self, hand: HandBase, options: Options, number: int) -> Winner | None:
        """Take in the settled ``hand``; the match's winner when it ends the match."""
        assert isinstance(hand, DLHand)
        if hand.redeal:
            if hand.dealer is not None and not hand.first_hand:
                self.dealer = hand.dealer  # DL-DECL-9: redealt by the same dealer
            return None
        s = hand.settlement
        assert s is not None
        if s.match_winner is not None:
            return s.match_winner
        self.levels = s.levels
        self._ranks = None
        self.dealer = s.next_dealer
        self.blood = s.blood
        return None

    def team_levels(self) -> dict[Team, Rank]:
        """The levels as ranks; one dict until they change (every view shares it: read only)."""
        if self._ranks is None:
            self._ranks = {Team.NS: Rank(self.levels.ns), Team.EW: Rank(self.levels.ew)}
        return self._ranks

    def coins_won(self) -> dict[Seat, int] | None:
        return None

    def blood_owed(self) -> int:
        return self.blood

    def dealer_next(self) -> Seat | None:
        return self.dealer
