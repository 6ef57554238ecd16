"""Plays the human seat through the real widgets: clicks cards on the table and presses the
buttons of the action bar, the way a person would."""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, Qt

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card
from shengji_desktop.ui.app import MainWindow
from shengji_desktop.ui.choices import button_key


def click_card(window: MainWindow, qtbot, item) -> None:
    point = window.view.mapFromScene(item.mapToScene(QPointF(9, 12)))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def select_cards(window: MainWindow, qtbot, cards) -> None:
    """Click cards until exactly ``cards`` (copies counted) are selected."""
    scene = window.scene
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
    window.refresh_actions()
    button = window.bar.buttons.get(key)
    assert button is not None, f"no button {key!r}; have {sorted(window.bar.buttons)}"
    assert button.isEnabled(), f"button {key!r} is disabled: {window.bar.notice.text()}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def give_away(hand: list[Card], n: int, rng: random.Random) -> list[Card]:
    plain = [c for c in hand if c not in (BIG_JOKER, SMALL_JOKER)]
    rng.shuffle(plain)
    jokers = sorted((c for c in hand if c in (BIG_JOKER, SMALL_JOKER)), reverse=True)
    return (plain + jokers)[:n]


def human_turn(window: MainWindow, qtbot, rng: random.Random) -> Action:
    """Take one decision for the human seat through the widgets; returns what was chosen."""
    c = window.controller
    assert c is not None and c.waiting == "human"
    legal = c.human_legal
    kinds = {a.kind for a in legal}
    if Act.PLAY in kinds:
        plays = [a for a in legal if a.kind is Act.PLAY]
        action = rng.choice(plays)
        select_cards(window, qtbot, list(action.cards))
        press(window, qtbot, "play")
        return action
    for kind in (Act.BURY, Act.TRIBUTE, Act.RETURN):
        offered = [a for a in legal if a.kind is kind]
        if offered:
            if offered[0].cards:
                action = rng.choice(offered)
                cards = list(action.cards)
            else:
                assert offered[0].value is not None
                hand = [Card(i.card) for i in window.scene.hand if i.card is not None]
                cards = give_away(hand, offered[0].value, rng)
                action = Action(kind, c.human, tuple(sorted(cards)))
            select_cards(window, qtbot, cards)
            press(window, qtbot, kind.value)
            return action
    action = rng.choice(legal)
    press(window, qtbot, button_key(action))
    return action


def play_until(window: MainWindow, qtbot, done, rng: random.Random, limit: int = 400) -> int:
    """Answer every decision of the human until ``done()``; returns how many were taken."""
    c = window.controller
    assert c is not None
    taken = 0
    while not done():
        qtbot.waitUntil(
            lambda: done() or c.waiting in ("human", "next_hand", "over"), timeout=20000
        )
        if done():
            break
        if c.waiting == "next_hand":
            press_overlay(window, qtbot, "next")
            continue
        if c.waiting == "over":
            break
        human_turn(window, qtbot, rng)
        taken += 1
        assert taken < limit, "the hand did not end"
    return taken


def press_overlay(window: MainWindow, qtbot, key: str) -> None:
    button = window.overlay.buttons.get(key)
    assert button is not None and window.overlay.isVisible(), f"no overlay button {key!r}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
