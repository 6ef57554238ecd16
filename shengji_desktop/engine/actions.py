"""Moves: the actions a seat (or the table) applies to a match, and the card choices a seat is
offered where it picks N cards (bury, pay or return tribute)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from ..rules import dl_kitty, sd, tr
from ..rules.cards import Card, Seat, Suit, contains, format_cards
from ..rules.errors import Reason, RuleError


class Act(Enum):
    DEAL = "deal"  # the next card of the deal (no seat: the table deals)
    DECLARE = "declare"  # 亮主 / 反 / 加固 / 封主 (cards, and a named suit for DL 3 jokers)
    PASS = "pass"  # decline: declaring window, bidding, revolt, counter, joker burial
    BID = "bid"  # SD 叫分 (value)
    REVOLT = "revolt"  # DL 暴动 (cards: the three jokers)
    COUNTER = "counter"  # DL 暴 (cards: three big jokers)
    TRIBUTE = "tribute"  # DL 进贡 (cards)
    RETURN = "return"  # DL 还贡 (cards)
    CHOOSE_TRUMP = "choose_trump"  # SD-KITTY-3 (suit)
    BURY = "bury"  # 扣底 (cards)
    BURY_JOKERS = "bury_jokers"  # DL-KITTY-8: jokers in (cards), pick-up out (taken)
    PLAY = "play"  # 出牌 (cards)
    CLAIM = "claim"  # SD 甩牌: lay down the whole hand
    NEXT_HAND = "next_hand"  # start the next hand after settlement


@dataclass(frozen=True, slots=True)
class Action:
    kind: Act
    seat: Seat | None = None
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    value: int | None = None
    taken: tuple[Card, ...] = ()

    # The engine builds every legal play as an Action on every turn; the generated frozen
    # __init__ (object.__setattr__ per field) costs more than the enumeration. This one sets
    # the slots directly (dataclass keeps a class's own __init__). Fields stay read-only.
    def __init__(
        self,
        kind: Act,
        seat: Seat | None = None,
        cards: tuple[Card, ...] = (),
        suit: Suit | None = None,
        value: int | None = None,
        taken: tuple[Card, ...] = (),
    ) -> None:
        _set_kind(self, kind)
        _set_seat(self, seat)
        _set_cards(self, cards)
        _set_suit(self, suit)
        _set_value(self, value)
        _set_taken(self, taken)

    def __str__(self) -> str:
        parts = [self.seat.name if self.seat is not None else "*", self.kind.value]
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.suit is not None:
            parts.append(self.suit.symbol)
        if self.value is not None:
            parts.append(str(self.value))
        if self.taken:
            parts.append("take " + format_cards(self.taken))
        return " ".join(parts)


def cards_action(kind: Act, seat: Seat | None, cards: tuple[Card, ...]) -> Action:
    """``Action(kind, seat, cards)``, built about three times faster for the engine's
    enumerations (every legal play of every turn is an Action).

    The fields are filled into an ``_ActionFields`` (the same slots, without the frozen
    ``__setattr__``), which then becomes an Action: same layout, so ``__class__`` may change.
    """
    a = _ActionFields()
    a.kind = kind
    a.seat = seat
    a.cards = cards
    a.suit = None
    a.value = None
    a.taken = ()
    a.__class__ = Action  # type: ignore[assignment]
    return a  # type: ignore[return-value]


class _ActionFields:
    __slots__ = ("kind", "seat", "cards", "suit", "value", "taken")  # noqa: RUF023 (Action's order)
    kind: Act
    seat: Seat | None
    cards: tuple[Card, ...]
    suit: Suit | None
    value: int | None
    taken: tuple[Card, ...]


if _ActionFields.__slots__ != Action.__slots__:
    raise TypeError("_ActionFields must have exactly Action's slots, in order")

# The slot descriptors of the final (slots) class, for Action.__init__.
_set_kind = Action.__dict__["kind"].__set__
_set_seat = Action.__dict__["seat"].__set__
_set_cards = Action.__dict__["cards"].__set__
_set_suit = Action.__dict__["suit"].__set__
_set_value = Action.__dict__["value"].__set__
_set_taken = Action.__dict__["taken"].__set__


class Constraint(Enum):
    """The rule a choice of N cards must satisfy: which of the rules' checks judges it."""

    DL_BURIAL = "dl_burial"  # 6 cards, big jokers before small ones (DL-KITTY-4..6)
    TR_BURIAL = "tr_burial"  # any 8 cards, jokers too (TR-KITTY-1)
    SD_BURIAL = "sd_burial"  # any 6 cards, points too (SD-KITTY-4)
    ANY_RETURN = "any_return"  # any N of the dealer's cards (DL-TRIB-5, DL-OP-5 "any")


@dataclass(frozen=True, slots=True)
class ChooseCards:
    """A legal move that is a choice: ``count`` cards of ``hand`` that satisfy ``constraint``.
    ``action(cards)`` makes the move; the engine judges it with ``check``, the same test
    ``accepts`` answers, so a caller never has to guess which cards may go."""

    kind: Act  # BURY or RETURN
    seat: Seat
    count: int
    constraint: Constraint
    # The cards to choose from: the seat's own hand, in no particular order (not compared).
    hand: tuple[Card, ...] = field(default=(), compare=False)

    def check(self, cards: Sequence[Card]) -> None:
        """Raise the rules' RuleError (reason and rule ID) unless ``cards`` may be chosen."""
        held = Counter(self.hand)
        constraint = self.constraint
        if constraint is Constraint.DL_BURIAL:
            dl_kitty.validate_dealer_burial(held, cards)
        elif constraint is Constraint.TR_BURIAL:
            tr.validate_bury(held, cards)
        elif constraint is Constraint.SD_BURIAL:
            sd.bury(held, cards)
        else:
            if not contains(held, cards):
                raise RuleError(
                    Reason.CARDS_NOT_IN_HAND,
                    "DL-TRIB-5",
                    f"dealer does not hold {format_cards(cards)}",
                )
            if len(cards) != self.count:
                raise RuleError(
                    Reason.WRONG_NUMBER_OF_CARDS,
                    "DL-TRIB-5",
                    f"return exactly {self.count} cards, not {len(cards)}",
                )

    def accepts(self, cards: Sequence[Card]) -> bool:
        try:
            self.check(cards)
        except RuleError:
            return False
        return True

    def action(self, cards: Sequence[Card]) -> Action:
        return Action(self.kind, self.seat, tuple(sorted(cards)))


Move = Action | ChooseCards
"""One entry of a seat's legal moves: an action to take as it is, or a choice of cards."""
