"""Controls: an illegal selection explains itself, hints, settings, the score sheet, resume."""

from __future__ import annotations

import json
import random

import pytest
from PySide6.QtCore import QSettings, Qt
from ui_driver import human_turn, play_until, press, select_cards

from shengji_desktop.engine.actions import Act
from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.app import MainWindow
from shengji_desktop.ui.choices import button_key
from shengji_desktop.ui.dialogs import NewGame, NewGameDialog, load_new_game, save_new_game

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.stop_controller()


def start(window: MainWindow, game: Game, seed: int, options: Options | None = None):
    return window.start_new(
        NewGame(game, options or Options(), ["human", "random", "random", "random"], "instant"),
        seed=seed,
    )


def wait_human(window: MainWindow, qtbot) -> None:
    c = window.controller
    qtbot.waitUntil(lambda: c.waiting in ("human", "next_hand", "over"), timeout=20000)


def test_an_illegal_follow_is_refused_with_the_reason_and_rule(window, qtbot) -> None:
    c = start(window, Game.SD, 21)
    rng = random.Random(1)
    hand = c.match.hand
    for _ in range(200):
        wait_human(window, qtbot)
        assert c.waiting == "human", "no chance to revoke before the hand ended"
        plays = [a for a in c.human_legal if a.kind is Act.PLAY]
        if plays and hand.trick:
            rules, fmt = hand.rules, hand.trick_format
            own = [Card(i.card) for i in window.scene.hand]
            led = [x for x in own if rules.trump.suit_class(x) == fmt.suit_class]
            other = [x for x in own if rules.trump.suit_class(x) != fmt.suit_class]
            if led and other:
                break
        human_turn(window, qtbot, rng)
    else:
        pytest.fail("never had to follow suit")
    select_cards(window, qtbot, [other[0]])
    window.refresh_actions()
    assert not window.bar.buttons["play"].isEnabled()
    notice = window.bar.notice.text()
    assert "GEN-TRICK-3" in notice and "follow" in notice.lower()
    check = c.check_play([other[0]])
    assert not check.ok and "GEN-TRICK-3" in check.message
    # Enter does not play it either
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert c.waiting == "human" and len(hand.hands[Seat.S]) > 0
    # a legal card enables the button
    select_cards(window, qtbot, [led[0]])
    window.refresh_actions()
    assert window.bar.buttons["play"].isEnabled()
    assert window.bar.notice.text() == ""


def test_a_bury_of_the_wrong_size_is_refused(window, qtbot) -> None:
    c = start(window, Game.SD, 2)
    rng = random.Random(2)
    while not any(a.kind is Act.BURY for a in c.human_legal):
        wait_human(window, qtbot)
        assert c.waiting == "human"
        bids = [a for a in c.human_legal if a.kind is Act.BID]
        if bids:  # bid the most there is, to become the dealer who buries
            press(window, qtbot, button_key(max(bids, key=lambda a: a.value)))
        elif not any(a.kind is Act.BURY for a in c.human_legal):
            human_turn(window, qtbot, rng)
    assert len(window.scene.hand) == 18
    # The panel shows the dealer the six cards picked up from the kitty while burying.
    qtbot.waitUntil(lambda: "took" in window.panel.kitty_label.text(), timeout=5000)
    taken = window.panel.kitty_cards.cards
    assert len(taken) == 6 and all(c in [i.card for i in window.scene.hand] for c in taken)
    cards = [Card(i.card) for i in window.scene.hand][:3]
    select_cards(window, qtbot, cards)
    window.refresh_actions()
    assert not window.bar.buttons["bury"].isEnabled()
    assert "3/6" in window.bar.prompt.text()
    assert not c.choose_cards(Act.BURY, cards)
    assert "6" in window.bar.notice.text()
    six = [Card(i.card) for i in window.scene.hand][-6:]
    select_cards(window, qtbot, six)
    press(window, qtbot, "bury")
    qtbot.waitUntil(lambda: c.match.phase == "play", timeout=5000)
    assert sum(c.match.hand.hands[Seat.S].values()) == 12
    qtbot.waitUntil(lambda: "took" not in window.panel.kitty_label.text(), timeout=5000)


def test_hint_selects_what_the_computer_would_play(window, qtbot) -> None:
    c = start(window, Game.SD, 4)
    rng = random.Random(4)
    while True:
        wait_human(window, qtbot)
        if any(a.kind is Act.PLAY for a in c.human_legal):
            break
        human_turn(window, qtbot, rng)
    press(window, qtbot, "hint")
    qtbot.waitUntil(lambda: window._hint is not None, timeout=10000)
    hint = window._hint
    assert hint.kind is Act.PLAY and hint in c.human_legal
    assert sorted(window.scene.selected_cards()) == sorted(hint.cards)
    assert any(i.hinted for i in window.scene.hand)
    press(window, qtbot, "play")
    qtbot.waitUntil(lambda: c.waiting != "human" or c.human_legal != [], timeout=5000)


def test_score_sheet_after_a_hand(window, qtbot) -> None:
    c = start(window, Game.DL, 8)
    play_until(window, qtbot, lambda: len(c.match.history) >= 1, random.Random(8))
    score = window.score
    assert score.rowCount() == 1
    headers = [score.headerData(i, Qt.Orientation.Horizontal) for i in range(score.columnCount())]
    assert "Points" in headers and "Dealer" in headers
    result = c.match.history[0]
    row = [score.data(score.index(0, col)) for col in range(score.columnCount())]
    assert row[0] == "1"
    if not result.get("redeal"):
        assert row[headers.index("Points")] == str(result["score"])
        assert row[headers.index("Us")] == str(result["levels"]["NS"])


def test_dialog_options_round_trip_through_qsettings(qtbot) -> None:
    choice = NewGame(
        Game.TR,
        Options(tr_throw_check="penalty", tr_kitty_multiplier=2, sd_hands_per_session=5),
        ["hard", "easy", "normal", "hard"],
        "fast",
    )
    save_new_game(choice)
    loaded = load_new_game(QSettings())
    assert loaded == choice
    dialog = NewGameDialog(loaded)
    qtbot.addWidget(dialog)
    assert dialog.choice() == choice
    # every option of RULES.md §5 has a field, and the game decides which are shown
    assert not dialog.fields["dl_revolt"].widget.isVisibleTo(dialog)
    assert dialog.fields["tr_throw_check"].widget.isVisibleTo(dialog)
    dialog.restore_defaults()
    assert dialog.choice().options == Options()


@pytest.mark.parametrize("progressive", [False, True])
def test_the_game_is_saved_and_continues(qtbot, tmp_path, progressive) -> None:
    """The next start offers the saved game; ``progressive`` as the program opens its window
    (empty table first, the rest after the first paint)."""
    path = tmp_path / "autosave.json"
    first = MainWindow(save_path=path, check_save=False)
    qtbot.addWidget(first)
    c = start(first, Game.SD, 9)
    rng = random.Random(9)
    for _ in range(3):
        wait_human(first, qtbot)
        human_turn(first, qtbot, rng)
    wait_human(first, qtbot)
    qtbot.waitUntil(lambda: path.exists() and not c._saving, timeout=5000)
    first.close()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["ui"]["seats"] == ["human", "random", "random", "random"]
    actions = len(c.match.actions)
    assert len(saved["actions"]) == actions

    second = MainWindow(save_path=path, progressive=progressive)
    qtbot.addWidget(second)
    if progressive:
        second.show()
    qtbot.waitUntil(lambda: second.continue_action.isEnabled(), timeout=10000)
    assert "continue" in second.overlay.buttons
    button = second.overlay.buttons["continue"]
    qtbot.waitUntil(lambda: button.width() > 0 or not second.isVisible(), timeout=5000)
    if progressive:  # the overlay was on screen when the saved game was found: it grew
        assert second.overlay.width() > 200 and button.width() > 50
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    resumed = second.controller
    assert resumed is not None and len(resumed.match.actions) == actions
    assert resumed.match.view(Seat.S)["hand"] == c.match.view(Seat.S)["hand"]
    wait_human(second, qtbot)
    second.stop_controller()


def test_match_over_offers_a_new_game(window, qtbot) -> None:
    c = start(window, Game.SD, 5, Options(sd_hands_per_session=1))
    play_until(window, qtbot, lambda: c.waiting == "over", random.Random(5))
    assert c.match.phase == "over"
    qtbot.waitUntil(lambda: window.overlay.isVisible(), timeout=5000)
    assert "newgame" in window.overlay.buttons
    assert "won by" in window.overlay.title.text()
