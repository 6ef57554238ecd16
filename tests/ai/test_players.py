"""Computer players (issue 5): every kind plays whole matches of every game without an illegal
action, the same seed replays the same game, and the arena prints its figures."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import pytest

from shengji_desktop.ai import make_player
from shengji_desktop.ai.arena import run_arena
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.search import make_task, prune, sample
from shengji_desktop.cli import main
from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Player, Table
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import Trump
from shengji_desktop.rules.trick import Cards, Shape, TrickRules


class Checked:
    """Plays a seat with ``player`` at a table and checks what it is shown and what it returns:
    its own view only, and every action legal now (a choice of cards as its ChooseCards
    accepts it; the table applies nothing illegal either: it is strict)."""

    def __init__(self, player: Player, match: Match, seat: Seat) -> None:
        self.player, self.match, self.seat = player, match, seat
        self.decisions = 0
        self.views: list[SeatView] = []  # every view it was asked with

    def decide(self, view: SeatView) -> Action | None:
        self.views.append(view)
        assert view.seat == self.seat
        assert Counter(view.hand) == +self.match.hand.hands[self.seat]  # its own cards
        assert view.legal == tuple(self.match.legal_actions(self.seat))
        action = self.player.decide(view)
        if action is None:
            assert view.phase is Phase.DEAL
            return None
        self.decisions += 1
        assert action.seat == self.seat
        choices = [m for m in view.legal if isinstance(m, ChooseCards) and m.kind is action.kind]
        if choices:
            (choice,) = choices
            choice.check(action.cards)
            assert choice.action(action.cards) == action
        else:
            assert action in view.legal, f"{action} not among the legal actions"
        return action


def play(
    game: Game,
    kinds: list[str],
    seed: int,
    hands: int,
    options: Options | None = None,
    **kw: object,
) -> Match:
    return play_seen(game, kinds, seed, hands, options, **kw)[0]


def play_seen(
    game: Game,
    kinds: list[str],
    seed: int,
    hands: int,
    options: Options | None = None,
    **kw: object,
) -> tuple[Match, list[SeatView]]:
    """``play``, and every view the players were asked with."""
    match = Match(game, options or Options(), seed)
    players = {
        s: Checked(make_player(k, f"{seed}/{s.name}", **kw), match, s)  # type: ignore[arg-type]
        for s, k in zip(Seat, kinds, strict=True)
    }
    # A strict table raises on an illegal action or a missing decision.
    Table(match, players, rng=random.Random(seed), hands=hands).play()
    assert all(p.decisions > 0 for p in players.values())
    return match, [v for p in players.values() for v in p.views]


@pytest.mark.parametrize("game", list(Game))
@pytest.mark.parametrize("seed", [1, 2])
def test_easy_and_normal_play_whole_matches(game: Game, seed: int) -> None:
    hands = {Game.DL: 4, Game.TR: 4, Game.SD: 8}[game]
    match = play(game, ["normal", "easy", "normal", "easy"], seed, hands)
    assert len(match.history) >= 1
    if match.phase is not Phase.OVER:
        assert len(match.history) == hands


def plays_and_default_plays(views: list[SeatView]) -> Iterator[tuple[set[Cards], set[Cards]]]:
    """For each view asked to play: its legal plays, and those the same hand and trick allow
    under the default options (throws left out of leads: they depend on the other hands)."""
    for view in views:
        if view.phase is not Phase.PLAY or view.trump is None:
            continue
        rules = TrickRules(view.trump)
        default = TrickRules(Trump(view.game, view.level, view.trump.suit, Options()))
        hand = Counter(view.hand)
        plays = {m.cards for m in view.legal if m.kind is Act.PLAY}
        if view.trick:
            yield plays, set(default.legal_follows(hand, default.lead_format(view.trick[0][1])))
        else:
            leads = {p for p in plays if rules.lead_format(p).shape is not Shape.THROW}
            yield leads, set(default.legal_leads(hand))


def held_to_dead_follows(views: list[SeatView]) -> bool:
    """死棒 (DL-FOLLOW-4/5): some follow offered fewer plays than 活棒 would."""
    return any(plays < default for plays, default in plays_and_default_plays(views))


def other_tractors(views: list[SeatView]) -> bool:
    """TR-OP-5/6: some lead offered other tractors than the default tractor order."""
    return any(plays != default for plays, default in plays_and_default_plays(views))


def match_room_bids(views: list[SeatView]) -> bool:
    """SD-BID-2: every bid offered tops at 70 (the game room's tops at 75)."""
    tops = {max(m.value for m in v.moves(Act.BID)) for v in views if v.moves(Act.BID)}
    return tops == {70}


@pytest.mark.parametrize(
    ("options", "seed", "took_effect"),
    [
        (
            {"dl_follow_mode": "dead", "dl_tribute_return": "weakest", "dl_revolt": "off"},
            3,
            held_to_dead_follows,
        ),
        (
            {
                "tr_throw_check": "penalty",
                "tr_level_tractor_mode": "numeric",
                "tr_a2_tractor": "true",
            },
            23,  # a deal where a seat holds pairs that the numeric order links differently
            other_tractors,
        ),
        ({"sd_room": "match", "sd_two_order": "equal"}, 3, match_room_bids),
    ],
)
def test_normal_under_other_options(
    options: dict[str, str], seed: int, took_effect: Callable[[list[SeatView]], bool]
) -> None:
    """Normal players play whole hands under other options, and are shown moves that only
    those options allow."""
    game = Game(next(iter(options))[:2])
    match, views = play_seen(game, ["normal"] * 4, seed, 3, Options.from_dict(options))
    assert len(match.history) == 3
    assert sum(a.kind is Act.PLAY for a in match.actions) >= 50, "cards were played"
    assert took_effect(views), took_effect.__doc__


@pytest.mark.parametrize("game", list(Game))
def test_hard_plays_a_hand_with_fixed_samples(game: Game) -> None:
    match = play(game, ["hard", "normal", "easy", "normal"], 5, 1, playouts=2)
    assert len(match.history) == 1


def test_a_search_goes_on_after_a_worker_process_died() -> None:
    """A worker of the search's pool that dies (killed, out of memory) breaks the pool: every
    later decision of every computer would fail and be replaced by a fallback move. The search
    starts its workers again and decides."""
    import time

    from shengji_desktop.ai import search

    play(Game.SD, ["hard", "normal", "normal", "normal"], 5, 1, playouts=2)  # the pool runs
    executor = search.pool()
    victim = next(iter(executor._processes.values()))  # type: ignore[attr-defined]
    victim.kill()
    deadline = time.monotonic() + 20
    while not executor._broken and time.monotonic() < deadline:  # type: ignore[attr-defined]
        time.sleep(0.05)
    assert executor._broken, "the pool did not notice its worker's death"  # type: ignore[attr-defined]
    match = play(Game.SD, ["hard", "normal", "normal", "normal"], 5, 1, playouts=2)
    assert len(match.history) == 1  # a strict table: a failed decision would have raised
    assert search.pool() is not executor


def test_same_seed_same_game() -> None:
    first = play(Game.TR, ["normal", "easy", "hard", "easy"], 9, 1, playouts=2)
    second = play(Game.TR, ["normal", "easy", "hard", "easy"], 9, 1, playouts=2)
    assert first.actions == second.actions
    other = play(Game.TR, ["normal", "easy", "hard", "easy"], 10, 1, playouts=2)
    assert other.actions != first.actions


def test_samples_respect_what_the_seat_knows() -> None:
    """Determinizations: hand sizes kept, own hand untouched, shown voids respected."""
    match = Match(Game.DL, Options(), 4)
    players = {s: make_player("normal", s.name) for s in Seat}
    rng = random.Random(4)
    play_until_trick(match, players, tricks=12)
    seat = match.to_act()[0]
    view = seat_view(match, seat)
    k = Knowledge.from_view(view)
    plays = [a.cards for a in view.legal]
    task = make_task(k, prune(k, plays, plays[0]), 1, 0.1, 1)
    for _ in range(20):
        hands, kitty = sample(task, rng)
        assert hands[seat] == k.hand
        for s in Seat:
            assert sum(hands[s].values()) == k.counts[s]
        assert len(kitty) == k.kitty_size
        assert k.trump is not None
        for s, voids in k.voids.items():
            if s != seat:
                held = {k.trump.suit_class(c) for c in +hands[s]}
                assert not held & voids, f"{s.name} shown void in {voids} but dealt {held}"
        # the referee's hidden hands never leak into the seat's knowledge
        assert sum(k.unseen().values()) == sum(k.counts[s] for s in Seat if s != seat) + (
            0 if k.kitty is not None else k.kitty_size
        )
    assert any(k.voids.values()), "after 12 tricks some seat has shown a void"


def play_until_trick(match: Match, players: dict[Seat, Player], tricks: int) -> None:
    """Play at a table until ``tricks`` tricks of the first hand are finished."""
    table = Table(match, players, rng=random.Random(match.seed), hands=1)

    def stop_there(action: Action, events: Sequence[Event]) -> None:
        if len(table.view(Seat.S).tricks) >= tricks:
            table.stop()

    table.watch_referee(stop_there)
    table.play()
    view = table.view(Seat.S)
    assert view.phase is Phase.PLAY and len(view.tricks) == tricks and not view.trick


def test_arena_prints_figures_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "sd", "--a", "normal", "--b", "easy", "--deals", "3"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(out[-1])
    assert figures["arena"] == "sd" and figures["deals"] == 3 and figures["hands"] == 6
    assert figures["ci95"][0] <= figures["mean_diff"] <= figures["ci95"][1]
    assert figures["A_decisions"] > 0 and figures["A_ms_median"] > 0
    assert any("95% CI" in line for line in out)


def test_arena_duplicate_is_zero_sum_for_equal_players() -> None:
    """The same player on both sides with the same seeds: each deal's two hands cancel."""
    figures = run_arena(Game.SD, "normal", "normal", 4, 2, make_player, out=lambda s: None)
    assert figures["mean_diff"] == 0


def test_bad_arena_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "dl", "--a", "genius"]) == 2
    assert "genius" in capsys.readouterr().err


def test_hard_deviates_from_normal_only_on_a_clear_gain() -> None:
    from shengji_desktop.ai.search import choose

    steady = [[0.0, 0.1, 1.0], [1.0, 1.0, 2.0], [0.5, 0.4, 1.4], [2.0, 2.1, 3.1]]
    assert choose(steady) == 2  # candidate 2 gains about 1 on every sample
    noisy = [[0.0, 3.0], [0.0, -3.0], [0.0, 2.5], [0.0, -2.0]]
    assert choose(noisy) == 0  # a mean gain of 0.125 is noise at this spread
    assert choose([[0.0, 5.0]]) == 0  # one sample decides nothing
    assert choose([[1.0, 1.0, 1.0]] * 6) == 0  # a forced ending: keep the normal play


def test_a_timed_search_stops_when_its_choice_is_settled() -> None:
    """The anytime search looks at its samples between slices and stops early only when more
    samples would hardly change the choice."""
    from shengji_desktop.ai.search import SETTLED_MIN, settled

    rng = random.Random(5)
    clear = [[x, x + 1.0, x - 0.5] for x in (rng.gauss(0, 1) for _ in range(SETTLED_MIN))]
    assert settled(clear)  # candidate 1 gains 1 on every sample, 2 loses on every one
    assert not settled(clear[: SETTLED_MIN - 1])  # too few samples to say
    close = [[x, x + rng.gauss(0.05, 1.0)] for x in (rng.gauss(0, 1) for _ in range(SETTLED_MIN))]
    assert not settled(close)  # a small gain, if any, hidden in the noise: keep sampling
    same = [[x, x, x + 0.001] for x in (rng.gauss(0, 1) for _ in range(SETTLED_MIN))]
    assert settled(same)  # as good within a tenth of a point: nothing to learn
    assert settled([[1.0, 1.0]] * 6)  # a forced ending
