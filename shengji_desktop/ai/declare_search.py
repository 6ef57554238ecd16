"""The hard player's search of TR's declaration window after the deal (TR-DECL-5, issue 22):
pass, or declare / overcall / seal in one of the suits offered.

As ``phase_search``: samples of the other hands and the kitty from the seat's ``Knowledge``
only (the standing declarer's shown cards are placed in its hand), every candidate played out
on the same samples and scored by TR's settlement. A candidate is the declaration that would
then stand: the seat's own (trump its suit; in hand 1 it deals, TR-DEALER-1) or, passing, the
standing one (or none: trump from the kitty's 底三颗, TR-DECL-6). Nobody is assumed to declare
after us. The dealer takes the sampled kitty and buries by normal's rule of thumb
(``burial_order``), and the hand is played out from its lead (GEN-TRICK-1).

Declaring while the cards are dealt, and hand 1's window while nobody has declared (where
others may still declare after us and decide who deals), are searched in ``deal_search``. DL's
window is searched in ``dl_search.declare``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..engine.actions import Act, Action, Move
from ..engine.view import SeatView
from ..rules import tr
from ..rules.cards import Card, Rank, Seat, Suit, Team
from .knowledge import Knowledge
from .phase_search import Plans, exchange, held_copy, plan_for, play_out
from .search import choose, gather, run_samples, untrumped_task
from .task import Task


def tr_value(
    task: Task,
    plans: Plans,
    hands: dict[Seat, Counter[Card]],
    kitty: list[Card],
    suit: Suit | None,
    dealer: Seat,
) -> float:
    """The seat's utility of a TR hand whose window left ``suit`` trump (None: the kitty's
    底三颗, TR-DECL-6) and ``dealer`` dealing: the dealer takes the kitty and buries by normal's
    rule of thumb (``burial_order``), and the hand is played out from its lead (GEN-TRICK-1)."""
    played, p = plan_for(
        task, plans, suit if suit is not None else tr.kitty_trump_suit(kitty), dealer
    )
    held = held_copy(hands)
    buried = exchange(held[dealer], kitty, p.rules.trump)
    value = play_out(played, held, buried, p)[0]  # the dealer's side's utility
    return value if dealer.team is task.seat.team else -value


def run_declarations(task: Task) -> list[list[float]]:
    """Worker: per sample, the seat's utility for each (trump suit, dealer) in
    ``context["stands"]`` (suit None: the kitty's 底三颗)."""
    ctx = dict(task.context)
    plans: Plans = {}

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        row: list[float] = []
        for suit, dealer in ctx["stands"]:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            row.append(tr_value(task, plans, hands, kitty, suit, dealer))
        return row

    return run_samples(task, score)


Stand = tuple[Suit | None, Seat]
"""The trump suit (None: the kitty's 底三颗, TR-DECL-6) and the dealer a choice leads to."""


def outcomes(view: SeatView, legal: Sequence[Move], preferred: Action) -> dict[Stand, Action]:
    """Per (trump, dealer) the choices lead to, the first choice that leads there (normal's
    first); empty when passing leads to a dealer the view does not tell (hand 1, nobody has
    declared: the seat dealt the first card deals, TR-DEALER-1)."""
    standing = view.declaration
    stands: dict[Stand, Action] = {}
    for a in [preferred, *[m for m in legal if isinstance(m, Action)]]:
        if a.kind is Act.PASS:
            dealer = view.dealer or (standing.seat if standing is not None else None)
            if dealer is None:
                return {}
            stand = (standing.suit if standing is not None else None, dealer)
        elif a.kind is Act.DECLARE and a.cards and a.cards[0].suit is not None:
            stand = (a.cards[0].suit, view.dealer or view.seat)
        else:
            continue
        stands.setdefault(stand, a)
    return stands


def declare(
    k: Knowledge,
    legal: Sequence[Move],
    preferred: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[Action, dict[str, Any]]:
    """TR-DECL-5: pass or a declaration, whichever has the best mean over sampled playouts."""
    view = k.view
    stands = outcomes(view, legal, preferred)
    if len(stands) < 2:
        return preferred, {}
    levels = tuple((t, view.levels.get(t, Rank.TWO)) for t in (Team.NS, Team.EW))
    context = (("levels", levels), ("stands", tuple(stands)))
    base = untrumped_task(k, k.seat, context)
    start = time.monotonic()
    rows = gather(base, rng, budget, samples, run_declarations)
    best = choose(rows)
    actions = list(stands.values())
    info = {"samples": len(rows), "candidates": len(actions), "rows": (list(stands), rows)}
    info["seconds"] = round(time.monotonic() - start, 4)
    return actions[best], info
