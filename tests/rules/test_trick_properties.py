"""Property tests: the enumerators yield exactly the plays the validators accept."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_desktop.rules.cards import Card, Rank, Suit, new_deck
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import Trump
from shengji_desktop.rules.trick import Shape, TrickRules, multisets

OPTION_SETS = {
    Game.DL: [Options(), Options(dl_follow_mode="dead")],
    Game.TR: [
        Options(),
        Options(tr_level_tractor_mode="numeric", tr_a2_tractor=True),
        Options(tr_throw_check="penalty"),
    ],
    Game.SD: [Options(), Options(sd_two_order="equal")],
}


def _setup(seed: int, game: Game, hand_size: int) -> tuple[TrickRules, list[Counter[Card]]]:
    rng = random.Random(seed)
    options = rng.choice(OPTION_SETS[game])
    level = Rank.TWO if game is Game.SD else Rank(rng.randint(3 if game is Game.DL else 2, 14))
    if game is Game.DL:
        level = Rank(rng.randint(3, 10))
    trump = Trump(game, level, Suit(rng.randrange(4)), options)
    deck = new_deck(game.decks)
    # Concentrate on few suits so that pairs, triples and tractors actually occur.
    suits = rng.sample(list(Suit), 2)
    pool = [c for c in deck if c.is_joker or c.suit in suits or c.rank == level]
    rng.shuffle(pool)
    hands = [Counter(pool[i * hand_size : (i + 1) * hand_size]) for i in range(4)]
    return TrickRules(trump), hands


def _accepted_follows(r: TrickRules, hand: Counter[Card], fmt: object) -> set[tuple[Card, ...]]:
    out = set()
    for combo in multisets(hand, fmt.size):  # type: ignore[attr-defined]
        try:
            r.check_follow(hand, fmt, combo)  # type: ignore[arg-type]
        except RuleError:
            continue
        out.add(combo)
    return out


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(list(Game)),
    size=st.integers(3, 9),
)
def test_follow_enumeration_matches_validation(seed: int, game: Game, size: int) -> None:
    r, hands = _setup(seed, game, size)
    leads = list(r.legal_leads(hands[0]))
    lead = random.Random(seed).choice(leads)
    fmt = r.lead_format(lead)
    for follower in hands[1:]:
        enumerated = list(r.legal_follows(follower, fmt))
        assert len(enumerated) == len(set(enumerated)), "duplicates in enumeration"
        assert set(enumerated) == _accepted_follows(r, follower, fmt)


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(list(Game)),
    size=st.integers(2, 8),
)
def test_lead_enumeration_matches_validation(seed: int, game: Game, size: int) -> None:
    r, hands = _setup(seed, game, size)
    hand, others = hands[0], hands[1:]
    enumerated = list(r.legal_leads(hand, others))
    assert len(enumerated) == len(set(enumerated)), "duplicates in enumeration"
    accepted = set()
    for n in range(1, sum(hand.values()) + 1):
        for combo in multisets(hand, n):
            try:
                fmt = r.check_lead(hand, combo, others)
            except RuleError:
                continue
            if fmt.lead == combo:  # penalty mode may stand a smaller play instead
                accepted.add(combo)
    assert set(enumerated) == accepted


def test_winner_is_the_first_strongest_beater_and_an_unbeaten_lead_wins() -> None:
    """``winner`` against the keys of the plays (GEN-TRICK-4/5): the lead wins when no follow
    beats it (a key above the lead's; any key beats a throw, which has none); otherwise the
    earliest follow with the highest key wins. Both cases occur, each many times."""
    cases: Counter[str] = Counter()

    @settings(max_examples=200, deadline=None)
    @given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(list(Game)))
    def check(seed: int, game: Game) -> None:
        r, hands = _setup(seed, game, 8)
        rng = random.Random(seed)
        lead = rng.choice(list(r.legal_leads(hands[0], hands[1:])))
        fmt = r.lead_format(lead)
        plays = [lead] + [rng.choice(list(r.legal_follows(h, fmt))) for h in hands[1:]]
        lead_key = None if fmt.shape is Shape.THROW else r.play_key(fmt, lead)
        assert lead_key is not None or fmt.shape is Shape.THROW, "only a throw has no key"
        beaters = [
            (key, i)
            for i, key in enumerate((r.play_key(fmt, p) for p in plays[1:]), start=1)
            if key is not None and (lead_key is None or key > lead_key)
        ]
        w = r.winner(fmt, plays)
        if not beaters:
            assert w == 0, "an unbeaten lead wins"
            cases["lead"] += 1
        else:
            top = max(key for key, _ in beaters)
            assert w == min(i for key, i in beaters if key == top), "the first strongest wins"
            cases["follower"] += 1

    check()
    assert cases["lead"] >= 20 and cases["follower"] >= 20, cases
