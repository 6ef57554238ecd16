"""DL trump declaration (DL-DECL): hand-1 BJ race and flip, hand-2+ 亮主/反/加固, kitty draws.

Hand 1 of a match: the first player to show a BJ is dealer and the trump suit is that of the first
suited card he receives afterwards (DL-DECL-1/2, DL-OP-1); if nobody shows one, four kitty cards
are flipped (DL-DECL-3, DL-OP-2). From hand 2 on, level cards (or three identical jokers) are
shown on a strength ladder (DL-DECL-4..7); if nobody declares, the kitty decides (DL-DECL-9).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Final

from .cards import (
    BIG_JOKER,
    SMALL_JOKER,
    SUITED_RANKS,
    Card,
    Rank,
    Seat,
    Suit,
    contains,
    format_cards,
    next_seat,
)
from .dl import Cards
from .errors import Reason, RuleError
from .options import DEFAULT_OPTIONS, Game, Options
from .ranking import Trump


class TrumpSource(Enum):
    """How the hand's trump suit was fixed; decides whether the kitty is revealed (DL-KITTY-1)."""

    BIG_JOKER_SHOW = "big_joker_show"  # hand 1: DL-DECL-1/2 (also with the DL-OP-1 fallback)
    FLIP = "flip"  # hand 1, nobody showed a BJ: DL-DECL-3
    DECLARATION = "declaration"  # hand 2+: DL-DECL-4..7
    KITTY_DRAW = "kitty_draw"  # hand 2+, nobody declared: DL-DECL-9


def kitty_revealed(source: TrumpSource) -> bool:
    """DL-KITTY-1: the kitty is turned face up unless nobody declared (flip or kitty draw)."""
    # RULES-GAP: with the DL-OP-1 fallback a BJ *was* shown (somebody declared), so the kitty
    # is revealed as after any declaration, although the suit came from a kitty draw.
    return source in (TrumpSource.BIG_JOKER_SHOW, TrumpSource.DECLARATION)


# --------------------------------------------------------------------------- kitty draws


@dataclass(frozen=True, slots=True)
class KittyDraw:
    """Random kitty draws until a suited card (DL-DECL-9, DL-OP-1). ``suit`` None → redeal."""

    suit: Suit | None
    drawn: Cards  # in draw order; returned to the kitty unseen

    @property
    def redeal(self) -> bool:
        return self.suit is None


def draw_trump_from_kitty(kitty: Sequence[Card], rng: random.Random) -> KittyDraw:
    """Draw kitty cards at random without replacement until a suited card appears; its suit is
    trump. All jokers → redeal by the same dealer (DL-DECL-9). Each draw is
    ``rng.randrange(len(remaining))`` (GEN-RNG-1)."""
    remaining = list(kitty)
    drawn: list[Card] = []
    while remaining:
        card = remaining.pop(rng.randrange(len(remaining)))
        drawn.append(card)
        if card.suit is not None:
            return KittyDraw(card.suit, tuple(drawn))
    return KittyDraw(None, tuple(drawn))


# --------------------------------------------------------------------------- hand 1: BJ race


def can_show_big_joker(hand: Mapping[Card, int], shown_by: Seat | None) -> bool:
    """DL-DECL-1: a player holding a BJ may show it while no BJ stands."""
    return shown_by is None and hand.get(BIG_JOKER, 0) > 0


def validate_big_joker_show(seat: Seat, hand: Mapping[Card, int], shown_by: Seat | None) -> None:
    """DL-DECL-1: the first BJ shown makes its owner dealer; later shows are rejected."""
    if shown_by is not None:
        raise RuleError(
            Reason.DECLARATION_CLOSED,
            "DL-DECL-1",
            f"a big joker was already shown by {shown_by.name}",
            shown_by=shown_by,
        )
    if hand.get(BIG_JOKER, 0) == 0:
        raise RuleError(Reason.CARDS_NOT_IN_HAND, "DL-DECL-1", f"{seat.name} holds no BJ")


def race_trump_suit(received_after_show: Iterable[Card]) -> Suit | None:
    """DL-DECL-2: the suit of the first suited card the declarer receives after showing (jokers
    skipped). None if he received no suited card afterwards (then DL-OP-1: kitty draw)."""
    for card in received_after_show:
        if card.suit is not None:
            return card.suit
    return None


def resolve_race_trump(
    received_after_show: Iterable[Card], kitty: Sequence[Card], rng: random.Random
) -> KittyDraw:
    """DL-DECL-2 with the DL-OP-1 (b) fallback: the suit from the cards received after the
    show, else random kitty draws exactly as DL-DECL-9 (all-joker kitty → redeal)."""
    suit = race_trump_suit(received_after_show)
    if suit is not None:
        return KittyDraw(suit, ())
    return draw_trump_from_kitty(kitty, rng)


# --------------------------------------------------------------------------- hand 1: the flip


FLIP_TRUMP = Trump(Game.DL, Rank.THREE, None)
"""DL-OP-2: flipped cards compare in the level-3 order without a trump suit."""


@dataclass(frozen=True, slots=True)
class FlipResult:
    """The hand-1 flip (DL-DECL-3, DL-OP-2)."""

    flips: tuple[tuple[Seat, Card], ...]  # the four flips, in order
    extra: Cards  # further kitty cards turned only to find a suit (all four flips jokers)
    dealer: Seat
    trump: Suit | None  # None → all six kitty cards are jokers: redeal

    @property
    def redeal(self) -> bool:
        return self.trump is None


def flip_for_dealer(
    kitty: Sequence[Card], first: Seat, options: Options = DEFAULT_OPTIONS
) -> FlipResult:
    """Four players flip kitty cards 1..4, starting with the stand-in ``first``; the highest card
    (level-3 order, suits never break ties, earlier flip wins) makes its flipper dealer and its
    suit trump. A joker winner: trump from the highest suited flipped card, else from the next
    kitty cards in order; all six jokers → redeal (DL-DECL-3, DL-OP-2)."""
    seats = [first]
    for _ in range(3):
        seats.append(next_seat(seats[-1], options.play_direction))
    flips = tuple(zip(seats, kitty[:4], strict=True))
    strength = FLIP_TRUMP.strength
    dealer, top = flips[0]
    for seat, card in flips[1:]:
        if strength(card) > strength(top):  # strict: the earlier flip wins ties
            dealer, top = seat, card
    if top.suit is not None:
        return FlipResult(flips, (), dealer, top.suit)
    suited = [card for _, card in flips if card.suit is not None]
    if suited:
        best = suited[0]
        for card in suited[1:]:
            if strength(card) > strength(best):
                best = card
        return FlipResult(flips, (), dealer, best.suit)
    extra: list[Card] = []
    for card in kitty[4:]:
        extra.append(card)
        if card.suit is not None:
            return FlipResult(flips, tuple(extra), dealer, card.suit)
    # RULES-GAP: DL-OP-2 says only "redeal"; with no dealer yet, the engine redeals hand 1 with
    # the same stand-in (as DL-DECL-9 keeps the same dealer). ``dealer`` is informative only.
    return FlipResult(flips, tuple(extra), dealer, None)


# --------------------------------------------------------------------------- hand 2+: 亮主


class DeclStrength(IntEnum):
    """The ladder of DL-DECL-5/6 and DL-OP-3: 1 < 2 < 3 identical level cards < 3 SJ < 3 BJ."""

    ONE = 1
    TWO = 2
    THREE = 3
    THREE_SMALL_JOKERS = 4
    THREE_BIG_JOKERS = 5

    @property
    def is_joker_call(self) -> bool:
        return self >= DeclStrength.THREE_SMALL_JOKERS


@dataclass(frozen=True, slots=True)
class Declaration:
    """A standing or proposed declaration from hand 2 on: who showed which cards, the trump suit
    it names, and its strength. A reinforcement (DL-DECL-7) is a declaration listing *all* the
    cards shown so far (see ``reinforce``)."""

    seat: Seat
    cards: Cards
    suit: Suit
    strength: DeclStrength

    @staticmethod
    def make(
        seat: Seat, cards: Iterable[Card], level: Rank, suit: Suit | None = None
    ) -> Declaration:
        """Build a declaration from the cards shown; ``suit`` is the suit named. For level cards it
        may be omitted (it is theirs); for three jokers it is required and None means the
        forbidden no-trump call. Raises RuleError for a shape that is not a declaration."""
        shown = tuple(cards)
        strength = declaration_strength(shown, level)
        if strength.is_joker_call:
            if suit is None:
                raise RuleError(
                    Reason.TRUMP_CHOICE_INVALID,
                    "DL-DECL-6",
                    "three jokers must name a suit; no-trump may not be called",
                )
            return Declaration(seat, shown, suit, strength)
        own = shown[0].suit
        assert own is not None
        if suit is not None and suit != own:
            raise RuleError(
                Reason.TRUMP_CHOICE_INVALID,
                "DL-DECL-4",
                f"level cards {format_cards(shown)} declare {own.symbol}, not {suit.symbol}",
            )
        return Declaration(seat, shown, own, strength)

    def beats(self, standing: Declaration | None) -> bool:
        """DL-DECL-5: strictly stronger than the standing declaration."""
        return standing is None or self.strength > standing.strength


def declaration_strength(cards: Sequence[Card], level: Rank) -> DeclStrength:
    """DL-DECL-4/6: 1..3 identical level cards, or exactly three identical jokers."""
    if cards and all(c == cards[0] for c in cards):
        first = cards[0]
        if first == BIG_JOKER and len(cards) == 3:
            return DeclStrength.THREE_BIG_JOKERS
        if first == SMALL_JOKER and len(cards) == 3:
            return DeclStrength.THREE_SMALL_JOKERS
        if not first.is_joker and first.rank == level and 1 <= len(cards) <= 3:
            return DeclStrength(len(cards))
    if cards and all(c.is_joker for c in cards):
        raise RuleError(
            Reason.DECLARATION_INVALID,
            "DL-DECL-6",
            f"jokers declare only as three identical jokers, not {format_cards(cards)}",
        )
    raise RuleError(
        Reason.DECLARATION_INVALID,
        "DL-DECL-4",
        f"a declaration needs 1–3 identical level cards ({level.label}), "
        f"not {format_cards(cards)}",
    )


def validate_declaration(
    decl: Declaration, standing: Declaration | None, hand: Mapping[Card, int], level: Rank
) -> None:
    """Check a new declaration (hand 2+) against the declarer's hand and the standing one:
    shape (DL-DECL-4/6), cards held, strictly stronger (DL-DECL-5, reinforcement DL-DECL-7)."""
    expected = Declaration.make(decl.seat, decl.cards, level, decl.suit)
    if expected != decl:
        raise RuleError(
            Reason.DECLARATION_INVALID, "DL-DECL-5", "declaration strength does not match its cards"
        )
    if not contains(hand, decl.cards):
        raise RuleError(
            Reason.CARDS_NOT_IN_HAND,
            "DL-DECL-4",
            f"{decl.seat.name} does not hold {format_cards(decl.cards)}",
        )
    if not decl.beats(standing):
        assert standing is not None
        reinforcing = (
            standing.seat == decl.seat
            and standing.suit == decl.suit
            and not standing.strength.is_joker_call
            and not decl.strength.is_joker_call
        )
        raise RuleError(
            Reason.DECLARATION_NOT_STRONGER,
            "DL-DECL-7" if reinforcing else "DL-DECL-5",
            f"{decl.strength.name} does not beat the standing {standing.strength.name}",
            standing=standing,
        )


def reinforce(
    standing: Declaration, added: Iterable[Card], hand: Mapping[Card, int], level: Rank
) -> Declaration:
    """加固 (DL-DECL-7): the standing declarer shows further identical cards of the same suit;
    returns the reinforced declaration (strength = the new count, suit unchanged)."""
    extra = tuple(added)
    if standing.strength.is_joker_call or any(c != standing.cards[0] for c in extra) or not extra:
        raise RuleError(
            Reason.DECLARATION_INVALID,
            "DL-DECL-7",
            f"only further {standing.cards[0]} can reinforce, not {format_cards(extra)}",
        )
    decl = Declaration.make(standing.seat, standing.cards + extra, level, standing.suit)
    validate_declaration(decl, standing, hand, level)
    return decl


def legal_declarations(
    seat: Seat, hand: Mapping[Card, int], level: Rank, standing: Declaration | None
) -> list[Declaration]:
    """Every declaration ``seat`` may make now (hand 2+), weakest first: each identical group of
    level cards (a reinforcement when ``seat`` stands in that suit) and three-joker calls
    naming each suit (DL-DECL-4..7)."""
    need = 0 if standing is None else int(standing.strength)  # DL-DECL-5: strictly stronger
    out: list[Declaration] = []
    for suit, card in _level_cards(level):
        for n in range(need + 1, min(hand.get(card, 0), 3) + 1):
            out.append(Declaration(seat, (card,) * n, suit, _STRENGTHS[n]))
    for joker, strength in (
        (SMALL_JOKER, DeclStrength.THREE_SMALL_JOKERS),
        (BIG_JOKER, DeclStrength.THREE_BIG_JOKERS),
    ):
        if strength > need and hand.get(joker, 0) >= 3:
            out.extend(Declaration(seat, (joker,) * 3, suit, strength) for suit in _SUITS)
    if len(out) > 1:
        out.sort(key=lambda d: (d.strength, int(d.suit)))
    return out


def can_declare(
    seat: Seat, hand: Mapping[Card, int], level: Rank, standing: Declaration | None
) -> bool:
    """``bool(legal_declarations(...))`` without building them: asked for every seat between
    every card of the deal."""
    need = 0 if standing is None else int(standing.strength)
    if hand.get(BIG_JOKER, 0) >= 3 and need < DeclStrength.THREE_BIG_JOKERS:
        return True
    if hand.get(SMALL_JOKER, 0) >= 3 and need < DeclStrength.THREE_SMALL_JOKERS:
        return True
    if need >= DeclStrength.THREE:
        return False  # level cards declare three at most
    for _, card in _level_cards(level):  # noqa: SIM110 (no generator on this hot path)
        if hand.get(card, 0) > need:
            return True
    return False


_SUITS: Final = tuple(Suit)
_STRENGTHS: Final = (DeclStrength.ONE, DeclStrength.ONE, DeclStrength.TWO, DeclStrength.THREE)
_LEVEL_CARDS: Final = {r: tuple((s, Card.of(s, r)) for s in _SUITS) for r in SUITED_RANKS}


def _level_cards(level: Rank) -> tuple[tuple[Suit, Card], ...]:
    """(suit, level card) for every suit, in suit order."""
    found = _LEVEL_CARDS.get(level)
    return found if found is not None else tuple((s, Card.of(s, level)) for s in _SUITS)
