"""What one seat may know: ``SeatView``, and the only place hidden information is cut.

``seat_view(match, seat)`` makes a seat's view from the state; ``event_for(event, seat)`` cuts
an event for a seat; ``watcher_view`` and ``watcher_event`` cut them for somebody with no seat
(a LAN watcher: what the whole table sees). Every player, the GUI, a LAN client and the replay
read views and events made here, so a card another seat holds cannot reach a seat by mistake
(GEN-INFO-1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from ..rules.cards import ALL_CARDS, SEATS, Card, Rank, Seat, Suit, Team
from ..rules.options import Game, Options
from ..rules.ranking import Trump
from .actions import Act, Move
from .dl_hand import DLHand
from .events import EVERYONE, Event, Secret
from .match import Match
from .phase import Phase, Step
from .results import HandResult, TrickRecord, Winner
from .sd_hand import SDHand
from .tr_hand import TRHand

Cards = tuple[Card, ...]


class DeclarationView(msgspec.Struct, frozen=True):
    """The standing declaration: who, which suit, its kind (the rules' name), the cards shown
    (DL; TR names only the kind)."""

    seat: Seat
    suit: Suit
    kind: str
    cards: Cards = ()


class TributeView(msgspec.Struct, frozen=True):
    """DL tribute this hand (DL-TRIB-1): who pays whom, how many cards; the cards passed only
    for the two seats that saw them pass (DL-TRIB-4/5), else None."""

    payer: Seat
    receiver: Seat
    blood: int
    cards: Cards | None = None
    returned: Cards | None = None


class SeatView(msgspec.Struct, frozen=True):
    """Everything ``seat`` may know now: its own cards, what the table shows, what it was shown
    (a kitty, tribute cards), the match so far, and its legal moves."""

    game: Game
    options: Options
    seat: Seat
    hand_number: int
    phase: Phase
    step: Step
    hand: Cards  # this seat's cards, sorted by the trump once known
    counts: tuple[int, int, int, int]  # cards each seat holds, indexed by Seat
    cards_dealt: int
    dealer: Seat | None
    level: Rank  # the hand's level (级牌); SD's 2s stand in the level tiers
    trump: Trump | None  # once fixed
    turn: Seat | None  # the seat the table waits for, where that is public
    trick: tuple[tuple[Seat, Cards], ...]  # the trick so far, in play order
    tricks: tuple[TrickRecord, ...]  # every finished trick (GEN-INFO-1: public)
    won_points: tuple[int, int, int, int]  # points won in tricks, indexed by Seat
    kitty_size: int
    kitty: Cards | None  # the kitty now, when this seat may see it
    kitty_seen: Cards | None  # shown before the dealer picked it up (SD-KITTY-2, DL-KITTY-1)
    kitty_taken: Cards | None  # the kitty this seat picked up as dealer
    declaration: DeclarationView | None
    big_joker_shown_by: Seat | None  # DL hand 1 (DL-DECL-1)
    tribute: TributeView | None  # DL
    first_bidder: Seat | None  # SD
    bids: tuple[tuple[Seat, int | None], ...]  # SD, None for a pass
    bid: int | None  # SD: the winning bid
    levels: Mapping[Team, Rank]  # DL and TR: each team's level
    coins: Mapping[Seat, int] | None  # TR and SD: coins so far this match
    blood: int  # DL: blood owed by the next hand's payer (DL-TRIB-1)
    result: HandResult | None  # once the hand is settled
    history: tuple[HandResult, ...]  # every settled hand, hand 1 first
    winner: Winner | None  # once the match is over
    legal: tuple[Move, ...]  # this seat's legal moves now
    dry_pot: bool = False  # DL 干锅 (DL-KITTY-2/3): the kitty stays, its jokers count for nobody
    deal_first: Seat | None = None  # the seat dealt the first card (public: the table sees it)

    # ------------------------------------------------------------------ derived facts

    @property
    def sort_trump(self) -> Trump:
        """The ranking to sort by: the trump once fixed; before, what is known (jokers, level
        cards, SD's 2s) and the standing declaration's suit, trump unless overcalled."""
        if self.trump is not None:
            return self.trump
        suit = self.declaration.suit if self.declaration is not None else None
        return Trump(self.game, self.level, suit, self.options)

    def side(self, seat: Seat) -> frozenset[Seat]:
        """The seats on ``seat``'s side (see ``side_of``)."""
        return side_of(self.game, seat, self.dealer)

    @property
    def friends(self) -> frozenset[Seat]:
        return side_of(self.game, self.seat, self.dealer)

    @property
    def catchers(self) -> frozenset[Seat]:
        """The side that collects points: DL catchers, TR and SD defenders (none before there
        is a dealer)."""
        return catchers_of(self.game, self.dealer)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def my_turn(self) -> bool:
        """Whether this seat has a decision to make (during the deal: a declaration to offer)."""
        return bool(self.legal)

    def moves(self, kind: Act) -> list[Move]:
        return [m for m in self.legal if m.kind is kind]


def side_of(game: Game, seat: Seat, dealer: Seat | None) -> frozenset[Seat]:
    """Partners in DL and TR; in SD the three defenders, or the declarer alone (each seat alone
    before there is one)."""
    if game is Game.SD:
        if dealer is None or seat == dealer:
            return frozenset({seat})
        return frozenset(s for s in SEATS if s != dealer)
    return frozenset({seat, seat.partner})


def catchers_of(game: Game, dealer: Seat | None) -> frozenset[Seat]:
    if dealer is None:
        return frozenset()
    if game is Game.SD:
        return frozenset(s for s in SEATS if s != dealer)
    return frozenset(dealer.team.other.seats)


_ORDERS: dict[int, tuple[Trump, list[int]]] = {}


def sort_order(trump: Trump) -> list[int]:
    """Each card's place in the players' sort (``Trump.sort_key``), as a table: a view sorts
    its hand by it after every action."""
    entry = _ORDERS.get(id(trump))
    if entry is None or entry[0] is not trump:
        order = [0] * len(ALL_CARDS)
        for place, card in enumerate(sorted(ALL_CARDS, key=trump.sort_key)):
            order[card] = place
        if len(_ORDERS) > 64:
            _ORDERS.clear()
        entry = _ORDERS[id(trump)] = (trump, order)
    return entry[1]


# ---------------------------------------------------------------------- cutting


def event_for(event: Event, seat: Seat | None) -> Event:
    """``event`` as ``seat`` may see it; None is the referee, who sees everything."""
    if seat is None or not isinstance(event, Secret) or seat in event.audience:
        return event
    return msgspec.structs.replace(event, **dict.fromkeys(event.SECRET))


def events_for(events: Iterable[Event], seat: Seat | None) -> tuple[Event, ...]:
    return tuple(event_for(e, seat) for e in events)


def watcher_event(event: Event) -> Event:
    """``event`` as somebody with no seat at the table (a LAN watcher) may see it: its hidden
    parts only when shown to every seat."""
    if not isinstance(event, Secret) or event.audience >= EVERYONE:
        return event
    return msgspec.structs.replace(event, **dict.fromkeys(event.SECRET))


def watcher_view(match: Match, seat: Seat, shoulder: bool = False) -> SeatView:
    """What somebody with no seat (a LAN watcher) may know, seen from behind ``seat``: what
    the whole table sees and no more — no hand (``seat``'s own with ``shoulder``: its player
    allows it, and nothing else of what that seat saw), the kitty only when shown to all,
    tribute cards to nobody, no moves."""
    return _view(match, seat, None, seat if shoulder else None, ())


def seat_view(match: Match, seat: Seat, legal: Iterable[Move] | None = None) -> SeatView:
    """``seat``'s view of ``match`` now. ``legal``: its legal moves, when the caller has them."""
    return _view(match, seat, seat, seat, legal)


def _view(
    match: Match,
    seat: Seat,
    knows: Seat | None,
    holds: Seat | None,
    legal: Iterable[Move] | None,
) -> SeatView:
    """The view from ``seat``: the secrets of ``knows`` (None: nobody's), the hand of
    ``holds`` (None: none)."""
    hand = match.hand
    trump = hand.trump
    hands = hand.hands
    own: list[Card] = []
    for card, n in hands[holds].items() if holds is not None else ():
        if n == 1:
            own.append(card)
        else:
            own.extend((card,) * n)
    kitty: Cards | None = None
    access = hand.kitty_access
    if access.allows(knows) if knows is not None else access.public:
        kitty = tuple(hand.kitty)
    declaration: DeclarationView | None = None
    tribute: TributeView | None = None
    bj_shown: Seat | None = None
    dry_pot = False
    bids: tuple[tuple[Seat, int | None], ...] = ()
    first_bidder = bid = None
    if isinstance(hand, DLHand):
        bj_shown = hand.bj_shown_by
        dry_pot = hand.dry_pot
        if hand.standing is not None:
            d = hand.standing
            declaration = DeclarationView(d.seat, d.suit, d.strength.name.lower(), d.cards)
        due = hand.due
        if due is not None:
            if knows in (due.payer, due.receiver):  # they saw the cards pass (DL-TRIB-4/5)
                tribute = TributeView(
                    due.payer, due.receiver, due.blood, hand.tribute_cards, hand.returned_cards
                )
            else:
                tribute = TributeView(due.payer, due.receiver, due.blood)
    elif isinstance(hand, TRHand):
        if hand.standing is not None:
            t = hand.standing
            declaration = DeclarationView(t.seat, t.suit, t.kind.value)
    elif isinstance(hand, SDHand):
        first_bidder = hand.first_bidder
        bids = tuple(hand.bidding.history)
        bid = hand.bid
    won = hand.won_points
    dealer = hand.dealer
    everyone = access.shown_to >= EVERYONE  # DL-KITTY-1: shown to every seat
    return SeatView(
        match.game,
        match.options,
        seat,
        hand.number,
        match.phase,
        hand.step,
        tuple(sorted(own, key=sort_order(trump).__getitem__) if trump else sorted(own)),
        (
            sum(hands[_S].values()),
            sum(hands[_E].values()),
            sum(hands[_N].values()),
            sum(hands[_W].values()),
        ),
        hand.dealt,
        dealer,
        hand.level,
        trump,
        hand.public_turn(),
        tuple(hand.trick),
        tuple(hand.tricks),
        (won[_S], won[_E], won[_N], won[_W]),
        len(hand.kitty),
        kitty,
        access.shown if (knows in access.shown_to if knows is not None else everyone) else None,
        access.taken if knows is not None and knows == dealer and access.taken else None,
        declaration,
        bj_shown,
        tribute,
        first_bidder,
        bids,
        bid,
        match.team_levels(),
        match.coins(),
        match.blood(),
        hand.result,
        tuple(match.history),
        match.winner,
        tuple(match.legal_actions(seat) if legal is None else legal),
        dry_pot,
        hand.deal_first,
    )


_S, _E, _N, _W = SEATS  # seats looked up once: Enum attribute access is slow on hot paths
