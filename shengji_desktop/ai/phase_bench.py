"""``bench phases`` (issue 22): what the hard player's searches outside trick play cost.

For each game, the decisions of seeded hands played by four normal players where hard searches
(``phase_search``, ``dl_search``, ``declare_search``, ``deal_search``): the burial of the kitty
(TR, DL, SD: up to ``BURIAL_BUDGET`` times the budget), SD's bid and trump choice, DL's 扣王
and tribute return, the window after the deal (TR; DL from hand 2 on; hand 1's while nobody
has declared) and declaring during the deal (a quarter of the budget). Each is decided again by
a hard player at the default budget: wall time (worker processes included), median and p95, the
samples it played, and how often it chose otherwise than normal.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ..engine.actions import Act, Action, ChooseCards
from ..engine.match import Match
from ..engine.phase import Phase
from ..engine.table import Table
from ..engine.view import SeatView
from ..rules.cards import Seat
from ..rules.options import Game, Options
from .deal_search import covers_window
from .declare_search import outcomes
from .dl_search import stands
from .knowledge import Knowledge
from .phase_search import burial_candidates
from .players import HardPlayer, HeuristicPlayer

KINDS = {
    Game.TR: ("bury", "declare", "deal"),
    Game.DL: ("bury", "jokers", "declare", "deal", "return"),
    Game.SD: ("bid", "bury", "trump"),
}


def kind_of(view: SeatView, normal: Action | None) -> str | None:
    """Which searched decision ``view`` asks for, if any: as ``HardPlayer`` searches them
    (``normal``: the normal player's choice there)."""
    legal = view.legal
    kinds = {m.kind for m in legal}
    if any(isinstance(m, ChooseCards) and m.kind is Act.BURY for m in legal):
        return "bury" if view.trump is not None and view.trump.suit is not None else None
    returns = [m for m in legal if isinstance(m, ChooseCards) and m.kind is Act.RETURN]
    if returns:  # searched when the burial's variants offer another return than normal's
        k = Knowledge.from_view(view)
        weighed = normal is not None and len(burial_candidates(k, returns[0], normal.cards)) >= 2
        return "return" if weighed else None
    if view.game is Game.SD and Act.BID in kinds:
        return "bid"
    if Act.CHOOSE_TRUMP in kinds:
        return "trump"
    if {Act.BURY_JOKERS, Act.PASS} <= kinds:  # searched when normal buries
        return "jokers" if normal is not None and normal.kind is Act.BURY_JOKERS else None
    if view.phase is Phase.DEAL and Act.DECLARE in kinds:
        return "deal"
    if Act.DECLARE in kinds and covers_window(view):
        return "declare"
    if view.game is Game.TR and view.phase is Phase.DECLARE and Act.DECLARE in kinds:
        searched = normal is not None and len(outcomes(view, legal, normal)) >= 2
        return "declare" if searched else None
    if view.game is Game.DL and view.phase is Phase.DECLARE and Act.DECLARE in kinds:
        k = Knowledge.from_view(view)
        searched = (
            normal is not None and k.dealer is not None and len(stands(k, legal, normal)) >= 2
        )
        return "declare" if searched else None
    return None


class _Recorder(HeuristicPlayer):
    """A normal player that keeps the views of the decisions hard searches."""

    def __init__(self, rng: random.Random, out: dict[str, list[SeatView]]) -> None:
        super().__init__(rng, careful=True)
        self.out = out

    def decide(self, view: SeatView) -> Action | None:
        action = super().decide(view)
        kind = kind_of(view, action)
        if kind is not None:
            self.out.setdefault(kind, []).append(view)
        return action


def positions(game: Game, count: int, seed: int = 1) -> dict[str, list[SeatView]]:
    """At least ``count`` views of each searched kind of decision (or 200 hands' worth)."""
    out: dict[str, list[SeatView]] = {}
    n = 0
    while n < 200 and any(len(out.get(k, [])) < count for k in KINDS[game]):
        match = Match(game, Options(), seed * 1000 + n)
        players = {s: _Recorder(random.Random(f"bench/{n}/{s.name}"), out) for s in Seat}
        # DL's window is searched from hand 2 on (hand 1 races for the big joker, DL-DECL-1)
        Table(match, dict(players), hands=2 if game is Game.DL else 1).play()
        n += 1
    return {k: v[:count] for k, v in out.items()}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(
    decisions: int = 10, budget: float = 1.0, out: Callable[[str], None] = print
) -> dict[str, Any]:
    figures: dict[str, Any] = {"bench": "phases", "budget": budget}
    for game in Game:
        for kind, views in sorted(positions(game, decisions).items()):
            wall: list[float] = []
            cpu: list[float] = []
            samples: list[int] = []
            changed = 0
            for i, view in enumerate(views):
                player = HardPlayer(random.Random(f"bench/phases/{i}"), budget)
                normal = HeuristicPlayer(random.Random(f"bench/phases/{i}")).decide(view)
                t0, c0 = time.perf_counter(), time.process_time()
                action = player.decide(view)
                wall.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
                samples.append(int(player.last_search.get("samples", 0)))
                changed += action != normal
            row = {
                "decisions": len(wall),
                "ms_median": round(statistics.median(wall) * 1e3, 1),
                "ms_p95": round(_percentile(wall, 0.95) * 1e3, 1),
                "cpu_ms_median": round(statistics.median(cpu) * 1e3, 1),
                "samples_median": statistics.median(samples),
                "not_normal": changed,
            }
            figures[f"{game.value}_{kind}"] = row
            out(
                f"{game.value} {kind}: median {row['ms_median']:.0f} ms, p95 {row['ms_p95']:.0f} ms"
                f" wall (this process {row['cpu_ms_median']:.0f} ms CPU), {len(wall)} decisions,"
                f" median {row['samples_median']:g} sampled deals; {changed} unlike normal"
            )
    out(f"(the hard player's whole decision at {budget:g} s, the burial at 3x that; wall time,")
    out(" worker processes included; positions from seeded first hands of four normal players)")
    out(json.dumps(figures, sort_keys=True))
    return figures
