"""DL tribute (喝血, DL-TRIB): who pays, which cards, the return (还贡), revolt (暴动) and 暴."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Seat, contains, format_cards, prev_seat
from .dl import CardChoice, extreme_choice, hand_cards
from .errors import Reason, RuleError
from .options import DEFAULT_OPTIONS, Options
from .ranking import Trump


@dataclass(frozen=True, slots=True)
class TributeDue:
    """The tribute owed this hand: ``payer`` (the dealer's 上家) gives ``blood`` cards to
    ``receiver`` (the dealer) (DL-TRIB-1, DL-TRIB-2)."""

    payer: Seat
    receiver: Seat
    blood: int


def tribute_payer(dealer: Seat, options: Options = DEFAULT_OPTIONS) -> Seat:
    """DL-TRIB-2: the current dealer's 上家 pays."""
    return prev_seat(dealer, options.play_direction)


def tribute_due(
    dealer: Seat, blood: int, first_hand: bool, options: Options = DEFAULT_OPTIONS
) -> TributeDue | None:
    """The tribute of this hand, or None: never in hand 1 of a match, never for 0 blood
    (DL-TRIB-1, DL-TRIB-9)."""
    if first_hand or blood <= 0:
        return None
    return TributeDue(tribute_payer(dealer, options), dealer, blood)


def tribute_eligible(card: Card, trump: Trump) -> bool:
    """DL-TRIB-4: point cards are never tribute, except level cards at level 5 or 10 (so kings
    never are: K is never a DL level)."""
    if card.points == 0:
        return True
    return card.rank == trump.level and trump.level in (Rank.FIVE, Rank.TEN)


def tribute_choice(hand: Mapping[Card, int], blood: int, trump: Trump) -> CardChoice:
    """DL-TRIB-4: the payer's ``blood`` strongest eligible cards by DL-RANK-6 (a) (trumps by
    DL-RANK-2, plain cards by rank only): the forced part, plus the choice among equal cards
    competing for the last slots. Fewer eligible cards than ``blood``: all of them."""
    eligible = [c for c in hand_cards(hand) if tribute_eligible(c, trump)]
    return extreme_choice(eligible, blood, trump.strength)


def validate_tribute(
    hand: Mapping[Card, int], cards: Iterable[Card], blood: int, trump: Trump
) -> None:
    """Check the payer's tribute (DL-TRIB-4)."""
    given = tuple(cards)
    if not contains(hand, given):
        raise RuleError(
            Reason.CARDS_NOT_IN_HAND, "DL-TRIB-4", f"payer does not hold {format_cards(given)}"
        )
    choice = tribute_choice(hand, blood, trump)
    if not choice.accepts(given):
        raise RuleError(
            Reason.TRIBUTE_WRONG_CARDS,
            "DL-TRIB-4",
            f"tribute must be the {choice.size} strongest eligible cards, "
            f"not {format_cards(given)}",
            forced=choice.forced,
            pool=choice.pool,
            count=choice.count,
        )


def return_choice(
    hand: Mapping[Card, int], count: int, trump: Trump, options: Options = DEFAULT_OPTIONS
) -> CardChoice:
    """还贡 (DL-TRIB-5, DL-OP-5): ``count`` cards (as many as received) from the receiver's hand,
    tribute included: any cards with ``dl_tribute_return=any``; with ``weakest`` the
    weakest by DL-RANK-6 (a), choosing among equal cards for the last slots."""
    cards = hand_cards(hand)
    if options.dl_tribute_return == "any":
        return CardChoice((), tuple(cards), min(count, len(cards)))
    return extreme_choice(cards, count, lambda c: -trump.strength(c))


def validate_return(
    hand: Mapping[Card, int],
    cards: Iterable[Card],
    count: int,
    trump: Trump,
    options: Options = DEFAULT_OPTIONS,
) -> None:
    """Check the dealer's return (DL-TRIB-5, DL-OP-5)."""
    given = tuple(cards)
    if not contains(hand, given):
        raise RuleError(
            Reason.CARDS_NOT_IN_HAND, "DL-TRIB-5", f"dealer does not hold {format_cards(given)}"
        )
    if len(given) != count:
        raise RuleError(
            Reason.WRONG_NUMBER_OF_CARDS,
            "DL-TRIB-5",
            f"return exactly {count} cards, not {len(given)}",
        )
    choice = return_choice(hand, count, trump, options)
    if not choice.accepts(given):
        raise RuleError(
            Reason.RETURN_WRONG_CARDS,
            "DL-OP-5",
            f"return must be the {count} weakest cards, not {format_cards(given)}",
            forced=choice.forced,
            pool=choice.pool,
            count=choice.count,
        )


# --------------------------------------------------------------------------- 暴动 / 暴


@dataclass(frozen=True, slots=True)
class Revolt:
    """暴动: ``seat`` of the paying side shows all three ``joker`` (BJ or SJ) (DL-TRIB-6)."""

    seat: Seat
    joker: Card


def _paying_side(seat: Seat, due: TributeDue) -> bool:
    return seat.team is due.payer.team


def revolts_available(
    seat: Seat, hand: Mapping[Card, int], due: TributeDue | None, options: Options = DEFAULT_OPTIONS
) -> list[Revolt]:
    """The revolts ``seat`` may declare now (DL-TRIB-6, DL-TRIB-8, DL-OP-6)."""
    if due is None or not options.dl_revolt or not _paying_side(seat, due):
        return []
    return [Revolt(seat, j) for j in (BIG_JOKER, SMALL_JOKER) if hand.get(j, 0) >= 3]


def validate_revolt(
    revolt: Revolt,
    hand: Mapping[Card, int],
    due: TributeDue | None,
    options: Options = DEFAULT_OPTIONS,
) -> None:
    """Check a 暴动 (DL-TRIB-6..8, DL-OP-6): option on, tribute owed, paying side, the three
    jokers in the revolter's own hand."""
    if not options.dl_revolt:
        raise RuleError(Reason.REVOLT_NOT_ALLOWED, "DL-OP-6", "revolt is off (dl_revolt=off)")
    if due is None:
        raise RuleError(Reason.NOT_IN_PHASE, "DL-TRIB-6", "no tribute is owed this hand")
    if not _paying_side(revolt.seat, due):
        raise RuleError(
            Reason.REVOLT_NOT_ALLOWED,
            "DL-TRIB-8",
            f"{revolt.seat.name} is on the receiving side; only the paying side may revolt",
        )
    if not revolt.joker.is_joker or hand.get(revolt.joker, 0) < 3:
        raise RuleError(
            Reason.REVOLT_NOT_ALLOWED,
            "DL-TRIB-6",
            f"{revolt.seat.name} does not hold all three {revolt.joker}",
        )


def counter_available(
    seat: Seat, hand: Mapping[Card, int], revolt: Revolt, due: TributeDue
) -> bool:
    """暴 (DL-TRIB-7): a receiving-side player holding all three BJ voids a 3-SJ revolt."""
    return (
        revolt.joker == SMALL_JOKER and not _paying_side(seat, due) and hand.get(BIG_JOKER, 0) >= 3
    )


def validate_counter(seat: Seat, hand: Mapping[Card, int], revolt: Revolt, due: TributeDue) -> None:
    """Check a 暴 (DL-TRIB-7)."""
    if revolt.joker != SMALL_JOKER:
        raise RuleError(
            Reason.REVOLT_NOT_ALLOWED, "DL-TRIB-7", "a three-big-joker revolt cannot be countered"
        )
    if _paying_side(seat, due):
        raise RuleError(
            Reason.REVOLT_NOT_ALLOWED, "DL-TRIB-7", "only the receiving side may counter"
        )
    if hand.get(BIG_JOKER, 0) < 3:
        raise RuleError(
            Reason.REVOLT_NOT_ALLOWED, "DL-TRIB-7", f"{seat.name} does not hold all three BJ"
        )


def tribute_proceeds(revolt: Revolt | None, countered: bool) -> bool:
    """DL-TRIB-6/7/9: a standing (uncountered) revolt cancels this hand's tribute for good."""
    return revolt is None or countered
