"""Actions a seat (or the dealer machine) applies to a match, and their JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..rules.cards import Card, Seat, Suit, format_cards, parse_cards


class Act(Enum):
    DEAL = "deal"  # the next card of the deal (no seat: the table deals)
    DECLARE = "declare"  # 亮主 / 反 / 加固 / 封主 (cards, and a named suit for DL 3 jokers)
    PASS = "pass"  # decline: declaring window, bidding, revolt, counter, joker burial
    BID = "bid"  # SD 叫分 (value)
    REVOLT = "revolt"  # DL 暴动 (cards: the three jokers)
    COUNTER = "counter"  # DL 暴 (cards: three big jokers)
    TRIBUTE = "tribute"  # DL 进贡 (cards)
    RETURN = "return"  # DL 还贡 (cards)
    VIEW_KITTY = "view_kitty"  # SD-KITTY-2: a defender looks at the original kitty
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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"a": self.kind.value}
        if self.seat is not None:
            out["s"] = self.seat.name
        if self.cards:
            out["c"] = format_cards(self.cards)
        if self.suit is not None:
            out["suit"] = self.suit.letter
        if self.value is not None:
            out["v"] = self.value
        if self.taken:
            out["t"] = format_cards(self.taken)
        return out

    @staticmethod
    def from_json(data: Any) -> Action:
        """Parse one action; raises ValueError with a clear message on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError(f"an action is a JSON object, not {type(data).__name__}")
        try:
            kind = Act(data["a"])
            seat = Seat[data["s"]] if "s" in data else None
            cards = tuple(parse_cards(data.get("c", "")))
            suit = Suit("SHCD".index(data["suit"])) if "suit" in data else None
            value = data.get("v")
            taken = tuple(parse_cards(data.get("t", "")))
        except (KeyError, ValueError, TypeError) as exc:
            raise ValueError(f"malformed action {data!r}: {exc}") from None
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValueError(f"malformed action {data!r}: value must be an integer")
        return Action(kind, seat, cards, suit, value, taken)

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
