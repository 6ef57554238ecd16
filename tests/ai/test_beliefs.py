"""Beliefs from play (issue 41): the samples weighted by what the other seats' plays say, from
the seat's own knowledge only; the expert player that searches with them."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from test_players import play, play_until_trick

from shengji_desktop.ai import KINDS, OFFERED, beliefs, make_player
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.players import HardPlayer
from shengji_desktop.ai.search import Deal, Task, make_task, prune, rules_for, sample
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.options import Game, Options


def midway(game: Game = Game.TR, seed: int = 4, tricks: int = 6, window: bool = False) -> Task:
    """A seat's task after ``tricks`` tricks of normal play, beliefs on; the declaring
    window's passes (``test_beliefs_window``) judged only when ``window``."""
    match = Match(game, Options(), seed)
    players = {s: make_player("normal", s.name) for s in Seat}
    play_until_trick(match, players, tricks=tricks)
    seat = match.to_act()[0]
    view = seat_view(match, seat)
    k = Knowledge.from_view(view)
    plays = [a.cards for a in view.legal]
    task = make_task(k, prune(k, plays, plays[0]), 1, 0.1, 1, beliefs=True)
    return task if window else replace(task, window=None)


def test_off_by_default_and_on_for_the_expert() -> None:
    task = midway()
    assert task.tricks and not replace(task, beliefs=False).beliefs
    k_task = make_task.__defaults__
    assert k_task is not None and k_task[-1] is None  # the module's BELIEFS, which is off
    from shengji_desktop.ai import search

    assert search.BELIEFS is False
    expert = make_player("expert", 1)
    assert isinstance(expert, HardPlayer) and expert.kind == "expert"
    assert expert.budget == 3.0
    # kept only where they gain (issue 41): in TR they lost at 1 s, in DL and SD they gained
    # nothing measurable, at 1 s or in the expert's 3 s
    assert not any(expert.believes(g) for g in Game), "EXPERT_BELIEFS"
    hard = make_player("hard", 1)
    assert isinstance(hard, HardPlayer) and hard.budget == 1.0
    assert not any(hard.believes(g) for g in Game)
    assert "expert" in OFFERED


@pytest.mark.parametrize(("kind", "on"), [("expert-plain", False), ("expert-believing", True)])
def test_the_measuring_experts_believe_in_every_game_or_none(kind: str, on: bool) -> None:
    """The hidden kinds that measure EXPERT_BELIEFS at the expert's budget: the command line's
    (the arena), never offered in the window."""
    player = make_player(kind, 1)
    assert isinstance(player, HardPlayer) and player.kind == kind and player.budget == 3.0
    assert all(player.believes(g) is on for g in Game)
    assert kind in KINDS and kind not in OFFERED


@pytest.mark.parametrize("game", list(Game))
def test_the_experts_trick_search_believes_as_its_game_says(
    monkeypatch: pytest.MonkeyPatch, game: Game
) -> None:
    """EXPERT_BELIEFS reaches the search: a trick-play decision of the expert weighs its samples
    in the games it names (none today); the measuring kinds as they are named."""
    from shengji_desktop.ai import EXPERT_BELIEFS, search

    match = Match(game, Options(), 4)
    play_until_trick(match, {s: make_player("normal", s.name) for s in Seat}, tricks=2)
    view = seat_view(match, match.to_act()[0])
    seen: list[bool] = []
    real = search._gather

    def spy(tasks: list[Task], *args: object) -> list[list[float]]:
        seen.extend(t.beliefs for t in tasks)
        return real(tasks, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "_gather", spy)
    for kind, on in [
        ("expert", game in EXPERT_BELIEFS),
        ("expert-plain", False),
        ("expert-believing", True),
        ("hard", False),
    ]:
        seen.clear()
        assert make_player(kind, 1, playouts=1).decide(view) in view.legal
        assert seen and all(b is on for b in seen), (kind, seen)
    assert not EXPERT_BELIEFS


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
    # the seat's own plays are never judged: they say nothing about the hidden hands
    assert all(p.seat != task.seat for p in beliefs.prepare(task, rules))


def test_a_deal_class_unlike_the_plays_is_down_weighted() -> None:
    """Deals in which the normal player would not have made a judged play weigh ``FLOOR **
    TEMPER`` of those in which it would, all else equal, so the reweighed rows agree with that
    play more often than uniform draws do."""
    task = midway(Game.TR, 3, 3)
    rules = rules_for(task.game, task.level, task.suit, task.options)
    judged = beliefs.prepare(task, rules)
    rng = random.Random(5)
    uniform = [sample(task, rng) for _ in range(300)]

    def rate(play: beliefs.Judged, deals: list[Deal]) -> float:
        return sum(beliefs.agrees(task, rules, play, hands) for hands, _ in deals) / len(deals)

    # the play that says most: of those some uniform deals agree with, the one the fewest do
    play = min((p for p in judged if rate(p, uniform) > 0.1), key=lambda p: rate(p, uniform))
    assert rate(play, uniform) < 0.9
    # rows: the deal's index, then its weight; reweighed, they favour the agreeing deals
    rows = [[float(i), beliefs.weight(task, rules, hands)] for i, (hands, _) in enumerate(uniform)]
    kept = beliefs.reweigh(rows, random.Random(1))
    # (tempered first when the weights are worth less than ``TARGET`` of the rows)
    assert len(kept) == round(beliefs.ess(beliefs.tempered([r[1] for r in rows]))) < len(rows)
    assert rate(play, [uniform[int(r[0])] for r in kept]) > rate(play, uniform) + 0.05
    miss = beliefs.FLOOR**beliefs.TEMPER
    assert miss < 1
    # the weight of a deal is the product over the judged plays
    for hands, _ in uniform[:10]:
        n_miss = sum(not beliefs.agrees(task, rules, p, hands) for p in judged)
        assert beliefs.weight(task, rules, hands) == pytest.approx(miss**n_miss)


def test_reweigh_resamples_in_proportion() -> None:
    """Systematic resampling: a row's copies follow its share of the weight (within one), down
    to the effective sample size, the rows' order kept; the weight column dropped."""
    rows = [[float(i), w] for i, w in enumerate([4.0, 1.0, 1.0, 0.5, 0.5, 1.0])]
    weights = [r[1] for r in rows]
    size = beliefs.ess(weights)
    for seed in range(20):
        kept = beliefs.reweigh(rows, random.Random(seed))
        assert len(kept) == round(size) and all(len(r) == 1 for r in kept)
        assert [r[0] for r in kept] == sorted(r[0] for r in kept)
        for i, w in enumerate(weights):
            expected = w / sum(weights) * len(kept)
            assert abs(sum(1 for r in kept if r[0] == i) - expected) < 1
    # equal weights: every row once, as given
    same = [[float(i), 0.3] for i in range(7)]
    assert beliefs.reweigh(same, random.Random(0)) == [[float(i)] for i in range(7)]


def test_collapsed_weights_are_tempered() -> None:
    """One row carrying nearly all the weight would make one sample of many: the weights are
    raised to the largest power that keeps the effective size at ``TARGET`` of the rows, so the
    heavy row is still drawn most, the others too, and the batch is worth that share."""
    rows = [[float(i), 1.0 if i == 2 else 1e-9] for i in range(12)]
    weights = [r[1] for r in rows]
    assert beliefs.ess(weights) < 1.01
    soft = beliefs.tempered(weights)
    assert beliefs.ess(soft) == pytest.approx(beliefs.TARGET * 12, rel=1e-3)
    assert max(soft) == soft[2] == 1.0 and all(0 < w < 1 for i, w in enumerate(soft) if i != 2)
    before = beliefs.STATS["tempered"]
    kept = beliefs.reweigh(rows, random.Random(8))
    assert beliefs.STATS["tempered"] == before + 1
    assert len(kept) == round(beliefs.TARGET * 12)
    assert sum(r == [2.0] for r in kept) > 1 and len({r[0] for r in kept}) > 1
    # a milder spread is resampled as it is
    mild = [[float(i), 1.0 if i % 3 else 0.3] for i in range(12)]
    assert beliefs.ess([r[1] for r in mild]) >= beliefs.TARGET * 12
    assert beliefs.tempered([r[1] for r in mild]) == [r[1] for r in mild]
    assert len(beliefs.reweigh(mild, random.Random(8))) < 12
    assert beliefs.STATS["tempered"] == before + 1
    # deals a rule rules out stay out, however far the rest are tempered
    ruled = [[float(i), 0.0 if i < 9 else (1.0 if i == 9 else 1e-6)] for i in range(12)]
    kept = beliefs.reweigh(ruled, random.Random(3))
    assert kept and all(r[0] >= 9 for r in kept)


def test_no_plays_no_beliefs() -> None:
    """Before any play (a burial, a bid) every deal weighs alike: the rows come back as drawn."""
    task = replace(midway(), tricks=(), trick=())
    rules = rules_for(task.game, task.level, task.suit, task.options)
    rng = random.Random(2)
    assert {beliefs.weight(task, rules, sample(task, rng)[0]) for _ in range(10)} == {1.0}


def test_the_search_gathers_reweighed_rows() -> None:
    """A search with beliefs: the workers' rows carry their weight, the gathered rows do not,
    and there are no more of them than samples drawn."""
    from shengji_desktop.ai import search

    task = midway(Game.TR, 3, 3)
    raw = search.run_task(replace(task, samples=12, budget=30.0))
    assert len(raw) == 12 and all(len(r) == len(task.candidates) + 1 for r in raw)
    rows = search.gather(task, random.Random(1), 30.0, 12)
    assert rows and all(len(r) == len(task.candidates) for r in rows)
    assert len(rows) <= 12
    plain = search.gather(replace(task, beliefs=False), random.Random(1), 30.0, 12)
    assert len(plain) == 12


def _sd_task(seed: int, tricks: int) -> Task:
    return midway(Game.SD, seed, tricks)


def test_sd_bids_are_judged_by_the_normal_bid() -> None:
    """SD-BID: the other seats' bids and passes are judged by the normal bid on their twelve
    cards; the dealer's, seen by a defender, as at least what it bid on its hand after burying."""
    from shengji_desktop.ai.sd_bidding import normal_bid

    for seed in range(1, 40):
        task = _sd_task(seed, 2)
        if task.seat != task.dealer and any(v is None for _, v in task.bids):
            break
    else:
        pytest.fail("no SD hand with a pass seen by a defender")
    assert task.bids and task.kitty is None
    judged = beliefs.bids_of(task)
    assert [b.seat for b in judged] == [s for s, _ in task.bids if s != task.seat]
    rules = rules_for(task.game, task.level, task.suit, task.options)
    rng = random.Random(4)
    played: dict[Seat, list[Card]] = {s: [] for s in Seat}
    for trick in beliefs.plays_of(task):
        for seat, cards in trick:
            played[seat] += cards
    plays_only = replace(task, bids=())
    agreed = {b.seat: 0 for b in judged}
    for _ in range(60):
        hands, _ = sample(task, rng)
        misses = 0
        for b in judged:
            held = [*hands[b.seat].elements(), *played[b.seat]]
            assert len(held) == 12
            said = normal_bid(held, b.legal, b.last)
            ok = (
                (said is not None and said >= b.value)
                if (b.seat == task.dealer and b.value is not None)
                else said == b.value
            )
            assert beliefs.bid_agrees(task, b, held) == ok
            misses += not ok
            agreed[b.seat] += ok
        factor = beliefs.weight(task, rules, hands) / beliefs.weight(plays_only, rules, hands)
        assert factor == pytest.approx((beliefs.FLOOR**beliefs.TEMPER) ** misses)
    # some deals agree and some do not: the bids say something
    assert 0 < sum(agreed.values()) < 60 * len(judged)


def test_no_bids_judged_outside_sd() -> None:
    task = midway(Game.TR)
    assert task.bids == () and beliefs.bids_of(task) == []


@pytest.mark.parametrize("game", list(Game))
def test_expert_plays_a_hand_legally(game: Game) -> None:
    """The expert, and the searches with beliefs in every phase (``expert-believing``)."""
    match = play(game, ["expert", "expert-believing", "hard", "normal"], 5, 1, playouts=2)
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


def test_dl_tribute_rules_out_a_stronger_card_left_to_the_payer() -> None:
    """DL-TRIB-4, for the receiver: the payer gave its strongest eligible card, so a deal leaving
    it a stronger one weighs nothing; given its very strongest, no deal is ruled out."""
    from shengji_desktop.rules.dl_tribute import tribute_eligible

    task = midway(Game.DL, 4, 2)
    rules = rules_for(task.game, task.level, task.suit, task.options)
    trump = rules.trump
    payer = next(s for s in Seat if s not in (task.seat, task.dealer))
    mine = sorted((c for c in task.hand if tribute_eligible(c, trump)), key=trump.strength)
    weakest, strongest = mine[0], mine[-1]
    rng = random.Random(9)
    deals = [sample(task, rng)[0] for _ in range(40)]
    plays_only = [beliefs.weight(task, rules, hands) for hands in deals]
    played = beliefs.played_by(task)

    def weights(given: Card) -> list[float]:
        ctx = (*task.context, ("tribute", (payer, (given,), (), 1)))
        told = replace(task, context=ctx)
        return [beliefs.weight(told, rules, hands) for hands in deals]

    def stronger_left(hands: dict[Seat, Counter[Card]], given: Card) -> bool:
        held = [*hands[payer].elements(), *played[payer]]
        return any(
            tribute_eligible(c, trump) and trump.strength(c) > trump.strength(given) for c in held
        )

    low = weights(weakest)
    for hands, w, w0 in zip(deals, low, plays_only, strict=True):
        assert w == (0.0 if stronger_left(hands, weakest) else w0)
    assert sum(w == 0.0 for w in low) > 20  # a weak tribute says much
    high = weights(strongest)
    for hands, w, w0 in zip(deals, high, plays_only, strict=True):
        assert w == (0.0 if stronger_left(hands, strongest) else w0)
    assert sum(w == 0.0 for w in high) < sum(w == 0.0 for w in low)


@pytest.mark.parametrize("kind", ["expert-believing", "hard"])
def test_every_search_of_a_believer_believes(monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """A believing player's searches before trick play read what they can too: SD's trump choice
    (the others' bids; the bid search explains earlier bids by itself), a burial; hard's never."""
    from shengji_desktop.ai import phase_search

    seen: list[Task] = []
    real = phase_search.gather

    def spy(base: Task, *args: object, **kw: object) -> object:
        seen.append(base)
        return real(base, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(phase_search, "gather", spy)
    play(Game.SD, [kind] * 4, 5, 1, playouts=2)
    trump = [t for t in seen if "suits" in dict(t.context)]
    assert seen and trump, "the trump choice was searched"
    believer = kind == "expert-believing"
    assert all(t.beliefs == believer for t in seen if t.bids)
    assert all(t.bids and t.beliefs == believer for t in trump)
    bidding = [t for t in seen if "said" in dict(t.context)]
    assert bidding and not any(t.beliefs for t in bidding)
