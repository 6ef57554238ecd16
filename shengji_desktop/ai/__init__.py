"""Computer players: easy, normal and hard for every decision of every game, and the frozen
``baseline`` that arena figures are measured against (from ``benchmarks/baseline/`` of a source
checkout, see ``baseline_loader``).

``make_player(kind, seed)`` gives a player for one seat; its ``decide(view, legal)`` sees only
``match.view(seat)`` and the legal actions (see ``engine.players.Player``).
"""

from __future__ import annotations

import random

from ..engine.players import RandomPlayer
from ..engine.table import Player

KINDS = ("random", "easy", "normal", "hard", "expert", "baseline", "baseline-easy")
"""Every kind ``make_player`` makes. ``baseline`` and ``baseline-easy`` are the frozen players of
``benchmarks/baseline/`` (a fixed point for arena figures), for the command line of a source
checkout only: the GUI offers ``OFFERED``."""

OFFERED = ("easy", "normal", "hard", "expert")
"""The strengths a person may choose (seats, 托管, LAN stand-ins)."""


EXPERT_BUDGET = 3.0
"""The expert player's thinking time per decision, in seconds, unless told."""


def make_player(
    kind: str, seed: str | int, budget: float | None = None, playouts: int | None = None
) -> Player:
    """A player of strength ``kind``; ``seed`` seeds all its decisions. ``budget`` is the
    hard player's thinking time per decision in seconds (default 1 s; the expert's
    ``EXPERT_BUDGET``); ``playouts`` instead fixes the number of sampled deals per decision,
    which makes hard games reproducible. ``expert`` is hard with beliefs from play
    (``ai.beliefs``) and a longer budget."""
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
    if kind in ("hard", "expert"):
        from .players import HardPlayer

        if budget is not None and budget < 0:
            raise ValueError("the budget must be a positive number of seconds")
        if playouts is not None and playouts < 1:
            raise ValueError("playouts must be at least 1")
        if kind == "hard":
            return HardPlayer(rng, 1.0 if budget is None else budget, playouts)
        expert = HardPlayer(rng, EXPERT_BUDGET if budget is None else budget, playouts, True)
        expert.kind = "expert"
        return expert
    raise ValueError(f"unknown player kind {kind!r} (available: {', '.join(KINDS)})")
