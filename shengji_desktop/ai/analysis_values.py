"""The values a hand's analysis is made of (issue 37: ``analysis`` makes them, the window shows
them), and their JSON: the statistics database keeps an analysis so. Reading is strict, since
a damaged stored entry must be recomputed, never shown."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from ..engine import codec
from ..engine.actions import Action
from ..engine.phase import Phase
from ..rules.cards import Seat
from ..rules.options import Game

ANALYSIS_VERSION = 1
"""Bumped whenever results would change: stored analyses of another version are recomputed."""


class Mark(Enum):
    GOOD = "good"  # the move was the best or within noise (✓)
    INACCURACY = "inaccuracy"  # 疑问
    MISTAKE = "mistake"  # 失误


@dataclass(frozen=True)
class Estimate:
    action: Action  # as a record holds it (cards sorted)
    mean: float  # estimated result of the hand for the seat's side (levels DL/TR, coins SD)
    error: float  # its standard error


@dataclass(frozen=True)
class Decision:
    """One judged decision. ``alternatives`` hold the first comparison of every candidate;
    where the move made and the best were compared again on fresh samples (before a mark),
    ``made``, ``best``, ``loss`` and ``samples`` are that comparison's, and ``best`` is the
    move made when it came out no worse."""

    position: int  # replay position where the seat decided (replay.played(position): the move)
    hand: int
    trick: int | None  # 1-based during play, None before
    phase: str  # the engine's Phase value
    seat: Seat
    made: Estimate
    best: Estimate  # the best-estimated candidate (== made when made is best)
    alternatives: tuple[Estimate, ...]  # every candidate evaluated, best first (made included)
    loss: float  # paired mean of best − made (cross-fitted: ``honest_loss``), never below 0
    loss_error: float  # standard error of that paired difference
    samples: int  # sampled deals behind ``loss``
    mark: Mark


@dataclass(frozen=True)
class CoursePoint:
    trick: int  # 0: before the first trick; t: after trick t
    position: int
    mean: float
    error: float


@dataclass(frozen=True)
class HandAnalysis:
    VERSION: ClassVar[int] = ANALYSIS_VERSION  # what the statistics database must hold

    version: int
    game: Game
    seat: Seat
    hand: int
    decisions: tuple[Decision, ...]  # by position; only decisions with a real choice
    course: tuple[CoursePoint, ...]  # last point: the actual result (error 0) once finished
    result: float | None  # the hand's real result for the seat's side; None if unfinished
    budget: float | None  # seconds per decision (None: a fixed number of playouts)
    playouts: int | None
    seconds: float

    def marked(self) -> tuple[Decision, ...]:
        """The inaccuracies and mistakes, by position."""
        return tuple(d for d in self.decisions if d.mark is not Mark.GOOD)

    def costliest(self, n: int = 3) -> tuple[Decision, ...]:
        """The ``n`` marked decisions that cost most (largest loss first)."""
        return tuple(sorted(self.marked(), key=lambda d: (-d.loss, d.position))[:n])

    def to_json(self) -> dict[str, Any]:
        return to_json(self)

    @staticmethod
    def from_json(data: Any) -> HandAnalysis:
        return from_json(data)


def match_costliest(analyses: Iterable[HandAnalysis], n: int = 3) -> tuple[Decision, ...]:
    """Over a match's analysed hands: the ``n`` marked decisions that cost most."""
    marked = [d for a in analyses for d in a.marked()]
    return tuple(sorted(marked, key=lambda d: (-d.loss, d.hand, d.position))[:n])


FORMAT = "shengji-desktop analysis"

_TOP = {
    "format",
    "version",
    "game",
    "seat",
    "hand",
    "decisions",
    "course",
    "result",
    "budget",
    "playouts",
    "seconds",
}
_DECISION = {
    "position",
    "hand",
    "trick",
    "phase",
    "seat",
    "made",
    "best",
    "alternatives",
    "loss",
    "loss_error",
    "samples",
    "mark",
}
_PHASES = {p.value for p in Phase}


def to_json(a: HandAnalysis) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": a.version,
        "game": a.game.value,
        "seat": a.seat.name,
        "hand": a.hand,
        "decisions": [_decision_json(d) for d in a.decisions],
        "course": [[p.trick, p.position, p.mean, p.error] for p in a.course],
        "result": a.result,
        "budget": a.budget,
        "playouts": a.playouts,
        "seconds": a.seconds,
    }


def _estimate_json(e: Estimate) -> dict[str, Any]:
    return {"action": codec.action_json(e.action), "mean": e.mean, "error": e.error}


def _decision_json(d: Decision) -> dict[str, Any]:
    return {
        "position": d.position,
        "hand": d.hand,
        "trick": d.trick,
        "phase": d.phase,
        "seat": d.seat.name,
        "made": _estimate_json(d.made),
        "best": _estimate_json(d.best),
        "alternatives": [_estimate_json(e) for e in d.alternatives],
        "loss": d.loss,
        "loss_error": d.loss_error,
        "samples": d.samples,
        "mark": d.mark.value,
    }


# ---------------------------------------------------------------------------- reading


def _fields(data: Any, keys: set[str], what: str) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) != keys:
        raise ValueError(f"malformed {what}")
    return data


def _int(value: Any, what: str, low: int = 0) -> int:
    if type(value) is not int or value < low:
        raise ValueError(f"malformed {what}: {value!r}")
    return value


def _float(value: Any, what: str, low: float = -math.inf) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or value < low:
        raise ValueError(f"malformed {what}: {value!r}")
    return float(value)


def _seat(value: Any) -> Seat:
    if not isinstance(value, str) or value not in Seat.__members__:
        raise ValueError(f"malformed seat: {value!r}")
    return Seat[value]


def _action(value: Any) -> Action:
    return codec.action_from_json(value)  # CodecError is a ValueError


def _estimate(data: Any) -> Estimate:
    d = _fields(data, {"action", "mean", "error"}, "estimate")
    return Estimate(_action(d["action"]), _float(d["mean"], "mean"), _float(d["error"], "error", 0))


def _decision(data: Any) -> Decision:
    d = _fields(data, _DECISION, "decision")
    trick = d["trick"]
    if d["phase"] not in _PHASES:
        raise ValueError(f"malformed phase: {d['phase']!r}")
    alternatives = d["alternatives"]
    if not isinstance(alternatives, list) or len(alternatives) < 2:
        raise ValueError("malformed alternatives")
    decision = Decision(
        position=_int(d["position"], "position"),
        hand=_int(d["hand"], "hand", 1),
        trick=None if trick is None else _int(trick, "trick", 1),
        phase=d["phase"],
        seat=_seat(d["seat"]),
        made=_estimate(d["made"]),
        best=_estimate(d["best"]),
        alternatives=tuple(_estimate(e) for e in alternatives),
        loss=_float(d["loss"], "loss", 0),
        loss_error=_float(d["loss_error"], "loss error", 0),
        samples=_int(d["samples"], "samples"),
        mark=Mark(d["mark"]) if d["mark"] in {m.value for m in Mark} else _bad("mark"),
    )
    named = {e.action for e in decision.alternatives}
    if decision.made.action not in named or decision.best.action not in named:
        raise ValueError("malformed decision: made or best not among the alternatives")
    return decision


def _bad(what: str) -> Mark:
    raise ValueError(f"malformed {what}")


def _point(data: Any) -> CoursePoint:
    if not isinstance(data, list) or len(data) != 4:
        raise ValueError("malformed course point")
    trick, position, mean, error = data
    return CoursePoint(
        _int(trick, "course trick"),
        _int(position, "course position"),
        _float(mean, "course mean"),
        _float(error, "course error", 0),
    )


def from_json(data: Any) -> HandAnalysis:
    """An analysis from ``to_json``'s form; ValueError on anything malformed."""
    d = _fields(data, _TOP, "analysis")
    if d["format"] != FORMAT:
        raise ValueError("not an analysis")
    if d["game"] not in {g.value for g in Game}:
        raise ValueError(f"malformed game: {d['game']!r}")
    if not isinstance(d["decisions"], list) or not isinstance(d["course"], list):
        raise ValueError("malformed decisions or course")
    decisions = tuple(_decision(x) for x in d["decisions"])
    course = tuple(_point(x) for x in d["course"])
    positions = [x.position for x in decisions]
    tricks = [p.trick for p in course]
    if positions != sorted(set(positions)) or tricks != sorted(set(tricks)):
        raise ValueError("malformed analysis: decisions or course out of order")
    result, budget, playouts = d["result"], d["budget"], d["playouts"]
    hand = _int(d["hand"], "hand", 1)
    seat = _seat(d["seat"])
    if any(x.hand != hand or x.seat != seat for x in decisions):
        raise ValueError("malformed analysis: a decision of another hand or seat")
    return HandAnalysis(
        version=_int(d["version"], "version"),
        game=Game(d["game"]),
        seat=seat,
        hand=hand,
        decisions=decisions,
        course=course,
        result=None if result is None else _float(result, "result"),
        budget=None if budget is None else _float(budget, "budget", 0),
        playouts=None if playouts is None else _int(playouts, "playouts", 1),
        seconds=_float(d["seconds"], "seconds", 0),
    )
