"""The hard player: determinized Monte Carlo search over the plays of the 出牌 phase.

For each decision: sample the hidden hands (and a hidden kitty) consistently with what the
seat has seen — the unseen cards, the hand sizes, the voids shown by play, the cards known from
declarations — then, for every candidate play, play the rest of the hand out with the normal
policy on that sample and score the end of the hand with the game's own settlement (levels for
DL and TR, coins for SD, from the seat's side). The candidate with the best mean wins.

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
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..engine.view import side_of
from ..rules import dl_settle, sd, tr
from ..rules.cards import Card, Rank, Seat, Suit, Team, card_points, seat_order
from ..rules.dl import TeamLevels
from ..rules.errors import RuleError
from ..rules.options import Game, Options
from ..rules.ranking import TRUMP
from ..rules.trick import Shape, TrickFormat, TrickRules
from .knowledge import SEATS, Knowledge, trump_of
from .policy import (
    Cards,
    HandThreats,
    Situation,
    card_cost,
    choose_follow,
    choose_lead,
    costs,
)

MAX_CANDIDATES = 8


@dataclass(frozen=True)
class Task:
    """Everything a worker needs for one decision (picklable, no views, no hidden truth)."""

    game: Game
    options: Options
    level: int
    suit: Suit
    seat: Seat
    dealer: Seat
    hand: tuple[Card, ...]
    pool: tuple[Card, ...]  # cards to place: other hands (+ the kitty when unknown)
    counts: tuple[tuple[Seat, int], ...]
    kitty: tuple[Card, ...] | None
    kitty_size: int
    voids: tuple[tuple[Seat, frozenset[int]], ...]
    known: tuple[tuple[Seat, tuple[Card, ...]], ...]
    trick: tuple[tuple[Seat, Cards], ...]
    won_points: tuple[tuple[Seat, int], ...]
    candidates: tuple[Cards, ...]
    context: tuple[tuple[str, Any], ...]  # per game: levels, bid, dry pot
    seed: int
    budget: float  # seconds: no sample is finished after this (one at least, when `first`)
    samples: int | None
    soft: float | None = None  # seconds: no sample is started after this
    first: bool = True  # the first slice of a decision: it brings one sample at least


@lru_cache(maxsize=64)
def rules_for(game: Game, level: int, suit: Suit, options: Options) -> TrickRules:
    trump = trump_of(game, level, suit, options)
    assert trump is not None
    return TrickRules(trump)


# ---------------------------------------------------------------------------- sampling


def sample(task: Task, rng: random.Random) -> tuple[dict[Seat, Counter[Card]], list[Card]]:
    """Deal the pool to the other seats (and the kitty) respecting counts, voids and known
    cards; a card no seat can take under the voids goes wherever there is room."""
    rules = rules_for(task.game, task.level, task.suit, task.options)
    classes = rules.trump.classes
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
    kitty_room = 0 if task.kitty is not None else task.kitty_size
    voids = dict(task.voids)
    rng.shuffle(pool)

    def eligible(card: Card) -> list[Seat]:
        cls = classes[card]
        return [s for s, n in room.items() if n > 0 and cls not in voids.get(s, frozenset())]

    # Place the most constrained cards first.
    pool.sort(key=lambda c: len(eligible(c)))
    kitty: list[Card] = list(task.kitty) if task.kitty is not None else []
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


# ---------------------------------------------------------------------------- playouts


class Playout:
    """The rest of a hand played out by the normal policy with the sampled hands known."""

    def __init__(
        self, task: Task, hands: dict[Seat, Counter[Card]], kitty: list[Card], rules: TrickRules
    ) -> None:
        self.task = task
        self.rules = rules
        self.hands = hands
        self.kitty = kitty
        self.direction = task.options.play_direction
        self.trick: list[tuple[Seat, Cards]] = list(task.trick)
        self.won = dict(task.won_points)
        self.last: tuple[Seat, Cards] | None = None
        self.threats = HandThreats(rules, hands)
        self.dealer = task.dealer

    def friends(self, seat: Seat) -> frozenset[Seat]:
        return side_of(self.task.game, seat, self.dealer)

    def run(self, first: Cards) -> float:
        seat = self.task.seat
        self.play(seat, first)
        rules = self.rules
        while True:
            if len(self.trick) == 4:
                seat = self.finish_trick()
                if sum(self.hands[seat].values()) == 0:
                    return self.utility()
            else:
                seat = seat_order(self.trick[-1][0], self.direction)[1]
            hand = self.hands[seat]
            order = seat_order(self.trick[0][0] if self.trick else seat, self.direction)
            sit = Situation(
                rules, seat, hand, self.trick, self.friends(seat), order, self.threats, 0
            )
            sit.cards_left = sum(hand.values())
            if not self.trick:
                leads = playout_leads(rules, hand)
                cards = choose_lead(sit, leads, None, self.friends(seat) == self.dealer_side())
            else:
                fmt = rules.lead_format(self.trick[0][1])
                cards = choose_follow(sit, fmt, True, playout_follows(rules, hand, fmt))
            self.play(seat, cards)

    def dealer_side(self) -> frozenset[Seat]:
        return self.friends(self.dealer)

    def play(self, seat: Seat, cards: Cards) -> None:
        self.hands[seat].subtract(cards)
        self.trick.append((seat, cards))

    def finish_trick(self) -> Seat:
        rules = self.rules
        fmt = rules.lead_format(self.trick[0][1])
        plays = [c for _, c in self.trick]
        winner, cards = self.trick[rules.winner(fmt, plays)]
        self.won[winner] = self.won.get(winner, 0) + sum(card_points(p) for p in plays)
        self.last = (winner, cards)
        self.trick = []
        return winner

    # ------------------------------------------------------------------ scoring

    def utility(self) -> float:
        """The end of the hand from the searching seat's side (bigger is better for it)."""
        task = self.task
        ctx = dict(task.context)
        assert self.last is not None
        last_seat, last_cards = self.last
        me = task.seat
        dealer = self.dealer
        if task.game is Game.SD:
            defenders = sum(p for s, p in self.won.items() if s != dealer)
            dug = last_seat != dealer
            outcome = sd.hand_outcome(ctx["bid"], defenders, dug)
            factor = outcome.defender_factor
            mine = -3 * factor if me == dealer else factor
            return mine + 0.01 * (defenders if me != dealer else -defenders)
        attackers = sum(p for s, p in self.won.items() if s.team is not dealer.team)
        mine_attack = me.team is not dealer.team
        kitty = tuple(self.kitty)
        if task.game is Game.DL:
            levels = TeamLevels(ctx["levels"]["NS"], ctx["levels"]["EW"])
            try:
                st = dl_settle.settle(
                    dl_settle.DLHandOutcome(
                        dealer,
                        levels,
                        min(attackers, Game.DL.total_points),
                        last_seat.team,
                        kitty,
                        ctx.get("dry_pot", False),
                        task.options,
                    )
                )
            except (ValueError, RuleError):
                return 0.0
            new = st.levels
            gain = {"NS": new.ns - levels.ns, "EW": new.ew - levels.ew}
            my_team, other = me.team.name, me.team.other.name
            value = float(gain[my_team] - gain[other])
            if st.match_winner is not None:
                value += 5.0 if st.match_winner is me.team else -5.0
            value += 0.3 if (st.takeover == mine_attack) else -0.3  # who deals next
            return value + 0.01 * (st.score if mine_attack else -st.score)
        levels_tr = {t: r for t, r in ctx["levels"]}
        try:
            st_tr = tr.settle(
                tr.TRHandResult(
                    dealer,
                    levels_tr,
                    task.suit,
                    attackers,
                    last_seat.team,
                    tuple(last_cards),
                    kitty,
                ),
                task.options,
            )
        except (ValueError, RuleError):
            return 0.0
        idx = {t: tr.level_index(r, task.options) for t, r in levels_tr.items()}
        new_idx = {t: tr.level_index(r, task.options) for t, r in st_tr.levels.items()}
        gain_tr = {t: new_idx[t] - idx[t] for t in idx}
        value = float(gain_tr[me.team] - gain_tr[me.team.other])
        value += 0.02 * st_tr.coins[me]
        return value + 0.01 * (st_tr.points if mine_attack else -st_tr.points)


def playout_leads(rules: TrickRules, hand: Counter[Card]) -> list[Cards]:
    """The leads worth trying in a playout: per suit class and size, the cheapest and the
    strongest (what the normal policy picks from), not every distinct card."""
    classes, strengths = rules.trump.classes, rules.trump.strengths
    best: dict[tuple[int, int], tuple[Cards, Cards]] = {}
    for lead in rules.legal_leads(hand):
        key = (classes[lead[0]], len(lead))
        if key not in best:
            best[key] = (lead, lead)
            continue
        lo, hi = best[key]
        if card_cost(rules, lead[0]) < card_cost(rules, lo[0]):
            lo = lead
        if strengths[lead[-1]] > strengths[hi[-1]]:
            hi = lead
        best[key] = (lo, hi)
    return sorted({p for pair in best.values() for p in pair})


def playout_follows(rules: TrickRules, hand: Counter[Card], fmt: TrickFormat) -> list[Cards]:
    """The follows worth trying in a playout. With enough cards of the led class these are
    all legal follows of that class; short of it, every class card plus a few fillers (the
    cheapest, the richest in points) and, when void, the ruffs: not the thousands of legal
    combinations of a void three-deck hand."""
    classes = rules.trump.classes
    cls, n = fmt.suit_class, fmt.size
    own = {c: m for c, m in hand.items() if m > 0 and classes[c] == cls}
    have = sum(own.values())
    if have >= n:
        if fmt.shape is Shape.PAIR or fmt.shape is Shape.TRIPLE:
            quick = _class_follows(rules, own, fmt)
            if quick:
                return quick
        return list(rules.legal_follows(own, fmt))
    base = [c for c, m in own.items() for _ in range(m)]
    rest = sorted(
        (c for c, m in hand.items() if m > 0 and classes[c] != cls for _ in range(m)),
        key=lambda c: (card_cost(rules, c), c),
    )
    need = n - have
    options = {tuple(sorted(base + rest[:need]))}
    rich = sorted(rest, key=lambda c: (-card_points((c,)), card_cost(rules, c), c))
    options.add(tuple(sorted(base + rich[:need])))
    if have == 0 and cls != TRUMP:
        trumps = {c: m for c, m in hand.items() if m > 0 and classes[c] == TRUMP}
        if fmt.shape in (Shape.SINGLE, Shape.PAIR, Shape.TRIPLE):
            options.update((c,) * n for c, m in trumps.items() if m >= n)
        elif sum(trumps.values()) >= n:
            for play in rules.legal_follows(trumps, fmt):
                if rules.play_key(fmt, play) is not None:
                    options.add(play)
    return sorted(options)


def _class_follows(rules: TrickRules, own: dict[Card, int], fmt: TrickFormat) -> list[Cards]:
    """A few follows to a pair or triple from the led class, those the rules accept: the
    strongest and weakest identical sets, the cheapest cards, the richest in points."""
    n = fmt.size
    table = costs(rules)
    cards = sorted((c for c, m in own.items() for _ in range(m)), key=lambda c: (table[c], c))
    same = sorted((c for c, m in own.items() if m >= n), key=lambda c: table[c])
    options = {tuple(cards[:n])}
    rich = sorted(cards, key=lambda c: (-card_points((c,)), table[c], c))
    options.add(tuple(sorted(rich[:n])))
    if same:
        options.add((same[0],) * n)
        options.add((same[-1],) * n)
    out = []
    for play in sorted(tuple(sorted(p)) for p in options):
        try:
            rules.check_follow(own, fmt, play)
        except RuleError:
            continue
        out.append(play)
    return out


def run_task(task: Task) -> list[list[float]]:
    """One worker's share of a decision (or of one slice of it): per sample, the utility of
    every candidate.

    A sample counts only when every candidate was played out on it (common random deals make
    the comparison fair); one cut short by the deadline is dropped, but the first slice always
    brings one sample. When the first samples show no difference at all between the candidates
    (a forced ending), the worker stops early.
    """
    rules = rules_for(task.game, task.level, task.suit, task.options)
    rng = random.Random(task.seed)
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
        hands, kitty = sample(task, rng)
        scores: list[float] = []
        for cand in task.candidates:
            if timed and not keep and time.monotonic() >= deadline:
                break
            copy = {s: Counter(h) for s, h in hands.items()}
            scores.append(Playout(task, copy, list(kitty), rules).run(cand))
        if len(scores) < len(task.candidates):
            break
        rows.append(scores)
        n += 1
        undecided = undecided + 1 if max(scores) - min(scores) < 1e-9 else 0
        if timed and undecided >= 6 and undecided == n:
            break
    return rows


# ---------------------------------------------------------------------------- worker pool

_POOL: ProcessPoolExecutor | None = None


def workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


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
    k: Knowledge, candidates: list[Cards], seed: int, budget: float, samples: int | None
) -> Task:
    assert k.trump is not None and k.trump.suit is not None and k.dealer is not None
    pool_cards = k.unseen()
    kitty = tuple(k.kitty) if k.kitty is not None else None
    context: dict[str, Any] = {}
    levels = k.view.levels
    if k.game is Game.DL:
        context["levels"] = {t.name: int(levels.get(t, Rank.THREE)) for t in Team}
    elif k.game is Game.TR:
        context["levels"] = tuple((t, levels.get(t, Rank.TWO)) for t in (Seat.S.team, Seat.E.team))
    else:
        context["bid"] = k.view.bid or 60
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
    )


CONFIDENCE = 1.0
"""How many standard errors a candidate must beat the normal choice by before hard deviates
from it: with few samples of a noisy game, noise alone must not change the play."""


def choose(rows: list[list[float]]) -> int:
    """Index of the candidate to play, from per-sample utilities (candidate 0 is the normal
    player's choice): the best mean among those whose paired gain over candidate 0 is above
    ``CONFIDENCE`` standard errors; candidate 0 when none is."""
    n = len(rows)
    if n < 2:
        return 0
    best, best_mean = 0, 0.0
    for i in range(1, len(rows[0])):
        mean, se = _paired(rows, i, 0)
        if mean > CONFIDENCE * se and mean > best_mean + 1e-12:
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
) -> tuple[Cards, dict[str, Any]]:
    """The best play by sampled playouts, and figures about the search.

    With a fixed number of samples, one round of tasks (reproducible). With a time budget, slices
    of ``SLICE`` seconds until the budget is spent or the results have ``settled``."""
    candidates = prune(k, plays, preferred)
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
            make_task(k, candidates, rng.randrange(2**63), work, per_task)
            for _ in range(FIXED_TASKS)
        ]
        rows = _gather(tasks)
    else:
        first = True
        while True:
            left = work - (time.monotonic() - start)
            if not first and (left <= 0.01 or settled(rows)):
                break
            base = make_task(k, candidates, 0, max(left, 0.0), None)
            tasks = [
                replace(base, seed=rng.randrange(2**63), soft=min(SLICE, left), first=first)
                for _ in range(n_workers)
            ]
            rows += _gather(tasks)
            first = False
    best = choose(rows)
    info: dict[str, Any] = {
        "samples": len(rows),
        "candidates": len(candidates),
        "seconds": round(time.monotonic() - start, 4),
    }
    info["rows"] = (candidates, rows)  # each sample's result per candidate (ai/advice)
    return candidates[best], info


def _gather(tasks: list[Task]) -> list[list[float]]:
    futures: list[Future[list[list[float]]]] = [pool().submit(run_task, t) for t in tasks]
    return [row for f in futures for row in f.result()]
