"""Chinese names of cards and seats for logs (the GUI has its own translations)."""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.cards import Card, Seat, Suit

_SUIT_ZH = {Suit.SPADES: "黑桃", Suit.HEARTS: "红桃", Suit.CLUBS: "梅花", Suit.DIAMONDS: "方块"}
SEAT_ZH = {Seat.S: "下家", Seat.E: "右家", Seat.N: "上家", Seat.W: "左家"}


def card_zh(card: Card) -> str:
    if card.is_joker:
        return "大王" if card.rank.label == "BJ" else "小王"
    assert card.suit is not None
    return _SUIT_ZH[card.suit] + card.rank.label


def cards_zh(cards: Iterable[Card]) -> str:
    return "".join(card_zh(c) for c in cards) or "-"
