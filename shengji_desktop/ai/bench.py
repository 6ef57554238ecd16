"""``bench ai`` (issue 21): what the hard player's search costs, per game.

- ``playout_ms``: CPU milliseconds per playout as the search pays for it (the sampled deal, the
  copies of the hands and the play-out of one candidate to the end of the hand), in-process on
  one core; the median over positions, with playouts per second from it.
- decision time at the default budget: the hard player's whole decision (the normal choice, the
  search in the worker processes), wall time, median and p95.
- the sampler with and without beliefs (``beliefs_cost``): deals per CPU second, whole search
  samples per CPU second, the draws' mean effective sample size (a share of the draws) and how
  often it was tempered (``beliefs.TARGET``); and the decision time with beliefs (the
  ``expert-believing`` search at the same budget).
- for hard and with beliefs: the samples a decision keeps and how often the search leaves the
  normal player's play (``departs``).

The positions are every trick-play decision with a choice, of seeded hands played by four
normal players (untuned, see ``_Recorder``; the hard player's own positions, from its first
lead to its last follow).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from ..engine.match import Match
from ..engine.table import Table
from ..rules.cards import Seat
from ..rules.options import Game, Options
from .knowledge import Knowledge
from .players import HardPlayer, HeuristicPlayer
from .policy import Cards
from .search import make_task, prune, run_task
from .task import Task

T = TypeVar("T")

TARGET_PLAYOUT_MS = {Game.DL: 1.5, Game.TR: 0.8, Game.SD: 0.3}
DEFAULT_BUDGET = 1.0


@dataclass(frozen=True)
class Position:
    """A trick-play decision with more than one play: what the hard player would search."""

    knowledge: Knowledge
    plays: list[Cards]
    preferred: Cards


class _Recorder(HeuristicPlayer):
    """A normal player that keeps every trick-play decision with a choice. It plays by the
    playout policy alone (``tuned`` off: the normal of issue 21), so the positions, and the
    figures and tests built on them, stay the same when the normal player's tuning changes."""

    tuned = False

    def __init__(self, rng: random.Random, out: list[Position]) -> None:
        super().__init__(rng, careful=True)
        self.out = out

    def choose_cards(self, k: Knowledge, plays: list[Cards]) -> Cards:
        preferred = super().choose_cards(k, plays)
        searched = k.trump is not None and k.trump.suit is not None and k.dealer is not None
        if len(plays) > 1 and searched:  # what HardPlayer.choose_cards would search
            self.out.append(Position(k, list(plays), preferred))
        return preferred


def positions(
    game: Game, hands: int, seed: int = 1, options: Options | None = None
) -> list[Position]:
    """The positions of ``hands`` seeded first hands (one match each; a hand without trick
    play, as an SD hand nobody bid for, does not count), in play order."""
    out: list[Position] = []
    played = 0
    n = 0
    while played < hands:
        match = Match(game, options or Options(), seed * 1000 + n)
        players = {s: _Recorder(random.Random(f"bench/{n}/{s.name}"), out) for s in Seat}
        before = len(out)
        Table(match, dict(players), hands=1).play()
        played += len(out) > before
        n += 1
    return out


def tasks(found: list[Position], samples: int, seed: int = 7, beliefs: bool = False) -> list[Task]:
    """One fixed-sample search task per position (what one worker plays for it)."""
    rng = random.Random(seed)
    return [
        make_task(
            p.knowledge,
            prune(p.knowledge, p.plays, p.preferred),
            rng.randrange(2**63),
            1e9,
            samples,
            beliefs,
        )
        for p in found
    ]


def playout_ms(task: Task) -> float:
    """CPU milliseconds per playout of ``task`` run in this process."""
    c0 = time.process_time()
    rows = run_task(task)
    spent = time.process_time() - c0
    return spent * 1e3 / (len(rows) * len(task.candidates))


@dataclass
class Timed:
    """The hard player's decisions at positions: wall seconds of each whole decision (normal
    choice and search), the samples each search kept, and whether it left the normal player's
    choice (the search found another play clearly better: ``search.choose``)."""

    seconds: list[float]
    samples: list[int]
    departed: list[bool]

    @property
    def departs(self) -> float:
        return sum(self.departed) / len(self.departed) if self.departed else 0.0


def decisions_timed(
    found: list[Position], budget: float, seed: int = 11, beliefs: bool = False
) -> Timed:
    """The hard player's decisions at ``budget`` for each position (with ``beliefs``: as
    ``expert-believing`` thinks)."""
    timed = Timed([], [], [])
    for i, p in enumerate(found):
        player = HardPlayer(random.Random(f"bench/hard/{seed}/{i}"), budget, None, beliefs)
        player.last_search = {}
        t0 = time.perf_counter()
        player.choose_cards(p.knowledge, p.plays)
        timed.seconds.append(time.perf_counter() - t0)
        timed.samples.append(int(player.last_search.get("samples", 0)))
        timed.departed.append(player.last_search.get("chosen", 0) != 0)
    return timed


def _spread(items: list[T], count: int) -> list[T]:
    """``count`` items evenly spread over ``items`` (first to last)."""
    if count <= 0:
        return []
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(
    hands: int = 2,
    samples: int = 2,
    decisions: int = 10,
    budget: float = DEFAULT_BUDGET,
    out: Callable[[str], None] = print,
) -> dict[str, Any]:
    figures: dict[str, Any] = {"bench": "ai"}
    for game in Game:
        found = positions(game, hands)
        per = [playout_ms(t) for t in tasks(found, samples)]
        row: dict[str, Any] = {
            "positions": len(found),
            "playout_ms_median": statistics.median(per),
            "playout_ms_mean": statistics.fmean(per),
            "playouts_per_second": 1e3 / statistics.median(per),
        }
        hard = decisions_timed(_spread(found, decisions), budget)
        times = hard.seconds
        if times:
            row["decision_ms_median"] = statistics.median(times) * 1e3
            row["decision_ms_p95"] = _percentile(times, 0.95) * 1e3
            row["decisions"] = len(times)
            row["decision_samples_median"] = statistics.median(hard.samples)
            row["departs"] = hard.departs
        cost = beliefs_cost(game, hands, draws=10)
        row["sampler"] = cost
        expert = decisions_timed(_spread(found, decisions), budget, beliefs=True)
        believed = expert.seconds
        if believed:
            row["beliefs_decision_ms_median"] = statistics.median(believed) * 1e3
            row["beliefs_decision_ms_p95"] = _percentile(believed, 0.95) * 1e3
            row["beliefs_samples_median"] = statistics.median(expert.samples)
            row["beliefs_departs"] = expert.departs
        figures[game.value] = row
        line = (
            f"{game.value}: playout {row['playout_ms_median']:.3f} ms CPU"
            f" (target < {TARGET_PLAYOUT_MS[game]:g}; mean {row['playout_ms_mean']:.3f}),"
            f" {row['playouts_per_second']:.0f} playouts/s on one core"
        )
        if times:
            line += (
                f"; decision at {budget:g} s: median {row['decision_ms_median']:.0f} ms,"
                f" p95 {row['decision_ms_p95']:.0f} ms ({len(times)} decisions,"
                f" median {row['decision_samples_median']:g} sampled deals each;"
                f" normal's play left at {row['departs']:.0%})"
            )
        out(line)
        out(
            f"  sampler: {cost['uniform_per_s']:.0f} deals/s uniform,"
            f" {cost['beliefs_per_s']:.0f} drawn and weighed with beliefs (effective sample size"
            f" {cost['ess_share']:.0%} of the draws; tempered up to"
            f" {cost['target']:.0%} at {cost['tempered']:.1%} of the positions, so"
            f" {cost['ess_kept']:.0%} kept);"
            f" search samples per CPU s {cost['search_uniform_per_s']:.0f} uniform,"
            f" {cost['search_beliefs_per_s']:.0f} with beliefs"
        )
        if believed:
            out(
                f"  with beliefs (expert-believing's search) at {budget:g} s: median"
                f" {row['beliefs_decision_ms_median']:.0f} ms, p95"
                f" {row['beliefs_decision_ms_p95']:.0f} ms (median"
                f" {row['beliefs_samples_median']:g} samples kept; normal's play left at"
                f" {row['beliefs_departs']:.0%})"
            )
    out(f"(playouts: {samples} sampled deals per position, every candidate played out on each,")
    out(f" over every trick-play decision with a choice of {hands} seeded hands of four normal")
    out(" players; CPU time of this process, sampling and copies included; medians over positions)")
    out("(decisions: the hard player's whole decision at the default budget, wall time, worker")
    out(" processes included, on positions spread over the same hands)")
    out(json.dumps(figures, sort_keys=True))
    return figures


def beliefs_cost(game: Game, hands: int = 2, draws: int = 40, seed: int = 1) -> dict[str, float]:
    """The sampler's cost with and without beliefs (``beliefs``) on the trick-play positions of
    ``hands`` seeded hands: deals per CPU second drawn (and, with beliefs, weighed), the mean
    share of the draws their effective sample size is worth (before and after the tempering),
    and the share of positions whose weights were tempered (below ``beliefs.TARGET``)."""
    from . import beliefs
    from .search import rules_for, sample

    found = tasks(positions(game, hands, seed), 1, beliefs=True)
    spent = {False: 0.0, True: 0.0}
    n = 0
    shares: list[float] = []
    kept: list[float] = []  # after the tempering, as the search keeps them
    for i, task in enumerate(found):
        rules = rules_for(task.game, task.level, task.suit, task.options)
        for on in (False, True):
            rng = random.Random(f"bench/beliefs/{i}")
            weights: list[float] = []
            c0 = time.process_time()
            for _ in range(draws):
                hands_drawn, _ = sample(task, rng)
                if on:
                    weights.append(beliefs.weight(task, rules, hands_drawn))
            spent[on] += time.process_time() - c0
            if on:
                shares.append(beliefs.ess(weights) / len(weights))
                kept.append(beliefs.ess(beliefs.tempered(weights)) / len(weights))
        n += draws
    # whole search samples (the deal, its weight, every candidate played out), CPU of this process
    searched = {False: 0, True: 0}
    cpu = {False: 0.0, True: 0.0}
    for task in _spread(found, 12):
        for on in (False, True):
            c0 = time.process_time()
            searched[on] += len(run_task(replace(task, beliefs=on, samples=4, budget=60.0)))
            cpu[on] += time.process_time() - c0
    return {
        "positions": float(len(found)),
        "search_uniform_per_s": searched[False] / max(cpu[False], 1e-9),
        "search_beliefs_per_s": searched[True] / max(cpu[True], 1e-9),
        "uniform_per_s": n / max(spent[False], 1e-9),
        "beliefs_per_s": n / max(spent[True], 1e-9),
        "ess_share": sum(shares) / max(1, len(shares)),
        "ess_kept": sum(kept) / max(1, len(kept)),
        "tempered": sum(1 for x in shares if x < beliefs.TARGET) / max(1, len(shares)),
        "target": beliefs.TARGET,
    }
