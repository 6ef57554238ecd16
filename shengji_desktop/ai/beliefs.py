"""Beliefs from play (issue 41): the hidden hands a search samples, weighted by what the other
seats did in this hand: their plays, their passes in the declaring window, in SD their bids, in
DL the tribute.

A sampled deal in which the normal player would have done what a seat actually did is more
likely than one in which it would have done otherwise. For each of the last ``LAST`` plays of the
other seats that the seat saw (``Task.tricks`` and ``Task.trick``), the hands at that play are
rebuilt on the deal (the sampled hands and the cards played since), the normal policy chooses on
them as the playouts model the other seats (threats read from the deal's hands: ``HandThreats``;
leads among the playouts' leads and the play made). In SD each other seat's bid or pass
(``Task.bids``) is judged by the normal bid (``sd_bidding.normal_bid``) on that seat's twelve
cards (its hand and what it played); the dealer's twelve are not known to a defender (it took the
kitty and buried six), so on its hand after the burial — at least as strong — it must bid at
least what it bid. The deal's weight is multiplied by 1 when a judged act agrees and by
``FLOOR ** TEMPER`` when it does not (tempered further by batch, see below). A DL dealer that
received tribute knows the payer gave its strongest eligible cards (DL-TRIB-4): a deal that
leaves the payer a stronger one weighs nothing.

Declarations are read from the window after the deal (``Task.window``): it closes only when
every seat in turn has passed with no new declaration (DL-DECL-8, TR-DECL-5), so each seat
passed with the final declaration standing and its whole hand — a public fact. A deal on which
the normal player, holding that seat's hand (what it holds and played), would have declared
over it (``phases.pick_declaration``) is judged as a play unlike normal. Seats whose hand
changed unseen since the window are left out: the dealer (the kitty), a DL tribute's payer and
receiver (unless the receiver judges), every seat of a DL hand whose kitty holds jokers (others
may have buried some, DL-KITTY-8), and DL's hand 1 (a race for the big joker, DL-DECL-1).

One draw per sample: the sampler (``search.run_samples``) puts the deal's weight after the
sample's utilities, and the search's gathering (``search._gather``) hands the rows on resampled in
proportion to their weights down to their effective sample size (``reweigh``: systematic
resampling), so every mean and standard error the searches and the hand analysis take is one under
the beliefs, with the number of samples the weights are worth. Tempering is adaptive: when a
batch's effective sample size is below ``TARGET`` of its rows (a seat that plays unlike normal
would make the weights collapse on a few), its weights are raised to the largest power that
keeps it there (``tempered``), so the batch keeps what the beliefs say without costing more
than that share of its samples. Everything read here is a ``Task`` field: the seat's own
knowledge, never hidden truth.

The constants were chosen by ``scripts/beliefs_truth.py`` (seeds 7 and 11; positions of a
normal seat among three hard ones, which do not play by the policy the beliefs model): it scores
drawn deals by the share of the other seats' cards they place in the true hands. Judging the
last 8 plays at ``FLOOR`` 0.1, tempered up to half the rows, placed more cards right than the
fixed ``FLOOR ** 0.5`` before (which fell back to uniform below a quarter), at about the same
effective sample size: TR +1.87 and +1.73 points over uniform at ESS 0.56 (before +1.59 and
+1.54 at 0.58), SD +2.11 and +2.21 at 0.52 (+2.18 and +2.20 at 0.45), DL +1.21 and +1.35 at
0.52 (+1.01 and +1.20 at 0.50). Judging 16 plays places more still, at twice the judging cost.
The window's passes add little to that measure (+0.01 to +0.12 points).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..engine.view import side_of
from ..rules import dl_declare, sd, tr
from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Seat, Suit, seat_order
from ..rules.dl_tribute import validate_tribute
from ..rules.errors import RuleError
from ..rules.options import Game
from ..rules.trick import TrickFormat, TrickRules
from .knowledge import Knowledge
from .normal import ODDS, PULL, SET_POINTS
from .phases import hand_share, pick_declaration
from .playout import playout_leads
from .policy import Cards, HandThreats, Situation, choose_follow, choose_lead
from .sd_bidding import normal_bid
from .task import Task, Window

FLOOR = 0.1
"""ε: a play the normal player would not have made on a deal counts as this likely."""
TEMPER = 1.0
"""τ: each judged act weighs ``p ** TEMPER`` (p is 1 or ``FLOOR``) before a batch is tempered
further (``TARGET``)."""
LAST = 8
"""How many of the other seats' latest plays are judged (the normal policy's choice on a partial
deal is the costly part)."""
TARGET = 0.5
"""The effective sample size, per row of a batch, below which its weights are tempered."""


@dataclass(frozen=True)
class Judged:
    """One play of another seat, and what that seat knew when it made it."""

    seat: Seat
    cards: Cards  # sorted
    trick: tuple[tuple[Seat, Cards], ...]  # the trick before it
    later: dict[Seat, Counter[Card]]  # each seat's plays from this one on (back into the hands)
    voids: dict[Seat, set[int]]  # the voids shown before it
    order: tuple[Seat, ...]


STATS = {"rows": 0, "kept": 0, "batches": 0, "tempered": 0}
"""Counts of this process's reweighing: rows in, rows kept, batches and batches tempered."""

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


@dataclass(frozen=True)
class Bid:
    """One SD bid or pass of another seat (SD-BID-1..7), and what it could have said."""

    seat: Seat
    value: int | None  # None: a pass
    legal: tuple[int, ...]  # the bids it could have made
    last: bool  # the last to speak after three passes (passing makes a 流局)


_BIDS: tuple[Task, list[Bid]] | None = None


def bids_of(task: Task) -> list[Bid]:
    """The other seats' SD bids and passes to judge, in bidding order."""
    global _BIDS
    if _BIDS is not None and _BIDS[0] is task:
        return _BIDS[1]
    found: list[Bid] = []
    if task.game is Game.SD and task.bids:
        state = sd.BiddingState(task.bids[0][0], (), task.options)
        for seat, value in task.bids:
            legal = tuple(v for v in state.legal_bids() if v is not None)
            if seat != task.seat:
                found.append(Bid(seat, value, legal, state.last_after_passes))
            state = state.apply(seat, value)
    _BIDS = (task, found)
    return found


def bid_agrees(task: Task, bid: Bid, cards: list[Card]) -> bool:
    """Whether the normal bid on ``cards`` (the seat's twelve) is the one made; for the dealer
    seen by a defender, ``cards`` are its hand after the burial (at least as strong as the twelve
    it bid with), on which the normal bid must be at least the one made."""
    said = normal_bid(cards, bid.legal, bid.last)
    if bid.seat == task.dealer and task.kitty is None and bid.value is not None:
        return said is not None and said >= bid.value
    return said == bid.value


_PLAYED: tuple[Task, dict[Seat, list[Card]]] | None = None


def played_by(task: Task) -> dict[Seat, list[Card]]:
    """Every card each seat played this hand (made once per task: read on every sample)."""
    global _PLAYED
    if _PLAYED is not None and _PLAYED[0] is task:
        return _PLAYED[1]
    played: dict[Seat, list[Card]] = {s: [] for s in Seat}
    for trick in plays_of(task):
        for seat, cards in trick:
            played[seat] += cards
    _PLAYED = (task, played)
    return played


def _payer_then(
    task: Task, hands: dict[Seat, Counter[Card]], played: dict[Seat, list[Card]]
) -> tuple[Seat, Counter[Card]]:
    """The DL tribute's payer, seen by its receiver, and its hand before paying: what it holds
    and played, less the cards it got back, plus the tribute."""
    payer, given, returned, _ = dict(task.context)["tribute"]
    held = Counter(hands[payer])
    held.update(played[payer])
    held.subtract(returned)
    held.update(given)
    return payer, +held


def tribute_fits(task: Task, rules: TrickRules, held: Counter[Card]) -> bool:
    """DL-TRIB-4, for the receiver that saw the tribute: the payer gave its strongest eligible
    cards, so the deal must leave it none stronger in ``held``, its hand then
    (``_payer_then``)."""
    _, given, _, blood = dict(task.context)["tribute"]
    try:
        validate_tribute(held, given, blood, rules.trump)
    except RuleError:
        return False
    return True


def weight(task: Task, rules: TrickRules, hands: dict[Seat, Counter[Card]]) -> float:
    """The deal's weight by the judged plays, bids and window passes (1: every one agrees with
    normal); 0 for a deal the tribute rules out (DL-TRIB-4: a rule, not a guess)."""
    found = misses(task, rules, hands)
    return 0.0 if found is None else (FLOOR**TEMPER) ** sum(found)


def misses(
    task: Task, rules: TrickRules, hands: dict[Seat, Counter[Card]]
) -> tuple[int, int, int] | None:
    """How many of the judged plays, bids and window passes the normal player would not have
    made on the deal ``hands``; None for a deal the tribute rules out."""
    bids = bids_of(task)
    tribute = task.game is Game.DL and "tribute" in dict(task.context)
    window = task.window
    judged = prepare(task, rules)
    if not (bids or tribute or window is not None):
        return sum(not agrees(task, rules, p, hands) for p in judged), 0, 0
    played = played_by(task)
    payer = _payer_then(task, hands, played) if tribute else None
    if payer is not None and not tribute_fits(task, rules, payer[1]):
        return None  # a rule, and cheap: before the plays are judged
    plays = sum(not agrees(task, rules, p, hands) for p in judged)
    said = sum(
        not bid_agrees(task, bid, [*hands[bid.seat].elements(), *played[bid.seat]]) for bid in bids
    )
    passed = 0
    if window is not None:
        for seat in window.judged:
            if payer is not None and seat == payer[0]:
                held = payer[1]
            else:
                held = Counter(hands[seat])
                held.update(played[seat])
            passed += not window_agrees(task, window, seat, held)
    return plays, said, passed


# ---------------------------------------------------------------------------- the window


def window_of(k: Knowledge) -> Window | None:
    """The declaring window as ``k``'s seat saw it close (DL and TR, after the window), with
    the other seats whose whole hand then a sample can rebuild (see the module's docstring)."""
    view = k.view
    if k.game is Game.SD or (k.game is Game.DL and view.hand_number == 1):
        return None
    kitty = k.kitty or ()
    if k.game is Game.DL and (BIG_JOKER in kitty or SMALL_JOKER in kitty):
        return None  # jokers in the kitty: who buried them is not known (DL-KITTY-7/8)
    skip = {k.seat, k.dealer}
    paid = view.tribute
    if paid is not None:
        skip.add(paid.receiver)
        if not (paid.cards and paid.receiver == k.seat):  # the receiver rebuilds the payer's
            skip.add(paid.payer)
    d = view.declaration
    standing = None if d is None else (d.seat, d.suit, d.kind, tuple(d.cards))
    judged = tuple(s for s in Seat if s not in skip)
    hand_one = k.game is Game.TR and view.hand_number == 1
    return Window(standing, judged, hand_one) if judged else None


def offered_suits(task: Task, window: Window, seat: Seat, hand: Counter[Card]) -> list[Suit]:
    """The suits ``seat`` could have declared with ``hand`` over the standing declaration
    (TR-DECL-1..3, DL-DECL-4..7), one per declaration on offer."""
    level = Rank(task.level)
    st = window.standing
    if task.game is Game.TR:
        tr_standing = None if st is None else tr.TRDeclaration(st[0], st[1], tr.TRDeclKind(st[2]))
        return [d.suit for d in tr.legal_declarations(seat, hand, tr_standing, level, task.options)]
    dl_standing = None
    if st is not None:
        dl_standing = dl_declare.Declaration(
            st[0], st[3], st[1], dl_declare.DeclStrength[st[2].upper()]
        )
    return [d.suit for d in dl_declare.legal_declarations(seat, hand, level, dl_standing)]


def window_agrees(task: Task, window: Window, seat: Seat, hand: Counter[Card]) -> bool:
    """Whether the normal player, holding ``hand`` at ``seat`` when the window went round,
    would have passed as the seat did (``phases.declare``: it declares the first best suit on
    offer whose share of trumps reaches its threshold)."""
    suits = offered_suits(task, window, seat, hand)
    if not suits:
        return True
    # normal counts by the hand's level, whichever side it is on (phases.trump_share)
    shares = [hand_share(task.game, task.level, s, task.options, hand) for s in suits]
    st = window.standing
    ours = st is not None and st[0] in side_of(task.game, seat, None)
    n = sum(hand.values())
    return pick_declaration(shares, n, task.game.hand_size, ours, window.hand_one, True) is None


def ess(weights: list[float]) -> float:
    total = sum(weights)
    squares = sum(w * w for w in weights)
    return total * total / squares if squares > 0 else 0.0


def tempered(weights: list[float], share: float = TARGET) -> list[float]:
    """The weights raised to the largest power in [0, 1] that keeps their effective sample size
    at ``share`` of them (by bisection); a weight of 0 (a deal a rule rules out) stays 0, so
    with few deals left the power goes to 0 and those left weigh alike."""
    n = len(weights)

    def power(a: float) -> list[float]:
        return [w**a if w > 0 else 0.0 for w in weights]

    if ess(weights) >= share * n:
        return weights
    lo, hi = 0.0, 1.0
    for _ in range(24):
        mid = (lo + hi) / 2
        if ess(power(mid)) >= share * n:
            lo = mid
        else:
            hi = mid
    return power(lo)


def reweigh(rows: list[list[float]], rng: random.Random) -> list[list[float]]:
    """Rows whose last value is the sample's weight, as rows without it drawn in proportion to
    the weights (systematic resampling, in the rows' order) down to their effective sample size,
    the weights tempered first when that is below ``TARGET`` of the rows; all of them, weights
    dropped, when all weigh alike."""
    weights = [row[-1] for row in rows]
    plain = [row[:-1] for row in rows]
    if not rows:
        return plain
    STATS["rows"] += len(rows)
    STATS["batches"] += 1
    if max(weights) - min(weights) < 1e-12:
        STATS["kept"] += len(rows)
        return plain
    if ess(weights) < TARGET * len(rows):
        weights = tempered(weights)
        STATS["tempered"] += 1
    m = max(1, round(ess(weights)))
    step = sum(weights) / m
    x = rng.random() * step
    kept: list[list[float]] = []
    total = 0.0
    for row, w in zip(plain, weights, strict=True):
        total += w
        while len(kept) < m and x < total:
            kept.append(row)
            x += step
    kept += [plain[-1]] * (m - len(kept))  # rounding at the very end
    STATS["kept"] += len(kept)
    return kept
