"""The engine's fast enumerations (issue 21): ``TrickRules.follow_list`` and ``lead_list`` give
exactly ``legal_follows`` and ``legal_leads``, in the same order, on random positions; and the
faster ``play_key`` keys every play as the rules' reading of GEN-TRICK-4 and DL/TR/SD-WIN did."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_desktop.rules.cards import Card, Rank, Suit, new_deck
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import TRUMP, Trump
from shengji_desktop.rules.trick import Shape, TrickFormat, TrickRules, multisets

OPTION_SETS = {
    Game.DL: [Options(), Options(dl_follow_mode="dead")],
    Game.TR: [
        Options(),
        Options(tr_level_tractor_mode="numeric", tr_a2_tractor=True),
        Options(tr_throw_check="penalty"),
    ],
    Game.SD: [Options(), Options(sd_two_order="equal")],
}


def position(seed: int, game: Game) -> tuple[TrickRules, list[Counter[Card]]]:
    """Four hands of a random trump's deal, of few suits (pairs, triples, tractors occur)."""
    rng = random.Random(seed)
    options = rng.choice(OPTION_SETS[game])
    level = Rank.TWO if game is Game.SD else Rank(rng.randint(3 if game is Game.DL else 2, 14))
    trump = Trump(game, level, Suit(rng.randrange(4)), options)
    suits = rng.sample(list(Suit), rng.randint(1, 3))
    pool = [c for c in new_deck(game.decks) if c.is_joker or c.suit in suits or c.rank == level]
    rng.shuffle(pool)
    size = rng.randint(1, min(game.hand_size, len(pool) // 4))
    hands = [Counter(pool[i * size : (i + 1) * size]) for i in range(4)]
    return TrickRules(trump), hands


def slow_play_key(rules: TrickRules, fmt: TrickFormat, cards: tuple[Card, ...]) -> int | None:
    """``play_key`` as it was written before (every card's class checked first)."""
    classes = rules.trump.classes
    first = classes[cards[0]]
    if first != fmt.suit_class and (first != TRUMP or fmt.suit_class == TRUMP):
        return None
    if any(classes[c] != first for c in cards):
        return None
    if fmt.shape in (Shape.SINGLE,):
        return rules.trump.strengths[cards[0]]
    if fmt.shape in (Shape.PAIR, Shape.TRIPLE):
        same = all(c == cards[0] for c in cards)
        return rules.trump.strengths[cards[0]] if same else None
    return rules.play_key(fmt, cards)  # tractors and throws: unchanged code


@settings(max_examples=500, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(list(Game)))
def test_lists_are_the_enumerations(seed: int, game: Game) -> None:
    rules, hands = position(seed, game)
    hand, others = hands[0], hands[1:]
    assert rules.lead_list(hand) == list(rules.legal_leads(hand))
    assert rules.lead_list(hand, others) == list(rules.legal_leads(hand, others))
    assert rules.lead_list(hand, [sum(others, Counter())]) == list(
        rules.legal_leads(hand, [sum(others, Counter())])
    )
    rng = random.Random(seed)
    leads = list(rules.legal_leads(others[0], others[1:]))
    for lead in rng.sample(leads, min(6, len(leads))):
        fmt = rules.lead_format(lead)
        if sum(hand.values()) < fmt.size:
            continue
        follows = rules.follow_list(hand, fmt)
        assert follows == list(rules.legal_follows(hand, fmt))
        for play in follows[:40]:
            assert rules.play_key(fmt, play) == slow_play_key(rules, fmt, play)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(list(Game)))
def test_play_key_of_any_cards(seed: int, game: Game) -> None:
    """Mixed classes, unequal pairs, the lead itself: every set of the led size is keyed alike."""
    rules, hands = position(seed, game)
    rng = random.Random(seed)
    leads = list(rules.legal_leads(hands[1], hands[2:]))
    lead = rng.choice(leads)
    fmt = rules.lead_format(lead)
    pool = hands[0] + hands[2]
    combos = list(multisets(pool, fmt.size)) if fmt.size <= 3 else [tuple(sorted(pool))[: fmt.size]]
    for play in rng.sample(combos, min(60, len(combos))):
        assert rules.play_key(fmt, play) == slow_play_key(rules, fmt, play)
    assert rules.play_key(fmt, fmt.lead) == slow_play_key(rules, fmt, fmt.lead)
