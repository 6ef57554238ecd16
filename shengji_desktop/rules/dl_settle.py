"""DL end of hand (DL-SCORE, DL-SETTLE, DL-END): score, case A–D, levels, blood, match end."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Literal

from .cards import BIG_JOKER, SMALL_JOKER, Card, Seat, Team, card_points, next_seat, prev_seat
from .dl import KITTY_SIZE, MAX_LEVEL, MIN_LEVEL, Cards, TeamLevels
from .options import DEFAULT_OPTIONS, Game, Options

CaseLetter = Literal["A", "B", "C", "D"]

TAKEOVER_SCORE = 120  # DL-SCORE-3, DL-DEALER-2
POINT_BLOOD_LOW = 80  # DL-SETTLE-5: below, the dealer side earns blood
POINT_BLOOD_HIGH = 150  # DL-SETTLE-5: above, the catchers earn blood


class MatchEnd(Enum):
    """Why a match ended (DL-END-1..5)."""

    PASSED_TEN = "passed_ten"  # DL-END-1 打过10
    ZERO_POINTS = "zero_points"  # DL-END-2
    THREE_HUNDRED = "three_hundred"  # DL-END-3
    THREE_BIG_JOKERS = "three_big_jokers"  # DL-END-4
    THREE_SMALL_JOKERS = "three_small_jokers"  # DL-END-5, option dl_three_sj_instant

    @property
    def rule(self) -> str:
        return {
            MatchEnd.PASSED_TEN: "DL-END-1",
            MatchEnd.ZERO_POINTS: "DL-END-2",
            MatchEnd.THREE_HUNDRED: "DL-END-3",
            MatchEnd.THREE_BIG_JOKERS: "DL-END-4",
            MatchEnd.THREE_SMALL_JOKERS: "DL-END-5",
        }[self]


@dataclass(frozen=True, slots=True)
class DLHandOutcome:
    """What settlement needs from a played hand."""

    dealer: Seat
    levels: TeamLevels  # before the hand
    trick_points: int  # points in tricks won by the catchers
    last_trick: Team  # the team that won the last trick
    kitty: Cards  # the final kitty (DL-KITTY-10)
    dry_pot: bool = False  # 干锅 (DL-KITTY-2)
    options: Options = DEFAULT_OPTIONS

    def __post_init__(self) -> None:
        if len(self.kitty) != KITTY_SIZE:
            raise ValueError(f"a DL kitty has {KITTY_SIZE} cards, got {len(self.kitty)}")
        if not 0 <= self.trick_points <= Game.DL.total_points:
            raise ValueError(f"trick points out of range: {self.trick_points}")

    @property
    def dealer_team(self) -> Team:
        return self.dealer.team

    @property
    def catchers(self) -> Team:
        return self.dealer.team.other

    @property
    def dug(self) -> bool:
        """抠底: the catchers won the last trick (GEN-TRICK-7)."""
        return self.last_trick is self.catchers


@dataclass(frozen=True, slots=True)
class DLSettlement:
    """The result of one DL hand."""

    score: int  # S (DL-SCORE-3)
    kitty_points: int
    dug: bool
    case: CaseLetter  # DL-SETTLE-1
    big_jokers: int  # b, in the final kitty (0 in 干锅)
    small_jokers: int  # s
    jokers: int  # J = 2b + s (DL-SETTLE-2, DL-SETTLE-6)
    levels: TeamLevels  # after this hand: gains, cap at 10, DL-OP-15 reset
    point_blood: int  # B_p (DL-SETTLE-5)
    joker_blood: int  # J when the joker reward is enjoyed (cases A, C, D)
    blood: int  # B owed next hand (DL-SETTLE-6); 0 when the match is over
    next_dealer: Seat | None  # None: a new match begins with the BJ race (DL-DEALER-4)
    next_level: int  # the next hand's level (DL-SETTLE-7; 3 in a new match)
    payer: Seat | None  # the next dealer's 上家, when blood is owed (DL-TRIB-2)
    match_winner: Team | None
    end_reason: MatchEnd | None

    @property
    def match_over(self) -> bool:
        return self.match_winner is not None

    @property
    def takeover(self) -> bool:
        """上台: the catchers deal next (cases C, D; DL-DEALER-2)."""
        return self.case in ("C", "D")

    @property
    def next_levels(self) -> TeamLevels:
        """Levels for the next hand: both teams at 3 after a match ends (DL-DEALER-4)."""
        return TeamLevels() if self.match_over else self.levels


def catchers_score(trick_points: int, kitty: Iterable[Card], dug: bool) -> int:
    """DL-SCORE-2/3: S = trick points + twice the final kitty's points when the catchers dig,
    whatever the number of cards in the digging play."""
    return trick_points + (2 * card_points(kitty) if dug else 0)


def settlement_case(score: int, dug: bool) -> CaseLetter:
    """DL-SETTLE-1: A (<120, held), B (<120, dug), C (≥120, held), D (≥120, dug)."""
    if score < TAKEOVER_SCORE:
        return "B" if dug else "A"
    return "D" if dug else "C"


def point_blood(score: int) -> int:
    """DL-SETTLE-5: ⌈(80 − S)/10⌉ below 80 (5 counts as 10), ⌊(S − 150)/10⌋ above 150."""
    if score < POINT_BLOOD_LOW:
        return -(-(POINT_BLOOD_LOW - score) // 10)
    if score > POINT_BLOOD_HIGH:
        return (score - POINT_BLOOD_HIGH) // 10
    return 0


def buried_jokers(kitty: Iterable[Card], dry_pot: bool) -> tuple[int, int]:
    """(b, s): big and small jokers in the final kitty; none count in 干锅 (DL-KITTY-3/10)."""
    if dry_pot:
        return 0, 0
    cards = list(kitty)
    return cards.count(BIG_JOKER), cards.count(SMALL_JOKER)


def next_dealer(dealer: Seat, takeover: bool, options: Options = DEFAULT_OPTIONS) -> Seat:
    """DL-DEALER-3, DL-OP-4: keep → partner (or the same player with dl_keep_deal_seat=same);
    takeover → the old dealer's 下家."""
    if takeover:
        return next_seat(dealer, options.play_direction)
    return dealer.partner if options.dl_keep_deal_seat == "partner" else dealer


def _match_end(
    outcome: DLHandOutcome, score: int, case: CaseLetter, b: int, s: int
) -> tuple[Team, MatchEnd] | None:
    """DL-END-1..5; the instant wins (DL-END-2..5) are tested first and override (DL-OP-14)."""
    dealer_side, catchers = outcome.dealer_team, outcome.catchers
    if score == 0:  # DL-OP-16: the final S
        return dealer_side, MatchEnd.ZERO_POINTS
    if score >= Game.DL.total_points:
        return catchers, MatchEnd.THREE_HUNDRED
    # DL-END-4/5 fire only in cases A (dealer side holds, S < 120) and D (dig, S ≥ 120);
    # b and s are 0 in 干锅 (DL-OP-17).
    if case in ("A", "D"):
        winner = dealer_side if case == "A" else catchers
        if b >= 3:
            return winner, MatchEnd.THREE_BIG_JOKERS
        if s >= 3 and outcome.options.dl_three_sj_instant:
            return winner, MatchEnd.THREE_SMALL_JOKERS
    if case == "A" and outcome.levels.of(dealer_side) == MAX_LEVEL:
        return dealer_side, MatchEnd.PASSED_TEN
    return None


def settle(outcome: DLHandOutcome) -> DLSettlement:
    """Settle one DL hand (DL-SCORE-2/3, DL-SETTLE-1..7, DL-END-1..6, DL-OP-12..17)."""
    options = outcome.options
    dealer_side, catchers = outcome.dealer_team, outcome.catchers
    dug = outcome.dug
    kitty_points = card_points(outcome.kitty)
    score = catchers_score(outcome.trick_points, outcome.kitty, dug)
    case = settlement_case(score, dug)
    b, s = buried_jokers(outcome.kitty, outcome.dry_pot)
    jokers = 2 * b + s

    before = outcome.levels
    levels = before
    if case == "A":
        levels = levels.with_level(dealer_side, min(MAX_LEVEL, before.of(dealer_side) + 1 + jokers))
    elif case == "D":
        levels = levels.with_level(catchers, min(MAX_LEVEL, before.of(catchers) + 1 + jokers))
    if options.dl_last_level_dig_reset == "at_10" and dug and before.of(dealer_side) == MAX_LEVEL:
        levels = levels.with_level(dealer_side, MIN_LEVEL)  # DL-OP-15

    p_blood = point_blood(score)
    j_blood = 0 if case == "B" else jokers  # case B: "扣的王作废"
    common = partial(
        DLSettlement,
        score=score,
        kitty_points=kitty_points,
        dug=dug,
        case=case,
        big_jokers=b,
        small_jokers=s,
        jokers=jokers,
        levels=levels,
        point_blood=p_blood,
        joker_blood=j_blood,
    )
    ended = _match_end(outcome, score, case, b, s)
    if ended is not None:
        # DL-DEALER-4, DL-TRIB-9: a new match, hand-1 rules, no tribute carried over.
        return common(
            blood=0, next_dealer=None, next_level=MIN_LEVEL, payer=None,
            match_winner=ended[0], end_reason=ended[1],
        )  # fmt: skip
    dealer = next_dealer(outcome.dealer, case in ("C", "D"), options)
    blood = p_blood + j_blood
    return common(
        blood=blood,
        next_dealer=dealer,
        next_level=levels.of(dealer.team),
        payer=prev_seat(dealer, options.play_direction) if blood > 0 else None,
        match_winner=None,
        end_reason=None,
    )
