"""Refusals judged on other hands name no hidden card (TR-LEAD-5, SD-CLAIM-1): a refused throw
says that a part can be beaten, not which; a refused claim that not every card is a winner,
not which card beats which. Neither the English line nor ``details`` carries more."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_desktop.rules.cards import ALL_CARDS, Card, Rank, Suit, new_deck, parse_cards
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import Trump
from shengji_desktop.rules.sd import check_claim, sd_trump
from shengji_desktop.rules.trick import Shape, TrickRules

CARD_TEXTS = sorted({str(c) for c in ALL_CARDS}, key=len, reverse=True)


def named_cards(text: str) -> list[str]:
    """Every card name in ``text`` (♠10, ♥Q, BJ...); suit symbols alone count too."""
    found = [name for name in CARD_TEXTS if name in text]
    return found + [s for s in "♠♥♣♦" if s in text]


def assert_names_nothing(error: RuleError, tried: list[Card] | None) -> None:
    for text in (str(error), error.message):
        assert not named_cards(text), f"the refusal names {named_cards(text)}: {text!r}"
    allowed = {} if tried is None else {"cards": tuple(tried)}
    assert error.details == allowed, error.details


def test_a_refused_throw_does_not_say_which_part_can_be_beaten() -> None:
    """CASE-TR-10 (TR-LEAD-5): ♠A ♠Q thrown while E holds ♠K; the old refusal said
    "♠Q can be beaten", telling S where the ♠K is not (and that it is out)."""
    r = TrickRules(Trump(Game.TR, Rank.SEVEN, Suit.CLUBS, Options()))
    s = Counter(parse_cards("♠A ♠Q ♥5"))
    others = [Counter(parse_cards(h)) for h in ("♠K ♦3", "♦4", "♦5")]
    tried = parse_cards("♠A ♠Q")
    error = pytest.raises(RuleError, r.check_lead, s, tried, others).value
    assert (error.reason, error.rule) == (Reason.THROW_BEATABLE, "TR-LEAD-5")
    assert "a part of this throw can be beaten" in str(error)
    assert_names_nothing(error, tried)


def test_a_refused_claim_names_neither_card() -> None:
    """CASE-SD-23 (SD-CLAIM-1): ♥A ♥K ♥Q claimed while E holds ♣3 (trump); the old refusal
    said "♥A can be beaten by ♣3", a card of another hand."""
    trump = sd_trump(Suit.CLUBS)
    claimer = parse_cards("♥A ♥K ♥Q")
    others = [parse_cards("♣3 ♠4 ♦5"), parse_cards("♠6 ♠7 ♦8"), parse_cards("♦9 ♦J ♠Q")]
    error = pytest.raises(RuleError, check_claim, trump, claimer, others).value
    assert (error.reason, error.rule) == (Reason.CLAIM_NOT_ALLOWED, "SD-CLAIM-1")
    assert "not every card is a winner" in str(error)
    assert_names_nothing(error, None)


def test_no_refused_throw_or_claim_of_random_deals_names_a_card() -> None:
    """Over random deals: every refused TR throw of all of a plain suit and every refused SD
    claim names no card and carries only the cards tried."""
    rng = random.Random(16)
    throws = claims = 0
    for _ in range(200):
        deck = new_deck(2)
        rng.shuffle(deck)
        hands = [Counter(deck[i * 25 : (i + 1) * 25]) for i in range(4)]
        r = TrickRules(Trump(Game.TR, Rank.TWO, Suit.HEARTS, Options()))
        for suit in (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS):
            tried = sorted(c for c in hands[0].elements() if c.suit is suit and c.rank != Rank.TWO)
            if len(tried) < 2 or r.lead_format(tried).shape is not Shape.THROW:
                continue
            try:
                r.check_lead(hands[0], tried, hands[1:])
            except RuleError as error:
                throws += 1
                assert_names_nothing(error, tried)
        deck = new_deck(1)
        rng.shuffle(deck)
        sd_hands = [deck[i * 12 : (i + 1) * 12] for i in range(4)]
        try:
            check_claim(sd_trump(Suit.SPADES), sd_hands[0], sd_hands[1:])
        except RuleError as error:
            claims += 1
            assert_names_nothing(error, None)
    assert throws > 50 and claims > 150
