"""DL (大连打滚子) shared pieces: team levels, the hand's trump, and choices of cards.

The DL phases live in sibling modules: ``dl_declare`` (亮主, flips, kitty draws),
``dl_tribute`` (喝血, 还贡, 暴动), ``dl_kitty`` (干锅, burials) and ``dl_settle`` (score, levels,
blood, match end).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from .cards import Card, Rank, Seat, Suit, Team, iter_cards
from .options import DEFAULT_OPTIONS, Game, Options
from .ranking import Trump
from .trick import multisets

Cards = tuple[Card, ...]

MIN_LEVEL: Final = 3  # DL-DECK-3: every match starts at 3
MAX_LEVEL: Final = 10  # DL-SETTLE-3: levels never pass 10
KITTY_SIZE: Final = Game.DL.kitty_size  # 6


@dataclass(frozen=True, slots=True)
class TeamLevels:
    """Each team's level, 3..10 (DL-DECK-3, DL-SETTLE-3)."""

    ns: int = MIN_LEVEL
    ew: int = MIN_LEVEL

    def __post_init__(self) -> None:
        for level in (self.ns, self.ew):
            if not MIN_LEVEL <= level <= MAX_LEVEL:
                raise ValueError(f"DL level out of range 3..10: {level}")

    def of(self, team: Team) -> int:
        return self.ns if team is Team.NS else self.ew

    def with_level(self, team: Team, level: int) -> TeamLevels:
        if team is Team.NS:
            return TeamLevels(level, self.ew)
        return TeamLevels(self.ns, level)


def hand_level(levels: TeamLevels, dealer: Seat) -> Rank:
    """The hand level is the dealer side's level (DL-DECK-3)."""
    return Rank(levels.of(dealer.team))


def dl_trump(level: int, suit: Suit | None, options: Options = DEFAULT_OPTIONS) -> Trump:
    """The ranking of one DL hand (DL-RANK-1..4)."""
    return Trump(Game.DL, Rank(level), suit, options)


# --------------------------------------------------------------------------- choices of cards


@dataclass(frozen=True, slots=True)
class CardChoice:
    """Cards a player must give: all of ``forced`` plus ``count`` cards of his choice from
    ``pool`` (a multiset: copies repeat). ``count == 0`` means the cards are fully determined.

    Used where a rule names "the *n* strongest/weakest cards" and equal cards compete for the
    last slots (DL-TRIB-4, DL-OP-5, DL-KITTY-8, DL-RANK-6): the acting player chooses among them.
    """

    forced: Cards
    pool: Cards
    count: int

    @property
    def size(self) -> int:
        return len(self.forced) + self.count

    @property
    def is_forced(self) -> bool:
        return self.count == 0

    def accepts(self, cards: Iterable[Card]) -> bool:
        given = Counter(cards)
        if sum(given.values()) != self.size:
            return False
        forced = Counter(self.forced)
        if any(given[c] < n for c, n in forced.items()):
            return False
        pool = Counter(self.pool)
        return all(pool[c] >= n for c, n in (given - forced).items())

    def choices(self) -> Iterator[Cards]:
        """Every distinct legal set (sorted). Large when ``pool`` is a whole hand."""
        for pick in sub_multisets(Counter(self.pool), self.count):
            yield tuple(sorted(self.forced + pick))


def sub_multisets(pool: Mapping[Card, int], size: int) -> Iterator[Cards]:
    """Every distinct multiset of ``size`` cards drawn from ``pool`` (sorted tuples)."""
    return multisets(pool, size)


def extreme_choice(cards: Iterable[Card], n: int, key: Callable[[Card], int]) -> CardChoice:
    """The ``n`` cards with the highest ``key`` (all cards if fewer); cards with equal keys are
    equal for the rule, so those competing for the last slots become the player's choice."""
    ranked = sorted(cards, key=key, reverse=True)
    if n >= len(ranked):
        return CardChoice(tuple(ranked), (), 0)
    if n <= 0:
        return CardChoice((), (), 0)
    boundary = key(ranked[n - 1])
    forced = [c for c in ranked if key(c) > boundary]
    pool = [c for c in ranked if key(c) == boundary]
    count = n - len(forced)
    if count == len(pool) or len(set(pool)) == 1:
        # No real choice: every tied card goes, or the tied cards are identical copies.
        return CardChoice(tuple(forced + pool[:count]), (), 0)
    return CardChoice(tuple(forced), tuple(pool), count)


def hand_cards(hand: Mapping[Card, int]) -> list[Card]:
    """Every copy in ``hand`` as a list."""
    return list(iter_cards(hand))
