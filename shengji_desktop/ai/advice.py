""" "What would the computer play here?": the hard player's choice for one seat's view, with the
alternatives it weighed and their estimated outcome (the replay viewer asks it).

In trick play the hard player searches (``search.search``): every candidate comes with its mean
result over the sampled deals (levels for DL and TR, coins for SD, from the seat's side) and
the standard error of that mean. Elsewhere the choice comes alone (searched, ``phase_search``
and ``dl_search``, or normal's rule of thumb).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Act, Action
from ..engine.view import SeatView
from . import make_player
from .policy import Cards


@dataclass(frozen=True)
class Alternative:
    action: Action
    mean: float  # estimated result of the hand for the seat's side
    error: float  # standard error of ``mean``


@dataclass(frozen=True)
class Advice:
    seat_view: SeatView
    choice: Action | None
    alternatives: tuple[Alternative, ...]  # best estimate first; empty without a search
    samples: int  # sampled deals behind the estimates (0: no search)
    seconds: float


def advise(
    view: SeatView,
    seed: str | int = "advice",
    budget: float | None = None,
    playouts: int | None = None,
) -> Advice:
    """The hard player's decision for ``view`` (its default budget unless told), from that
    view alone."""
    player = make_player("hard", seed, budget, playouts)
    choice = player.decide(view)
    info = getattr(player, "last_search", {}) or {}
    plays = {a.cards: a for a in view.legal if isinstance(a, Action) and a.kind is Act.PLAY}
    alternatives = []
    candidates, rows = info.get("rows", ([], []))
    for cards, mean, error in ranking(candidates, rows):
        action = plays.get(cards)
        if action is not None:
            alternatives.append(Alternative(action, mean, error))
    alternatives.sort(key=lambda a: -a.mean)
    return Advice(
        view,
        choice,
        tuple(alternatives),
        int(info.get("samples", 0)) if alternatives else 0,
        float(info.get("seconds", 0.0)),
    )


def ranking(candidates: list[Cards], rows: list[list[float]]) -> list[tuple[Cards, float, float]]:
    """Each candidate with its mean utility over the samples (the end of the hand from the
    seat's side: levels in DL and TR, coins in SD) and that mean's standard error, in the
    candidates' order (``search.search`` keeps the rows of its last decision)."""
    n = len(rows)
    out = []
    for i, cards in enumerate(candidates):
        values = [row[i] for row in rows]
        mean = sum(values) / n if n else 0.0
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        out.append((cards, mean, (var / n) ** 0.5 if n else 0.0))
    return out
