"""Decisions outside trick play: declaring, bidding, tribute, revolt, returning, burying,
trump choice. Each takes the seat's knowledge and its legal actions and returns one of them
(or, for choose-N actions, the cards)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache

from ..engine.actions import Act, Action, Move
from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit, card_points
from ..rules.options import Game, Options
from ..rules.ranking import TRUMP, Trump
from . import sd_bidding
from .knowledge import Knowledge, trump_of


def actions(legal: Sequence[Move]) -> list[Action]:
    """The moves that are actions to take as they are (not card choices)."""
    return [a for a in legal if isinstance(a, Action)]


def trump_share(k: Knowledge, suit: Suit | None) -> float:
    """Share of the hand that would be trump with ``suit`` (level cards, jokers, 2s counted)."""
    # The hand's level: the dealer side's (DL-DECK-3, TR-DECK-3), known before the trump.
    level = int(k.trump.level) if k.trump is not None else _hand_level(k)
    return hand_share(k.game, level, suit, k.options, k.hand)


def hand_share(
    game: Game, level: int, suit: Suit | None, options: Options, hand: Mapping[Card, int]
) -> float:
    """``trump_share`` of ``hand`` at ``level``."""
    n = sum(hand.values())
    classes = _classes(game, level, suit, options)
    if classes is None or n == 0:
        return 0.0
    return sum(m for c, m in hand.items() if classes[c] == TRUMP) / n


@lru_cache(maxsize=64)
def _classes(game: Game, level: int, suit: Suit | None, options: Options) -> Sequence[int] | None:
    trump = trump_of(game, level, suit, options)
    return trump.classes if trump is not None else None


def _hand_level(k: Knowledge) -> int:
    """The level trumps are counted by before the trump is fixed: the hand's (``view.level``:
    the dealer side's once the dealer is known, DL-DECK-3 and TR-DECK-3; both sides' alike in
    hand 1; SD's 2s). Every seat counts by it, defenders too: a declaration shows a level card
    of the hand (TR-DECL-1, DL-DECL-4: "打3亮3"), not of the seat's own side."""
    return int(k.view.level)


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
        t = trump_of(k.game, _hand_level(k) if k.game is not Game.SD else 2, s, k.options)
        assert t is not None
        return (strength_value(t, k.hand), -int(s))

    return max(suits, key=value)


# ---------------------------------------------------------------------------- declaring


DEALER_SHARE = 0.6
"""TR hand 1: the share of trumps from which the normal player declares, and so becomes dealer
(TR-DEALER-1). A dealer side gains one level at most (three at *D* = 0) where the defenders'
joker digs gain two or three per joker (TR-SETTLE-1/2), so it takes a hand to hold the last
trick with; later hands, where the dealer is known and a declaration only names trump, keep the
0.40 of before. Arena, 200 deals against ``baseline`` (seeds 7 and 11): declaring from 0.40 won
+0.17/+0.18 levels per hand, from 0.58 +0.50/+0.49, from 0.66 +0.62/+0.52 (higher still did
better against this opponent, never declaring most; 0.6 keeps a player who declares strong
hands)."""

DEALER_FIXED = 1 / 3
"""DL hand 1: the normal player shows its big joker, and so becomes dealer with an unknown trump
suit (DL-DECL-1/2), only when at least this share of its cards so far are 常主 or level cards
(jokers, 2s, 3s: trumps whatever the suit). Arena, 300 deals against ``baseline`` (seed 7):
showing at once +0.17 levels per hand, from 0.22 +0.20, from 0.28 +0.23, from 1/3 +0.27."""


def fixed_trumps(hand: Mapping[Card, int]) -> int:
    """Cards of the hand that are trumps whatever the suit: jokers, 2s, and 3s (DL hand 1's
    level, DL-DECL-2)."""
    return sum(
        n
        for c, n in hand.items()
        if c in (BIG_JOKER, SMALL_JOKER) or c.rank in (Rank.TWO, Rank.THREE)
    )


def shows_big_joker(hand: Mapping[Card, int], dealt: int, full: int, careful: bool) -> bool:
    """DL hand 1: the first big joker shown makes its holder dealer (DL-DECL-1); the easy player
    shows it at once, the normal player only with a hand rich in 常主 (see DEALER_FIXED)."""
    return not careful or (dealt >= full // 3 and fixed_trumps(hand) >= DEALER_FIXED * dealt)


def pick_declaration(
    shares: Sequence[float], dealt: int, full: int, ours: bool, hand_one: bool, careful: bool
) -> int | None:
    """Which of the declarations on offer to make (their index; None: wait or pass), by the
    share of the hand each would make trump (``trump_share``): the first of the best, when that
    share reaches the threshold. ``hand_one``: TR's hand 1, where the declarer becomes dealer
    (TR-DEALER-1); ``ours``: our side's declaration stands already."""
    if not shares:
        return None
    best = max(range(len(shares)), key=lambda i: (shares[i], -i))
    threshold = 0.40 if careful else 0.36
    if careful and hand_one:
        threshold = DEALER_SHARE  # hand 1: the declarer becomes dealer (TR-DEALER-1)
    if dealt < full // 3:
        threshold += 0.08  # too early to judge
    if ours:
        threshold += 0.15  # our side already holds the declaration
    return best if shares[best] >= threshold else None


def declare(k: Knowledge, legal: Sequence[Move], careful: bool) -> Action | None:
    """During the deal (None = wait) and in the post-deal window (PASS)."""
    decls = [a for a in actions(legal) if a.kind is Act.DECLARE]
    passing = next((a for a in actions(legal) if a.kind is Act.PASS), None)
    if not decls:
        return passing
    dealt = sum(k.hand.values())
    full = k.game.hand_size
    bj = [a for a in decls if a.cards == (BIG_JOKER,)]
    if bj:
        return bj[0] if shows_big_joker(k.hand, dealt, full, careful) else passing
    standing = k.view.declaration
    ours = standing is not None and standing.seat in k.friends
    offered = [(a, declared_suit(a)) for a in decls]
    named = [(a, s) for a, s in offered if s is not None]
    shares = [trump_share(k, s) for _, s in named]
    hand_one = k.view.dealer is None
    chosen = pick_declaration(shares, dealt, full, ours, hand_one, careful)
    return named[chosen][0] if chosen is not None else passing


def declared_suit(a: Action) -> Suit | None:
    """The suit a declaration names (three jokers name one; level cards declare their own)."""
    return a.suit if a.suit is not None else (a.cards[0].suit if a.cards else None)


# ---------------------------------------------------------------------------- SD bidding


def bid(k: Knowledge, legal: Sequence[Move], careful: bool) -> Action:
    bids = sorted((a for a in actions(legal) if a.kind is Act.BID), key=lambda a: a.value or 0)
    passing = next(a for a in actions(legal) if a.kind is Act.PASS)
    if not bids:
        return passing
    if careful:
        return sd_bidding.choose_bid(k, bids, passing)
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
