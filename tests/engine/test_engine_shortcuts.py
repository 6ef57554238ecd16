"""The engine's shortcuts for speed agree with the plain definitions on random hands:
unseen pools kept up to date by play() (TR throws are judged against them) and the quick
"may declare" test used by to_act() between cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.hand import HandBase, Phase
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.rules.cards import Card, Seat, new_deck
from shengji_desktop.rules.options import Game, Options


def unseen_reference(hand: HandBase, seat: Seat) -> Counter[Card]:
    """The deck less the seat's hand, every card played, and the kitty if the seat knows it."""
    pool = Counter(new_deck(hand.game.decks))
    pool.subtract(hand.hands[seat])
    for rec in hand.tricks:
        for _, cards in rec.plays:
            pool.subtract(cards)
    for _, cards in hand.trick:
        pool.subtract(cards)
    if hand.kitty_public or seat in hand.kitty_known_to:
        pool.subtract(hand.kitty)
    return +pool


OPTIONS = {
    Game.DL: Options(),
    Game.TR: Options(tr_throw_check="penalty"),  # failed throws play part of the cards
    Game.SD: Options(),
}


@pytest.mark.parametrize("game", list(Game))
def test_unseen_pools_and_may_declare_match_their_definitions(game: Game) -> None:
    checked = declared = 0
    for seed in range(6):
        match = Match(game, OPTIONS[game], seed)
        players = {s: RandomPlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}
        rng = random.Random(seed)
        while len(match.history) < 2 and match.phase != Phase.OVER:
            hand = match.hand
            if match.phase == Phase.SETTLED:
                match.apply(Action(Act.NEXT_HAND))
                continue
            if match.phase == Phase.DEAL:
                for s in Seat:
                    assert hand.may_declare(s) is bool(hand.seat_actions(s))
                seats = match.to_act()
                assert seats == [s for s in Seat if hand.seat_actions(s)]
                rng.shuffle(seats)
                for seat in seats:
                    legal = match.legal_actions(seat)
                    if players[seat].wants_to_act(legal):
                        match.apply(players[seat].choose(match, seat, legal))
                        declared += 1
                        break
                else:
                    match.apply(Action(Act.DEAL))
                continue
            seat = match.to_act()[0]
            if match.phase == Phase.PLAY:
                for s in Seat:
                    assert hand.unseen_by(s) == unseen_reference(hand, s)
                    assert list(hand.unseen_by(s)) == sorted(hand.unseen_by(s))
                checked += 1
            match.apply(players[seat].choose(match, seat, match.legal_actions(seat)))
    assert checked > 100
    if game is not Game.SD:
        assert declared > 0


def test_quick_constructors_make_ordinary_frozen_values() -> None:
    """cards_action / new_event build the same values as the constructors, just as frozen."""
    import copy
    import dataclasses
    import pickle

    from shengji_desktop.engine.actions import cards_action
    from shengji_desktop.engine.events import Event, new_event

    cards = (Card(3), Card(3))
    fast, slow = cards_action(Act.PLAY, Seat.E, cards), Action(Act.PLAY, Seat.E, cards)
    assert type(fast) is Action and fast == slow and hash(fast) == hash(slow)
    assert repr(fast) == repr(slow) and fast.to_json() == slow.to_json()
    assert pickle.loads(pickle.dumps(fast)) == slow == copy.deepcopy(fast)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.cards = ()  # type: ignore[misc]
    e = new_event("cards_played", {"seat": "E"}, {"card": "♠5"}, frozenset({Seat.E}))
    f = Event("cards_played", {"seat": "E"}, {"card": "♠5"}, frozenset({Seat.E}))
    assert type(e) is Event and e == f and e.for_seat(Seat.E) == f.for_seat(Seat.E)
    assert e.for_seat(Seat.N) == {"event": "cards_played", "seat": "E"}
    assert new_event("x", {}).secret == Event("x").secret == {}
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.kind = "y"  # type: ignore[misc]
