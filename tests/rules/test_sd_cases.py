"""SD (三打一) cases of RULES_CASES.md outside trick play, plus edges of RULES.md §4."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from shengji_desktop.rules.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Rank,
    Seat,
    Suit,
    card_points,
    new_deck,
    parse_cards,
)
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import DEFAULT_OPTIONS, Options
from shengji_desktop.rules.sd import (
    PASS,
    BiddingResult,
    BiddingState,
    BiddingStatus,
    BidValue,
    SDHandResult,
    SDOutcome,
    bid_multiplier,
    break_threshold,
    bury,
    check_claim,
    check_trump_choice,
    check_view_original_kitty,
    claim_is_legal,
    defender_points,
    defenders_may_view_kitty,
    draw_loser,
    first_bidder,
    flip_threshold,
    hand_outcome,
    hand_stake,
    may_view_buried_kitty,
    may_view_original_kitty,
    regular_trump_count,
    resolve_claim,
    room_bids,
    sd_trump,
    session_over,
    settle,
    settle_draw,
    take_kitty,
    trump_choices,
)

MATCH = Options(sd_room="match")
S, E, N, W = Seat.S, Seat.E, Seat.N, Seat.W


def bids(first: Seat, *values: BidValue, options: Options = DEFAULT_OPTIONS) -> BiddingState:
    state = BiddingState(first, options=options)
    for value in values:
        turn = state.turn
        assert turn is not None
        state = state.apply(turn, value)
    return state


def refused(state: BiddingState, seat: Seat, value: BidValue) -> RuleError:
    with pytest.raises(RuleError) as info:
        state.apply(seat, value)
    return info.value


# --- bidding ---------------------------------------------------------------------------------


def test_case_sd_01_third_bidder_must_start_at_65() -> None:
    """CASE-SD-01 (SD-BID-1, SD-BID-3, SD-BID-4, SD-COIN-1)."""
    state = BiddingState(E)
    assert state.order == (E, N, W, S)
    state = state.apply(E, PASS).apply(N, PASS)
    error = refused(state, W, 60)
    assert (error.reason, error.rule) == (Reason.BID_TOO_LOW, "SD-BID-4")
    state = state.apply(W, 65)
    state = state.apply(S, 70)
    assert state.result() == BiddingResult(BiddingStatus.DEALER, dealer=S, bid=70)
    assert hand_stake(70) == 3


def test_case_sd_03_fourth_bidder_after_three_passes_starts_at_70() -> None:
    """CASE-SD-03 (SD-BID-4)."""
    state = bids(E, PASS, PASS, PASS)
    assert state.turn == S
    assert state.legal_bids() == (PASS, 70, 75)
    error = refused(state, S, 65)
    assert (error.reason, error.rule) == (Reason.BID_TOO_LOW, "SD-BID-4")
    assert state.apply(S, 70).result() == BiddingResult(BiddingStatus.DEALER, dealer=S, bid=70)
    assert state.apply(S, 75).result() == BiddingResult(BiddingStatus.DEALER, dealer=S, bid=75)


def test_case_sd_04_match_room_maximum_ends_bidding() -> None:
    """CASE-SD-04 (SD-BID-2, SD-BID-5)."""
    start = BiddingState(E, options=MATCH)
    error = refused(start, E, 75)
    assert (error.reason, error.rule) == (Reason.BID_INVALID, "SD-BID-2")
    state = start.apply(E, PASS)
    assert refused(state, N, 75).reason is Reason.BID_INVALID
    state = state.apply(N, 70)
    assert state.result() == BiddingResult(BiddingStatus.DEALER, dealer=N, bid=70)
    assert state.turn is None
    assert state.legal_bids() == ()
    for seat in (W, S):
        error = refused(state, seat, PASS)
        assert (error.reason, error.rule) == (Reason.NOT_IN_PHASE, "SD-BID-5")


def test_case_sd_05_strictly_increasing_bids_and_game_room_maximum() -> None:
    """CASE-SD-05 (SD-BID-3, SD-BID-5)."""
    state = bids(E, 65)
    for value in (65, 60):
        error = refused(state, N, value)
        assert (error.reason, error.rule) == (Reason.BID_TOO_LOW, "SD-BID-3")
    state = state.apply(N, 70)
    state = state.apply(W, 75)
    assert state.result() == BiddingResult(BiddingStatus.DEALER, dealer=W, bid=75)
    assert state.turn is None
    assert refused(state, S, PASS).reason is Reason.NOT_IN_PHASE


def test_case_sd_06_everybody_passes_is_a_draw() -> None:
    """CASE-SD-06 (SD-BID-7)."""
    state = bids(E, PASS, PASS, PASS, PASS)
    assert state.result() == BiddingResult(BiddingStatus.DRAW)
    assert state.turn is None


def test_fourth_bidder_may_bid_65_after_a_60() -> None:
    """SD-BID-4: once someone has bid, SD-BID-3 alone applies ([S004:15])."""
    state = bids(E, 60, PASS, PASS)
    assert state.legal_bids() == (PASS, 65, 70, 75)
    assert state.apply(S, 65).result() == BiddingResult(BiddingStatus.DEALER, dealer=S, bid=65)


def test_match_room_minimums() -> None:
    """SD-BID-2, SD-BID-4: the match room's 4th bidder after three passes may only bid 70."""
    assert bids(E, PASS, PASS, PASS, options=MATCH).legal_bids() == (PASS, 70)
    assert bids(E, PASS, PASS, options=MATCH).legal_bids() == (PASS, 65, 70)


def test_highest_bidder_after_four_turns_is_dealer() -> None:
    """SD-BID-6: a pass after a bid does not take the bid away."""
    state = bids(W, PASS, 60, 65, PASS)
    assert state.result() == BiddingResult(BiddingStatus.DEALER, dealer=E, bid=65)
    assert refused(state, W, 70).rule == "SD-BID-1"


def test_wrong_seat_and_malformed_bids() -> None:
    """SD-BID-1 (one turn each, in order), SD-BID-2 (room values only)."""
    state = BiddingState(E)
    error = refused(state, N, PASS)
    assert (error.reason, error.rule) == (Reason.NOT_YOUR_TURN, "SD-BID-1")
    for value in (55, 62, 80, 100, 0):
        assert refused(state, E, value).reason is Reason.BID_INVALID


def test_recorded_bids_are_validated() -> None:
    """A BiddingState built from a record replays SD-BID-1..5."""
    with pytest.raises(RuleError):
        BiddingState(E, (PASS, PASS, 60))
    with pytest.raises(ValueError):
        BiddingState(E, (75, PASS))
    with pytest.raises(ValueError):
        BiddingState(E, (PASS, PASS, PASS, PASS, PASS))
    assert BiddingState(E, (PASS, 60)).turn == W


def _states(state: BiddingState) -> Iterator[BiddingState]:
    yield state
    for value in state.legal_bids():
        turn = state.turn
        assert turn is not None
        yield from _states(state.apply(turn, value))


@pytest.mark.parametrize("options", [Options(), MATCH, Options(play_direction="cw")])
def test_legal_bids_are_exactly_the_accepted_bids(options: Options) -> None:
    """SD-BID-1..5: every offered bid is accepted and every other value refused."""
    every: list[BidValue] = [PASS, *range(50, 90, 5)]
    seen = 0
    for state in _states(BiddingState(N, options=options)):
        seen += 1
        turn = state.turn
        if turn is None:
            assert state.result().status is not BiddingStatus.OPEN
            continue
        assert state.result().status is BiddingStatus.OPEN
        accepted = []
        for value in every:
            try:
                state.check(turn, value)
            except RuleError:
                continue
            accepted.append(value)
        assert tuple(accepted) == state.legal_bids()
    assert seen > 20


# --- first bidder and deal -------------------------------------------------------------------


def test_first_bidder_random_uses_injected_rng() -> None:
    """SD-BID-1, SD-DEALER-1, GEN-RNG-1: the first bidder is drawn at random, every seat can be
    drawn, and the draw comes from the injected RNG and nothing else, so a seed fixes it."""
    rng = random.Random(7)
    first_bidder(rng=rng)
    assert rng.getstate() != random.Random(7).getstate(), "drawn from the injected RNG"
    own = random.getstate()  # the module's RNG, which must not matter
    try:
        random.seed(1)
        picks = [first_bidder(rng=random.Random(seed)) for seed in range(40)]
        random.seed(2)
        assert [first_bidder(rng=random.Random(seed)) for seed in range(40)] == picks
    finally:
        random.setstate(own)
    assert set(picks) == set(Seat)
    with pytest.raises(ValueError):
        first_bidder()


def test_first_bidder_rotate() -> None:
    """SD-DEALER-1: ``rotate`` moves the first bidder one seat in play order each hand."""
    rotate = Options(sd_first_bidder="rotate")
    assert first_bidder(rotate, previous=S) == E
    assert first_bidder(rotate, previous=W) == S
    assert first_bidder(rotate.with_(play_direction="cw"), previous=S) == W
    assert first_bidder(rotate, rng=random.Random(1)) in set(Seat)
    # `random` ignores the previous first bidder.
    assert first_bidder(rng=random.Random(3), previous=S) == first_bidder(rng=random.Random(3))


def _split(deck: list[Card]) -> tuple[dict[Seat, Counter[Card]], tuple[Card, ...]]:
    """Twelve cards per seat and a kitty of six (SD-DECK-1): the engine deals them one at a time
    (tests/engine/test_deal.py); here any split will do."""
    hands = {seat: Counter(deck[12 * i : 12 * i + 12]) for i, seat in enumerate(Seat)}
    return hands, tuple(deck[48:])


def test_case_sd_27_kitty_exchange_and_trump_choice() -> None:
    """CASE-SD-27 (SD-DECK-1, SD-KITTY-3, SD-KITTY-4, GEN-PTS-1); the deal: test_deal.py."""
    deck = new_deck(1)
    random.Random(2024).shuffle(deck)
    assert len(deck) == 54 and card_points(deck) == 100
    hands, the_kitty = _split(deck)

    state = bids(E, PASS, PASS, 65, PASS)
    result = state.result()
    assert result.dealer == W
    held = take_kitty(hands[W], the_kitty)
    assert sum(held.values()) == 18

    assert trump_choices() == (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    for suit in Suit:
        assert check_trump_choice(suit) is suit
    error = pytest.raises(RuleError, check_trump_choice, None).value
    assert (error.reason, error.rule) == (Reason.TRUMP_CHOICE_INVALID, "SD-KITTY-3")

    # Any 6 cards, point cards included.
    by_points = sorted(held.elements(), key=lambda c: -c.points)
    buried = by_points[:6]
    remaining = bury(held, buried)
    assert sum(remaining.values()) == 12
    assert remaining + Counter(buried) == held
    error = pytest.raises(RuleError, bury, held, buried[:5]).value
    assert (error.reason, error.rule) == (Reason.WRONG_NUMBER_OF_CARDS, "SD-KITTY-4")
    foreign = next(c for c in deck if held[c] == 0)
    error = pytest.raises(RuleError, bury, held, [*buried[:5], foreign]).value
    assert (error.reason, error.rule) == (Reason.CARDS_NOT_IN_HAND, "SD-KITTY-4")


# --- kitty -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("bid", "visible"), [(60, True), (65, True), (70, False), (75, False)])
def test_case_sd_07_kitty_visibility(bid: int, visible: bool) -> None:
    """CASE-SD-07 (SD-KITTY-1, SD-KITTY-2, SD-KITTY-4)."""
    dealer = N
    result = BiddingResult(BiddingStatus.DEALER, dealer=dealer, bid=bid)
    assert defenders_may_view_kitty(bid) is visible
    for seat in Seat:
        expected = visible or seat == dealer
        assert may_view_original_kitty(seat, result) is expected
        if expected:
            check_view_original_kitty(seat, result)
        else:
            error = pytest.raises(RuleError, check_view_original_kitty, seat, result).value
            assert (error.reason, error.rule) == (Reason.KITTY_NOT_VISIBLE, "SD-KITTY-2")
        # The buried six are never shown, also not after the hand.
        assert may_view_buried_kitty(seat, dealer) is (seat == dealer)


def test_nobody_sees_the_kitty_before_bidding_ends() -> None:
    """SD-KITTY-1; a 流局 never reveals it either."""
    for result in (BiddingState(E).result(), bids(E, PASS, PASS, PASS, PASS).result()):
        for seat in Seat:
            assert not may_view_original_kitty(seat, result)
    error = pytest.raises(RuleError, check_view_original_kitty, S, BiddingState(E).result()).value
    assert error.rule == "SD-KITTY-1"


# --- settlement ------------------------------------------------------------------------------


def coins(dealer: Seat, dealer_coins: int, each: int) -> dict[Seat, int]:
    return {seat: dealer_coins if seat == dealer else each for seat in Seat}


def test_case_sd_12_normal_dealer_win() -> None:
    """CASE-SD-12 (SD-SCORE-2, SD-COIN-2)."""
    assert hand_stake(65) == 2
    out = settle(SDHandResult(dealer=E, bid=65, defender_points=35, last_trick_winner=E))
    assert out.outcome is SDOutcome.MADE
    assert out.stake == 2
    assert out.coins == coins(E, +6, -2)


def test_case_sd_13_clean() -> None:
    """CASE-SD-13 光牌 (SD-SCORE-2, SD-COIN-2)."""
    out = settle(SDHandResult(dealer=S, bid=70, defender_points=0, last_trick_winner=S))
    assert out.outcome is SDOutcome.CLEAN
    assert out.coins == coins(S, +27, -9)


@pytest.mark.parametrize(
    ("points", "outcome", "dealer_coins", "each"),
    [(40, SDOutcome.FLIP, -24, +8), (35, SDOutcome.BREAK, -12, +4), (25, SDOutcome.MADE, +12, -4)],
)
def test_case_sd_15_flip_at_bid_75(
    points: int, outcome: SDOutcome, dealer_coins: int, each: int
) -> None:
    """CASE-SD-15 (SD-SCORE-2, SD-COIN-2)."""
    out = settle(SDHandResult(dealer=W, bid=75, defender_points=points, last_trick_winner=W))
    assert out.stake == 4
    assert out.outcome is outcome
    assert out.coins == coins(W, dealer_coins, each)


def test_case_sd_16_digging_wins_regardless_of_points_kitty_ignored() -> None:
    """CASE-SD-16 (SD-DIG-1, SD-KITTY-5, SD-COIN-2)."""
    dealer = S
    kitty = parse_cards("♠K ♥10 ♦5 ♣3 ♣4 ♣6")
    assert card_points(kitty) == 25
    tricks = [
        (E, parse_cards("♠10 ♥K ♠3 ♠4")),  # 20 to the defenders
        (S, parse_cards("♦K ♦10 ♦3 ♦4")),  # the dealer's
        (W, parse_cards("♥3 ♥4 ♥6 ♥7")),  # the last trick, dug by W, no points
    ]
    d = defender_points(tricks, dealer)
    assert d == 20  # the kitty's 25 are not added
    out = settle(SDHandResult(dealer=dealer, bid=70, defender_points=d, last_trick_winner=W))
    assert out.outcome is SDOutcome.DIG
    assert out.coins == coins(S, -18, +6)


def test_case_sd_17_dig_plus_flip() -> None:
    """CASE-SD-17 (SD-SCORE-2, SD-COIN-2): D = 60 = F(65)."""
    assert flip_threshold(65) == 60
    out = settle(SDHandResult(dealer=N, bid=65, defender_points=60, last_trick_winner=E))
    assert out.outcome is SDOutcome.DIG_FLIP
    assert out.coins == coins(N, -18, +6)


def test_case_sd_19_stake_with_a_room_base() -> None:
    """CASE-SD-19 (SD-COIN-1, SD-COIN-2)."""
    rich = Options(sd_room_base=2000)
    assert hand_stake(70, rich) == 6000
    out = settle(SDHandResult(dealer=E, bid=70, defender_points=20, last_trick_winner=E), rich)
    assert out.stake == 6000
    assert out.coins == coins(E, +18000, -6000)


# One test per row of the SD-COIN-2 table, for every bid of both rooms, at the row's edges.
def _rows(bid: int) -> list[tuple[str, int, bool, SDOutcome, int]]:
    brk, flip = break_threshold(bid), flip_threshold(bid)
    return [
        ("dig+flip", flip, True, SDOutcome.DIG_FLIP, 3),
        ("dig+flip, all points", 100, True, SDOutcome.DIG_FLIP, 3),
        ("dig, no flip", flip - 5, True, SDOutcome.DIG, 2),
        ("dig with no points", 0, True, SDOutcome.DIG, 2),  # first matching row: dig beats 光牌
        ("clean", 0, False, SDOutcome.CLEAN, -3),
        ("flip", flip, False, SDOutcome.FLIP, 2),
        ("flip, all points", 100, False, SDOutcome.FLIP, 2),
        ("break", brk, False, SDOutcome.BREAK, 1),
        ("break, just short of flip", flip - 5, False, SDOutcome.BREAK, 1),
        ("made, just short of break", brk - 5, False, SDOutcome.MADE, -1),
        ("made, 5 points", 5, False, SDOutcome.MADE, -1),
    ]


@pytest.mark.parametrize("options", [Options(), MATCH, Options(sd_room_base=3)])
@pytest.mark.parametrize("bid", [60, 65, 70, 75])
@pytest.mark.parametrize("row", range(11))
def test_coin_table_rows(options: Options, bid: int, row: int) -> None:
    """SD-COIN-1, SD-COIN-2 (every row), SD-SCORE-2 thresholds, SD-DIG-1."""
    if bid not in room_bids(options):
        with pytest.raises(ValueError):
            hand_stake(bid, options)
        return
    _, points, dug, outcome, factor = _rows(bid)[row]
    dealer = E
    last = W if dug else dealer
    out = settle(SDHandResult(dealer, bid, points, last), options)
    stake = options.sd_room_base * {60: 1, 65: 2, 70: 3, 75: 4}[bid]
    assert out.stake == stake == hand_stake(bid, options)
    assert out.outcome is outcome
    assert out.coins == coins(dealer, -3 * factor * stake, factor * stake)
    assert sum(out.coins.values()) == 0
    assert out.defenders_won is (factor > 0)


def test_thresholds_table() -> None:
    """SD-SCORE-2 table (how SD-BID-8, "collect the bid", is played)."""
    assert [break_threshold(b) for b in (60, 65, 70, 75)] == [45, 40, 35, 30]
    assert [flip_threshold(b) for b in (60, 65, 70, 75)] == [70, 60, 50, 40]
    assert [bid_multiplier(b) for b in (60, 65, 70, 75)] == [1, 2, 3, 4]
    assert [bid_multiplier(b, MATCH) for b in (60, 65, 70)] == [1, 2, 3]


def test_outcome_at_every_point_total_is_the_first_matching_row() -> None:
    """SD-COIN-2: rows are tried top to bottom."""
    for bid in (60, 65, 70, 75):
        for d in range(0, 105, 5):
            for dug in (False, True):
                if dug:
                    expected = SDOutcome.DIG_FLIP if d >= flip_threshold(bid) else SDOutcome.DIG
                elif d == 0:
                    expected = SDOutcome.CLEAN
                elif d >= flip_threshold(bid):
                    expected = SDOutcome.FLIP
                elif d + bid >= 105:
                    expected = SDOutcome.BREAK
                else:
                    expected = SDOutcome.MADE
                assert hand_outcome(bid, d, dug) is expected


def test_settle_rejects_impossible_points() -> None:
    for d in (-5, 105, 33):
        with pytest.raises(ValueError):
            settle(SDHandResult(E, 60, d, E))


# --- claims ----------------------------------------------------------------------------------


def test_case_sd_23_claim_legality() -> None:
    """CASE-SD-23 (SD-CLAIM-1, SD-CLAIM-2)."""
    trump = sd_trump(Suit.CLUBS)
    claimer = parse_cards("♥A ♥K ♥Q")
    # (a) E holds ♣3 and could ruff.
    others_a = [parse_cards("♣3 ♠4 ♦5"), parse_cards("♠6 ♠7 ♦8"), parse_cards("♦9 ♦J ♠Q")]
    assert not claim_is_legal(trump, claimer, others_a)
    error = pytest.raises(RuleError, check_claim, trump, claimer, others_a).value
    assert (error.reason, error.rule) == (Reason.CLAIM_NOT_ALLOWED, "SD-CLAIM-1")
    # (b) nobody else holds a trump.
    others_b = [parse_cards("♦3 ♠4 ♦5"), parse_cards("♠6 ♠7 ♦8"), parse_cards("♦9 ♦J ♠Q")]
    assert claim_is_legal(trump, claimer, others_b)
    check_claim(trump, claimer, others_b)
    hands = {S: Counter(claimer), E: Counter(others_b[0]), N: Counter(others_b[1])}
    hands[W] = Counter(others_b[2])
    claim = resolve_claim(S, dealer=N, hands=hands)
    assert claim.last_trick_winner == S  # S wins every remaining trick, the last one included


def test_claim_rank_and_ruff_conditions() -> None:
    """SD-CLAIM-1 (i): a higher card of the class blocks; (ii): any trump blocks a plain card."""
    trump = sd_trump(Suit.SPADES)
    assert not claim_is_legal(trump, parse_cards("♥K"), [parse_cards("♥A")])
    assert claim_is_legal(trump, parse_cards("♥K"), [parse_cards("♦A ♣A")])
    assert not claim_is_legal(trump, parse_cards("♥A"), [parse_cards("♠3")])
    assert not claim_is_legal(trump, parse_cards("♥A"), [parse_cards("♦2")])  # 2s are trumps
    # Trumps only need to be the highest trumps; plain cards elsewhere do not matter.
    assert claim_is_legal(trump, parse_cards("BJ SJ ♠2"), [parse_cards("♥2 ♠A ♥A")])
    assert not claim_is_legal(trump, parse_cards("BJ ♠A"), [parse_cards("♣2")])
    assert not claim_is_legal(trump, [], [parse_cards("♣3")])
    with pytest.raises(RuleError):
        check_claim(trump, [], [])


@pytest.mark.parametrize(("order", "legal"), [("trump_suit_high", False), ("equal", True)])
def test_claim_with_twos(order: str, legal: bool) -> None:
    """SD-CLAIM-1 with SD-OP-1: an equal 2 cannot beat the claimer's (he leads it, SD-RANK-4)."""
    trump = sd_trump(Suit.CLUBS, Options(sd_two_order=order))  # type: ignore[arg-type]
    assert claim_is_legal(trump, parse_cards("♥2"), [parse_cards("♠2 ♦2")])
    assert claim_is_legal(trump, parse_cards("♥2"), [parse_cards("♣2")]) is legal
    assert claim_is_legal(trump, parse_cards("♣2"), [parse_cards("♥2 ♠2")])


@pytest.mark.parametrize(
    ("claim_points", "expected"), [("defender_hands", 15 + 10 + 5), ("all_remaining", 30 + 20)]
)
def test_claim_points(claim_points: str, expected: int) -> None:
    """SD-CLAIM-3: a defender's claim adds the defenders' point cards (or all remaining)."""
    options = Options(sd_claim_points=claim_points)  # type: ignore[arg-type]
    hands = {
        S: Counter(parse_cards("♥K ♥5 ♥A")),  # claimer, 15
        E: Counter(parse_cards("♠10 ♠3")),  # 10
        N: Counter(parse_cards("♦5 ♦4")),  # 5
        W: Counter(parse_cards("♣K ♣10 ♣3")),  # dealer, 20
    }
    assert resolve_claim(S, W, hands, options).points_to_defenders == expected
    # A dealer's claim adds nothing to D.
    assert resolve_claim(W, W, hands, options).points_to_defenders == 0


# --- 流局 ------------------------------------------------------------------------------------


def test_case_sd_20_draw_tie_broken_by_small_joker() -> None:
    """CASE-SD-20 (SD-DRAW-2, SD-DRAW-3, SD-DRAW-6)."""
    hands = {
        E: Counter(parse_cards("SJ ♠2 ♥3")),
        N: Counter(parse_cards("♥2 ♦2 ♠A")),
        W: Counter(parse_cards("♣2")),
        S: Counter(parse_cards("BJ")),
    }
    assert {seat: regular_trump_count(h) for seat, h in hands.items()} == {E: 2, N: 2, W: 1, S: 1}
    assert bids(N, PASS, PASS, PASS, PASS).result().status is BiddingStatus.DRAW
    assert draw_loser(hands, N) == E
    out = settle_draw(hands, N)
    assert out.outcome is SDOutcome.DRAW
    assert out.draw_loser == E
    assert out.coins == {E: -3, N: +1, W: +1, S: +1}


def test_draw_most_regular_trumps_loses_and_big_joker_breaks_ties() -> None:
    """SD-DRAW-2, SD-DRAW-3: BJ before SJ among the tied."""
    hands = {
        S: parse_cards("BJ ♠2"),
        E: parse_cards("SJ ♥2"),
        N: parse_cards("♣2"),
        W: parse_cards("♦2"),
    }
    assert draw_loser(hands, E) == S
    hands[N] = parse_cards("♣2 ♦2 ♥3")
    hands[W] = []
    assert draw_loser(hands, E) == S
    hands[N] = parse_cards("♣2 ♦2 ♥3 ♠K")  # K is not a 常主
    assert draw_loser(hands, S) == S
    hands = {S: parse_cards("BJ"), E: parse_cards("♠2 ♥2"), N: [], W: []}
    assert draw_loser(hands, S) == E  # most 常主 first, the joker only breaks ties


@pytest.mark.parametrize(("first", "loser"), [(W, S), (N, N), (E, N), (S, S)])
def test_draw_tie_without_jokers_earliest_bidder_loses(first: Seat, loser: Seat) -> None:
    """SD-DRAW-4: tied, no joker among them → the earliest in bidding order loses."""
    hands = {
        S: parse_cards("♠2 ♥2 ♠A ♥A"),
        N: parse_cards("♣2 ♦2"),
        E: parse_cards("BJ"),  # a joker outside the tie does not matter
        W: parse_cards("SJ ♦A"),
    }
    assert draw_loser(hands, first) == loser
    out = settle_draw(hands, first, Options(sd_room_base=50))
    assert out.stake == 50
    assert out.coins == {seat: -150 if seat == loser else 50 for seat in Seat}


@pytest.mark.parametrize(
    ("hands", "first", "loser"),
    [
        ({S: "♠A", E: "♥A ♣A", N: "♦A", W: "♠3"}, S, E),  # most aces
        ({S: "♠A ♥A", E: "♣3", N: "♣A ♦A", W: "♠3"}, E, N),  # tie → earliest from E: N
        ({S: "♠A ♥A", E: "♣3", N: "♣A ♦A", W: "♠3"}, W, S),  # tie → earliest from W: S
        ({S: "♠A", E: "♥A", N: "♣A", W: "♦A"}, N, N),  # all tied
    ],
)
def test_draw_without_regular_trumps_most_aces_loses(
    hands: dict[Seat, str], first: Seat, loser: Seat
) -> None:
    """SD-DRAW-5: no 常主 anywhere → most aces loses; ties → earliest in bidding order."""
    parsed = {seat: Counter(parse_cards(text)) for seat, text in hands.items()}
    assert draw_loser(parsed, first) == loser


def test_draw_uses_play_direction_for_bidding_order() -> None:
    """SD-DRAW-4 with play_direction=cw: bidding order from S is S, W, N, E."""
    hands = {S: [], E: parse_cards("♠2"), N: [], W: parse_cards("♥2")}
    assert draw_loser(hands, S) == E
    assert draw_loser(hands, S, Options(play_direction="cw")) == W


def test_draw_on_a_real_deal_accounts_for_every_coin() -> None:
    """SD-DRAW-1..6 on dealt hands: one loser, coins sum to zero."""
    for seed in range(30):
        deck = new_deck(1)
        random.Random(seed).shuffle(deck)
        hands, _ = _split(deck)
        out = settle_draw(hands, S)
        assert sorted(out.coins.values()) == [-3, 1, 1, 1]
        assert out.draw_loser is not None and out.coins[out.draw_loser] == -3


def test_regular_trumps_are_jokers_and_twos() -> None:
    """SD-RANK-1: 常主 = BJ, SJ, 2s."""
    regulars = [BIG_JOKER, SMALL_JOKER, *(Card.of(s, Rank.TWO) for s in Suit)]
    assert regular_trump_count(new_deck(1)) == 6
    assert regular_trump_count(regulars) == 6
    for suit in Suit:
        trump = sd_trump(suit)
        assert all(trump.is_trump(c) for c in regulars)


# --- session ---------------------------------------------------------------------------------


def test_session_length() -> None:
    """SD-END-1: unlimited by default; otherwise over after n hands."""
    assert not session_over(10_000)
    limited = Options(sd_hands_per_session=3)
    assert [session_over(n, limited) for n in range(5)] == [False, False, False, True, True]
