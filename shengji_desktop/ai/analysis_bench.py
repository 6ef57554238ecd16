"""``bench analysis`` (issue 37): what analysing a hand costs, and whether the analysis tells a
weak seat from a strong one.

- **speed** (``run``): seconds to analyse one hand for one seat (S) per game, at the default
  budget and at the quick one, and decisions judged per second; the hand is the first with
  trick play of a seeded match of four normal players. Targets on a 2-core machine: DL ≤ 60 s,
  TR ≤ 30 s, SD ≤ 10 s at the default; a third of that quick.
- **the statistical check** (``compare``, ``--compare``): seeded matches with a seat of each
  kind (S random, E easy, N hard — the random seat's partner —, W normal); every seat of
  every finished hand analysed at a fixed number of playouts (reproducible). Per kind: the
  decisions judged, the mean loss per decision, its quantiles and the share marked; the figures
  docs/analysis.md calibrates the marks with.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.match import Match
from ..engine.replay import RecordReplay
from ..engine.table import Table
from ..rules.cards import Seat
from ..rules.options import Game, Options
from . import make_player
from .analysis import DEFAULT_BUDGET, QUICK_BUDGET, THRESHOLDS, Decision, Mark, analyse_hand

TARGETS = {Game.DL: 60.0, Game.TR: 30.0, Game.SD: 10.0}
"""Seconds for a whole hand for one seat at the default budget (issue 37); quick: a third."""

COMPARE_SEATS = ("random", "easy", "hard", "normal")
"""S, E, N, W of the statistical check: the random seat's partner is the hard one."""

COMPARE_PLAYOUTS = 24
"""Sampled deals per decision, for the analysis and for the hard seat, in the check."""

COMPARE_SEED = 101
"""The check's first match seed (one-hand matches, one seed each)."""


def recorded_match(
    game: Game, seed: int, kinds: Sequence[str], hands: int, playouts: int | None = None
) -> RecordReplay:
    """A seeded headless match of ``hands`` hands (the seats' kinds S, E, N, W; the hard player
    at ``playouts`` sampled deals), as a replay of its record."""
    match = Match(game, Options(), seed)
    players = {
        seat: make_player(kind, f"{seed}/player/{seat.name}", playouts=playouts)
        for seat, kind in zip(Seat, kinds, strict=True)
    }
    Table(match, players, hands=hands).play()
    return RecordReplay(game, match.options, seed, match.actions, kinds=list(kinds))


def first_played_hand(game: Game, seed: int = 1) -> tuple[RecordReplay, int]:
    """The first seed from ``seed`` whose first hand, played by four normal players, has trick
    play (an SD hand all pass has none): its replay and hand 1."""
    while True:
        replay = recorded_match(game, seed, ("normal",) * 4, 1)
        if replay.spans()[0].play is not None:
            return replay, 1
        seed += 1


def run(quick: bool = False, out: Callable[[str], None] = print) -> dict[str, Any]:
    """The speed figures; ``quick``: the quick budget only."""
    figures: dict[str, Any] = {"bench": "analysis", "default_budget": DEFAULT_BUDGET}
    figures["quick_budget"] = QUICK_BUDGET
    settings = [("quick", QUICK_BUDGET)] if quick else [("default", DEFAULT_BUDGET)]
    if not quick:
        settings.append(("quick", QUICK_BUDGET))
    for game in Game:
        replay, hand = first_played_hand(game)
        row: dict[str, Any] = {}
        for name, budget in settings:
            target = TARGETS[game] / (3 if name == "quick" else 1)
            analysis = analyse_hand(replay, hand, Seat.S, budget=budget)
            n = len(analysis.decisions)
            rate = n / analysis.seconds if analysis.seconds else 0.0
            row[name] = {
                "seconds": analysis.seconds,
                "decisions": n,
                "decisions_per_second": round(rate, 2),
                "target": target,
                "within": analysis.seconds <= target,
            }
            out(
                f"{game.value} {name} ({budget:.2f} s a decision): {analysis.seconds:.1f} s for"
                f" a hand of seat S, {n} decisions, {rate:.2f} decisions/s"
                f" (target ≤ {target:.3g} s)"
            )
        figures[game.value] = row
    out("(one hand per game: the first with trick play of a seeded match of four normal")
    out(" players; every decision of seat S with a real choice, and its forced plays for the")
    out(" course; wall time, worker processes included; the machine may be shared)")
    out(json.dumps(figures, sort_keys=True))
    return figures


# ---------------------------------------------------------------------------- the check


@dataclass
class Tally:
    """One kind of seat's judged decisions."""

    losses: list[float] = field(default_factory=list)
    errors: list[float] = field(default_factory=list)  # each loss's standard error
    marks: dict[Mark, int] = field(default_factory=lambda: dict.fromkeys(Mark, 0))
    significant: int = 0  # loss at least 2 standard errors

    def add(self, d: Decision) -> None:
        self.losses.append(d.loss)
        self.errors.append(d.loss_error)
        self.marks[d.mark] += 1
        self.significant += d.loss > 0 and d.loss >= 2 * d.loss_error

    def figures(self) -> dict[str, Any]:
        n = len(self.losses)
        ordered = sorted(self.losses)

        def q(p: float) -> float:
            return round(ordered[min(n - 1, int(p * n))], 4) if n else 0.0

        return {
            "decisions": n,
            "mean_loss": round(statistics.fmean(ordered), 4) if n else 0.0,
            "p50": q(0.5),
            "p90": q(0.9),
            "p97": q(0.97),
            "p99": q(0.99),
            "significant": round(self.significant / n, 4) if n else 0.0,
            "inaccuracies": round(self.marks[Mark.INACCURACY] / n, 4) if n else 0.0,
            "mistakes": round(self.marks[Mark.MISTAKE] / n, 4) if n else 0.0,
        }


def compare(
    game: Game,
    hands: int,
    seed: int = 1,
    kinds: Sequence[str] = COMPARE_SEATS,
    playouts: int = COMPARE_PLAYOUTS,
    seats: Sequence[Seat] = tuple(Seat),
) -> dict[str, Tally]:
    """``seats`` (every one by default) of ``hands`` finished hands (seeded matches of one hand
    each, from ``seed``) analysed at ``playouts``; the decisions per kind of seat."""
    tallies = {kinds[seat]: Tally() for seat in seats}
    done = 0
    n = seed
    while done < hands:
        match_seed, n = n, n + 1
        replay = recorded_match(game, match_seed, kinds, 1, playouts)
        span = replay.spans()[0]
        if not span.finished or span.play is None:
            continue
        done += 1
        for seat in seats:
            analysis = analyse_hand(replay, 1, seat, playouts=playouts, seed=match_seed)
            for d in analysis.decisions:
                tallies[kinds[seat]].add(d)
    return tallies


def run_compare(
    hands: int | None = None,
    games: Sequence[Game] = tuple(Game),
    out: Callable[[str], None] = print,
) -> dict[str, Any]:
    """The statistical check over every game: per kind of seat, the figures of ``Tally``."""
    per_game = {Game.DL: 8, Game.TR: 16, Game.SD: 40}
    figures: dict[str, Any] = {"bench": "analysis-compare", "seats": list(COMPARE_SEATS)}
    figures["playouts"] = COMPARE_PLAYOUTS
    for game in games:
        start = time.monotonic()
        count = hands or per_game[game]
        tallies = compare(game, count, COMPARE_SEED)
        row = {kind: t.figures() for kind, t in tallies.items()}
        figures[game.value] = {"hands": count, "seconds": round(time.monotonic() - start, 1)}
        figures[game.value].update(row)
        inaccuracy, mistake = THRESHOLDS[game]
        out(f"{game.value}: {count} hands, thresholds {inaccuracy:g} / {mistake:g}")
        for kind, f in row.items():
            out(
                f"  {kind:7} {f['decisions']:4} decisions, mean loss {f['mean_loss']:.3f},"
                f" p50 {f['p50']:.3f} p90 {f['p90']:.3f} p99 {f['p99']:.3f},"
                f" significant {f['significant']:.1%}, 疑问 {f['inaccuracies']:.1%},"
                f" 失误 {f['mistakes']:.1%}"
            )
    out(f"(S random, E easy, N hard, W normal; one-hand matches from seed {COMPARE_SEED}; the hard")
    out(f" seat and the analysis at {COMPARE_PLAYOUTS} sampled deals a decision; losses: levels,")
    out(" SD coins; the mean loss per decision, its quantiles, the share of each mark)")
    out(json.dumps(figures, sort_keys=True))
    return figures
