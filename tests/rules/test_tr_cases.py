"""TR cases of RULES_CASES.md outside trick play: declarations, dealer, deal, points, settlement."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_desktop.rules.cards import (
    BIG_JOKER,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    card_points,
    new_deck,
    parse_cards,
)
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import Options
from shengji_desktop.rules.tr import (
    TRDeclaration,
    TRDeclarationWindow,
    TRDeclKind,
    TRHandResult,
    TRRow,
    TRSettlement,
    bottom_level,
    declaration_from_cards,
    declarations_closed,
    defender_points,
    final_trump_suit,
    first_hand_dealer,
    kitty_trump_suit,
    legal_declarations,
    level_index,
    level_plus,
    level_sequence,
    levels_to_bottom,
    settle,
    top_level,
    validate_bury,
    validate_declaration,
)

A, J, Q, K = Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING
TWO_LOW = Options(tr_level_base="2_low")
NS, EW = Team.NS, Team.EW
S, E, N, W = Seat.S, Seat.E, Seat.N, Seat.W


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def kitty(points: int = 0, jokers: str = "") -> tuple[Card, ...]:
    """An 8-card kitty holding ``points`` (multiple of 5) and the given jokers."""
    out = list(cards(jokers))
    tens, five = divmod(points, 10)
    out += [Card.of(Suit.SPADES, Rank.TEN)] * tens + [Card.of(Suit.SPADES, Rank.FIVE)] * (five // 5)
    out += [Card.of(Suit.SPADES, Rank.THREE)] * (8 - len(out))
    assert len(out) == 8 and card_points(out) == points
    return tuple(out)


def hand(
    *,
    dealer: Seat = S,
    ns: Rank,
    ew: Rank = Rank.THREE,
    trump: Suit = Suit.CLUBS,
    trick_points: int,
    last: Team,
    play: str = "♠4",
    kitty_cards: tuple[Card, ...] | None = None,
) -> TRHandResult:
    return TRHandResult(
        dealer=dealer,
        levels={NS: ns, EW: ew},
        trump_suit=trump,
        trick_points=trick_points,
        last_trick_winner=last,
        last_winning_play=cards(play),
        kitty=kitty() if kitty_cards is None else kitty_cards,
    )


def coins_by_team(s: TRSettlement) -> tuple[int, int]:
    """(each NS player, each EW player); asserts partners get the same."""
    assert s.coins[S] == s.coins[N] and s.coins[E] == s.coins[W]
    assert sum(s.coins.values()) == 0
    return s.coins[S], s.coins[E]


# ---------------------------------------------------------------------------- levels


def test_level_sequence_a_low_and_2_low() -> None:
    """TR-DECK-3, TR-OP-1."""
    assert level_sequence() == (A, *(Rank(r) for r in range(2, 14)))
    assert bottom_level() is A and top_level() is K
    assert bottom_level(TWO_LOW) is Rank.TWO and top_level(TWO_LOW) is A
    assert level_plus(Rank.FIVE, 6) is J
    assert level_plus(Q, 3) is K  # stops at the top
    assert level_plus(K, 1, TWO_LOW) is A
    assert level_plus(Rank.THREE, -5) is A
    assert levels_to_bottom(Rank.EIGHT) == 7  # A, 2, …, 8
    assert levels_to_bottom(Rank.EIGHT, TWO_LOW) == 6
    assert level_index(A) == 0 and level_index(A, TWO_LOW) == 12


# ---------------------------------------------------------------------------- declarations


def test_case_tr_13_declarations_hand1() -> None:
    """CASE-TR-13: 亮主, later single refused, 正主 by suit order, re-正主.

    Rules: TR-DECL-1, TR-DECL-2, TR-DEALER-1, TR-OP-2, TR-OP-3.
    """
    level = A
    hands = {
        W: Counter(cards("♥A")),
        S: Counter(cards("♣A")),
        E: Counter(cards("♠A ♠A")),
        N: Counter(cards("♦A ♦A")),
    }
    # 1. W shows ♥A → trump ♥, W would be dealer.
    standing = declaration_from_cards(W, cards("♥A"), None, hands[W], level)
    assert standing == TRDeclaration(W, Suit.HEARTS, TRDeclKind.SINGLE)
    assert final_trump_suit(standing, kitty()) is Suit.HEARTS
    assert first_hand_dealer(standing, first_card_seat=E) is W
    # 2. S shows ♣A (single) → no effect: refused, the standing declaration is unchanged.
    with pytest.raises(RuleError) as err:
        declaration_from_cards(S, cards("♣A"), standing, hands[S], level)
    assert err.value.reason is Reason.DECLARATION_NOT_STRONGER and err.value.rule == "TR-DECL-1"
    assert legal_declarations(S, hands[S], standing, level) == []
    # 3. E shows ♠A♠A → legal, trump ♠.
    standing = declaration_from_cards(E, cards("♠A ♠A"), standing, hands[E], level)
    assert standing == TRDeclaration(E, Suit.SPADES, TRDeclKind.PAIR)
    # 4. N shows ♦A♦A → legal (♦ > ♠), trump ♦.
    standing = declaration_from_cards(N, cards("♦A ♦A"), standing, hands[N], level)
    assert final_trump_suit(standing, kitty()) is Suit.DIAMONDS
    # 5. S (now holding ♣A♣A) shows ♣A♣A → illegal (♣ < ♦).
    hands[S][Card.of(Suit.CLUBS, A)] += 1
    with pytest.raises(RuleError) as err:
        declaration_from_cards(S, cards("♣A ♣A"), standing, hands[S], level)
    assert err.value.reason is Reason.DECLARATION_NOT_STRONGER and err.value.rule == "TR-DECL-2"
    # 6. W, now holding the second ♥A, shows ♥A♥A → legal (♥ > ♦), trump ♥.
    hands[W][Card.of(Suit.HEARTS, A)] += 1
    assert legal_declarations(W, hands[W], standing, level) == [
        TRDeclaration(W, Suit.HEARTS, TRDeclKind.PAIR)
    ]
    standing = declaration_from_cards(W, cards("♥A ♥A"), standing, hands[W], level)
    assert standing == TRDeclaration(W, Suit.HEARTS, TRDeclKind.PAIR)
    # Expected: trump ♥, dealer W.
    assert final_trump_suit(standing, kitty()) is Suit.HEARTS
    assert first_hand_dealer(standing, first_card_seat=E) is W


@pytest.mark.parametrize("absolute", [True, False])
def test_seal(absolute: bool) -> None:
    """TR-DECL-3, TR-OP-2: the single's declarer seals; absolute or not (tr_seal_absolute)."""
    opts = Options(tr_seal_absolute=absolute)
    level = Rank.SEVEN
    single = TRDeclaration(S, Suit.DIAMONDS, TRDeclKind.SINGLE)
    s_hand = Counter(cards("♦7 ♦7"))
    assert TRDeclaration(S, Suit.DIAMONDS, TRDeclKind.SEAL) in legal_declarations(
        S, s_hand, single, level, opts
    )
    sealed = declaration_from_cards(S, cards("♦7 ♦7"), single, s_hand, level, opts)
    assert sealed == TRDeclaration(S, Suit.DIAMONDS, TRDeclKind.SEAL)
    assert declarations_closed(sealed, opts) is absolute
    e_hand = Counter(cards("♥7 ♥7 ♠7 ♠7"))
    hearts = TRDeclaration(E, Suit.HEARTS, TRDeclKind.PAIR)
    spades = TRDeclaration(E, Suit.SPADES, TRDeclKind.PAIR)
    if absolute:
        for decl in (hearts, spades):
            with pytest.raises(RuleError) as err:
                validate_declaration(decl, sealed, e_hand, level, opts)
            assert err.value.reason is Reason.DECLARATION_CLOSED
        assert legal_declarations(E, e_hand, sealed, level, opts) == []
    else:
        # A non-absolute seal is a 正主 pair in its suit.
        assert legal_declarations(E, e_hand, sealed, level, opts) == [hearts]
        with pytest.raises(RuleError) as err:
            validate_declaration(spades, sealed, e_hand, level, opts)
        assert err.value.reason is Reason.DECLARATION_NOT_STRONGER


def test_seal_only_by_the_standing_single() -> None:
    """TR-DECL-3: no seal after the single was overcalled; no seal by another seat."""
    level = Rank.SEVEN
    pair = TRDeclaration(E, Suit.SPADES, TRDeclKind.PAIR)
    with pytest.raises(RuleError) as err:
        validate_declaration(
            TRDeclaration(S, Suit.CLUBS, TRDeclKind.SEAL), pair, Counter(cards("♣7 ♣7")), level
        )
    assert err.value.reason is Reason.DECLARATION_INVALID
    # Once overcalled, the same two cards are an ordinary (here too low) pair.
    with pytest.raises(RuleError) as err:
        declaration_from_cards(S, cards("♣7 ♣7"), pair, Counter(cards("♣7 ♣7")), level)
    assert err.value.reason is Reason.DECLARATION_NOT_STRONGER


def test_declaration_needs_held_level_cards_and_no_jokers() -> None:
    """TR-DECL-1, TR-DECL-4."""
    level = Rank.SEVEN
    with pytest.raises(RuleError) as err:
        declaration_from_cards(S, [BIG_JOKER], None, Counter([BIG_JOKER]), level)
    assert err.value.rule == "TR-DECL-4"
    with pytest.raises(RuleError) as err:
        declaration_from_cards(S, cards("♣8"), None, Counter(cards("♣8")), level)
    assert err.value.reason is Reason.DECLARATION_INVALID
    with pytest.raises(RuleError) as err:
        declaration_from_cards(S, cards("♣7 ♣7"), None, Counter(cards("♣7")), level)
    assert err.value.reason is Reason.CARDS_NOT_IN_HAND
    # A first declaration may be a pair straight away.
    assert legal_declarations(S, Counter(cards("♣7 ♣7 ♥7")), None, level) == [
        TRDeclaration(S, Suit.HEARTS, TRDeclKind.SINGLE),
        TRDeclaration(S, Suit.CLUBS, TRDeclKind.SINGLE),
        TRDeclaration(S, Suit.CLUBS, TRDeclKind.PAIR),
    ]


def test_declaration_window() -> None:
    """TR-DECL-5: pass round from the dealer (hand 1: first-card seat); four passes close it."""
    win = TRDeclarationWindow.start(None, first_card_seat=N)
    assert win.to_act is N
    with pytest.raises(RuleError) as err:
        win.after_pass(S)
    assert err.value.reason is Reason.NOT_YOUR_TURN
    win = win.after_pass(N).after_pass(W)
    win = win.after_declaration(S)  # restarts the count at E
    assert win.to_act is E and win.passes == 0
    for seat in (E, N, W):
        win = win.after_pass(seat)
    assert not win.closed
    win = win.after_pass(S)
    assert win.closed
    assert TRDeclarationWindow.start(W, first_card_seat=N).to_act is W


# ---------------------------------------------------------------------------- 底三颗, dealer, deal


@pytest.mark.parametrize(
    ("b3", "suit"), [("BJ", Suit.HEARTS), ("SJ", Suit.SPADES), ("♦Q", Suit.DIAMONDS)]
)
def test_case_tr_15_kitty_b3(b3: str, suit: Suit) -> None:
    """CASE-TR-15: B1 ♣4, B2 ♦9, B3 → trump (TR-DECL-6)."""
    kit = cards(f"♠3 ♠3 ♠3 ♠3 ♠3 {b3} ♦9 ♣4")  # pack order: last = B1
    assert kitty_trump_suit(kit) is suit
    assert final_trump_suit(None, kit) is suit


def test_case_tr_15_no_declaration_dealer_is_first_card_seat() -> None:
    """CASE-TR-15: hand 1, no declaration → dealer = the seat dealt the first card (TR-OP-3); a
    standing declaration names its declarer (TR-DEALER-1). The engine's deal: test_deal.py."""
    for seat in Seat:
        assert first_hand_dealer(None, seat) is seat
    assert first_hand_dealer(TRDeclaration(E, Suit.SPADES, TRDeclKind.SINGLE), S) is E


def test_case_tr_32_bury_any_eight() -> None:
    """CASE-TR-32: the dealer holding 25 + 8 buries any 8, jokers included (TR-KITTY-1/3); the
    pack holds 200 points (GEN-PTS-1). The deal itself is the engine's: test_deal.py."""
    pack = new_deck(2)
    assert len(pack) == 108 and card_points(pack) == 200
    held = Counter(pack[:33])
    validate_bury(held, pack[25:33])
    with pytest.raises(RuleError) as err:
        validate_bury(held, pack[25:32])
    assert err.value.reason is Reason.WRONG_NUMBER_OF_CARDS
    with pytest.raises(RuleError) as err:
        validate_bury(Counter({cards("♠3")[0]: 8}), [BIG_JOKER] * 8)
    assert err.value.reason is Reason.CARDS_NOT_IN_HAND
    buried = cards("BJ BJ SJ SJ ♠3 ♠3 ♠3 ♠3")
    validate_bury(Counter(buried + cards("♠3 ♠3")), list(buried))


# ---------------------------------------------------------------------------- settlement


def test_case_tr_16_d_under_80() -> None:
    """CASE-TR-16: D = 55 → NS +2, NS → 6, next dealer N at 6 (TR-SETTLE-1/5, TR-DEALER-2)."""
    s = settle(hand(ns=Rank.FIVE, ew=Rank.THREE, trick_points=55, last=NS))
    assert s.points == 55
    assert s.coins == {S: 2, N: 2, E: -2, W: -2}
    assert s.levels[NS] is Rank.SIX and s.levels[EW] is Rank.THREE
    assert s.next_dealer is N and s.next_level is Rank.SIX
    assert not s.takeover and s.match_winner is None


def test_case_tr_17_d_zero() -> None:
    """CASE-TR-17: D = 0 → NS +6, EW −6, NS → 8, next dealer N (TR-SETTLE-1)."""
    s = settle(hand(ns=Rank.FIVE, ew=Rank.THREE, trick_points=0, last=NS))
    assert coins_by_team(s) == (6, -6)
    assert s.levels[NS] is Rank.EIGHT and s.next_dealer is N


def test_case_tr_18_d_80_to_140() -> None:
    """CASE-TR-18: D = 95 → EW +2, no level change, next dealer E at 3 (TR-DEALER-3)."""
    s = settle(hand(ns=Rank.FIVE, ew=Rank.THREE, trick_points=95, last=NS))
    assert coins_by_team(s) == (-2, 2)
    assert s.levels == {NS: Rank.FIVE, EW: Rank.THREE}
    assert s.next_dealer is E and s.next_level is Rank.THREE and s.takeover


@pytest.mark.parametrize(("opts", "bottom"), [(Options(), A), (TWO_LOW, Rank.TWO)])
def test_case_tr_20_d_200(opts: Options, bottom: Rank) -> None:
    """CASE-TR-20: D = 200 → NS → A (2_low: 2), EW → 7; EW +20; next dealer E at 7."""
    s = settle(hand(ns=Rank.EIGHT, ew=Rank.FOUR, trick_points=200, last=NS), opts)
    assert s.levels == {NS: bottom, EW: Rank.SEVEN}
    assert coins_by_team(s) == (-20, 20)
    assert s.next_dealer is E and s.next_level is Rank.SEVEN


def test_case_tr_21_big_joker_dig_cumulative() -> None:
    """CASE-TR-21 (cumulative): A EW +2 +6, B NS +2 → EW +6; EW → 7, NS → 7; E deals at 7."""
    h = hand(
        ns=Rank.SIX,
        ew=Rank.FOUR,
        trump=Suit.HEARTS,
        trick_points=40,
        last=EW,
        play="BJ",
        kitty_cards=kitty(10),
    )
    s = settle(h)
    assert s.points == 50
    assert s.part_coins("A", EW) == 8 and s.part_coins("B", NS) == 2
    assert [i.row for i in s.part("A")] == [TRRow.TAKEOVER, TRRow.DIG_BIG_JOKER]
    assert coins_by_team(s) == (-6, 6)
    assert s.levels == {NS: Rank.SEVEN, EW: Rank.SEVEN}
    assert s.next_dealer is E and s.next_level is Rank.SEVEN


def test_case_tr_21_big_joker_dig_dig_wins() -> None:
    """CASE-TR-21 (dig_wins): EW +8, NS −8; EW → 7; NS stays 6 (TR-OP-11)."""
    h = hand(
        ns=Rank.SIX,
        ew=Rank.FOUR,
        trump=Suit.HEARTS,
        trick_points=40,
        last=EW,
        play="BJ",
        kitty_cards=kitty(10),
    )
    s = settle(h, Options(tr_special_dig_precedence="dig_wins"))
    assert coins_by_team(s) == (-8, 8)
    assert s.levels == {NS: Rank.SIX, EW: Rank.SEVEN}
    assert s.part("B") == () and s.next_dealer is E


@pytest.mark.parametrize(("opts", "bottom"), [(Options(), A), (TWO_LOW, Rank.TWO)])
def test_case_tr_23_j_to_bottom(opts: Options, bottom: Rank) -> None:
    """CASE-TR-23: W digs with ♠J at level J: EW +22; NS → A (2_low: 2); EW 9; E deals at 9."""
    h = hand(
        ns=J,
        ew=Rank.NINE,
        trump=Suit.DIAMONDS,
        trick_points=70,
        last=EW,
        play="♠J",
        kitty_cards=kitty(15),
    )
    s = settle(h, opts)
    assert s.points == 85
    assert s.part_coins("A", EW) == 20 and s.part_coins("B", EW) == 2
    assert coins_by_team(s) == (-22, 22)
    assert s.levels == {NS: bottom, EW: Rank.NINE}
    assert s.next_dealer is E and s.next_level is Rank.NINE


def test_case_tr_23_variation_big_joker() -> None:
    """CASE-TR-23 variation: BJ instead → A 2+6, B +2 → EW +10; EW → Q; NS stays J."""
    h = hand(
        ns=J,
        ew=Rank.NINE,
        trump=Suit.DIAMONDS,
        trick_points=70,
        last=EW,
        play="BJ",
        kitty_cards=kitty(15),
    )
    s = settle(h)
    assert coins_by_team(s) == (-10, 10)
    assert s.levels == {NS: J, EW: Q}
    assert s.next_dealer is E


def test_case_tr_24_q_halfway() -> None:
    """CASE-TR-24: E digs with ♦Q at level Q: EW +12; NS Q+1 = K then → 6; EW 6; E deals at 6."""
    s = settle(hand(ns=Q, ew=Rank.SIX, trump=Suit.DIAMONDS, trick_points=30, last=EW, play="♦Q"))
    assert s.part_coins("A", EW) == 14 and s.part_coins("B", NS) == 2
    assert coins_by_team(s) == (-12, 12)
    assert s.levels == {NS: Rank.SIX, EW: Rank.SIX}
    assert s.next_dealer is E and s.next_level is Rank.SIX


def test_case_tr_24_trigger_option() -> None:
    """CASE-TR-24: ♦A dig → Q半截 under level_only; no part A under level_and_card (TR-OP-10)."""
    h = hand(ns=Q, ew=Rank.SIX, trump=Suit.DIAMONDS, trick_points=30, last=EW, play="♦A")
    s = settle(h, Options(tr_jqk_trigger="level_only"))
    assert [i.row for i in s.part("A")] == [TRRow.TAKEOVER, TRRow.Q_HALFWAY]
    assert coins_by_team(s) == (-12, 12)
    assert s.levels[NS] is Rank.SIX and s.next_dealer is E
    s = settle(h)
    assert s.part("A") == ()
    assert coins_by_team(s) == (2, -2)
    assert s.levels[NS] is K and s.next_dealer is N


def test_case_tr_26_buried_jokers_dealer_continues() -> None:
    """CASE-TR-26: B +2, C +6 +4 → NS +12; NS → 5+1+3+2 = J; next dealer N (TR-SETTLE-3/4)."""
    h = hand(ns=Rank.FIVE, trick_points=60, last=NS, kitty_cards=kitty(0, "BJ SJ"))
    s = settle(h)
    assert s.part_coins("C", NS) == 10
    assert coins_by_team(s) == (12, -12)
    assert s.levels[NS] is J and s.next_dealer is N


@pytest.mark.parametrize(
    ("mult", "d", "ns_coins", "ns_level", "dealer"),
    [(1, 75, 2, Rank.SIX, N), (2, 100, -2, Rank.FIVE, E)],
)
def test_case_tr_28_kitty_multiplier(
    mult: int, d: int, ns_coins: int, ns_level: Rank, dealer: Seat
) -> None:
    """CASE-TR-28: E digs with ♣A; EW 50 + kitty 25 × m (TR-SCORE-1, TR-OP-9)."""
    opts = Options(tr_kitty_multiplier=1 if mult == 1 else 2)
    h = hand(
        ns=Rank.FIVE,
        ew=Rank.FOUR,
        trump=Suit.CLUBS,
        trick_points=50,
        last=EW,
        play="♣A",
        kitty_cards=kitty(25),
    )
    s = settle(h, opts)
    assert s.points == d
    assert coins_by_team(s) == (ns_coins, -ns_coins)
    assert s.levels == {NS: ns_level, EW: Rank.FOUR}
    assert s.next_dealer is dealer


def test_case_tr_29_match_won_at_k() -> None:
    """CASE-TR-29: NS at K keep the deal with D = 40 → NS win (pass_K); none → stay K, N deals."""
    h = hand(ns=K, trick_points=40, last=NS)
    s = settle(h)
    assert s.match_winner is NS
    assert coins_by_team(s) == (2, -2)
    s = settle(h, Options(tr_match_end="none"))
    assert s.match_winner is None
    assert s.levels[NS] is K and s.next_dealer is N


def test_match_won_at_a_under_2_low() -> None:
    """TR-END-1 with tr_level_base=2_low: the top is A."""
    assert settle(hand(ns=A, trick_points=40, last=NS), TWO_LOW).match_winner is NS
    s = settle(hand(ns=K, trick_points=40, last=NS), TWO_LOW)
    assert s.match_winner is None and s.levels[NS] is A


# ---------------------------------------------------------------------------- extra edges


def test_gains_stop_at_the_top_without_winning() -> None:
    """TR-END-1, TR-SETTLE-6 (4): a jump past K from Q stops at K; no match win."""
    s = settle(hand(ns=Q, trick_points=0, last=NS))
    assert s.levels[NS] is K and s.match_winner is None
    # Defenders' gains stop at K too.
    s = settle(hand(ns=Rank.FIVE, ew=J, trick_points=30, last=EW, play="BJ BJ"))
    assert s.levels[EW] is K and s.match_winner is None


@pytest.mark.parametrize(("opts", "coins"), [(Options(), 14), (TWO_LOW, 12)])
def test_slope_coins_are_levels_to_bottom(opts: Options, coins: int) -> None:
    """TR-SETTLE-1 轱辘坡: defenders +2·x, x = levels the dealer side drops to the bottom."""
    s = settle(hand(ns=Rank.EIGHT, ew=Rank.FOUR, trick_points=150, last=NS), opts)
    assert coins_by_team(s) == (-coins, coins)
    assert s.levels == {NS: bottom_level(opts), EW: Rank.FOUR}
    assert s.next_dealer is E


def test_d_over_200_is_the_200_row() -> None:
    """TR-OP-9: with ×2 the kitty can push D past 200; it is the 200 row."""
    h = hand(
        ns=Rank.EIGHT,
        ew=Rank.FOUR,
        trick_points=180,
        last=EW,
        play="♠A",
        kitty_cards=kitty(20),
    )
    s = settle(h, Options(tr_kitty_multiplier=2))
    assert s.points == 220
    assert [i.row for i in s.part("B")] == [TRRow.POINTS_200]


def test_small_jokers_stack_and_buried_jokers_go_to_the_new_dealer() -> None:
    """TR-SETTLE-2/3: SJ SJ dig stacks; buried BJ then goes to the defenders who 上台."""
    h = hand(
        ns=Rank.FIVE,
        ew=Rank.FOUR,
        trump=Suit.HEARTS,
        trick_points=90,
        last=EW,
        play="SJ SJ",
        kitty_cards=kitty(0, "BJ"),
    )
    s = settle(h)
    assert s.points == 90
    # A: 2 + 4·2; B: +2; C: +6 — all to EW.
    assert coins_by_team(s) == (-18, 18)
    assert s.levels == {NS: Rank.FIVE, EW: Rank(4 + 4 + 3)}
    assert s.next_dealer is E


def test_k_flip_swaps_then_adds_gains() -> None:
    """K翻天 (TR-SETTLE-2/6): swap, then gains; E digs with ♥K at level K."""
    h = hand(ns=K, ew=Rank.FIVE, trump=Suit.SPADES, trick_points=100, last=EW, play="♥K")
    s = settle(h)
    assert s.part_coins("A", EW) == 8
    assert coins_by_team(s) == (-10, 10)
    assert s.levels == {NS: Rank.FIVE, EW: K}
    assert s.next_dealer is E and s.match_winner is None


def test_lowest_reset_wins() -> None:
    """TR-SETTLE-6 (3): Q半截 with 轱辘坡 → the dealer side goes to A, not 6."""
    h = hand(ns=Q, ew=Rank.SIX, trump=Suit.DIAMONDS, trick_points=150, last=EW, play="♣Q")
    s = settle(h)
    assert s.levels[NS] is A
    assert s.part_coins("A", EW) == 14 and s.part_coins("B", EW) == 2 * 11


def test_dealer_side_winning_last_trick_has_no_part_a() -> None:
    """TR-SETTLE-2: part A needs the defenders to win the last trick."""
    s = settle(hand(ns=J, trick_points=30, last=NS, play="BJ", kitty_cards=kitty(20)))
    assert s.points == 30 and s.part("A") == ()


def test_defender_points() -> None:
    """TR-SCORE-1."""
    kit = kitty(25)
    assert defender_points(50, kit, True) == 75
    assert defender_points(50, kit, False) == 50
    assert defender_points(50, kit, True, Options(tr_kitty_multiplier=2)) == 100


def test_tr_win_2_ruff_of_a_throw_of_two_tractors() -> None:
    """TR-WIN-2: a throw made only of tractors, ruffed by trumps forming the same tractors
    exactly, is won by the ruff (found by the arena: the referee used to crash here)."""
    from shengji_desktop.rules.cards import Rank, Suit, parse_cards
    from shengji_desktop.rules.options import Game
    from shengji_desktop.rules.ranking import Trump
    from shengji_desktop.rules.trick import Shape, TrickRules

    rules = TrickRules(Trump(Game.TR, Rank.TWO, Suit.HEARTS))
    fmt = rules.lead_format(parse_cards("♠3 ♠3 ♠4 ♠4 ♠8 ♠8 ♠9 ♠9"))
    assert [u.shape for u in fmt.units] == [Shape.TRACTOR, Shape.TRACTOR]
    ruff = parse_cards("♥3 ♥3 ♥4 ♥4 ♥6 ♥6 ♥7 ♥7")
    broken = parse_cards("♥3 ♥3 ♥4 ♥4 ♥6 ♥6 ♥7 ♥9")
    assert rules.winner(fmt, [fmt.lead, broken, ruff]) == 2
    assert rules.winner(fmt, [fmt.lead, broken]) == 0
