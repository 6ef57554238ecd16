"""Trick-play cases of RULES_CASES.md (DL, TR, SD): leads, follows and trick winners."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_desktop.rules.cards import Card, Rank, Suit, card_points, parse_cards
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import TRUMP, Trump
from shengji_desktop.rules.trick import Shape, TrickRules


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def hand(text: str) -> Counter[Card]:
    return Counter(parse_cards(text))


def rules(game: Game, level: Rank, suit: Suit, **options: object) -> TrickRules:
    return TrickRules(Trump(game, level, suit, Options.from_dict(options)))


def play_trick(r: TrickRules, *plays: str) -> tuple[int, int]:
    """Winner index (0 = leader) and trick points; every follow is checked against a hand
    holding exactly the played cards plus nothing of the led class (the cases say 'void')."""
    lead = cards(plays[0])
    fmt = r.lead_format(lead)
    seq = [lead] + [cards(p) for p in plays[1:]]
    return r.winner(fmt, seq), sum(card_points(p) for p in seq)


# --------------------------------------------------------------------------- DL


def test_case_dl_01_offsuit_level_cards_equal_earlier_wins() -> None:
    """CASE-DL-01 (DL-RANK-2, DL-WIN-1, DL-OP-11, GEN-TRICK-5)."""
    r = rules(Game.DL, Rank.SEVEN, Suit.HEARTS)
    fmt = r.lead_format(cards("♠A"))
    for follower, played in (("♣7", "♣7"), ("♥9", "♥9"), ("♦7", "♦7")):
        r.check_follow(hand(follower), fmt, cards(played))  # void in ♠: all legal
    winner, points = play_trick(r, "♠A", "♣7", "♥9", "♦7")
    assert winner == 1  # E
    assert points == 0


def test_case_dl_02_three_identical_plain_cards() -> None:
    """CASE-DL-02 (DL-RANK-3, DL-WIN-1, GEN-TRICK-5, GEN-TRICK-6)."""
    r = rules(Game.DL, Rank.FOUR, Suit.SPADES)
    winner, points = play_trick(r, "♥K", "♥K", "♥5", "♥K")
    assert winner == 0  # S, team NS
    assert points == 35


def test_case_dl_03_twos_outrank_trump_aces() -> None:
    """CASE-DL-03 (DL-RANK-1, DL-RANK-2, DL-WIN-1)."""
    r = rules(Game.DL, Rank.EIGHT, Suit.DIAMONDS)
    winner, points = play_trick(r, "♣A", "♦A", "♠2", "♦2")
    assert winner == 3  # W
    assert points == 0


def test_case_dl_04_led_two_is_a_trump_lead() -> None:
    """CASE-DL-04 (DL-RANK-1, DL-FOLLOW-1, GEN-CARD-3, GEN-TRICK-3)."""
    r = rules(Game.DL, Rank.EIGHT, Suit.DIAMONDS)
    fmt = r.lead_format(cards("♣2"))
    e = hand("♣K ♣3 ♥4 ♦9")
    with pytest.raises(RuleError) as err:
        r.check_follow(e, fmt, cards("♣K"))
    assert err.value.reason is Reason.MUST_FOLLOW_SUIT
    assert err.value.rule == "GEN-TRICK-3"
    assert str(err.value) == "must follow trumps: you hold ♦9 (GEN-TRICK-3)"
    r.check_follow(e, fmt, cards("♦9"))


DL06_HAND = "♥5 ♥5 ♥J ♣4"


def test_case_dl_06_live_pair_lead_needs_no_pair() -> None:
    """CASE-DL-06 (DL-FOLLOW-1, DL-FOLLOW-3)."""
    r = rules(Game.DL, Rank.THREE, Suit.SPADES, dl_follow_mode="live")
    fmt = r.lead_format(cards("♥10 ♥10"))
    r.check_follow(hand(DL06_HAND), fmt, cards("♥J ♥5"))
    with pytest.raises(RuleError) as err:
        r.check_follow(hand(DL06_HAND), fmt, cards("♥J ♣4"))
    assert err.value.reason is Reason.MUST_FOLLOW_SUIT


def test_case_dl_07_dead_pair_lead_forces_exact_pair() -> None:
    """CASE-DL-07 (DL-FOLLOW-4)."""
    r = rules(Game.DL, Rank.THREE, Suit.SPADES, dl_follow_mode="dead")
    fmt = r.lead_format(cards("♥10 ♥10"))
    with pytest.raises(RuleError) as err:
        r.check_follow(hand(DL06_HAND), fmt, cards("♥J ♥5"))
    assert err.value.reason is Reason.MUST_FOLLOW_PAIR
    assert err.value.rule == "DL-FOLLOW-4"
    r.check_follow(hand(DL06_HAND), fmt, cards("♥5 ♥5"))


@pytest.mark.parametrize(
    ("mode", "play", "legal"),
    [
        ("dead", "♥Q ♥Q ♥4", True),
        ("dead", "♥Q ♥Q ♥6", True),
        ("dead", "♥Q ♥4 ♥6", False),
        ("live", "♥Q ♥4 ♥6", True),
    ],
)
def test_case_dl_08_triple_lead(mode: str, play: str, legal: bool) -> None:
    """CASE-DL-08 (DL-FOLLOW-5, DL-FOLLOW-3)."""
    r = rules(Game.DL, Rank.THREE, Suit.SPADES, dl_follow_mode=mode)
    fmt = r.lead_format(cards("♥8 ♥8 ♥8"))
    e = hand("♥Q ♥Q ♥4 ♥6 ♣9 ♦J")
    if legal:
        r.check_follow(e, fmt, cards(play))
    else:
        with pytest.raises(RuleError) as err:
            r.check_follow(e, fmt, cards(play))
        assert err.value.rule == "DL-FOLLOW-5"


def test_case_dl_10_only_a_pair_beats_a_pair() -> None:
    """CASE-DL-10 (DL-LEAD-1, DL-WIN-2, GEN-TRICK-4)."""
    r = rules(Game.DL, Rank.THREE, Suit.SPADES)
    fmt = r.lead_format(cards("♥10 ♥10"))
    assert r.play_key(fmt, cards("♠A ♠K")) is None
    winner, points = play_trick(r, "♥10 ♥10", "♠A ♠K", "♥J ♥J", "♠4 ♠4")
    assert winner == 3  # W
    assert points == 30


@pytest.mark.parametrize(
    ("lead", "legal"),
    [
        ("♥5 ♥5 ♥6 ♥6", False),
        ("♥5 ♥6 ♥7 ♥8 ♥9", False),
        ("♥3 ♣3", False),
        ("♥K ♥K ♥K", True),
        ("BJ BJ", True),
        ("BJ SJ", False),
        ("♥A ♥K", False),
    ],
)
def test_case_dl_12_legal_and_illegal_leads(lead: str, legal: bool) -> None:
    """CASE-DL-12 (DL-LEAD-1, DL-LEAD-2)."""
    r = rules(Game.DL, Rank.THREE, Suit.SPADES)
    s_hand = hand("♥5 ♥5 ♥6 ♥6 ♥7 ♥8 ♥9 ♥3 ♣3 ♥K ♥K ♥K BJ BJ SJ ♥A")
    if legal:
        r.check_lead(s_hand, cards(lead))
    else:
        with pytest.raises(RuleError) as err:
            r.check_lead(s_hand, cards(lead))
        assert err.value.rule == "DL-LEAD-2"
        assert err.value.reason is Reason.ILLEGAL_LEAD_SHAPE


# --------------------------------------------------------------------------- TR


def test_case_tr_01_offsuit_level_cards_equal() -> None:
    """CASE-TR-01 (TR-RANK-2, TR-WIN-1, GEN-TRICK-5)."""
    r = rules(Game.TR, Rank.SEVEN, Suit.CLUBS)
    winner, points = play_trick(r, "♦K", "♥7", "♣A", "♠7")
    assert winner == 1  # E → EW
    assert points == 10


def test_case_tr_02_level_a_aces_are_trump() -> None:
    """CASE-TR-02 (TR-DECK-3, TR-RANK-1, TR-RANK-3, TR-WIN-1)."""
    r = rules(Game.TR, Rank.ACE, Suit.SPADES)
    assert r.trump.is_trump(cards("♦A")[0])
    assert r.trump.strength(cards("♥K")[0]) > r.trump.strength(cards("♥Q")[0])
    winner, points = play_trick(r, "♥K", "♥Q", "♦A", "♥2")
    assert winner == 2  # N → NS
    assert points == 10


@pytest.mark.parametrize(
    ("mode", "lead", "legal"),
    [
        ("rank_order", "SJ SJ ♣7 ♣7", True),
        ("rank_order", "BJ BJ SJ SJ", True),
        ("rank_order", "BJ BJ SJ SJ ♣7 ♣7", True),
        ("rank_order", "♣8 ♣8 ♣6 ♣6", True),
        ("rank_order", "♣7 ♣7 ♥7 ♥7", False),
        ("rank_order", "♥7 ♥7 ♣A ♣A", False),
        ("rank_order", "♣7 ♣7 ♣A ♣A", False),
        ("numeric", "♣7 ♣7 ♣8 ♣8", True),
        ("numeric", "♣8 ♣8 ♣6 ♣6", False),
        ("numeric", "SJ SJ ♣7 ♣7", False),
    ],
)
def test_case_tr_04_tractors_among_trumps(mode: str, lead: str, legal: bool) -> None:
    """CASE-TR-04 (TR-LEAD-2, TR-LEAD-3, TR-OP-5)."""
    r = rules(Game.TR, Rank.SEVEN, Suit.CLUBS, tr_level_tractor_mode=mode)
    fmt = None
    try:
        fmt = r.lead_format(cards(lead))
    except RuleError as err:
        assert not legal
        assert err.rule == "TR-LEAD-3"
        assert err.reason is Reason.THROW_OF_TRUMPS
    else:
        assert legal
        assert fmt.shape is Shape.TRACTOR


def test_case_tr_06_tractor_ruffs_must_be_tractors() -> None:
    """CASE-TR-06 (TR-LEAD-2, TR-WIN-1)."""
    r = rules(Game.TR, Rank.SEVEN, Suit.CLUBS)
    fmt = r.lead_format(cards("♥Q ♥Q ♥J ♥J"))
    assert fmt.shape is Shape.TRACTOR
    assert r.play_key(fmt, cards("♣9 ♣9 ♣J ♣K")) is None
    winner, points = play_trick(r, "♥Q ♥Q ♥J ♥J", "♣3 ♣3 ♣4 ♣4", "♣9 ♣9 ♣J ♣K", "♣5 ♣5 ♣6 ♣6")
    assert winner == 3  # W → EW
    assert points == 20


def test_case_tr_07_no_obligation_to_follow_pair_with_pair() -> None:
    """CASE-TR-07 (TR-FOLLOW-1, TR-FOLLOW-2)."""
    r = rules(Game.TR, Rank.SEVEN, Suit.CLUBS)
    fmt = r.lead_format(cards("♥9 ♥9"))
    e = hand("♥3 ♥3 ♥K ♠4")
    r.check_follow(e, fmt, cards("♥K ♥3"))
    r.check_follow(e, fmt, cards("♥3 ♥3"))
    with pytest.raises(RuleError):
        r.check_follow(e, fmt, cards("♥K ♠4"))


def test_case_tr_09_clean_throw_and_its_ruff() -> None:
    """CASE-TR-09 (TR-LEAD-3, TR-LEAD-4, TR-WIN-2)."""
    r = rules(Game.TR, Rank.SEVEN, Suit.CLUBS)
    s = hand("♠A ♠A ♠K ♥3")
    e = hand("♠K ♠Q ♠Q ♦9")
    n = hand("♠J ♠3 ♦4")
    w = hand("♣3 ♣3 ♣5 ♥8")
    fmt = r.check_lead(s, cards("♠A ♠A ♠K"), [e, n, w])
    assert fmt.shape is Shape.THROW
    assert [u.shape for u in fmt.units] == [Shape.PAIR, Shape.SINGLE]
    r.check_follow(e, fmt, cards("♠K ♠Q ♠Q"))
    r.check_follow(n, fmt, cards("♠J ♠3 ♦4"))
    r.check_follow(w, fmt, cards("♣3 ♣3 ♣5"))
    assert r.play_key(fmt, cards("♠K ♠Q ♠Q")) is None
    winner, points = play_trick(r, "♠A ♠A ♠K", "♠K ♠Q ♠Q", "♠J ♠3 ♦4", "♣3 ♣3 ♣5")
    assert winner == 3  # W → EW
    assert points == 25


@pytest.mark.parametrize("check", ["reject", "penalty"])
def test_case_tr_10_failed_throw(check: str) -> None:
    """CASE-TR-10 (TR-LEAD-3, TR-LEAD-5, TR-OP-7)."""
    r = rules(Game.TR, Rank.SEVEN, Suit.CLUBS, tr_throw_check=check)
    s = hand("♠A ♠Q ♥5")
    others = [hand("♠K ♦3"), hand("♦4"), hand("♦5")]
    if check == "reject":
        with pytest.raises(RuleError) as err:
            r.check_lead(s, cards("♠A ♠Q"), others)
        assert err.value.reason is Reason.THROW_BEATABLE
        assert err.value.rule == "TR-LEAD-5"
    else:
        fmt = r.check_lead(s, cards("♠A ♠Q"), others)
        assert list(fmt.lead) == cards("♠Q")


@pytest.mark.parametrize("lead", ["SJ ♣A", "BJ BJ ♣A", "♣A ♣K"])
def test_case_tr_12_trumps_cannot_be_thrown(lead: str) -> None:
    """CASE-TR-12 (TR-LEAD-3)."""
    r = rules(Game.TR, Rank.SEVEN, Suit.CLUBS)
    with pytest.raises(RuleError) as err:
        r.check_lead(hand("SJ BJ BJ ♣A ♣K"), cards(lead), [hand(""), hand(""), hand("")])
    assert err.value.rule == "TR-LEAD-3"


def test_case_tr_31_level_card_is_trump_not_its_suit() -> None:
    """CASE-TR-31 (TR-RANK-1, TR-FOLLOW-1, GEN-CARD-3)."""
    r = rules(Game.TR, Rank.SEVEN, Suit.CLUBS)
    lead = cards("♠9")
    fmt = r.lead_format(lead)
    e = hand("♠7 ♥4")
    (s7,) = cards("♠7")
    assert r.trump.suit_class(s7) == TRUMP != fmt.suit_class  # so E holds no spade
    # Both plays are legal: check_follow raises on an illegal one, and the enumeration has both.
    r.check_follow(e, fmt, cards("♥4"))
    r.check_follow(e, fmt, cards("♠7"))
    assert sorted(r.legal_follows(e, fmt)) == sorted([tuple(cards("♥4")), (s7,)])
    # ♠7 is a ruff: it beats the ♠ lead; the discard ♥4 cannot.
    assert r.winner(fmt, [lead, cards("♠7")]) == 1
    assert r.winner(fmt, [lead, cards("♥4")]) == 0


# --------------------------------------------------------------------------- SD


@pytest.mark.parametrize(
    ("w_card", "order", "expected"),
    [
        ("♣2", "trump_suit_high", 1),
        ("♦2", "trump_suit_high", 3),
        ("♦2", "equal", 1),
    ],
)
def test_case_sd_08_offsuit_twos(w_card: str, order: str, expected: int) -> None:
    """CASE-SD-08 (SD-RANK-2, SD-RANK-4, SD-OP-1)."""
    r = rules(Game.SD, Rank.TWO, Suit.DIAMONDS, sd_two_order=order)
    winner, _ = play_trick(r, "♠Q", "♥2", "♦A", w_card)
    assert winner == expected


def test_case_sd_09_trump_lead_followed_with_a_two() -> None:
    """CASE-SD-09 (SD-RANK-1, SD-FOLLOW-1)."""
    r = rules(Game.SD, Rank.TWO, Suit.DIAMONDS)
    fmt = r.lead_format(cards("♦9"))
    e = hand("♠2 ♥K ♣5")
    r.check_follow(e, fmt, cards("♠2"))
    for bad in ("♥K", "♣5"):
        with pytest.raises(RuleError) as err:
            r.check_follow(e, fmt, cards(bad))
        assert err.value.reason is Reason.MUST_FOLLOW_SUIT


def test_case_sd_11_jokers_on_a_trump_lead() -> None:
    """CASE-SD-11 (SD-RANK-2, SD-WIN-1)."""
    r = rules(Game.SD, Rank.TWO, Suit.DIAMONDS)
    winner, points = play_trick(r, "♦3", "BJ", "SJ", "♦A")
    assert winner == 1  # E
    assert points == 0


def test_case_sd_25_void_follower_may_discard() -> None:
    """CASE-SD-25 (SD-FOLLOW-2, SD-WIN-1, SD-SCORE-1): dealer N wins, 15 points not in D."""
    r = rules(Game.SD, Rank.TWO, Suit.DIAMONDS)
    fmt = r.lead_format(cards("♥5"))
    r.check_follow(hand("♣A ♦4 ♦5"), fmt, cards("♣A"))
    winner, points = play_trick(r, "♥5", "♣A", "♥K", "♥3")
    assert winner == 2  # N, the dealer
    assert points == 15


def test_sd_only_singles_may_be_led() -> None:
    """SD-LEAD-1."""
    r = rules(Game.SD, Rank.TWO, Suit.DIAMONDS)
    with pytest.raises(RuleError) as err:
        r.lead_format(cards("♥5 ♥6"))
    assert err.value.rule == "SD-LEAD-1"
