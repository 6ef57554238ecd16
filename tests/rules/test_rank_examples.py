"""The worked orderings and cross-reference rules of RULES.md that no case of RULES_CASES.md
names: DL-RANK-4, TR-RANK-4, SD-RANK-3 (card order), DL-LEAD-3, TR-LEAD-1 (leads), TR-KITTY-3
(jokers may be buried), DL-SCORE-1 (only the catchers' points count), GEN-SEAT-3 (teams)."""

from __future__ import annotations

from collections import Counter

import pytest

from shengji_desktop.rules import dl_settle, tr
from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, Team, parse_cards
from shengji_desktop.rules.dl import TeamLevels
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import TRUMP, Trump
from shengji_desktop.rules.trick import Shape, TrickRules


def trump(game: Game, level: Rank, suit: Suit) -> Trump:
    return Trump(game, level, suit, Options())


def tiers(text: str) -> list[list[Card]]:
    """``"BJ > SJ > {♠7 ♣7} > ♥2"`` as tiers, strongest first; braces group equal cards."""
    out: list[list[Card]] = []
    for part in text.split(">"):
        out.append(parse_cards(part.strip().strip("{}")))
    return out


def assert_order(t: Trump, chain: str, cls: int) -> None:
    """Each tier strictly below the one before it, equal within itself, all in class ``cls``."""
    groups = tiers(chain)
    for group in groups:
        assert {t.suit_class(c) for c in group} == {cls}, group
        assert len({t.strength(c) for c in group}) == 1, group
    strengths = [t.strength(g[0]) for g in groups]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths), chain


def test_dl_rank_4_level_7_hearts_trump() -> None:
    """DL-RANK-4: BJ > SJ > ♥7 > {♠7 = ♣7 = ♦7} > ♥2 > {♠2 = ♣2 = ♦2} > ♥A > … > ♥3 (♥7 left out);
    plain ♠: A K Q J 10 9 8 6 5 4 3 (the 7 and the 2 of spades are trumps)."""
    t = trump(Game.DL, Rank.SEVEN, Suit.HEARTS)
    assert_order(
        t,
        "BJ > SJ > ♥7 > {♠7 ♣7 ♦7} > ♥2 > {♠2 ♣2 ♦2} > ♥A > ♥K > ♥Q > ♥J > ♥10 > ♥9 > ♥8"
        " > ♥6 > ♥5 > ♥4 > ♥3",
        TRUMP,
    )
    spades = t.suit_class(parse_cards("♠A")[0])
    assert spades != TRUMP
    assert_order(t, "♠A > ♠K > ♠Q > ♠J > ♠10 > ♠9 > ♠8 > ♠6 > ♠5 > ♠4 > ♠3", spades)
    assert t.is_trump(parse_cards("♠7")[0]) and t.is_trump(parse_cards("♠2")[0])


def test_tr_rank_4_level_7_clubs_trump() -> None:
    """TR-RANK-4: BJ > SJ > ♣7 > {♥7 = ♠7 = ♦7} > ♣A > ♣K > … > ♣8 > ♣6 > … > ♣2 (2s are
    ordinary cards of their suit in TR, TR-RANK-1)."""
    t = trump(Game.TR, Rank.SEVEN, Suit.CLUBS)
    assert_order(
        t,
        "BJ > SJ > ♣7 > {♥7 ♠7 ♦7} > ♣A > ♣K > ♣Q > ♣J > ♣10 > ♣9 > ♣8 > ♣6 > ♣5 > ♣4" " > ♣3 > ♣2",
        TRUMP,
    )
    hearts = t.suit_class(parse_cards("♥2")[0])
    assert hearts != TRUMP
    assert_order(t, "♥A > ♥K > ♥Q > ♥J > ♥10 > ♥9 > ♥8 > ♥6 > ♥5 > ♥4 > ♥3 > ♥2", hearts)


def test_tr_rank_4_level_ace_spades_trump() -> None:
    """TR-RANK-4: at level A the plain suits are topped by K, and the trump order is
    BJ > SJ > ♠A > other A's > ♠K > …"""
    t = trump(Game.TR, Rank.ACE, Suit.SPADES)
    assert_order(t, "BJ > SJ > ♠A > {♥A ♣A ♦A} > ♠K > ♠Q > ♠J > ♠10 > ♠2", TRUMP)
    for suit in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS):
        king = Card.of(suit, Rank.KING)
        cls = t.suit_class(king)
        assert cls != TRUMP
        rest = [Card.of(suit, r) for r in Rank if Rank.TWO <= r <= Rank.QUEEN]
        assert all(t.strength(king) > t.strength(c) for c in rest)


def test_sd_rank_3_plain_suits_without_twos() -> None:
    """SD-RANK-3: plain A > K > … > 3; the 2s are trumps (常主, SD-RANK-1)."""
    t = trump(Game.SD, Rank.TWO, Suit.DIAMONDS)
    clubs = t.suit_class(parse_cards("♣A")[0])
    assert clubs != TRUMP
    assert_order(t, "♣A > ♣K > ♣Q > ♣J > ♣10 > ♣9 > ♣8 > ♣7 > ♣6 > ♣5 > ♣4 > ♣3", clubs)
    assert t.is_trump(parse_cards("♣2")[0])


@pytest.mark.parametrize("game", [Game.DL, Game.TR, Game.SD])
def test_any_suit_class_may_be_led_trump_included(game: Game) -> None:
    """DL-LEAD-3 (and the same in TR and SD): trumps and every plain suit held are led."""
    r = TrickRules(trump(game, Rank.SEVEN if game is not Game.SD else Rank.TWO, Suit.HEARTS))
    held = Counter(parse_cards("BJ ♥9 ♠K ♣4 ♦10"))
    leads = {lead for lead in r.legal_leads(held) if len(lead) == 1}
    assert leads == {(c,) for c in held}
    classes = {r.trump.suit_class(c) for (c,) in leads}
    assert TRUMP in classes and len(classes) == 4


def test_tr_lead_1_a_pair_is_two_identical_cards() -> None:
    """TR-LEAD-1: single; pair = 2 identical cards. Two equal level cards of different suits
    are not a pair (and trumps cannot be thrown), two different cards of a suit are a throw."""
    r = TrickRules(trump(Game.TR, Rank.SEVEN, Suit.CLUBS))
    assert r.lead_format(parse_cards("♠K")).shape is Shape.SINGLE
    assert r.lead_format(parse_cards("♠K ♠K")).shape is Shape.PAIR
    assert r.lead_format(parse_cards("♥7 ♥7")).shape is Shape.PAIR
    with pytest.raises(RuleError):
        r.lead_format(parse_cards("♥7 ♠7"))
    assert r.lead_format(parse_cards("♠K ♠Q")).shape is Shape.THROW


def test_tr_kitty_3_jokers_may_be_buried_and_swell_the_stake() -> None:
    """TR-KITTY-3: any 8 cards may be buried, jokers included; buried jokers are 涨包 (TR-SETTLE-3),
    so a settlement with a joker in the kitty differs from one without."""
    held = Counter(parse_cards("BJ SJ ♠3 ♠4 ♠6 ♠8 ♠9 ♥3 ♥4"))
    tr.validate_bury(held, parse_cards("BJ SJ ♠3 ♠4 ♠6 ♠8 ♠9 ♥3"))
    with pytest.raises(RuleError):
        tr.validate_bury(held, parse_cards("BJ BJ ♠3 ♠4 ♠6 ♠8 ♠9 ♥3"))
    levels = {Team.NS: Rank.FIVE, Team.EW: Rank.FIVE}
    plain = parse_cards("♠3 ♠4 ♠6 ♠8 ♠9 ♥3 ♥4 ♥6")
    jokers = parse_cards("BJ ♠4 ♠6 ♠8 ♠9 ♥3 ♥4 ♥6")

    def settled(kitty: list[Card]) -> tr.TRSettlement:
        hand = tr.TRHandResult(
            Seat.S, levels, Suit.SPADES, 40, Team.NS, tuple(parse_cards("♠A")), tuple(kitty)
        )
        return tr.settle(hand)

    assert settled(jokers).items != settled(plain).items


def test_dl_score_1_only_the_catchers_points_count() -> None:
    """DL-SCORE-1: the settlement is a function of the catchers' points alone (the dealer side's
    points are 300 minus those and the kitty, and never enter it)."""
    levels = TeamLevels(5, 5)
    kitty = tuple(parse_cards("♠3 ♠4 ♠6 ♠8 ♠9 ♥3"))
    for catchers in (0, 60, 80, 150, 200):
        outcome = dl_settle.DLHandOutcome(
            Seat.S, levels, catchers, Team.NS, kitty, False, Options()
        )
        st = dl_settle.settle(outcome)
        assert st.score == catchers


def test_gen_seat_3_partners_sit_opposite() -> None:
    """GEN-SEAT-3: in DL and TR, S+N are team NS and E+W team EW."""
    assert Seat.S.team is Seat.N.team is Team.NS
    assert Seat.E.team is Seat.W.team is Team.EW
    assert Team.NS.other is Team.EW
