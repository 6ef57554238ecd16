"""Frozen copy of ai/policy.py at d3603ff (issue 22): never edit.

Choosing a play in the 出牌 phase: the heuristics of the easy and normal players.

The same code plays for a real seat (threats estimated from the unseen cards and the voids the
seat has seen) and inside the hard player's playouts (threats read from the sampled hands): a
``Threats`` object answers "what is the best key this seat could still play to this trick?".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Protocol

from shengji_desktop.rules.cards import Card, Seat, card_points
from shengji_desktop.rules.ranking import TRUMP
from shengji_desktop.rules.trick import Shape, TrickFormat, TrickRules

Cards = tuple[Card, ...]
NO_KEY = -1


class Threats(Protocol):
    def best_key(self, seat: Seat, fmt: TrickFormat) -> int:
        """The highest key ``seat`` might play to a trick of format ``fmt`` (NO_KEY: none)."""
        ...


def max_key(rules: TrickRules, hand: Mapping[Card, int], fmt: TrickFormat) -> int:
    best = NO_KEY
    for play in rules.legal_follows(hand, fmt):
        key = rules.play_key(fmt, play)
        if key is not None and key > best:
            best = key
    return best


def quick_max_key(rules: TrickRules, hand: Mapping[Card, int], fmt: TrickFormat) -> int:
    """max_key without enumerating: for singles, pairs and triples the best key is the
    strongest identical set in the led class, or, when void in it, in trumps (a ruff)."""
    if fmt.shape is Shape.TRACTOR or fmt.shape is Shape.THROW:
        return max_key(rules, hand, fmt)
    n = fmt.size
    cls = fmt.suit_class
    classes, strengths = rules.trump.classes, rules.trump.strengths
    in_class = 0
    best_in = NO_KEY
    best_trump = NO_KEY
    for c, m in hand.items():
        if m <= 0:
            continue
        k = classes[c]
        if k == cls:
            in_class += m
            if m >= n and strengths[c] > best_in:
                best_in = strengths[c]
        elif k == TRUMP and m >= n and strengths[c] > best_trump:
            best_trump = strengths[c]
    if in_class >= n:
        return best_in
    if in_class == 0 and cls != TRUMP:
        return best_trump
    return NO_KEY


class HandThreats:
    """Threats when the hands are known (inside a playout)."""

    def __init__(self, rules: TrickRules, hands: Mapping[Seat, Mapping[Card, int]]) -> None:
        self.rules = rules
        self.hands = hands

    def best_key(self, seat: Seat, fmt: TrickFormat) -> int:
        return quick_max_key(self.rules, self.hands[seat], fmt)


class PoolThreats:
    """Threats for a real seat: any unseen card could be anywhere it is not excluded (a seat
    shown void in a class holds none of it; cards known to be elsewhere are not a threat)."""

    def __init__(
        self,
        rules: TrickRules,
        pool: Counter[Card],
        voids: Mapping[Seat, set[int]],
        known: Mapping[Seat, Counter[Card]],
    ) -> None:
        self.rules = rules
        self.pool = pool
        self.voids = voids
        self.known = known
        self._cache: dict[tuple[Seat, Cards], int] = {}

    def best_key(self, seat: Seat, fmt: TrickFormat) -> int:
        cache_key = (seat, fmt.lead)
        if cache_key in self._cache:
            return self._cache[cache_key]
        classes = self.rules.trump.classes
        cls = fmt.suit_class
        void = self.voids.get(seat, set())
        elsewhere: Counter[Card] = Counter()
        for other, cards in self.known.items():
            if other != seat:
                elsewhere.update(cards)
        possible = +(self.pool - elsewhere)
        possible.update(self.known.get(seat, Counter()))
        best = NO_KEY
        in_class = Counter({c: n for c, n in possible.items() if classes[c] == cls})
        if cls not in void and sum(in_class.values()) >= fmt.size:
            best = max_key(self.rules, in_class, fmt)
        # A ruff is possible when the seat is (or may well be) out of the led class.
        if cls != TRUMP and TRUMP not in void and (cls in void or sum(in_class.values()) <= 3):
            trumps = Counter({c: n for c, n in possible.items() if classes[c] == TRUMP})
            if sum(trumps.values()) >= fmt.size:
                best = max(best, max_key(self.rules, trumps, fmt))
        self._cache[cache_key] = best
        return best


# ---------------------------------------------------------------------------- card values


_COSTS: dict[int, tuple[TrickRules, list[float]]] = {}


def costs(rules: TrickRules) -> list[float]:
    """How much each card is worth keeping: its strength, trumps dearer than any plain card
    (a table per hand's rules, indexed by card)."""
    entry = _COSTS.get(id(rules))
    if entry is None or entry[0] is not rules:
        trump = rules.trump
        table = [
            s + 8.0 if cls == TRUMP else float(s)
            for s, cls in zip(trump.strengths, trump.classes, strict=True)
        ]
        if len(_COSTS) > 64:
            _COSTS.clear()
        entry = _COSTS[id(rules)] = (rules, table)
    return entry[1]


def card_cost(rules: TrickRules, card: Card) -> float:
    return costs(rules)[card]


def play_cost(rules: TrickRules, cards: Sequence[Card]) -> float:
    table = costs(rules)
    return sum(table[c] for c in cards)


class Situation:
    """One seat about to play: its hand, the trick so far and who is on which side."""

    def __init__(
        self,
        rules: TrickRules,
        seat: Seat,
        hand: Mapping[Card, int],
        trick: Sequence[tuple[Seat, Cards]],
        friends: frozenset[Seat],
        order: Sequence[Seat],  # the seats of this trick in play order, leader first
        threats: Threats,
        cards_left: int,
        hoard: Mapping[Card, float] | None = None,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.hand = hand
        self.trick = trick
        self.friends = friends
        self.order = order
        self.threats = threats
        self.cards_left = cards_left
        # Extra worth of keeping some cards to the end (TR defenders' jokers dig for levels).
        self.hoard = hoard or {}

    def after_me(self) -> list[Seat]:
        i = self.order.index(self.seat)
        return list(self.order[i + 1 :])


# ---------------------------------------------------------------------------- following


def choose_follow(
    sit: Situation,
    fmt: TrickFormat,
    careful: bool = True,
    cands: Sequence[Cards] | None = None,
) -> Cards:
    """Normal (``careful``) or easy following, among ``cands`` (default: every legal follow)."""
    rules = sit.rules
    plays = [cards for _, cards in sit.trick]
    if cands is None:
        cands = rules.follow_list(sit.hand, fmt)
    if len(cands) == 1:
        return cands[0]
    win_i = rules.winner(fmt, plays)
    win_seat = sit.trick[win_i][0]
    best_key = NO_KEY if fmt.shape is Shape.THROW and win_i == 0 else _key(rules, fmt, plays[win_i])
    points = sum(card_points(p) for p in plays)
    opp_after = [s for s in sit.after_me() if s not in sit.friends]
    last = not sit.after_me()
    if careful:
        threat = max((sit.threats.best_key(s, fmt) for s in opp_after), default=NO_KEY)
    else:
        threat = NO_KEY if last else 10_000  # the easy player does not count cards
    if careful:
        return _best_expected(sit, fmt, cands, win_seat, best_key, points, threat, bool(opp_after))
    keyed = [(c, rules.play_key(fmt, c)) for c in cands]
    winners = [(c, k) for c, k in keyed if k is not None and k > best_key]
    safe = [(c, k) for c, k in winners if k >= threat]

    if win_seat in sit.friends and (best_key >= threat or not opp_after):
        # Partner holds the trick: give it points, keep strength.
        return max(cands, key=lambda c: (3 * card_points(c) - play_cost(rules, c), c))
    if safe:
        c, _ = min(safe, key=lambda ck: (play_cost(rules, ck[0]) - 2 * card_points(ck[0]), ck[0]))
        worth = points + card_points(c) >= 5 or last or _cheap(rules, c) or sit.cards_left <= 4
        if worth:
            return c
    # Give as little as possible: no points to the other side.
    friend_holds = win_seat in sit.friends
    weight = 0.5 if friend_holds else 3.0
    return min(cands, key=lambda c: (play_cost(rules, c) + weight * card_points(c), c))


SPEND = 0.4
"""Points a unit of card strength is worth keeping: winning 20 points with a big joker is not
worth it in the middle of a hand, with a small trump it is."""


def _best_expected(
    sit: Situation,
    fmt: TrickFormat,
    cands: Sequence[Cards],
    win_seat: Seat,
    best_key: int,
    points: int,
    threat: int,
    opps_after: bool,
) -> Cards:
    """The normal player's follow: the expected points of the trick for our side (won points
    count for us, lost ones against us) less the strength the play spends."""
    rules = sit.rules
    partner_p = 1.0 if best_key >= threat or not opps_after else 0.5
    friend_holds = win_seat in sit.friends
    spend = SPEND if sit.cards_left > 4 else SPEND / 4  # the end is near: spend freely

    def value(c: Cards) -> float:
        key = rules.play_key(fmt, c)
        if key is not None and key > best_key:
            p = 1.0 if key >= threat or not opps_after else 0.35
        elif friend_holds:
            p = partner_p
        else:
            p = 0.0
        total = points + card_points(c)
        kept = sum(sit.hoard.get(x, 0.0) for x in c) if sit.cards_left > len(c) else 0.0
        return (2 * p - 1) * total - spend * (play_cost(rules, c) + kept)

    return max(cands, key=lambda c: (value(c), c))


def _key(rules: TrickRules, fmt: TrickFormat, cards: Cards) -> int:
    key = rules.play_key(fmt, cards)
    return NO_KEY if key is None else key


def _cheap(rules: TrickRules, cards: Cards) -> bool:
    return all(rules.trump.classes[c] != TRUMP and rules.trump.strengths[c] <= 11 for c in cards)


# ---------------------------------------------------------------------------- leading


def choose_lead(
    sit: Situation,
    cands: Sequence[Cards],
    voids: Mapping[Seat, set[int]] | None = None,
    dealer_side: bool = False,
    careful: bool = True,
) -> Cards:
    if len(cands) == 1:
        return cands[0]
    if not careful:
        return _easy_lead(sit, cands)
    rules = sit.rules
    classes = rules.trump.classes
    others = [s for s in sit.order if s != sit.seat]
    opps = [s for s in others if s not in sit.friends]
    partners = [s for s in others if s in sit.friends]
    voids = voids or {}
    hand_size = sum(sit.hand.values())
    trumps = sum(n for c, n in sit.hand.items() if classes[c] == TRUMP)

    threat_of: dict[object, int] = {}

    def score(c: Cards) -> float:
        fmt = rules.lead_format(c)
        cls = fmt.suit_class
        pts = card_points(c)
        strength = rules.trump.strengths[c[-1]]
        ruffed = cls != TRUMP and any(
            cls in voids.get(o, set()) and TRUMP not in voids.get(o, set()) for o in opps
        )
        if cls != TRUMP and len(c) > 1:
            # Pairs, triples, tractors and safe throws of a side suit: the others rarely match.
            value = 100.0 + 10 * len(c) + strength
        elif cls != TRUMP and strength == 14:
            value = 80.0
        else:
            key = _key(rules, fmt, c)
            tkey: object = (fmt.suit_class, fmt.size)
            threat = threat_of.get(tkey)
            if threat is None:
                threat = max((sit.threats.best_key(s, fmt) for s in opps), default=NO_KEY)
                threat_of[tkey] = threat
            if cls != TRUMP and key >= threat:
                value = 70.0 + pts  # a sure winner: the highest card left in its suit
            else:
                value = -play_cost(rules, c) - 3 * pts
                if cls != TRUMP and any(cls in voids.get(p, set()) for p in partners):
                    value += 8  # partner ruffs
                if cls == TRUMP and dealer_side and trumps * 2 >= hand_size:
                    value += 15  # pull trumps with a long trump hand
        if ruffed:
            value -= 60  # an opponent is out of the suit and ruffs
        return value

    return max(cands, key=lambda c: (score(c), c))


def _easy_lead(sit: Situation, cands: Sequence[Cards]) -> Cards:
    """Lead an ace or a pair of a side suit if there is one, else the smallest side card."""
    rules = sit.rules
    classes, strengths = rules.trump.classes, rules.trump.strengths
    side = [c for c in cands if classes[c[0]] != TRUMP]
    pool = side or list(cands)
    multi = [c for c in pool if len(c) > 1]
    if multi:
        return max(multi, key=lambda c: (len(c), strengths[c[0]], c))
    aces = [c for c in pool if strengths[c[0]] == 14 and classes[c[0]] != TRUMP]
    if aces:
        return aces[0]
    return min(pool, key=lambda c: (card_cost(rules, c[0]) + 2 * card_points(c), c))
