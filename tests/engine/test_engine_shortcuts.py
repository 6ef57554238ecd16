"""The engine's shortcuts for speed agree with the plain definitions on random hands:
unseen pools kept up to date by play() (TR throws are judged against them) and the quick
"may declare" test used by to_act() between cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from engine_testkit import run

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import Declared, Event
from shengji_desktop.engine.hand import HandBase
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
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
    if hand.kitty_access.allows(seat):
        pool.subtract(hand.kitty)
    return +pool


OPTIONS = {
    Game.DL: Options(),
    Game.TR: Options(tr_throw_check="penalty"),  # failed throws play part of the cards
    Game.SD: Options(),
}


@pytest.mark.parametrize("game", list(Game))
def test_unseen_pools_and_may_declare_match_their_definitions(game: Game) -> None:
    """After every action of random matches at a table (random players declaring between
    cards): during the deal the quick may_declare agrees with the legal declarations and to_act
    with both; in play each seat's unseen pool is the plain definition, in card order."""
    checked = declared = 0

    def check(match: Match, action: Action, events: Sequence[Event]) -> None:
        nonlocal checked, declared
        hand = match.hand
        declared += any(isinstance(e, Declared) for e in events) and match.phase is Phase.DEAL
        if match.phase is Phase.DEAL:
            for s in Seat:
                assert hand.may_declare(s) is bool(hand.seat_actions(s))
            assert match.to_act() == [s for s in Seat if hand.seat_actions(s)]
        elif match.phase is Phase.PLAY:
            for s in Seat:
                assert hand.unseen_by(s) == unseen_reference(hand, s)
                assert list(hand.unseen_by(s)) == sorted(hand.unseen_by(s))
            checked += 1

    for seed in range(6):
        run(game, OPTIONS[game], seed, 2, check=check)
    assert checked > 100
    if game is not Game.SD:
        assert declared > 0


def test_quick_constructors_make_ordinary_frozen_values() -> None:
    """cards_action builds the same value as the constructor, just as frozen."""
    import copy
    import dataclasses
    import pickle

    from shengji_desktop.engine import codec
    from shengji_desktop.engine.actions import cards_action

    cards = (Card(3), Card(3))
    fast, slow = cards_action(Act.PLAY, Seat.E, cards), Action(Act.PLAY, Seat.E, cards)
    assert type(fast) is Action and fast == slow and hash(fast) == hash(slow)
    assert repr(fast) == repr(slow) and codec.action_json(fast) == codec.action_json(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow == copy.deepcopy(fast)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.cards = ()  # type: ignore[misc]
