"""Duplicate matches between two kinds of player: every deal is played twice with the sides
swapped, so both get both hands; the difference is what the players made of the same cards.

One hand per deal, from the start of a match (hand 1 rules; levels from their starting value).
Result per hand for A: DL and TR, A's team level gain minus B's; SD, the coins A's two seats won
minus B's two seats', in units of the room base (the stake of a 60 bid).
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ..engine.actions import Action
from ..engine.headless import drive
from ..engine.match import Match
from ..engine.players import Player
from ..rules.cards import Rank, Seat
from ..rules.options import Game, Options
from ..rules.tr import level_index

TEAM_SEATS = {"NS": (Seat.S, Seat.N), "EW": (Seat.E, Seat.W)}


class Timed:
    """Wraps a player and records how long each decision outside the deal took."""

    def __init__(self, player: Player, times: list[float]) -> None:
        self.player = player
        self.times = times

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        t0 = time.perf_counter()
        action = self.player.decide(view, legal)
        if view["phase"] != "deal" and len(legal) > 1:
            self.times.append(time.perf_counter() - t0)
        return action


def team_levels(match: Match) -> dict[str, int]:
    levels = match.summary().get("levels", {})
    if match.game is Game.TR:
        names = {"J": 11, "Q": 12, "K": 13, "A": 14}
        return {
            t: level_index(Rank(names.get(v, 0) or int(v)), match.options)
            for t, v in levels.items()
        }
    return {t: int(v) for t, v in levels.items()}


def hand_result(match: Match, before: dict[str, int], a_team: str) -> float:
    b_team = "EW" if a_team == "NS" else "NS"
    if match.game is Game.SD:
        coins = match.summary()["coins"]
        base = match.options.sd_room_base
        a = sum(coins[s.name] for s in TEAM_SEATS[a_team])
        b = sum(coins[s.name] for s in TEAM_SEATS[b_team])
        return float(a - b) / base
    after = team_levels(match)
    return float((after[a_team] - before[a_team]) - (after[b_team] - before[b_team]))


def play_hand(
    game: Game,
    options: Options,
    seed: int,
    make: Callable[[str, str], Player],
    a_kind: str,
    b_kind: str,
    a_team: str,
    times: dict[str, list[float]],
) -> float:
    match = Match(game, options, seed)
    before = team_levels(match) if game is not Game.SD else {}
    players: dict[Seat, Player] = {}
    for team, (label, kind) in (
        (a_team, ("A", a_kind)),
        ("EW" if a_team == "NS" else "NS", ("B", b_kind)),
    ):
        for seat in TEAM_SEATS[team]:
            player = make(kind, f"arena/{seed}/{label}/{seat.name}")
            players[seat] = Timed(player, times[label])
    drive(match, players, random.Random(f"arena/{seed}/driver"), 1)
    return hand_result(match, before, a_team)


def summarise(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan, math.nan
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    i = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[i]


def run_arena(
    game: Game,
    a_kind: str,
    b_kind: str,
    deals: int,
    seed: int,
    make: Callable[[str, str], Player],
    options: Options | None = None,
    out: Callable[[str], None] = print,
) -> dict[str, Any]:
    options = options or Options()
    times: dict[str, list[float]] = {"A": [], "B": []}
    per_deal: list[float] = []
    per_hand: list[float] = []
    t0 = time.perf_counter()
    for i in range(deals):
        deal_seed = seed * 1_000_003 + i
        first = play_hand(game, options, deal_seed, make, a_kind, b_kind, "NS", times)
        second = play_hand(game, options, deal_seed, make, a_kind, b_kind, "EW", times)
        per_hand += [first, second]
        per_deal.append((first + second) / 2)
        if (i + 1) % 10 == 0 or i + 1 == deals:
            mean = statistics.fmean(per_deal)
            out(f"  {i + 1}/{deals} deals  mean {mean:+.3f}  ({time.perf_counter() - t0:.0f} s)")
    mean, low, high = summarise(per_deal)
    unit = "coins (room base) per hand" if game is Game.SD else "levels per hand"
    wins = sum(1 for v in per_hand if v > 0) / len(per_hand)
    ties = sum(1 for v in per_hand if v == 0) / len(per_hand)
    figures: dict[str, Any] = {
        "arena": game.value,
        "a": a_kind,
        "b": b_kind,
        "deals": deals,
        "hands": len(per_hand),
        "seed": seed,
        "unit": unit,
        "mean_diff": round(mean, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "hand_win_rate": round(wins, 4),
        "hand_tie_rate": round(ties, 4),
    }
    out(f"{game.value}: A={a_kind} vs B={b_kind}, {deals} duplicate deals ({len(per_hand)} hands)")
    out(f"  A over B: {mean:+.3f} {unit}, 95% CI [{low:+.3f}, {high:+.3f}]")
    out(f"  hands won by A: {wins:.1%}, tied: {ties:.1%}")
    for label, kind in (("A", a_kind), ("B", b_kind)):
        ms = [t * 1e3 for t in times[label]]
        med, p95 = percentile(ms, 0.5), percentile(ms, 0.95)
        figures[f"{label}_ms_median"] = round(med, 3)
        figures[f"{label}_ms_p95"] = round(p95, 3)
        figures[f"{label}_decisions"] = len(ms)
        out(
            f"  {label} ({kind}) decision time: median {med:.2f} ms, p95 {p95:.2f} ms,"
            f" {len(ms)} decisions"
        )
    out(json.dumps(figures, sort_keys=True))
    return figures
