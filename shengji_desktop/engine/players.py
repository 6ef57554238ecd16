"""The simplest computer seat: a uniformly random legal choice from a seeded RNG."""

from __future__ import annotations

import random
from typing import Protocol

from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat
from .actions import Act, Action
from .match import Match

CHOOSE_KINDS = (Act.BURY, Act.TRIBUTE, Act.RETURN)


class Player(Protocol):
    def choose(self, match: Match, seat: Seat, legal: list[Action]) -> Action: ...


class RandomPlayer:
    """Random legal choices. Declaring during the deal happens with a small probability so that
    whole matches see declarations, overcalls and the no-declaration fallbacks."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def wants_to_act(self, legal: list[Action]) -> bool:
        """During the deal a seat may declare between cards; it usually waits."""
        return any(a.kind is not Act.PASS for a in legal) and self.rng.random() < 0.05

    def choose(self, match: Match, seat: Seat, legal: list[Action]) -> Action:
        action = self.rng.choice(legal)
        if action.kind in CHOOSE_KINDS and not action.cards and action.value:
            return Action(action.kind, seat, self.pick(match, seat, action.value))
        return action

    def pick(self, match: Match, seat: Seat, n: int) -> tuple[Card, ...]:
        """N cards to give away: non-jokers are always a legal burial or return."""
        hand = list(match.hand.hands[seat].elements())
        plain = [c for c in hand if c not in (BIG_JOKER, SMALL_JOKER)]
        self.rng.shuffle(plain)
        jokers = sorted((c for c in hand if c in (BIG_JOKER, SMALL_JOKER)), reverse=True)
        return tuple(sorted((plain + jokers)[:n]))
