"""The normal player's SD bid (叫分, RULES.md §4.2): the bid whose expected coins are best, if
they beat passing.

A bid's worth is the dealer's expected coins (units of the room base: SD-SCORE-2, SD-DIG-1,
SD-COIN-1/2) from a linear model of the 12 cards held before the kitty, for the best trump suit
(``WEIGHTS``). The model was fitted by ``scripts/fit_sd_bids.py`` on hands the normal player was
made to declare (each seat of deals 1000-5999, normal players all round, at the commit that
added this module): it counts what wins tricks
and keeps the last one — trumps, jokers, 2s, the trump suit's king, side aces and kings, short
side suits — and the points the hand holds itself. The old rule bid 60 from a strength of 7.2
(``phases.strength_value``), where the model gives the dealer about −2.5 coins a hand.

Passing is worth ``PASS_VALUE``, except for the last bidder after three passes: passing then
makes a 流局, whose loser is the seat with the most 常主 (SD-DRAW-2..6), so a hand of two or more
常主 pays for passing (``DRAW_VALUE``, measured on the same hands).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.actions import Action
from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit, card_points
from ..rules.sd import regular_trump_count
from .knowledge import Knowledge

FEATURES = (
    "const",
    "trumps",
    "big_joker",
    "small_joker",
    "twos",
    "trump_ace",
    "trump_king",
    "side_aces",
    "side_kings",
    "voids",
    "singletons",
    "side_points_10",
)
"""What ``features`` counts, in order (the columns of ``WEIGHTS``)."""

WEIGHTS: dict[int, tuple[float, ...]] = {
    60: (-11.518, 1.037, 2.277, 1.116, 0.410, -0.028, 0.748, 0.548, 0.161, 0.212, 0.123, 0.735),
    65: (-25.851, 2.136, 4.192, 2.034, 0.762, -0.012, 1.756, 1.304, 0.278, 0.614, 0.285, 1.710),
    70: (-40.098, 2.961, 5.599, 2.894, 1.068, -0.037, 2.601, 1.782, 0.497, 0.763, 0.440, 2.228),
    75: (-50.130, 3.147, 6.513, 3.352, 1.107, -0.001, 2.570, 1.963, 0.626, 1.262, 0.481, 1.885),
}
"""Expected dealer coins per bid: the dot product with ``features`` (fitted, see the module)."""

PASS_VALUE = -1.5
"""What passing is taken to be worth when others may still bid. Chosen by arena runs of 1000
deals against ``baseline`` (seeds 7 and 11): −1.5 made +0.87/+0.84 coins per hand, −1
+0.81/+0.86, 0 +0.57, +0.5 +0.51; the old thresholds +0.09. Below zero because a seat that
passes a fair hand leaves the bid to a weaker one, or to a 流局."""

DRAW_VALUE = {0: 1.0, 1: 0.96, 2: -0.84, 3: -2.9}
"""A seat's coins from a 流局 by the 常主 it holds (measured by the fit's script over 20000
hands): with none or one it almost never loses (+1), with two it loses half the time, with three
or more nearly always (−3 from four on) (SD-DRAW-2..6)."""


def features(hand: Iterable[Card], suit: Suit) -> tuple[float, ...]:
    """The counts of ``FEATURES`` for a hand with ``suit`` as trump (SD-RANK-1: jokers, 2s and
    the suit are trumps)."""
    cards = list(hand)
    jokers = (BIG_JOKER, SMALL_JOKER)
    trumps = [c for c in cards if c in jokers or c.rank == Rank.TWO or c.suit == suit]
    side = [c for c in cards if not (c in jokers or c.rank == Rank.TWO or c.suit == suit)]
    lengths = {s: 0 for s in Suit if s != suit}
    for c in side:
        if c.suit is not None:
            lengths[c.suit] += 1
    top = {c.rank for c in trumps if c.suit == suit and c.rank != Rank.TWO}
    return (
        1.0,
        float(len(trumps)),
        float(BIG_JOKER in cards),
        float(SMALL_JOKER in cards),
        float(sum(1 for c in cards if c not in jokers and c.rank == Rank.TWO)),
        float(Rank.ACE in top),
        float(Rank.KING in top),
        float(sum(1 for c in side if c.rank == Rank.ACE)),
        float(sum(1 for c in side if c.rank == Rank.KING)),
        float(sum(1 for n in lengths.values() if n == 0)),
        float(sum(1 for n in lengths.values() if n == 1)),
        card_points(side) / 10,
    )


def bid_values(hand: Sequence[Card], bids: Iterable[int]) -> dict[int, float]:
    """The dealer's expected coins of declaring each of ``bids`` with ``hand``, its best trump
    suit (the hand's features counted once per suit)."""
    counted = [features(hand, s) for s in Suit]
    return {
        b: max(sum(w * x for w, x in zip(WEIGHTS[b], f, strict=True)) for f in counted)
        for b in bids
    }


def bid_value(hand: Sequence[Card], bid: int) -> float:
    """The dealer's expected coins of declaring ``bid`` with ``hand``, its best trump suit."""
    return bid_values(hand, (bid,))[bid]


def pass_value(regular_trumps: int, last_after_passes: bool) -> float:
    if last_after_passes:
        return DRAW_VALUE.get(regular_trumps, -3.0)
    return PASS_VALUE


def normal_bid(hand: Sequence[Card], legal: Sequence[int], last: bool) -> int | None:
    """The bid among ``legal`` worth most with ``hand``, or None (a pass) when none is worth more
    than passing (``last``: the last bidder after three passes, SD-DRAW)."""
    floor = pass_value(regular_trump_count(hand), last)
    worth = bid_values(hand, [v for v in legal if v in WEIGHTS])
    if not worth:
        return None
    best = max(worth, key=lambda v: (worth[v], -v))
    return best if worth[best] > floor else None


def choose_bid(k: Knowledge, bids: Sequence[Action], passing: Action) -> Action:
    """The legal bid (SD-BID-3/4) worth most, or the pass when no bid is worth more."""
    history = k.view.bids
    last = len(history) == 3 and all(value is None for _, value in history)
    by_value = {a.value: a for a in bids if a.value is not None}
    value = normal_bid(list(k.hand.elements()), tuple(by_value), last)
    return passing if value is None else by_value[value]
