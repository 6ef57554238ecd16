"""Trump and card order for one hand: which class a card follows as, and which card is bigger.

One ``Trump`` answers every ordering question of DL-RANK, TR-RANK and SD-RANK, so the three games
differ only in the data built here. Strengths are small ints: equal strength means equal cards
(the earlier play wins, GEN-TRICK-5), and every trump is stronger than every plain card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from .cards import ALL_CARDS, BJ_INDEX, NUM_CARD_KINDS, SJ_INDEX, Card, Rank, Suit
from .options import DEFAULT_OPTIONS, Game, Options

TRUMP: Final = 4
"""The trump suit class; plain suit classes are ``Suit`` values 0..3 (GEN-CARD-3)."""

SuitClass = int

NO_POSITION: Final = -100
"""Tractor position of a card that can never be part of a tractor (off-suit level cards)."""

# Strength tiers (see module docstring). Plain cards: their rank 2..14.
_TRUMP_SUIT_BASE: Final = 20  # + rank
_OTHER_TWO: Final = 40
_TRUMP_TWO: Final = 41
_OTHER_LEVEL: Final = 50
_TRUMP_LEVEL: Final = 51
_SMALL_JOKER: Final = 60
_BIG_JOKER: Final = 61


@dataclass(frozen=True)
class Trump:
    """The trump of one hand: game, hand level (级牌 rank) and trump suit.

    ``suit`` may be None before a trump suit exists (DL-OP-2 flip comparison). SD has no levels:
    its 2s are permanent trumps and sit in the level tiers (SD-RANK-2), so SD uses level 2.
    """

    game: Game
    level: Rank
    suit: Suit | None
    options: Options = DEFAULT_OPTIONS
    _class: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _strength: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _position: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Every hand builds its Trump (and the SD bidding/claim code several); the tables
        # depend on a few values only, of which there are at most a few hundred combinations.
        key = (
            self.game,
            int(self.level),
            self.suit,
            self.options.tr_level_tractor_mode,
            self.options.sd_two_order,
        )
        tables = _TABLES.get(key)
        if tables is None:
            tables = _TABLES[key] = self._tables()
        object.__setattr__(self, "_class", tables[0])
        object.__setattr__(self, "_strength", tables[1])
        object.__setattr__(self, "_position", tables[2])

    def _tables(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Suit class, strength and tractor position of every card kind."""
        classes = [0] * NUM_CARD_KINDS
        strength = [0] * NUM_CARD_KINDS
        position = [NO_POSITION] * NUM_CARD_KINDS
        game, level, tsuit = self.game, self.level, self.suit
        twos_are_trump = game is not Game.TR
        numeric = game is Game.TR and self.options.tr_level_tractor_mode == "numeric"
        for c in ALL_CARDS:
            i = int(c)
            if i >= SJ_INDEX:
                classes[i] = TRUMP
                strength[i] = _BIG_JOKER if i == BJ_INDEX else _SMALL_JOKER
                continue
            s, r = c.suit, c.rank
            if r == level:
                classes[i] = TRUMP
                high = s == tsuit and not (game is Game.SD and self.options.sd_two_order == "equal")
                strength[i] = _TRUMP_LEVEL if high else _OTHER_LEVEL
            elif r == Rank.TWO and twos_are_trump:
                classes[i] = TRUMP
                strength[i] = _TRUMP_TWO if s == tsuit else _OTHER_TWO
            elif s == tsuit:
                classes[i] = TRUMP
                strength[i] = _TRUMP_SUIT_BASE + int(r)
            else:
                assert s is not None
                classes[i] = int(s)
                strength[i] = int(r)
        # Tractor order (TR-LEAD-2, TR-OP-5): consecutive ints are adjacent.
        for c in ALL_CARDS:
            i = int(c)
            if i >= SJ_INDEX:
                position[i] = (22 if i == BJ_INDEX else 21) - (1 if numeric else 0)
            elif c.rank == level:
                if c.suit == tsuit:
                    position[i] = int(level) - 2 if numeric else 20
            elif classes[i] == TRUMP and c.rank == Rank.TWO and twos_are_trump:
                pass  # DL/SD have no tractors; keep NO_POSITION
            else:
                rk = int(c.rank)
                if numeric and classes[i] == TRUMP:
                    position[i] = rk - 2
                else:
                    position[i] = rk - 2 - (1 if rk > level else 0)
        return tuple(classes), tuple(strength), tuple(position)

    def suit_class(self, card: Card) -> SuitClass:
        """TRUMP or the printed suit (GEN-CARD-3)."""
        return self._class[card]

    def is_trump(self, card: Card) -> bool:
        return self._class[card] == TRUMP

    def strength(self, card: Card) -> int:
        """Bigger is stronger; equal means equal cards (DL-RANK-2/3, TR-RANK-2/3, SD-RANK-2/3)."""
        return self._strength[card]

    def tractor_position(self, card: Card) -> int:
        """Position in the class's tractor order (TR-LEAD-2); NO_POSITION if never in one."""
        return self._position[card]

    @property
    def classes(self) -> tuple[int, ...]:
        return self._class

    @property
    def strengths(self) -> tuple[int, ...]:
        return self._strength

    @property
    def positions(self) -> tuple[int, ...]:
        """``positions[card] == tractor_position(card)``."""
        return self._position

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Players' sort: by class (trumps last), then strength, then printed suit."""
        cls = self._class[card]
        suit = card.suit
        return (cls, self._strength[card], -1 if suit is None else int(suit))


_TABLES: dict[
    tuple[Game, int, Suit | None, str, str],
    tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
] = {}


def sorted_cards(cards: list[Card] | tuple[Card, ...], trump: Trump) -> list[Card]:
    return sorted(cards, key=trump.sort_key)
