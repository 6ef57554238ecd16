"""Playouts of the hard player's search: the rest of a hand played out by the normal policy on
one sampled deal, scored with the game's own settlement.

``Playout`` is the reference: the normal player's own functions (``policy.choose_lead`` and
``choose_follow``) on the playout's candidate plays, a seat keeping the top trump no other hand
beats for the last trick near the end when that trick is worth it (``keep_top``, 扣底). The
search plays ``fastplay.FastPlayout``, which makes the same choices faster
(tests/ai/test_playout.py plays both on the same deals).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ..engine.view import side_of
from ..rules import dl_settle, sd, tr
from ..rules.cards import Card, Seat, card_points, seat_order
from ..rules.dl import TeamLevels
from ..rules.errors import RuleError
from ..rules.options import Game
from ..rules.ranking import TRUMP
from ..rules.trick import Shape, TrickFormat, TrickRules
from .normal import DIG_CARDS, LAST_TRICK
from .policy import (
    NO_KEY,
    SPEND,
    Cards,
    HandThreats,
    Keep,
    Situation,
    card_cost,
    choose_follow,
    choose_lead,
    costs,
)
from .task import Task


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
        self.keep_worth = keep_worth(task, kitty)
        self.log: list[tuple[Seat, Cards]] | None = None  # every play, when a test asks

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
            if sit.cards_left <= DIG_CARDS:
                sit.keep = keep_top(rules, self.hands, seat, self.keep_worth)
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
        if self.log is not None:
            self.log.append((seat, cards))

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


def keep_worth(task: Task, kitty: list[Card]) -> float:
    """What playing away a sure winner of the last trick costs in a playout (``Keep.worth``):
    the kitty's points the last trick moves (GEN-TRICK-7; TR-SCORE-1: times
    ``tr_kitty_multiplier``; DL-SCORE-2: doubled; SD-KITTY-5: none) and what else it decides
    (``normal.LAST_TRICK``: DL's levels, DL-SETTLE-1; TR's digs, TR-SETTLE-2; the whole SD hand,
    SD-DIG-1), as ``normal.dig_hoard`` values it for a real seat."""
    game = task.game
    if game is Game.SD:
        stake = LAST_TRICK[game]
    else:
        factor = 2 if game is Game.DL else int(task.options.tr_kitty_multiplier)
        stake = factor * card_points(kitty) + LAST_TRICK[game]
    # choose_follow spends SPEND / 4 per unit near the end: playing it away costs ``stake``.
    return stake / (SPEND / 4)


def keep_top(
    rules: TrickRules, hands: Mapping[Seat, Mapping[Card, int]], seat: Seat, worth: float
) -> Keep | None:
    """``seat``'s top trump when no other hand holds a stronger one (it surely wins a last
    trick of single cards, led or ruffing), with its copies held; None when there is none."""
    classes, strengths = rules.trump.classes, rules.trump.strengths
    top, copies = NO_KEY, 0
    for c, m in hands[seat].items():
        if m > 0 and classes[c] == TRUMP:
            s = strengths[c]
            if s > top:
                top, copies = s, m
            elif s == top:
                copies += m
    if top == NO_KEY:
        return None
    for other, hand in hands.items():
        if other != seat:
            for c, m in hand.items():
                if m > 0 and classes[c] == TRUMP and strengths[c] > top:
                    return None
    return Keep(top, copies, worth)


def playout_leads(rules: TrickRules, hand: Mapping[Card, int]) -> list[Cards]:
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


def playout_follows(rules: TrickRules, hand: Mapping[Card, int], fmt: TrickFormat) -> list[Cards]:
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
