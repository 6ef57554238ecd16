"""How well the beliefs (``shengji_desktop/ai/beliefs.py``) place the hidden cards, scored
against the truth: a cheap measure for tuning them before the arena measures decisions.

Matches are played with one recording seat (a normal player; its trick-play decisions with a
choice are the positions, as ``bench ai``'s) and three hard players at a fixed number of
playouts: the seats the expert judges in the arena, who do not play by the normal policy the
beliefs model. At each position the deals are drawn as the search draws them (its task, with
beliefs), and each deal is scored by the share of the other seats' cards it puts in the hand
that truly holds them. Uniform sampling scores the mean; the beliefs score the weighted mean.
For each variant (the factor a disagreement weighs, ``FLOOR ** TEMPER``; how many plays are
judged, ``LAST``; the window's passes read or not) it prints the gain in percentage points with
its standard error over positions, the share of the draws the weights are worth (ESS) and how
often they collapse (below ``MIN_SHARE``: uniform, as the search did before its tempering was
made adaptive), then one JSON line; ``ESS>=x`` variants temper each position's weights up to
that share instead (``beliefs.tempered``, as ``beliefs.reweigh`` does at ``beliefs.TARGET``).
Seeds 7, 11 and 13 are for tuning (seed 1 is kept for the arena's journals).

    .venv/bin/python scripts/beliefs_truth.py --game tr --matches 4 --hands 2 --seed 7
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from shengji_desktop.ai import beliefs, make_player
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.players import HeuristicPlayer
from shengji_desktop.ai.policy import Cards
from shengji_desktop.ai.search import make_task, rules_for, sample
from shengji_desktop.ai.task import Task
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.table import Player, Table
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.options import Game, Options

MISS_FACTORS = (0.56, 0.316, 0.178, 0.1, 0.03)  # FLOOR ** TEMPER; 0.316 is 0.1 ** 0.5
LASTS = (4, 8, 16)
MIN_SHARE = 0.25  # the fixed tempering's fallback: below it a batch counted alike
TARGETS = (0.25, 0.4, 0.5, 0.6)  # adaptive: the ESS share each batch is tempered up to


@dataclass(frozen=True)
class Seen:
    """A position and the truth behind it."""

    task: Task
    truth: dict[Seat, Counter[Card]]


class Recorder(HeuristicPlayer):
    """A normal player that keeps, at each trick-play decision with a choice, its task (with
    beliefs) and the other seats' real hands."""

    def __init__(self, rng: random.Random, seat: Seat, out: list[Seen]) -> None:
        super().__init__(rng, careful=True)
        self.seat = seat
        self.out = out
        self.match: Match | None = None

    def choose_cards(self, k: Knowledge, plays: list[Cards]) -> Cards:
        chosen = super().choose_cards(k, plays)
        searched = k.trump is not None and k.trump.suit is not None and k.dealer is not None
        if len(plays) > 1 and searched and self.match is not None:
            task = make_task(k, [chosen], 0, 1e9, None, beliefs=True)
            truth = {s: Counter(seat_view(self.match, s).hand) for s in Seat if s != self.seat}
            self.out.append(Seen(task, truth))
        return chosen


def positions(game: Game, matches: int, hands: int, seed: int, playouts: int) -> list[Seen]:
    out: list[Seen] = []
    for m in range(matches):
        match = Match(game, Options(), seed * 1000 + m)
        me = Seat(m % 4)
        recorder = Recorder(random.Random(f"truth/{seed}/{m}"), me, out)
        recorder.match = match
        players: dict[Seat, Player] = {
            s: recorder if s == me else make_player("hard", f"{seed}/{m}/{s.name}", None, playouts)
            for s in Seat
        }
        Table(match, players, rng=random.Random(seed * 1000 + m), hands=hands).play()
    return out


def score(hands: dict[Seat, Counter[Card]], truth: dict[Seat, Counter[Card]]) -> float:
    """The share of the other seats' cards the deal puts in their true hands."""
    placed = sum(min(n, hands[s][c]) for s, held in truth.items() for c, n in held.items())
    return placed / max(1, sum(sum(held.values()) for held in truth.values()))


def judged(seen: Seen, draws: int, rng: random.Random) -> dict[str, list[float]]:
    """Per draw: its score and, per ``LAST``, its misses (plays, bids + window separately);
    a draw the tribute rules out is marked by a miss count of -1."""
    task = seen.task
    rules = rules_for(task.game, task.level, task.suit, task.options)
    deals = [sample(task, rng)[0] for _ in range(draws)]
    rows: dict[str, list[float]] = {"score": [score(h, seen.truth) for h in deals]}
    kept = beliefs.LAST
    try:
        for last in LASTS:
            beliefs.LAST = last
            beliefs._PREPARED = None  # the judged plays depend on LAST
            found = [beliefs.misses(task, rules, h) for h in deals]
            rows[f"plays{last}"] = [-1.0 if f is None else float(f[0]) for f in found]
            if last == kept:
                rows["bids"] = [-1.0 if f is None else float(f[1]) for f in found]
                rows["window"] = [-1.0 if f is None else float(f[2]) for f in found]
    finally:
        beliefs.LAST = kept
        beliefs._PREPARED = None
    return rows


def gain(
    rows: dict[str, list[float]], miss: float, last: int, window: bool, adaptive: float = 0.0
) -> tuple[float, float]:
    """(weighted score − mean score, ESS share) of one position under one variant; with
    ``adaptive`` (a share), weights whose ESS is below it are tempered up to it
    instead of dropped below ``MIN_SHARE``."""
    weights = []
    for i, p in enumerate(rows[f"plays{last}"]):
        if p < 0:
            weights.append(0.0)
            continue
        n = p + rows["bids"][i] + (rows["window"][i] if window else 0.0)
        weights.append(miss**n)
    scores = rows["score"]
    total = sum(weights)
    if total <= 0:
        return 0.0, 0.0
    share = beliefs.ess(weights) / len(weights)
    if adaptive and share < adaptive:
        weights = beliefs.tempered(weights, adaptive)
        total = sum(weights)
        share = beliefs.ess(weights) / len(weights)
    elif share < MIN_SHARE:  # the search counted a collapsed batch alike
        return 0.0, share
    weighted = sum(w * s for w, s in zip(weights, scores, strict=True)) / total
    return weighted - statistics.fmean(scores), share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=["dl", "tr", "sd"], required=True)
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--hands", type=int, default=2, help="hands per match")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--playouts", type=int, default=8, help="the hard seats' playouts")
    parser.add_argument("--draws", type=int, default=40, help="deals drawn per position")
    parser.add_argument(
        "--rows", type=Path, help="keep the drawn deals' scores and misses here (read if there)"
    )
    args = parser.parse_args()
    game = {"dl": Game.DL, "tr": Game.TR, "sd": Game.SD}[args.game]
    if args.rows is not None and args.rows.exists():
        kept = json.loads(args.rows.read_text())
        per, windows = kept["rows"], kept["windows"]
    else:
        found = positions(game, args.matches, args.hands, args.seed, args.playouts)
        rng = random.Random(f"truth/{args.seed}")
        per = [judged(seen, args.draws, rng) for seen in found]
        windows = sum(1 for seen in found if seen.task.window is not None)
        if args.rows is not None:
            args.rows.write_text(json.dumps({"rows": per, "windows": windows}))
    print(
        f"{args.game.upper()}: {len(per)} positions ({windows} with a window), {args.draws}"
        f" draws each, seed {args.seed}; three hard seats at {args.playouts} playouts"
    )
    base = statistics.fmean(statistics.fmean(r["score"]) for r in per)
    print(f"  uniform: {100 * base:.2f}% of the other seats' cards placed in their true hands")
    results = []
    variants = [(w, last, a) for w in (True, False) for last in LASTS for a in (0.0, *TARGETS)]
    for window, last, adaptive in variants:
        if adaptive and not window:
            continue
        for miss in MISS_FACTORS:
            gains, shares = zip(*(gain(r, miss, last, window, adaptive) for r in per), strict=True)
            mean = statistics.fmean(gains)
            se = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
            collapsed = sum(1 for s in shares if s < MIN_SHARE) / len(shares)
            results.append(
                {
                    "window": window,
                    "adaptive": adaptive,
                    "last": last,
                    "miss": miss,
                    "gain_pp": round(100 * mean, 3),
                    "se_pp": round(100 * se, 3),
                    "ess_share": round(statistics.fmean(shares), 3),
                    "collapsed": round(collapsed, 3),
                }
            )
            print(
                f"  window {'on ' if window else 'off'}"
                f"{f' ESS>={adaptive:.2f}' if adaptive else ''}"
                f" LAST {last:2d} miss {miss:.3f}:"
                f" {100 * mean:+.2f} ± {100 * se:.2f} pp, ESS {statistics.fmean(shares):.2f},"
                f" collapsed {collapsed:.0%}"
            )
    print(
        json.dumps(
            {
                "game": args.game,
                "positions": len(per),
                "seed": args.seed,
                "uniform_pct": round(100 * base, 3),
                "variants": results,
            },
            sort_keys=True,
        )
    )


if __name__ == "__main__":
    main()
