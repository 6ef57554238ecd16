"""Beliefs from play (issue 41): the hidden hands a search samples, weighted by what the other
seats' plays in this hand say about them.

A sampled deal in which the normal player would have played what a seat actually played is
more likely than one in which it would have played otherwise. For each of the last ``LAST``
plays of the other seats that the seat saw (``Task.tricks`` and ``Task.trick``), the hands at
that play are rebuilt on the deal (the sampled hands and the cards played since), the normal
policy chooses on them as the playouts model the other seats (threats read from the deal's
hands: ``HandThreats``; leads among the playouts' leads and the play made), and the deal's
weight is multiplied by 1 when it agrees and by ``FLOOR ** TEMPER`` when it does not
(tempered: a seat that plays unlike normal must not make the samples collapse).

The search's sampler (``search.run_samples``) draws ``DRAWS`` deals and keeps one in proportion
to these weights (sampling-importance-resampling), so every mean the searches and the hand
analysis take is already a mean under the beliefs; when the draws' effective sample size is below
``MIN_ESS`` (the weights have collapsed on a few) it keeps the first draw, as uniform sampling
would. Everything read here is a ``Task`` field: the seat's own knowledge, never hidden truth.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.view import side_of
from ..rules.cards import Card, Seat, seat_order
from ..rules.errors import RuleError
from ..rules.trick import TrickFormat, TrickRules
from .normal import ODDS, PULL, SET_POINTS
from .playout import playout_leads
from .policy import Cards, HandThreats, Situation, choose_follow, choose_lead
from .task import Task

FLOOR = 0.1
"""ε: a play the normal player would not have made on a deal counts as this likely."""
TEMPER = 0.5
"""τ: each judged play weighs ``p ** TEMPER`` (p is 1 or ``FLOOR``): a disagreement costs a
factor of about 3, not 10."""
LAST = 8
"""How many of the other seats' latest plays are judged (the normal policy's choice on a partial
deal is the costly part)."""
DRAWS = 6
"""Deals drawn per sample kept."""
MIN_ESS = 1.5
"""Below this effective sample size of the draws, the first draw is kept (uniform sampling)."""

Deal = tuple[dict[Seat, Counter[Card]], list[Card]]
Drawer = Callable[[Task, random.Random], Deal]


@dataclass(frozen=True)
class Judged:
    """One play of another seat, and what that seat knew when it made it."""

    seat: Seat
    cards: Cards  # sorted
    trick: tuple[tuple[Seat, Cards], ...]  # the trick before it
    later: dict[Seat, Counter[Card]]  # each seat's plays from this one on (back into the hands)
    voids: dict[Seat, set[int]]  # the voids shown before it
    order: tuple[Seat, ...]


STATS = {"draws": 0, "kept": 0, "uniform": 0, "ess": 0.0}
"""Counts of this process's resampling (``bench.beliefs_bench`` reads them)."""

_PREPARED: tuple[Task, list[Judged]] | None = None


def plays_of(task: Task) -> list[list[tuple[Seat, Cards]]]:
    """The tricks of the hand so far, the current one last (when started)."""
    tricks = [list(t) for t in task.tricks]
    if task.trick:
        tricks.append(list(task.trick))
    return tricks


def prepare(task: Task, rules: TrickRules) -> list[Judged]:
    """The plays to judge (the last ``LAST`` of the other seats', not tractors or throws: their
    follows are too many to weigh cheaply), with what their seats knew."""
    global _PREPARED
    if _PREPARED is not None and _PREPARED[0] is task:
        return _PREPARED[1]
    classes = rules.trump.classes
    tricks = plays_of(task)
    flat = [(i, j, s, tuple(sorted(c))) for i, t in enumerate(tricks) for j, (s, c) in enumerate(t)]
    voids: dict[Seat, set[int]] = {s: set() for s in Seat}
    judged: list[Judged] = []
    for n, (i, j, seat, cards) in enumerate(flat):
        trick = tricks[i]
        lead = trick[0][1]
        if seat != task.seat and len(lead) <= 2:
            later: dict[Seat, Counter[Card]] = {s: Counter() for s in Seat}
            for _, _, s, c in flat[n:]:
                later[s].update(c)
            order = tuple(seat_order(trick[0][0], task.options.play_direction))
            snapshot = {s: set(v) for s, v in voids.items()}
            judged.append(Judged(seat, cards, tuple(trick[:j]), later, snapshot, order))
        if j > 0 and sum(1 for c in cards if classes[c] == classes[lead[0]]) < len(lead):
            voids[seat].add(classes[lead[0]])
    judged = judged[-LAST:]
    _PREPARED = (task, judged)
    return judged


def agrees(task: Task, rules: TrickRules, play: Judged, hands: dict[Seat, Counter[Card]]) -> bool:
    """Whether the normal policy, on the deal ``hands`` rebuilt to that play, would have made
    ``play`` (as the playouts model the other seats: threats read from the deal's hands)."""
    held = {s: _plus(hands[s], play.later[s]) for s in Seat}
    own = held[play.seat]
    sit = Situation(
        rules,
        play.seat,
        own,
        play.trick,
        side_of(task.game, play.seat, task.dealer),
        play.order,
        HandThreats(rules, held),
        sum(own.values()),
        None,
        SET_POINTS[task.game],
        ODDS[task.game],
        PULL[task.game],
    )
    try:
        if play.trick:
            fmt: TrickFormat = rules.lead_format(play.trick[0][1])
            choice = choose_follow(sit, fmt, True)
        else:
            # The playouts' leads (per class and size the cheapest and the strongest) and the
            # play made: normal scores each lead alone, so it agrees when the play scores best.
            leads = playout_leads(rules, own)
            if play.cards not in leads:
                leads.append(play.cards)
            side = side_of(task.game, task.dealer, task.dealer)
            choice = choose_lead(sit, leads, play.voids, play.seat in side, True)
    except (RuleError, ValueError, KeyError):
        return True  # a play the policy cannot rebuild on this deal says nothing
    return tuple(sorted(choice)) == play.cards


def _plus(hand: Counter[Card], more: Counter[Card]) -> dict[Card, int]:
    held = {c: n for c, n in hand.items() if n > 0}
    for c, n in more.items():
        held[c] = held.get(c, 0) + n
    return held


def weight(task: Task, rules: TrickRules, hands: dict[Seat, Counter[Card]]) -> float:
    """The deal's weight by the judged plays (1: every one agrees with normal)."""
    miss = FLOOR**TEMPER
    w = 1.0
    for play in prepare(task, rules):
        if not agrees(task, rules, play, hands):
            w *= miss
    return w


def ess(weights: list[float]) -> float:
    total = sum(weights)
    squares = sum(w * w for w in weights)
    return total * total / squares if squares > 0 else 0.0


def resample(task: Task, rules: TrickRules, rng: random.Random, draw: Drawer) -> Deal:
    """One deal under the beliefs: ``DRAWS`` draws, one kept in proportion to its weight (the
    first when the effective sample size is below ``MIN_ESS``)."""
    if not prepare(task, rules):
        return draw(task, rng)
    deals = [draw(task, rng) for _ in range(DRAWS)]
    weights = [weight(task, rules, hands) for hands, _ in deals]
    size = ess(weights)
    STATS["draws"] += DRAWS
    STATS["kept"] += 1
    STATS["ess"] += size
    if size < MIN_ESS:
        STATS["uniform"] += 1
        return deals[0]
    x = rng.random() * sum(weights)
    for deal, w in zip(deals, weights, strict=True):
        if x < w:
            return deal
        x -= w
    return deals[-1]
