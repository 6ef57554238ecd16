"""The facts of a hand for the player's seat, against settlements worked out by hand from
RULES.md, and against whole matches played by random players."""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec
import pytest

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.results import (
    DLResult,
    HandResult,
    Redeal,
    SDResult,
    TRResult,
    TRRowApplied,
)
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.rules.cards import Rank, Seat, Suit, Team
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.sd import SDOutcome
from shengji_desktop.rules.tr import TRRow
from shengji_desktop.stats.facts import HandFacts, Role, Tally, opponent_strength
from shengji_desktop.stats.recorder import LocalRecorder, Writer


def view_of(game: Game, seat: Seat, **fields: object) -> SeatView:
    return msgspec.structs.replace(seat_view(Match(game, Options(), 1), seat), **fields)


def dl_result(case: str, levels: dict[Team, int], **kw: object) -> DLResult:
    base: dict[str, object] = dict(
        score=60,
        kitty_points=0,
        dug=case in "BD",
        case=case,
        jokers=0,
        levels=levels,
        blood=0,
        payer=None,
        next_dealer=Seat.N,
        match_winner=None,
        end_reason=None,
        dry_pot=False,
    )
    base.update(kw)
    return DLResult(**base)  # type: ignore[arg-type]


def settle(
    tally: Tally, result: HandResult, view: SeatView, before: Sequence[ev.Event] = ()
) -> HandFacts:
    tally.feed(before, view)
    facts = tally.feed([ev.HandSettled(result)], view)
    assert facts is not None
    return facts


# ---------------------------------------------------------------------- DL


def test_dl_case_a_with_a_buried_big_joker_is_won_by_the_dealer_side_with_three_levels() -> None:
    # DL-SETTLE-1 case A (S < 120, 保底): the dealer side +1, and DL-SETTLE-2: a BJ adds 2.
    before = {Team.NS: 5, Team.EW: 3}
    after = {Team.NS: 8, Team.EW: 3}
    result = dl_result("A", after, jokers=2)
    for seat, role, won, levels in (
        (Seat.S, Role.DEALER, True, 3),
        (Seat.E, Role.CATCHER, False, 0),
    ):
        tally = Tally("m", Game.DL, Options(), seat, "normal")
        tally.levels = dict(before)
        facts = settle(tally, result, view_of(Game.DL, seat, dealer=Seat.N, levels=after))
        assert (facts.role, facts.won, facts.levels) == (role, won, levels)


def test_dl_case_b_keeps_the_deal_and_case_c_loses_it() -> None:
    # DL-DEALER-2: the dealer side keeps the deal when S < 120 (case B: dug, no levels);
    # with S >= 120 the catchers take over (case C, blood only).
    levels = {Team.NS: 4, Team.EW: 4}
    for case, dealer_won in (("B", True), ("C", False)):
        tally = Tally("m", Game.DL, Options(), Seat.S, "easy")
        tally.levels = dict(levels)
        facts = settle(tally, dl_result(case, levels), view_of(Game.DL, Seat.S, dealer=Seat.S))
        assert facts.role is Role.DEALER and facts.won is dealer_won and facts.levels == 0


def test_dl_tribute_revolt_and_dry_pot_from_the_hand_s_events() -> None:
    # DL-TRIB-2: the dealer's 上家 pays; S (dealer side NS) drinks 2 cards of blood (喝血).
    tally = Tally("m", Game.DL, Options(), Seat.S, "hard")
    levels = {Team.NS: 3, Team.EW: 3}
    tally.levels = dict(levels)
    paid = [
        ev.TrumpFixed(suit=Suit.SPADES, dealer=Seat.S),
        ev.TributeDue(payer=Seat.W, receiver=Seat.S, blood=2),
        ev.TributePaid(seat=Seat.W, to=Seat.S, count=2),
    ]
    facts = settle(tally, dl_result("A", levels, dry_pot=True), view_of(Game.DL, Seat.S), paid)
    assert facts.blood == 2 and facts.dry_pot and facts.revolt == 0  # DL-KITTY-2 干锅
    # The other side's view of the same hand: it paid.
    tally = Tally("m2", Game.DL, Options(), Seat.E, "hard")
    tally.levels = dict(levels)
    facts = settle(tally, dl_result("A", levels), view_of(Game.DL, Seat.E, dealer=Seat.S), paid)
    assert facts.blood == -2
    # DL-TRIB-6: the paying side (E, W) revolts; the tribute is cancelled, no card passes.
    tally = Tally("m3", Game.DL, Options(), Seat.S, "hard")
    tally.levels = dict(levels)
    revolt = [
        ev.TributeDue(payer=Seat.W, receiver=Seat.S, blood=2),
        ev.Revolt(seat=Seat.E, cards=()),
        ev.TributeCancelled(),
    ]
    facts = settle(tally, dl_result("A", levels), view_of(Game.DL, Seat.S, dealer=Seat.S), revolt)
    assert facts.revolt == -1 and facts.blood == 0 and not facts.countered
    # DL-TRIB-7: countered by the receiving side; the tribute proceeds.
    tally = Tally("m4", Game.DL, Options(), Seat.W, "hard")
    tally.levels = dict(levels)
    countered = [*revolt[:2], ev.Countered(seat=Seat.N, cards=())]
    facts = settle(
        tally, dl_result("A", levels), view_of(Game.DL, Seat.W, dealer=Seat.S), countered
    )
    assert facts.revolt == 1 and facts.countered


def test_a_redeal_is_no_hand() -> None:
    tally = Tally("m", Game.DL, Options(), Seat.S, "normal")
    assert tally.feed([ev.HandSettled(Redeal())], view_of(Game.DL, Seat.S)) is None


# ---------------------------------------------------------------------- TR


def tr_result(rows: tuple[TRRowApplied, ...], levels: dict[Team, Rank], takeover: bool) -> TRResult:
    return TRResult(
        defender_points=40,
        kitty_points=10,
        last_trick=Seat.E,
        coins={Seat.S: -20, Seat.N: -20, Seat.E: 20, Seat.W: 20},
        levels=levels,
        takeover=takeover,
        next_dealer=Seat.E,
        match_winner=None,
        rows=rows,
    )


def test_tr_j_to_bottom_sends_the_dealer_side_to_a() -> None:
    # TR-SETTLE-2 J到底: hand level J, the defenders dig with a level J: 上台 2 + 18 coins each,
    # the dealer side back to A (the bottom under A_low, TR-DECK-3): from J that is 10 levels.
    rows = (
        TRRowApplied("A", TRRow.TAKEOVER, Team.EW),
        TRRowApplied("A", TRRow.J_TO_BOTTOM, Team.EW),
        TRRowApplied("B", TRRow.POINTS_UNDER_80, Team.NS),
    )
    before = {Team.NS: Rank.JACK, Team.EW: Rank.FIVE}
    after = {Team.NS: Rank.ACE, Team.EW: Rank.FIVE}
    result = tr_result(rows, after, takeover=True)
    tally = Tally("m", Game.TR, Options(), Seat.S, "normal")
    tally.levels = dict(before)
    facts = settle(tally, result, view_of(Game.TR, Seat.S, dealer=Seat.S))
    assert facts.role is Role.DEALER and facts.won is False
    assert facts.levels == -10 and facts.coins == -20
    assert facts.special is TRRow.J_TO_BOTTOM and not facts.special_ours
    tally = Tally("m", Game.TR, Options(), Seat.W, "normal")
    tally.levels = dict(before)
    facts = settle(tally, result, view_of(Game.TR, Seat.W, dealer=Seat.S))
    assert facts.role is Role.CATCHER and facts.won is True  # TR-SETTLE-5: 上台
    assert facts.levels == 0 and facts.coins == 20 and facts.special_ours


def test_tr_k_flip_swaps_the_levels() -> None:
    # TR-SETTLE-6 (1): K翻天 swaps the two sides' levels: the defenders at 4 go to K (+9 under
    # A_low: A 2 3 4 ... K), the dealer side from K to 4.
    rows = (TRRowApplied("A", TRRow.K_FLIP, Team.NS),)
    before = {Team.NS: Rank.FOUR, Team.EW: Rank.KING}
    after = {Team.NS: Rank.KING, Team.EW: Rank.FOUR}
    tally = Tally("m", Game.TR, Options(), Seat.N, "hard")
    tally.levels = dict(before)
    facts = settle(tally, tr_result(rows, after, True), view_of(Game.TR, Seat.N, dealer=Seat.E))
    assert facts.levels == 9 and facts.special is TRRow.K_FLIP and facts.special_ours
    assert facts.won is True


# ---------------------------------------------------------------------- SD


def sd_result(outcome: SDOutcome, bid: int | None, dealer: Seat, unit: int) -> SDResult:
    f = outcome.defender_factor
    coins = {s: f * unit for s in Seat}
    coins[dealer] = -3 * f * unit  # SD-COIN-2: the dealer gets minus the defenders' sum
    return SDResult(outcome, unit, coins, 30, bid, Seat.S, None)


def test_sd_declarer_who_makes_a_70_bid_wins_nine_units() -> None:
    # SD-COIN-1: 70 → multiplier 3; SD-COIN-2 "otherwise": each defender −1U, dealer +3U·3.
    result = sd_result(SDOutcome.MADE, 70, Seat.S, 3)
    tally = Tally("m", Game.SD, Options(), Seat.S, "normal")
    facts = settle(tally, result, view_of(Game.SD, Seat.S), [ev.DealerFixed(seat=Seat.S, bid=70)])
    assert (facts.role, facts.won, facts.coins, facts.bid) == (Role.DEALER, True, 9, 70)
    tally = Tally("m", Game.SD, Options(), Seat.E, "normal")
    facts = settle(tally, result, view_of(Game.SD, Seat.E), [ev.DealerFixed(seat=Seat.S, bid=70)])
    assert (facts.role, facts.won, facts.coins, facts.bid) == (Role.CATCHER, False, -3, None)


def test_sd_dig_wins_for_the_defenders_and_a_draw_is_nobody_s() -> None:
    # SD-DIG-1: a dig wins the hand for the defenders whatever the points.
    result = sd_result(SDOutcome.DIG, 60, Seat.N, 1)
    tally = Tally("m", Game.SD, Options(), Seat.S, "easy")
    facts = settle(tally, result, view_of(Game.SD, Seat.S), [ev.DealerFixed(seat=Seat.N, bid=60)])
    assert facts.role is Role.CATCHER and facts.won is True and facts.coins == 2
    # SD-DRAW-6: the loser pays 3, each other seat gets 1.
    draw = SDResult(
        SDOutcome.DRAW, 1, {Seat.S: 1, Seat.E: -3, Seat.N: 1, Seat.W: 1}, 0, None, None, Seat.E
    )
    tally = Tally("m", Game.SD, Options(), Seat.S, "easy")
    facts = settle(tally, draw, view_of(Game.SD, Seat.S))
    assert facts.role is Role.NONE and facts.won is None and facts.coins == 1


def test_the_match_s_winner_is_noted_on_its_last_hand() -> None:
    levels = {Team.NS: 10, Team.EW: 3}
    tally = Tally("m", Game.DL, Options(), Seat.E, "normal")
    tally.levels = dict(levels)
    view = view_of(Game.DL, Seat.E, dealer=Seat.S, winner=Team.NS)
    facts = settle(tally, dl_result("A", levels), view)
    assert facts.match_over and facts.match_won is False


def test_opponent_strength() -> None:
    kinds = {Seat.S: "human", Seat.E: "hard", Seat.N: "easy", Seat.W: "hard"}
    assert opponent_strength(Game.DL, Seat.S, kinds) == "hard"  # E and W
    assert opponent_strength(Game.SD, Seat.S, kinds) == "mixed"  # E, N and W


# ---------------------------------------------------------------------- whole matches


@pytest.mark.parametrize("game", list(Game))
def test_a_played_match_s_facts_add_up_to_its_levels_and_coins(game: Game, tmp_path) -> None:
    match = Match(game, Options(), 11)
    writer = Writer(tmp_path / "stats.sqlite3")
    recorder = LocalRecorder(match, Seat.E, {s: "normal" for s in Seat}, writer)
    players = {s: RandomPlayer(random.Random(f"11/{s.name}")) for s in Seat}
    table = Table(match, players, rng=random.Random(11), hands=8)
    table.watch_referee(recorder.applied)
    table.play()
    writer.close()
    facts = [f.result() for f in recorder.written]
    played = [r for r in match.history if not isinstance(r, Redeal)]
    assert len(facts) == len(played) and all(facts)
    from shengji_desktop.stats.store import Store

    hands = Store(tmp_path / "stats.sqlite3").hands()
    assert [h.number for h in hands] == [
        i + 1 for i, r in enumerate(match.history) if not isinstance(r, Redeal)
    ]
    if game is Game.DL:
        start = 3  # DL-DEALER-4: every match starts at 3
        assert sum(h.levels or 0 for h in hands) == match.team_levels()[Team.EW] - start
    if game is Game.TR:
        from shengji_desktop.rules.tr import level_index

        gained = level_index(match.team_levels()[Team.EW], match.options)
        assert sum(h.levels or 0 for h in hands) == gained
    if game in (Game.TR, Game.SD):
        assert sum(h.coins or 0 for h in hands) == (match.coins() or {})[Seat.E]
    dealer_hands = [h for h in hands if h.role is Role.DEALER]
    assert all(h.seat is Seat.E for h in hands)
    assert len(dealer_hands) + len([h for h in hands if h.role is not Role.DEALER]) == len(hands)
