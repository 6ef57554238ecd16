"""Controls: an illegal selection explains itself, hints, settings, the score sheet, resume."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QSettings, Qt
from ui_driver import (
    WAIT_MS,
    Seen,
    answered,
    hand_cards,
    human_turn,
    play_until,
    press,
    select_cards,
    wait_turn,
)

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.results import DLResult
from shengji_desktop.rules.cards import Seat, Team
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.trick import TrickRules
from shengji_desktop.ui.dialogs import NewGame, NewGameDialog, load_new_game, save_new_game
from shengji_desktop.ui.panels.choices import button_key
from shengji_desktop.ui.session.session import Session
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


def start(window: MainWindow, game: Game, seed: int, options: Options | None = None) -> Session:
    return window.games.start_new(
        NewGame(game, options or Options(), ["human", "random", "random", "random"], "instant"),
        seed=seed,
    )


def test_an_illegal_follow_is_refused_with_the_reason_and_rule(window, qtbot) -> None:
    s = start(window, Game.SD, 21)
    rng = random.Random(1)
    for _ in range(200):
        assert wait_turn(window, qtbot) == "human", "no chance to revoke before the hand ended"
        view = s.view
        plays = [m for m in s.human_legal if m.kind is Act.PLAY]
        if plays and len(view.trick) == 1 and len(view.trick[0][1]) == 1:  # a single led
            trump = view.trump
            led = TrickRules(trump).lead_format(view.trick[0][1]).suit_class
            own = hand_cards(window)
            follow = [x for x in own if trump.suit_class(x) == led]
            other = [x for x in own if trump.suit_class(x) != led]
            if follow and other:
                break
        human_turn(window, qtbot, rng)
    else:
        pytest.fail("never had to follow suit")
    select_cards(window, qtbot, [other[0]])
    window.table.refresh_actions()
    assert not window.table.bar.buttons["play"].isEnabled()
    notice = window.table.bar.notice_text
    assert "GEN-TRICK-3" in notice and "follow" in notice.lower()
    check = s.check_play([other[0]])
    assert not check.ok and "GEN-TRICK-3" in check.message
    # Enter does not play it either: refused here, nothing sent to the table
    messages: list[str] = []
    s.message.connect(messages.append)
    qtbot.keyClick(window.table.view, Qt.Key.Key_Return)
    assert messages and "GEN-TRICK-3" in messages[-1]
    assert not s.busy and s.waiting == "human" and s.view is view
    assert hand_cards(window) == sorted(view.hand)
    # a legal card enables the button
    select_cards(window, qtbot, [follow[0]])
    window.table.refresh_actions()
    assert window.table.bar.buttons["play"].isEnabled()
    assert window.table.bar.notice_text == ""


def test_a_bury_of_the_wrong_size_is_refused(window, qtbot) -> None:
    s = start(window, Game.SD, 2)
    rng = random.Random(2)
    for _ in range(20):
        assert wait_turn(window, qtbot) == "human", "the hand ended before the burial"
        if any(m.kind is Act.BURY for m in s.human_legal):
            break
        bids = [m for m in s.human_legal if m.kind is Act.BID]
        if bids:  # bid the most there is, to become the declarer who buries
            key = button_key(max(bids, key=lambda a: a.value))
            assert not answered(window, qtbot, lambda k=key: press(window, qtbot, k))
        else:
            human_turn(window, qtbot, rng)
    else:
        pytest.fail("the human never had to bury")
    assert s.view.dealer == Seat.S
    assert len(window.table.scene.hand) == len(s.view.hand) == 18
    # The panel shows the dealer the six cards picked up from the kitty while burying.
    assert "took" in window.table.panel.kitty_label.text()
    taken = window.table.panel.kitty_cards.cards
    assert len(taken) == 6 and sorted(taken) == sorted(int(c) for c in s.view.kitty_taken)
    assert all(c in [i.card for i in window.table.scene.hand] for c in taken)
    cards = hand_cards(window)[:3]
    select_cards(window, qtbot, cards)
    window.table.refresh_actions()
    assert not window.table.bar.buttons["bury"].isEnabled()
    assert "3/6" in window.table.bar.prompt.text()
    assert not s.choose_cards(Act.BURY, cards)
    assert "6" in window.table.bar.notice_text
    assert not s.busy
    six = hand_cards(window)[-6:]
    select_cards(window, qtbot, six)
    assert not answered(window, qtbot, lambda: press(window, qtbot, "bury"))
    qtbot.waitUntil(lambda: s.view.phase is Phase.PLAY, timeout=WAIT_MS)
    assert s.view.counts[Seat.S] == 12
    qtbot.waitUntil(lambda: window.table.last_view.phase is Phase.PLAY, timeout=WAIT_MS)
    assert "took" not in window.table.panel.kitty_label.text()


def test_hint_selects_what_the_computer_would_play(window, qtbot) -> None:
    s = start(window, Game.SD, 4)
    rng = random.Random(4)
    for _ in range(30):
        assert wait_turn(window, qtbot) == "human"
        if any(m.kind is Act.PLAY for m in s.human_legal):
            break
        human_turn(window, qtbot, rng)
    else:
        pytest.fail("the human never had a card to play")
    with qtbot.waitSignal(s.hint_ready, timeout=WAIT_MS) as hinted:
        press(window, qtbot, "hint")
    hint = hinted.args[0]
    assert isinstance(hint, Action) and hint.kind is Act.PLAY and hint in s.human_legal
    assert sorted(window.table.scene.selected_cards()) == sorted(hint.cards)
    assert any(i.hinted for i in window.table.scene.hand)
    assert "Hint" in window.table.bar.notice_text
    seen = Seen(s)
    assert not answered(window, qtbot, lambda: press(window, qtbot, "play"))
    played = [e for e in seen if isinstance(e, ev.CardsPlayed)]
    assert played and (played[0].seat, played[0].cards) == (Seat.S, hint.cards)


@pytest.mark.slow  # a whole DL hand (162 cards)
def test_score_sheet_after_a_hand(window, qtbot) -> None:
    s = start(window, Game.DL, 8)
    play_until(window, qtbot, lambda: s.waiting in ("next_hand", "over"), random.Random(8))
    score = window.table.score
    assert score.rowCount() == 1
    headers = [score.headerData(i, Qt.Orientation.Horizontal) for i in range(score.columnCount())]
    assert "Points" in headers and "Dealer" in headers
    (result,) = s.view.history
    assert isinstance(result, DLResult), "seed 8's first hand is not dealt again"
    row = [score.data(score.index(0, col)) for col in range(score.columnCount())]
    assert row[0] == "1"
    assert row[headers.index("Points")] == str(result.score)
    assert row[headers.index("Us")] == str(result.levels[Team.NS])


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


def test_stored_seats_load_only_as_the_dialog_offers_them(qtbot) -> None:
    """Every strength the seat list offers comes back from the settings (the expert too); a
    person away from the bottom seat, or a kind not offered, gives the default seats."""
    s = QSettings()
    s.setValue("newgame/seats", "expert,expert,hard,easy")
    assert load_new_game(s).seats == ["expert", "expert", "hard", "easy"]
    for stored in ("human,human,normal,normal", "human,random,normal,normal", "human,hard"):
        s.setValue("newgame/seats", stored)
        assert load_new_game(s).seats == ["human", "normal", "normal", "normal"], stored


def saved_actions(path) -> int:
    from shengji_desktop.engine.record import load_saved

    try:
        return len(load_saved(path).match.actions)
    except (OSError, ValueError, KeyError):
        return -1


@pytest.mark.parametrize("progressive", [False, True])
def test_the_game_is_saved_and_continues(qtbot, tmp_path, progressive) -> None:
    """The next start offers the saved game, and it goes on where it was: the same hand, the
    same log and score sheet (hand 1 settled, hand 2 begun). ``progressive`` as the program
    opens its window (empty table first, the rest after the first paint)."""
    path = tmp_path / "autosave.json"
    first = MainWindow(save_path=path, check_save=False)
    qtbot.addWidget(first)
    s = start(first, Game.SD, 9)
    rng = random.Random(9)
    play_until(first, qtbot, lambda: bool(s.view.history) and s.view.phase is Phase.PLAY, rng)
    for _ in range(2):
        assert wait_turn(first, qtbot) == "human"
        human_turn(first, qtbot, rng)
    assert wait_turn(first, qtbot) == "human"
    view = s.view
    link = s.link
    actions = len(link.record()["actions"])
    qtbot.waitUntil(lambda: saved_actions(path) == actions, timeout=WAIT_MS)
    log, score = first.table.log.lines, score_rows(first)
    assert len(score) == 1 and len(log) > 20
    first.close()
    assert first.session is None
    from shengji_desktop.engine.record import load_saved

    saved = load_saved(path)
    assert saved.meta["ui"]["seats"] == ["human", "random", "random", "random"]
    assert len(saved.match.actions) == actions

    second = MainWindow(save_path=path, progressive=progressive)
    qtbot.addWidget(second)
    if progressive:
        second.show()
    qtbot.waitUntil(lambda: second.continue_action.isEnabled(), timeout=WAIT_MS)
    assert "continue" in second.table.overlay.buttons
    button = second.table.overlay.buttons["continue"]
    qtbot.waitUntil(lambda: button.width() > 0 or not second.isVisible(), timeout=5000)
    if progressive:  # the overlay was on screen when the saved game was found: it grew
        assert second.table.overlay.width() > 200 and button.width() > 50
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # offered from the save's head, the match may still be being read: it goes on once read
    qtbot.waitUntil(lambda: second.session is not None, timeout=WAIT_MS)
    resumed = second.session
    assert resumed is not None and resumed is not s
    try:
        assert wait_turn(second, qtbot) == "human"
        assert resumed.view == view  # the same seat view: hand, trick, history, legal moves
        assert hand_cards(second) == sorted(view.hand)
        assert second.table.log.lines == log
        assert score_rows(second) == score
        human_turn(second, qtbot, rng)  # and the game goes on
    finally:
        second.stop_session()


def score_rows(window: MainWindow) -> list[list[str]]:
    m = window.table.score
    return [[m.data(m.index(r, c)) for c in range(m.columnCount())] for r in range(m.rowCount())]


def test_match_over_offers_a_new_game(window, qtbot) -> None:
    s = start(window, Game.SD, 5, Options(sd_hands_per_session=1))
    play_until(window, qtbot, lambda: s.waiting == "over", random.Random(5))
    assert s.view.phase is Phase.OVER and s.view.winner is not None
    qtbot.waitUntil(lambda: window.table.overlay.isVisible(), timeout=5000)
    assert "newgame" in window.table.overlay.buttons
    assert "won by" in window.table.overlay.title.text()


def test_a_new_game_starts_with_an_empty_score_sheet(window, qtbot) -> None:
    """The score sheet is the match's: a new game of the same kind shows none of the rows of
    the one before."""
    s = start(window, Game.SD, 3)
    play_until(window, qtbot, lambda: s.waiting in ("next_hand", "over"), random.Random(3))
    assert window.table.score.rowCount() == 1
    s = start(window, Game.SD, 4)
    qtbot.waitUntil(lambda: window.table.last_view is not None, timeout=WAIT_MS)
    assert window.table.last_view.hand_number == 1 and not window.table.last_view.history
    assert window.table.score.rowCount() == 0


def test_each_strength_says_what_it_is(qtbot) -> None:
    """The seat list's tooltip describes the seat's strength, expert included (issue 41), and so
    does each choice of its combo box; no strength claims to read the others' hands, since none
    does (EXPERT_BELIEFS is empty)."""
    from PySide6.QtWidgets import QComboBox, QStyleOptionViewItem

    from shengji_desktop.ai import EXPERT_BELIEFS
    from shengji_desktop.ui.dialogs import KindDelegate
    from shengji_desktop.ui.texts import kind_help

    dialog = NewGameDialog(NewGame(Game.DL, Options(), ["human", "easy", "hard", "expert"], "fast"))
    qtbot.addWidget(dialog)
    model = dialog.seats
    tips = [model.data(model.index(row, 1), Qt.ItemDataRole.ToolTipRole) for row in range(4)]
    assert tips == [kind_help(k) for k in ("human", "easy", "hard", "expert")]
    assert len(set(tips)) == 4 and all(tips)
    assert "three seconds" in tips[3] and "hands" not in tips[3]
    assert not EXPERT_BELIEFS, "the expert's tooltip would name the games it reads hands in"
    delegate = KindDelegate(dialog.seat_view)
    combo = delegate.createEditor(dialog.seat_view, QStyleOptionViewItem(), model.index(1, 1))
    assert isinstance(combo, QComboBox) and combo.count() == 4  # no human but the bottom
    for i in range(combo.count()):
        kind = combo.itemData(i)
        assert combo.itemData(i, Qt.ItemDataRole.ToolTipRole) == kind_help(kind) != ""
