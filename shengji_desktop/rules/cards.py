"""Cards, suits, ranks, seats and decks: the values every other module speaks in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from enum import Enum, IntEnum
from typing import Final


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return "SHCD"[self]


_SUIT_SYMBOLS: Final = ("♠", "♥", "♣", "♦")


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    SMALL_JOKER = 15
    BIG_JOKER = 16

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]


_RANK_LABELS: Final = {
    **{Rank(r): str(r) for r in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.SMALL_JOKER: "SJ",
    Rank.BIG_JOKER: "BJ",
}
_LABEL_RANKS: Final = {label: rank for rank, label in _RANK_LABELS.items()}

SUITED_RANKS: Final = tuple(Rank(r) for r in range(2, 15))
NUM_CARD_KINDS: Final = 54  # 52 suited + small joker + big joker
SJ_INDEX: Final = 52
BJ_INDEX: Final = 53


class Card(int):
    """One card kind, as an int 0..53: suit * 13 + (rank - 2); 52 = SJ, 53 = BJ.

    Copies of the same card are identical (GEN-CARD-2), so a card *kind* is all that exists;
    a hand is a multiset of kinds. There are exactly 54 instances (``Card(i) is Card(i)``).
    """

    __slots__ = ()
    _cache: Final[list[Card]] = []

    def __new__(cls, index: int) -> Card:
        if cls._cache:
            return cls._cache[index]
        if not 0 <= index < NUM_CARD_KINDS:
            raise ValueError(f"card index out of range: {index}")
        return super().__new__(cls, index)

    @staticmethod
    def of(suit: Suit, rank: Rank) -> Card:
        if rank >= 15:  # Rank.SMALL_JOKER
            raise ValueError("jokers have no suit (GEN-CARD-2)")
        return _ALL[suit * 13 + rank - 2]

    @property
    def is_joker(self) -> bool:
        return self >= SJ_INDEX

    @property
    def suit(self) -> Suit | None:
        return _SUIT_OF[self]

    @property
    def rank(self) -> Rank:
        return _RANK_OF[self]

    @property
    def points(self) -> int:
        return _POINTS[self]

    def __repr__(self) -> str:
        return _NAMES[self]

    __str__ = __repr__

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_ALL: Final = [Card(i) for i in range(NUM_CARD_KINDS)]
Card._cache.extend(_ALL)

_SUIT_OF: Final[list[Suit | None]] = [Suit(i // 13) for i in range(52)] + [None, None]
_RANK_OF: Final = [Rank(i % 13 + 2) for i in range(52)] + [Rank.SMALL_JOKER, Rank.BIG_JOKER]
_POINTS: Final = [{5: 5, 10: 10, 13: 10}.get(int(r), 0) for r in _RANK_OF]
_NAMES: Final = [
    (s.symbol if s is not None else "") + _RANK_OF[i].label for i, s in enumerate(_SUIT_OF)
]

ALL_CARDS: Final[tuple[Card, ...]] = tuple(_ALL)
CARD_NAMES: Final[tuple[str, ...]] = tuple(_NAMES)
"""``CARD_NAMES[card] == str(card)``."""
CARD_POINTS: Final[tuple[int, ...]] = tuple(_POINTS)
"""``CARD_POINTS[card] == card.points``."""
SMALL_JOKER: Final = _ALL[SJ_INDEX]
BIG_JOKER: Final = _ALL[BJ_INDEX]


def card_points(cards: Iterable[Card]) -> int:
    """Point value (GEN-PTS-1): 5 → 5, 10 → 10, K → 10."""
    return sum(_POINTS[c] for c in cards)


_SUIT_PARSE: Final = {
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
}


def parse_card(text: str) -> Card:
    """Parse ``♥10``, ``H10``, ``♠A``, ``BJ`` or ``SJ`` (the notation of RULES.md)."""
    t = text.strip().upper()
    if t in ("BJ", "SJ"):
        return BIG_JOKER if t == "BJ" else SMALL_JOKER
    if len(t) < 2 or t[0] not in _SUIT_PARSE or t[1:] not in _LABEL_RANKS:
        raise ValueError(f"not a card: {text!r}")
    return Card.of(_SUIT_PARSE[t[0]], _LABEL_RANKS[t[1:]])


def parse_cards(text: str) -> list[Card]:
    """Parse a space-separated list; ``♥10♥10`` without spaces is accepted too."""
    out: list[Card] = []
    for token in text.replace(",", " ").split():
        i = 0
        while i < len(token):
            if token.upper().startswith(("BJ", "SJ"), i):
                out.append(parse_card(token[i : i + 2]))
                i += 2
                continue
            j = i + 1
            while j < len(token) and token[j].upper() not in _SUIT_PARSE and token[j] not in "BS":
                j += 1
            # "S" is both a suit letter and the start of "SJ"; the loop above stops at it.
            out.append(parse_card(token[i:j]))
            i = j
    return out


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join([_NAMES[c] for c in sorted(cards)])


def new_deck(decks: int) -> list[Card]:
    """``decks`` full decks (GEN-CARD-1), in index order; shuffle with an injected RNG."""
    pack = _PACKS.get(decks)
    if pack is None:
        pack = _PACKS[decks] = tuple(c for c in _ALL for _ in range(decks))
    return list(pack)


_PACKS: dict[int, tuple[Card, ...]] = {}


Hand = Counter[Card]


def hand_of(cards: Iterable[Card]) -> Hand:
    return Counter(cards)


def contains(hand: Mapping[Card, int], cards: Iterable[Card]) -> bool:
    need = Counter(cards)
    return all(hand.get(c, 0) >= n for c, n in need.items())


def iter_cards(hand: Mapping[Card, int]) -> Iterator[Card]:
    """Every copy, in card order."""
    for c in sorted(hand):
        yield from (c,) * hand[c]


class Seat(IntEnum):
    """GEN-SEAT-1: S=下 (bottom), E=右, N=上, W=左."""

    S = 0
    E = 1
    N = 2
    W = 3

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def team(self) -> Team:
        return Team.NS if self % 2 == 0 else Team.EW


class Team(Enum):
    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.S, Seat.N) if self is Team.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS


SEATS: Final[tuple[Seat, ...]] = tuple(Seat)
"""The seats in order S, E, N, W (iterating the enum itself is slow on hot paths)."""
SEAT_NAMES: Final[tuple[str, ...]] = tuple(s.name for s in Seat)
"""``SEAT_NAMES[seat] == seat.name``."""


def next_seat(seat: Seat, direction: str = "ccw") -> Seat:
    """下家 (GEN-SEAT-2): S → E → N → W counterclockwise; reversed with ``cw``."""
    return SEATS[(seat + (1 if direction == "ccw" else 3)) % 4]


def prev_seat(seat: Seat, direction: str = "ccw") -> Seat:
    """上家 (GEN-SEAT-2)."""
    return SEATS[(seat + (3 if direction == "ccw" else 1)) % 4]


def seat_order(first: Seat, direction: str = "ccw") -> list[Seat]:
    order = [first]
    for _ in range(3):
        order.append(next_seat(order[-1], direction))
    return order
