"""Benchmarks of the rules and the engine: readable figures, then one JSON line."""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ..rules.cards import Seat
from ..rules.options import Game, Options
from .actions import Act, Action
from .hand import Phase
from .headless import drive
from .match import Match
from .players import Player, RandomPlayer


def _players(seed: int) -> dict[Seat, RandomPlayer]:
    return {s: RandomPlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}


def mid_hand_positions(game: Game, count: int) -> list[tuple[Any, Any, Any]]:
    """(rules, hand, trick format or None) from random matches, about half-way through play."""
    out: list[tuple[Any, Any, Any]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        match = Match(game, Options(), seed)
        ps = _players(seed)
        target = game.hand_size // 2
        while match.phase != Phase.SETTLED:
            hand = match.hand
            if match.phase == Phase.DEAL:
                match.apply(Action(Act.DEAL))
                continue
            if hand.phase == Phase.PLAY and len(hand.tricks) == target:
                seat = match.to_act()[0]
                out.append((hand.rules, +hand.hands[seat], hand.trick_format))
                if hand.trick_format is not None:
                    break
            seat = match.to_act()[0]
            match.apply(ps[seat].choose(match, seat, match.legal_actions(seat)))
    return out


def time_each(fn: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


def bench_enumeration(game: Game) -> dict[str, float]:
    positions = mid_hand_positions(game, 40)
    leads: list[float] = []
    follows: list[float] = []
    for rules, hand, fmt in positions:

        def enumerate_plays(r: Any = rules, h: Any = hand, f: Any = fmt) -> object:
            return list(r.legal_leads(h) if f is None else r.legal_follows(h, f))

        (leads if fmt is None else follows).extend(time_each(enumerate_plays, 20))
    both = leads + follows
    return {
        "enum_us_median": statistics.median(both) * 1e6,
        "lead_enum_us_median": statistics.median(leads) * 1e6 if leads else 0.0,
        "follow_enum_us_median": statistics.median(follows) * 1e6 if follows else 0.0,
    }


def bench_hands(game: Game, hands: int) -> dict[str, float]:
    times = []
    for seed in range(hands):
        match = Match(game, Options(), 1000 + seed)
        t0 = time.perf_counter()
        players: dict[Seat, Player] = dict(_players(seed))
        drive(match, players, random.Random(seed), 1)
        times.append(time.perf_counter() - t0)
    return {
        "hand_ms_median": statistics.median(times) * 1e3,
        "hand_ms_mean": statistics.mean(times) * 1e3,
    }


def run(what: str, hands: int, out: Callable[[str], None] = print) -> dict[str, Any]:
    figures: dict[str, Any] = {"bench": what}
    for game in Game:
        row: dict[str, float] = {}
        if what == "rules":
            row.update(bench_enumeration(game))
        row.update(bench_hands(game, hands))
        figures[game.value] = row
        parts = ", ".join(f"{k} {v:.1f}" for k, v in row.items())
        out(f"{game.value}: {parts}")
    if what == "rules":
        out("(enumeration: legal leads/follows of a mid-hand position; a hand: deal to settlement")
        out(" with random legal choices, through the engine, which holds the rules' state)")
    out(json.dumps(figures, sort_keys=True))
    return figures
