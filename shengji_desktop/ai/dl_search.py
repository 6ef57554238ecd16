"""The hard player's searches of DL's own decisions (issue 22): 扣王, whether another player
buries jokers into the dealer's kitty, and how many (DL-KITTY-8); the tribute return
(DL-TRIB-5) and the revolt (DL-TRIB-6); the window after the deal (below).

As ``phase_search``: samples of the hidden hands (and of the kitty when the seat cannot see
it: then without jokers, DL-KITTY-7) from the seat's ``Knowledge`` only, every candidate played
out on the same samples from the first lead (GEN-TRICK-1: the dealer leads) and scored by DL's
settlement (DL-KITTY-10: jokers in the final kitty count for whoever wins the last trick);
normal's choice is candidate 0 and stays unless another is clearly better (``search.choose``,
by ``JOKER_CONFIDENCE`` standard errors and ``JOKER_MARGIN`` levels). The candidates: normal's
choice, passing, and burying one or two jokers (``MAX_JOKERS``; big ones first, DL-KITTY-6),
for the dealer's partner and the catchers alike: a catcher's buried joker is levels for the
catchers when they dig with 120 (DL-SETTLE-1 case D), at the cost of a top trump in play. The
burier takes out the weakest pickable kitty cards (``dl_kitty.pickup_weight``). Later seats'
burials are not modelled (they pass in the playouts).

**The tribute return** (DL-TRIB-5, ``tribute_return``): normal's return and the burial's
variants, played out with the sampled kitty taken and buried; a variant must beat normal's by
``RETURN_CONFIDENCE`` standard errors and ``RETURN_MARGIN`` levels.

**The revolt** (暴动, DL-TRIB-6, ``revolt``): revolting (this seat) or passing (then the partner
revolts when it can, as normal does), countered when a sampled receiving hand holds three big
jokers (DL-TRIB-7), then the kitty, the burial and the hand played out (``window_value``);
paying must beat normal's revolt by ``REVOLT_CONFIDENCE`` and ``REVOLT_MARGIN``.

**The window after the deal** (亮主/反, DL-DECL-4..8, hand 2 on; ``declare``): pass or declare,
each candidate named by the trump suit it leaves standing (passing: the standing declaration's,
or with none a suit drawn from the kitty, DL-DECL-9). On each sample the hand goes on by the
rules and rules of thumb: the tribute (DL-TRIB-2/4: the payer's strongest eligible cards under
that trump; a revolt when the paying side holds three identical jokers, countered by three big
ones, DL-TRIB-6/7, as normal always does), the dealer's return and burial (the cheapest cards,
``phase_search.burial_order``), a 干锅 when a revealed kitty makes one (DL-KITTY-2/3: no
exchange, its jokers count for nobody), then the hand played out from the dealer's lead. Nobody
is assumed to declare after us, and the cards a declaration shows are not modelled. Hand 1's
race for the big joker (DL-DECL-1) and declaring while the cards are dealt are searched in
``deal_search``, which deals the rest of the pack in each sample.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..engine.actions import Act, Action, ChooseCards, Move
from ..rules import dl_kitty, dl_tribute
from ..rules.cards import Card, Rank, Seat, Suit, Team
from ..rules.dl_declare import TrumpSource
from ..rules.ranking import Trump
from .fastplay import Plan
from .knowledge import SEATS, Knowledge
from .phase_search import (
    Plans,
    burial_candidates,
    exchange,
    held_copy,
    plan_for,
    play_out,
    take_out,
)
from .search import choose, gather, make_task, rules_for, run_samples, untrumped_task
from .task import Task

MAX_JOKERS = 2
"""The most jokers a 扣王 candidate buries (DL-KITTY-8)."""

JOKER_CONFIDENCE = 2.0
JOKER_MARGIN = 0.15
"""A 扣王 other than normal's must beat it by this many standard errors and this many levels:
a joker in the kitty swings the hand by two levels either way (DL-SETTLE-1/2), so the playouts'
noise must not decide it. Paired runs at 24 playouts against ``baseline`` (seeds 7, 11 and 13,
150 deals each; only the hands where the choice changed played again, by both searches), over
the search that could only decline normal's burial: +0.107, +0.210 and +0.127 levels per deal
(43, 52 and 49 hands changed; +0.92 levels per changed hand over the three)."""


def _task(k: Knowledge, candidates: list[tuple[Card, ...]], **context: Any) -> Task:
    """A task for a DL decision of the kitty phase: a kitty the seat sees is left out of the
    pool (``Knowledge.unseen`` keeps it until trick play)."""
    base = make_task(k, candidates, 0, 0.0, None)
    pool = Counter(base.pool)
    if k.kitty is not None:
        pool -= Counter(k.kitty)
    extra = tuple(context.items())
    return replace(base, pool=tuple(pool.elements()), context=base.context + extra)


def _search(
    base: Task,
    rng: random.Random,
    budget: float,
    samples: int | None,
    worker: Any,
    confidence: float,
    margin: float,
) -> tuple[int, dict[str, Any]]:
    start = time.monotonic()
    rows = gather(base, rng, budget, samples, worker)
    info = {
        "samples": len(rows),
        "candidates": len(base.candidates),
        "rows": (base.candidates, rows),
    }
    info["seconds"] = round(time.monotonic() - start, 4)
    return choose(rows, confidence, margin), info


# ---------------------------------------------------------------------------- 扣王


def run_joker_burials(task: Task) -> list[list[float]]:
    """Worker: per sample, this seat's utility for each joker burial (() = pass)."""
    plan = Plan(task, rules_for(task.game, task.level, task.suit, task.options))
    trump = plan.rules.trump
    dealer = task.dealer
    first = replace(task, seat=dealer)  # the playout starts with the dealer's lead
    sign = 1.0 if task.seat.team is dealer.team else -1.0  # DL's settlement: zero-sum

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        row: list[float] = []
        if task.kitty is None:
            _no_jokers(hands, kitty, task.seat)
        weakest = sorted(dl_kitty.pickable(kitty), key=lambda c: dl_kitty.pickup_weight(c, trump))
        for jokers in task.candidates:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            held = held_copy(hands)
            mine = held[task.seat]
            # A sampled hidden kitty may have fewer cards to take out (DL-KITTY-9): then as
            # many jokers as it allows, big ones first (DL-KITTY-6).
            taken = weakest[: len(jokers)]
            jokers = tuple(sorted(jokers, reverse=True)[: len(taken)])
            take_out(mine, jokers)
            for c in taken:
                mine[c] = mine.get(c, 0) + 1
            final = list((Counter(kitty) - Counter(taken) + Counter(jokers)).elements())
            row.append(sign * play_out(first, held, final, plan)[0])
        return row

    return run_samples(task, score)


def _no_jokers(hands: dict[Seat, Counter[Card]], kitty: list[Card], me: Seat) -> None:
    """DL-KITTY-7: a kitty the seat cannot see holds no joker (it would be shown): a joker the
    sample put there trades places with another seat's first plain card."""
    for i, card in enumerate(kitty):
        if not card.is_joker:
            continue
        for seat in SEATS:
            other = next((c for c, m in hands[seat].items() if m > 0 and not c.is_joker), None)
            if seat != me and other is not None:
                hands[seat][other] -= 1
                hands[seat][card] += 1
                kitty[i] = other
                break


def joker_burial(
    k: Knowledge,
    legal: Sequence[Move],
    preferred: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[Action, dict[str, Any]]:
    """DL-KITTY-8: pass or bury jokers, whichever has the best mean over sampled playouts."""
    offered = [a for a in legal if isinstance(a, Action) and a.kind in (Act.PASS, Act.BURY_JOKERS)]
    if not any(a.kind is Act.PASS for a in offered):
        return preferred, {}  # the jokers are committed: which cards to take out
    by_jokers: dict[tuple[Card, ...], Action] = {}
    for a in (preferred, *offered):
        jokers = a.cards if a.kind is Act.BURY_JOKERS else ()
        if a is preferred or len(jokers) <= MAX_JOKERS:
            by_jokers.setdefault(jokers, a)
    if len(by_jokers) < 2:
        return preferred, {}
    candidates = list(by_jokers)
    best, info = _search(
        _task(k, candidates),
        rng,
        budget,
        samples,
        run_joker_burials,
        JOKER_CONFIDENCE,
        JOKER_MARGIN,
    )
    return by_jokers[candidates[best]], info


# ---------------------------------------------------------------------------- tribute return

RETURN_CONFIDENCE = 2.0
RETURN_MARGIN = 0.15
"""A return other than normal's must beat it by this many standard errors and levels (as the
扣王's): session 11 found no clearly better return in a dozen positions, so the bar is high."""


def run_returns(task: Task) -> list[list[float]]:
    """Worker: per sample, the dealer's utility for each set of returned cards: the payer gets
    them, the dealer takes the sampled kitty and buries by normal's rule of thumb (unless a
    revealed kitty makes a 干锅, DL-KITTY-2/3), and the hand is played out from its lead."""
    ctx = dict(task.context)
    plan = Plan(task, rules_for(task.game, task.level, task.suit, task.options))
    trump = plan.rules.trump
    payer: Seat = ctx["payer"]

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        dry = ctx["revealed"] and dl_kitty.is_dry_pot(kitty, trump)
        played = replace(task, context=(*task.context, ("dry_pot", dry)))
        row: list[float] = []
        for returned in task.candidates:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            held = held_copy(hands)
            mine = held[task.seat]
            take_out(mine, returned)
            for c in returned:
                held[payer][c] = held[payer].get(c, 0) + 1
            buried = list(kitty) if dry else exchange(mine, kitty, trump)
            row.append(play_out(played, held, buried, plan)[0])
        return row

    return run_samples(task, score)


def tribute_return(
    k: Knowledge,
    choice: ChooseCards,
    preferred: tuple[Card, ...],
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[tuple[Card, ...], dict[str, Any]]:
    """DL-TRIB-5 (option ``dl_tribute_return`` = ``any``): the cards to return, normal's or a
    variant of the burial's (``burial_candidates``: pairs kept whole, a short suit given up…),
    whichever has the best mean over sampled playouts."""
    tribute = k.view.tribute
    if tribute is None or k.dealer != k.seat:
        return preferred, {}
    candidates = burial_candidates(k, choice, preferred)
    if len(candidates) < 2:
        return preferred, {}
    revealed = k.view.declaration is not None  # DL-KITTY-1: a kitty nobody declared stays hidden
    base = _task(k, candidates, payer=tribute.payer, revealed=revealed)
    best, info = _search(base, rng, budget, samples, run_returns, RETURN_CONFIDENCE, RETURN_MARGIN)
    return candidates[best], info


# ---------------------------------------------------------------------------- 暴动

REVOLT_CONFIDENCE = 2.0
REVOLT_MARGIN = 0.15
"""Paying instead of normal's revolt must beat it by this many standard errors and levels:
``scripts/judge_decision.py --revolt`` found revolting better by real play (+0.37 levels with
three small jokers, +0.61 with three big ones, seeds 20-60), so the bar is high."""


def run_revolts(task: Task) -> list[list[float]]:
    """Worker: per sample, this seat's utility for each candidate in ``context["revolters"]``: the
    paying seats that revolt (DL-TRIB-6: this seat's revolt; passing, its partner's, as normal
    always revolts), countered when a receiving seat holds three big jokers (DL-TRIB-7), then
    the kitty, the burial and the hand played out (``window_value``)."""
    ctx = dict(task.context)
    plans: Plans = {}

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        row: list[float] = []
        for revolters in ctx["revolters"]:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            value = window_value(
                task,
                plans,
                hands,
                kitty,
                task.suit,
                ctx["source"],
                task.dealer,
                ctx["blood"],
                revolters,
            )
            row.append(value)
        return row

    return run_samples(task, score)


def revolt(
    k: Knowledge,
    legal: Sequence[Move],
    preferred: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[Action, dict[str, Any]]:
    """DL-TRIB-6: revolt or pay (pass), whichever has the best mean over sampled playouts."""
    tribute = k.view.tribute
    offered = [a for a in legal if isinstance(a, Action) and a.kind in (Act.PASS, Act.REVOLT)]
    passing = next((a for a in offered if a.kind is Act.PASS), None)
    revolting = next((a for a in offered if a.kind is Act.REVOLT), None)
    if tribute is None or passing is None or revolting is None or k.dealer is None:
        return preferred, {}
    by_choice = {Act.REVOLT: ((k.seat,), revolting), Act.PASS: ((k.seat.partner,), passing)}
    order = [preferred.kind, *[a for a in by_choice if a is not preferred.kind]]
    revolters = tuple(by_choice[a][0] for a in order)
    source = TrumpSource.DECLARATION if k.view.declaration is not None else TrumpSource.KITTY_DRAW
    base = _task(k, [], source=source, blood=tribute.blood, revolters=revolters)
    best, info = _search(base, rng, budget, samples, run_revolts, REVOLT_CONFIDENCE, REVOLT_MARGIN)
    info["candidates"] = len(order)
    info["rows"] = (order, info["rows"][1])
    return by_choice[order[best]][1], info


# ---------------------------------------------------------------------------- 亮主 / 反

WINDOW_CONFIDENCE = 2.0
WINDOW_MARGIN = 0.15
"""A trump other than the one normal's choice leaves standing must beat it by this many standard
errors and this many levels (as the 扣王's ``JOKER_CONFIDENCE``/``JOKER_MARGIN``)."""


def _tribute(
    held: dict[Seat, dict[Card, int]],
    dealer: Seat,
    blood: int,
    trump: Trump,
    task: Task,
    revolters: tuple[Seat, ...] | None = None,
) -> None:
    """DL-TRIB-2..7 on a sample's hands: the dealer's 上家 gives his ``blood`` strongest
    eligible cards and gets back as many of the dealer's cheapest; nothing when the paying side
    revolts (three identical jokers in one hand; ``revolters``: the seats that would, by default
    both) and the receiving side cannot counter it."""
    due = dl_tribute.tribute_due(dealer, blood, False, task.options)
    if due is None:
        return
    if revolters is None:
        revolters = (due.payer, due.payer.partner)
    revolts = [
        r for s in revolters for r in dl_tribute.revolts_available(s, held[s], due, task.options)
    ]
    if revolts:
        revolt = revolts[0]
        receivers = (due.receiver, due.receiver.partner)
        if not any(dl_tribute.counter_available(s, held[s], revolt, due) for s in receivers):
            return
    choice = dl_tribute.tribute_choice(held[due.payer], due.blood, trump)
    given = list(choice.forced) + list(choice.pool[: choice.count])
    take_out(held[due.payer], given)
    back = exchange(held[dealer], given, trump)
    for c in back:
        held[due.payer][c] = held[due.payer].get(c, 0) + 1


def window_value(
    task: Task,
    plans: Plans,
    hands: dict[Seat, Counter[Card]],
    kitty: list[Card],
    suit: Suit,
    source: TrumpSource,
    dealer: Seat,
    blood: int,
    revolters: tuple[Seat, ...] | None = None,
) -> float:
    """The seat's utility of a DL hand whose trump ``suit`` was fixed by ``source`` with
    ``dealer`` dealing: the tribute (``_tribute``, with ``revolters``), the dealer's burial (the
    cheapest cards, ``burial_order``) unless a revealed kitty makes a 干锅 (DL-KITTY-2/3: the
    kitty stays as it lies, its jokers count for nobody), then the hand played out from the
    dealer's lead."""
    played, p = plan_for(task, plans, suit, dealer)
    trump = p.rules.trump
    dry = dl_kitty.hand_is_dry_pot(source, kitty, trump)
    played = replace(played, context=(*played.context, ("dry_pot", dry)))
    held = held_copy(hands)
    _tribute(held, dealer, blood, trump, task, revolters)
    final = list(kitty) if dry else exchange(held[dealer], kitty, trump)
    value = play_out(played, held, final, p)[0]  # the dealer's side's utility
    return value if dealer.team is task.seat.team else -value


def run_window(task: Task) -> list[list[float]]:
    """Worker: per sample, this seat's utility for each trump suit in ``context["stands"]``
    (None: a suit drawn from the kitty, DL-DECL-9) the window may leave standing."""
    ctx = dict(task.context)
    plans: Plans = {}

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        row: list[float] = []
        drawn = next((c.suit for c in kitty if c.suit is not None), None)
        for stand in ctx["stands"]:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            suit = stand if stand is not None else drawn
            if suit is None:  # six jokers in the kitty: a redeal (DL-DECL-9)
                row.append(0.0)
                continue
            source = TrumpSource.DECLARATION if stand is not None else TrumpSource.KITTY_DRAW
            row.append(
                window_value(task, plans, hands, kitty, suit, source, task.dealer, ctx["blood"])
            )
        return row

    return run_samples(task, score)


def stands(k: Knowledge, legal: Sequence[Move], preferred: Action) -> dict[Suit | None, Action]:
    """Per trump suit the window's choices leave standing (None: drawn from the kitty), the
    first choice that leaves it (normal's first)."""
    standing = k.view.declaration
    out: dict[Suit | None, Action] = {}
    for a in [preferred, *[m for m in legal if isinstance(m, Action)]]:
        if a.kind is Act.PASS:
            out.setdefault(standing.suit if standing is not None else None, a)
        elif a.kind is Act.DECLARE:
            suit = a.suit if a.suit is not None else (a.cards[0].suit if a.cards else None)
            if suit is not None:
                out.setdefault(suit, a)
    return out


def declare(
    k: Knowledge,
    legal: Sequence[Move],
    preferred: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[Action, dict[str, Any]]:
    """DL-DECL-4..8: in the window after the deal (hand 2 on, the dealer known), pass or a
    declaration, whichever trump has the best mean over sampled playouts."""
    if k.dealer is None or k.view.big_joker_shown_by is not None:
        return preferred, {}  # hand 1: the race for the big joker (DL-DECL-1)
    options = stands(k, legal, preferred)
    if len(options) < 2:
        return preferred, {}
    suits = list(options)
    base = _window_task(k)
    context = (*base.context, ("stands", tuple(suits)), ("blood", k.view.blood))
    task = replace(base, context=context)
    best, info = _search(task, rng, budget, samples, run_window, WINDOW_CONFIDENCE, WINDOW_MARGIN)
    info["rows"] = (suits, info["rows"][1])
    return options[suits[best]], info


def _window_task(k: Knowledge) -> Task:
    """A task before the trump is fixed, with the teams' levels DL's settlement needs."""
    levels = k.view.levels
    context = {"levels": {t.name: int(levels.get(t, Rank.THREE)) for t in Team}}
    return untrumped_task(k, k.dealer or k.seat, tuple(context.items()))
