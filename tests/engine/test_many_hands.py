"""Thousands of seeded random hands per game: every card and point accounted for, settlement
results within their documented ranges (GEN-CARD-1, GEN-PTS-1, DL-SETTLE, TR-SETTLE, SD-COIN)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.hand import Phase
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.rules.cards import Seat, card_points, new_deck
from shengji_desktop.rules.options import Game, Options

HANDS = 1000
CHUNKS = 5
OPTIONS = {
    Game.DL: [Options(), Options(dl_follow_mode="dead", dl_tribute_return="weakest")],
    Game.TR: [Options(), Options(tr_throw_check="penalty", tr_level_base="2_low")],
    Game.SD: [Options(), Options(sd_room="match", sd_two_order="equal")],
}


def check_settled(match: Match) -> None:
    hand = match.hand
    game = match.game
    result = hand.result
    assert result is not None
    if result.get("redeal"):
        return
    if game is Game.SD and result["outcome"] == "draw":
        assert sorted(result["coins"].values()).count(match.options.sd_room_base) == 3
        return
    played: Counter = Counter(hand.kitty)
    for rec in hand.tricks:
        for _, cards in rec.plays:
            played.update(cards)
    for s in Seat:
        played.update(hand.hands[s])  # cards laid down by an SD claim are cleared from hands
    claimed = getattr(hand, "claimer", None) is not None
    if not claimed:
        assert played == Counter(new_deck(game.decks))
        assert sum(t.points for t in hand.tricks) + card_points(hand.kitty) == game.total_points
    if game is Game.DL:
        assert 0 <= result["score"] <= 300 + 2 * 6 * 10
        assert result["case"] in "ABCD"
        assert all(3 <= v <= 10 for v in result["levels"].values())
        assert result["blood"] >= 0
    elif game is Game.TR:
        assert sum(result["coins"].values()) == 0
        assert 0 <= result["defender_points"] <= 200 * match.options.tr_kitty_multiplier
    else:
        assert sum(result["coins"].values()) == 0
        assert 0 <= result["defender_points"] <= 100


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", list(Game))
def test_thousands_of_random_hands(game: Game, chunk: int) -> None:
    per_chunk = HANDS // CHUNKS
    settled = 0
    seed = chunk * 100_000
    while settled < per_chunk:
        seed += 1
        options = OPTIONS[game][seed % len(OPTIONS[game])]
        match = Match(game, options, seed)
        ps = {s: RandomPlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}
        while match.phase != Phase.OVER and settled < per_chunk:
            if match.phase == Phase.SETTLED:
                check_settled(match)
                settled += 1
                if len(match.history) >= 8:
                    break
                match.apply(Action(Act.NEXT_HAND))
            elif match.phase == Phase.DEAL:
                match.apply(Action(Act.DEAL))
            else:
                seat = match.to_act()[0]
                match.apply(ps[seat].choose(match, seat, match.legal_actions(seat)))
    assert settled == per_chunk
