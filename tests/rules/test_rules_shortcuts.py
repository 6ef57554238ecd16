"""The shortcuts taken for speed give exactly what the plain definitions give.

Enumerators that the engine calls on every turn (TR declarations between cards, TR throws
judged against the unseen pool, multisets) are written for speed; each is compared here with
the straightforward version built from the validators.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Mapping

import pytest

from shengji_desktop.rules import dl_declare
from shengji_desktop.rules.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Rank,
    Seat,
    Suit,
    new_deck,
    parse_cards,
)
from shengji_desktop.rules.dl_declare import Declaration, DeclStrength
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import Trump
from shengji_desktop.rules.sd import claim_blocker, claim_is_legal, sd_trump
from shengji_desktop.rules.tr import (
    SUIT_ORDER,
    TRDeclaration,
    TRDeclKind,
    can_declare,
    legal_declarations,
    validate_declaration,
)
from shengji_desktop.rules.trick import Cards, Shape, TrickRules, multisets


def _declarations_by_validation(
    seat: Seat,
    hand: Mapping[Card, int],
    standing: TRDeclaration | None,
    level: Rank,
    options: Options,
) -> list[TRDeclaration]:
    out = []
    for suit in reversed(SUIT_ORDER):
        for kind in TRDeclKind:
            decl = TRDeclaration(seat, suit, kind)
            try:
                validate_declaration(decl, standing, hand, level, options)
            except RuleError:
                continue
            out.append(decl)
    return out


@pytest.mark.parametrize("absolute", [True, False])
def test_tr_legal_declarations_are_exactly_the_valid_ones(absolute: bool) -> None:
    """Every hand of 0..2 copies of each level card, every standing declaration, every seat."""
    options = Options(tr_seal_absolute=absolute)
    level = Rank.SEVEN
    standings: list[TRDeclaration | None] = [None]
    standings += [TRDeclaration(s, u, k) for s in Seat for u in Suit for k in TRDeclKind]
    level_cards = [Card.of(s, level) for s in Suit]
    for copies in itertools.product(range(3), repeat=4):
        hand = Counter({c: n for c, n in zip(level_cards, copies, strict=True) if n})
        hand[Card.of(Suit.SPADES, Rank.ACE)] = 1
        for standing in standings:
            for seat in Seat:
                expected = _declarations_by_validation(seat, hand, standing, level, options)
                assert legal_declarations(seat, hand, standing, level, options) == expected
                assert can_declare(seat, hand, standing, level, options) is bool(expected)


def _multisets_reference(counts: Mapping[Card, int], size: int) -> list[Cards]:
    """Every distinct sorted selection, in lexicographic order."""
    pool = sorted(c for c, n in counts.items() for _ in range(max(n, 0)))
    if size < 0:
        return []
    return sorted(set(itertools.combinations(pool, size)))


def test_multisets_distinct_and_in_lexicographic_order() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        counts = Counter({Card(rng.randrange(54)): rng.randint(0, 3) for _ in range(6)})
        size = rng.randint(-1, 9)
        assert list(multisets(counts, size)) == _multisets_reference(counts, size)


def _throws_by_validation(
    r: TrickRules, hand: Mapping[Card, int], suit: int, others: list[Counter[Card]]
) -> Iterator[Cards]:
    suit_hand = {k: n for k, n in hand.items() if n > 0 and r.trump.suit_class(k) == suit}
    for size in range(2, sum(suit_hand.values()) + 1):
        for combo in multisets(suit_hand, size):
            fmt = r.lead_format(combo)
            if fmt.shape is Shape.THROW and not r.throw_problems(fmt, others):
                yield combo


TR_OPTIONS = [
    Options(),
    Options(tr_level_tractor_mode="numeric", tr_a2_tractor=True),
    Options(tr_level_base="2_low"),
]


@pytest.mark.parametrize("seed", range(4))
def test_tr_throws_are_exactly_those_that_stand(seed: int) -> None:
    """Full-size hands against the three other hands, one pooled unseen hand, or nobody."""
    rng = random.Random(seed)
    for _ in range(150):
        options = rng.choice(TR_OPTIONS)
        r = TrickRules(Trump(Game.TR, Rank(rng.randint(2, 14)), Suit(rng.randrange(4)), options))
        deck = new_deck(2)
        crowd = rng.random()
        if crowd < 0.3:  # one suit between the leader and the rest: tractors beat tractors
            suit = rng.choice(list(Suit))
            deck = [c for c in deck if c.suit == suit]
            rng.shuffle(deck)
            cut = rng.randint(6, 10)
            hands = [Counter(deck[:cut]), Counter(deck[cut:])]
            hands += [Counter(), Counter()]
        else:
            if crowd < 0.6:  # crowd one or two suits so that long throws occur
                suits = rng.sample(list(Suit), rng.randint(1, 2))
                deck = [c for c in deck if c.is_joker or c.suit in suits]
            rng.shuffle(deck)
            size = rng.randint(2, min(25, len(deck) // 4))
            hands = [Counter(deck[i * size : (i + 1) * size]) for i in range(4)]
        pick = rng.random()
        if pick < 0.3:
            others = [hands[1] + hands[2] + hands[3]]
        elif pick < 0.4:
            others = [Counter()]
        else:
            others = hands[1:]
        enumerated = [p for p in r.legal_leads(hands[0], others) if len(p) > 1]
        expected = [
            t for suit in Suit for t in _throws_by_validation(r, hands[0], int(suit), others)
        ]
        assert [p for p in enumerated if r.lead_format(p).shape is Shape.THROW] == expected


def test_tr_thrown_tractor_beaten_only_by_a_higher_tractor_as_long() -> None:
    """TR-LEAD-4: ♠7788 with ♠A stands against ♠99 and ♠JJ apart, not against ♠99 10 10 (♠K
    out, so not a 浑甩 either)."""
    r = TrickRules(Trump(Game.TR, Rank.TWO, Suit.HEARTS))
    hand = Counter(parse_cards("♠7 ♠7 ♠8 ♠8 ♠A"))
    throw = tuple(sorted(parse_cards("♠7 ♠7 ♠8 ♠8 ♠A")))
    apart = Counter(parse_cards("♠9 ♠9 ♠J ♠J ♠K"))
    joined = Counter(parse_cards("♠9 ♠9 ♠10 ♠10 ♠K"))
    assert throw in list(r.legal_leads(hand, [apart]))
    assert throw not in list(r.legal_leads(hand, [joined]))


@pytest.mark.parametrize("two_order", ["trump_suit_high", "equal"])
def test_sd_claim_is_legal_exactly_when_nothing_blocks(two_order: str) -> None:
    """SD-CLAIM-1: the quick test agrees with claim_blocker on random leads of every size."""
    rng = random.Random(two_order)
    options = Options(sd_two_order=two_order)
    legal_seen = 0
    for _ in range(3000):
        trump = sd_trump(rng.choice([*Suit, None]), options)
        deck = new_deck(1)
        rng.shuffle(deck)
        size = rng.randint(0, 12)
        hands = [Counter(deck[i * size : (i + 1) * size]) for i in range(4)]
        if rng.random() < 0.5:  # strong claimer: his cards are the top of the deck
            ranked = sorted(deck, key=trump.strength, reverse=True)
            hands = [Counter(ranked[i::4][:size]) for i in range(4)]
        mine, others = hands[0], hands[1:]
        expected = size > 0 and claim_blocker(trump, mine, others) is None
        assert claim_is_legal(trump, mine, others) is expected
        assert claim_is_legal(trump, list(mine.elements()), others) is expected
        legal_seen += expected
    assert legal_seen > 50  # both answers occur


def _dl_declarations_reference(
    seat: Seat, hand: Mapping[Card, int], level: Rank, standing: Declaration | None
) -> list[Declaration]:
    """DL-DECL-4..7 spelled out: every group of 1..3 identical level cards and every
    three-joker call, those strictly stronger than the standing one, weakest first."""
    out: list[Declaration] = []
    for suit in Suit:
        card = Card.of(suit, level)
        for n in range(1, min(hand.get(card, 0), 3) + 1):
            out.append(Declaration(seat, (card,) * n, suit, DeclStrength(n)))
    for joker, strength in (
        (SMALL_JOKER, DeclStrength.THREE_SMALL_JOKERS),
        (BIG_JOKER, DeclStrength.THREE_BIG_JOKERS),
    ):
        if hand.get(joker, 0) >= 3:
            out.extend(Declaration(seat, (joker,) * 3, suit, strength) for suit in Suit)
    return sorted((d for d in out if d.beats(standing)), key=lambda d: (d.strength, int(d.suit)))


def test_dl_legal_declarations_and_can_declare_match_the_ladder() -> None:
    rng = random.Random(3)
    level = Rank.NINE
    level_cards = [Card.of(s, level) for s in Suit]
    standings: list[Declaration | None] = [None]
    for strength in DeclStrength:
        for suit in Suit:
            cards = (
                (Card.of(suit, level),) * int(strength)
                if strength <= 3
                else ((SMALL_JOKER if strength == 4 else BIG_JOKER),) * 3
            )
            standings.append(Declaration(Seat.N, cards, suit, strength))
    for _ in range(3000):
        hand = Counter({c: rng.choice([0, 0, 1, 2, 3]) for c in [*level_cards, SMALL_JOKER]})
        hand[BIG_JOKER] = rng.choice([0, 1, 3])
        hand[Card.of(Suit.CLUBS, Rank.ACE)] = 2
        standing = rng.choice(standings)
        expected = _dl_declarations_reference(Seat.E, hand, level, standing)
        assert dl_declare.legal_declarations(Seat.E, hand, level, standing) == expected
        assert dl_declare.can_declare(Seat.E, hand, level, standing) is bool(expected)


def test_dl_pickup_choice_is_the_weakest_by_pickup_weight() -> None:
    """DL-KITTY-8, DL-RANK-6 (b): ``pickup_choice`` (its weights from a table per trump) is
    ``extreme_choice`` by ``pickup_weight`` itself, for random kitties, trumps and counts."""
    from shengji_desktop.rules.dl import extreme_choice
    from shengji_desktop.rules.dl_kitty import pickable, pickup_choice, pickup_weight

    rng = random.Random(21)
    deck = new_deck(3)
    for _ in range(400):
        trump = Trump(Game.DL, Rank(rng.randint(3, 14)), Suit(rng.randrange(4)), Options())
        kitty = rng.sample(deck, 8)
        k = rng.randint(1, 8)
        expected = extreme_choice(pickable(kitty), k, lambda c, t=trump: -pickup_weight(c, t))
        assert pickup_choice(kitty, k, trump) == expected
