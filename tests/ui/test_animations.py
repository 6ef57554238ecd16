"""The animator moves cards because typed events say so, and shows a session's batches."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QObject, Signal
from ui_matches import Played, play_until

from shengji_desktop.engine.events import EVENT_TYPES, CardsPlayed, KittyBuried
from shengji_desktop.engine.phase import Phase
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.ui.cards import CardPixmaps
from shengji_desktop.ui.table.animations import Animator
from shengji_desktop.ui.table.scene import TableScene


class FakeSession(QObject):
    """The session's side of the animator: a signal of batches, held while they show."""

    events_applied = Signal(object, object)

    def __init__(self) -> None:
        super().__init__()
        self.holds: list[str] = []

    def hold(self) -> None:
        self.holds.append("hold")

    def release(self) -> None:
        self.holds.append("release")


@pytest.fixture
def scene(qapp) -> TableScene:
    return TableScene(CardPixmaps())


def hand_cards(scene: TableScene) -> Counter[int]:
    return Counter(i.card for i in scene.hand if i.card is not None)


def test_every_event_type_has_a_handler(scene) -> None:
    assert set(Animator(scene).handlers) == set(EVENT_TYPES.values())


def before_play(seat: Seat):
    def wanted(p: Played) -> bool:
        m = p.match
        return m.phase is Phase.PLAY and m.to_act() == [seat] and len(p.view.tricks) >= 2

    return wanted


@pytest.mark.parametrize("game", list(Game))
def test_the_played_cards_of_the_event_go_to_the_trick(scene, game) -> None:
    """The viewer's own cards leave its hand for its place in the trick; another seat's come
    out of its fan face up. Nothing is re-read from text: the event's card tuple is moved."""
    animator = Animator(scene)
    animator.factor = 0  # no waiting: every move lands at once
    played = play_until(game, before_play(Seat.S))
    scene.sync(played.view, 0)
    before = hand_cards(scene)
    (event,) = [e for e in played.step() if isinstance(e, CardsPlayed)]
    assert event.seat is Seat.S
    animator.show(event)
    assert Counter(i.card for i in scene.trick[Seat.S]) == Counter(map(int, event.cards))
    assert all(i.face_up for i in scene.trick[Seat.S])
    assert hand_cards(scene) == before - Counter(map(int, event.cards))
    assert hand_cards(scene) == Counter(map(int, played.view.hand))
    # the next seat plays from its fan
    nxt = played.match.to_act()[0]
    fan = scene.back_count(nxt)
    events = played.step()
    (event,) = [e for e in events if isinstance(e, CardsPlayed)]
    assert event.seat is nxt
    animator.show(event)
    assert [i.card for i in scene.trick[nxt]] == [int(c) for c in event.cards]
    assert scene.back_count(nxt) == fan - len(event.cards)


def test_a_hidden_burial_moves_backs_to_the_kitty(scene) -> None:
    """SD-KITTY-4: the declarer buries face down; the others see six backs leave his hand."""

    def wanted(p: Played) -> bool:
        return p.match.phase is Phase.KITTY and p.view.dealer not in (None, Seat.S)

    played = play_until(Game.SD, wanted)
    animator = Animator(scene)
    animator.factor = 0
    scene.sync(played.view, 0)
    dealer = played.view.dealer
    assert dealer is not None
    while True:
        events = played.step()
        burials = [e for e in events if isinstance(e, KittyBuried)]
        if burials:
            break
        for e in events:
            animator.show(e)
        scene.sync(played.view, 0)
    (burial,) = burials
    assert burial.kitty is None and burial.count == 6, "the cards stay hidden from S"
    fan = scene.back_count(dealer)
    animator.show(burial)
    assert len(scene.kitty) == 6 and not any(i.face_up for i in scene.kitty)
    assert scene.back_count(dealer) == fan - 6


def test_a_session_batch_is_shown_event_by_event_then_synced(qtbot, scene) -> None:
    session = FakeSession()
    animator = Animator(scene)
    animator.set_speed("fast")
    animator.attach(session)
    played = play_until(Game.TR, before_play(Seat.E))
    scene.sync(played.view, 0)
    shown: list[object] = []
    done: list[object] = []
    animator.event_shown.connect(shown.append)
    animator.batch_done.connect(done.append)
    batches = [played.step() for _ in range(6)]
    views = [v for _, v in played.batches[-6:]]
    for events, view in zip(batches, views, strict=True):
        session.events_applied.emit(events, view)
    qtbot.waitUntil(lambda: not animator.running, timeout=10000)
    assert shown == [e for events in batches for e in events]
    assert done == views
    assert session.holds == ["hold", "release"]
    assert hand_cards(scene) == Counter(map(int, views[-1].hand))
    animator.detach()
    session.events_applied.emit((), views[-1])
    assert len(done) == len(views), "a detached animator shows nothing more"
