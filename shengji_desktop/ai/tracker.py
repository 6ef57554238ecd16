"""The card tracker (记牌器): what one seat can count from its own view, for the window's panel.

For each suit class of the hand's trump, every card and how many copies are still *out* (not
played, not in this seat's hand, not in a kitty this seat sees), with this seat's own copies set
apart; the points not yet played and those out; the points each side has captured; which seats
have shown themselves void in a class, and (DL 死棒) which can no longer hold a pair or a triple
of one; and the kitty where this seat saw it.

Everything comes from the seat's ``SeatView`` (through ``Knowledge``, which the computer players
count with too): a seat's tracker cannot change when another seat's hidden cards do
(GEN-INFO-1).

Pairs and triples (which seats cannot hold one of a class, from play):

- a void seat holds none (GEN-TRICK-3: it played fewer cards of the led class than were led);
- TR (TR-FOLLOW-2) and DL 活棒 (DL-FOLLOW-3) oblige no shape, so play shows nothing more there;
- DL 死棒, triple led (DL-FOLLOW-5): a follower who plays no triple of the class held none, and
  one who plays no two identical cards of it held no two identical cards either (a hand only
  shrinks, so that stays true);
- DL 死棒, pair led (DL-FOLLOW-4): a follower who plays no two identical cards held no *exact*
  pair, but may have held a triple; only when it is already known to hold no triple of the class
  does it follow that it holds no two identical cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine.phase import Phase
from ..engine.view import SeatView
from ..rules.cards import ALL_CARDS, SEATS, Card, Rank, Seat, Suit
from ..rules.options import Game
from ..rules.ranking import TRUMP, Trump
from .knowledge import Knowledge

Cards = tuple[Card, ...]

CLASS_ORDER = (TRUMP, int(Suit.SPADES), int(Suit.HEARTS), int(Suit.CLUBS), int(Suit.DIAMONDS))
"""The classes in the order the panel shows them: trumps, then ♠ ♥ ♣ ♦."""

POINT_RANKS = (Rank.FIVE, Rank.TEN, Rank.KING)


@dataclass(frozen=True)
class CardCount:
    """One card kind: copies out (this seat cannot place them) and copies in this seat's hand."""

    card: Card
    out: int
    mine: int


@dataclass(frozen=True)
class ClassCount:
    """A suit class (``TRUMP`` or a ``Suit`` value): its cards, strongest first."""

    suit_class: int
    cards: tuple[CardCount, ...]

    @property
    def out(self) -> int:
        return sum(c.out for c in self.cards)

    @property
    def mine(self) -> int:
        return sum(c.mine for c in self.cards)


@dataclass(frozen=True)
class KittySight:
    """Cards of the kitty this seat saw, and when: ``"shown"`` before the pick-up (SD-KITTY-2),
    ``"taken"`` picked up as dealer, ``"now"`` the kitty as it lies now (buried, or face up)."""

    when: str
    cards: Cards


@dataclass(frozen=True)
class Tracker:
    seat: Seat
    game: Game
    decks: int
    classes: tuple[ClassCount, ...]  # CLASS_ORDER, less the trump suit's empty plain class
    points_total: int
    points_unplayed: int  # points not played yet: in hands and the kitty
    points_out: int  # of those, the points this seat cannot place
    point_cards_out: tuple[tuple[Rank, int], ...]  # copies of the 5s, 10s and Ks out
    captured: tuple[tuple[frozenset[Seat], int], ...]  # points won in tricks, per side
    voids: tuple[tuple[Seat, frozenset[int]], ...]  # per other seat: classes it is void in
    no_pairs: tuple[tuple[Seat, frozenset[int]], ...]  # TR/DL: classes with no pair left
    no_triples: tuple[tuple[Seat, frozenset[int]], ...]  # DL: classes with no triple left
    kitty: tuple[KittySight, ...]

    def count(self, card: Card) -> CardCount:
        for cls in self.classes:
            for c in cls.cards:
                if c.card == card:
                    return c
        raise KeyError(card)

    def of_class(self, suit_class: int) -> ClassCount | None:
        return next((c for c in self.classes if c.suit_class == suit_class), None)

    def void_in(self, seat: Seat) -> frozenset[int]:
        return dict(self.voids).get(seat, frozenset())

    def no_pair_in(self, seat: Seat) -> frozenset[int]:
        return dict(self.no_pairs).get(seat, frozenset())

    def no_triple_in(self, seat: Seat) -> frozenset[int]:
        return dict(self.no_triples).get(seat, frozenset())


def track(view: SeatView) -> Tracker:
    """The tracker of ``view.seat`` now, from its view alone."""
    know = Knowledge.from_view(view)
    trump = view.sort_trump
    decks = view.game.decks
    mine = Counter(view.hand)
    located = Counter(know.played)
    if view.kitty is not None:
        located.update(view.kitty)
    classes = trump.classes
    by_class: dict[int, list[CardCount]] = {cls: [] for cls in CLASS_ORDER}
    for card in sorted(ALL_CARDS, key=trump.sort_key, reverse=True):
        held = mine[card]
        out = max(0, decks - held - located[card])
        by_class[classes[card]].append(CardCount(card, out, held))
    counts = tuple(ClassCount(cls, tuple(by_class[cls])) for cls in CLASS_ORDER if by_class[cls])
    total = 100 * decks
    played_points = sum(c.points * n for c, n in know.played.items())
    out_points = sum(c.card.points * c.out for cls in counts for c in cls.cards)
    point_cards = tuple(
        (rank, sum(c.out for cls in counts for c in cls.cards if c.card.rank is rank))
        for rank in POINT_RANKS
    )
    others = [s for s in SEATS if s != view.seat]
    voids = {s: frozenset(know.voids[s]) for s in others}
    no_pairs, no_triples = _shapes(view, trump, voids)
    return Tracker(
        seat=view.seat,
        game=view.game,
        decks=decks,
        classes=counts,
        points_total=total,
        points_unplayed=total - played_points,
        points_out=out_points,
        point_cards_out=point_cards,
        captured=_captured(view),
        voids=tuple((s, voids[s]) for s in others),
        no_pairs=tuple((s, no_pairs[s]) for s in others) if view.game is not Game.SD else (),
        no_triples=tuple((s, no_triples[s]) for s in others) if view.game is Game.DL else (),
        kitty=_kitty(view),
    )


def _captured(view: SeatView) -> tuple[tuple[frozenset[Seat], int], ...]:
    """Points won per side: the dealer's side first once there is a dealer (SD: the declarer
    alone, then the defenders), else N-S then E-W."""
    dealer = view.dealer
    first = view.side(dealer) if dealer is not None else frozenset({Seat.S, Seat.N})
    second = frozenset(SEATS) - first
    won = view.won_points
    return tuple((side, sum(won[s] for s in side)) for side in (first, second))


def _shapes(
    view: SeatView, trump: Trump, voids: dict[Seat, frozenset[int]]
) -> tuple[dict[Seat, frozenset[int]], dict[Seat, frozenset[int]]]:
    """Classes each other seat can hold no pair, no triple of (see the module's docstring)."""
    no_pair: dict[Seat, set[int]] = {s: set(voids[s]) for s in voids}
    no_triple: dict[Seat, set[int]] = {s: set(voids[s]) for s in voids}
    dead = view.game is Game.DL and view.options.dl_follow_mode == "dead"
    if dead and view.phase is not Phase.DEAL:
        classes = trump.classes
        plays = [t.plays for t in view.tricks]
        if view.trick:
            plays.append(view.trick)
        for trick in plays:
            lead = trick[0][1]
            if len(lead) not in (2, 3) or len(set(lead)) != 1:
                continue  # neither a pair (棒) nor a triple (滚子)
            cls = classes[lead[0]]
            for seat, cards in trick[1:]:
                if seat not in no_pair:
                    continue
                in_class = Counter(c for c in cards if classes[c] == cls)
                if sum(in_class.values()) < len(lead):
                    continue  # void now (GEN-TRICK-3), counted with the voids
                most = max(in_class.values())
                if len(lead) == 3:  # DL-FOLLOW-5
                    if most < 3:
                        no_triple[seat].add(cls)
                    if most < 2:
                        no_pair[seat].add(cls)
                elif most < 2 and cls in no_triple[seat]:  # DL-FOLLOW-4
                    no_pair[seat].add(cls)
    for seat in no_pair:  # no two identical cards: no triple either
        no_triple[seat] |= no_pair[seat]
    return (
        {s: frozenset(v) for s, v in no_pair.items()},
        {s: frozenset(v) for s, v in no_triple.items()},
    )


def _kitty(view: SeatView) -> tuple[KittySight, ...]:
    seen: list[KittySight] = []
    if view.kitty_seen:
        seen.append(KittySight("shown", tuple(view.kitty_seen)))
    if view.kitty_taken:
        seen.append(KittySight("taken", tuple(view.kitty_taken)))
    if view.kitty:
        seen.append(KittySight("now", tuple(view.kitty)))
    return tuple(seen)
