"""Beliefs from play (issue 41): the samples weighted by what the other seats' plays say, from
the seat's own knowledge only; the expert player that searches with them."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from test_players import play, play_until_trick

from shengji_desktop.ai import OFFERED, beliefs, make_player
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.players import HardPlayer
from shengji_desktop.ai.search import Deal, Task, make_task, prune, rules_for, sample
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.options import Game, Options


def midway(game: Game = Game.TR, seed: int = 4, tricks: int = 6) -> Task:
    """A seat's task after ``tricks`` tricks of normal play, beliefs on."""
    match = Match(game, Options(), seed)
    players = {s: make_player("normal", s.name) for s in Seat}
    play_until_trick(match, players, tricks=tricks)
    seat = match.to_act()[0]
    view = seat_view(match, seat)
    k = Knowledge.from_view(view)
    plays = [a.cards for a in view.legal]
    return make_task(k, prune(k, plays, plays[0]), 1, 0.1, 1, beliefs=True)


def test_off_by_default_and_on_for_the_expert() -> None:
    task = midway()
    assert task.tricks and not replace(task, beliefs=False).beliefs
    k_task = make_task.__defaults__
    assert k_task is not None and k_task[-1] is None  # the module's BELIEFS, which is off
    from shengji_desktop.ai import search

    assert search.BELIEFS is False
    expert = make_player("expert", 1)
    assert isinstance(expert, HardPlayer) and expert.kind == "expert"
    assert expert.beliefs is True and expert.budget == 3.0
    hard = make_player("hard", 1)
    assert isinstance(hard, HardPlayer) and not hard.beliefs and hard.budget == 1.0
    assert "expert" in OFFERED


def test_weights_depend_only_on_the_task() -> None:
    """The seat's task is all the weights read: an equal task built again (no hidden truth in
    it) gives the same weights and the same kept deals."""
    task = midway()
    again = midway()
    assert task == again and task is not again
    rules = rules_for(task.game, task.level, task.suit, task.options)
    assert beliefs.prepare(task, rules), "the other seats' plays are judged"
    rng = random.Random(3)
    deals = [sample(task, rng) for _ in range(10)]
    first = [beliefs.weight(task, rules, hands) for hands, _ in deals]
    second = [beliefs.weight(again, rules, hands) for hands, _ in deals]
    assert first == second
    kept_a = [beliefs.resample(task, rules, random.Random(i), sample) for i in range(5)]
    kept_b = [beliefs.resample(again, rules, random.Random(i), sample) for i in range(5)]
    assert kept_a == kept_b
    # the seat's own plays are never judged: they say nothing about the hidden hands
    assert all(p.seat != task.seat for p in beliefs.prepare(task, rules))


def test_a_deal_class_unlike_the_plays_is_down_weighted() -> None:
    """Deals in which the normal player would not have made the last judged play weigh
    ``FLOOR ** TEMPER`` of those in which it would, all else equal, so the resampled deals agree
    with that play more often than uniform draws do."""
    task = midway(Game.TR, 3, 3)
    rules = rules_for(task.game, task.level, task.suit, task.options)
    judged = beliefs.prepare(task, rules)
    rng = random.Random(5)
    uniform = [sample(task, rng) for _ in range(150)]

    def rate(play: beliefs.Judged, deals: list[Deal]) -> float:
        return sum(beliefs.agrees(task, rules, play, hands) for hands, _ in deals) / len(deals)

    # the play that says most: of those some uniform deals agree with, the one the fewest do
    play = min((p for p in judged if rate(p, uniform) > 0.1), key=lambda p: rate(p, uniform))
    assert rate(play, uniform) < 0.9
    rng = random.Random(5)
    kept = [beliefs.resample(task, rules, rng, sample) for _ in range(150)]
    assert rate(play, kept) > rate(play, uniform) + 0.05
    miss = beliefs.FLOOR**beliefs.TEMPER
    assert miss < 1
    # the weight of a deal is the product over the judged plays
    rng = random.Random(6)
    for _ in range(10):
        hands, _ = sample(task, rng)
        n_miss = sum(not beliefs.agrees(task, rules, p, hands) for p in judged)
        assert beliefs.weight(task, rules, hands) == pytest.approx(miss**n_miss)


def test_uniform_when_the_weights_collapse(monkeypatch: pytest.MonkeyPatch) -> None:
    task = midway()
    rules = rules_for(task.game, task.level, task.suit, task.options)
    calls = iter(range(100))

    def collapsed(task: Task, rules: object, hands: dict[Seat, Counter[Card]]) -> float:
        return 1.0 if next(calls) == 2 else 1e-9  # one draw in six carries all the weight

    monkeypatch.setattr(beliefs, "weight", collapsed)
    before = beliefs.STATS["uniform"]
    rng = random.Random(8)
    kept = beliefs.resample(task, rules, rng, sample)
    first = sample(task, random.Random(8))
    assert kept == first
    assert beliefs.STATS["uniform"] == before + 1
    assert beliefs.ess([1.0, 1e-9, 1e-9]) < beliefs.MIN_ESS <= beliefs.ess([1.0, 0.5, 0.3])


def test_no_plays_no_beliefs() -> None:
    """Before any play (a burial, a bid) the sampler is the uniform one, draw for draw."""
    task = replace(midway(), tricks=(), trick=())
    rules = rules_for(task.game, task.level, task.suit, task.options)
    assert beliefs.resample(task, rules, random.Random(2), sample) == sample(task, random.Random(2))


@pytest.mark.parametrize("game", list(Game))
def test_expert_plays_a_hand_legally(game: Game) -> None:
    match = play(game, ["expert", "normal", "hard", "normal"], 5, 1, playouts=2)
    assert len(match.history) == 1


def test_the_gui_offers_the_expert(qtbot: object) -> None:
    pytest.importorskip("PySide6")
    from shengji_desktop.ui.lan import link
    from shengji_desktop.ui.panels.models import SeatListModel
    from shengji_desktop.ui.texts import kind_name

    model = SeatListModel()
    assert all("expert" in model.allowed(row) for row in range(4))
    assert "expert" in link.SEAT_KINDS
    assert kind_name("expert") == "Expert"
