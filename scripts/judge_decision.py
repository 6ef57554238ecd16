"""Judge one of the hard player's choices in DL's window after the deal by real play.

A position is the first seat that may declare in DL's window of hand 2 (DL-DECL-8, the dealer
known) in a match of four baseline seats from ``--seed`` (the positions of
``tests/ai/test_phase_search.py``). Where hard (``--playouts`` samples) chooses otherwise than
normal, both choices are played on the same ``--deals`` deals, sampled from the seat's view by
the search's own sampler, each hand to its end by four normal seats in the real engine; the
figure is hard's choice over normal's in levels (the seat's side minus the other), with its
standard error. This asks the rules and the normal policy, not the fast playouts that the
search itself trusts, so it checks what the search prefers.

    .venv/bin/python scripts/judge_decision.py 336 61 71 --deals 200
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
from collections import Counter

from shengji_desktop.ai import dl_search, make_player
from shengji_desktop.ai.arena import team_levels
from shengji_desktop.ai.baseline.players import BaselinePlayer
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.players import HardPlayer, HeuristicPlayer
from shengji_desktop.ai.search import _paired, sample
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.options import Game, Options


def window_seat(match: Match) -> Seat | None:
    if match.phase is not Phase.DECLARE or match.hand.dealer is None:
        return None
    for s in Seat:
        if any(isinstance(m, Action) and m.kind is Act.DECLARE for m in match.legal_actions(s)):
            return s
    return None


def position(seed: int) -> tuple[Match, Seat] | None:
    match = Match(Game.DL, Options(), seed)
    players = {s: BaselinePlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}
    table = Table(match, players, rng=random.Random(seed), hands=2)
    table.watch_referee(lambda action, events: table.stop() if window_seat(match) else None)
    table.play()
    seat = window_seat(match)
    return None if seat is None else (match, seat)


def outcome(
    match: Match, seat: Seat, action: Action, deal: tuple[dict[Seat, Counter[Card]], list[Card]]
) -> int:
    """Levels for ``seat``'s side minus the other's when ``action`` is taken on ``deal``."""
    hands, kitty = deal
    played = copy.deepcopy(match)
    for s in Seat:
        played.hand.hands[s] = Counter(hands[s])
    played.hand.kitty[:] = list(kitty)
    before = team_levels(played)
    played.apply(action)
    players = {s: make_player("normal", f"judge/{s.name}") for s in Seat}
    Table(played, players, rng=random.Random(0), hands=len(played.history) + 1).play()
    after = team_levels(played)
    mine, other = seat.team.value, seat.team.other.value
    return (after[mine] - before[mine]) - (after[other] - before[other])


def judge(seed: int, deals: int, playouts: int) -> dict[str, object]:
    found = position(seed)
    if found is None:
        return {"seed": seed, "position": False}
    match, seat = found
    view = seat_view(match, seat)
    normal = HeuristicPlayer(random.Random(1)).decide(view)
    player = HardPlayer(random.Random(1), samples=playouts)
    hard = player.decide(view)
    line: dict[str, object] = {"seed": seed, "normal": str(normal), "hard": str(hard)}
    if normal is None or hard is None or normal == hard:
        return line | {"same": True}
    stands, rows = player.last_search["rows"]
    best = max(range(len(stands)), key=lambda i: _paired(rows, i, 0)[0])
    line["playouts_gain"], line["playouts_se"] = (round(x, 3) for x in _paired(rows, best, 0))
    task = dl_search._window_task(Knowledge.from_view(view))
    rng = random.Random(3)
    gains = []
    for _ in range(deals):
        deal = sample(task, rng)
        gains.append(outcome(match, seat, hard, deal) - outcome(match, seat, normal, deal))
    se = statistics.stdev(gains) / len(gains) ** 0.5
    return line | {"gain": round(statistics.mean(gains), 3), "se": round(se, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seeds", type=int, nargs="+")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=120)
    args = parser.parse_args()
    judged = []
    for seed in args.seeds:
        line = judge(seed, args.deals, args.playouts)
        print(json.dumps(line, ensure_ascii=False), flush=True)
        if "gain" in line:
            judged.append(line)
    if judged:
        gains = [float(str(j["gain"])) for j in judged]
        mean = statistics.mean(gains)
        spread = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("nan")
        print(f"{len(judged)} changed choices: hard over normal {mean:+.3f} ± {spread:.3f} levels")
        print(json.dumps({"changed": len(judged), "mean_gain": round(mean, 3)}))


if __name__ == "__main__":
    main()
