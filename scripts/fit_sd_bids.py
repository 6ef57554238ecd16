"""Fit the normal player's SD bid model (``shengji_desktop/ai/sd_bidding.py``: ``WEIGHTS``).

Each seat of each deal is made to declare (its lowest legal bid; the others pass), normal players
all round, and the hand is played out. For every bid value the dealer's coins (SD-SCORE-2,
SD-DIG-1, SD-COIN-1/2) follow from the defenders' points and the last trick, which the bid does
not change; a least-squares fit of them on ``sd_bidding.features`` (the best suit by the 60 model,
refitted a few times) gives the weights, printed ready to paste, with the 流局 value by 常主 held.

    .venv/bin/python scripts/fit_sd_bids.py --deals 5000 --seed 1000   # about two minutes
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from shengji_desktop.ai import make_player, sd_bidding
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Card, Seat, Suit
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.sd import draw_loser, hand_outcome, hand_stake, regular_trump_count

BIDS = (60, 65, 70, 75)


class Forced:
    """Normal play; in the bidding, ``declarer`` takes its lowest legal bid, the others pass."""

    def __init__(self, seat: Seat, declarer: Seat, seed: str) -> None:
        self.inner = make_player("normal", seed)
        self.seat, self.declarer = seat, declarer
        self.hand: list[Card] = []

    def decide(self, view: SeatView) -> Action | None:
        if view.phase is Phase.BID and view.seat == self.seat:
            self.hand = sorted(view.hand)
            bids = [a for a in view.legal if isinstance(a, Action) and a.kind is Act.BID]
            if self.seat == self.declarer and bids:
                return min(bids, key=lambda a: a.value or 0)
            return next(a for a in view.legal if isinstance(a, Action) and a.kind is Act.PASS)
        return self.inner.decide(view)


def solve(rows: list[tuple[float, ...]], ys: list[float]) -> list[float]:
    """Least squares by the normal equations (12 unknowns), Gauss-Jordan with pivoting."""
    n = len(rows[0])
    a = [[0.0] * (n + 1) for _ in range(n)]
    for x, y in zip(rows, ys, strict=True):
        for i in range(n):
            xi = x[i]
            if xi:
                row = a[i]
                for j in range(n):
                    row[j] += xi * x[j]
                row[n] += xi * y
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
    return [a[i][n] for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    options = Options()
    hands: list[list[Card]] = []
    coins: list[dict[int, float]] = []
    draw: dict[int, list[float]] = defaultdict(list)
    for seed in range(args.seed, args.seed + args.deals):
        dealt: dict[Seat, list[Card]] = {}
        for declarer in Seat:
            match = Match(Game.SD, options, seed)
            players = {s: Forced(s, declarer, f"fit/{seed}/{s.name}") for s in Seat}
            Table(match, players, rng=random.Random(f"fit/{seed}"), hands=1).play()
            result = match.history[-1]
            dug = result.last_trick != declarer
            hand = players[declarer].hand
            dealt[declarer] = hand
            hands.append(hand)
            coins.append(
                {
                    b: -3.0
                    * hand_stake(b, options)
                    * hand_outcome(b, result.defender_points, dug).defender_factor
                    for b in BIDS
                }
            )
        for first in Seat:  # the 流局 a pass would make, from every first bidder
            loser = draw_loser(dealt, first, options)
            for seat, hand in dealt.items():
                draw[regular_trump_count(hand)].append(-3.0 if seat == loser else 1.0)
    best = [max(Suit, key=lambda s: sum(1 for c in h if c.suit == s)) for h in hands]
    weights: dict[int, list[float]] = {}
    for _ in range(4):
        rows = [sd_bidding.features(h, s) for h, s in zip(hands, best, strict=True)]
        weights = {b: solve(rows, [c[b] for c in coins]) for b in BIDS}
        w60 = weights[60]
        best = [
            max(
                Suit,
                key=lambda s, h=h: sum(
                    w * x for w, x in zip(w60, sd_bidding.features(h, s), strict=True)
                ),
            )
            for h in hands
        ]
    print(f"# {len(hands)} hands, deals {args.seed}..{args.seed + args.deals - 1}")
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for b in BIDS:
        print(f"    {b}: ({', '.join(f'{w:.3f}' for w in weights[b])}),")
    print("}")
    for n in sorted(draw):
        values = draw[n]
        print(f"# 流局 with {n} 常主: {sum(values) / len(values):+.2f} coins ({len(values)} seats)")


if __name__ == "__main__":
    main()
