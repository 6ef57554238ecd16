"""The New game dialog's rule presets (rules/presets.py), the mouse wheel over its options and
the seat list's height; the preset on the side panel's rules tab and in a resumed saved game.

- a preset chosen sets the game's options; one option changed shows Custom, and the options of
  a preset again show its name;
- the wheel over a combo or spin box the player has not clicked into scrolls the options, and
  leaves the box as it was (issue item 6: 庄家方赢后谁坐庄 went from 对家 to 同一人 unseen);
- the seat list has no empty band, with its stray line, under the last seat (issue item 20);
- a saved game shows its preset when it resumes: the preset is read from the match's options.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QScrollArea, QSpinBox, QWidget
from test_autosave import play_local

from shengji_desktop.engine.match import Match
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.presets import MAINSTREAM, ORIGINAL, preset_of
from shengji_desktop.ui import i18n
from shengji_desktop.ui.dialogs import NewGame, NewGameDialog
from shengji_desktop.ui.panels.rulesets import preset_name
from shengji_desktop.ui.session.games import read_saved_game
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui

WAIT_MS = 20000
SEATS = ["human", "normal", "normal", "normal"]


def dialog_for(qtbot, game: Game, options: Options | None = None) -> NewGameDialog:
    dialog = NewGameDialog(NewGame(game, options or Options(), SEATS, "normal"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def chooser(dialog: NewGameDialog) -> QComboBox:
    box = dialog.options_form.preset_box
    assert box is not None and box.isVisibleTo(dialog)
    return box


def entries(box: QComboBox) -> list[str]:
    return [str(box.itemData(i)) for i in range(box.count())]


def choose(box: QComboBox, key: str) -> None:
    """The player picks ``key`` in the chooser (activated, as a click on the entry)."""
    index = box.findData(key)
    assert index >= 0, key
    box.setCurrentIndex(index)
    box.activated.emit(index)


def test_a_preset_sets_the_options_and_one_option_changed_shows_custom(qtbot) -> None:
    dialog = dialog_for(qtbot, Game.TR)
    box = chooser(dialog)
    assert box.currentData() == "original" and box.currentText() == preset_name(ORIGINAL)
    assert entries(box) == ["original", "mainstream"]  # no Custom while a preset is shown
    choose(box, "mainstream")
    assert dialog.choice().options == MAINSTREAM.options
    assert dialog.fields["tr_kitty_face"].encoded() == "down"
    assert dialog.fields["tr_level_base"].encoded() == "2_low"
    # one option changed: Custom
    kitty = dialog.fields["tr_kitty_multiplier"].widget
    assert isinstance(kitty, QComboBox)
    kitty.setCurrentIndex(kitty.findData("1"))
    assert box.currentData() == "custom" and entries(box)[-1] == "custom"
    assert preset_of(Game.TR, dialog.choice().options) is None
    # changed back: the preset's name again
    kitty.setCurrentIndex(kitty.findData("2"))
    assert box.currentData() == "mainstream" and "custom" not in entries(box)
    # Restore defaults: the original rules
    kitty.setCurrentIndex(kitty.findData("1"))
    dialog.restore_defaults()
    assert box.currentData() == "original" and dialog.choice().options == Options()


def test_a_preset_sets_only_the_games_options_and_each_game_lists_its_presets(qtbot) -> None:
    """DL and SD have no preset but the original rules (the mainstream set is TR's); a DL option
    changed is Custom for DL, not for TR."""
    dialog = dialog_for(qtbot, Game.DL, Options(dl_revolt=False))
    box = chooser(dialog)
    assert entries(box) == ["original", "custom"] and box.currentData() == "custom"
    dialog.game_box.setCurrentIndex(dialog.game_box.findData("tr"))
    assert entries(box) == ["original", "mainstream"] and box.currentData() == "original"
    choose(box, "mainstream")
    assert dialog.choice().options == MAINSTREAM.options.with_(dl_revolt=False)
    dialog.game_box.setCurrentIndex(dialog.game_box.findData("sd"))
    assert entries(box) == ["original"] and box.currentData() == "original"


def test_the_new_game_dialog_remembers_a_preset(qtbot) -> None:
    """A dialog opened with the mainstream options (the last choice) shows the preset."""
    dialog = dialog_for(qtbot, Game.TR, MAINSTREAM.options)
    assert chooser(dialog).currentData() == "mainstream"


def wheel(widget: QWidget, steps: int = -1) -> bool:
    """A mouse wheel turn over ``widget``'s middle (negative: towards the player, which
    scrolls down); whether it was taken."""
    at = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(
        at,
        QPointF(widget.mapToGlobal(at.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def test_the_wheel_over_an_unfocused_box_scrolls_the_options_and_changes_nothing(qtbot) -> None:
    """Issue item 6: turning the wheel over the options scrolls them; a combo or spin box under
    the pointer changes only once the player has clicked (or tabbed) into it."""
    dialog = dialog_for(qtbot, Game.DL)
    scroll = dialog.options_form.findChild(QScrollArea)
    assert scroll is not None
    bar = scroll.verticalScrollBar()
    assert bar.maximum() > 0  # the options are longer than their room
    seat = dialog.fields["dl_keep_deal_seat"].widget  # 庄家方赢后谁坐庄
    assert isinstance(seat, QComboBox) and seat.currentData() == "partner"
    assert seat.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel does not focus it
    assert not seat.hasFocus()
    top = bar.value()
    wheel(seat)
    assert seat.currentData() == "partner"
    assert bar.value() > top  # the options scrolled instead
    for name in ("sd_hands_per_session", "sd_room_base"):  # spin boxes too
        dialog.game_box.setCurrentIndex(dialog.game_box.findData("sd"))
        spin = dialog.fields[name].widget
        assert isinstance(spin, QSpinBox)
        before = spin.value()
        wheel(spin, 1)
        assert spin.value() == before, name
    for box in (dialog.game_box, dialog.speed_box, chooser(dialog)):
        before = box.currentIndex()
        wheel(box)
        assert box.currentIndex() == before, box.objectName()
    # once clicked into, the wheel changes it as usual
    dialog.game_box.setCurrentIndex(dialog.game_box.findData("dl"))
    scroll.ensureWidgetVisible(seat)
    seat.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(seat.hasFocus, timeout=WAIT_MS)
    wheel(seat)
    assert seat.currentData() == "same"


def test_the_seat_list_has_no_empty_band_under_the_last_seat(qtbot) -> None:
    """Issue item 20: the seat list is as tall as its heading and its four rows (an empty band
    under the last row showed a stray line)."""
    for mode in ("en", "zh", "both"):
        i18n.install(mode)
        try:
            dialog = dialog_for(qtbot, Game.TR)
            view = dialog.seat_view
            assert view.verticalHeader().length() == view.viewport().height(), mode
            assert view.model().rowCount() == 4
        finally:
            i18n.install("en")


def test_a_saved_game_resumes_with_its_preset(qtbot, tmp_path: Path) -> None:
    """The autosave of a TR match played with the mainstream preset resumes with it: the match
    read back has the preset's options (TR-KITTY-2 face down among them), and the side panel's
    rules tab names the preset first."""
    path = tmp_path / "autosave.json"
    play_local(path, 1, Match(Game.TR, MAINSTREAM.options, 4))
    saved = read_saved_game(path)
    assert saved is not None and saved.match.options == MAINSTREAM.options
    assert preset_of(saved.match.game, saved.match.options) is MAINSTREAM
    window = MainWindow(save_path=path)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.continue_action.isEnabled(), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.games.saved is not None, timeout=WAIT_MS)
    window.games.continue_saved()
    qtbot.waitUntil(lambda: window.session is not None, timeout=WAIT_MS)
    try:
        label = window.table.panel.options_label
        qtbot.waitUntil(lambda: bool(label.text()), timeout=WAIT_MS)
        first = label.text().splitlines()[0]
        assert first.startswith("Rule set") and first.endswith(preset_name(MAINSTREAM))
        assert "Buried kitty" in label.text() and "face down (暗扣)" in label.text()
    finally:
        window.stop_session()


def test_the_rules_tab_names_a_custom_set(qtbot, tmp_path: Path) -> None:
    """A match whose options make no preset shows Custom on the rules tab."""
    from shengji_desktop.ui.panels.rulesets import options_summary

    assert options_summary(Game.TR, Options(tr_kitty_face="down"))[0][1] == "Custom"
    assert options_summary(Game.DL, MAINSTREAM.options)[0][1] == preset_name(ORIGINAL)


def test_an_option_with_one_value_is_not_offered(qtbot) -> None:
    """Issue 36 item 13: 混主 (DL-OP-9) has one value, off: nothing to choose, not shown; the
    options that can be chosen are."""
    from shengji_desktop.rules.options import OPTION_SPECS

    dialog = dialog_for(qtbot, Game.DL)
    rows = dialog.options_form.rows
    single = [s.name for s in OPTION_SPECS if s.values is not None and len(s.values) == 1]
    assert "dl_hunzhu" in single
    for name in single:
        label, holder = rows[name]
        assert not label.isVisibleTo(dialog) and not holder.isVisibleTo(dialog), name
    label, holder = rows["dl_follow_mode"]
    assert label.isVisibleTo(dialog) and holder.isVisibleTo(dialog)
    assert dialog.options_form.options().dl_hunzhu == "off"
