"""Plays the human seat through the real widgets: clicks cards on the table and presses the
buttons of the action bar, the way a person would. The window's session (``window.session``)
says when it is the seat's turn; its legal moves are typed (a ``ChooseCards`` is a choice of
``count`` cards that it ``accepts``)."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt

from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card
from shengji_desktop.ui.panels.choices import button_key
from shengji_desktop.ui.session.session import Session
from shengji_desktop.ui.window.mainwindow import MainWindow

WAIT_MS = 30000  # the longest wait for the table (2 shared cores; never a sleep)


def session_of(window: MainWindow) -> Session:
    s = window.session
    assert s is not None, "the window has no session"
    return s


class Seen(list):
    """What a session shows its seat from now on: every event in order (the list), and each
    batch with the view after it (``batches``)."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.batches: list[tuple[tuple[Event, ...], SeatView]] = []
        session.events_applied.connect(self.add)

    def add(self, events: tuple[Event, ...], view: SeatView) -> None:
        self.extend(events)
        self.batches.append((events, view))

    def view_after(self, wanted: Callable[[Event], bool]) -> SeatView:
        """The view that came with the first event for which ``wanted`` holds."""
        return next(v for events, v in self.batches if any(wanted(e) for e in events))


def click_card(window: MainWindow, qtbot, item) -> None:
    point = window.table.view.mapFromScene(item.mapToScene(QPointF(9, 12)))
    qtbot.mouseClick(window.table.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def hand_cards(window: MainWindow) -> list[Card]:
    """The cards of the viewer's hand as the table shows them."""
    return sorted(Card(i.card) for i in window.table.scene.hand if i.card is not None)


def select_cards(window: MainWindow, qtbot, cards) -> None:
    """Click cards until exactly ``cards`` (copies counted) are selected."""
    scene = window.table.scene
    for item in scene.hand:
        if item.selected:
            click_card(window, qtbot, item)
    want: dict[int, int] = {}
    for c in cards:
        want[int(c)] = want.get(int(c), 0) + 1
    for item in list(scene.hand):
        if item.card is not None and want.get(item.card, 0) > 0:
            want[item.card] -= 1
            click_card(window, qtbot, item)
    assert sorted(scene.selected_cards()) == sorted(cards), "clicks did not select the cards"


def press(window: MainWindow, qtbot, key: str) -> None:
    window.table.refresh_actions()
    button = window.table.bar.buttons.get(key)
    assert button is not None, f"no button {key!r}; have {sorted(window.table.bar.buttons)}"
    assert button.isEnabled(), f"button {key!r} is disabled: {window.table.bar.notice_text}"
    action = getattr(window.table.bar, "menu_actions", {}).get(key)
    if action is not None:  # folded into a chooser (a narrow table): its menu's entry
        assert action.isEnabled(), f"choice {key!r} is disabled"
        action.trigger()
        return
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def give_away(hand: list[Card], n: int, rng: random.Random) -> list[Card]:
    """N cards of ``hand``: plain cards at random, then big jokers, then small ones."""
    plain = [c for c in hand if c not in (BIG_JOKER, SMALL_JOKER)]
    rng.shuffle(plain)
    big = [c for c in hand if c == BIG_JOKER]
    small = [c for c in hand if c == SMALL_JOKER]
    return (plain + big + small)[:n]


def answered(window: MainWindow, qtbot, act: Callable[[], None]) -> list[str]:
    """Do ``act`` (a click that sends the seat's action) and wait until the table answered:
    an update or a refusal. Returns the messages the session gave meanwhile."""
    s = session_of(window)
    messages: list[str] = []
    s.message.connect(messages.append)
    try:
        act()
        assert s.busy or messages, "the click sent nothing to the table"
        qtbot.waitUntil(lambda: not s.busy, timeout=WAIT_MS)
    finally:
        s.message.disconnect(messages.append)
    return messages


def human_turn(window: MainWindow, qtbot, rng: random.Random) -> Action:
    """Take one decision for the human seat through the widgets and wait until the table took
    it; returns the action chosen."""
    s = session_of(window)
    assert s.waiting == "human" and not s.busy, (s.waiting, s.busy)
    legal = s.human_legal
    assert legal, "the seat's turn without a legal move"
    assert s.human is not None
    assert hand_cards(window) == sorted(s.view.hand), "the table does not show the seat's hand"
    kinds = {m.kind for m in legal}
    key: str
    if Act.PLAY in kinds:
        action = rng.choice([m for m in legal if isinstance(m, Action) and m.kind is Act.PLAY])
        select_cards(window, qtbot, list(action.cards))
        key = "play"
    else:
        kind = next((k for k in (Act.BURY, Act.TRIBUTE, Act.RETURN) if k in kinds), None)
        if kind is not None:
            offered = [m for m in legal if m.kind is kind]
            choice = next((m for m in offered if isinstance(m, ChooseCards)), None)
            if choice is not None:
                cards = give_away(hand_cards(window), choice.count, rng)
                assert len(cards) == choice.count and choice.accepts(cards), (choice, cards)
                action = choice.action(cards)
            else:
                action = rng.choice([m for m in offered if isinstance(m, Action)])
            select_cards(window, qtbot, list(action.cards))
            key = kind.value
        else:
            action = rng.choice([m for m in legal if isinstance(m, Action)])
            key = button_key(action)
    messages = answered(window, qtbot, lambda: press(window, qtbot, key))
    assert not messages, f"{action} was refused: {messages}"
    return action


def press_overlay(window: MainWindow, qtbot, key: str) -> None:
    button = window.table.overlay.buttons.get(key)
    assert button is not None and window.table.overlay.isVisibleTo(
        window
    ), f"no overlay button {key!r}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def wait_turn(window: MainWindow, qtbot, done: Callable[[], bool] = lambda: False) -> str:
    """Wait until the seat has a decision, a settlement is shown, the match is over or
    ``done()``; returns what the session waits for."""
    s = session_of(window)
    qtbot.waitUntil(
        lambda: done() or (s.waiting in ("human", "next_hand", "over") and not s.busy),
        timeout=WAIT_MS,
    )
    return s.waiting


def play_until(window: MainWindow, qtbot, done, rng: random.Random, limit: int = 400) -> int:
    """Answer every decision of the human (and every settlement's "next hand") until
    ``done()``; returns how many decisions were taken."""
    s = session_of(window)
    qtbot.waitUntil(lambda: s.view is not None, timeout=WAIT_MS)  # the table's first update
    taken = 0
    while not done():
        waiting = wait_turn(window, qtbot, done)
        if done():
            break
        if waiting == "next_hand":
            shown = s.view.hand_number
            press_overlay(window, qtbot, "next")
            qtbot.waitUntil(
                lambda n=shown: done() or s.waiting != "next_hand" or s.view.hand_number != n,
                timeout=WAIT_MS,
            )
            continue
        if waiting == "over":
            break
        human_turn(window, qtbot, rng)
        taken += 1
        assert taken < limit, "the hand did not end"
    return taken
