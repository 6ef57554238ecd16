"""The main window: title, felt table, menus, start screen; shown and closed offscreen."""

import os
import subprocess
import sys

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from shengji_desktop import __version__
from shengji_desktop.ui.table.view import TableView
from shengji_desktop.ui.window.mainwindow import WINDOW_SIZE, MainWindow, about_text

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path) -> MainWindow:
    main_window = MainWindow(save_path=tmp_path / "autosave.json")
    qtbot.addWidget(main_window)
    return main_window


def test_window_has_title_size_and_a_felt_scene(window: MainWindow) -> None:
    assert window.windowTitle() == "升级 Shengji Desktop"
    assert (window.width(), window.height()) == WINDOW_SIZE
    assert isinstance(window.table.view, TableView)
    assert window.table.view.scene() is window.table.scene
    assert window.table.scene.items(), "the empty table still shows its title"
    assert window.table.overlay.isVisibleTo(window), "the start screen offers a new game"
    assert "new" in window.table.overlay.buttons


def test_menus(window: MainWindow) -> None:
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&Game", "&Settings", "&Help"]
    assert window.new_game_action.isEnabled()
    assert not window.continue_action.isEnabled(), "no saved game to continue"
    assert window.quit_action.isEnabled()
    assert __version__ in about_text()


def test_about_shows_the_version(window: MainWindow, monkeypatch) -> None:
    from shengji_desktop.ui import dialogs

    shown: list[tuple[QWidget, str, str]] = []
    monkeypatch.setattr(dialogs, "show_box", lambda *args: shown.append(args))
    window.about_action.trigger()
    assert shown and __version__ in shown[0][2]


def test_window_shows_paints_and_closes(window: MainWindow, qtbot) -> None:
    window.show()
    qtbot.waitExposed(window)
    image = window.grab().toImage()
    assert image.width() > 0 and image.height() > 0
    # The middle of the table is felt green, not the default grey of an empty widget.
    middle = window.table.view.mapTo(window, window.table.view.rect().center())
    colour = image.pixelColor(middle.x() - 300, middle.y() + 200)
    assert colour.green() > colour.red() + 30 and colour.green() > colour.blue() + 30

    window.quit_action.trigger()
    qtbot.waitUntil(lambda: not window.isVisible())
    QApplication.processEvents()


def program_env(tmp_path) -> dict[str, str]:
    """The program run offscreen, with its settings and autosave in a temporary home."""
    home = str(tmp_path)
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": home,
        "XDG_CONFIG_HOME": f"{home}/config",
        "XDG_DATA_HOME": f"{home}/data",
    }


def test_program_opens_its_window_and_keeps_running(tmp_path) -> None:
    """`python -m shengji_desktop` with no arguments goes through the CLI into the Qt loop and
    stays there. Measured against the same start with the startup probe (which quits once the
    window is painted and complete, printing ``first-paint`` and ``ready``): started first, the
    plain program is still running when the probe's run has finished."""
    env = program_env(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "shengji_desktop"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        probe = subprocess.run(
            [sys.executable, "-m", "shengji_desktop", "--exit-after-first-paint"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert probe.returncode == 0, probe.stderr
        assert probe.stdout.split() == ["first-paint", "ready"]
        exited = process.poll()
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=10)
    assert exited is None, f"the program exited by itself with code {exited}:\n{stderr}"


def test_the_program_window_paints_an_empty_table_first_then_builds_the_rest(
    qtbot, tmp_path
) -> None:
    """Issue 8: the window the program opens (``progressive``) shows the felt at once and builds
    the table, the side panel and the start screen right after its first paint; the felt and
    the table's edge look the same before and after, so nothing jumps."""
    window = MainWindow(save_path=tmp_path / "autosave.json", check_save=False, progressive=True)
    qtbot.addWidget(window)
    assert not hasattr(window, "view") and not hasattr(window, "panel")
    stand_in = window.splitter.widget(0)
    window.show()
    before = stand_in.grab().toImage()  # what the first paint shows of the table
    assert not window.built
    qtbot.waitUntil(lambda: window.built, timeout=5000)
    assert isinstance(window.splitter.widget(0), TableView)
    assert window.table.overlay.isVisibleTo(window) and "new" in window.table.overlay.buttons
    assert window.table.panel.isVisibleTo(window)
    window.table.scene.show_title(False)  # compare the felt alone
    window.table.overlay.hide()
    after = window.table.view.grab().toImage()
    assert (before.width(), before.height()) == (after.width(), after.height())
    for fx, fy in ((0.5, 0.5), (0.1, 0.9), (0.9, 0.1), (0.02, 0.5), (0.5, 0.02)):
        x, y = int(fx * (after.width() - 1)), int(fy * (after.height() - 1))
        a, b = before.pixelColor(x, y), after.pixelColor(x, y)
        assert abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 24


def test_menu_commands_work_before_the_window_is_complete(qtbot, tmp_path, monkeypatch) -> None:
    window = MainWindow(save_path=tmp_path / "autosave.json", check_save=False, progressive=True)
    qtbot.addWidget(window)
    assert not window.built
    window.speed_actions["fast"].trigger()  # needs the animator, built on demand
    assert window.built and window.table.animator.factor == 0.5
