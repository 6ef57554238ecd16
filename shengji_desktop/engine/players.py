"""The simplest computer seat: random legal choices, from what its own view shows."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card
from .actions import Act, Action, ChooseCards, Move
from .phase import Phase
from .view import SeatView

_PASS = Act.PASS  # asked between every card of the deal: no Enum lookup there
_DEAL = Phase.DEAL


class RandomPlayer:
    """Random legal choices from a seeded RNG. Declaring during the deal happens with a small
    probability so that whole matches see declarations, overcalls and the fallbacks."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> Action | None:
        legal = view.legal
        if view.phase is _DEAL and not self.wants_to_act(legal):
            return None
        return self.pick_action(legal, view.hand)

    def choose(self, legal: Sequence[Move]) -> Action:
        """Without a view (the engine's benchmarks): a card choice picks from its own hand."""
        move = self.rng.choice(legal)
        if isinstance(move, ChooseCards):
            return move.action(self.pick(move.hand, move.count))
        return move

    def wants_to_act(self, legal: Sequence[Move]) -> bool:
        return any(a.kind is not _PASS for a in legal) and self.rng.random() < 0.05

    def pick_action(self, legal: Sequence[Move], hand: Sequence[Card]) -> Action:
        move = self.rng.choice(legal)
        if isinstance(move, ChooseCards):
            return move.action(self.pick(hand, move.count))
        return move

    def pick(self, hand: Sequence[Card], n: int) -> tuple[Card, ...]:
        """N cards to give away: non-jokers are always a legal burial or return."""
        plain = [c for c in hand if c not in (BIG_JOKER, SMALL_JOKER)]
        self.rng.shuffle(plain)
        jokers = sorted((c for c in hand if c in (BIG_JOKER, SMALL_JOKER)), reverse=True)
        return tuple(sorted((plain + jokers)[:n]))
