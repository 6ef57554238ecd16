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

``--revolt SJ`` (or ``BJ``) judges DL's revolt instead (DL-TRIB-6, which hard leaves to normal:
always revolt): at the first revolt turn of hand 2, the asked payer is given the three jokers
(swapped for its cheapest cards) and revolting is played against paying on the same deals.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
from collections import Counter
from collections.abc import Callable

from shengji_desktop.ai import dl_search, make_player
from shengji_desktop.ai.arena import team_levels
from shengji_desktop.ai.baseline_loader import load_baseline
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.players import HardPlayer, HeuristicPlayer
from shengji_desktop.ai.search import _paired, make_task, sample
from shengji_desktop.ai.task import Task
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat
from shengji_desktop.rules.options import Game, Options

BaselinePlayer = load_baseline("players").BaselinePlayer  # the frozen old normal


def window_seat(match: Match) -> Seat | None:
    if match.phase is not Phase.DECLARE or match.hand.dealer is None:
        return None
    for s in Seat:
        if any(isinstance(m, Action) and m.kind is Act.DECLARE for m in match.legal_actions(s)):
            return s
    return None


def revolt_seat(match: Match) -> Seat | None:
    if match.phase is not Phase.TRIBUTE:
        return None
    for s in Seat:
        if any(isinstance(m, Action) and m.kind is Act.PASS for m in match.legal_actions(s)):
            return s
    return None


def position(seed: int, wanted: Callable[[Match], Seat | None]) -> tuple[Match, Seat] | None:
    match = Match(Game.DL, Options(), seed)
    players = {s: BaselinePlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}
    table = Table(match, players, rng=random.Random(seed), hands=2)
    table.watch_referee(lambda action, events: table.stop() if wanted(match) else None)
    table.play()
    seat = wanted(match)
    return None if seat is None else (match, seat)


def give_jokers(match: Match, seat: Seat, joker: Card) -> None:
    """Three ``joker`` into ``seat``'s hand, each swapped for its cheapest card."""
    hands, kitty = match.hand.hands, match.hand.kitty
    for _ in range(3 - hands[seat][joker]):
        cheap = min((c for c in +hands[seat] if not c.is_joker), key=lambda c: (c.points, int(c)))
        holder = next((s for s in Seat if s != seat and hands[s][joker] > 0), None)
        if holder is None:
            kitty[kitty.index(joker)] = cheap
        else:
            hands[holder][joker] -= 1
            hands[holder][cheap] += 1
        hands[seat][cheap] -= 1
        hands[seat][joker] += 1
    for s in Seat:
        hands[s] = +hands[s]


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
    found = position(seed, window_seat)
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
    return line | played_against(match, seat, hard, normal, task, deals)


def judge_revolt(seed: int, deals: int, joker: Card) -> dict[str, object]:
    found = position(seed, revolt_seat)
    if found is None:
        return {"seed": seed, "position": False}
    match, seat = found
    give_jokers(match, seat, joker)
    view = seat_view(match, seat)
    moves = {m.kind: m for m in view.legal if isinstance(m, Action)}
    if Act.REVOLT not in moves:  # the seat asked first is not a payer's (a counter round)
        return {"seed": seed, "position": False}
    line: dict[str, object] = {"seed": seed, "seat": seat.name, "blood": view.blood}
    line |= {"revolt": str(moves[Act.REVOLT]), "pay": str(moves[Act.PASS])}
    task = make_task(Knowledge.from_view(view), [], 0, 0.0, None)
    return line | played_against(match, seat, moves[Act.REVOLT], moves[Act.PASS], task, deals)


def played_against(
    match: Match, seat: Seat, first: Action, second: Action, task: Task, deals: int
) -> dict[str, float]:
    """``first`` over ``second`` in levels on ``deals`` deals sampled from ``task``."""
    rng = random.Random(3)
    gains = []
    for _ in range(deals):
        deal = sample(task, rng)
        gains.append(outcome(match, seat, first, deal) - outcome(match, seat, second, deal))
    se = statistics.stdev(gains) / len(gains) ** 0.5
    return {"gain": round(statistics.mean(gains), 3), "se": round(se, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seeds", type=int, nargs="+")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=120)
    parser.add_argument("--revolt", choices=["SJ", "BJ"], help="judge the revolt instead")
    args = parser.parse_args()
    judged = []
    for seed in args.seeds:
        if args.revolt:
            joker = BIG_JOKER if args.revolt == "BJ" else SMALL_JOKER
            line = judge_revolt(seed, args.deals, joker)
        else:
            line = judge(seed, args.deals, args.playouts)
        print(json.dumps(line, ensure_ascii=False), flush=True)
        if "gain" in line:
            judged.append(line)
    if judged:
        gains = [float(str(j["gain"])) for j in judged]
        mean = statistics.mean(gains)
        spread = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("nan")
        what = "revolting over paying" if args.revolt else "hard over normal"
        print(f"{len(judged)} positions: {what} {mean:+.3f} ± {spread:.3f} levels")
        worse = sum(1 for g in gains if g < 0)
        print(json.dumps({"judged": len(judged), "mean_gain": round(mean, 3), "worse": worse}))


if __name__ == "__main__":
    main()
