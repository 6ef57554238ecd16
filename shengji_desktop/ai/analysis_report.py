"""A hand's analysis as the command line prints it (``shengji-desktop analyse``): one readable
line per decision, then one JSON line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine import codec
from ..engine.actions import Action
from ..engine.record import RecordError
from ..engine.replay import RecordReplay, open_file
from ..rules.cards import Seat
from ..rules.options import Game
from .analysis import Decision, Estimate, HandAnalysis, Mark, analyse_hand

MARK_TEXT = {Mark.GOOD: "✓", Mark.INACCURACY: "疑问 inaccuracy", Mark.MISTAKE: "失误 mistake"}


class AnalyseError(ValueError):
    """A file or a hand the command cannot analyse; the message says why."""


def move_text(action: Action) -> str:
    """A move without its seat: ``play ♠10 ♠10``, ``bid 65``."""
    return str(action).partition(" ")[2]


def default_hand(replay: RecordReplay) -> int:
    """The last finished hand of the record."""
    finished = [s.number for s in replay.spans() if s.finished]
    if not finished:
        raise AnalyseError("the record has no finished hand (give --hand N)")
    return finished[-1]


def default_seat(replay: RecordReplay) -> Seat:
    """The human player's seat when the record says (a saved game's seats), else the seat a
    kept hand's file names, else S."""
    if "human" in replay.kinds:
        return Seat(replay.kinds.index("human"))
    return replay.start_seat


def _value(e: Estimate) -> str:
    return f"{e.mean:+.2f} ±{e.error:.2f}"


def decision_line(d: Decision) -> str:
    where = f"trick {d.trick}" if d.trick is not None else d.phase
    line = f"hand {d.hand} {where} {d.seat.name}: made {move_text(d.made.action)} {_value(d.made)}"
    if d.best.action != d.made.action and d.loss > 0:
        line += f"; best {move_text(d.best.action)} {_value(d.best)}"
    line += f"; loss {d.loss:.2f} ±{d.loss_error:.2f} ({d.samples} deals) {MARK_TEXT[d.mark]}"
    return line


def _estimate(e: Estimate) -> dict[str, Any]:
    return {"move": move_text(e.action), "action": codec.action_json(e.action)}


def summary_json(a: HandAnalysis) -> dict[str, Any]:
    """The analysis as the command's JSON line: per decision hand, trick, phase, seat, the move
    made and the best one with their estimates and errors, the loss, its error and the mark."""
    return {
        "game": a.game.value,
        "hand": a.hand,
        "seat": a.seat.name,
        "result": a.result,
        "seconds": a.seconds,
        "budget": a.budget,
        "playouts": a.playouts,
        "version": a.version,
        "marked": len(a.marked()),
        "decisions": [
            {
                "hand": d.hand,
                "trick": d.trick,
                "phase": d.phase,
                "seat": d.seat.name,
                "position": d.position,
                "made": _estimate(d.made),
                "made_mean": d.made.mean,
                "made_error": d.made.error,
                "best": _estimate(d.best),
                "best_mean": d.best.mean,
                "best_error": d.best.error,
                "loss": d.loss,
                "loss_error": d.loss_error,
                "samples": d.samples,
                "mark": d.mark.value,
            }
            for d in a.decisions
        ],
        "course": [[p.trick, p.mean, p.error] for p in a.course],
    }


def run(
    path: Path,
    hand: int | None,
    seat: Seat | None,
    budget: float | None,
    playouts: int | None,
    seed: int = 0,
    out: Callable[[str], None] = print,
) -> HandAnalysis:
    """Analyse a hand of the record at ``path`` and print it; AnalyseError when the file or
    the hand cannot be analysed."""
    try:
        replay = open_file(path).replay
    except RecordError as exc:
        raise AnalyseError(str(exc)) from None
    number = default_hand(replay) if hand is None else hand
    if number not in {s.number for s in replay.spans()}:
        raise AnalyseError(f"{path.name}: the record has no hand {number}")
    who = default_seat(replay) if seat is None else seat
    unit = "coins" if replay.game is Game.SD else "levels"
    out(f"{path.name}: hand {number}, seat {who.name} ({replay.game.value}, results in {unit})")
    analysis = analyse_hand(replay, number, who, budget=budget, playouts=playouts, seed=seed)
    for d in analysis.decisions:
        out(decision_line(d))
    result = "unfinished" if analysis.result is None else f"{analysis.result:+.2f}"
    out(
        f"{len(analysis.decisions)} decisions judged, {len(analysis.marked())} marked; result"
        f" {result}; {analysis.seconds:.1f} s"
    )
    out(json.dumps(summary_json(analysis), ensure_ascii=False, sort_keys=True))
    return analysis
