"""The hard player's search of declaring while the cards are dealt (issue 22): TR's 亮主, 正主
and 封主 (TR-DECL-1..3), DL's race to show the big joker in hand 1 (DL-DECL-1/2) and DL's 亮主
and 反 from hand 2 (DL-DECL-4..7).

Declaring now or waiting is a race: a later card may make a better suit, but another seat may
declare first, and the first declaration in TR's hand 1 and DL's hand 1 makes its seat dealer
(TR-DEALER-1, DL-DEALER-1). So a sample is a whole deal: the other seats' cards so far and the
undealt rest of the pack in a random order, the kitty last (``rest_of_pack``; the cards a
standing declaration showed are in its holder's hand). For each candidate (normal's choice,
waiting, the declarations on offer) the rest of the deal is run card by card in dealing order:
every seat, this one too once it has made its choice now, declares by normal's rule of thumb
(``phases.pick_declaration``, ``phases.shows_big_joker``) as its cards come and after every
declaration; then the window after the deal (TR-DECL-5, DL-DECL-8) goes round from its first
seat by the same rule until four seats pass in a row. The trump and the dealer that stand are
scored as the windows' searches score them (``declare_search.tr_value``,
``dl_search.window_value``: the kitty, the burial, DL's tribute, the hand played out); the
cards a seat receives do not depend on the declarations, so every candidate of a sample plays
the same hands, and candidates that end in the same trump and dealer share one playout.

The seat dealt the first card is told by the cards each seat holds, except between rounds of
the deal, when every rotation is equally likely (a seat's view does not tell it): then each
sample draws one. ``search.choose`` keeps normal's choice unless another is better by
``DEAL_CONFIDENCE`` standard errors and ``DEAL_MARGIN``.

The same search serves the window after the deal where the race for the deal goes on (TR's and
DL's hand 1 while nobody has declared, ``covers_window``): there passing is the candidate that
waits, and the round goes on from the next seat (TR-DECL-5, DL-DECL-8).

Cost: the deal stops while a computer seat thinks, so the hard player searches only when its
choice can have changed (a new declaration on offer, another standing declaration) and at a
third, two thirds and all of its cards (``checkpoint``), with ``DEAL_SHARE`` of its budget;
between those it keeps its last answer (``HardPlayer``). In a window it has its whole budget.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..engine.actions import Act, Action, Move
from ..engine.phase import Phase
from ..engine.view import SeatView
from ..rules import dl_declare, tr
from ..rules.cards import BIG_JOKER, Card, Rank, Seat, Suit, Team, seat_order
from ..rules.dl_declare import Declaration, DeclStrength, TrumpSource
from ..rules.options import Game
from .declare_search import tr_value
from .dl_search import window_value
from .knowledge import SEATS, Knowledge
from .phase_search import Plans
from .phases import declared_suit, hand_share, pick_declaration, shows_big_joker
from .search import Deal, choose, gather, known_placed, run_samples, untrumped_task
from .task import Task

DEAL_SHARE = 0.25
"""The share of the per-decision budget a decision during the deal may take."""

DEAL_CONFIDENCE = 1.5
DEAL_MARGIN = 0.1
"""A choice other than normal's must beat it by this many standard errors and this many levels
(TR, DL) to be taken."""

MAX_OFFERS = 6
"""Declarations searched besides normal's choice and waiting: per suit the weakest and the
strongest on offer, the suits that make most of the hand trump first."""

Offer = tuple[tuple[Card, ...], Suit | None] | None
"""A candidate: the cards shown and the suit named, or None to wait."""

Standing = tr.TRDeclaration | Declaration | None


# ---------------------------------------------------------------------------- the sample


def rest_of_pack(task: Task, rng: random.Random) -> Deal:
    """Every seat's cards so far (the cards a standing declaration showed in its holder's hand)
    and the rest of the pack in a random order: the cards still to deal, in dealing order,
    then the kitty."""
    hands, room, pool = known_placed(task)
    rng.shuffle(pool)
    i = 0
    for seat, n in room.items():
        hands[seat].update(pool[i : i + n])
        i += n
    return hands, pool[i:]


def deal_firsts(view: SeatView) -> tuple[Seat, ...]:
    """The seats that may have been dealt the first card: the one the view names, or else by the
    cards each holds (the deal goes round in play order, so the seats that hold one card more
    come first; between rounds, any)."""
    if view.deal_first is not None:
        return (view.deal_first,)
    q, r = divmod(view.cards_dealt, 4)
    if r == 0:
        return SEATS
    direction = view.options.play_direction
    return tuple(
        f
        for f in SEATS
        if all(view.counts[s] == q + (i < r) for i, s in enumerate(seat_order(f, direction)))
    )


# ---------------------------------------------------------------------------- the deal


class _Race:
    """One candidate's declarations over the rest of a sampled deal: what stands, as the rules
    would have it (TR-DECL-1..3, DL-DECL-1/2, DL-DECL-4..7), every seat declaring by normal's
    rule of thumb."""

    def __init__(self, ctx: dict[str, Any], task: Task) -> None:
        self.mode: str = ctx["mode"]
        self.game, self.options, self.level = task.game, task.options, Rank(task.level)
        self.full: int = ctx["full"]
        self.dealer: Seat | None = ctx["dealer"]  # known from hand 2 on (TR, DL)
        self.hand_one = self.dealer is None
        self.standing: Standing = ctx["standing"]
        self.shown_by: Seat | None = None  # DL hand 1: who showed the big joker
        self.race_suit: Suit | None = None  # DL-DECL-2: the first suited card it received after

    def make(self, seat: Seat, offer: Offer, hand: Counter[Card]) -> None:
        """Make this seat's declaration ``offer`` (not None)."""
        assert offer is not None
        cards, suit = offer
        if self.mode == "race":
            self.shown_by = seat
        elif self.mode == "tr":
            self.standing = tr.declaration_from_cards(
                seat, cards, self._tr_standing(), hand, self.level, self.options
            )
        else:
            self.standing = Declaration.make(seat, cards, self.level, suit)

    def _tr_standing(self) -> tr.TRDeclaration | None:
        assert not isinstance(self.standing, Declaration)
        return self.standing

    def _dl_standing(self) -> Declaration | None:
        assert not isinstance(self.standing, tr.TRDeclaration)
        return self.standing

    def wants(self, seat: Seat, hand: Counter[Card], dealt: int) -> Offer:
        """The declaration normal's rule of thumb makes now (None: none)."""
        if self.mode == "race":
            holds = self.shown_by is None and hand.get(BIG_JOKER, 0) > 0
            if holds and shows_big_joker(hand, dealt, self.full, True):
                return ((BIG_JOKER,), None)
            return None
        offers: list[tuple[tuple[Card, ...], Suit]] = []
        if self.mode == "tr":
            standing = self._tr_standing()
            if not tr.can_declare(seat, hand, standing, self.level, self.options):
                return None
            for t in tr.legal_declarations(seat, hand, standing, self.level, self.options):
                offers.append((t.cards(self.level), t.suit))
        else:
            dl = self._dl_standing()
            if not dl_declare.can_declare(seat, hand, self.level, dl):
                return None
            for d in dl_declare.legal_declarations(seat, hand, self.level, dl):
                offers.append((d.cards, d.suit))
        level = int(self.level)  # every seat counts by the hand's level (phases.trump_share)
        shares = [hand_share(self.game, level, s, self.options, hand) for _, s in offers]
        ours = self.standing is not None and self.standing.seat.team is seat.team
        chosen = pick_declaration(shares, dealt, self.full, ours, self.hand_one, True)
        return offers[chosen] if chosen is not None else None

    def receive(
        self,
        seat: Seat,
        card: Card,
        hands: dict[Seat, Counter[Card]],
        dealt: int,
        order: Sequence[Seat],
    ) -> None:
        """``seat`` was dealt ``card`` (already in its hand, which holds ``dealt`` cards): the
        suit of a big joker's show (DL-DECL-2), then its declaration, if any, and the answers."""
        if seat == self.shown_by and self.race_suit is None and card.suit is not None:
            self.race_suit = card.suit
        offer = self.wants(seat, hands[seat], dealt)
        if offer is not None:
            self.make(seat, offer, hands[seat])
            self.answer(hands, seat, order)

    def answer(
        self, hands: dict[Seat, Counter[Card]], after: Seat, order: Sequence[Seat], quiet: int = 0
    ) -> None:
        """After a declaration by ``after`` (or, with ``quiet`` 1, its pass in the window): the
        others, then it, may declare in turn, until four seats in a row do not."""
        i = order.index(after)
        for _ in range(16):
            i = (i + 1) % 4
            seat = order[i]
            hand = hands[seat]
            offer = self.wants(seat, hand, sum(hand.values()))
            if offer is None:
                quiet += 1
                if quiet == 4:
                    return
                continue
            self.make(seat, offer, hand)
            quiet = 0

    def window(self, hands: dict[Seat, Counter[Card]], first: Seat, order: Sequence[Seat]) -> None:
        """The window after the deal: round from ``first`` until four pass in a row."""
        self.answer(hands, order[(order.index(first) - 1) % 4], order)

    def outcome(
        self, kitty: list[Card], first: Seat
    ) -> tuple[Suit | None, Seat, TrumpSource | None]:
        """The trump suit (None: the kitty decides, or a redeal), the dealer and, in DL, how the
        suit was fixed, when the window closes (``first``: the seat dealt the first card)."""
        if self.mode == "tr":
            standing = self._tr_standing()
            suit = standing.suit if standing is not None else None
            return suit, self.dealer or tr.first_hand_dealer(standing, first), None
        if self.mode == "dl":
            assert self.dealer is not None
            dl = self._dl_standing()
            if dl is not None:
                return dl.suit, self.dealer, TrumpSource.DECLARATION
            return None, self.dealer, TrumpSource.KITTY_DRAW
        if self.shown_by is not None:
            return self.race_suit, self.shown_by, TrumpSource.BIG_JOKER_SHOW
        flip = dl_declare.flip_for_dealer(kitty, first, self.options)
        return flip.trump, flip.dealer, TrumpSource.FLIP


def run_deal(task: Task) -> list[list[float]]:
    """Worker: per sample, the seat's utility for each offer in ``context["offers"]``."""
    ctx = dict(task.context)
    offers: tuple[Offer, ...] = ctx["offers"]
    firsts: tuple[Seat, ...] = ctx["firsts"]
    to_deal: int = ctx["to_deal"]
    in_window: bool = ctx["in_window"]
    blood: int = ctx["blood"]
    plans: Plans = {}
    pick = random.Random(task.seed ^ 0x5EED)
    me = task.seat

    def score(
        hands: dict[Seat, Counter[Card]], rest: list[Card], deadline: float | None
    ) -> list[float] | None:
        first = firsts[0] if len(firsts) == 1 else pick.choice(firsts)
        order = seat_order(first, task.options.play_direction)
        start = ctx["dealt"] % 4
        races = [_Race(ctx, task) for _ in offers]
        for race, offer in zip(races, offers, strict=True):
            if offer is not None:
                race.make(me, offer, hands[me])
                race.answer(hands, me, order)
            elif in_window:
                race.answer(hands, me, order, quiet=1)  # our pass: the round goes on
        for j, card in enumerate(rest[:to_deal]):
            seat = order[(start + j) % 4]
            hand = hands[seat]
            hand[card] += 1
            dealt = sum(hand.values())
            for race in races:
                race.receive(seat, card, hands, dealt, order)
        kitty = rest[to_deal:]
        window_first = ctx["dealer"] or first
        values: dict[tuple[Any, ...], float] = {}
        row: list[float] = []
        drawn = next((c.suit for c in kitty if c.suit is not None), None)
        for race in races:
            if deadline is not None and time.monotonic() >= deadline:
                return None
            if not in_window:
                race.window(hands, window_first, order)
            suit, dealer, source = race.outcome(kitty, first)
            key = (suit, dealer, source)
            if key not in values:
                values[key] = _value(task, plans, hands, kitty, suit, dealer, source, drawn, blood)
            row.append(values[key])
        return row

    return run_samples(task, score, rest_of_pack)


def _value(
    task: Task,
    plans: Plans,
    hands: dict[Seat, Counter[Card]],
    kitty: list[Card],
    suit: Suit | None,
    dealer: Seat,
    source: TrumpSource | None,
    drawn: Suit | None,
    blood: int,
) -> float:
    if task.game is Game.TR:
        return tr_value(task, plans, hands, kitty, suit, dealer)
    assert source is not None
    suit = suit if suit is not None else drawn  # DL-DECL-9, DL-OP-1: drawn from the kitty
    if suit is None:
        return 0.0  # six jokers in the kitty: a redeal
    return window_value(task, plans, hands, kitty, suit, source, dealer, blood)


# ---------------------------------------------------------------------------- the decision


def checkpoint(view: SeatView) -> int:
    """How many of a third, two thirds and all of its cards the seat holds (see the cost
    above)."""
    full = view.game.hand_size
    held = len(view.hand)
    return sum(held >= full * i // 3 for i in (1, 2, 3))


def offers(k: Knowledge, legal: Sequence[Move], preferred: Action | None) -> list[Offer]:
    """Normal's choice, waiting, and per suit the weakest and the strongest declaration on
    offer (the suits that make most of the hand trump first), ``MAX_OFFERS`` at most."""
    decls = [a for a in legal if isinstance(a, Action) and a.kind is Act.DECLARE]
    found: list[Offer] = [_offer(preferred) if preferred is not None else None]
    if preferred is not None:
        found.append(None)
    by_suit: dict[Suit | None, list[Action]] = {}
    for a in decls:
        by_suit.setdefault(declared_suit(a), []).append(a)
    level = int(k.view.levels.get(k.seat.team, k.view.level))

    def share(s: Suit | None) -> float:
        return hand_share(k.game, level, s, k.options, k.hand)

    extra: list[Offer] = []
    for s in sorted(by_suit, key=share, reverse=True):
        group = sorted(by_suit[s], key=lambda a: len(a.cards))
        for a in (group[0], group[-1]):
            o = _offer(a)
            if o not in found and o not in extra:
                extra.append(o)
    return found + extra[:MAX_OFFERS]


def covers_window(view: SeatView) -> bool:
    """Whether a window after the deal is searched here: the ones whose dealer is not known yet
    and that nobody has declared in (TR's and DL's hand 1; ``declare_search`` and ``dl_search``
    search the others, assuming nobody declares after the seat)."""
    if view.phase is not Phase.DECLARE or view.dealer is not None or view.game is Game.SD:
        return False
    return view.declaration is None and view.big_joker_shown_by is None


def _offer(a: Action) -> Offer:
    return (tuple(a.cards), a.suit)


def _standing(view: SeatView) -> Standing:
    d = view.declaration
    if d is None:
        return None
    if view.game is Game.TR:
        return tr.TRDeclaration(d.seat, d.suit, tr.TRDeclKind(d.kind))
    return Declaration(d.seat, tuple(d.cards), d.suit, DeclStrength[d.kind.upper()])


def declare(
    k: Knowledge,
    legal: Sequence[Move],
    preferred: Action | None,
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> tuple[Action | None, dict[str, Any]]:
    """During the deal: wait (None) or a declaration, whichever has the best mean over sampled
    deals played on (TR-DECL-1..3, DL-DECL-1/2, DL-DECL-4..7); in a window after the deal
    (``covers_window``), pass or a declaration."""
    view = k.view
    if view.game is Game.SD:
        return preferred, {}
    race = view.game is Game.DL and view.dealer is None
    if race and view.big_joker_shown_by is not None:
        return preferred, {}
    passing = next((a for a in legal if isinstance(a, Action) and a.kind is Act.PASS), None)
    if preferred is not None and preferred.kind is Act.PASS:
        preferred = None
    found = offers(k, legal, preferred)
    if len(found) < 2:
        return preferred or passing, {}
    standing = _standing(view)
    known = {s: Counter(c) for s, c in k.known.items() if c}
    if isinstance(standing, tr.TRDeclaration) and standing.seat != k.seat:
        known[standing.seat] = Counter(standing.cards(view.level))
    context: dict[str, Any] = {
        "mode": "race" if race else "tr" if view.game is Game.TR else "dl",
        "full": view.game.hand_size,
        "dealer": view.dealer,
        "standing": standing,
        "offers": tuple(found),
        "firsts": deal_firsts(view),
        "dealt": view.cards_dealt,
        "to_deal": 4 * view.game.hand_size - view.cards_dealt,
        "in_window": view.phase is Phase.DECLARE,
        "blood": view.blood,
    }
    if view.game is Game.DL:
        context["levels"] = {t.name: int(view.levels.get(t, Rank.THREE)) for t in Team}
    else:
        context["levels"] = tuple((t, view.levels.get(t, Rank.TWO)) for t in Team)
    base = untrumped_task(k, view.dealer or k.seat, tuple(context.items()))
    base = replace(base, known=tuple((s, tuple(c.elements())) for s, c in known.items()))
    start = time.monotonic()
    share = 1.0 if view.phase is Phase.DECLARE else DEAL_SHARE  # one decision per window
    rows = gather(base, rng, budget * share, samples, run_deal)
    best = choose(rows, DEAL_CONFIDENCE, DEAL_MARGIN)
    info = {"samples": len(rows), "candidates": len(found), "rows": (found, rows)}
    info["seconds"] = round(time.monotonic() - start, 4)
    choice = found[best]
    if choice is None:
        return passing, info
    decls = [a for a in legal if isinstance(a, Action) and a.kind is Act.DECLARE]
    return next(a for a in decls if _offer(a) == choice), info
