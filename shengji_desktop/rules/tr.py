"""TR (two-deck tractor) outside trick play: levels, declarations, dealer, points, settlement.

Owns RULES.md §3.1–3.3, 3.5 (bury), 3.10–3.12. Trick play is ``trick.py``'s. Levels are ``Rank``
values ordered by ``tr_level_base`` (TR-DECK-3, TR-OP-1); arithmetic on them goes through the
level helpers below, never through ``Rank`` ints.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal

from .cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    card_points,
    contains,
    next_seat,
)
from .errors import Reason, RuleError
from .options import DEFAULT_OPTIONS, Game, Options
from .ranking import Trump

# ---------------------------------------------------------------------------- levels

_A_LOW: Final = (Rank.ACE, *(Rank(r) for r in range(2, 14)))
_TWO_LOW: Final = tuple(Rank(r) for r in range(2, 15))


def level_sequence(options: Options = DEFAULT_OPTIONS) -> tuple[Rank, ...]:
    """The 13 levels, lowest first (TR-DECK-3; ``2_low``: 2 … K, A — TR-OP-1)."""
    return _A_LOW if options.tr_level_base == "A_low" else _TWO_LOW


def bottom_level(options: Options = DEFAULT_OPTIONS) -> Rank:
    """Starting level, and the target of every "→ A" of the tables (TR-OP-1)."""
    return level_sequence(options)[0]


def top_level(options: Options = DEFAULT_OPTIONS) -> Rank:
    """K, or A under ``2_low`` (TR-END-1, TR-SETTLE-6 (4))."""
    return level_sequence(options)[-1]


def level_index(level: Rank, options: Options = DEFAULT_OPTIONS) -> int:
    """0 for the bottom level … 12 for the top; also the levels dropped to reach the bottom."""
    seq = level_sequence(options)
    if level not in seq:
        raise ValueError(f"not a TR level: {level!r}")
    return seq.index(level)


def levels_to_bottom(level: Rank, options: Options = DEFAULT_OPTIONS) -> int:
    """Levels the side at ``level`` drops to reach the bottom (the *x* of 轱辘坡, TR-SETTLE-1)."""
    return level_index(level, options)


def level_plus(level: Rank, n: int, options: Options = DEFAULT_OPTIONS) -> Rank:
    """``level`` moved ``n`` levels (negative: down), stopping at the bottom and the top."""
    i = min(max(level_index(level, options) + n, 0), 12)
    return level_sequence(options)[i]


# ---------------------------------------------------------------------------- kitty

KITTY_SIZE: Final = Game.TR.kitty_size


def validate_bury(held: Mapping[Card, int], buried: Sequence[Card]) -> None:
    """TR-KITTY-1/3: the dealer, holding his 25 + the 8 kitty cards, buries any 8 (jokers too)."""
    if len(buried) != KITTY_SIZE:
        raise RuleError(
            Reason.WRONG_NUMBER_OF_CARDS, "TR-KITTY-1", "bury exactly 8 cards", count=len(buried)
        )
    if not contains(held, buried):
        raise RuleError(Reason.CARDS_NOT_IN_HAND, "TR-KITTY-1", "buried cards are not held")


# ---------------------------------------------------------------------------- declarations

SUIT_ORDER: Final = (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS)
"""正主 suit order, lowest first: ♥ > ♦ > ♠ > ♣ (TR-DECL-2)."""


def suit_rank(suit: Suit) -> int:
    return SUIT_ORDER.index(suit)


class TRDeclKind(Enum):
    SINGLE = "亮主"  # one level card; the first one stands (TR-DECL-1)
    PAIR = "正主"  # two identical level cards; overcalls (TR-DECL-2)
    SEAL = "封主"  # the single's declarer shows the second identical card (TR-DECL-3)


@dataclass(frozen=True, slots=True)
class TRDeclaration:
    """A trump declaration: ``seat`` shows level card(s) of ``suit`` (TR-DECL-1..3).

    The standing declaration of a hand is the last accepted one (None before any).
    """

    seat: Seat
    suit: Suit
    kind: TRDeclKind

    def card(self, level: Rank) -> Card:
        return Card.of(self.suit, level)

    @property
    def copies(self) -> int:
        """Copies of the level card the declarer must hold (a seal shows the second one)."""
        return 1 if self.kind is TRDeclKind.SINGLE else 2

    def cards(self, level: Rank) -> tuple[Card, ...]:
        """The level cards on show once this declaration is made."""
        return (self.card(level),) * self.copies


def declarations_closed(standing: TRDeclaration | None, options: Options = DEFAULT_OPTIONS) -> bool:
    """True once nothing can follow: an absolute seal (TR-DECL-3, TR-OP-2)."""
    return standing is not None and standing.kind is TRDeclKind.SEAL and options.tr_seal_absolute


def validate_declaration(
    decl: TRDeclaration,
    standing: TRDeclaration | None,
    hand: Mapping[Card, int],
    level: Rank,
    options: Options = DEFAULT_OPTIONS,
) -> None:
    """Raise RuleError unless ``decl`` may be made now over ``standing`` from ``hand``.

    ``hand`` is what the seat holds so far (shown cards stay in the hand). A later single is
    refused (TR-DECL-1: 以先亮为准 — it would have no effect).
    """
    if declarations_closed(standing, options):
        raise RuleError(Reason.DECLARATION_CLOSED, "TR-DECL-3", "trump is sealed (封主)")
    card = decl.card(level)
    if hand.get(card, 0) < decl.copies:
        raise RuleError(
            Reason.CARDS_NOT_IN_HAND,
            "TR-DECL-1",
            f"{decl.kind.value} needs {decl.copies} × {card}",
            card=card,
            copies=decl.copies,
        )
    if decl.kind is TRDeclKind.SINGLE:
        if standing is not None:
            raise RuleError(
                Reason.DECLARATION_NOT_STRONGER,
                "TR-DECL-1",
                "the first 亮主 stands; a later single has no effect",
            )
        return
    if decl.kind is TRDeclKind.SEAL:
        if (
            standing is None
            or standing.kind is not TRDeclKind.SINGLE
            or standing.seat != decl.seat
            or standing.suit != decl.suit
        ):
            raise RuleError(
                Reason.DECLARATION_INVALID,
                "TR-DECL-3",
                "only the player whose single stands may seal, in its suit",
            )
        return
    # PAIR (正主)
    if standing is None:
        return
    if standing.kind is TRDeclKind.SINGLE:
        if standing.seat == decl.seat and standing.suit == decl.suit:
            raise RuleError(
                Reason.DECLARATION_INVALID,
                "TR-DECL-3",
                "a pair in one's own standing single's suit is a seal (封主)",
            )
        return  # a pair beats a single, in any suit
    if suit_rank(decl.suit) <= suit_rank(standing.suit):
        raise RuleError(
            Reason.DECLARATION_NOT_STRONGER,
            "TR-DECL-2",
            f"a pair must be of a suit above {standing.suit.symbol} (♥ > ♦ > ♠ > ♣)",
            standing=standing.suit,
        )


def declaration_from_cards(
    seat: Seat,
    cards: Sequence[Card],
    standing: TRDeclaration | None,
    hand: Mapping[Card, int],
    level: Rank,
    options: Options = DEFAULT_OPTIONS,
) -> TRDeclaration:
    """Read the cards a player shows as a declaration, validate it and return it.

    One level card is a single, two identical ones a pair; either is the seal when the seat's
    own single stands in that suit (TR-DECL-3). Jokers never declare (TR-DECL-4).
    """
    if not cards or len(cards) > 2:
        raise RuleError(
            Reason.WRONG_NUMBER_OF_CARDS,
            "TR-DECL-2",
            "show one or two level cards",
            count=len(cards),
        )
    if any(c.is_joker for c in cards):
        raise RuleError(Reason.DECLARATION_INVALID, "TR-DECL-4", "jokers cannot declare")
    first = cards[0]
    if first.rank != level or any(c != first for c in cards):
        raise RuleError(
            Reason.DECLARATION_INVALID,
            "TR-DECL-2",
            "declare with one level card or two identical level cards",
        )
    suit = first.suit
    assert suit is not None
    own_single = (
        standing is not None
        and standing.kind is TRDeclKind.SINGLE
        and standing.seat == seat
        and standing.suit == suit
    )
    if own_single:
        kind = TRDeclKind.SEAL
    else:
        kind = TRDeclKind.SINGLE if len(cards) == 1 else TRDeclKind.PAIR
    decl = TRDeclaration(seat, suit, kind)
    validate_declaration(decl, standing, hand, level, options)
    return decl


_DECLARE_ORDER: Final = tuple(reversed(SUIT_ORDER))
# per level: (suit, level card) in _DECLARE_ORDER
_LEVEL_CARDS: Final = {
    rank: tuple((suit, Card.of(suit, rank)) for suit in _DECLARE_ORDER) for rank in _TWO_LOW
}


def legal_declarations(
    seat: Seat,
    hand: Mapping[Card, int],
    standing: TRDeclaration | None,
    level: Rank,
    options: Options = DEFAULT_OPTIONS,
) -> list[TRDeclaration]:
    """Every declaration ``seat`` may make now from ``hand`` (suits in ♥ ♦ ♠ ♣ order, then
    亮主, 正主, 封主): exactly those ``validate_declaration`` accepts.

    Asked for every seat between every card of the deal, so it decides directly instead of
    trying each candidate through ``validate_declaration``.
    """
    out: list[TRDeclaration] = []
    if declarations_closed(standing, options):
        return out
    level_cards = _LEVEL_CARDS.get(level) or [(s, Card.of(s, level)) for s in _DECLARE_ORDER]
    for suit, card in level_cards:
        held = hand.get(card, 0)
        if held <= 0:
            continue
        if standing is None:
            out.append(TRDeclaration(seat, suit, TRDeclKind.SINGLE))
            if held >= 2:
                out.append(TRDeclaration(seat, suit, TRDeclKind.PAIR))
            continue
        if held < 2:
            continue
        own_single = (
            standing.kind is TRDeclKind.SINGLE and standing.seat == seat and standing.suit == suit
        )
        if own_single:
            out.append(TRDeclaration(seat, suit, TRDeclKind.SEAL))
        elif standing.kind is TRDeclKind.SINGLE or suit_rank(suit) > suit_rank(standing.suit):
            out.append(TRDeclaration(seat, suit, TRDeclKind.PAIR))
    return out


def can_declare(
    seat: Seat,
    hand: Mapping[Card, int],
    standing: TRDeclaration | None,
    level: Rank,
    options: Options = DEFAULT_OPTIONS,
) -> bool:
    """``bool(legal_declarations(...))`` without building them: asked for every seat between
    every card of the deal (TR-DECL-1..3)."""
    if declarations_closed(standing, options):
        return False
    for suit, card in _LEVEL_CARDS.get(level) or [(s, Card.of(s, level)) for s in _DECLARE_ORDER]:
        held = hand.get(card, 0)
        if held <= 0:
            continue
        if standing is None:
            return True  # 亮主
        if held >= 2 and (
            standing.kind is TRDeclKind.SINGLE  # 正主 over a single, or 封主 of one's own
            or suit_rank(suit) > suit_rank(standing.suit)
        ):
            return True
    return False


@dataclass(frozen=True, slots=True)
class TRDeclarationWindow:
    """The pass round after the last card (TR-DECL-5 as DL-DECL-8).

    It starts at the dealer, or in hand 1 at the seat dealt the first card, and closes after four
    consecutive passes in play order; a declaration restarts the count at the declarer's 下家.
    """

    to_act: Seat
    passes: int = 0
    direction: Literal["ccw", "cw"] = "ccw"

    @staticmethod
    def start(
        dealer: Seat | None, first_card_seat: Seat, options: Options = DEFAULT_OPTIONS
    ) -> TRDeclarationWindow:
        return TRDeclarationWindow(
            dealer if dealer is not None else first_card_seat, 0, options.play_direction
        )

    @property
    def closed(self) -> bool:
        return self.passes >= 4

    def check_turn(self, seat: Seat) -> None:
        if self.closed:
            raise RuleError(
                Reason.DECLARATION_CLOSED, "TR-DECL-5", "the declaration window is shut"
            )
        if seat != self.to_act:
            raise RuleError(
                Reason.NOT_YOUR_TURN, "TR-DECL-5", f"{self.to_act.name} is to declare or pass"
            )

    def after_pass(self, seat: Seat) -> TRDeclarationWindow:
        self.check_turn(seat)
        return TRDeclarationWindow(next_seat(seat, self.direction), self.passes + 1, self.direction)

    def after_declaration(self, seat: Seat) -> TRDeclarationWindow:
        self.check_turn(seat)
        return TRDeclarationWindow(next_seat(seat, self.direction), 0, self.direction)


def kitty_trump_suit(kitty: Sequence[Card]) -> Suit:
    """底三颗 (TR-DECL-6): the suit of B3 (third card from the bottom); BJ → ♥, SJ → ♠."""
    b3 = kitty[-3]
    if b3 == BIG_JOKER:
        return Suit.HEARTS
    if b3 == SMALL_JOKER:
        return Suit.SPADES
    assert b3.suit is not None
    return b3.suit


def final_trump_suit(standing: TRDeclaration | None, kitty: Sequence[Card]) -> Suit:
    """The hand's trump suit once the window closes (TR-DECL-1..3, else TR-DECL-6)."""
    return standing.suit if standing is not None else kitty_trump_suit(kitty)


def first_hand_dealer(standing: TRDeclaration | None, first_card_seat: Seat) -> Seat:
    """Hand 1 (抢庄): whoever's declaration finally stands, else the seat dealt the first card
    (TR-DEALER-1, TR-OP-3)."""
    return standing.seat if standing is not None else first_card_seat


def next_dealer(dealer: Seat, takeover: bool, options: Options = DEFAULT_OPTIONS) -> Seat:
    """下家 when the defenders 上台 (TR-DEALER-3), else the partner (TR-DEALER-2)."""
    return next_seat(dealer, options.play_direction) if takeover else dealer.partner


# ---------------------------------------------------------------------------- points


def defender_points(
    trick_points: int,
    kitty: Iterable[Card],
    defenders_won_last_trick: bool,
    options: Options = DEFAULT_OPTIONS,
) -> int:
    """*D* (TR-SCORE-1): the defenders' trick points, plus kitty points × m if they dug."""
    kitty_pts = card_points(kitty) if defenders_won_last_trick else 0
    return trick_points + kitty_pts * options.tr_kitty_multiplier


# ---------------------------------------------------------------------------- settlement


class TRRow(Enum):
    """One row of the settlement tables (TR-SETTLE-1..3), for display."""

    # part A (TR-SETTLE-2)
    TAKEOVER = "上台"  # the once-per-hand 2 of part A
    DIG_BIG_JOKER = "大王抠底"
    DIG_SMALL_JOKER = "小王抠底"
    J_TO_BOTTOM = "J到底"
    Q_HALFWAY = "Q半截"
    K_FLIP = "K翻天"
    # part B (TR-SETTLE-1)
    POINTS_ZERO = "0"
    POINTS_UNDER_80 = "(0,80)"
    POINTS_80_140 = "[80,140)"
    POINTS_SLOPE = "轱辘坡"  # [140,200)
    POINTS_200 = "200"
    # part C (TR-SETTLE-3)
    BURIED_BIG_JOKER = "涨包大王"
    BURIED_SMALL_JOKER = "涨包小王"


@dataclass(frozen=True, slots=True)
class TRItem:
    """One applied row: each player of ``team`` gets ``coins`` from each opponent's purse.

    ``levels`` is ``team``'s gain; ``reset_to`` sets the dealer side's level; ``swap`` is K翻天;
    ``takeover`` marks rows that say 上台. ``count`` is the number of jokers a joker row covers.
    """

    part: Literal["A", "B", "C"]
    row: TRRow
    team: Team
    coins: int
    levels: int = 0
    count: int = 1
    reset_to: Rank | None = None
    swap: bool = False
    takeover: bool = False


@dataclass(frozen=True)
class TRHandResult:
    """What settlement needs from a finished hand (TR-SCORE-1, TR-SETTLE-*).

    ``levels`` are the pre-hand team levels; the hand level is the dealer side's (TR-DECK-3).
    ``last_trick_winner`` is the side that won the last trick and ``last_winning_play`` that
    side's winning play in it; ``kitty`` is the final, face-up kitty (TR-KITTY-2).
    """

    dealer: Seat
    levels: Mapping[Team, Rank]
    trump_suit: Suit
    trick_points: int  # points in tricks the defenders won
    last_trick_winner: Team
    last_winning_play: tuple[Card, ...]
    kitty: tuple[Card, ...]

    @property
    def dealer_team(self) -> Team:
        return self.dealer.team

    @property
    def defenders(self) -> Team:
        return self.dealer.team.other

    @property
    def hand_level(self) -> Rank:
        return self.levels[self.dealer.team]

    @property
    def dug(self) -> bool:
        """抠底: the defenders won the last trick (GEN-TRICK-7)."""
        return self.last_trick_winner is self.defenders

    @property
    def kitty_points(self) -> int:
        return card_points(self.kitty)


@dataclass(frozen=True)
class TRSettlement:
    """The outcome of one hand: *D*, coins per seat, new levels, next dealer, match winner.

    ``items`` lists every applied table row (parts A, B, C) for display. When ``match_winner``
    is set the match is over (TR-END-1) and ``next_dealer`` is only what the rule would give.
    """

    points: int  # D
    items: tuple[TRItem, ...]
    coins: dict[Seat, int]
    levels: dict[Team, Rank]
    takeover: bool
    next_dealer: Seat
    match_winner: Team | None = None

    def part(self, part: Literal["A", "B", "C"]) -> tuple[TRItem, ...]:
        return tuple(i for i in self.items if i.part == part)

    def part_coins(self, part: Literal["A", "B", "C"], team: Team) -> int:
        """Net coins per player of ``team`` from one part (negative: paid)."""
        return sum(i.coins if i.team is team else -i.coins for i in self.part(part))

    @property
    def next_level(self) -> Rank:
        """The level of the next hand: the next dealer's team level (TR-DECK-3)."""
        return self.levels[self.next_dealer.team]


_JQK: Final = {
    Rank.JACK: (TRRow.J_TO_BOTTOM, 18),
    Rank.QUEEN: (TRRow.Q_HALFWAY, 12),
    Rank.KING: (TRRow.K_FLIP, 6),
}


def _part_a(hand: TRHandResult, options: Options) -> list[TRItem]:
    """Special digs (TR-SETTLE-2, TR-OP-10)."""
    if not hand.dug or not hand.last_winning_play:
        return []
    defenders = hand.defenders
    play = hand.last_winning_play
    trump = Trump(Game.TR, hand.hand_level, hand.trump_suit, options)
    top = max(play, key=trump.strength)
    items: list[TRItem] = []
    big = play.count(BIG_JOKER)
    small = play.count(SMALL_JOKER)
    if big:
        items.append(TRItem("A", TRRow.DIG_BIG_JOKER, defenders, 6 * big, 3 * big, count=big))
    if small:
        items.append(
            TRItem("A", TRRow.DIG_SMALL_JOKER, defenders, 4 * small, 2 * small, count=small)
        )
    jqk = _JQK.get(hand.hand_level)
    if jqk is not None and (options.tr_jqk_trigger == "level_only" or top.rank == hand.hand_level):
        # RULES-GAP: under level_only a joker dig at J/Q/K also triggers the J/Q/K row; the
        # rows stack like the jokers do ("均可叠加", TR-SETTLE-2).
        row, coins = jqk
        if row is TRRow.J_TO_BOTTOM:
            items.append(TRItem("A", row, defenders, coins, reset_to=bottom_level(options)))
        elif row is TRRow.Q_HALFWAY:
            items.append(TRItem("A", row, defenders, coins, reset_to=Rank.SIX))
        else:
            items.append(TRItem("A", row, defenders, coins, swap=True))
    if items:
        items.insert(0, TRItem("A", TRRow.TAKEOVER, defenders, 2, takeover=True))
    return items


def _part_b(hand: TRHandResult, d: int, options: Options) -> list[TRItem]:
    """Points picked up (TR-SETTLE-1; TR-OP-12: no extra 上台 ±2 in the ≥140 rows)."""
    dealer, defenders = hand.dealer_team, hand.defenders
    if d <= 0:
        return [TRItem("B", TRRow.POINTS_ZERO, dealer, 6, 3)]
    if d < 80:
        return [TRItem("B", TRRow.POINTS_UNDER_80, dealer, 2, 1)]
    if d < 140:
        return [TRItem("B", TRRow.POINTS_80_140, defenders, 2, takeover=True)]
    bottom = bottom_level(options)
    if d < 200:
        # RULES-GAP: x counts from the pre-hand (hand) level even when K翻天 swaps first.
        x = levels_to_bottom(hand.hand_level, options)
        return [TRItem("B", TRRow.POINTS_SLOPE, defenders, 2 * x, reset_to=bottom, takeover=True)]
    # TR-OP-9: D ≥ 200 (possible with ×2) is the 200 row.
    return [TRItem("B", TRRow.POINTS_200, defenders, 20, 3, reset_to=bottom, takeover=True)]


def _part_c(hand: TRHandResult, takeover: bool) -> list[TRItem]:
    """涨包: jokers buried in the face-up kitty go to the side that deals next (TR-SETTLE-3)."""
    team = hand.defenders if takeover else hand.dealer_team
    items: list[TRItem] = []
    big = hand.kitty.count(BIG_JOKER)
    small = hand.kitty.count(SMALL_JOKER)
    if big:
        items.append(TRItem("C", TRRow.BURIED_BIG_JOKER, team, 6 * big, 3 * big, count=big))
    if small:
        items.append(TRItem("C", TRRow.BURIED_SMALL_JOKER, team, 4 * small, 2 * small, count=small))
    return items


def settle(hand: TRHandResult, options: Options = DEFAULT_OPTIONS) -> TRSettlement:
    """Settle one hand: parts A + B + C summed (TR-SETTLE-4), the deal (TR-SETTLE-5), levels in
    the order of TR-SETTLE-6 and the end-of-match test before the cap (TR-END-1)."""
    d = defender_points(hand.trick_points, hand.kitty, hand.dug, options)
    part_a = _part_a(hand, options)
    part_b = _part_b(hand, d, options)
    if part_a and options.tr_special_dig_precedence == "dig_wins":
        # TR-OP-11 (b): the B rows in which the dealer keeps the deal give way to the dig.
        part_b = [i for i in part_b if i.row not in (TRRow.POINTS_ZERO, TRRow.POINTS_UNDER_80)]
    takeover = any(i.takeover for i in (*part_a, *part_b))
    items = (*part_a, *part_b, *_part_c(hand, takeover))

    coins = {seat: 0 for seat in Seat}
    for item in items:
        for seat in Seat:
            coins[seat] += item.coins if seat.team is item.team else -item.coins

    # TR-SETTLE-6: (1) swap, (2) gains, (3) lowest reset of the dealer side, (4) cap.
    index = {team: level_index(hand.levels[team], options) for team in Team}
    if any(i.swap for i in items):
        index = {team: index[team.other] for team in Team}
    for item in items:
        index[item.team] += item.levels
    resets = [level_index(i.reset_to, options) for i in items if i.reset_to is not None]
    if resets:
        index[hand.dealer_team] = min(resets)
    raw = dict(index)

    winner: Team | None = None
    top = level_index(top_level(options), options)
    if (
        options.tr_match_end == "pass_K"
        and level_index(hand.hand_level, options) == top
        and not takeover
        and raw[hand.dealer_team] > top
    ):
        winner = hand.dealer_team
    seq = level_sequence(options)
    levels = {team: seq[min(raw[team], top)] for team in Team}
    return TRSettlement(
        points=d,
        items=items,
        coins=coins,
        levels=levels,
        takeover=takeover,
        next_dealer=next_dealer(hand.dealer, takeover, options),
        match_winner=winner,
    )
