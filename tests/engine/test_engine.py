"""Engine: whole random matches, invariants, hidden information, records, save and resume."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.hand import Phase
from shengji_desktop.engine.headless import drive, play_headless
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import (
    RecordError,
    check,
    load,
    replay,
    save,
    with_check,
    write_atomic,
)
from shengji_desktop.rules.cards import Seat, card_points, new_deck, parse_cards
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game, Options

OPTION_SETS = {
    Game.DL: [
        Options(),
        Options(dl_follow_mode="dead", dl_keep_deal_seat="same", dl_tribute_return="weakest"),
        Options(dl_revolt=False, dl_three_sj_instant=False, dl_last_level_dig_reset="at_10"),
    ],
    Game.TR: [
        Options(),
        Options(tr_level_base="2_low", tr_throw_check="penalty", tr_kitty_multiplier=2),
        Options(
            tr_level_tractor_mode="numeric",
            tr_a2_tractor=True,
            tr_seal_absolute=False,
            tr_jqk_trigger="level_only",
            tr_special_dig_precedence="dig_wins",
            tr_match_end="none",
        ),
    ],
    Game.SD: [
        Options(),
        Options(sd_room="match", sd_room_base=3, sd_two_order="equal"),
        Options(sd_claim_points="all_remaining", sd_first_bidder="rotate", play_direction="cw"),
    ],
}


def players(seed: int) -> dict[Seat, RandomPlayer]:
    return {s: RandomPlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}


def run(game: Game, options: Options, seed: int, hands: int) -> tuple[Match, list[Event]]:
    match = Match(game, options, seed)
    events = drive(match, players(seed), random.Random(seed), hands)
    return match, events


def accounted(match: Match) -> Counter:
    """Every card of the pack: hands + kitty + played cards of this hand."""
    hand = match.hand
    total: Counter = Counter(hand.kitty)
    for s in Seat:
        total.update(hand.hands[s])
    for rec in hand.tricks:
        for _, cards in rec.plays:
            total.update(cards)
    for _, cards in hand.trick:
        total.update(cards)
    return total


@pytest.mark.parametrize("game", list(Game))
@pytest.mark.parametrize("opt", range(3))
def test_random_matches_keep_every_card_and_point(game: Game, opt: int) -> None:
    """GEN-CARD-1, GEN-PTS-1: cards always accounted for; trick points + kitty = the total."""
    options = OPTION_SETS[game][opt]
    for seed in range(4):
        match = Match(game, options, seed)
        rng = random.Random(seed)
        ps = players(seed)
        full = Counter(new_deck(game.decks))
        steps = 0
        while match.phase != Phase.OVER and len(match.history) < 4:
            drive_one(match, ps, rng)
            steps += 1
            if match.hand.phase not in (Phase.DEAL,) and match.phase != Phase.SETTLED:
                assert accounted(match) == full
            if match.phase == Phase.SETTLED:
                hand = match.hand
                if hand.tricks and getattr(hand, "claimer", None) is None:
                    won = sum(t.points for t in hand.tricks)
                    assert won + card_points(hand.kitty) == game.total_points
        assert steps > 0


def drive_one(match: Match, ps: dict[Seat, RandomPlayer], rng: random.Random) -> None:
    if match.phase == Phase.SETTLED:
        match.apply(Action(Act.NEXT_HAND))
        return
    if match.phase == Phase.DEAL:
        match.apply(Action(Act.DEAL))
        return
    seat = match.to_act()[0]
    match.apply(ps[seat].choose(match, seat, match.legal_actions(seat)))


@pytest.mark.parametrize("game", list(Game))
def test_full_match_or_many_hands(game: Game) -> None:
    """DL and TR reach a match end; SD plays many hands with coins summing to zero."""
    match, _ = run(game, Options(), 11, 400 if game is not Game.SD else 60)
    if game is Game.SD:
        assert len(match.history) == 60
        assert sum(match.summary()["coins"].values()) == 0
    else:
        assert match.phase == Phase.OVER, match.summary()
        assert match.winner in ("NS", "EW")


@pytest.mark.parametrize("game", list(Game))
def test_illegal_action_changes_nothing(game: Game) -> None:
    match, _ = run(game, Options(), 3, 1)
    match.apply(Action(Act.NEXT_HAND))
    while match.phase == Phase.DEAL:
        match.apply(Action(Act.DEAL))
    before = json.dumps(match.view(None), sort_keys=True)
    seat = match.to_act()[0]
    other = next(s for s in Seat if s != seat)
    with pytest.raises(RuleError):
        match.apply(Action(Act.PLAY, other, tuple(parse_cards("BJ BJ BJ BJ"))))
    with pytest.raises(RuleError):
        match.apply(Action(Act.BID, seat, value=61))
    assert json.dumps(match.view(None), sort_keys=True) == before


# ------------------------------------------------------------------ hidden information

SECRET_KINDS = {
    "card_dealt",
    "kitty_taken",
    "kitty_shown",
    "kitty_buried",
    "tribute_paid",
    "tribute_returned",
}


@pytest.mark.parametrize("game", list(Game))
def test_no_event_or_view_leaks_hidden_cards(game: Game) -> None:
    """GEN-INFO-1: a seat sees only its own dealt cards and the kitty where the rules show it."""
    for seed in range(3):
        match = Match(game, Options(), seed)
        ps = players(seed)
        while match.phase != Phase.OVER and len(match.history) < 2:
            if match.phase == Phase.SETTLED:
                events = match.apply(Action(Act.NEXT_HAND))
            elif match.phase == Phase.DEAL:
                events = match.apply(Action(Act.DEAL))
            else:
                seat = match.to_act()[0]
                events = match.apply(ps[seat].choose(match, seat, match.legal_actions(seat)))
            dealer = match.hand.dealer
            for e in events:
                for seat in Seat:
                    seen = e.for_seat(seat)
                    if e.kind == "card_dealt":
                        assert ("card" in seen) == (seen["seat"] == seat.name)
                    elif e.kind == "kitty_taken" or (
                        e.kind == "kitty_buried" and game is not Game.TR
                    ):
                        assert ("kitty" in seen) == (seen["seat"] == seat.name)
                    elif e.kind in ("tribute_paid", "tribute_returned"):
                        involved = {seen["seat"], seen["to"]}
                        assert ("cards" in seen) == (seat.name in involved)
                    elif e.kind == "kitty_shown":
                        assert ("kitty" in seen) == (seat != dealer)
                    elif e.kind not in SECRET_KINDS:
                        assert not e.secret, e
            for seat in Seat:
                v = match.view(seat)
                assert "hands" not in v
                assert Counter(parse_cards(v["hand"])) == +match.hand.hands[seat]
                if "kitty" in v and match.hand.kitty:
                    assert match.hand.kitty_public or seat in match.hand.kitty_known_to


# ------------------------------------------------------------------ records


@pytest.mark.parametrize("game", list(Game))
def test_replay_reproduces_every_event(game: Game, tmp_path: Path) -> None:
    match, events = run(game, OPTION_SETS[game][1], 5, 2)
    rec = with_check(match, events)
    text = json.dumps(rec, ensure_ascii=False)
    assert check(json.loads(text)) == []
    again, events2 = replay(json.loads(text))
    assert [e.for_seat(None) for e in events2] == [e.for_seat(None) for e in events]
    assert again.summary() == match.summary()
    tampered = json.loads(text)
    tampered["seed"] += 1
    assert check(tampered) != [] if _replays(tampered) else True


def _replays(rec: dict) -> bool:
    try:
        replay(rec)
    except RecordError:
        return False
    return True


@pytest.mark.parametrize("game", list(Game))
def test_headless_is_byte_for_byte_deterministic(game: Game) -> None:
    a: list[str] = []
    b: list[str] = []
    play_headless(game, Options(), 9, ["random"] * 4, 2, out=a.append)
    play_headless(game, Options(), 9, ["random"] * 4, 2, out=b.append)
    assert a == b
    summary = json.loads(a[-1])
    assert summary["game"] == game.value and summary["hands_played"] >= 1


GOLDEN = Path(__file__).parent.parent / "golden"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.name)
def test_golden_records_replay(path: Path) -> None:
    assert check(json.loads(path.read_text(encoding="utf-8"))) == []


def test_golden_records_exist_for_every_game() -> None:
    names = {p.name.split("-")[0] for p in GOLDEN.glob("*.json")}
    assert names >= {"dl", "tr", "sd"}


# ------------------------------------------------------------------ save and resume


@pytest.mark.parametrize("game", list(Game))
def test_save_and_resume_in_every_phase(game: Game, tmp_path: Path) -> None:
    match = Match(game, Options(), 21)
    ps = players(21)
    rng = random.Random(21)
    seen_phases = set()
    path = tmp_path / "save.json"
    while match.phase != Phase.OVER and len(match.history) < 3:
        phase = match.phase
        if phase not in seen_phases:
            seen_phases.add(phase)
            save(match, path)
            resumed = load(path)
            assert resumed.view(None) == match.view(None)
            for s in Seat:
                assert resumed.legal_actions(s) == match.legal_actions(s)
        drive_one(match, ps, rng)
    assert {Phase.DEAL, Phase.PLAY, Phase.SETTLED} <= seen_phases


def test_corrupt_save_is_named_and_last_good_kept(tmp_path: Path) -> None:
    match, _ = run(Game.SD, Options(), 2, 1)
    path = tmp_path / "autosave.json"
    save(match, path)
    good = path.read_text(encoding="utf-8")
    truncated = tmp_path / "truncated.json"
    truncated.write_text(good[: len(good) // 2], encoding="utf-8")
    with pytest.raises(RecordError, match="truncated.json"):
        load(truncated)
    bad_action = json.loads(good)
    bad_action["actions"][3] = {"a": "play", "s": "S", "c": "BJ BJ BJ"}
    broken = tmp_path / "broken.json"
    write_atomic(broken, bad_action)
    with pytest.raises(RecordError, match="broken.json"):
        load(broken)
    # a failing write leaves the previous save untouched
    with pytest.raises(TypeError):
        write_atomic(path, {"x": object()})
    assert path.read_text(encoding="utf-8") == good
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "autosave.json",
        "broken.json",
        "truncated.json",
    ]


def test_case_sd_26_dealer_leads_first_trick_then_winners_lead() -> None:
    """CASE-SD-26 (GEN-TRICK-1): trick 1 is led by the winning bidder, later tricks by the
    previous trick's winner; the same holds for DL and TR dealers."""
    for game in Game:
        for seed in range(6):
            match, _ = run(game, Options(), seed, 1)
            hand = match.hand
            if not hand.tricks:
                continue  # 流局 or redeal
            assert hand.tricks[0].leader == hand.dealer
            for before, after in zip(hand.tricks, hand.tricks[1:], strict=False):
                assert after.leader == before.winner


def test_an_sd_session_won_jointly_names_every_leader() -> None:
    """SD-END-1 names no tie-break: when several players end a session with the most coins,
    the match's winner names all of them, in seat order, joined by "+"."""
    ties = 0
    for seed in range(12):
        match, events = run(Game.SD, Options(sd_hands_per_session=1), seed, 1)
        assert match.phase == Phase.OVER
        coins = match.summary()["coins"]
        best = max(coins.values())
        leaders = [s.name for s in Seat if coins[s.name] == best]
        assert match.winner == "+".join(leaders)
        assert events[-1].kind == "match_over" and events[-1].data["winner"] == match.winner
        ties += len(leaders) > 1
    assert ties > 0  # a lost or drawn hand leaves three players level


def test_tribute_comes_after_trump_is_fixed_and_before_the_kitty_only_in_dl() -> None:
    """DL-TRIB-3: tribute is paid and returned after the trump suit is fixed and before the
    kitty is revealed; TR-TRIB-0, SD-TRIB-0: there is no tribute in TR and SD."""
    tributes = 0
    for seed in range(3):
        _, events = run(Game.DL, Options(), seed, 3)
        hands: list[list[str]] = [[]]
        for ev in events:
            if ev.kind == "hand_started":
                hands.append([])
            hands[-1].append(ev.kind)
        for kinds in hands:
            paid = [i for i, k in enumerate(kinds) if k.startswith("tribute_")]
            if not paid:
                continue
            tributes += 1
            assert kinds.index("trump_fixed") < paid[0]
            assert paid[-1] < kinds.index("kitty_revealed")
    assert tributes > 0
    for game in (Game.TR, Game.SD):
        _, events = run(game, Options(), 1, 4)
        assert not [ev.kind for ev in events if "tribute" in ev.kind or "revolt" in ev.kind]


def test_autosave_after_every_action_and_resume(tmp_path: Path) -> None:
    from shengji_desktop.engine.record import AutosavedMatch

    path = tmp_path / "autosave.json"
    auto = AutosavedMatch(Match(Game.TR, Options(), 3), path)
    ps = players(3)
    for _ in range(150):
        m = auto.match
        if m.phase == Phase.DEAL:
            auto.apply(Action(Act.DEAL))
        else:
            seat = m.to_act()[0]
            auto.apply(ps[seat].choose(m, seat, m.legal_actions(seat)))
        assert len(json.loads(path.read_text(encoding="utf-8"))["actions"]) == len(m.actions)
    resumed = AutosavedMatch.resume(path)
    assert resumed.match.view(None) == auto.match.view(None)
    good = path.read_text(encoding="utf-8")
    with pytest.raises(RuleError):
        auto.apply(Action(Act.BID, Seat.S, value=60))
    assert path.read_text(encoding="utf-8") == good


def test_sd_views_name_the_bidder_in_turn_and_the_declarer_with_the_kitty() -> None:
    """SD-BID-1, SD-KITTY-3: whose decision the table waits for is public while bidding and
    burying (every seat's view says it: a LAN client shows it), and it is the seat asked."""
    ps = players(5)
    match = Match(Game.SD, Options(), 5)
    seen = set()
    while match.phase != Phase.PLAY and match.phase != Phase.SETTLED:
        if match.phase == Phase.DEAL:
            match.apply(Action(Act.DEAL))
            continue
        (seat,) = match.to_act()
        for viewer in Seat:
            assert match.view(viewer)["turn"] == seat.name
        seen.add(match.phase)
        match.apply(ps[seat].choose(match, seat, match.legal_actions(seat)))
    assert seen == {Phase.BID, Phase.KITTY}
