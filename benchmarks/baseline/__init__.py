"""The frozen baseline player kinds (issue 22): ``baseline`` is the normal player and
``baseline-easy`` the easy player as they were at d3603ff, copied whole (its own knowledge,
policy and phase modules, importing only ``rules`` and ``engine``) so that nothing done to the
live players changes them. Not offered in the GUI; ``arena --b baseline`` measures against it.

Do not edit: tests/ai/test_baseline.py replays seeded hands of every game against the digest of
the old normal's decisions in tests/golden/baseline.json.
"""

from __future__ import annotations

import random

from .players import BaselinePlayer

BASELINE_KINDS = ("baseline", "baseline-easy")


def make_baseline(kind: str, seed: str | int) -> BaselinePlayer:
    """The frozen player ``kind`` for one seat; its random choices come from the seed stream
    the live player of that strength used then (``ai/normal/<seed>``, ``ai/easy/<seed>``), so it
    repeats the old player's games exactly."""
    old = "normal" if kind == "baseline" else "easy"
    return BaselinePlayer(random.Random(f"ai/{old}/{seed}"), careful=kind == "baseline")
