"""Benchmarks of the rules and the engine: readable figures, then one JSON line.

``bench rules`` (issue 3): microseconds per legal-play enumeration in mid-hand positions, and
milliseconds per random full hand. ``bench engine`` (issue 4): milliseconds per random full hand
through ``Match.apply``, and the same hand again played at a ``Table``, where every decision
reads the seat's typed view first.

A random full hand runs from the first card dealt to settlement with random legal choices in
every phase, declarations during the deal included (each seat is asked between cards, as the
headless driver does). The rules keep no hand state of their own, so a hand is always driven
through the engine, which holds it; the view-free ``RandomPlayer.choose`` path is the hand cost.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.cards import Card, Seat
from ..rules.options import Game, Options
from ..rules.trick import TrickFormat, TrickRules
from .actions import Act, Action
from .match import Match
from .phase import Phase
from .players import RandomPlayer
from .table import Player, Table

_SETTLED, _OVER, _DEAL = Phase.SETTLED, Phase.OVER, Phase.DEAL  # no Enum lookups in the loop


def _players(seed: int) -> dict[Seat, RandomPlayer]:
    return {s: RandomPlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}


def play_hand(match: Match, players: Mapping[Seat, RandomPlayer], rng: random.Random) -> int:
    """Play the current hand to settlement with random legal choices; return actions applied.

    The table's loop without views: between cards of the deal every seat that may declare is
    asked (in random order), then the next card is dealt.
    """
    applied = 0
    deal = Action(Act.DEAL)
    while True:
        phase = match.phase
        if phase is _SETTLED or phase is _OVER:
            break
        if phase is _DEAL:
            seats = match.to_act()
            if len(seats) > 1:  # shuffling fewer draws nothing from the RNG
                rng.shuffle(seats)
            for seat in seats:
                legal = match.legal_actions(seat)
                if legal and players[seat].wants_to_act(legal):
                    match.apply(players[seat].choose(legal))
                    break
            else:
                match.apply(deal)
        else:
            seat = match.to_act()[0]
            match.apply(players[seat].choose(match.legal_actions(seat)))
        applied += 1
    return applied


@dataclass(frozen=True, slots=True)
class Position:
    """A seat to play in the middle of a hand: its cards, the trick so far, the unseen pool."""

    rules: TrickRules
    hand: Mapping[Card, int]
    fmt: TrickFormat | None
    unseen: Mapping[Card, int]

    def enumerate(self) -> list[tuple[Card, ...]]:
        """What the engine enumerates there: leads (TR throws judged against what the seat
        cannot see) or follows."""
        if self.fmt is None:
            return self.rules.lead_list(self.hand, [self.unseen])
        return self.rules.follow_list(self.hand, self.fmt)


def mid_hand_positions(game: Game, count: int) -> list[Position]:
    """Positions from seeded random hands, half-way through play: every seat at the trick
    ``hand_size // 2`` (so leads and follows both appear), until ``count`` are collected."""
    out: list[Position] = []
    seed = 0
    while len(out) < count:
        seed += 1
        match = Match(game, Options(), seed)
        players = _players(seed)
        target = game.hand_size // 2
        while match.phase not in (Phase.SETTLED, Phase.OVER):
            hand = match.hand
            if match.phase is Phase.DEAL:
                match.apply(Action(Act.DEAL))
                continue
            seat = match.to_act()[0]
            if hand.phase is Phase.PLAY and len(hand.tricks) == target:
                assert hand.rules is not None
                out.append(
                    Position(hand.rules, +hand.hands[seat], hand.trick_format, hand.unseen_by(seat))
                )
                if len(hand.trick) == 3:
                    break
            match.apply(players[seat].choose(match.legal_actions(seat)))
    return out[:count]


def time_each(fn: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


def _median_us(times: Sequence[float]) -> float:
    return statistics.median(times) * 1e6 if times else 0.0


def bench_enumeration(game: Game, positions: int = 40, repeat: int = 20) -> dict[str, float]:
    leads: list[float] = []
    follows: list[float] = []
    for pos in mid_hand_positions(game, positions):
        pos.enumerate()  # warm any per-hand caches: the engine enumerates every turn
        (leads if pos.fmt is None else follows).extend(time_each(pos.enumerate, repeat))
    return {
        "enum_us_median": _median_us(leads + follows),
        "lead_enum_us_median": _median_us(leads),
        "follow_enum_us_median": _median_us(follows),
    }


HANDS_PER_MATCH = 4
"""Hands timed per match: hand 1 (DL's big-joker race, TR's 抢庄) and later hands (DL tribute
and level declarations, a standing dealer) all count."""

HandDriver = Callable[[Match, dict[Seat, RandomPlayer], random.Random, int], object]


def _timed_hands(game: Game, hands: int, drive_hand: HandDriver) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds per hand for ``hands`` hands. ``drive_hand(match, players, rng, n)``
    plays until hand ``n`` of the match is settled. A hand is timed from the action that
    starts it (creating the match, or NEXT_HAND: the shuffle) to its settlement."""
    wall: list[float] = []
    cpu: list[float] = []
    seed = 0
    while len(wall) < hands:
        seed += 1
        players = _players(seed)
        rng = random.Random(seed)
        w0, c0 = time.perf_counter(), time.process_time()
        match = Match(game, Options(), 1000 + seed)
        for n in range(1, HANDS_PER_MATCH + 1):
            if n > 1:
                w0, c0 = time.perf_counter(), time.process_time()
            drive_hand(match, players, rng, n)
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
            if len(wall) == hands or match.phase is Phase.OVER:
                break
    return wall, cpu


_NEXT_HAND = Action(Act.NEXT_HAND)


def _choose_hand(
    match: Match, players: dict[Seat, RandomPlayer], rng: random.Random, n: int
) -> None:
    if n > 1:
        match.apply(_NEXT_HAND)
    play_hand(match, players, rng)


def _view_hand(match: Match, players: dict[Seat, RandomPlayer], rng: random.Random, n: int) -> None:
    seats: dict[Seat, Player] = dict(players)
    Table(match, seats, rng=rng, hands=n).play()


def bench_hands(game: Game, hands: int) -> dict[str, float]:
    """Milliseconds per random full hand through the engine (RandomPlayer.choose, no views)."""
    wall, cpu = _timed_hands(game, hands, _choose_hand)
    return {
        "hand_ms_median": statistics.median(wall) * 1e3,
        "hand_ms_mean": statistics.mean(wall) * 1e3,
        "hand_cpu_ms_median": statistics.median(cpu) * 1e3,
    }


def bench_hands_with_views(game: Game, hands: int) -> dict[str, float]:
    """The same at a ``Table``: every decision first builds the seat's view."""
    wall, cpu = _timed_hands(game, hands, _view_hand)
    return {
        "hand_with_views_ms_median": statistics.median(wall) * 1e3,
        "hand_with_views_cpu_ms_median": statistics.median(cpu) * 1e3,
    }


TARGET_HAND_MS = {Game.DL: 5.0, Game.TR: 3.0, Game.SD: 1.0}
TARGET_ENUM_US = 50.0


def run(what: str, hands: int, out: Callable[[str], None] = print) -> dict[str, Any]:
    figures: dict[str, Any] = {"bench": what}
    for game in Game:
        row: dict[str, float] = {}
        if what == "rules":
            row.update(bench_enumeration(game))
        row.update(bench_hands(game, hands))
        if what == "engine":
            row.update(bench_hands_with_views(game, hands))
        figures[game.value] = row
        parts = [
            f"hand {row['hand_ms_median']:.2f} ms, CPU {row['hand_cpu_ms_median']:.2f} ms"
            f" (target < {TARGET_HAND_MS[game]:g})"
        ]
        if what == "rules":
            parts.insert(
                0,
                f"enumeration {row['enum_us_median']:.1f} µs (target < {TARGET_ENUM_US:g}; "
                f"leads {row['lead_enum_us_median']:.1f}, "
                f"follows {row['follow_enum_us_median']:.1f})",
            )
        else:
            parts.append(
                f"with views {row['hand_with_views_ms_median']:.2f} ms,"
                f" CPU {row['hand_with_views_cpu_ms_median']:.2f} ms"
            )
        out(f"{game.value}: " + ", ".join(parts))
    out(f"(medians over {hands} hands, {HANDS_PER_MATCH} per match; a hand: shuffle and deal to")
    out(" settlement, random legal choices in every phase, through the engine's Match.apply)")
    out("(wall and CPU time agree on an idle machine; on a busy one wall time also counts")
    out(" the waits for a core, CPU time is this process's own work)")
    if what == "rules":
        out("(enumeration: legal leads, TR throws included, or follows of mid-hand positions)")
    out(json.dumps(figures, sort_keys=True))
    return figures
