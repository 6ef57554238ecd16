"""The Statistics window's figures from hands whose settlements are worked out here."""

from __future__ import annotations

import csv
import io
import time
from dataclasses import replace

from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.tr import TRRow
from shengji_desktop.stats.facts import HandFacts, Role
from shengji_desktop.stats.figures import (
    ALL,
    csv_text,
    match_series,
    period_start,
    strengths,
    tabulate,
)

T0 = 1_800_000_000.0


def hand(game: Game, match: str, number: int, role: Role, won: bool | None, **kw) -> HandFacts:
    base = HandFacts(match, number, game, "normal", Seat.S, T0 + number, role, won)
    return replace(base, **kw)


def sd_hands() -> list[HandFacts]:
    # SD-COIN-1/2 worked out: a 60 bid made (U=1, dealer +3), a 70 bid broken (破牌: U=3,
    # dealer −3·3 = −9), a 75 bid dug (U=4, not 翻牌: dealer −6·4 = −24), a hand defending a
    # made 65 (U=2, defender −2), and a 流局 the player did not lose (SD-DRAW-6: +1).
    return [
        hand(Game.SD, "s1", 1, Role.DEALER, True, coins=3, bid=60),
        hand(Game.SD, "s1", 2, Role.DEALER, False, coins=-9, bid=70),
        hand(Game.SD, "s1", 3, Role.DEALER, False, coins=-24, bid=75),
        hand(Game.SD, "s2", 1, Role.CATCHER, False, coins=-2),
        hand(Game.SD, "s2", 2, Role.NONE, None, coins=1, match_over=True, match_won=True),
    ]


def test_sd_bids_their_success_and_coins_per_hand() -> None:
    fig = tabulate(sd_hands())[(Game.SD, "normal")]
    rows = dict(fig.rows())
    assert rows["hands"] == 5 and rows["matches"] == 2 and rows["matches_won"] == 1
    assert (rows["dealer_hands"], rows["dealer_won"]) == (3, 1)
    assert (rows["catcher_hands"], rows["catcher_won"]) == (1, 0)
    assert (rows["bids"], rows["bids_made"], rows["bid_success"]) == (3, 1, 0.333)
    assert rows["bids_by_value"] == "60:1/1 70:0/1 75:0/1"
    coins = [3, -9, -24, -2, 1]
    mean = sum(coins) / 5
    sd = (sum((c - mean) ** 2 for c in coins) / 5) ** 0.5
    assert rows["coins_per_hand"] == round(mean, 2) == -6.2
    assert rows["coins_sd"] == round(sd, 2)
    assert "levels_per_hand" not in rows and "dry_pots" not in rows


def test_dl_dry_pots_blood_and_revolts() -> None:
    hands = [
        # case A with a BJ buried: dealer side +3 (DL-SETTLE-1/2); the payer gave 2 cards
        hand(Game.DL, "d", 1, Role.DEALER, True, levels=3, blood=2),
        # 干锅 (DL-KITTY-2), case C: catchers take over without levels
        hand(Game.DL, "d", 2, Role.DEALER, False, levels=0, dry_pot=True),
        # as catchers, paying 3 after the opponents' case A; then our revolt (暴动)
        hand(Game.DL, "d", 3, Role.CATCHER, False, levels=0, blood=-3),
        hand(Game.DL, "d", 4, Role.CATCHER, True, levels=2, revolt=1),
        hand(Game.DL, "d", 5, Role.DEALER, True, levels=1, revolt=-1, countered=True, blood=1),
    ]
    rows = dict(tabulate(hands)[(Game.DL, ALL)].rows())
    assert rows["levels_per_hand"] == 1.2  # (3 + 0 + 0 + 2 + 1) / 5
    assert (rows["dealer_hands"], rows["dealer_won"], rows["catcher_won"]) == (3, 2, 1)
    assert rows["dry_pots"] == 1
    assert (rows["drank"], rows["drank_cards"], rows["paid"], rows["paid_cards"]) == (2, 3, 1, 3)
    assert (rows["revolts_ours"], rows["revolts_theirs"]) == (1, 1)
    assert "coins_per_hand" not in rows


def test_tr_level_card_digs_by_side() -> None:
    hands = [
        hand(
            Game.TR,
            "t",
            1,
            Role.CATCHER,
            True,
            levels=0,
            coins=20,
            special=TRRow.J_TO_BOTTOM,
            special_ours=True,
        ),
        hand(Game.TR, "t", 2, Role.DEALER, False, levels=-5, coins=-14, special=TRRow.Q_HALFWAY),
        hand(
            Game.TR,
            "t",
            3,
            Role.CATCHER,
            True,
            levels=9,
            coins=8,
            special=TRRow.K_FLIP,
            special_ours=True,
        ),
        hand(Game.TR, "t", 4, Role.DEALER, True, levels=1, coins=2),
    ]
    rows = dict(tabulate(hands)[(Game.TR, "normal")].rows())
    assert rows["j_to_bottom_ours"] == 1 and rows["j_to_bottom_theirs"] == 0
    assert rows["q_halfway_ours"] == 0 and rows["q_halfway_theirs"] == 1
    assert rows["k_flip_ours"] == 1
    assert rows["levels_per_hand"] == 1.25 and rows["coins_per_hand"] == 4.0


def test_strengths_are_apart_and_together() -> None:
    hands = [*sd_hands(), replace(sd_hands()[0], match="s3", strength="hard")]
    figures = tabulate(hands)
    assert figures[(Game.SD, "hard")].hands == 1
    assert figures[(Game.SD, "normal")].hands == 5
    assert figures[(Game.SD, ALL)].hands == 6
    assert strengths(figures, Game.SD) == ["normal", "hard", ALL]  # weakest first
    assert strengths(figures, Game.DL) == []


def test_periods() -> None:
    now = time.mktime((2026, 12, 1, 15, 30, 0, 0, 0, -1))
    assert period_start("all", now) is None
    assert period_start("today", now) == time.mktime((2026, 12, 1, 0, 0, 0, 0, 0, -1))
    assert period_start("7d", now) == now - 7 * 86400


def test_the_chart_series_sums_each_match() -> None:
    late = hand(Game.SD, "s3", 1, Role.DEALER, True, coins=12, bid=75, ended_at=T0 + 100)
    hands = [*sd_hands(), late]
    series = match_series(hands, Game.SD, "coins", last=2)  # s2 ended before s1
    assert [(p.match, p.value, p.hands) for p in series] == [("s1", -30, 3), ("s3", 12, 1)]
    assert match_series(hands, Game.SD, "levels", last=5) == []


def test_csv_has_a_row_per_game_and_strength() -> None:
    text = csv_text(tabulate(sd_hands()), "7d")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["game"], r["strength"]) for r in rows] == [("sd", "normal"), ("sd", "all")]
    assert (
        rows[0]["period"] == "7d" and rows[0]["bids"] == "3" and rows[0]["coins_per_hand"] == "-6.2"
    )
