"""The hard player's playouts, fast: ``Playout``'s choices (tests/ai/test_playout.py plays both
on the same deals and compares every card) with what a playout can know in advance.

The hands are plain dicts of the cards held (no zero counts); the trick's format, winner and
points are kept as the trick goes (not recomputed per decision); per-hand tables give every
card's class, strength, cost and points; the opponents' best keys for a lead are read from one
pass over their hands (``HandThreats`` asks ``quick_max_key`` per question). Tractors and throws
(TR) take the reference's own functions.
"""

from __future__ import annotations

from typing import Any

from ..engine.view import side_of
from ..rules.cards import ALL_CARDS, CARD_POINTS, Card, Seat, seat_order
from ..rules.errors import RuleError
from ..rules.options import Game
from ..rules.ranking import TRUMP
from ..rules.trick import Shape, TrickFormat, TrickRules
from .normal import DIG_CARDS
from .playout import Playout, keep_top, keep_worth, playout_follows
from .policy import NO_KEY, SPEND, Cards, Keep, costs, quick_max_key
from .task import Task

_SINGLE = Shape.SINGLE
_PAIR = Shape.PAIR
_TRIPLE = Shape.TRIPLE
_THROW = Shape.THROW
_TRACTOR = Shape.TRACTOR
_SETS = (_SINGLE, _PAIR, _TRIPLE)  # led as identical cards: answered from per-card tables

_ONE = tuple((c,) for c in ALL_CARDS)  # _ONE[card] == (card,)

Hands = dict[Seat, dict[Card, int]]
"""The hands of a fast playout: each seat's cards held (no zero counts), in the order the
sample dealt them (``Playout``'s Counters keep that order too, which some ties depend on)."""


class Plan:
    """What every playout of one task shares: the hand's per-card tables, each seat's side,
    next seat and opponents, and the formats of the leads met so far."""

    def __init__(self, task: Task, rules: TrickRules) -> None:
        trump = rules.trump
        game = task.game
        self.rules = rules
        self.classes = trump.classes
        self.strengths = trump.strengths
        self.costs = costs(rules)
        self.widest = 1 if game is Game.SD else 2 if game is Game.TR else 3
        self.tractors = game is Game.TR
        self.dead = game is Game.DL and task.options.dl_follow_mode == "dead"
        direction = task.options.play_direction
        seats = tuple(Seat)
        self.order = tuple(seat_order(s, direction) for s in seats)
        friends = tuple(side_of(game, s, task.dealer) for s in seats)
        self.friends = friends
        self.dealer_side = tuple(friends[s] == friends[task.dealer] for s in seats)
        # opp_after[seat][r]: the opponents among the r seats that play after ``seat``
        self.opp_after = tuple(
            tuple([o for o in self.order[s][1 : 1 + r] if o not in friends[s]] for r in range(4))
            for s in seats
        )
        table = self.costs
        # Card ranks of the orders _class_follows sorts by (every key ends with the card).
        by_cost = sorted(range(len(table)), key=lambda c: (table[c], c))
        by_riches = sorted(range(len(table)), key=lambda c: (-CARD_POINTS[c], table[c], c))
        self.cost_rank = [0] * len(table)
        self.riches_rank = [0] * len(table)
        for i, c in enumerate(by_cost):
            self.cost_rank[c] = i
        for i, c in enumerate(by_riches):
            self.riches_rank[c] = i
        self.formats: dict[Cards, TrickFormat] = {}

    def format(self, lead: Cards) -> TrickFormat:
        fmt = self.formats.get(lead)
        if fmt is None:
            fmt = self.formats[lead] = self.rules.lead_format(lead)
        return fmt


class FastPlayout(Playout):
    """``Playout``'s choices, made faster (see the module's docstring)."""

    def __init__(self, task: Task, hands: Hands, kitty: list[Card], plan: Plan) -> None:
        # Playout's fields that utility() reads; no Counters, no HandThreats.
        self.task = task
        self.rules = plan.rules
        self.plan = plan
        self.hands_held = hands
        self.kitty = kitty
        self.won = dict(task.won_points)
        self.last: tuple[Seat, Cards] | None = None
        self.dealer = task.dealer
        self.keep_worth = keep_worth(task, kitty)
        self.log: list[tuple[Seat, Cards]] | None = None

    def run(self, first: Cards) -> float:
        plan = self.plan
        rules = plan.rules
        classes, strengths = plan.classes, plan.strengths
        hands = self.hands_held
        won = self.won
        log = self.log
        trick: list[tuple[Seat, Cards]] = []
        fmt: TrickFormat | None = None
        sets = False  # fmt is a single, pair or triple: keys from the tables
        cls = 0  # fmt's suit class
        win_i, win_key, points = 0, NO_KEY, 0
        key: int | None
        for played, cards in self.task.trick:  # on the table already: nothing to take out
            for c in cards:
                points += CARD_POINTS[c]
            if not trick:
                fmt = plan.format(cards)
                cls = fmt.suit_class
                sets = fmt.shape in _SETS
                lead_key = NO_KEY if fmt.shape is _THROW else rules.play_key(fmt, cards)
                assert lead_key is not None
                win_key = lead_key
            else:
                assert fmt is not None
                key = (
                    _set_key(fmt, cards, classes, strengths) if sets else rules.play_key(fmt, cards)
                )
                if key is not None and key > win_key:
                    win_i, win_key = len(trick), key
            trick.append((played, cards))
        seat, cards = self.task.seat, first
        while True:
            if log is not None:
                log.append((seat, cards))
            hand = hands[seat]
            for c in cards:
                left = hand[c] - 1
                if left:
                    hand[c] = left
                else:
                    del hand[c]
            for c in cards:
                points += CARD_POINTS[c]
            if not trick:
                fmt = plan.format(cards)
                cls = fmt.suit_class
                sets = fmt.shape in _SETS
                win_i = 0
                lead_key = NO_KEY if fmt.shape is _THROW else rules.play_key(fmt, cards)
                assert lead_key is not None
                win_key = lead_key
            else:
                assert fmt is not None
                if sets:  # _set_key, inline
                    c0 = cards[0]
                    first_cls = classes[c0]
                    key = strengths[c0]
                    if first_cls != cls and (first_cls != TRUMP or cls == TRUMP):
                        key = None
                    else:
                        for c in cards:
                            if c != c0:
                                key = None
                                break
                else:
                    key = rules.play_key(fmt, cards)
                if key is not None and key > win_key:
                    win_i, win_key = len(trick), key
            trick.append((seat, cards))
            if len(trick) == 4:
                winner, cards = trick[win_i]
                won[winner] = won.get(winner, 0) + points
                self.last = (winner, cards)
                trick = []
                points = 0
                hand = hands[winner]
                if not hand:
                    return self.utility()
                seat = winner
                cards = self.lead(seat, hand)
            else:
                seat = plan.order[seat][1]
                hand = hands[seat]
                assert fmt is not None
                # tractors and throws (TR): the reference's own candidates
                cands = self.follows(hand, fmt) if sets else playout_follows(rules, hand, fmt)
                if len(cands) == 1:
                    cards = cands[0]
                else:
                    cards = self.follow(seat, hand, fmt, sets, trick, win_i, win_key, points, cands)

    def keep(self, seat: Seat) -> Keep | None:
        """``playout.keep_top`` on the fast hands (the same answer: it skips zero counts)."""
        return keep_top(self.plan.rules, self.hands_held, seat, self.keep_worth)

    # ------------------------------------------------------------------ leading

    def leads(self, hand: dict[Card, int]) -> list[Cards]:
        """``playout_leads``: per suit class and size, the cheapest and the strongest lead."""
        plan = self.plan
        classes, strengths, table = plan.classes, plan.strengths, plan.costs
        widest = plan.widest
        # per (class, size): the cheapest kind and its cost, the strongest kind and its strength
        best: dict[int, list[Any]] = {}
        kinds = sorted(hand)
        for k in kinds:
            m = hand[k]
            cls, s, cost = classes[k], strengths[k], table[k]
            key = cls * 4 + 1
            for _ in range(m if m < widest else widest):
                g = best.get(key)
                if g is None:
                    best[key] = [k, cost, k, s]
                else:
                    if cost < g[1]:
                        g[0] = k
                        g[1] = cost
                    if s > g[3]:
                        g[2] = k
                        g[3] = s
                key += 1
        found: set[Cards] = set()
        for key, g in best.items():
            n = key % 4
            found.add((g[0],) * n)
            found.add((g[2],) * n)
        if plan.tractors:
            pairs = [k for k in kinds if hand[k] >= 2]
            if len(pairs) >= 2:
                found.update(_tractor_leads(plan, pairs))
        return sorted(found)

    def lead(self, seat: Seat, hand: dict[Card, int]) -> Cards:
        """``choose_lead`` (careful, no voids known) among ``leads(hand)``."""
        cands = self.leads(hand)
        if len(cands) == 1:
            return cands[0]
        plan = self.plan
        classes, strengths, table = plan.classes, plan.strengths, plan.costs
        opps = plan.opp_after[seat][3]
        hand_size = 0
        trumps = 0
        for k, m in hand.items():
            hand_size += m
            if classes[k] == TRUMP:
                trumps += m
        pull = plan.dealer_side[seat] and trumps * 2 >= hand_size
        keep = self.keep(seat) if hand_size <= DIG_CARDS else None
        summaries: list[tuple[list[int], list[list[int]]]] | None = None
        threat_of: dict[tuple[int, int], int] = {}
        best: Cards = ()
        best_value = 0.0
        for c in cands:
            cls = classes[c[0]]
            size = len(c)
            strength = strengths[c[-1]]
            pts = 0
            for x in c:
                pts += CARD_POINTS[x]
            if cls != TRUMP and size > 1:
                value = 100.0 + 10 * size + strength
            elif cls != TRUMP and strength == 14:
                value = 80.0
            else:
                if size <= 3:
                    key = strengths[c[0]]
                    threat = threat_of.get((cls, size))
                    if threat is None:
                        if summaries is None:
                            held = self.hands_held
                            summaries = [_summary(held[o], classes, strengths) for o in opps]
                        threat = NO_KEY
                        for counts, tops in summaries:
                            t = _summary_key(counts, tops, cls, size)
                            if t > threat:
                                threat = t
                        threat_of[cls, size] = threat
                else:  # a tractor (TR)
                    fmt = plan.format(c)
                    own_key = self.rules.play_key(fmt, c)
                    key = NO_KEY if own_key is None else own_key
                    threat = threat_of.get((cls, size))
                    if threat is None:
                        threat = max(
                            (tractor_threat(self.rules, self.hands_held[o], fmt) for o in opps),
                            default=NO_KEY,
                        )
                        threat_of[cls, size] = threat
                if cls != TRUMP and key >= threat:
                    value = 70.0 + pts
                else:
                    cost: float = 0  # as sum() adds: 0 + the first cost + ...
                    for x in c:
                        cost += table[x]
                    value = -cost - 3 * pts
                    if cls == TRUMP and pull:
                        value += 15
            if keep is not None:
                value -= (SPEND if hand_size > 4 else SPEND / 4) * _keep_cost(
                    keep, c, hand_size, classes, strengths
                )
            # max by (value, cards), as choose_lead
            if not best or value > best_value or (value == best_value and c > best):
                best, best_value = c, value
        return best

    # ------------------------------------------------------------------ following

    def follows(self, hand: dict[Card, int], fmt: TrickFormat) -> list[Cards]:
        """``playout_follows`` to a single, a pair or a triple."""
        plan = self.plan
        classes = plan.classes
        cls, n = fmt.suit_class, len(fmt.lead)
        if n == 1:
            kinds = [c for c in hand if classes[c] == cls]
            if kinds:
                kinds.sort()
                one = _ONE
                return [one[k] for k in kinds]
            own: dict[Card, int] = {}
            have = 0
        else:
            own = {c: m for c, m in hand.items() if classes[c] == cls}
            have = sum(own.values())
            if have >= n:
                return self._class_follows(own, fmt, n)
        base = [c for c, m in own.items() for _ in range(m)]
        cost_rank, riches_rank = plan.cost_rank, plan.riches_rank
        rest_kinds = sorted((c for c in hand if classes[c] != cls), key=cost_rank.__getitem__)
        need = n - have
        cheap = _first_cards(rest_kinds, hand, need)
        rich = _first_cards(sorted(rest_kinds, key=riches_rank.__getitem__), hand, need)
        options = {tuple(sorted(base + cheap)), tuple(sorted(base + rich))}
        if have == 0 and cls != TRUMP:
            options.update((c,) * n for c, m in hand.items() if m >= n and classes[c] == TRUMP)
        return sorted(options)

    def _class_follows(self, own: dict[Card, int], fmt: TrickFormat, n: int) -> list[Cards]:
        """``_class_follows``: a few follows to a pair or triple from the led class."""
        plan = self.plan
        table, cost_rank, riches_rank = plan.costs, plan.cost_rank, plan.riches_rank
        kinds = sorted(own, key=cost_rank.__getitem__)
        options = {tuple(sorted(_first_cards(kinds, own, n)))}
        options.add(tuple(sorted(_first_cards(sorted(kinds, key=riches_rank.__getitem__), own, n))))
        # The strongest and weakest identical sets: ``sorted(..., key=cost)[0]`` and ``[-1]``,
        # ties in the order of the hand (a stable sort).
        low: Card | None = None
        high: Card | None = None
        for c, m in own.items():
            if m >= n:
                cost = table[c]
                if low is None or cost < table[low]:
                    low = c
                if high is None or cost >= table[high]:
                    high = c
        if low is not None and high is not None:
            options.add((low,) * n)
            options.add((high,) * n)
        out = sorted(options)
        if plan.dead:
            out = [p for p in out if _follows_ok(plan.rules, own, fmt, p)]
            if not out:
                return list(plan.rules.legal_follows(own, fmt))
        return out

    def follow(
        self,
        seat: Seat,
        hand: dict[Card, int],
        fmt: TrickFormat,
        sets: bool,
        trick: list[tuple[Seat, Cards]],
        win_i: int,
        best_key: int,
        points: int,
        cands: list[Cards],
    ) -> Cards:
        """``choose_follow`` (careful) among ``cands``."""
        plan = self.plan
        classes, strengths, table = plan.classes, plan.strengths, plan.costs
        rules = plan.rules
        friends = plan.friends[seat]
        opp_after = plan.opp_after[seat][3 - len(trick)]
        threat = NO_KEY
        cls, n = fmt.suit_class, len(fmt.lead)
        for o in opp_after:
            if sets:
                t = _set_threat(self.hands_held[o], cls, n, classes, strengths)
            elif fmt.shape is _TRACTOR:
                t = tractor_threat(rules, self.hands_held[o], fmt)
            else:
                t = quick_max_key(rules, self.hands_held[o], fmt)
            if t > threat:
                threat = t
        opps_after = bool(opp_after)
        partner_p = 1.0 if best_key >= threat or not opps_after else 0.5
        friend_holds = trick[win_i][0] in friends
        left = sum(hand.values())
        spend = SPEND if left > 4 else SPEND / 4
        keep = self.keep(seat) if left <= DIG_CARDS else None
        best: Cards = ()
        best_value = 0.0
        key: int | None
        for c in cands:
            if sets:  # _set_key, inline
                c0 = c[0]
                first = classes[c0]
                key = strengths[c0]
                if first != cls and (first != TRUMP or cls == TRUMP):
                    key = None
                else:
                    for x in c:
                        if x != c0:
                            key = None
                            break
            else:
                key = rules.play_key(fmt, c)
            if key is not None and key > best_key:
                p = 1.0 if key >= threat or not opps_after else 0.35
            elif friend_holds:
                p = partner_p
            else:
                p = 0.0
            total = points
            cost: float = 0
            for x in c:
                total += CARD_POINTS[x]
                cost += table[x]
            if keep is not None:
                value = (2 * p - 1) * total - spend * (
                    cost + _keep_cost(keep, c, left, classes, strengths)
                )
            else:
                value = (2 * p - 1) * total - spend * cost
            # max by (value, cards), as choose_follow
            if not best or value > best_value or (value == best_value and c > best):
                best, best_value = c, value
        return best


def _keep_cost(
    keep: Keep,
    cards: Cards,
    left: int,
    classes: tuple[int, ...],
    strengths: tuple[int, ...],
) -> float:
    """``policy.keep_cost``: the kept trump's worth when ``cards`` spend its last copy before
    the last trick (``left``: the cards in the hand)."""
    if left <= len(cards):
        return 0.0
    top = keep[0]
    n = 0
    for c in cards:
        if classes[c] == TRUMP and strengths[c] == top:
            n += 1
    return keep[2] if n >= keep[1] else 0.0


def _tractor_leads(plan: Plan, pairs: list[Card]) -> list[Cards]:
    """The cheapest and the strongest tractor per class and length (``playout_leads``)."""
    classes, strengths, table = plan.classes, plan.strengths, plan.costs
    best: dict[tuple[int, int], list[Cards]] = {}
    for lead in plan.rules.tractors_in(pairs):
        key = (classes[lead[0]], len(lead))
        g = best.get(key)
        if g is None:
            best[key] = [lead, lead]
            continue
        if table[lead[0]] < table[g[0][0]]:
            g[0] = lead
        if strengths[lead[-1]] > strengths[g[1][-1]]:
            g[1] = lead
    return [lead for g in best.values() for lead in g]


def tractor_threat(rules: TrickRules, hand: dict[Card, int], fmt: TrickFormat) -> int:
    """``quick_max_key`` of a tractor lead (``max_key``: the best key of every legal follow)
    without enumerating the follows: only a tractor of the led length keys, and only from the
    led class when the hand can follow it, from trumps when it is void (a ruff)."""
    classes = rules.trump.classes
    cls, n = fmt.suit_class, len(fmt.lead)
    held = 0
    for c, m in hand.items():
        if classes[c] == cls:
            held += m
    if held >= n:
        source = cls
    elif held == 0 and cls != TRUMP:
        source = TRUMP
    else:
        return NO_KEY  # the follow mixes classes: it keys nothing
    pairs = sorted(c for c, m in hand.items() if m >= 2 and classes[c] == source)
    best = NO_KEY
    if len(pairs) * 2 < n:
        return best
    for play in rules.tractors_in(pairs):
        if len(play) == n:
            key = rules.play_key(fmt, play)
            if key is not None and key > best:
                best = key
    return best


def _first_cards(kinds: list[Card], hand: dict[Card, int], n: int) -> list[Card]:
    """The first ``n`` cards of ``kinds``, each as often as ``hand`` holds it."""
    out: list[Card] = []
    for k in kinds:
        m = hand[k]
        if len(out) + m >= n:
            out.extend((k,) * (n - len(out)))
            return out
        out.extend((k,) * m)
    return out


def _follows_ok(rules: TrickRules, own: dict[Card, int], fmt: TrickFormat, play: Cards) -> bool:
    try:
        rules.check_follow(own, fmt, play)
    except RuleError:
        return False
    return True


def _set_key(
    fmt: TrickFormat, cards: Cards, classes: tuple[int, ...], strengths: tuple[int, ...]
) -> int | None:
    """``TrickRules.play_key`` of a play to a single, a pair or a triple."""
    cls = fmt.suit_class
    first = classes[cards[0]]
    if first != cls and (first != TRUMP or cls == TRUMP):
        return None
    c0 = cards[0]
    for c in cards:
        if c != c0:
            return None  # not identical (so not a pair or triple either way)
    return strengths[c0]


def _set_threat(
    hand: dict[Card, int], cls: int, n: int, classes: tuple[int, ...], strengths: tuple[int, ...]
) -> int:
    """``quick_max_key`` of a single, a pair or a triple (``n`` cards of class ``cls``)."""
    in_class = 0
    best_in = NO_KEY
    best_trump = NO_KEY
    for c, m in hand.items():
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


def _summary(
    hand: dict[Card, int], classes: tuple[int, ...], strengths: tuple[int, ...]
) -> tuple[list[int], list[list[int]]]:
    """Per suit class: the cards held, and per n (1..3) the strongest kind held n times."""
    counts = [0, 0, 0, 0, 0]
    tops = [[NO_KEY] * 4 for _ in range(5)]
    for c, m in hand.items():
        cls = classes[c]
        counts[cls] += m
        s = strengths[c]
        row = tops[cls]
        if s > row[1]:
            row[1] = s
        if m >= 2:
            if s > row[2]:
                row[2] = s
            if m >= 3 and s > row[3]:
                row[3] = s
    return counts, tops


def _summary_key(counts: list[int], tops: list[list[int]], cls: int, n: int) -> int:
    """``_set_threat`` read from a ``_summary``."""
    if counts[cls] >= n:
        return tops[cls][n]
    if counts[cls] == 0 and cls != TRUMP:
        return tops[TRUMP][n]
    return NO_KEY
