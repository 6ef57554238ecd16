"""The start screen offers Continue from the autosave's head, before the match is read
(issue 21: the complete window with a saved game must not wait for the engine and the replay
of every action). Continue chosen while the match is still being read goes on once it is; a
save that turns out damaged takes the offer back and says so; a new game drops the offer."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from test_autosave import play_local

from shengji_desktop.engine.record import RecordError
from shengji_desktop.rules.options import Game
from shengji_desktop.ui.session import games as window_local
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui

WAIT_MS = 20000


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "autosave.json"
    play_local(path, 2)  # an SD match two hands in (in its second hand, or its third)
    return path


class HeldRead:
    """read_saved_game, held back until released (the match being read on its thread), or
    failing with ``result`` when that is an exception."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.release = threading.Event()
        self.started = threading.Event()
        self.finished = threading.Event()  # the read has ended (its result on its way)
        self.result: Exception | None = None
        self.returned: Any = None

    def __call__(self, path: Path) -> Any:
        self.started.set()
        try:
            assert self.release.wait(20)
            if self.result is not None:
                raise self.result
            self.returned = self.real(path)
            return self.returned
        finally:
            self.finished.set()


@pytest.fixture
def held(monkeypatch) -> Iterator[HeldRead]:
    read = HeldRead(window_local.read_saved_game)
    monkeypatch.setattr(window_local, "read_saved_game", read)
    yield read
    read.release.set()  # a test that failed holding it back lets the thread end


def open_window(qtbot, path: Path) -> MainWindow:
    window = MainWindow(save_path=path)
    qtbot.addWidget(window)
    return window


def test_continue_is_offered_before_the_match_is_read_and_goes_on_once_read(
    qtbot, save: Path, held: HeldRead
) -> None:
    saved = held.real(save)  # read here, as the window will
    assert saved is not None
    window = open_window(qtbot, save)
    qtbot.waitUntil(lambda: window.continue_action.isEnabled(), timeout=WAIT_MS)
    assert held.started.wait(10) and window.games.saved is None  # still being read
    assert "continue" in window.table.overlay.buttons
    assert window.games.offer is not None and window.games.offer.game is Game.SD
    assert window.games.offer.hand == saved.match.hand_number
    qtbot.mouseClick(window.table.overlay.buttons["continue"], Qt.MouseButton.LeftButton)
    assert window.session is None  # not read yet: the window says it is reading it
    assert window.statusBar().currentMessage() == "Reading the saved game…"
    held.release.set()
    qtbot.waitUntil(lambda: window.session is not None, timeout=WAIT_MS)
    session = window.session
    assert session is not None
    qtbot.waitUntil(lambda: session.view is not None, timeout=WAIT_MS)
    assert session.view is not None and len(session.view.history) == 2
    assert window.games.offer is None and not window.continue_action.isEnabled()
    window.stop_session()


def test_a_damaged_save_takes_its_offer_back(qtbot, save: Path, held: HeldRead) -> None:
    held.result = RecordError("save file: line 7 is damaged")
    window = open_window(qtbot, save)
    qtbot.waitUntil(lambda: window.continue_action.isEnabled(), timeout=WAIT_MS)
    assert "continue" in window.table.overlay.buttons
    qtbot.mouseClick(window.table.overlay.buttons["continue"], Qt.MouseButton.LeftButton)
    held.release.set()
    qtbot.waitUntil(lambda: not window.continue_action.isEnabled(), timeout=WAIT_MS)
    assert "continue" not in window.table.overlay.buttons and "new" in window.table.overlay.buttons
    assert window.statusBar().currentMessage() == "The saved game could not be read."
    assert window.session is None and window.games.offer is None


def test_a_new_game_drops_the_offer_and_the_read_under_way(
    qtbot, save: Path, held: HeldRead
) -> None:
    from shengji_desktop.engine.match import Match

    window = open_window(qtbot, save)
    qtbot.waitUntil(lambda: window.continue_action.isEnabled(), timeout=WAIT_MS)
    assert held.started.wait(10)
    games = window.games
    reading = games._load_task
    assert reading is not None  # the read under way, to be dropped
    window.games.start_match(Match(Game.TR, None, 4), ["random"] * 4, [])
    assert games.offer is None and not window.continue_action.isEnabled()
    offers: list[bool] = []
    games.offer_changed.connect(offers.append)
    held.release.set()
    # the old read comes back whole (a match, not an error) and the window has handled it
    assert held.finished.wait(WAIT_MS / 1000), "the read did not end"
    assert isinstance(held.returned, window_local.SavedGame)
    qtbot.waitUntil(lambda: games._load_task is None, timeout=WAIT_MS)
    # ... and dropped it: nothing saved, nothing offered, the drop spent
    assert games.saved is None and games.offer is None and not games._drop_read
    assert offers == [] and not window.continue_action.isEnabled()
    session = window.session
    assert session is not None
    qtbot.waitUntil(lambda: session.game is Game.TR, timeout=WAIT_MS)
    window.stop_session()


def test_in_both_languages_the_offer_names_the_game_once_in_each(qtbot, save: Path) -> None:
    from PySide6.QtWidgets import QLabel

    from shengji_desktop.ui import i18n

    i18n.install("both")
    try:
        window = open_window(qtbot, save)
        qtbot.waitUntil(lambda: window.games.saved is not None, timeout=WAIT_MS)
        texts = [label.text() for label in window.table.overlay.findChildren(QLabel)]
        line = next(text for text in texts if "第" in text and "hand" in text)
        assert line.count("三打一") == 1 and line.count("Three against one") == 1, line
    finally:
        i18n.install("en")
