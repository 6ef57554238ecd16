"""The computer players with a TR kitty buried face down (TR-KITTY-2, option
``tr_kitty_face=down``): a seat other than the dealer knows nothing of the buried cards, so its
knowledge, its card tracker and the deals its search samples treat them as unseen cards (as a
DL kitty hidden by DL-KITTY-7); the dealer knows them, and with the seeds' 明扣 every seat
does."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_desktop.ai import make_player
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.search import make_task, sample
from shengji_desktop.ai.tracker import track
from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.events import HandSettled
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.options import Game, Options

FACE_DOWN = Options(tr_kitty_face="down")


def buried_match(options: Options, seed: int, pick: int) -> tuple[Match, Seat, tuple[Card, ...]]:
    """A TR hand dealt out with nobody declaring, the dealer burying one of two sets of 8 of
    its 33 cards (``pick`` 0: the first 8 in card order, 1: the last 8): the first lead is
    next."""
    match = Match(Game.TR, options, seed)
    while match.phase is Phase.DEAL:
        match.apply(Action(Act.DEAL))
    while match.phase is Phase.DECLARE:
        (seat,) = match.to_act()
        match.apply(Action(Act.PASS, seat))
    (dealer,) = match.to_act()
    (choice,) = match.legal_actions(dealer)
    assert isinstance(choice, ChooseCards)
    held = sorted(choice.hand)
    buried = tuple(held[:8] if pick == 0 else held[-8:])
    match.apply(choice.action(buried))
    assert match.phase is Phase.PLAY
    return match, dealer, buried


def others(view: SeatView) -> int:
    return sum(n for s, n in enumerate(view.counts) if s != view.seat)


@pytest.mark.parametrize("seed", [1, 4])
def test_a_face_down_kitty_is_unseen_cards_for_the_other_seats(seed: int) -> None:
    """TR-KITTY-2 (face down), GEN-INFO-1: for each seat but the dealer the kitty is 8 unseen
    cards — its knowledge has no kitty, its unseen pool counts the other hands and the kitty,
    the tracker does not place them, a sampled deal puts 8 of the unseen cards in the kitty —
    and nothing it knows depends on which cards were buried."""
    a, dealer, buried_a = buried_match(FACE_DOWN, seed, 0)
    b, dealer_b, buried_b = buried_match(FACE_DOWN, seed, 1)
    assert dealer_b == dealer and buried_a != buried_b
    for seat in Seat:
        if seat == dealer:
            continue
        view = seat_view(a, seat)
        assert view == seat_view(b, seat)  # which cards lie in the kitty changes nothing
        k = Knowledge.from_view(view)
        assert k.kitty is None and k.kitty_size == 8
        assert sum(k.unseen().values()) == others(view) + 8
        tracker = track(view)
        assert tracker == track(seat_view(b, seat)) and tracker.kitty == ()
        assert sum(c.out for cls in tracker.classes for c in cls.cards) == others(view) + 8
        task = make_task(k, [], 7, 1.0, 1)
        assert task == make_task(Knowledge.from_view(seat_view(b, seat)), [], 7, 1.0, 1)
        assert task.kitty is None and task.kitty_size == 8
        hands, kitty = sample(task, random.Random(seed))
        assert len(kitty) == 8
        assert hands[seat] == Counter(view.hand)
        placed = sum((hands[s] for s in Seat if s != seat), Counter(kitty))
        assert placed == Counter(task.pool)  # the unseen cards: the other hands and the kitty
        assert {s: sum(h.values()) for s, h in hands.items()} == dict(task.counts)


@pytest.mark.parametrize("options", [FACE_DOWN, Options()], ids=["face down", "face up"])
def test_the_dealer_knows_its_kitty_and_face_up_everybody_does(options: Options) -> None:
    """TR-KITTY-2: the dealer's knowledge and sampled deals hold the kitty it buried; with the
    seeds' 明扣 (the default) so do every other seat's."""
    match, dealer, buried = buried_match(options, 1, 0)
    for seat in Seat:
        k = Knowledge.from_view(seat_view(match, seat))
        sees = seat == dealer or options.tr_kitty_face == "up"
        if not sees:
            assert k.kitty is None
            continue
        assert tuple(sorted(k.kitty or ())) == buried
        task = make_task(k, [], 7, 1.0, 1)
        assert task.kitty == buried
        _, kitty = sample(task, random.Random(1))
        assert sorted(kitty) == list(buried)


@pytest.mark.parametrize("kind", ["easy", "normal"])
def test_computer_players_play_a_face_down_hand(kind: str) -> None:
    """The heuristic players play a whole TR hand with the kitty face down: every decision
    legal, the hand settled."""
    match = Match(Game.TR, FACE_DOWN, 3)
    players = {s: make_player(kind, f"{kind}/{s.name}") for s in Seat}
    settled: list[HandSettled] = []
    table = Table(match, players, rng=random.Random(3), hands=1)
    table.watch_referee(
        lambda action, batch: settled.extend(e for e in batch if isinstance(e, HandSettled))
    )
    table.play()
    assert len(settled) == 1
