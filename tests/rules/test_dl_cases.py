"""DL cases of RULES_CASES.md outside trick play: declaration, tribute, kitty, settlement, deal."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from shengji_desktop.rules.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    new_deck,
    parse_cards,
    seat_order,
)
from shengji_desktop.rules.dl import (
    CardChoice,
    TeamLevels,
    dl_trump,
    extreme_choice,
)
from shengji_desktop.rules.dl_declare import (
    Declaration,
    DeclStrength,
    TrumpSource,
    can_show_big_joker,
    draw_trump_from_kitty,
    flip_for_dealer,
    kitty_revealed,
    legal_declarations,
    race_trump_suit,
    reinforce,
    resolve_race_trump,
    validate_big_joker_show,
    validate_declaration,
)
from shengji_desktop.rules.dl_kitty import (
    JokerBurial,
    hand_is_dry_pot,
    is_dry_pot,
    joker_burial_order,
    legal_joker_burials,
    pickup_choice,
    validate_dealer_burial,
    validate_joker_burial,
)
from shengji_desktop.rules.dl_settle import (
    DLHandOutcome,
    MatchEnd,
    next_dealer,
    point_blood,
    settle,
)
from shengji_desktop.rules.dl_tribute import (
    Revolt,
    counter_available,
    return_choice,
    revolts_available,
    tribute_choice,
    tribute_due,
    tribute_payer,
    tribute_proceeds,
    validate_counter,
    validate_return,
    validate_revolt,
    validate_tribute,
)
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import Options

ZEROS = parse_cards("♠4 ♠6 ♠7 ♠8 ♠9 ♠J")  # zero-point, non-joker kitty filler


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def hand(text: str) -> Counter[Card]:
    return Counter(parse_cards(text))


def kitty(text: str) -> tuple[Card, ...]:
    """The named kitty cards padded to six with zero-point cards."""
    named = parse_cards(text)
    return (*named, *ZEROS[: 6 - len(named)])


def sorted_cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


@contextmanager
def rule_error(reason: Reason, rule: str) -> Iterator[None]:
    """Expect a RuleError with this reason and rule ID."""
    with pytest.raises(RuleError) as err:
        yield
    assert err.value.reason is reason, err.value
    assert err.value.rule == rule, err.value


class ScriptedRandom(random.Random):
    """A Random whose ``randrange`` returns scripted indices (the 'random' kitty draws)."""

    def __init__(self, picks: list[int]) -> None:
        super().__init__(0)
        self.picks = list(picks)

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return self.picks.pop(0)


def outcome(
    dealer: Seat,
    ns: int,
    ew: int,
    points: int,
    last: Team,
    final_kitty: tuple[Card, ...] = tuple(ZEROS),
    dry_pot: bool = False,
    **options: object,
) -> DLHandOutcome:
    return DLHandOutcome(
        dealer=dealer,
        levels=TeamLevels(ns, ew),
        trick_points=points,
        last_trick=last,
        kitty=final_kitty,
        dry_pot=dry_pot,
        options=Options.from_dict(options),
    )


# --------------------------------------------------------------------------- declarations


def test_case_dl_13_declarations_and_overcalls() -> None:
    """CASE-DL-13 (DL-DECL-4, DL-DECL-5, DL-DECL-6, DL-DECL-10, DL-OP-3, DL-KITTY-1)."""
    level = Rank.SIX
    dealer = Seat.E
    hands = {
        Seat.W: hand("♦6 SJ SJ SJ ♠3"),
        Seat.S: hand("♠6 ♠6 BJ BJ BJ ♥4"),
        Seat.E: hand("♣6 ♣6 ♦9"),
        Seat.N: hand("♥6 ♥6 ♥6 ♣8"),
    }
    standing: Declaration | None = None

    def legal(seat: Seat, shown: str, suit: Suit | None = None) -> Declaration:
        nonlocal standing
        decl = Declaration.make(seat, cards(shown), level, suit)
        validate_declaration(decl, standing, hands[seat], level)
        assert decl in legal_declarations(seat, hands[seat], level, standing)
        standing = decl
        return decl

    d = legal(Seat.W, "♦6")
    assert (d.suit, d.strength) == (Suit.DIAMONDS, DeclStrength.ONE)
    d = legal(Seat.S, "♠6♠6")
    assert (d.suit, d.strength) == (Suit.SPADES, DeclStrength.TWO)
    with rule_error(Reason.DECLARATION_NOT_STRONGER, "DL-DECL-5"):
        validate_declaration(
            Declaration.make(Seat.E, cards("♣6♣6"), level), standing, hands[Seat.E], level
        )
    assert legal_declarations(Seat.E, hands[Seat.E], level, standing) == []
    d = legal(Seat.N, "♥6♥6♥6")
    assert (d.suit, d.strength) == (Suit.HEARTS, DeclStrength.THREE)
    with rule_error(Reason.TRUMP_CHOICE_INVALID, "DL-DECL-6"):
        Declaration.make(Seat.W, cards("SJ SJ SJ"), level, None)  # no-trump
    d = legal(Seat.W, "SJ SJ SJ", Suit.CLUBS)
    assert (d.suit, d.strength) == (Suit.CLUBS, DeclStrength.THREE_SMALL_JOKERS)
    d = legal(Seat.S, "BJ BJ BJ", Suit.DIAMONDS)
    assert (d.suit, d.strength) == (Suit.DIAMONDS, DeclStrength.THREE_BIG_JOKERS)

    assert standing is not None and standing.suit is Suit.DIAMONDS  # final trump ♦
    assert dealer is Seat.E  # declarations fix only the suit (DL-DECL-10)
    assert kitty_revealed(TrumpSource.DECLARATION)  # when the window closes (DL-KITTY-1)


def test_case_dl_14_reinforcement() -> None:
    """CASE-DL-14 (DL-DECL-5, DL-DECL-7)."""
    level = Rank.NINE
    north = hand("♥9 ♥9 ♥9")
    east = hand("♠9 ♠9 ♠9")
    standing = Declaration.make(Seat.N, cards("♥9"), level)
    validate_declaration(standing, None, north, level)
    assert standing.suit is Suit.HEARTS

    offered = legal_declarations(Seat.N, north, level, standing)
    assert [d.cards for d in offered] == [tuple(cards("♥9 ♥9")), tuple(cards("♥9 ♥9 ♥9"))]
    standing = reinforce(standing, cards("♥9"), north, level)  # a second ♥9: legal
    assert (standing.suit, standing.strength) == (Suit.HEARTS, DeclStrength.TWO)
    # The same reinforcement stated as the full set of shown cards:
    validate_declaration(
        Declaration.make(Seat.N, cards("♥9 ♥9"), level),
        Declaration.make(Seat.N, cards("♥9"), level),
        north,
        level,
    )

    with rule_error(Reason.DECLARATION_NOT_STRONGER, "DL-DECL-5"):
        validate_declaration(Declaration.make(Seat.E, cards("♠9♠9"), level), standing, east, level)
    decl = Declaration.make(Seat.E, cards("♠9♠9♠9"), level)
    validate_declaration(decl, standing, east, level)
    standing = decl
    with rule_error(Reason.DECLARATION_NOT_STRONGER, "DL-DECL-5"):
        validate_declaration(
            Declaration.make(Seat.N, cards("♥9♥9♥9"), level), standing, north, level
        )
    assert standing.suit is Suit.SPADES  # final trump ♠


def test_reinforcement_needs_more_of_the_same_card() -> None:
    """DL-DECL-7: only further identical cards reinforce; the count must grow."""
    level = Rank.NINE
    north = hand("♥9 ♥9 ♠9")
    standing = Declaration.make(Seat.N, cards("♥9 ♥9"), level)
    with rule_error(Reason.DECLARATION_INVALID, "DL-DECL-7"):
        reinforce(standing, cards("♠9"), north, level)
    with rule_error(Reason.CARDS_NOT_IN_HAND, "DL-DECL-4"):
        reinforce(standing, cards("♥9"), north, level)  # holds only two ♥9
    with rule_error(Reason.DECLARATION_NOT_STRONGER, "DL-DECL-7"):
        validate_declaration(standing, standing, north, level)


def test_declaration_shapes() -> None:
    """DL-DECL-4/6: identical level cards 1–3, or three identical jokers; nothing else."""
    level = Rank.SIX
    for bad in ("♠6 ♥6", "♠7", "SJ", "BJ BJ", "BJ SJ SJ", "♠6 ♠6 ♠6 ♠6"):
        with pytest.raises(RuleError) as err:
            Declaration.make(Seat.S, cards(bad), level, Suit.SPADES)
        assert err.value.reason is Reason.DECLARATION_INVALID
    with rule_error(Reason.TRUMP_CHOICE_INVALID, "DL-DECL-4"):
        Declaration.make(Seat.S, cards("♠6"), level, Suit.HEARTS)
    with rule_error(Reason.CARDS_NOT_IN_HAND, "DL-DECL-4"):
        validate_declaration(Declaration.make(Seat.S, cards("♠6"), level), None, hand("♥6"), level)


def test_legal_declarations_enumerates_the_ladder() -> None:
    """DL-DECL-5/6: every stronger declaration, three-joker calls for each suit (no no-trump)."""
    level = Rank.FOUR
    h = hand("♠4 ♠4 ♥4 SJ SJ SJ")
    got = legal_declarations(Seat.W, h, level, None)
    assert [(d.strength, d.suit) for d in got] == [
        (DeclStrength.ONE, Suit.SPADES),
        (DeclStrength.ONE, Suit.HEARTS),
        (DeclStrength.TWO, Suit.SPADES),
        *((DeclStrength.THREE_SMALL_JOKERS, s) for s in Suit),
    ]
    standing = Declaration.make(Seat.N, cards("♦4 ♦4 ♦4"), level)
    assert {d.strength for d in legal_declarations(Seat.W, h, level, standing)} == {
        DeclStrength.THREE_SMALL_JOKERS
    }


def _race_pack() -> list[Card]:
    """Stand-in W, deal order W, S, E, N: E's 5th card is BJ, 6th SJ, 7th ♣9; N's 1st a BJ."""
    special = {18: BIG_JOKER, 22: SMALL_JOKER, 26: parse_cards("♣9")[0], 3: BIG_JOKER}
    rest = Counter(new_deck(3)) - Counter(special.values())
    filler = iter(sorted(rest.elements()))
    return [special[i] if i in special else next(filler) for i in range(162)]


def _received(pack: list[Card], first: Seat, seat: Seat) -> list[Card]:
    """The cards ``seat`` receives, in order, when ``pack`` is dealt one at a time from ``first``
    counterclockwise (DL-DECK-2; the engine deals, tests/engine/test_deal.py checks it)."""
    order = seat_order(first)
    return [card for i, card in enumerate(pack[:156]) if order[i % 4] == seat]


def test_case_dl_15_big_joker_race() -> None:
    """CASE-DL-15 (DL-DECL-1, DL-DECL-2, DL-OP-1, DL-DEALER-1)."""
    pack = _race_pack()
    east = _received(pack, Seat.W, Seat.E)
    assert east[4] == BIG_JOKER
    so_far = Counter(east[:5])
    assert can_show_big_joker(so_far, None)
    validate_big_joker_show(Seat.E, so_far, None)
    dealer = Seat.E  # the first BJ shown makes its owner dealer (DL-DEALER-1)
    suit = race_trump_suit(east[5:])  # SJ skipped, then ♣9
    assert suit is Suit.CLUBS
    trump = dl_trump(3, suit)
    assert trump.strength(parse_cards("♣3")[0]) > trump.strength(parse_cards("♥3")[0])
    assert dealer is Seat.E

    north = Counter(_received(pack, Seat.W, Seat.N))
    assert north[BIG_JOKER] >= 1
    assert not can_show_big_joker(north, Seat.E)
    with rule_error(Reason.DECLARATION_CLOSED, "DL-DECL-1"):
        validate_big_joker_show(Seat.N, north, Seat.E)


def test_case_dl_15_variation_show_after_last_card() -> None:
    """CASE-DL-15 variation (DL-OP-1 (b)): the suit comes from random kitty draws, SJ then ♥4."""
    the_kitty = tuple(cards("♥4 SJ ♠7 ♦8 ♣J ♠9"))
    assert race_trump_suit(()) is None
    draw = resolve_race_trump((), the_kitty, ScriptedRandom([1, 0]))
    assert draw.drawn == tuple(cards("SJ ♥4"))
    assert draw.suit is Suit.HEARTS
    assert not draw.redeal
    # dealer stays E (the BJ shower); with a suited card received, no draw happens at all:
    assert resolve_race_trump(cards("♦5"), the_kitty, ScriptedRandom([])).suit is Suit.DIAMONDS


def test_kitty_draw_all_jokers_redeals() -> None:
    """DL-DECL-9: draws until a suited card; an all-joker kitty → redeal."""
    draw = draw_trump_from_kitty(cards("BJ SJ SJ BJ BJ SJ"), random.Random(1))
    assert draw.redeal and draw.suit is None and len(draw.drawn) == 6
    for seed in range(20):
        got = draw_trump_from_kitty(cards("SJ BJ ♦3 ♠4 SJ ♥5"), random.Random(seed))
        assert got.suit is not None and got.suit == got.drawn[-1].suit
        assert all(c.is_joker for c in got.drawn[:-1])


def test_case_dl_16_flip_the_kitty() -> None:
    """CASE-DL-16 (DL-DECL-3, DL-OP-2, DL-KITTY-1)."""
    flipped = tuple(cards("♠K ♥3 ♦3 ♣2 ♠4 ♠6"))
    result = flip_for_dealer(flipped, Seat.N)
    assert [seat for seat, _ in result.flips] == [Seat.N, Seat.W, Seat.S, Seat.E]
    assert result.dealer is Seat.W
    assert result.trump is Suit.HEARTS
    assert not kitty_revealed(TrumpSource.FLIP)  # kitty stays hidden
    trump = dl_trump(3, result.trump)
    assert is_dry_pot(flipped, trump)  # would be 干锅 if revealed, but
    assert not hand_is_dry_pot(TrumpSource.FLIP, flipped, trump)  # no 干锅 test

    variation = flip_for_dealer(tuple(cards("♠K SJ ♦3 ♣2 ♠4 ♠6")), Seat.N)
    assert variation.dealer is Seat.W
    assert variation.trump is Suit.DIAMONDS


def test_flip_all_jokers() -> None:
    """DL-OP-2: four jokers flipped → flip on for a suit; six jokers → redeal."""
    result = flip_for_dealer(tuple(cards("SJ BJ SJ BJ SJ ♣7")), Seat.S)
    assert result.dealer is Seat.E  # the first BJ; the later BJ ties
    assert result.extra == tuple(cards("SJ ♣7"))
    assert result.trump is Suit.CLUBS
    assert flip_for_dealer(tuple(cards("SJ BJ SJ BJ SJ BJ")), Seat.S).redeal


# --------------------------------------------------------------------------- tribute


def _filler(n: int) -> list[Card]:
    """Plain zero-point cards, no 2s, 5s, 6s, 10s, Ks, no clubs or jokers."""
    kinds = [c for c in cards("♠3 ♠4 ♠7 ♠8 ♠9 ♠J ♠Q ♥3 ♥4 ♥7 ♥8 ♥9 ♥J ♥Q ♦3 ♦4 ♦7 ♦8")]
    return [kinds[i % len(kinds)] for i in range(n)]


def test_case_dl_18_tribute_size_payer_cards() -> None:
    """CASE-DL-18 (DL-SETTLE-1, DL-SETTLE-4, 5, 6, DL-DEALER-3, DL-TRIB-2, 3, 4, 5)."""
    result = settle(outcome(Seat.S, 5, 4, 65, Team.NS))
    assert result.case == "A"
    assert result.levels == TeamLevels(6, 4)
    assert result.next_dealer is Seat.N
    assert result.blood == 2
    assert result.payer is Seat.E
    assert tribute_payer(Seat.N) is Seat.E

    due = tribute_due(Seat.N, result.blood, first_hand=False)
    assert due is not None and (due.payer, due.receiver, due.blood) == (Seat.E, Seat.N, 2)
    trump = dl_trump(result.next_level, Suit.CLUBS)
    east = Counter(cards("BJ ♥6 ♠6 ♦2 ♣K ♣A ♥10") + _filler(32))
    north = Counter(_filler(39))
    assert sum(east.values()) == sum(north.values()) == 39

    choice = tribute_choice(east, 2, trump)
    assert choice.forced == (BIG_JOKER,)
    assert sorted(choice.pool) == sorted(cards("♥6 ♠6")) and choice.count == 1
    assert set(choice.choices()) == {sorted_cards("BJ ♥6"), sorted_cards("BJ ♠6")}
    for ok in ("BJ ♥6", "BJ ♠6"):
        validate_tribute(east, cards(ok), 2, trump)
    for bad in ("BJ ♣K", "BJ ♥10", "♥6 ♠6", "BJ ♦2"):
        with rule_error(Reason.TRIBUTE_WRONG_CARDS, "DL-TRIB-4"):
            validate_tribute(east, cards(bad), 2, trump)

    given = cards("BJ ♠6")
    east -= Counter(given)
    north += Counter(given)
    back = cards("♠3 ♥4")  # N's choice (dl_tribute_return=any)
    validate_return(north, back, 2, trump)
    assert return_choice(north, 2, trump).count == 2
    north -= Counter(back)
    east += Counter(back)
    assert sum(east.values()) == sum(north.values()) == 39
    assert kitty_revealed(TrumpSource.DECLARATION)  # then the kitty is revealed


def test_return_weakest_option() -> None:
    """DL-OP-5 with dl_tribute_return=weakest: the B weakest by DL-RANK-6 (a), choice on ties."""
    weakest = Options(dl_tribute_return="weakest")
    trump = dl_trump(6, Suit.CLUBS, weakest)
    north = hand("BJ ♥6 ♠3 ♦3 ♥4 ♣3 ♠A")
    choice = return_choice(north, 1, trump, weakest)  # ♣3 is a trump; ♠3 = ♦3 (suit ignored)
    assert choice.forced == () and sorted(choice.pool) == sorted(cards("♠3 ♦3"))
    validate_return(north, cards("♦3"), 1, trump, weakest)
    assert return_choice(north, 2, trump, weakest).forced == sorted_cards("♠3 ♦3")
    validate_return(north, cards("♠3 ♦3"), 2, trump, weakest)
    with rule_error(Reason.RETURN_WRONG_CARDS, "DL-OP-5"):
        validate_return(north, cards("♠3 ♥4"), 2, trump, weakest)
    assert sorted(return_choice(north, 3, trump, weakest).forced) == sorted(cards("♠3 ♦3 ♥4"))
    with rule_error(Reason.WRONG_NUMBER_OF_CARDS, "DL-TRIB-5"):
        validate_return(north, cards("♠3"), 2, trump, weakest)


@pytest.mark.parametrize(
    ("level", "blood", "trumps", "expected"),
    [
        (5, 3, "SJ ♠5 ♥5 ♠2 ♠A ♠K ♠10", "SJ ♠5 ♥5"),  # (a)
        (5, 5, "SJ ♠5 ♥5 ♠2 ♠A ♠K ♠10", "SJ ♠5 ♥5 ♠2 ♠A"),  # (b) ♠K, ♠10 skipped
        (10, 3, "SJ ♠10 ♦10 ♠5 ♠2", "SJ ♠10 ♦10"),  # (c) ♠5 never
    ],
)
def test_case_dl_19_tribute_at_five_and_ten(
    level: int, blood: int, trumps: str, expected: str
) -> None:
    """CASE-DL-19 (DL-TRIB-4, DL-RANK-2)."""
    trump = dl_trump(level, Suit.SPADES)
    payer = Counter(cards(trumps) + _filler(20))
    choice = tribute_choice(payer, blood, trump)
    assert choice.is_forced
    assert tuple(sorted(choice.forced)) == sorted_cards(expected)
    validate_tribute(payer, cards(expected), blood, trump)


def test_tribute_fewer_eligible_than_blood() -> None:
    """DL-TRIB-4: with fewer eligible cards than B, all of them are given."""
    trump = dl_trump(7, Suit.HEARTS)
    payer = hand("♠3 ♥K ♦10 ♣5 ♠5")
    choice = tribute_choice(payer, 3, trump)
    assert choice.forced == tuple(cards("♠3")) and choice.size == 1


def test_case_dl_20_revolt_and_counter() -> None:
    """CASE-DL-20 (DL-TRIB-6, 7, 8, 9, DL-OP-6)."""
    due = tribute_due(Seat.N, 4, first_hand=False)
    assert due is not None and due.payer is Seat.E
    three_sj, three_bj = hand("SJ SJ SJ ♠3"), hand("BJ BJ BJ ♠4")

    # (a) W revolts with 3 SJ, S (receiving side) counters with 3 BJ → tribute proceeds.
    revolt = Revolt(Seat.W, SMALL_JOKER)
    assert revolt in revolts_available(Seat.W, three_sj, due)
    validate_revolt(revolt, three_sj, due)
    assert counter_available(Seat.S, three_bj, revolt, due)
    validate_counter(Seat.S, three_bj, revolt, due)
    assert tribute_proceeds(revolt, countered=True)

    # (b) W revolts with 3 BJ → no tribute; it cannot be countered; the blood is forfeited.
    revolt = Revolt(Seat.W, BIG_JOKER)
    validate_revolt(revolt, three_bj, due)
    assert not counter_available(Seat.S, three_bj, revolt, due)
    with rule_error(Reason.REVOLT_NOT_ALLOWED, "DL-TRIB-7"):
        validate_counter(Seat.S, three_bj, revolt, due)
    assert not tribute_proceeds(revolt, countered=False)

    # (c) S (receiving side) holds 3 SJ: no revolt.
    assert revolts_available(Seat.S, three_sj, due) == []
    with rule_error(Reason.REVOLT_NOT_ALLOWED, "DL-TRIB-8"):
        validate_revolt(Revolt(Seat.S, SMALL_JOKER), three_sj, due)
    assert tribute_proceeds(None, countered=False)

    # (d) W holds 3 SJ and does not declare: the revolt is never automatic.
    assert revolts_available(Seat.W, three_sj, due) == [Revolt(Seat.W, SMALL_JOKER)]
    assert tribute_proceeds(None, countered=False)

    # (e) dl_revolt=off.
    off = Options(dl_revolt=False)
    assert revolts_available(Seat.W, three_sj, due, off) == []
    with rule_error(Reason.REVOLT_NOT_ALLOWED, "DL-OP-6"):
        validate_revolt(Revolt(Seat.W, SMALL_JOKER), three_sj, due, off)


def test_revolt_needs_all_three_jokers_and_a_tribute() -> None:
    """DL-TRIB-6, DL-OP-6: three jokers in one hand; nothing to revolt against without tribute."""
    due = tribute_due(Seat.N, 2, first_hand=False)
    assert due is not None
    with rule_error(Reason.REVOLT_NOT_ALLOWED, "DL-TRIB-6"):
        validate_revolt(Revolt(Seat.E, SMALL_JOKER), hand("SJ SJ"), due)
    with rule_error(Reason.NOT_IN_PHASE, "DL-TRIB-6"):
        validate_revolt(Revolt(Seat.E, SMALL_JOKER), hand("SJ SJ SJ"), None)
    assert tribute_due(Seat.N, 2, first_hand=True) is None  # DL-TRIB-1
    assert tribute_due(Seat.N, 0, first_hand=False) is None


# --------------------------------------------------------------------------- kitty


def test_case_dl_21_big_jokers_first() -> None:
    """CASE-DL-21 (DL-KITTY-5, DL-KITTY-6, DL-KITTY-7)."""
    others = cards("♠3 ♠4 ♠5 ♠6 ♠8 ♠9")
    dealer = Counter(cards("BJ BJ SJ") + others + _filler(36))
    with rule_error(Reason.BURY_ILLEGAL, "DL-KITTY-6"):
        validate_dealer_burial(dealer, cards("SJ") + others[:5])
    with rule_error(Reason.BURY_ILLEGAL, "DL-KITTY-6"):
        validate_dealer_burial(dealer, cards("BJ SJ") + others[:4])
    assert validate_dealer_burial(dealer, cards("BJ BJ SJ") + others[:3]) is True  # shown
    assert validate_dealer_burial(dealer, cards("BJ") + others[:5]) is True  # shown
    assert validate_dealer_burial(dealer, others) is False  # hidden
    with rule_error(Reason.WRONG_NUMBER_OF_CARDS, "DL-KITTY-4"):
        validate_dealer_burial(dealer, others[:5])


@pytest.mark.parametrize("dealer_kitty", ["♠K ♥K ♦10 ♣5 BJ SJ", "♠K ♥K ♦10 ♣5 ♠10 ♥5"])
def test_case_dl_23_no_burial_by_others_on_points(dealer_kitty: str) -> None:
    """CASE-DL-23 (DL-KITTY-9)."""
    trump = dl_trump(7, Suit.HEARTS)
    the_kitty = tuple(cards(dealer_kitty))
    holder = hand("BJ SJ ♠3")
    for seat in joker_burial_order(Seat.S):
        assert legal_joker_burials(seat, holder, the_kitty, Seat.S, trump) == []
        for jokers in ("BJ", "BJ SJ"):
            with rule_error(Reason.BURY_ILLEGAL, "DL-KITTY-9"):
                validate_joker_burial(
                    JokerBurial(seat, tuple(cards(jokers)), ()), holder, the_kitty, Seat.S, trump
                )


def test_joker_burial_by_others_takes_the_weakest() -> None:
    """DL-KITTY-8, DL-RANK-6 (b): k weakest non-point, non-joker cards, choice among equals."""
    trump = dl_trump(7, Suit.HEARTS)
    assert joker_burial_order(Seat.S) == (Seat.E, Seat.N, Seat.W)
    the_kitty = tuple(cards("♠3 ♦3 ♥3 ♣9 ♠K BJ"))
    one = pickup_choice(the_kitty, 1, trump)
    assert one.forced == () and sorted(one.pool) == sorted(cards("♠3 ♦3")) and one.count == 1
    assert pickup_choice(the_kitty, 2, trump).forced == sorted_cards("♠3 ♦3")
    assert sorted(pickup_choice(the_kitty, 3, trump).forced) == sorted(cards("♠3 ♦3 ♣9"))
    # ♥3 is a trump: taken last.
    assert sorted(pickup_choice(the_kitty, 4, trump).forced) == sorted(cards("♠3 ♦3 ♣9 ♥3"))

    west = hand("BJ SJ ♠4")
    new = validate_joker_burial(
        JokerBurial(Seat.W, (BIG_JOKER,), tuple(cards("♦3"))), west, the_kitty, Seat.S, trump
    )
    assert sorted(new) == sorted(cards("♠3 ♥3 ♣9 ♠K BJ BJ"))
    with rule_error(Reason.PICKUP_WRONG_CARDS, "DL-KITTY-8"):
        validate_joker_burial(
            JokerBurial(Seat.W, (BIG_JOKER,), tuple(cards("♣9"))), west, the_kitty, Seat.S, trump
        )
    with rule_error(Reason.BURY_ILLEGAL, "DL-KITTY-6"):
        validate_joker_burial(
            JokerBurial(Seat.W, (SMALL_JOKER,), tuple(cards("♠3"))), west, the_kitty, Seat.S, trump
        )
    with rule_error(Reason.BURY_ILLEGAL, "DL-KITTY-8"):
        validate_joker_burial(
            JokerBurial(Seat.S, (BIG_JOKER,), tuple(cards("♠3"))), west, the_kitty, Seat.S, trump
        )
    burials = legal_joker_burials(Seat.W, west, the_kitty, Seat.S, trump)
    assert {(b.jokers, tuple(sorted(b.taken))) for b in burials} == {
        ((BIG_JOKER,), sorted_cards("♠3")),
        ((BIG_JOKER,), sorted_cards("♦3")),
        ((BIG_JOKER, SMALL_JOKER), sorted_cards("♠3 ♦3")),
    }


def test_pickup_level_cards_of_any_suit_are_equal() -> None:
    """DL-RANK-6 (b): the trump-suit level card equals the others for the pick-up."""
    trump = dl_trump(7, Suit.HEARTS)
    choice = pickup_choice(tuple(cards("♥7 ♠7 ♥K ♦10 ♣5 BJ")), 1, trump)
    assert sorted(choice.pool) == sorted(cards("♥7 ♠7")) and choice.count == 1


def test_case_dl_24_dry_pot() -> None:
    """CASE-DL-24 (DL-KITTY-2, DL-KITTY-3, DL-SETTLE-1, DL-SCORE-2)."""
    trump = dl_trump(4, Suit.HEARTS)
    pot = tuple(cards("♠A ♣3 ♦9 ♥4 BJ ♣K"))
    assert is_dry_pot(pot, trump)  # ♥4 is a level card
    assert hand_is_dry_pot(TrumpSource.DECLARATION, pot, trump)
    with rule_error(Reason.NOT_IN_PHASE, "DL-KITTY-3"):
        validate_dealer_burial(Counter(pot), pot, dry_pot=True)
    assert legal_joker_burials(Seat.E, hand("BJ"), pot, Seat.S, trump, dry_pot=True) == []
    with rule_error(Reason.BURY_ILLEGAL, "DL-KITTY-3"):
        validate_joker_burial(
            JokerBurial(Seat.E, (BIG_JOKER,), tuple(cards("♣3"))),
            hand("BJ"),
            pot,
            Seat.S,
            trump,
            dry_pot=True,
        )

    held = settle(outcome(Seat.S, 4, 3, 90, Team.NS, pot, dry_pot=True))
    assert held.case == "A" and held.levels == TeamLevels(5, 3)
    assert held.jokers == 0 and held.blood == 0

    dug = settle(outcome(Seat.S, 4, 3, 105, Team.EW, pot, dry_pot=True))
    assert dug.score == 105 + 2 * 10 == 125
    assert dug.case == "D" and dug.levels == TeamLevels(4, 4)  # EW +1 only
    assert dug.blood == 0


def test_dry_pot_variants() -> None:
    """DL-KITTY-2 (b) and DL-OP-7: all trumps is 干锅; a trump-suit 2 is no 主花色牌."""
    trump = dl_trump(4, Suit.HEARTS)
    assert is_dry_pot(tuple(cards("♥A ♥K ♠4 ♣2 SJ ♥3")), trump)  # (b) all six are trumps
    assert is_dry_pot(tuple(cards("♥2 ♠A ♠3 ♦9 ♣8 ♣7")), trump)  # (a) ♥2 is 常主
    assert not is_dry_pot(tuple(cards("♥5 ♠A ♠3 ♦9 ♣8 ♣7")), trump)


# --------------------------------------------------------------------------- settlement


def test_case_dl_26_case_a_with_buried_jokers() -> None:
    """CASE-DL-26 (DL-SETTLE-1, DL-SETTLE-2, DL-SETTLE-6, DL-OP-12)."""
    result = settle(outcome(Seat.S, 5, 4, 85, Team.NS, kitty("BJ SJ")))
    assert result.score == 85 and result.case == "A"
    assert result.levels.ns == 5 + 1 + 2 + 1 == 9
    assert result.next_dealer is Seat.N and result.next_level == 9
    assert result.blood == 0 + 3 == 3 and result.payer is Seat.E


def test_case_dl_27_case_b_jokers_void() -> None:
    """CASE-DL-27 (DL-SCORE-2, DL-SETTLE-1, DL-SETTLE-6)."""
    result = settle(outcome(Seat.S, 6, 4, 60, Team.EW, kitty("BJ ♥K ♦10 ♣5")))
    assert result.score == 60 + 50 == 110
    assert result.case == "B"
    assert result.next_dealer is Seat.N
    assert result.levels == TeamLevels(6, 4)
    assert result.joker_blood == 0 and result.blood == 0 and result.payer is None


def test_case_dl_29_case_d_with_joker() -> None:
    """CASE-DL-29 (DL-SCORE-2, DL-SETTLE-1, DL-SETTLE-2)."""
    result = settle(outcome(Seat.S, 7, 4, 100, Team.EW, kitty("SJ ♥10 ♦5")))
    assert result.score == 100 + 30 == 130
    assert result.case == "D"
    assert result.levels == TeamLevels(7, 6)
    assert result.next_dealer is Seat.E and result.next_level == 6
    assert result.blood == 1 and result.payer is Seat.S


@pytest.mark.parametrize("last", [Team.NS, Team.EW])
def test_case_dl_31_zero_points_ends_the_match(last: Team) -> None:
    """CASE-DL-31 (DL-END-2, DL-OP-16, DL-DEALER-4, DL-TRIB-9)."""
    result = settle(outcome(Seat.S, 6, 5, 0, last))
    assert result.score == 0
    assert result.match_winner is Team.NS and result.end_reason is MatchEnd.ZERO_POINTS
    assert result.next_levels == TeamLevels(3, 3)
    assert result.next_dealer is None  # BJ race
    assert result.blood == 0 and result.payer is None
    assert tribute_due(Seat.S, 5, first_hand=True) is None


def test_case_dl_32_three_hundred_ends_the_match() -> None:
    """CASE-DL-32 (DL-END-3, DL-OP-16)."""
    result = settle(outcome(Seat.S, 6, 5, 290, Team.EW, kitty("♦10")))
    assert result.score == 310
    assert result.match_winner is Team.EW and result.end_reason is MatchEnd.THREE_HUNDRED


def _three_big_joker_kitty() -> tuple[Card, ...]:
    """Dealer S buries two BJ, then W buries the third (DL-KITTY-8, DL-KITTY-10)."""
    trump = dl_trump(5, Suit.HEARTS)
    south = Counter(cards("BJ BJ ♠3 ♠4 ♠6 ♠7") + _filler(39))
    buried = cards("BJ BJ ♠3 ♠4 ♠6 ♠7")
    assert validate_dealer_burial(south, buried) is True
    final = validate_joker_burial(
        JokerBurial(Seat.W, (BIG_JOKER,), tuple(cards("♠3"))),
        hand("BJ ♥9"),
        tuple(buried),
        Seat.S,
        trump,
    )
    assert Counter(final)[BIG_JOKER] == 3
    return final


@pytest.mark.parametrize(
    ("last", "points", "winner", "case", "dealer", "blood"),
    [
        (Team.NS, 100, Team.NS, "A", None, 0),  # (a)
        (Team.EW, 125, Team.EW, "D", None, 0),  # (b)
        (Team.EW, 110, None, "B", Seat.N, 0),  # (c)
        (Team.NS, 130, None, "C", Seat.E, 6),  # (d)
    ],
)
def test_case_dl_33_three_big_jokers(
    last: Team, points: int, winner: Team | None, case: str, dealer: Seat | None, blood: int
) -> None:
    """CASE-DL-33 (DL-END-4, DL-KITTY-10, DL-SETTLE-1)."""
    result = settle(outcome(Seat.S, 5, 4, points, last, _three_big_joker_kitty()))
    assert result.match_winner is winner
    assert result.end_reason is (MatchEnd.THREE_BIG_JOKERS if winner else None)
    assert result.case == case
    assert result.next_dealer is dealer
    assert result.blood == blood
    if case == "B":
        assert result.levels == TeamLevels(5, 4)


def test_case_dl_34_three_small_jokers_option() -> None:
    """CASE-DL-34 (DL-END-5, DL-OP-13)."""
    pot = kitty("SJ SJ SJ")
    on = settle(outcome(Seat.S, 4, 3, 90, Team.NS, pot))
    assert on.match_winner is Team.NS and on.end_reason is MatchEnd.THREE_SMALL_JOKERS
    off = settle(outcome(Seat.S, 4, 3, 90, Team.NS, pot, dl_three_sj_instant="off"))
    assert off.match_winner is None and off.case == "A"
    assert off.levels.ns == 4 + 1 + 3 == 8
    assert off.blood == 3


def test_case_dl_35_must_play_ten_and_pass_ten() -> None:
    """CASE-DL-35 (DL-SETTLE-3, DL-END-1, DL-END-6, DL-OP-14): short of an end, play goes on."""
    a = settle(outcome(Seat.S, 8, 4, 70, Team.NS, kitty("BJ BJ")))
    assert a.levels.ns == 10 and a.match_winner is None  # 8+1+4 = 13 capped
    assert a.next_dealer is Seat.N and a.next_level == 10
    assert a.blood == 1 + 4 == 5

    b = settle(outcome(Seat.N, 10, 4, 100, Team.NS))
    assert b.match_winner is Team.NS and b.end_reason is MatchEnd.PASSED_TEN

    c = settle(outcome(Seat.S, 7, 9, 140, Team.EW, kitty("BJ")))
    assert c.case == "D" and c.levels.ew == 10  # 9+1+2 capped
    assert c.next_dealer is Seat.E and c.next_level == 10 and c.match_winner is None
    assert c.blood == 2 and c.payer is Seat.S  # the new dealer's 上家


def test_case_dl_37_same_player_deals() -> None:
    """CASE-DL-37 (DL-DEALER-3, DL-OP-4, DL-TRIB-2)."""
    same = Options(dl_keep_deal_seat="same")
    result = settle(outcome(Seat.S, 5, 4, 65, Team.NS, dl_keep_deal_seat="same"))
    assert result.next_dealer is Seat.S
    assert result.payer is Seat.W
    assert tribute_payer(Seat.S, same) is Seat.W
    assert next_dealer(Seat.S, takeover=True, options=same) is Seat.E


@pytest.mark.parametrize("reset", ["off", "at_10"])
def test_case_dl_40_last_level_dig_reset(reset: str) -> None:
    """CASE-DL-40 (DL-OP-15, DL-SETTLE-1)."""
    b = settle(outcome(Seat.S, 10, 6, 110, Team.EW, dl_last_level_dig_reset=reset))
    assert b.case == "B" and b.next_dealer is Seat.N
    assert b.levels.ns == (10 if reset == "off" else 3)
    assert b.next_level == b.levels.ns

    d = settle(outcome(Seat.S, 10, 6, 130, Team.EW, dl_last_level_dig_reset=reset))
    assert d.case == "D" and d.next_dealer is Seat.E and d.next_level == 7
    assert d.levels == TeamLevels(10 if reset == "off" else 3, 7)


@pytest.mark.parametrize(
    ("score", "blood"),
    [(0, 8), (65, 2), (75, 1), (79, 1), (80, 0), (150, 0), (155, 0), (160, 1), (175, 2)],
)
def test_point_blood(score: int, blood: int) -> None:
    """DL-SETTLE-5: 5 counts as 10 below 80; 5 counts for nothing above 150."""
    assert point_blood(score) == blood


def test_case_c_gives_joker_blood_without_levels() -> None:
    """DL-SETTLE-1 case C: the catchers take over; jokers give blood, not levels."""
    result = settle(outcome(Seat.E, 4, 6, 160, Team.EW, kitty("SJ")))
    assert result.case == "C" and result.levels == TeamLevels(4, 6)
    assert result.next_dealer is Seat.N and result.blood == 1 + 1 and result.payer is Seat.E


def test_clockwise_direction() -> None:
    """GEN-SEAT-2 with play_direction=cw: 下家 and 上家 swap."""
    cw = Options(play_direction="cw")
    assert seat_order(Seat.S, cw.play_direction)[:3] == [Seat.S, Seat.W, Seat.N]
    result = settle(outcome(Seat.S, 5, 4, 130, Team.NS, play_direction="cw"))
    assert result.next_dealer is Seat.W and result.payer is None
    assert tribute_payer(Seat.W, cw) is Seat.S  # cw: S → W → N → E


def test_card_choice() -> None:
    """The shared 'n strongest, choose among equals' helper (DL-RANK-6)."""
    choice = extreme_choice(cards("♠3 ♠3 ♠4"), 1, lambda c: -int(c.rank))
    assert choice == CardChoice(tuple(cards("♠3")), (), 0)  # identical copies: no choice
    assert not choice.accepts(cards("♠4"))
    pick = CardChoice((), tuple(cards("♠3 ♠3 ♥3")), 2)
    assert set(pick.choices()) == {sorted_cards("♠3 ♠3"), sorted_cards("♠3 ♥3")}
    assert pick.accepts(cards("♥3 ♠3")) and not pick.accepts(cards("♥3 ♥3"))
