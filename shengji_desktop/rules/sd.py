"""SD (三打一) apart from trick play: bidding, kitty, claims, coins, 流局 (RULES.md §4)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from .cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Hand,
    Rank,
    Seat,
    Suit,
    card_points,
    iter_cards,
    next_seat,
    seat_order,
)
from .errors import Reason, RuleError
from .options import DEFAULT_OPTIONS, Game, Options
from .ranking import TRUMP, Trump

CardsLike = Mapping[Card, int] | Iterable[Card]
"""A hand as a multiset (``Hand``) or as a plain sequence of cards."""

PASS: Final = None
"""A pass in bidding (放弃叫分, SD-BID-1); a bid is an ``int`` or ``PASS``."""

BidValue = int | None

GAME_ROOM_BIDS: Final = (60, 65, 70, 75)
MATCH_ROOM_BIDS: Final = (60, 65, 70)

_MULTIPLIER: Final = {60: 1, 65: 2, 70: 3, 75: 4}
# SD-BID-4: the lowest bid open to the n-th bidder (0-based) while everybody before has passed.
_OPENING_MINIMUM: Final = (60, 60, 65, 70)
_FLIP_THRESHOLD: Final = {60: 70, 65: 60, 70: 50, 75: 40}
_BREAK_SUM: Final = 105
_DRAW_LOSER_FACTOR: Final = 3


def _cards(hand: CardsLike) -> Iterable[Card]:
    return iter_cards(hand) if isinstance(hand, Mapping) else hand


def _kinds(hand: CardsLike) -> Iterable[Card]:
    """The cards held, each kind at least once (order and copies do not matter)."""
    if isinstance(hand, Mapping):
        return [c for c, n in hand.items() if n > 0]
    return hand


# --------------------------------------------------------------------------------------------
# Trump (SD-RANK-1, SD-RANK-2)


def sd_trump(suit: Suit | None, options: Options = DEFAULT_OPTIONS) -> Trump:
    """The hand's ranking: SD has no levels, its 2s sit in the level tiers (SD-RANK-1/2)."""
    return Trump(Game.SD, Rank.TWO, suit, options)


def is_regular_trump(card: Card) -> bool:
    """常主: BJ, SJ and the four 2s, trumps whatever suit is chosen (SD-RANK-1)."""
    return card in (BIG_JOKER, SMALL_JOKER) or card.rank == Rank.TWO


# --------------------------------------------------------------------------------------------
# First bidder (SD-BID-1, SD-DEALER-1)


def first_bidder(
    options: Options = DEFAULT_OPTIONS,
    rng: random.Random | None = None,
    previous: Seat | None = None,
) -> Seat:
    """The first bidder of a hand: drawn at random (``random``) or the previous hand's first
    bidder's 下家 (``rotate``) (SD-BID-1, SD-DEALER-1)."""
    if options.sd_first_bidder == "rotate" and previous is not None:
        # RULES-GAP: "moves one seat ccw"; with play_direction=cw we move to the active 下家,
        # as GEN-SEAT-2 makes every order follow the active direction.
        return next_seat(previous, options.play_direction)
    # RULES-GAP: `rotate` names no seat for the session's first hand; it is drawn at random.
    if rng is None:
        raise ValueError("a random first bidder needs an injected random.Random (GEN-RNG-1)")
    return rng.choice(list(Seat))


# --------------------------------------------------------------------------------------------
# Bidding (SD-BID-1..7)


def room_bids(options: Options = DEFAULT_OPTIONS) -> tuple[int, ...]:
    """The bid values of the room (SD-BID-2)."""
    return GAME_ROOM_BIDS if options.sd_room == "game" else MATCH_ROOM_BIDS


def room_maximum(options: Options = DEFAULT_OPTIONS) -> int:
    """75 in the game room, 70 in the match room; bidding it ends bidding (SD-BID-5)."""
    return room_bids(options)[-1]


def _minimum_bid(position: int, earlier: Sequence[BidValue]) -> tuple[int, str]:
    """Lowest bid open to the bidder at ``position`` (0-based) and the rule that sets it."""
    made = [b for b in earlier if b is not None]
    if made:
        return max(made) + 5, "SD-BID-3"
    return _OPENING_MINIMUM[position], "SD-BID-4"


def _bid_error(
    options: Options, position: int, earlier: Sequence[BidValue], value: BidValue
) -> RuleError | None:
    if value is None:
        return None  # passing is always allowed (SD-BID-1)
    if isinstance(value, bool) or not isinstance(value, int) or value not in room_bids(options):
        return RuleError(
            Reason.BID_INVALID,
            "SD-BID-2",
            f"{value!r} is not a bid of the {options.sd_room} room",
            bid=value,
            allowed=room_bids(options),
        )
    minimum, rule = _minimum_bid(position, earlier)
    if value < minimum:
        return RuleError(
            Reason.BID_TOO_LOW, rule, f"bid {value} is below {minimum}", bid=value, minimum=minimum
        )
    return None


class BiddingStatus(Enum):
    OPEN = "open"
    DEALER = "dealer"  # a dealer and bid are known (SD-BID-5, SD-BID-6)
    DRAW = "draw"  # 流局: all four passed (SD-BID-7)


@dataclass(frozen=True, slots=True)
class BiddingResult:
    status: BiddingStatus
    dealer: Seat | None = None
    bid: int | None = None


@dataclass(frozen=True, slots=True)
class BiddingState:
    """The bidding of one hand: the first bidder and the bids so far in bidding order
    (``PASS`` for a pass). Every player has one turn (SD-BID-1).

    Built states are validated: each recorded bid must have been legal when made.
    """

    first_bidder: Seat
    bids: tuple[BidValue, ...] = ()
    options: Options = DEFAULT_OPTIONS
    order: tuple[Seat, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "order", tuple(seat_order(self.first_bidder, self.options.play_direction))
        )
        if len(self.bids) > 4:
            raise ValueError("each of the four players bids once (SD-BID-1)")
        top = room_maximum(self.options)
        for i, value in enumerate(self.bids):
            if value == top and i != len(self.bids) - 1:
                raise ValueError("no bid may follow the room maximum (SD-BID-5)")
            error = _bid_error(self.options, i, self.bids[:i], value)
            if error is not None:
                raise error

    @property
    def history(self) -> tuple[tuple[Seat, BidValue], ...]:
        return tuple(zip(self.order, self.bids, strict=False))

    @property
    def highest(self) -> tuple[Seat, int] | None:
        """The highest bid so far and who made it (bids strictly increase, SD-BID-3)."""
        best: tuple[Seat, int] | None = None
        for seat, value in self.history:
            if value is not None:
                best = (seat, value)
        return best

    @property
    def is_closed(self) -> bool:
        return len(self.bids) == 4 or (
            bool(self.bids) and self.bids[-1] == room_maximum(self.options)
        )

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is to bid or pass; None once bidding is over."""
        return None if self.is_closed else self.order[len(self.bids)]

    @property
    def last_after_passes(self) -> bool:
        """Whether the player on turn is the last, after three passes: passing makes a 流局
        (SD-BID-7, SD-DRAW)."""
        return len(self.bids) == 3 and all(v is PASS for v in self.bids)

    def result(self) -> BiddingResult:
        """Still open, a dealer with his bid (SD-BID-5/6), or 流局 (SD-BID-7)."""
        if not self.is_closed:
            return BiddingResult(BiddingStatus.OPEN)
        best = self.highest
        if best is None:
            return BiddingResult(BiddingStatus.DRAW)
        return BiddingResult(BiddingStatus.DEALER, dealer=best[0], bid=best[1])

    def minimum_bid(self) -> int | None:
        """Lowest bid the player on turn may make, or None if he may only pass / it is over."""
        if self.is_closed:
            return None
        minimum, _ = _minimum_bid(len(self.bids), self.bids)
        return minimum if minimum <= room_maximum(self.options) else None

    def legal_bids(self) -> tuple[BidValue, ...]:
        """Everything the player on turn may say: ``PASS`` first, then the bids in order."""
        if self.is_closed:
            return ()
        minimum = self.minimum_bid()
        higher = (
            () if minimum is None else tuple(v for v in room_bids(self.options) if v >= minimum)
        )
        return (PASS, *higher)

    def check(self, seat: Seat, value: BidValue) -> None:
        """Raise RuleError unless ``seat`` may say ``value`` now (SD-BID-1..5)."""
        if self.is_closed:
            rule = "SD-BID-5" if len(self.bids) < 4 else "SD-BID-1"
            raise RuleError(Reason.NOT_IN_PHASE, rule, "bidding is over", seat=seat)
        if seat != self.turn:
            raise RuleError(
                Reason.NOT_YOUR_TURN,
                "SD-BID-1",
                f"it is {self.turn.name if self.turn is not None else '-'}'s turn to bid",
                seat=seat,
                turn=self.turn,
            )
        error = _bid_error(self.options, len(self.bids), self.bids, value)
        if error is not None:
            raise error

    def apply(self, seat: Seat, value: BidValue) -> BiddingState:
        """The state after ``seat`` says ``value``; raises RuleError if that is not legal."""
        self.check(seat, value)
        return BiddingState(self.first_bidder, (*self.bids, value), self.options)


# --------------------------------------------------------------------------------------------
# Kitty (SD-KITTY-1..5)


def defenders_may_view_kitty(bid: int) -> bool:
    """After 60 or 65 the defenders may look at the original kitty; after 70/75 not (SD-KITTY-2)."""
    return bid <= 65


def may_view_original_kitty(seat: Seat, bidding: BiddingResult) -> bool:
    """Whether ``seat`` may see the six dealt kitty cards: nobody while bidding is open or after
    a 流局 (SD-KITTY-1), the dealer because he takes them, defenders per SD-KITTY-2."""
    if bidding.status is not BiddingStatus.DEALER or bidding.bid is None:
        return False
    return seat == bidding.dealer or defenders_may_view_kitty(bidding.bid)


def check_view_original_kitty(seat: Seat, bidding: BiddingResult) -> None:
    if not may_view_original_kitty(seat, bidding):
        rule = "SD-KITTY-2" if bidding.status is BiddingStatus.DEALER else "SD-KITTY-1"
        raise RuleError(Reason.KITTY_NOT_VISIBLE, rule, "you may not look at the kitty", seat=seat)


def may_view_buried_kitty(seat: Seat, dealer: Seat) -> bool:
    """The buried six are never shown, not even after the hand; only the dealer knows them
    (SD-KITTY-4)."""
    return seat == dealer


def take_kitty(hand: CardsLike, kitty: Iterable[Card]) -> Hand:
    """The dealer's 18 cards after picking up the kitty (SD-KITTY-3)."""
    return Counter(_cards(hand)) + Counter(kitty)


def trump_choices() -> tuple[Suit, ...]:
    """Any of the four suits; there is no no-trump (SD-KITTY-3)."""
    return tuple(Suit)


def check_trump_choice(choice: Suit | None) -> Suit:
    """Return the chosen trump suit; None (no-trump) or anything else raises (SD-KITTY-3)."""
    if not isinstance(choice, Suit):
        raise RuleError(
            Reason.TRUMP_CHOICE_INVALID,
            "SD-KITTY-3",
            "the dealer must name one of the four suits as trump",
            choice=choice,
        )
    return choice


def bury(hand: CardsLike, buried: Sequence[Card]) -> Hand:
    """Validate burying ``buried`` (any 6 cards of the dealer's 18, points allowed) and return
    the remaining hand (SD-KITTY-4)."""
    cards = Counter(_cards(hand))
    need = Counter(buried)
    if len(buried) != Game.SD.kitty_size:
        raise RuleError(
            Reason.WRONG_NUMBER_OF_CARDS,
            "SD-KITTY-4",
            f"bury exactly {Game.SD.kitty_size} cards, not {len(buried)}",
            count=len(buried),
        )
    missing = need - cards
    if missing:
        raise RuleError(
            Reason.CARDS_NOT_IN_HAND,
            "SD-KITTY-4",
            "you do not hold the cards to bury",
            missing=tuple(iter_cards(missing)),
        )
    return cards - need


def defender_points(tricks: Iterable[tuple[Seat, Iterable[Card]]], dealer: Seat) -> int:
    """*D*: points in tricks (winner, cards) won by the defenders; the kitty is never part of it
    (SD-SCORE-1, SD-KITTY-5, SD-DIG-1). Add a claim's points from ``resolve_claim``."""
    return sum(card_points(cards) for winner, cards in tricks if winner != dealer)


# --------------------------------------------------------------------------------------------
# Claims (甩牌, SD-CLAIM-1..3)


def claim_blocker(
    trump: Trump, claimer_hand: CardsLike, other_hands: Iterable[CardsLike]
) -> tuple[Card, Card] | None:
    """A (claimer's card, other player's card that beats or ruffs it) pair, or None if every
    card of the claimer is unbeatable (SD-CLAIM-1 (i) and (ii))."""
    others = [c for h in other_hands for c in _cards(h)]
    for mine in _cards(claimer_hand):
        cls = trump.suit_class(mine)
        for theirs in others:
            other_cls = trump.suit_class(theirs)
            # Equal cards never beat the claimer: he leads every one of them (SD-RANK-4).
            if other_cls == cls and trump.strength(theirs) > trump.strength(mine):
                return (mine, theirs)
            if cls != TRUMP and other_cls == TRUMP:
                return (mine, theirs)
    return None


def claim_is_legal(trump: Trump, claimer_hand: CardsLike, other_hands: Iterable[CardsLike]) -> bool:
    """Whether the player on lead may lay down his whole hand (SD-CLAIM-1): exactly when
    ``claim_blocker`` finds nothing. Asked before every lead, so it compares the others'
    cards with the claimer's weakest card of each class and stops at the first that beats."""
    classes, strengths = trump.classes, trump.strengths
    weakest: list[int | None] = [None] * (TRUMP + 1)  # the claimer's weakest card per class
    plain = False  # does the claimer hold a card that any trump would ruff?
    for c in _kinds(claimer_hand):
        cls, s = classes[c], strengths[c]
        w = weakest[cls]
        if w is None or s < w:
            weakest[cls] = s
        if cls != TRUMP:
            plain = True
    if weakest == [None] * (TRUMP + 1):
        # RULES-GAP: an empty hand has nothing to claim; the claim is not offered.
        return False
    for h in other_hands:
        for t in _kinds(h):
            cls = classes[t]
            if cls == TRUMP and plain:
                return False
            w = weakest[cls]
            if w is not None and strengths[t] > w:
                return False
    return True


def check_claim(trump: Trump, claimer_hand: CardsLike, other_hands: Iterable[CardsLike]) -> None:
    hand = list(_cards(claimer_hand))
    if not hand:
        raise RuleError(Reason.CLAIM_NOT_ALLOWED, "SD-CLAIM-1", "no cards to claim with")
    if claim_blocker(trump, hand, other_hands) is not None:
        # Which card is beaten, and by what, lies in other hands: the refusal says neither.
        raise RuleError(
            Reason.CLAIM_NOT_ALLOWED, "SD-CLAIM-1", "claim refused: not every card is a winner"
        )


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """A claim's effect: the claimer wins every remaining trick, the last one included
    (SD-CLAIM-2), and ``points_to_defenders`` is added to *D* (SD-CLAIM-3)."""

    claimer: Seat
    points_to_defenders: int

    @property
    def last_trick_winner(self) -> Seat:
        return self.claimer


def resolve_claim(
    claimer: Seat,
    dealer: Seat,
    hands: Mapping[Seat, CardsLike],
    options: Options = DEFAULT_OPTIONS,
) -> ClaimResult:
    """Points a (legal) claim adds to *D*: a dealer's claim nothing; a defender's the point cards
    the three defenders still hold (``defender_hands``) or all remaining (``all_remaining``)."""
    if claimer == dealer:
        return ClaimResult(claimer, 0)
    counted = [
        seat for seat in hands if options.sd_claim_points == "all_remaining" or seat != dealer
    ]
    return ClaimResult(claimer, sum(card_points(_cards(hands[seat])) for seat in counted))


# --------------------------------------------------------------------------------------------
# Scoring and settlement (SD-SCORE-2, SD-DIG-1, SD-COIN-1/2)


def bid_multiplier(bid: int, options: Options = DEFAULT_OPTIONS) -> int:
    """60→1, 65→2, 70→3, 75→4 (match room: 60→1, 65→2, 70→3) (SD-COIN-1)."""
    if bid not in room_bids(options):
        raise ValueError(f"{bid!r} is not a bid of the {options.sd_room} room (SD-BID-2)")
    return _MULTIPLIER[bid]


def hand_stake(bid: int, options: Options = DEFAULT_OPTIONS) -> int:
    """*U* = room base × bid multiplier (SD-COIN-1)."""
    return options.sd_room_base * bid_multiplier(bid, options)


def break_threshold(bid: int) -> int:
    """Smallest *D* that is 破牌: 105 − *b* (SD-SCORE-2)."""
    return _BREAK_SUM - bid


def flip_threshold(bid: int) -> int:
    """F(*b*), the smallest *D* that is 翻牌 (SD-SCORE-2)."""
    return _FLIP_THRESHOLD[bid]


def is_clean(points: int) -> bool:
    """光牌: the defenders took no points (SD-SCORE-2)."""
    return points == 0


def is_broken(points: int, bid: int) -> bool:
    """破牌: *D* + *b* ≥ 105 (SD-SCORE-2)."""
    return points >= break_threshold(bid)


def is_flipped(points: int, bid: int) -> bool:
    """翻牌: *D* ≥ F(*b*) (SD-SCORE-2)."""
    return points >= flip_threshold(bid)


class SDOutcome(Enum):
    """The row of SD-COIN-2 that applied, or a 流局 (SD-DRAW)."""

    DIG_FLIP = "dig_flip"  # 抠底 and 翻牌
    DIG = "dig"  # 抠底
    CLEAN = "clean"  # 光牌
    FLIP = "flip"  # 翻牌
    BREAK = "break"  # 破牌
    MADE = "made"  # the dealer made his bid
    DRAW = "draw"  # 流局

    @property
    def defender_factor(self) -> int:
        """Each defender's coins in units of *U* (SD-COIN-2); 0 for a 流局."""
        return _DEFENDER_FACTOR[self]


_DEFENDER_FACTOR: Final = {
    SDOutcome.DIG_FLIP: 3,
    SDOutcome.DIG: 2,
    SDOutcome.CLEAN: -3,
    SDOutcome.FLIP: 2,
    SDOutcome.BREAK: 1,
    SDOutcome.MADE: -1,
    SDOutcome.DRAW: 0,
}


@dataclass(frozen=True, slots=True)
class SDHandResult:
    """What settlement needs from a played hand. ``defender_points`` is *D* (tricks only, kitty
    excluded, claim points included); ``last_trick_winner`` is the claimer after a claim."""

    dealer: Seat
    bid: int
    defender_points: int
    last_trick_winner: Seat


@dataclass(frozen=True, slots=True)
class SDSettlement:
    """Coins per seat for one hand (they sum to 0). ``stake`` is *U*, or the room base on a
    流局; ``draw_loser`` is set only on a 流局."""

    outcome: SDOutcome
    stake: int
    coins: dict[Seat, int]
    draw_loser: Seat | None = None

    @property
    def defenders_won(self) -> bool:
        return self.outcome.defender_factor > 0


def hand_outcome(bid: int, points: int, dug: bool) -> SDOutcome:
    """The first matching row of SD-COIN-2."""
    if dug:
        return SDOutcome.DIG_FLIP if is_flipped(points, bid) else SDOutcome.DIG
    if is_clean(points):
        return SDOutcome.CLEAN
    if is_flipped(points, bid):
        return SDOutcome.FLIP
    if is_broken(points, bid):
        return SDOutcome.BREAK
    return SDOutcome.MADE


def settle(result: SDHandResult, options: Options = DEFAULT_OPTIONS) -> SDSettlement:
    """Coins of a played hand: each defender ±*U* × factor, the dealer minus their sum
    (SD-SCORE-2, SD-DIG-1, SD-COIN-1, SD-COIN-2)."""
    points = result.defender_points
    if not 0 <= points <= Game.SD.total_points or points % 5:
        raise ValueError(f"defender points must be a multiple of 5 in 0..100, not {points}")
    stake = hand_stake(result.bid, options)
    # SD-DIG-1: digging decides the hand; the kitty's points are never added.
    dug = result.last_trick_winner != result.dealer
    outcome = hand_outcome(result.bid, points, dug)
    each = stake * outcome.defender_factor
    coins = {seat: each for seat in Seat if seat != result.dealer}
    coins[result.dealer] = -3 * each
    return SDSettlement(outcome, stake, dict(sorted(coins.items())))


# --------------------------------------------------------------------------------------------
# 流局 (SD-DRAW-1..6)


def regular_trump_count(hand: CardsLike) -> int:
    """Number of 常主 (BJ, SJ, 2s) in a hand (SD-DRAW-1)."""
    return sum(1 for c in _cards(hand) if is_regular_trump(c))


def draw_loser(
    hands: Mapping[Seat, CardsLike], first: Seat, options: Options = DEFAULT_OPTIONS
) -> Seat:
    """The one loser of a 流局 (SD-DRAW-2..5); ``first`` is the hand's first bidder."""
    order = seat_order(first, options.play_direction)
    cards = {seat: list(_cards(hands.get(seat, ()))) for seat in order}
    counts = {seat: regular_trump_count(cards[seat]) for seat in order}
    most = max(counts.values())
    if most > 0:
        tied = [seat for seat in order if counts[seat] == most]
        for joker in (BIG_JOKER, SMALL_JOKER):  # SD-DRAW-3
            holders = [seat for seat in tied if joker in cards[seat]]
            if holders:
                return holders[0]
        return tied[0]  # SD-DRAW-4
    # SD-DRAW-5. RULES-GAP: no aces either (impossible in a full deal) → earliest bidder.
    aces = {seat: sum(1 for c in cards[seat] if c.rank == Rank.ACE) for seat in order}
    most_aces = max(aces.values())
    return next(seat for seat in order if aces[seat] == most_aces)


def settle_draw(
    hands: Mapping[Seat, CardsLike], first: Seat, options: Options = DEFAULT_OPTIONS
) -> SDSettlement:
    """The loser pays 3 × room base, each other player receives 1 × room base (SD-DRAW-6)."""
    loser = draw_loser(hands, first, options)
    base = options.sd_room_base
    coins = {seat: (-_DRAW_LOSER_FACTOR * base if seat == loser else base) for seat in Seat}
    return SDSettlement(SDOutcome.DRAW, base, coins, draw_loser=loser)


# --------------------------------------------------------------------------------------------
# Session (SD-END-1)


def session_over(hands_played: int, options: Options = DEFAULT_OPTIONS) -> bool:
    """Whether the session has reached ``sd_hands_per_session`` (never when unlimited)."""
    # RULES-GAP: a 流局 is a hand (it is dealt and settled), so it counts.
    limit = options.sd_hands_per_session
    return limit is not None and hands_played >= limit
