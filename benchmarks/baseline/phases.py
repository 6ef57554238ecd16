"""Frozen copy of ai/phases.py at d3603ff (issue 22): never edit.

Decisions outside trick play: declaring, bidding, tribute, revolt, returning, burying,
trump choice. Each takes the seat's knowledge and its legal actions and returns one of them
(or, for choose-N actions, the cards)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from shengji_desktop.engine.actions import Act, Action, Move
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit, card_points
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.ranking import TRUMP, Trump

from .knowledge import Knowledge, trump_of


def actions(legal: Sequence[Move]) -> list[Action]:
    """The moves that are actions to take as they are (not card choices)."""
    return [a for a in legal if isinstance(a, Action)]


def trump_share(k: Knowledge, suit: Suit | None) -> float:
    """Share of the hand that would be trump with ``suit`` (level cards, jokers, 2s counted)."""
    # The hand's level once trump is fixed; before, the seat's own team's level.
    level = int(k.trump.level) if k.trump is not None else _my_level(k)
    trump = trump_of(k.game, level, suit, k.options)
    n = sum(k.hand.values())
    if trump is None or n == 0:
        return 0.0
    classes = trump.classes
    return sum(m for c, m in k.hand.items() if classes[c] == TRUMP) / n


def _my_level(k: Knowledge) -> int:
    level = k.view.levels.get(k.seat.team)
    if level is not None:
        return int(level)
    return 2 if k.game is Game.SD else 3


def strength_value(trump: Trump, hand: Counter[Card]) -> float:
    """A rough hand strength for bidding: trumps count most, then high side cards."""
    value = 0.0
    for c, n in hand.items():
        if trump.classes[c] == TRUMP:
            s = trump.strengths[c]
            value += n * (1.0 + (0.6 if s >= 50 else 0.3 if s >= 40 else 0.0))
        elif c.rank == Rank.ACE:
            value += 0.7 * n
        elif c.rank == Rank.KING:
            value += 0.25 * n
    return value


def best_suit(k: Knowledge, suits: list[Suit]) -> Suit:
    def value(s: Suit) -> tuple[float, int]:
        t = trump_of(k.game, _my_level(k) if k.game is not Game.SD else 2, s, k.options)
        assert t is not None
        return (strength_value(t, k.hand), -int(s))

    return max(suits, key=value)


# ---------------------------------------------------------------------------- declaring


def declare(k: Knowledge, legal: Sequence[Move], careful: bool) -> Action | None:
    """During the deal (None = wait) and in the post-deal window (PASS)."""
    decls = [a for a in actions(legal) if a.kind is Act.DECLARE]
    passing = next((a for a in actions(legal) if a.kind is Act.PASS), None)
    if not decls:
        return passing
    dealt = sum(k.hand.values())
    full = k.game.hand_size
    # DL hand 1: the first big joker shown makes its holder dealer; show it at once.
    bj = [a for a in decls if a.cards == (BIG_JOKER,)]
    if bj:
        return bj[0]
    standing = k.view.declaration
    ours = standing is not None and standing.seat in k.friends
    best: tuple[float, Action] | None = None
    for a in decls:
        suit = a.suit if a.suit is not None else (a.cards[0].suit if a.cards else None)
        if suit is None:
            continue
        share = trump_share(k, suit)
        if best is None or share > best[0]:
            best = (share, a)
    if best is None:
        return passing
    share, action = best
    threshold = 0.40 if careful else 0.36
    if dealt < full // 3:
        threshold += 0.08  # too early to judge
    if ours:
        threshold += 0.15  # our side already holds the declaration
    if share >= threshold:
        return action
    return passing


# ---------------------------------------------------------------------------- SD bidding


def bid(k: Knowledge, legal: Sequence[Move], careful: bool) -> Action:
    bids = sorted((a for a in actions(legal) if a.kind is Act.BID), key=lambda a: a.value or 0)
    passing = next(a for a in actions(legal) if a.kind is Act.PASS)
    if not bids:
        return passing
    suit = best_suit(k, list(Suit))
    t = trump_of(Game.SD, 2, suit, k.options)
    assert t is not None
    value = strength_value(t, k.hand)
    # 12 cards; the kitty adds 6 more. Thresholds by the bid's risk (SD-SCORE-2).
    limits = {60: 7.2, 65: 8.2, 70: 9.2, 75: 10.2} if careful else {60: 6.8, 65: 8.0, 70: 9.5}
    affordable = [a for a in bids if a.value is not None and value >= limits.get(a.value, 99)]
    if not affordable:
        return passing
    return affordable[0]


def choose_trump(k: Knowledge, legal: Sequence[Move]) -> Action:
    suits = [a.suit for a in actions(legal) if a.suit is not None]
    best = best_suit(k, suits)
    return next(a for a in actions(legal) if a.suit == best)


# ---------------------------------------------------------------------------- giving cards away


def give_away(k: Knowledge, n: int, *, keep_points: bool, rng: random.Random) -> tuple[Card, ...]:
    """N cards to bury or return: low side cards from short suits first, never jokers; point
    cards last unless ``keep_points`` is False (an SD kitty's points count for nobody)."""
    trump = k.trump
    hand = k.hand
    if trump is None:
        plain = sorted(c for c in hand.elements() if c not in (BIG_JOKER, SMALL_JOKER))
        rng.shuffle(plain)
        return tuple(sorted(plain[:n]))
    classes, strengths = trump.classes, trump.strengths
    length: Counter[int] = Counter()
    for c, m in hand.items():
        length[classes[c]] += m

    def cost(c: Card) -> float:
        cls = classes[c]
        if c in (BIG_JOKER, SMALL_JOKER):
            return 1000.0
        value = float(strengths[c])
        if cls == TRUMP:
            value += 60
        else:
            value += 1.5 * length[cls]  # short suits go first: voids let us ruff
        pts = card_points([c])
        value += 6 * pts if keep_points else -4 * pts
        return value

    cards = sorted(hand.elements(), key=lambda c: (cost(c), c))
    return tuple(sorted(cards[:n]))


def pick_choice(k: Knowledge, legal: Sequence[Move]) -> Action:
    """Among fixed card choices (tribute, weakest return): keep the long suits intact."""
    trump = k.trump
    choices = actions(legal)
    if trump is None or len(choices) == 1:
        return choices[0]
    length: Counter[int] = Counter()
    for c, m in k.hand.items():
        length[trump.classes[c]] += m
    return max(choices, key=lambda a: (sum(length[trump.classes[c]] for c in a.cards), a.cards))
