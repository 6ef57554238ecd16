"""The order of the viewer's hand: by suit (trumps first, the default) or by rank, and the
player's own order once a card was moved by hand (kept while the hand only loses cards; new
cards, a deal or a new hand, bring back the chosen sort)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings

from shengji_desktop.rules.cards import Card
from shengji_desktop.rules.ranking import Trump

from .layout import display_order

if TYPE_CHECKING:
    from .items import CardItem

SORT_KEY = "cues/hand_sort"
SORTS = ("suit", "rank")


def rank_order(cards: Iterable[Card], trump: Trump) -> list[Card]:
    """By rank: jokers (big first), the level cards, then A down to 2 whatever the suit;
    within one rank in the suit order of ``display_order``."""
    cards = list(cards)
    by_suit = {int(c): i for i, c in enumerate(display_order(cards, trump))}

    def key(card: Card) -> tuple[int, int, int]:
        if card.suit is None:  # a joker
            return (0, -int(card.rank), 0)
        if card.rank == trump.level:
            return (1, 0, by_suit[int(card)])
        return (2, -int(card.rank), by_suit[int(card)])

    return sorted(cards, key=key)


class HandOrder:
    """How the scene orders the viewer's cards (``arrange``), and the player's moves."""

    def __init__(self) -> None:
        self.sort = str(QSettings().value(SORT_KEY, "suit") or "suit")
        if self.sort not in SORTS:
            self.sort = "suit"
        self.manual: list[int] | None = None  # the player's order, cards as ints

    def set_sort(self, sort: str) -> None:
        self.sort = sort if sort in SORTS else "suit"
        self.manual = None
        QSettings().setValue(SORT_KEY, self.sort)

    def sorted(self, cards: Iterable[Card], trump: Trump) -> list[Card]:
        return rank_order(cards, trump) if self.sort == "rank" else display_order(cards, trump)

    def arrange(self, cards: Sequence[Card], trump: Trump) -> list[Card]:
        """The hand in display order: the player's order while it still covers the hand."""
        if self.manual is not None:
            have = Counter(int(c) for c in cards)
            if not have - Counter(self.manual):
                out: list[Card] = []
                for c in self.manual:
                    if have[c] > 0:
                        have[c] -= 1
                        out.append(Card(c))
                self.manual = [int(c) for c in out]
                return out
            self.manual = None  # new cards came: the chosen sort again
        return self.sorted(cards, trump)

    def move(self, hand: list[CardItem], item: CardItem, index: int) -> bool:
        """Move ``item`` to ``index`` of ``hand`` (in place); the order is then the player's."""
        if item not in hand:
            return False
        old = hand.index(item)
        index = max(0, min(len(hand) - 1, index))
        if index == old:
            return False
        hand.pop(old)
        hand.insert(index, item)
        self.manual = [i.card for i in hand if i.card is not None]
        return True
