"""Computer seats: the protocol every player implements, and the simplest one (random).

A player sees only what its seat may see: ``decide`` gets ``match.view(seat)`` (a JSON-ready
dict, the same a LAN client receives) and the seat's legal actions, never the match itself.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat, parse_cards
from .actions import Act, Action
from .hand import Phase
from .match import Match

CHOOSE_KINDS = (Act.BURY, Act.TRIBUTE, Act.RETURN)
_PASS = Act.PASS  # asked between every card of the deal: no Enum lookup there


class Player(Protocol):
    """One computer seat. ``decide`` returns the action to take, or None during the deal
    (phase ``deal``) to wait for the next card instead of declaring now."""

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action | None: ...


def hand_of(view: dict[str, Any]) -> list[Card]:
    return parse_cards(view.get("hand", ""))


class RandomPlayer:
    """Random legal choices from a seeded RNG. Declaring during the deal happens with a small
    probability so that whole matches see declarations, overcalls and the fallbacks."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        if view["phase"] == Phase.DEAL and not self.wants_to_act(legal):
            return None
        return self.pick_action(legal, hand_of(view))

    # The engine's own tests and benchmarks drive thousands of hands; they skip the view.
    def choose(self, match: Match, seat: Seat, legal: list[Action]) -> Action:
        action = self.rng.choice(legal)
        if action.kind in CHOOSE_KINDS and not action.cards and action.value:
            hand = list(match.hand.hands[seat].elements())
            return Action(action.kind, action.seat, self.pick(hand, action.value))
        return action

    def wants_to_act(self, legal: list[Action]) -> bool:
        return any(a.kind is not _PASS for a in legal) and self.rng.random() < 0.05

    def pick_action(self, legal: list[Action], hand: list[Card]) -> Action:
        action = self.rng.choice(legal)
        if action.kind in CHOOSE_KINDS and not action.cards and action.value:
            return Action(action.kind, action.seat, self.pick(hand, action.value))
        return action

    def pick(self, hand: list[Card], n: int) -> tuple[Card, ...]:
        """N cards to give away: non-jokers are always a legal burial or return."""
        plain = [c for c in hand if c not in (BIG_JOKER, SMALL_JOKER)]
        self.rng.shuffle(plain)
        jokers = sorted((c for c in hand if c in (BIG_JOKER, SMALL_JOKER)), reverse=True)
        return tuple(sorted((plain + jokers)[:n]))
