"""DL kitty (DL-KITTY): the 干锅 test, the dealer's burial, other players' joker burials."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import (
    ALL_CARDS,
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Rank,
    Seat,
    contains,
    format_cards,
    next_seat,
)
from .dl import KITTY_SIZE, CardChoice, Cards, extreme_choice
from .dl_declare import TrumpSource, kitty_revealed
from .errors import Reason, RuleError
from .options import DEFAULT_OPTIONS, Options
from .ranking import Trump


def is_dry_pot(kitty: Sequence[Card], trump: Trump) -> bool:
    """干锅 (DL-KITTY-2, DL-OP-7) of a *revealed* kitty: (a) no trump-suit card other than level
    cards and 2s, or (b) all its cards are trumps."""
    suit_cards = [
        c
        for c in kitty
        if c.suit is not None and c.suit == trump.suit and c.rank not in (trump.level, Rank.TWO)
    ]
    return not suit_cards or all(trump.is_trump(c) for c in kitty)


def hand_is_dry_pot(source: TrumpSource, kitty: Sequence[Card], trump: Trump) -> bool:
    """DL-KITTY-2: 干锅 is tested only on a kitty revealed when the window closes (DL-KITTY-1)."""
    return kitty_revealed(source) and is_dry_pot(kitty, trump)


def kitty_visible(kitty: Iterable[Card]) -> bool:
    """DL-KITTY-7: a buried kitty holding a joker is shown to all; otherwise only the dealer
    knows it."""
    return any(c.is_joker for c in kitty)


def big_jokers_first(hand: Mapping[Card, int], buried: Iterable[Card]) -> bool:
    """DL-KITTY-6: a SJ may be buried only if the burier holds no BJ afterwards."""
    out = Counter(buried)
    return out[SMALL_JOKER] == 0 or hand.get(BIG_JOKER, 0) - out[BIG_JOKER] <= 0


def validate_dealer_burial(
    hand: Mapping[Card, int], buried: Sequence[Card], dry_pot: bool = False
) -> bool:
    """Check the dealer's six buried cards, taken from his 45 (DL-KITTY-3..6); returns whether
    the new kitty is shown to all (DL-KITTY-7)."""
    if dry_pot:
        raise RuleError(
            Reason.NOT_IN_PHASE, "DL-KITTY-3", "干锅: the kitty is not exchanged this hand"
        )
    if len(buried) != KITTY_SIZE:
        raise RuleError(
            Reason.WRONG_NUMBER_OF_CARDS,
            "DL-KITTY-4",
            f"bury exactly {KITTY_SIZE} cards, not {len(buried)}",
        )
    if not contains(hand, buried):
        raise RuleError(
            Reason.CARDS_NOT_IN_HAND, "DL-KITTY-4", f"dealer does not hold {format_cards(buried)}"
        )
    if not big_jokers_first(hand, buried):
        raise RuleError(
            Reason.BURY_ILLEGAL, "DL-KITTY-6", "bury the big jokers before any small joker"
        )
    return kitty_visible(buried)


# --------------------------------------------------------------------------- others bury jokers


def joker_burial_order(dealer: Seat, options: Options = DEFAULT_OPTIONS) -> tuple[Seat, ...]:
    """DL-KITTY-8, DL-OP-8: the three other players, once each, from the dealer's 下家."""
    first = next_seat(dealer, options.play_direction)
    second = next_seat(first, options.play_direction)
    return (first, second, next_seat(second, options.play_direction))


def pickup_weight(card: Card, trump: Trump) -> int:
    """DL-RANK-6 (b): weakness for the kitty pick-up: plain before trump, then the rank's tier
    (level rank > 2 > A > K > …); suits never count, so equal weights are equal cards."""
    if card.rank == trump.level:
        tier = 20
    elif card.rank == Rank.TWO:
        tier = 15
    else:
        tier = int(card.rank)
    return (100 if trump.is_trump(card) else 0) + tier


def pickable(kitty: Iterable[Card]) -> Cards:
    """Kitty cards a joker burier may take out: non-point, non-joker (DL-KITTY-8/9)."""
    return tuple(c for c in kitty if not c.is_joker and c.points == 0)


def jokers_for_burial(hand: Mapping[Card, int], k: int) -> Cards:
    """The only ``k`` jokers a player may bury under DL-KITTY-6 (BJ first); () if he lacks them."""
    bj = hand.get(BIG_JOKER, 0)
    sj = hand.get(SMALL_JOKER, 0)
    if k < 1 or k > bj + sj:
        return ()
    return (BIG_JOKER,) * min(k, bj) + (SMALL_JOKER,) * max(0, k - bj)


def max_joker_burial(hand: Mapping[Card, int], kitty: Iterable[Card]) -> int:
    """The most jokers a non-dealer may bury now: his jokers, at most the pickable cards
    (DL-KITTY-9, DL-OP-8)."""
    held = hand.get(BIG_JOKER, 0) + hand.get(SMALL_JOKER, 0)
    return min(held, len(pickable(kitty)))


def pickup_choice(kitty: Iterable[Card], k: int, trump: Trump) -> CardChoice:
    """DL-KITTY-8: the ``k`` weakest pickable kitty cards by DL-RANK-6 (b); among equal cards
    for the last slots the player chooses."""
    return extreme_choice(pickable(kitty), k, _pickup_key(trump))


_PICKUP_KEYS: dict[tuple[int, int], tuple[tuple[int, ...], Callable[[Card], int]]] = {}


def _pickup_key(trump: Trump) -> Callable[[Card], int]:
    """``lambda c: -pickup_weight(c, trump)``, from a table per trump (asked for every seat
    between the joker burials, for every number of jokers)."""
    classes = trump.classes  # with the level, all pickup_weight reads of the trump
    key = (id(classes), int(trump.level))
    found = _PICKUP_KEYS.get(key)
    if found is None or found[0] is not classes:
        table = [-pickup_weight(c, trump) for c in ALL_CARDS]
        found = _PICKUP_KEYS[key] = (classes, table.__getitem__)
    return found[1]


@dataclass(frozen=True, slots=True)
class JokerBurial:
    """A non-dealer's burial: ``jokers`` go into the kitty, ``taken`` come out (DL-KITTY-8)."""

    seat: Seat
    jokers: Cards
    taken: Cards


def validate_joker_burial(
    burial: JokerBurial,
    hand: Mapping[Card, int],
    kitty: Sequence[Card],
    dealer: Seat,
    trump: Trump,
    dry_pot: bool = False,
) -> Cards:
    """Check a non-dealer's joker burial (DL-KITTY-3, 6, 8, 9); returns the new kitty, which is
    then shown to all (DL-KITTY-7)."""
    k = len(burial.jokers)
    if dry_pot:
        raise RuleError(Reason.BURY_ILLEGAL, "DL-KITTY-3", "干锅: nobody may bury jokers")
    if burial.seat == dealer:
        raise RuleError(Reason.BURY_ILLEGAL, "DL-KITTY-8", "the dealer buries in his own exchange")
    if k == 0 or not all(c.is_joker for c in burial.jokers):
        raise RuleError(
            Reason.BURY_ILLEGAL,
            "DL-KITTY-8",
            f"only jokers may be buried by others, not {format_cards(burial.jokers)}",
        )
    if not contains(hand, burial.jokers):
        raise RuleError(
            Reason.CARDS_NOT_IN_HAND,
            "DL-KITTY-8",
            f"{burial.seat.name} does not hold {format_cards(burial.jokers)}",
        )
    if not big_jokers_first(hand, burial.jokers):
        raise RuleError(
            Reason.BURY_ILLEGAL, "DL-KITTY-6", "bury the big jokers before any small joker"
        )
    room = len(pickable(kitty))
    if k > room:
        raise RuleError(
            Reason.BURY_ILLEGAL,
            "DL-KITTY-9",
            f"the kitty has {room} non-point, non-joker cards; cannot bury {k} jokers",
            pickable=room,
        )
    choice = pickup_choice(kitty, k, trump)
    if not choice.accepts(burial.taken):
        raise RuleError(
            Reason.PICKUP_WRONG_CARDS,
            "DL-KITTY-8",
            f"take the {k} weakest non-point cards, not {format_cards(burial.taken)}",
            forced=choice.forced,
            pool=choice.pool,
            count=choice.count,
        )
    remove = Counter(burial.taken)
    kept: list[Card] = []
    for c in kitty:
        if remove[c] > 0:
            remove[c] -= 1
        else:
            kept.append(c)
    return (*kept, *burial.jokers)


def legal_joker_burials(
    seat: Seat,
    hand: Mapping[Card, int],
    kitty: Sequence[Card],
    dealer: Seat,
    trump: Trump,
    dry_pot: bool = False,
) -> list[JokerBurial]:
    """Every burial ``seat`` may make now (passing is always allowed besides)."""
    if dry_pot or seat == dealer:
        return []
    out: list[JokerBurial] = []
    for k in range(1, max_joker_burial(hand, kitty) + 1):
        jokers = jokers_for_burial(hand, k)
        for taken in pickup_choice(kitty, k, trump).choices():
            out.append(JokerBurial(seat, jokers, taken))
    return out
