"""The analysis of a hand for one seat (复盘, issue 37): each decision the seat made with a real
choice judged from its view at that moment, the costly ones marked, the hand's course estimated.

A decision is judged by the hard player's own search of it (``analysis_search``): the move made
and the alternatives played out on the same sampled deals, so that the difference between two
candidates has a small standard error. The best candidate is the one with the best mean. Picking
the best of several noisy means flatters it (the winner's curse), so the loss (best − made,
paired) is measured on samples that did not pick the best (``honest_loss``), and before a move
is marked the move made and the best one are compared again on fresh samples
(``CONFIRM_SHARE`` of the budget): the mark rests on that comparison. A move is marked when its
loss is at least ``SIGNIFICANCE`` standard errors and above the game's thresholds
(``THRESHOLDS``, calibrated in docs/analysis.md).

The course of the hand: at the seat's play in trick t + 1, the value of its position (the move
made's estimate plus the loss: what playing the best would be worth) is the point after trick
t; a play without a choice is estimated for it too; the last point is the real result.

Hidden information (GEN-INFO-1): ``judge_decision`` gets the seat's view, the move made and a
seed, never the record; ``analyse_hand`` reads the record only for where the seat decided, what
it did and, for the course's last point, how the hand ended. Plain Python, re-entrant: the
window runs it off its thread; the sampling runs in the worker processes (``search.gather``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.actions import Act, Action
from ..engine.phase import Phase
from ..engine.replay import HandSpan, RecordReplay
from ..engine.results import DLResult, HandResult, SDResult, TRResult
from ..engine.view import SeatView
from ..rules import sd, tr
from ..rules.cards import Seat, Team
from ..rules.options import Game, Options
from .analysis_search import Sampled, as_legal, real_choice, sampled, searched
from .analysis_values import (
    ANALYSIS_VERSION,
    CoursePoint,
    Decision,
    Estimate,
    HandAnalysis,
    Mark,
    from_json,
    match_costliest,
    to_json,
)

__all__ = [
    "ANALYSIS_VERSION",
    "DEFAULT_BUDGET",
    "QUICK_BUDGET",
    "THRESHOLDS",
    "AnalysisCancelled",
    "CoursePoint",
    "Decision",
    "Estimate",
    "HandAnalysis",
    "Mark",
    "analyse_hand",
    "decision_positions",
    "from_json",
    "judge_decision",
    "match_costliest",
    "to_json",
]

DEFAULT_BUDGET = 1.0
"""Seconds of sampling per decision at most (the hard player's own default); decisions the
samples settle early take less (``search.settled``), and ``HAND_SECONDS`` caps the hand."""

QUICK_BUDGET = DEFAULT_BUDGET / 3

HAND_SECONDS = {Game.DL: 50.0, Game.TR: 25.0, Game.SD: 8.5}
"""Seconds a whole hand may take at ``DEFAULT_BUDGET`` (issue 37's targets on a 2-core machine
are 60, 30 and 10, with room left for the rest); in proportion at another budget. When
decisions run long, the later ones get the time left shared out (``MIN_BUDGET`` at least)."""

MIN_BUDGET = 0.05

FORCED_SHARE = 0.25
"""A play with no choice is estimated too, for the course only, with this share of the budget."""

CONFIRM_SHARE = 0.5
"""The fresh comparison of the move made with the best one, as a share of the budget."""

SIGNIFICANCE = 2.0
"""A loss is significant from this many standard errors (issue 37)."""

THRESHOLDS: dict[Game, tuple[float, float]] = {
    Game.DL: (0.4, 1.0),
    Game.TR: (0.4, 1.0),
    Game.SD: (0.5, 1.5),
}
"""Per game, the loss from which a significant loss is an inaccuracy (疑问) and a mistake (失误):
levels in DL and TR, coins (times the room base, SD-COIN-1) in SD. Calibrated on the losses of
hard, normal, easy and random seats (docs/analysis.md): an inaccuracy is a loss the hard
player's own decisions stay below 99 times in 100; a mistake costs a level (DL, TR) or more
than a defender's stake (SD)."""


class AnalysisCancelled(Exception):
    """``cancelled()`` turned true: the analysis stopped between two decisions."""


def mark_for(game: Game, options: Options, loss: float, error: float) -> Mark:
    """The mark of a loss with its standard error (``SIGNIFICANCE``, ``THRESHOLDS``)."""
    inaccuracy, mistake = THRESHOLDS[game]
    unit = options.sd_room_base if game is Game.SD else 1
    if loss <= 0 or loss < SIGNIFICANCE * error or loss < inaccuracy * unit:
        return Mark.GOOD
    return Mark.MISTAKE if loss >= mistake * unit else Mark.INACCURACY


# ---------------------------------------------------------------------------- one decision


def _estimates(found: Sampled) -> list[Estimate]:
    """Each candidate's mean over the samples and that mean's standard error."""
    n = len(found.rows)
    out = []
    for i, action in enumerate(found.actions):
        values = [row[i] for row in found.rows]
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        out.append(Estimate(action, mean, math.sqrt(var / n)))
    return out


def _mean_error(diffs: list[float]) -> tuple[float, float]:
    """The mean of ``diffs`` and its standard error; with a single value the error is the
    value itself (nothing is significant)."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, abs(mean)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def _gain(rows: list[list[float]], i: int) -> tuple[float, float]:
    """Candidate i's paired gain over the move made (candidate 0), and its standard error."""
    return _mean_error([row[i] - row[0] for row in rows])


def _best(rows: list[list[float]]) -> int:
    """The candidate with the best mean (the move made, candidate 0, among equals)."""
    means = [sum(row[i] for row in rows) for i in range(len(rows[0]))]
    return max(range(len(means)), key=lambda i: (means[i], i == 0))


def honest_loss(rows: list[list[float]]) -> tuple[float, float]:
    """The best candidate's gain over the move made, free of the winner's curse: the best is
    picked on every other sample and its gain measured on the rest, and the other way round
    (cross-fitting: no sample both picks a candidate and measures it). Its standard error."""
    if len(rows) < 4:
        return _gain(rows, _best(rows))
    halves = (rows[0::2], rows[1::2])
    diffs = []
    for pick, measure in (halves, halves[::-1]):
        b = _best(pick)
        diffs += [row[b] - row[0] for row in measure]
    return _mean_error(diffs)


def judge_decision(
    view: SeatView,
    made: Action,
    *,
    seed: int | str = 0,
    budget: float | None = None,
    playouts: int | None = None,
    position: int = 0,
) -> Decision | None:
    """The decision ``made`` answered in ``view``, judged from that view alone; None when no
    search covers it or it had a single candidate."""
    budget = DEFAULT_BUDGET if budget is None else budget
    first = sampled(view, made, f"{seed}", budget, playouts)
    if first is None or len(first.actions) < 2:
        return None
    estimates = _estimates(first)
    best = _best(first.rows)
    loss, error = honest_loss(first.rows) if best else (0.0, 0.0)
    made_e, best_e, samples = estimates[0], estimates[best], len(first.rows)
    inaccuracy = THRESHOLDS[view.game][0]
    if best and loss >= SIGNIFICANCE * error and loss >= inaccuracy * _unit(view):
        # The winner's curse: confirm on fresh samples, the move made against the best alone.
        again = sampled(
            view, made, f"{seed}/confirm", budget * CONFIRM_SHARE, playouts, (made, best_e.action)
        )
        j = again.actions.index(best_e.action) if again and best_e.action in again.actions else 0
        if again is not None and j:
            fresh = _estimates(again)
            made_e, best_e, samples = fresh[0], fresh[j], len(again.rows)
            loss, error = _gain(again.rows, j)
            if loss <= 0:
                best_e = made_e
    loss = max(0.0, loss)
    alternatives = sorted(estimates, key=lambda e: (e is not estimates[best], -e.mean))
    return Decision(
        position=position,
        hand=view.hand_number,
        trick=len(view.tricks) + 1 if view.phase is Phase.PLAY else None,
        phase=view.phase.value,
        seat=view.seat,
        made=made_e,
        best=best_e,
        alternatives=tuple(alternatives),
        loss=loss,
        loss_error=error,
        samples=samples,
        mark=mark_for(view.game, view.options, loss, error),
    )


def _unit(view: SeatView) -> int:
    return view.options.sd_room_base if view.game is Game.SD else 1


# ---------------------------------------------------------------------------- one hand


@dataclass(frozen=True)
class _Step:
    position: int
    view: SeatView
    made: Action
    real: bool  # a real choice (else a forced play, estimated for the course)


def hand_span(replay: RecordReplay, hand: int) -> HandSpan:
    """The positions of hand ``hand``; ValueError when the replay has no such hand."""
    for span in replay.spans():
        if span.number == hand:
            return span
    raise ValueError(f"the record has no hand {hand}")


def _steps(replay: RecordReplay, span: HandSpan, seat: Seat) -> list[_Step]:
    """The seat's searched moves in the hand, in order: the real choices and the forced plays."""
    out = []
    for k in range(span.first, span.last + 1):
        action = replay.played(k)
        if action is None or action.seat != seat:
            continue
        view = replay.decision(k, seat)
        if view is None or view.seat != seat:
            continue
        made = as_legal(view, action)
        if made is None or not searched(view, made):
            continue
        real = real_choice(view, made)
        if real or made.kind is Act.PLAY:
            out.append(_Step(k, view, made, real))
    return out


def decision_positions(replay: RecordReplay, hand: int, seat: Seat) -> list[int]:
    """The positions of hand ``hand`` where ``seat`` made a decision with a real choice that
    the analysis judges (progress: decision k of these n)."""
    return [s.position for s in _steps(replay, hand_span(replay, hand), seat) if s.real]


def analyse_hand(
    replay: RecordReplay,
    hand: int,
    seat: Seat,
    *,
    budget: float | None = None,
    playouts: int | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> HandAnalysis:
    """The analysis of hand ``hand`` for ``seat``: ``budget`` seconds per decision at most
    (default ``DEFAULT_BUDGET``; the hand within ``HAND_SECONDS`` in proportion), or
    ``playouts`` sampled deals per decision (the same seed then gives the same analysis).
    ``progress(k, n)`` after each decision; AnalysisCancelled when ``cancelled()`` turns true
    between decisions. ``replay`` is read at the start only; give one no other thread steps
    meanwhile. ValueError for a hand the replay does not hold."""
    if playouts is not None and playouts < 1:
        raise ValueError("playouts must be at least 1")
    if budget is not None and not budget > 0:
        raise ValueError("the budget must be a positive number of seconds")
    start = time.monotonic()
    span = hand_span(replay, hand)
    steps = _steps(replay, span, seat)
    result = hand_result(replay, span, seat)
    per_decision = DEFAULT_BUDGET if budget is None else budget
    total = sum(1 for s in steps if s.real)
    if progress is not None:
        progress(0, total)
    cap = HAND_SECONDS[replay.game] * per_decision / DEFAULT_BUDGET
    decisions: list[Decision] = []
    course: list[CoursePoint] = []
    done = 0
    for i, step in enumerate(steps):
        if cancelled is not None and cancelled():
            raise AnalysisCancelled
        seed_k = f"analysis/{seed}/{hand}/{step.position}"
        trick = len(step.view.tricks) if step.view.phase is Phase.PLAY else None
        # the time left shared out by weight: a decision, its confirmation, a forced play
        weights = [1 + CONFIRM_SHARE if s.real else FORCED_SHARE for s in steps[i:]]
        left = (cap - (time.monotonic() - start)) * weights[0] / sum(weights)
        share = max(MIN_BUDGET, min(per_decision * (1 if step.real else FORCED_SHARE), left))
        if step.real:
            decision = judge_decision(
                step.view,
                step.made,
                seed=seed_k,
                budget=share,
                playouts=playouts,
                position=step.position,
            )
            done += 1
            if decision is not None:
                decisions.append(decision)
                if trick is not None:
                    value = decision.made.mean + decision.loss
                    error = max(decision.made.error, decision.best.error)
                    course.append(CoursePoint(trick, step.position, value, error))
            if progress is not None:
                progress(done, total)
        elif trick is not None:
            found = sampled(step.view, step.made, seed_k, share, playouts)
            if found is not None:
                (only,) = _estimates(found)
                course.append(CoursePoint(trick, step.position, only.mean, only.error))
    if result is not None and span.play is not None:
        last = max(len(span.tricks), course[-1].trick + 1 if course else 0)
        course.append(CoursePoint(last, span.last, result, 0.0))
    return HandAnalysis(
        version=ANALYSIS_VERSION,
        game=replay.game,
        seat=seat,
        hand=hand,
        decisions=tuple(decisions),
        course=tuple(course),
        result=result,
        budget=None if playouts is not None else per_decision,
        playouts=playouts,
        seconds=round(time.monotonic() - start, 3),
    )


# ---------------------------------------------------------------------------- the real result


def hand_result(replay: RecordReplay, span: HandSpan, seat: Seat) -> float | None:
    """The hand's result for ``seat``'s side as the searches score it (levels in DL and TR,
    coins in SD, with their small tie-breaks, ``playout.utility``); None until it is settled
    (and for a DL redeal)."""
    if not span.finished:
        return None
    end = replay.frame(span.last, seat).view
    before = replay.frame(span.first, seat).view
    if end.result is None or end.dealer is None:
        return None
    return result_value(end.result, before, end.dealer, seat)


def result_value(result: HandResult, before: SeatView, dealer: Seat, seat: Seat) -> float | None:
    """``playout.utility`` on a real settlement: ``before`` is a view from the hand's start."""
    attack = seat.team is not dealer.team
    mine, other = seat.team, seat.team.other
    if isinstance(result, DLResult):
        gain = {t: int(result.levels[t]) - int(before.levels[t]) for t in Team}
        value = float(gain[mine] - gain[other])
        if result.match_winner is not None:
            value += 5.0 if result.match_winner is mine else -5.0
        value += 0.3 if (result.case in ("C", "D")) == attack else -0.3
        return value + 0.01 * (result.score if attack else -result.score)
    if isinstance(result, TRResult):
        options = before.options
        index = {
            t: tr.level_index(result.levels[t], options) - tr.level_index(before.levels[t], options)
            for t in Team
        }
        value = float(index[mine] - index[other]) + 0.02 * result.coins[seat]
        return value + 0.01 * (result.defender_points if attack else -result.defender_points)
    if isinstance(result, SDResult):
        coins = float(result.coins[seat])
        if result.bid is None:
            return coins  # 流局 (SD-DRAW)
        stake = sd.hand_stake(result.bid, before.options)
        points = result.defender_points
        return coins + 0.01 * stake * (points if seat != dealer else -points)
    return None
