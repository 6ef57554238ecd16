"""A hand's analysis as JSON (issue 37: kept in the statistics database): it reads back equal,
and anything malformed is a ValueError (a damaged entry is recomputed, never shown)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from shengji_desktop.ai.analysis import (
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
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Seat
from shengji_desktop.rules.options import Game


def decision(position: int, loss: float, mark: Mark, hand: int = 2) -> Decision:
    made = Estimate(Action(Act.PLAY, Seat.S, (BIG_JOKER,)), -3.5, 0.25)
    best = Estimate(Action(Act.PLAY, Seat.S, (SMALL_JOKER,)), -3.5 + loss, 0.2)
    alternatives = (best, made) if loss else (made, best)
    return Decision(
        position, hand, 11, "play", Seat.S, made, best if loss else made, alternatives, loss, 0.1,
        16, mark,
    )  # fmt: skip


def analysis(hand: int = 2, *decisions: Decision) -> HandAnalysis:
    chosen = decisions or (
        decision(40, 0.0, Mark.GOOD, hand),
        decision(52, 9.0, Mark.MISTAKE, hand),
        decision(60, 0.6, Mark.INACCURACY, hand),
    )
    bid = Estimate(Action(Act.BID, Seat.S, value=65), 1.25, 0.5)
    passing = Estimate(Action(Act.PASS, Seat.S), 0.5, 0.5)
    first = Decision(30, hand, None, "bid", Seat.S, bid, bid, (bid, passing), 0, 0, 8, Mark.GOOD)
    return HandAnalysis(
        version=ANALYSIS_VERSION,
        game=Game.SD,
        seat=Seat.S,
        hand=hand,
        decisions=(first, *chosen),
        course=(CoursePoint(0, 35, 1.0, 0.5), CoursePoint(12, 70, -6.0, 0.0)),
        result=-6.0,
        budget=None,
        playouts=16,
        seconds=1.5,
    )


def test_an_analysis_reads_back_from_its_json_unchanged() -> None:
    """Issue 37: to_json → text → from_json gives the same analysis (moves, estimates, marks,
    the course), and the marked and costliest decisions come out by position and loss."""
    a = analysis()
    again = from_json(json.loads(json.dumps(to_json(a), ensure_ascii=False)))
    assert again == a
    assert [d.position for d in a.marked()] == [52, 60]
    assert [d.position for d in a.costliest(1)] == [52]
    other = analysis(3, decision(10, 2.0, Mark.MISTAKE, 3))
    assert [(d.hand, d.position) for d in match_costliest([a, other], 2)] == [(2, 52), (3, 10)]


def spoiled(change: str) -> Any:
    data = copy.deepcopy(to_json(analysis()))
    d0 = data["decisions"][2]  # the mistake: best and made differ
    if change == "missing key":
        del data["course"]
    elif change == "extra key":
        data["extra"] = 1
    elif change == "not an object":
        return [data]
    elif change == "format":
        data["format"] = "something else"
    elif change == "game":
        data["game"] = "bridge"
    elif change == "seat":
        d0["seat"] = "X"
    elif change == "mark":
        d0["mark"] = "blunder"
    elif change == "phase":
        d0["phase"] = "nap"
    elif change == "negative loss":
        d0["loss"] = -0.5
    elif change == "loss as text":
        d0["loss"] = "0.5"
    elif change == "bool as int":
        d0["samples"] = True
    elif change == "nan":
        d0["made"]["mean"] = float("nan")
    elif change == "bad action":
        d0["made"]["action"] = {"a": "fly", "s": "S"}
    elif change == "bad card":
        d0["best"]["action"]["c"] = "♠11"
    elif change == "made not among the alternatives":
        d0["alternatives"] = d0["alternatives"][:1] * 2
    elif change == "decisions out of order":
        data["decisions"].reverse()
    elif change == "course point":
        data["course"][0] = [0, 1, 2]
    elif change == "another hand's decision":
        d0["hand"] = 7
    elif change == "playouts 0":
        data["playouts"] = 0
    return data


CHANGES = [
    "missing key",
    "extra key",
    "not an object",
    "format",
    "game",
    "seat",
    "mark",
    "phase",
    "negative loss",
    "loss as text",
    "bool as int",
    "nan",
    "bad action",
    "bad card",
    "made not among the alternatives",
    "decisions out of order",
    "course point",
    "another hand's decision",
    "playouts 0",
]


@pytest.mark.parametrize("change", CHANGES)
def test_a_malformed_analysis_is_a_value_error(change: str) -> None:
    """Issue 37: whatever is wrong with a stored analysis, reading it raises ValueError."""
    with pytest.raises(ValueError):
        from_json(spoiled(change))
