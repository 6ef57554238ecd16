"""Thousands of seeded random hands per game at a table, random players declaring between cards:
every card and point accounted for after every action, SD claims included, and settlement
results within their documented ranges (GEN-CARD-1, GEN-PTS-1, SD-CLAIM-1..3, DL-SETTLE,
TR-SETTLE, SD-COIN, SD-DRAW). The runs must see what they are meant to test: declarations during
the deal, overcalls, tribute, claims and 流局; a run that does not fails."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from engine_testkit import CardAccount, random_players, run_table

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.results import DLResult, Redeal, SDResult, TRResult
from shengji_desktop.rules.cards import Seat, card_points
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.sd import SDOutcome

HANDS = 1000
CHUNKS = 5
HANDS_PER_MATCH = 8
OPTIONS = {
    Game.DL: [Options(), Options(dl_follow_mode="dead", dl_tribute_return="weakest")],
    Game.TR: [Options(), Options(tr_throw_check="penalty", tr_level_base="2_low")],
    Game.SD: [Options(), Options(sd_room="match", sd_two_order="equal")],
}
SD_ALL_REMAINING = Options(sd_claim_points="all_remaining")


class Hands:
    """Referee checks at each settlement, and counts of what the run saw."""

    def __init__(self) -> None:
        self.account = CardAccount(every_action=False)
        self.seen: Counter[str] = Counter()
        self.settled = 0
        self.declared_in_hand = 0

    def __call__(self, match: Match, action: Action, events: Sequence[Event]) -> None:
        self.account(match, action, events)
        for e in events:
            if isinstance(e, ev.HandStarted):
                self.declared_in_hand = 0
            elif isinstance(e, ev.Declared) and e.kind != "big_joker":
                self.seen["declaration"] += 1
                self.seen["declared during the deal"] += match.phase is Phase.DEAL
                self.seen["overcall"] += self.declared_in_hand > 0
                self.declared_in_hand += 1
            elif isinstance(e, ev.Declared):
                self.seen["big joker shown"] += 1
            elif isinstance(e, ev.TributePaid):
                self.seen["tribute"] += 1
            elif isinstance(e, ev.Revolt):
                self.seen["revolt"] += 1
            elif isinstance(e, ev.Claimed):
                self.seen["claim by the dealer" if e.seat == match.hand.dealer else "claim"] += 1
            elif isinstance(e, ev.Draw):
                self.seen["draw"] += 1
            elif isinstance(e, ev.HandSettled):
                self.check_settled(match, e)
        if action.kind is Act.DECLARE and match.phase is Phase.DEAL:
            assert match.hand.dealt < match.hand.deal_size

    def check_settled(self, match: Match, settled: ev.HandSettled) -> None:
        self.settled += 1
        hand = match.hand
        game = match.game
        result = settled.result
        assert match.history[-1] == result
        if isinstance(result, Redeal):  # DL-DECL-9: six jokers in the kitty
            assert all(c.is_joker for c in hand.kitty)
            self.seen["redeal"] += 1
            return
        if isinstance(result, SDResult) and result.outcome is SDOutcome.DRAW:
            assert result.bid is None and not hand.tricks
            assert sorted(result.coins.values()).count(match.options.sd_room_base) == 3
            assert sum(result.coins.values()) == 0
            return
        claimed = self.account.claimed
        shown = [c for cards in claimed.hands.values() for c in cards] if claimed else []
        trick_points = sum(t.points for t in hand.tricks)
        assert trick_points + card_points(hand.kitty) + card_points(shown) == game.total_points
        if isinstance(result, DLResult):
            assert 0 <= result.score <= 300 + 2 * 6 * 10
            assert result.case in "ABCD"
            assert all(3 <= v <= 10 for v in result.levels.values())
            assert result.blood >= 0
        elif isinstance(result, TRResult):
            assert sum(result.coins.values()) == 0
            assert 0 <= result.defender_points <= 200 * match.options.tr_kitty_multiplier
        else:
            assert isinstance(result, SDResult)
            assert sum(result.coins.values()) == 0
            assert 0 <= result.defender_points <= 100
            dealer = hand.dealer
            defenders = [s for s in Seat if s != dealer]
            won = sum(hand.won_points[s] for s in defenders)
            if claimed is None or claimed.seat == dealer:  # SD-CLAIM-3: a dealer's claim adds 0
                assert result.defender_points == won
            else:
                counted = Seat if match.options.sd_claim_points == "all_remaining" else defenders
                extra = card_points([c for s in counted for c in claimed.hands[s]])
                assert result.defender_points == won + extra == won + claimed.points
            if claimed is not None:  # SD-CLAIM-2: the claimer wins the last trick
                assert result.last_trick == claimed.seat


def play_hands(game: Game, options: list[Options], first_seed: int, hands: int) -> Hands:
    check = Hands()
    seed = first_seed
    while check.settled < hands:
        seed += 1
        match = Match(game, options[seed % len(options)], seed)
        run_table(
            match,
            random_players(seed),
            hands=min(HANDS_PER_MATCH, hands - check.settled),
            check=check,
        )
    assert check.settled == hands
    return check


PREMISES = {
    Game.DL: ("declared during the deal", "overcall", "big joker shown", "tribute"),
    Game.TR: ("declared during the deal", "overcall"),
    Game.SD: ("claim", "claim by the dealer", "draw"),
}


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", list(Game))
def test_thousands_of_random_hands(game: Game, chunk: int) -> None:
    check = play_hands(game, OPTIONS[game], chunk * 100_000, HANDS // CHUNKS)
    for premise in PREMISES[game]:
        assert check.seen[premise] > 0, f"no {premise} in {HANDS // CHUNKS} hands: {check.seen}"


@pytest.mark.parametrize("game", list(Game))
def test_a_few_random_hands(game: Game) -> None:
    """The same checks on a short run (the long ones are marked slow)."""
    check = play_hands(game, OPTIONS[game], 7_000_000, 40)
    assert check.account.checks > 40 * 8


@pytest.mark.slow
def test_sd_claims_count_every_remaining_point_with_all_remaining() -> None:
    """SD-CLAIM-3 with ``sd_claim_points=all_remaining``: a defender's claim adds every point
    card still held, the dealer's included."""
    check = play_hands(Game.SD, [SD_ALL_REMAINING], 900_000, 200)
    assert check.seen["claim"] > 0, check.seen
