"""Computer players: easy, normal, hard and expert for every decision of every game, and the
frozen ``baseline`` that arena figures are measured against (from ``benchmarks/baseline/`` of a
source checkout, see ``baseline_loader``).

``make_player(kind, seed)`` gives a player for one seat; its ``decide(view, legal)`` sees only
``match.view(seat)`` and the legal actions (see ``engine.players.Player``).
"""

from __future__ import annotations

import random

from ..engine.players import RandomPlayer
from ..engine.table import Player
from ..rules.options import Game

KINDS = (
    "random",
    "easy",
    "normal",
    "hard",
    "expert",
    "baseline",
    "baseline-easy",
    "expert-plain",
    "expert-believing",
)
"""Every kind ``make_player`` makes. ``baseline`` and ``baseline-easy`` are the frozen players of
``benchmarks/baseline/`` (a fixed point for arena figures); ``expert-plain`` and
``expert-believing`` are the expert with beliefs off and on in every game (to measure what
``EXPERT_BELIEFS`` should be). They are for the command line (the arena): the GUI offers
``OFFERED``."""

OFFERED = ("easy", "normal", "hard", "expert")
"""The strengths a person may choose (seats, 托管, LAN stand-ins)."""


EXPERT_BUDGET = 3.0
"""The expert player's thinking time per decision, in seconds, unless told."""

EXPERT_BELIEFS: frozenset[Game] = frozenset()
"""The games in which the expert weighs its samples by beliefs from play (``ai.beliefs``): only
where they have been measured to gain (issue 41), and so far that is none. In TR they lose at 1 s
per decision: hard with beliefs against hard, 200 duplicate deals, −0.158 levels a hand, 95% CI
[−0.275, −0.040] (``benchmarks/arena/tr-beliefs-hard-1s-seed1-r2.jsonl``): at equal time they keep
about half the samples, and that costs more than they place right. In SD (+0.090 and +0.120 coins
at 1 s) and DL (+0.17 ± 0.25 levels at 8 samples) they gained nothing beyond noise, and the expert
with them, at 3 s, made nothing over hard (SD −0.020 coins, 95% CI [−0.334, +0.294]; DL −0.028
levels, [−0.187, +0.132]: ``benchmarks/arena/*-expert-hard-seed1.jsonl``). ``arena --a
expert-believing --b expert-plain`` measures them at the expert's own budget
(docs/computer-players.md)."""


def make_player(
    kind: str, seed: str | int, budget: float | None = None, playouts: int | None = None
) -> Player:
    """A player of strength ``kind``; ``seed`` seeds all its decisions. ``budget`` is the
    hard player's thinking time per decision in seconds (default 1 s; the expert's
    ``EXPERT_BUDGET``); ``playouts`` instead fixes the number of sampled deals per decision,
    which makes hard games reproducible. ``expert`` is hard with a longer budget and, in the
    games of ``EXPERT_BELIEFS`` (none today), beliefs from play (``ai.beliefs``)."""
    rng = random.Random(f"ai/{kind}/{seed}")
    if kind == "random":
        return RandomPlayer(rng)
    if kind in ("easy", "normal"):
        from .players import HeuristicPlayer

        return HeuristicPlayer(rng, careful=kind == "normal")
    if kind in ("baseline", "baseline-easy"):
        from .baseline_loader import load_baseline

        player: Player = load_baseline().make_baseline(kind, seed)
        return player
    if kind in ("hard", "expert", "expert-plain", "expert-believing"):
        from .players import HardPlayer

        if budget is not None and budget < 0:
            raise ValueError("the budget must be a positive number of seconds")
        if playouts is not None and playouts < 1:
            raise ValueError("playouts must be at least 1")
        if kind == "hard":
            return HardPlayer(rng, 1.0 if budget is None else budget, playouts)
        believes: dict[str, bool | frozenset[Game]] = {
            "expert": EXPERT_BELIEFS,
            "expert-plain": False,
            "expert-believing": True,
        }
        expert = HardPlayer(
            rng, EXPERT_BUDGET if budget is None else budget, playouts, believes[kind]
        )
        expert.kind = kind
        return expert
    raise ValueError(f"unknown player kind {kind!r} (available: {', '.join(KINDS)})")
