"""Qt tests run without a screen unless the caller chose a platform (e.g. xcb under Xvfb).

Settings go to a temporary folder so that tests never read or change the player's own. The
window's pass for the player (a setting, on for players) is off unless a test turns it on:
the tests drive the human seat themselves and must find its passes to press."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # Qt's offscreen screen is 800×800 by default, and windows fit their screen (ui/fit.py):
    # the tests' windows open on a 1920×1080 screen (test_fit.py sets small ones itself).
    import json
    import tempfile

    _screen = os.path.join(tempfile.mkdtemp(prefix="qt-screen-"), "screen.json")
    with open(_screen, "w", encoding="utf-8") as f:
        json.dump(
            {
                "screens": [
                    {"name": "test", "x": 0, "y": 0, "width": 1920, "height": 1080,
                     "logicalDpi": 96, "dpr": 1}
                ]
            },
            f,
        )  # fmt: skip
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screen}"

from shengji_desktop.ui import plain_imports

plain_imports()  # the window's code runs with Python's own import, as in the program


@pytest.fixture(autouse=True)
def private_settings(tmp_path, qapp):
    from PySide6.QtCore import QCoreApplication, QSettings

    QCoreApplication.setOrganizationName("shengji-desktop-tests")
    QCoreApplication.setApplicationName("shengji-desktop-tests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    from shengji_desktop.ui.aids.autopass import AUTO_PASS_KEY

    QSettings().setValue(AUTO_PASS_KEY, "false")
    yield tmp_path


@pytest.fixture(autouse=True)
def silent_sounds(monkeypatch):
    """No test plays a sound on the machine's speakers: each window records what it would
    play (tests/ui/test_sound.py reads it)."""
    from shengji_desktop.ui.aids import sound

    monkeypatch.setattr(sound, "make_backend", sound.RecordingBackend)


@pytest.fixture(autouse=True)
def collect_on_the_gui_thread(qapp):
    """After each test, what it left in reference cycles (its windows, their sessions) is
    collected here, on the GUI thread: left to a later collection, that may run on a table's
    or a save's thread and destroy Qt objects there (a segfault at the next timer event)."""
    yield
    import gc

    gc.collect()


@pytest.fixture(autouse=True)
def language_restored(qapp):
    """Every test ends in the language it began in: one left in Chinese (or both) changes the
    words the next test reads on the same worker, which then fails or passes by xdist's order.
    A test that leaves another language fails here, and the language is put back."""
    from shengji_desktop.ui import i18n

    before = i18n.current_mode()
    yield
    after = i18n.current_mode()
    if after != before:
        i18n.install(before)
        pytest.fail(f"the test left the language in {after!r} (it began in {before!r})")


@pytest.fixture
def language():
    """``language(mode)`` installs a language for the rest of the test; the one before comes
    back at its end."""
    from shengji_desktop.ui import i18n

    before = i18n.current_mode()
    yield i18n.install
    i18n.install(before)


@pytest.fixture
def window(qtbot, tmp_path):
    """The main window, shown, with its autosave in the test's folder; its session (and the
    computers' threads) stopped at the end. Modules that need another window define their own."""
    from shengji_desktop.ui.window.mainwindow import MainWindow

    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.stop_session()
