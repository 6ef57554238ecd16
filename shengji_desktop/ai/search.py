"""The hard player: determinized Monte Carlo search over the plays of the 出牌 phase.

For each decision: sample the hidden hands (and a hidden kitty) consistently with what the
seat has seen — the unseen cards, the hand sizes, the voids shown by play, the cards known from
declarations, a shown kitty the dealer picked up (in its hand or buried again), and in SD a
dealer's hand that would have chosen the trump it chose — then, for every candidate play,
play the rest of the hand out with the normal policy on that sample and score the end of the
hand with the game's own settlement (levels for DL and TR, coins for SD, from the seat's side).
The candidate with the best mean wins.

Samples run in worker processes (the GUI thread is never blocked and both cores work): a task
is a small picklable snapshot; each worker loops samples for a slice of the time (anytime), and
between slices the search stops early when the samples have settled the choice; or, for
reproducible games, each worker plays a fixed number of samples from a seed.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..rules.cards import Card, Rank, Seat, Suit, Team, card_points
from ..rules.options import Game, Options
from ..rules.ranking import TRUMP
from ..rules.trick import TrickRules
from . import beliefs as belief
from .fastplay import FastPlayout, Plan
from .knowledge import SEATS, Knowledge, trump_of
from .policy import Cards, card_cost
from .task import Task

MAX_CANDIDATES = 8

BELIEFS = False
"""Whether ``make_task`` weights the samples by what the plays say (``beliefs``) unless told:
off for hard until paired runs show it gains (issue 41); the expert turns it on in the games of
``ai.EXPERT_BELIEFS`` (none today), ``expert-believing`` in every game."""

_BELIEVING: ContextVar[bool | None] = ContextVar("believing", default=None)


@contextmanager
def believing(on: bool | None) -> Iterator[None]:
    """Within: every task made (``make_task``, the SD trump's) has ``beliefs`` ``on`` unless
    told (None: ``BELIEFS``) — a player's decision, whichever search it takes."""
    token = _BELIEVING.set(on)
    try:
        yield
    finally:
        _BELIEVING.reset(token)


def beliefs_wanted(told: bool | None = None) -> bool:
    if told is not None:
        return told
    now = _BELIEVING.get()
    return BELIEFS if now is None else now


@lru_cache(maxsize=64)
def rules_for(game: Game, level: int, suit: Suit, options: Options) -> TrickRules:
    trump = trump_of(game, level, suit, options)
    assert trump is not None
    return TrickRules(trump)


# ---------------------------------------------------------------------------- sampling


def known_placed(task: Task) -> tuple[dict[Seat, Counter[Card]], dict[Seat, int], list[Card]]:
    """The seat's hand and the cards known to be in the other hands, placed; the room left in
    those hands and the cards left to place."""
    hands: dict[Seat, Counter[Card]] = {s: Counter() for s in SEATS}
    hands[task.seat] = Counter(task.hand)
    room = {s: n for s, n in task.counts if s != task.seat}
    pool = list(task.pool)
    for seat, cards in task.known:
        for c in cards:
            if room.get(seat, 0) > 0 and c in pool:
                pool.remove(c)
                hands[seat][c] += 1
                room[seat] -= 1
    return hands, room, pool


def sample(task: Task, rng: random.Random) -> tuple[dict[Seat, Counter[Card]], list[Card]]:
    """Deal the pool to the other seats (and the kitty) respecting counts, voids and known
    cards; a card no seat can take under the voids goes wherever there is room."""
    rules = rules_for(task.game, task.level, task.suit, task.options)
    classes = rules.trump.classes
    hands, room, pool = known_placed(task)
    kitty_room = 0 if task.kitty is not None else task.kitty_size
    voids = dict(task.voids)
    kitty: list[Card] = list(task.kitty) if task.kitty is not None else []
    for seat, cards in task.held_or_buried:
        # In the seat's hand or the kitty: a trump in the hand (nobody buries trumps it could
        # keep), a side card as their room gives; the seat's voids permitting.
        for c in cards:
            if c not in pool:
                continue
            held = room.get(seat, 0) if classes[c] not in voids.get(seat, frozenset()) else 0
            buried = 0 if held and classes[c] == TRUMP else kitty_room
            if held + buried == 0:
                continue  # left to the pool: nowhere it could be has room
            pool.remove(c)
            if rng.random() * (held + buried) < held:
                hands[seat][c] += 1
                room[seat] -= 1
            else:
                kitty.append(c)
                kitty_room -= 1
    rng.shuffle(pool)

    def eligible(card: Card) -> list[Seat]:
        cls = classes[card]
        return [s for s, n in room.items() if n > 0 and cls not in voids.get(s, frozenset())]

    # Place the most constrained cards first.
    pool.sort(key=lambda c: len(eligible(c)))
    for card in pool:
        seats = eligible(card)
        weights = [room[s] for s in seats]
        total = sum(weights) + kitty_room
        if total == 0:
            seats = [s for s, n in room.items() if n > 0]
            if not seats:
                kitty.append(card)
                continue
            weights = [room[s] for s in seats]
            total = sum(weights) + kitty_room
        x = rng.random() * total
        if x >= sum(weights):
            kitty.append(card)
            kitty_room -= 1
            continue
        for s, w in zip(seats, weights, strict=True):
            if x < w:
                hands[s][card] += 1
                room[s] -= 1
                break
            x -= w
    return hands, kitty


TRUMP_TRIES = 20
"""SD defenders: samples drawn at most for one where the dealer would have chosen the trump it
chose (``dealer_chose``), then the last one is taken."""


@lru_cache(maxsize=8)
def _sd_card_values(options: Options) -> dict[Suit, dict[Card, float]]:
    """Per trump suit, each card's worth by the rule of thumb (``phases.strength_value``)."""
    from ..rules.cards import new_deck
    from .phases import strength_value

    deck = set(new_deck(1))
    return {
        s: {c: strength_value(rules_for(Game.SD, 2, s, options).trump, Counter([c])) for c in deck}
        for s in Suit
    }


def sd_best_suit(cards: Counter[Card], options: Options) -> Suit:
    """SD-KITTY-3: the suit that makes 18 cards strongest by the rule of thumb (the normal
    player's choice, ``phases.strength_value``)."""
    values = _sd_card_values(options)

    def value(s: Suit) -> tuple[float, int]:
        worth = values[s]
        return (sum(worth[c] * n for c, n in cards.items()), -int(s))

    return max(Suit, key=value)


def dealer_chose(task: Task, hands: dict[Seat, Counter[Card]], kitty: list[Card]) -> bool:
    """Whether, in a sample, the SD dealer's 18 cards (its hand, what it played, the kitty it
    buried) make the trump it chose its best suit (SD-KITTY-3): a dealer names its long strong
    suit, so the sample should give it one."""
    held = Counter(hands[task.dealer])
    held.update(dict(task.context).get("dealer_played", ()))
    held.update(kitty)
    return sd_best_suit(held, task.options) == task.suit


def sd_defender_sample(task: Task, rng: random.Random) -> Deal:
    """A sample (``sample``) where the dealer would have chosen the trump it chose, within
    ``TRUMP_TRIES`` draws (then the last one)."""
    deal = sample(task, rng)
    for _ in range(TRUMP_TRIES - 1):
        if dealer_chose(task, *deal):
            break
        deal = sample(task, rng)
    return deal


def run_task(task: Task) -> list[list[float]]:
    """One worker's share of a trick-play decision (or of one slice of it): per sample, the
    utility of every candidate play (see ``run_samples``)."""
    plan = Plan(task, rules_for(task.game, task.level, task.suit, task.options))

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        scores: list[float] = []
        for cand in task.candidates:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            held = {s: {c: m for c, m in h.items() if m > 0} for s, h in hands.items()}
            scores.append(FastPlayout(task, held, list(kitty), plan).run(cand))
        return scores

    infer = task.game is Game.SD and task.seat != task.dealer and task.kitty is None
    return run_samples(task, score, sd_defender_sample if infer else None)


Scorer = Callable[[dict[Seat, Counter[Card]], list[Card], float | None], list[float] | None]
"""One sample's utility per candidate, from the sampled hands and kitty; None when it passed
the deadline (given unless the sample must be finished) before every candidate was scored."""


Deal = tuple[dict[Seat, Counter[Card]], list[Card]]


def run_samples(
    task: Task, score: Scorer, draw: Callable[[Task, random.Random], Deal] | None = None
) -> list[list[float]]:
    """Per sample of ``task`` (``sample``, or ``draw``), the utility of every candidate
    (``score``); under ``task.beliefs`` followed by the sample's weight by what the other seats
    did (``beliefs.weight``), which ``_gather`` turns into a resampling (``beliefs.reweigh``).

    A sample counts only when every candidate was played out on it (common random deals make
    the comparison fair); one cut short by the deadline is dropped, but the first slice always
    brings one sample. When the first samples show no difference at all between the candidates
    (a forced ending), the worker stops early.
    """
    rng = random.Random(task.seed)
    drawer = draw or sample
    rules = rules_for(task.game, task.level, task.suit, task.options) if task.beliefs else None
    rows: list[list[float]] = []
    n = 0
    undecided = 0  # samples in a row where every candidate scored the same
    start = time.monotonic()
    deadline = start + task.budget
    soft = start + (task.soft if task.soft is not None else task.budget)
    timed = task.samples is None
    while task.samples is None or n < task.samples:
        keep = task.first and n == 0  # the one sample that is always finished
        if timed and not keep and time.monotonic() >= min(soft, deadline):
            break
        hands, kitty = drawer(task, rng)
        # weighed before the scorer, which may take cards out of the hands it is given
        weight = belief.weight(task, rules, hands) if rules is not None else None
        scores = score(hands, kitty, deadline if timed and not keep else None)
        if scores is None:
            break
        if weight is not None:
            scores = [*scores, weight]
        rows.append(scores)
        n += 1
        utilities = scores[:-1] if rules is not None else scores
        undecided = undecided + 1 if max(utilities) - min(utilities) < 1e-9 else 0
        if timed and undecided >= 6 and undecided == n:
            break
    return rows


# ---------------------------------------------------------------------------- worker pool

_POOL: ProcessPoolExecutor | None = None


MAX_WORKERS = 16
"""The pool's size at most: every core of the machine up to this."""


def workers() -> int:
    return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


FIXED_TASKS = 2
"""Tasks a search with a fixed number of samples is split into (see ``search``)."""


def pool() -> ProcessPoolExecutor:
    """Worker processes, started once ("spawn": safe beside Qt threads and in frozen apps,
    where the entry point calls multiprocessing.freeze_support())."""
    global _POOL
    if _POOL is None:
        ctx = multiprocessing.get_context("spawn")
        _POOL = ProcessPoolExecutor(max_workers=workers(), mp_context=ctx)
        atexit.register(shutdown)
    return _POOL


def shutdown() -> None:
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
        _POOL = None


# ---------------------------------------------------------------------------- the decision


def prune(k: Knowledge, plays: list[Cards], preferred: Cards) -> list[Cards]:
    """At most MAX_CANDIDATES plays: the normal choice first, then per (class, shape) the
    cheapest and the strongest play, then the rest by cost."""
    if len(plays) <= MAX_CANDIDATES:
        return [preferred, *[p for p in plays if p != preferred]]
    assert k.rules is not None
    rules = k.rules
    classes, strengths = rules.trump.classes, rules.trump.strengths
    groups: dict[tuple[int, int], list[Cards]] = {}
    for p in plays:
        groups.setdefault((classes[p[0]], len(p)), []).append(p)
    chosen: list[Cards] = [preferred]
    for group in groups.values():
        lo = min(group, key=lambda p: (sum(card_cost(rules, c) for c in p), p))
        hi = max(group, key=lambda p: (max(strengths[c] for c in p), p))
        for p in (lo, hi):
            if p not in chosen:
                chosen.append(p)
    rest = sorted((p for p in plays if p not in chosen), key=lambda p: (card_points(p), p))
    chosen += rest
    return chosen[:MAX_CANDIDATES]


def make_task(
    k: Knowledge,
    candidates: list[Cards],
    seed: int,
    budget: float,
    samples: int | None,
    beliefs: bool | None = None,
) -> Task:
    """The seat's knowledge as a task; ``beliefs`` defaults to ``beliefs_wanted``."""
    assert k.trump is not None and k.trump.suit is not None and k.dealer is not None
    pool_cards = k.unseen()
    kitty = tuple(k.kitty) if k.kitty is not None else None
    context: dict[str, Any] = {}
    believes = beliefs_wanted(beliefs)
    levels = k.view.levels
    if k.game is Game.DL:
        context["levels"] = {t.name: int(levels.get(t, Rank.THREE)) for t in Team}
        # DL-KITTY-3: in a 干锅 hand the jokers lying in the kitty give no levels and no blood
        context["dry_pot"] = k.view.dry_pot
        paid = k.view.tribute
        if paid is not None and paid.cards and paid.receiver == k.seat:
            # DL-TRIB-4, seen by the receiver: what the payer gave and got back (``beliefs``)
            context["tribute"] = (paid.payer, paid.cards, paid.returned or (), paid.blood)
    elif k.game is Game.TR:
        context["levels"] = tuple((t, levels.get(t, Rank.TWO)) for t in (Seat.S.team, Seat.E.team))
    else:
        context["bid"] = k.view.bid or 60
        plays = [p for t in [*k.tricks, k.trick] for p in t]
        context["dealer_played"] = tuple(c for s, cs in plays if s == k.dealer for c in cs)
    return Task(
        game=k.game,
        options=k.options,
        level=int(k.trump.level),
        suit=k.trump.suit,
        seat=k.seat,
        dealer=k.dealer,
        hand=tuple(k.hand.elements()),
        pool=tuple(pool_cards.elements()),
        counts=tuple((s, n) for s, n in k.counts.items()),
        kitty=kitty,
        kitty_size=k.kitty_size,
        voids=tuple((s, frozenset(v)) for s, v in k.voids.items()),
        known=tuple((s, tuple(c.elements())) for s, c in k.known.items() if c),
        trick=tuple(k.trick),
        won_points=tuple(k.won_points.items()),
        candidates=tuple(candidates),
        context=tuple(context.items()),
        seed=seed,
        budget=budget,
        samples=samples,
        held_or_buried=tuple((s, tuple(c.elements())) for s, c in k.held_or_buried.items() if c),
        tricks=tuple(tuple(t) for t in k.tricks),
        beliefs=believes,
        bids=tuple(k.view.bids) if k.game is Game.SD else (),
        window=belief.window_of(k) if believes else None,
    )


def untrumped_task(k: Knowledge, dealer: Seat, context: tuple[tuple[str, Any], ...]) -> Task:
    """A task before the trump is fixed (a declaring window): every seat's cards but this one's
    and the kitty are unseen, no voids are known, so the sample needs no trump (any suit
    serves)."""
    return Task(
        game=k.game,
        options=k.options,
        level=int(k.view.level),
        suit=Suit.SPADES,
        seat=k.seat,
        dealer=dealer,
        hand=tuple(k.hand.elements()),
        pool=tuple(k.unseen().elements()),
        counts=tuple((s, k.counts[s]) for s in SEATS),
        kitty=None,
        kitty_size=k.kitty_size,
        voids=(),
        known=tuple((s, tuple(c.elements())) for s, c in k.known.items() if c),
        trick=(),
        won_points=tuple((s, 0) for s in SEATS),
        candidates=(),
        context=context,
        seed=0,
        budget=0.0,
        samples=None,
    )


CONFIDENCE = 1.0
"""How many standard errors a candidate must beat the normal choice by before hard deviates
from it: with few samples of a noisy game, noise alone must not change the play."""


def choose(rows: list[list[float]], confidence: float = CONFIDENCE, margin: float = 0.0) -> int:
    """Index of the candidate to play, from per-sample utilities (candidate 0 is the normal
    player's choice): the best mean among those whose paired gain over candidate 0 is above
    ``confidence`` standard errors and ``margin``; candidate 0 when none is."""
    n = len(rows)
    if n < 2:
        return 0
    best, best_mean = 0, 0.0
    for i in range(1, len(rows[0])):
        mean, se = _paired(rows, i, 0)
        if mean > confidence * se and mean > margin and mean > best_mean + 1e-12:
            best, best_mean = i, mean
    return best


SLICE = 0.2
"""Seconds between looks at the results of a timed search: when they settle the choice
(``settled``), the search stops before its budget is spent."""

SETTLED_Z = 3.0
SETTLED_MIN = 24
EQUAL = 0.02
"""``settled``: standard errors, samples, and the gap in utility (2 points of a hand) below which
two candidates count as equally good."""


def _paired(rows: list[list[float]], i: int, j: int) -> tuple[float, float]:
    """Mean and standard error of candidate i's gain over candidate j, sample by sample."""
    n = len(rows)
    diffs = [row[i] - row[j] for row in rows]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def settled(rows: list[list[float]]) -> bool:
    """Whether more samples would hardly change the choice: every candidate is clearly worse
    than the chosen one (by ``SETTLED_Z`` standard errors) or as good within ``EQUAL`` at that
    confidence; or no sample tells the candidates apart at all (a forced ending)."""
    n = len(rows)
    if n >= 6 and all(max(r) - min(r) < 1e-9 for r in rows):
        return True
    if n < SETTLED_MIN:
        return False
    best = choose(rows)
    for i in range(len(rows[0])):
        if i == best:
            continue
        mean, se = _paired(rows, best, i)
        if mean - SETTLED_Z * se <= 0 and abs(mean) + SETTLED_Z * se >= EQUAL:
            return False
    return True


def search(
    k: Knowledge,
    plays: list[Cards],
    preferred: Cards,
    rng: random.Random,
    budget: float,
    samples: int | None,
    beliefs: bool | None = None,
) -> tuple[Cards, dict[str, Any]]:
    """The best play by sampled playouts, and figures about the search.

    With a fixed number of samples, one round of tasks (reproducible). With a time budget, slices
    of ``SLICE`` seconds until the budget is spent or the results have ``settled``."""
    candidates = prune(k, plays, preferred)
    start = time.monotonic()
    rows = gather(make_task(k, candidates, 0, budget, None, beliefs), rng, budget, samples)
    best = choose(rows)
    info: dict[str, Any] = {
        "samples": len(rows),
        "candidates": len(candidates),
        "seconds": round(time.monotonic() - start, 4),
        "chosen": best,  # 0: the normal player's choice kept
    }
    info["rows"] = (candidates, rows)  # each sample's result per candidate (ai/advice)
    return candidates[best], info


def gather(
    base: Task,
    rng: random.Random,
    budget: float,
    samples: int | None,
    worker: Callable[[Task], list[list[float]]] = run_task,
) -> list[list[float]]:
    """Per sample, the utility of each of ``base``'s candidates, from ``worker`` (a module-level
    function: it runs in the worker processes) on copies of ``base`` with their own seeds.

    With a fixed number of samples, one round of tasks (reproducible). With a time budget, slices
    of ``SLICE`` seconds until the budget is spent or the results have ``settled``."""
    n_workers = workers()
    start = time.monotonic()
    # Leave room for sending the task and collecting results (budget + 10% at most).
    work = max(0.0, budget * 0.85 - 0.03)
    rows: list[list[float]] = []
    if samples is not None:
        # A fixed number of tasks, whatever the number of cores: the same seed gives the same
        # samples, so the same game, on every machine.
        per_task = max(1, -(-samples // FIXED_TASKS))
        tasks = [
            replace(base, seed=rng.randrange(2**63), budget=work, samples=per_task)
            for _ in range(FIXED_TASKS)
        ]
        return _gather(tasks, worker)
    first = True
    while True:
        left = work - (time.monotonic() - start)
        if not first and (left <= 0.01 or settled(rows)):
            break
        tasks = [
            replace(
                base,
                seed=rng.randrange(2**63),
                budget=max(left, 0.0),
                samples=None,
                soft=min(SLICE, left),
                first=first,
            )
            for _ in range(n_workers)
        ]
        rows += _gather(tasks, worker)
        first = False
    return rows


def _gather(tasks: list[Task], worker: Callable[[Task], list[list[float]]]) -> list[list[float]]:
    """The workers' rows of ``tasks``; under beliefs, each row's weight (its last value) turned
    into a resampling of the rows (``beliefs.reweigh``, seeded by the tasks: reproducible)."""
    try:
        rows = _run(tasks, worker)
    except BrokenProcessPool:
        # A worker process died (killed, out of memory): the pool takes no more work, so every
        # later decision would fail. Start the workers again, once, and do the work again.
        shutdown()
        rows = _run(tasks, worker)
    if tasks and tasks[0].beliefs:
        rows = belief.reweigh(rows, random.Random(tasks[0].seed))
    return rows


def _run(tasks: list[Task], worker: Callable[[Task], list[list[float]]]) -> list[list[float]]:
    futures: list[Future[list[list[float]]]] = [pool().submit(worker, t) for t in tasks]
    return [row for f in futures for row in f.result()]
