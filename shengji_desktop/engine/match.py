"""A match: a seed, options and a list of actions, turned into hands and events.

``Match.apply`` is the one entry point: an action from a seat (or the table's own DEAL /
NEXT_HAND) → the events it caused. An illegal action raises the rules' RuleError and changes
nothing. A match is fully determined by (game, options, seed, actions): that is the record.
Seats see it only through ``view.seat_view``; the JSON forms are ``codec``'s.
"""

from __future__ import annotations

import random
import secrets

from ..rules.cards import Rank, Seat, Team
from ..rules.errors import Reason, RuleError
from ..rules.options import Game, Options
from . import events as ev
from .actions import Act, Action, Move
from .dl_match import DLState
from .events import Event
from .hand import HandBase
from .phase import Phase
from .results import HandResult, Winner
from .sd_match import SDState
from .tr_match import TRState

_NEXT_HAND = Act.NEXT_HAND  # Enum attribute access is slow on the hot path
_SETTLED = Phase.SETTLED

MatchState = DLState | TRState | SDState

SECRET_SEED_BITS = 128


def secret_seed() -> int:
    """The seed of a match whose deals nobody may work out (a LAN table, a game started in the
    window): 128 bits from ``secrets``. A seat's own cards identify a seed of a small space by
    search; not one of this. An explicit seed (``--seed``, tests, records) deals as before."""
    return secrets.randbits(SECRET_SEED_BITS)


class Match:
    def __init__(self, game: Game, options: Options | None = None, seed: int = 0) -> None:
        self.game = game
        self.options = options or Options()
        self.seed = seed
        self.actions: list[Action] = []
        self.hand_number = 0
        self.history: list[HandResult] = []  # one settled result per hand, hand 1 first
        self.winner: Winner | None = None  # once the match (an SD session) is over
        self.state: MatchState = _new_state(game)
        self.hand: HandBase = self._new_hand()

    # ------------------------------------------------------------------ hands

    def hand_rng(self) -> random.Random:
        """The shuffle and the draws of the hand about to start, from the seed."""
        return random.Random(f"{self.game.value}/{self.seed}/{self.hand_number}")

    def _new_hand(self) -> HandBase:
        self.hand_number += 1
        return self.state.new_hand(self.options, self.hand_rng(), self.hand_number)

    @property
    def phase(self) -> Phase:
        if self.winner is not None and self.hand.phase is _SETTLED:
            return Phase.OVER
        return self.hand.phase

    # ------------------------------------------------------------------ driving

    def table_action(self) -> Action | None:
        """The action the table takes next by itself (deal a card, start the next hand)."""
        phase = self.phase
        if phase is Phase.SETTLED:
            return Action(Act.NEXT_HAND)
        if phase is Phase.DEAL:
            return Action(Act.DEAL)
        return None

    def to_act(self) -> list[Seat]:
        if self.hand.phase is _SETTLED:  # or Phase.OVER, which needs a settled hand
            return []
        return self.hand.to_act()

    def legal_actions(self, seat: Seat) -> list[Move]:
        """Every legal move of ``seat`` now: actions, and for a choice of N cards (bury,
        return) one ``ChooseCards`` that judges the cards."""
        if self.hand.phase is _SETTLED:  # or Phase.OVER, which needs a settled hand
            return []
        return self.hand.legal_actions(seat)

    def apply(self, action: Action) -> list[Event]:
        hand = self.hand
        settled = hand.phase is _SETTLED
        if settled and self.winner is not None:  # Phase.OVER
            raise RuleError(Reason.NOT_IN_PHASE, "GEN-SEAT-1", "the match is over")
        if action.kind is _NEXT_HAND:
            if not settled:
                raise RuleError(Reason.NOT_IN_PHASE, "GEN-TRICK-7", "the hand is not over")
            self.actions.append(action)
            self.hand = self._new_hand()
            return [ev.HandStarted(self.hand_number)]
        if settled:
            raise RuleError(Reason.NOT_IN_PHASE, "GEN-TRICK-7", "the hand is over")
        events = hand.apply(action)
        self.actions.append(action)
        if hand.phase is _SETTLED:
            events += self._hand_settled()
        return events

    def _hand_settled(self) -> list[Event]:
        result = self.hand.result
        assert result is not None
        self.winner = self.state.settled(self.hand, self.options, self.hand_number)
        self.history.append(result)
        if self.winner is not None:
            return [ev.MatchOver(self.winner)]
        return []

    # ------------------------------------------------------------------ what the table shows

    def team_levels(self) -> dict[Team, Rank]:
        """Each team's level now (DL, TR); empty in SD."""
        return self.state.team_levels()

    def coins(self) -> dict[Seat, int] | None:
        """Coins won so far (TR, SD); None in DL."""
        return self.state.coins_won()

    def blood(self) -> int:
        """DL: the blood the next hand's payer owes (DL-TRIB-1)."""
        return self.state.blood_owed()

    @property
    def next_dealer(self) -> Seat | None:
        """The dealer of the next hand, where known (None: decided by the deal)."""
        return self.state.dealer_next()


def _new_state(game: Game) -> MatchState:
    if game is Game.DL:
        return DLState()
    if game is Game.TR:
        return TRState()
    return SDState()
