"""The hard player's searches outside trick play (issue 22): burying the kitty (TR 扣底, DL, SD),
SD's bid and trump choice.

Each decision is searched like a trick-play decision (``search``): the hidden hands are sampled
from what the seat knows (``search.sample`` on a ``Task`` built from its ``Knowledge`` only),
every candidate is played out on the same samples by the fast playout policy and scored with the
game's own settlement, in the worker processes (``search.gather``), anytime within a budget or
over a fixed number of samples; ``search.choose`` keeps the normal player's choice (candidate 0)
unless another candidate is clearly better.

- **Burial**: a handful of sensible burials (normal's, and variants: a short suit voided, pairs
  kept whole, long suits kept; SD: points kept; DL: normal's big joker kept) played out from the
  first lead of the hand (GEN-TRICK-1: the dealer leads) with that kitty; the dealer knows the
  kitty it buries, so the sample places only the other hands. No variant puts more value in a
  TR or DL kitty than normal's (points, jokers): the playouts keep a sure top trump for the last
  trick (``playout.keep_top``, as a real seat's ``normal.dig_hoard``) but play it less well than
  the real seats, and a richer kitty was not measured.
- **SD bid**: each legal bid and the pass. The samples are drawn to explain the bids made so
  far by a model of the normal player's bid (``OTHERS_BID``: the old rule of thumb
  ``NORMAL_LIMITS``, or the fitted model normal now bids by; ``bidders_sample``), and the rest
  of the auction is played by that model on the sampled hands: the dealer
  takes the sampled kitty, chooses trump and buries by rules of thumb (``quick_trump``,
  ``burial_order``) and the hand is played out; the seat's coins follow from SD-SCORE-2 and
  SD-COIN-1/2 at the auction's final bid, a hand the seat deals itself counted ``DEALER_EDGE``
  room bases better (hard plays it better than the playouts do). Passing is worth what the
  others' auction gives: a defender's coins against whoever deals, or, when all four pass, the
  流局 settled on the sampled hands by SD-DRAW (``sd.settle_draw``: the most 常主 pays 3). One
  playout per possible dealer serves every bid, since the bid changes only the settlement.
- **SD trump** (after taking the kitty, which is then known): each of the four suits, buried by
  the rule of thumb and played out.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..engine.actions import Act, Action, ChooseCards, Move
from ..rules import sd
from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat, Suit, card_points
from ..rules.errors import RuleError
from ..rules.options import Game
from ..rules.ranking import TRUMP, Trump
from .fastplay import FastPlayout, Plan
from .knowledge import SEATS, Knowledge, trump_of
from .phases import strength_value
from .sd_bidding import normal_bid
from .search import (
    Deal,
    beliefs_wanted,
    choose,
    gather,
    make_task,
    rules_for,
    run_samples,
    sample,
)
from .task import Task

MAX_BURIALS = 8

BURIAL_BUDGET = 3.0
"""The burial may think for up to this many times the per-decision budget (issue 22)."""

BURIAL_CONFIDENCE = 2.0
BURIAL_MARGIN = {Game.TR: 0.15, Game.DL: 0.15, Game.SD: 0.3}
"""A burial other than normal's must beat it by this many standard errors and this much (levels,
SD coins): the playouts judge a kitty with a policy that plays the hand less well than the real
seats (short arena runs lost strength when every small estimated gain was taken)."""


# ---------------------------------------------------------------------------- burial candidates


def burial_order(
    hand: Counter[Card],
    trump: Trump,
    *,
    points: float,
    length: float = 1.5,
    sets: float = 0.0,
    void: int | None = None,
) -> list[Card]:
    """The hand's cards cheapest to bury first: low side cards from short suits, never jokers
    (the normal player's order, ``phases.give_away``, with ``points`` = 6 to keep points, -4 to
    bury them); ``sets`` makes a card of a pair or triple dearer, ``void`` buries a class first."""
    classes, strengths = trump.classes, trump.strengths
    held: Counter[int] = Counter()
    for c, m in hand.items():
        held[classes[c]] += m

    def cost(c: Card) -> float:
        cls = classes[c]
        if c in (BIG_JOKER, SMALL_JOKER):
            return 1000.0
        value = float(strengths[c])
        value += 60 if cls == TRUMP else length * held[cls]
        value += points * card_points([c])
        if hand[c] >= 2:
            value += sets
        if cls == void:
            value -= 500
        return value

    return sorted(hand.elements(), key=lambda c: (cost(c), c))


def burial_candidates(
    k: Knowledge, choice: ChooseCards, preferred: tuple[Card, ...]
) -> list[tuple[Card, ...]]:
    """Normal's burial first, then variants that the rules accept, at most ``MAX_BURIALS``."""
    assert k.trump is not None
    trump, hand, n = k.trump, k.hand, choice.count
    sd_game = k.game is Game.SD
    keep = -4.0 if sd_game else 6.0  # SD-SCORE-1: kitty points count for nobody
    orders = [
        burial_order(hand, trump, points=keep),
        burial_order(hand, trump, points=keep, sets=12.0),  # pairs and triples kept whole
        burial_order(hand, trump, points=keep, length=5.0),  # short suits out, long kept
    ]
    if sd_game:  # points kept: in TR and DL burying them is a bet on the last trick (below)
        orders.insert(1, burial_order(hand, trump, points=-keep))
    classes = trump.classes
    lengths = Counter(classes[c] for c in hand.elements() if classes[c] != TRUMP)
    for cls, _ in sorted(lengths.items(), key=lambda x: (x[1], x[0])):
        if lengths[cls] <= n:
            orders.append(burial_order(hand, trump, points=keep, void=cls))
    found = [tuple(sorted(preferred))]
    for order in orders:
        found.append(tuple(sorted(order[:n])))
    if k.game is Game.DL and BIG_JOKER in preferred:
        # DL-SETTLE-1/2: a big joker kept in the kitty is worth levels, dug it costs them.
        found.append(_without_big_jokers(hand, preferred, orders[0], n))
    out: list[tuple[Card, ...]] = []
    for cards in found:
        if cards in out or len(cards) != n:
            continue
        try:
            choice.check(cards)
        except RuleError:
            continue
        out.append(cards)
    return out[:MAX_BURIALS]


def _first(order: list[Card], allowed: Counter[Card], n: int) -> list[Card]:
    """The first ``n`` cards of ``order`` that ``allowed`` still holds (counted)."""
    left = Counter(allowed)
    out: list[Card] = []
    for c in order:
        if len(out) == n:
            break
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    return out


def _without_big_jokers(
    hand: Counter[Card], preferred: tuple[Card, ...], order: list[Card], n: int
) -> tuple[Card, ...]:
    """``preferred`` with its big jokers replaced by the cheapest other cards (DL)."""
    plain = [c for c in preferred if c != BIG_JOKER]
    rest = Counter(hand) - Counter(plain)
    rest[BIG_JOKER] = 0
    return tuple(sorted(plain + _first(order, rest, n - len(plain))))


# ---------------------------------------------------------------------------- burial


Plans = dict[tuple[Suit, Seat], tuple[Task, Plan]]
"""A worker's playout plans per (trump suit, dealer), made once per task."""


def plan_for(task: Task, plans: Plans, suit: Suit, dealer: Seat) -> tuple[Task, Plan]:
    """The task of a playout from ``dealer``'s first lead with ``suit`` trump, and its plan."""
    found = plans.get((suit, dealer))
    if found is None:
        played = replace(task, seat=dealer, dealer=dealer, suit=suit)
        rules = rules_for(task.game, task.level, suit, task.options)
        found = plans[suit, dealer] = (played, Plan(played, rules))
    return found


def held_copy(hands: dict[Seat, Counter[Card]]) -> dict[Seat, dict[Card, int]]:
    return {s: {c: m for c, m in h.items() if m > 0} for s, h in hands.items()}


def exchange(hand: dict[Card, int], taken: Sequence[Card], trump: Trump) -> list[Card]:
    """A seat takes ``taken`` (the kitty, a tribute) into ``hand`` and gives back as many of its
    cheapest cards by normal's rule of thumb (``burial_order``, point cards kept): those."""
    for c in taken:
        hand[c] = hand.get(c, 0) + 1
    given = burial_order(Counter(hand), trump, points=6.0)[: len(taken)]
    take_out(hand, given)
    return given


def take_out(hand: dict[Card, int], cards: Sequence[Card]) -> None:
    for c in cards:
        left = hand[c] - 1
        if left:
            hand[c] = left
        else:
            del hand[c]


def play_out(
    task: Task, hands: dict[Seat, dict[Card, int]], kitty: list[Card], plan: Plan
) -> tuple[float, FastPlayout]:
    """The whole hand played out from the first lead (GEN-TRICK-1: the dealer, ``task.seat``,
    leads), its utility for ``task.seat`` and the finished playout."""
    playout = FastPlayout(task, hands, kitty, plan)
    return playout.run(playout.lead(task.seat, hands[task.seat])), playout


def run_burial(task: Task) -> list[list[float]]:
    """Worker: per sample of the other hands, the utility of each candidate burial (the
    dealer's hand is ``task.hand`` before burying; the kitty is what it buries)."""
    plan = Plan(task, rules_for(task.game, task.level, task.suit, task.options))

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        scores: list[float] = []
        for buried in task.candidates:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            held = held_copy(hands)
            take_out(held[task.seat], buried)
            scores.append(play_out(task, held, list(buried), plan)[0])
        return scores

    return run_samples(task, score)


def bury(
    k: Knowledge,
    choice: ChooseCards,
    preferred: tuple[Card, ...],
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[tuple[Card, ...], dict[str, Any]]:
    """The burial with the best mean over sampled playouts (normal's unless clearly beaten)."""
    candidates = burial_candidates(k, choice, preferred)
    if len(candidates) < 2:
        return preferred, {}
    start = time.monotonic()
    base = replace(make_task(k, candidates, 0, budget, None), kitty=(), kitty_size=0)
    rows = gather(base, rng, budget, samples, run_burial)
    best = choose(rows, BURIAL_CONFIDENCE, BURIAL_MARGIN[k.game])
    info = {
        "samples": len(rows),
        "candidates": len(candidates),
        "seconds": round(time.monotonic() - start, 4),
        "rows": (candidates, rows),
    }
    return candidates[best], info


# ---------------------------------------------------------------------------- SD: bid and trump

NORMAL_LIMITS = {60: 7.2, 65: 8.2, 70: 9.2, 75: 10.2}
"""The normal player's bidding rule (``phases.bid``): the hand strength (``strength_value``
with its best suit) a bid needs; it bids the lowest bid it can afford. The other seats of a
sample bid by it."""


def quick_trump(hand: Counter[Card] | dict[Card, int], options: Any) -> Suit:
    """SD-KITTY-3: the suit that makes the hand strongest (the normal player's choice)."""
    held = Counter(hand)

    def value(s: Suit) -> tuple[float, int]:
        t = trump_of(Game.SD, 2, s, options)
        assert t is not None
        return (strength_value(t, held), -int(s))

    return max(Suit, key=value)


OTHERS_BID = "thumb"
"""How the bid search models the other seats' bids: ``"thumb"``, the old rule of thumb
(``NORMAL_LIMITS``), or ``"fitted"``, the normal player's fitted model (``sd_bidding.normal_bid``,
which the normal player bids by and the beliefs judge bids with). Carried to the workers in the
task's context. The rule of thumb is kept: ``scripts/paired_variant.py sd-fitted-bidders --game
SD`` at 24 playouts, the fitted model over it (it mostly passes hands the thumb bids): seed 7,
150 deals, 19 hands changed, −2.3 ± 3.7 coins per changed hand; seed 11, 400 deals, 41, −1.1 ±
3.0; seed 13, 400 deals, 44, −0.8 ± 2.4 — no gain (``DEALER_EDGE`` was tuned with the thumb)."""


def _normal_bid(
    state: sd.BiddingState, hand: dict[Card, int], options: Any, model: str = "thumb"
) -> sd.BidValue:
    """The bid the normal player makes with ``hand`` in ``state``, by ``model`` (``OTHERS_BID``)."""
    if model == "fitted":
        legal = [b for b in state.legal_bids() if b is not None]
        said = normal_bid(list(Counter(hand).elements()), legal, state.last_after_passes)
        return sd.PASS if said is None else said
    t = trump_of(Game.SD, 2, quick_trump(hand, options), options)
    assert t is not None
    value = strength_value(t, Counter(hand))
    for b in state.legal_bids():
        if b is not None and value >= NORMAL_LIMITS.get(b, 99.0):
            return b
    return sd.PASS


class SDHands:
    """One sample's SD hands played out with a given dealer, trump and burial, memoised."""

    def __init__(self, task: Task, hands: dict[Seat, Counter[Card]], kitty: list[Card]) -> None:
        self.task, self.hands, self.kitty = task, hands, kitty
        self.plans: dict[tuple[Seat, Suit], Plan] = {}

    def plan(self, dealer: Seat, suit: Suit) -> tuple[Task, Plan]:
        task = replace(self.task, seat=dealer, dealer=dealer, suit=suit)
        plan = self.plans.get((dealer, suit))
        if plan is None:
            plan = self.plans[dealer, suit] = Plan(task, rules_for(Game.SD, 2, suit, task.options))
        return task, plan

    def play(self, dealer: Seat, suit: Suit | None, with_kitty: bool) -> tuple[int, bool]:
        """The defenders' points and whether they dug (SD-SCORE-1, SD-DIG-1): ``dealer`` takes
        the kitty when ``with_kitty``, chooses ``suit`` (or its best), buries by the rule of
        thumb, and the hand is played out."""
        held = held_copy(self.hands)
        if with_kitty:
            for c in self.kitty:
                held[dealer][c] = held[dealer].get(c, 0) + 1
        options = self.task.options
        if suit is None:
            suit = quick_trump(held[dealer], options)
        task, plan = self.plan(dealer, suit)
        buried = burial_order(Counter(held[dealer]), plan.rules.trump, points=-4.0)[:6]
        take_out(held[dealer], buried)
        _, playout = play_out(task, held, buried, plan)
        assert playout.last is not None
        points = sum(p for s, p in playout.won.items() if s != dealer)
        return points, playout.last[0] != dealer


DEALER_EDGE = 3.0
"""Room bases the bid search adds to a hand the searching seat would deal itself: the playouts
deal that hand by rules of thumb (``quick_trump``, ``burial_order``) and play it with the fast
policy, where the hard player searches its trump, its burial and every play, so they underrate
it as dealer and it passed hands it wins. Paired runs of 300 deals against ``baseline`` at 24
playouts (seeds 7 and 11), over no edge: +1.5 made +0.21/+0.09 coins per hand, +3 +0.55/+0.11,
+5 +0.31/+0.27 (3 kept: the same gain, less of a gamble)."""


def _coins(task: Task, dealer: Seat, bid: int, points: int, dug: bool, edge: float = 0.0) -> float:
    """The searching seat's coins (SD-COIN-1/2), with the points as a tie-break; as dealer,
    ``edge`` room bases more (``DEALER_EDGE``, for the bid search)."""
    factor = sd.hand_outcome(bid, points, dug).defender_factor * sd.hand_stake(bid, task.options)
    if task.seat == dealer:
        return -3.0 * factor - 0.001 * points + edge * task.options.sd_room_base
    return float(factor) + 0.001 * points


def run_bids(task: Task) -> list[list[float]]:
    """Worker: per sample of the other hands and the kitty, the seat's coins for each bid
    (``context["bids"]``, None = pass) with the rest of the auction by the normal rule."""
    ctx = dict(task.context)
    first: Seat = ctx["first"]
    said: tuple[sd.BidValue, ...] = ctx["said"]
    options = task.options

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        game = SDHands(task, hands, kitty)
        outcomes: dict[Seat, tuple[int, bool]] = {}
        row: list[float] = []
        for value in ctx["bids"]:
            state = sd.BiddingState(first, (*said, value), options)
            while not state.is_closed:
                turn = state.turn
                assert turn is not None
                said_now = _normal_bid(state, dict(+hands[turn]), options, ctx["model"])
                state = state.apply(turn, said_now)
            result = state.result()
            if result.dealer is None or result.bid is None:  # 流局 (SD-DRAW)
                row.append(float(sd.settle_draw(hands, first, options).coins[task.seat]))
                continue
            dealer = result.dealer
            if dealer not in outcomes:
                if deadline is not None and time.monotonic() >= deadline:
                    return None
                outcomes[dealer] = game.play(dealer, None, True)
            row.append(_coins(task, dealer, result.bid, *outcomes[dealer], ctx["edge"]))
        return row

    def draw(task: Task, rng: random.Random) -> Deal:
        return bidders_sample(task, rng, first, said, ctx["model"])

    return run_samples(task, score, draw)


BID_TRIES = 30
"""Samples drawn at most for one that explains the bids made before ours."""


def bidders_sample(
    task: Task,
    rng: random.Random,
    first: Seat,
    said: tuple[sd.BidValue, ...],
    model: str = "thumb",
) -> Deal:
    """A sample where the seats that bid before ours would have said what they said by the
    normal rule (a pass is a weak hand, a bid a strong one), within ``BID_TRIES`` draws (then
    the last one)."""
    deal = sample(task, rng)
    for _ in range(BID_TRIES - 1):
        hands = deal[0]
        state = sd.BiddingState(first, (), task.options)
        for value in said:
            seat = state.turn
            assert seat is not None
            if _normal_bid(state, dict(+hands[seat]), task.options, model) != value:
                break
            state = state.apply(seat, value)
        else:
            return deal
        deal = sample(task, rng)
    return deal


def _sd_task(k: Knowledge, context: dict[str, Any], kitty: tuple[Card, ...] | None) -> Task:
    """A task for an SD decision before trick play: no trump yet (the sample needs none: no
    voids are known), the searching seat as a stand-in dealer. The trump's (the kitty known:
    the seat deals) reads the others' bids under beliefs (``beliefs_wanted``); the bid's explains
    the bids before it by itself (``bidders_sample``)."""
    pool = Counter(k.unseen())
    trump = kitty is not None
    return Task(
        game=Game.SD,
        options=k.options,
        level=2,
        suit=Suit.SPADES,
        seat=k.seat,
        dealer=k.seat,
        hand=tuple(k.hand.elements()),
        pool=tuple(pool.elements()),
        counts=tuple((s, k.counts[s]) for s in SEATS),
        kitty=kitty,
        kitty_size=k.kitty_size if kitty is None else 0,
        voids=(),
        known=(),
        trick=(),
        won_points=tuple((s, 0) for s in SEATS),
        candidates=(),
        context=tuple(context.items()),
        seed=0,
        budget=0.0,
        samples=None,
        beliefs=trump and beliefs_wanted(),
        bids=tuple(k.view.bids) if trump else (),
    )


def bid(
    k: Knowledge,
    legal: Sequence[Move],
    preferred: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[Action, dict[str, Any]]:
    """SD-BID: the bid (or pass) with the best mean coins over sampled hands and kitty."""
    offered = [a for a in legal if isinstance(a, Action) and a.kind in (Act.BID, Act.PASS)]
    others = [a for a in offered if a != preferred]
    candidates = [preferred, *others]
    if len(candidates) < 2 or k.view.first_bidder is None:
        return preferred, {}
    values = tuple(a.value if a.kind is Act.BID else None for a in candidates)
    said = tuple(v for _, v in k.view.bids)
    # "bid" only for the playouts' own utility, which is not used: _coins settles each bid.
    context = {"bids": values, "first": k.view.first_bidder, "said": said, "bid": 60}
    context["edge"] = DEALER_EDGE
    context["model"] = OTHERS_BID
    start = time.monotonic()
    rows = gather(_sd_task(k, context, None), rng, budget, samples, run_bids)
    best = choose(rows)
    info = {"samples": len(rows), "candidates": len(candidates), "rows": (values, rows)}
    info["seconds"] = round(time.monotonic() - start, 4)
    return candidates[best], info


def run_trumps(task: Task) -> list[list[float]]:
    """Worker: per sample of the other hands, the dealer's coins for each trump suit
    (``context["suits"]``), buried by the rule of thumb and played out."""
    ctx = dict(task.context)

    def score(
        hands: dict[Seat, Counter[Card]], kitty: list[Card], deadline: float | None
    ) -> list[float] | None:
        game = SDHands(task, hands, [])
        row: list[float] = []
        for suit in ctx["suits"]:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            points, dug = game.play(task.seat, suit, False)
            row.append(_coins(task, task.seat, ctx["bid"], points, dug))
        return row

    return run_samples(task, score)


def choose_trump(
    k: Knowledge,
    legal: Sequence[Move],
    preferred: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[Action, dict[str, Any]]:
    """SD-KITTY-3: the trump suit with the best mean coins, the kitty in hand (known)."""
    offered = [a for a in legal if isinstance(a, Action) and a.suit is not None]
    candidates = [preferred, *[a for a in offered if a != preferred]]
    if len(candidates) < 2 or k.view.bid is None:
        return preferred, {}
    suits = tuple(a.suit for a in candidates)
    context = {"suits": suits, "bid": k.view.bid}
    start = time.monotonic()
    rows = gather(_sd_task(k, context, ()), rng, budget, samples, run_trumps)
    best = choose(rows)
    info = {"samples": len(rows), "candidates": len(candidates), "rows": (suits, rows)}
    info["seconds"] = round(time.monotonic() - start, 4)
    return candidates[best], info
