"""`shengji-desktop --self-test` from the source tree (the frozen app: tests/test_frozen.py),
and the language switch it exercises."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from shengji_desktop.engine.events import HandStarted
from shengji_desktop.ui import i18n
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


@pytest.mark.slow
def test_the_self_test_passes_from_source(tmp_path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    report = tmp_path / "report.txt"
    done = subprocess.run(
        [sys.executable, "-m", "shengji_desktop", "--self-test", "--self-test-report", str(report)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    printed = done.stdout.splitlines()
    assert printed[-1].startswith("self-test passed: 14 checks")
    assert report.read_text(encoding="utf-8").splitlines() == printed
    for game in ("DL", "TR", "SD"):
        assert any(line.startswith(f"ok   hand {game}: ") for line in printed)


def test_the_log_keeps_working_after_a_language_switch(qtbot, tmp_path) -> None:
    # The panel is rebuilt on a language switch; the old one's log view must not be called
    # when the log grows (pytest-qt fails the test on an exception in a Qt callback).
    window = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(window)
    window.show()
    try:
        for mode in ("zh", "en", "both"):
            old = window.table.panel
            window.set_language(mode)
            qtbot.waitUntil(
                lambda old=old: window.table.panel is not old
            )  # the LanguageChange came
        before = window.table.log.rowCount()
        window.table.log.feed(HandStarted(2))
        assert window.table.log.rowCount() == before + 1
        assert "2" in window.table.log.lines[-1]
        assert i18n.current_mode() == "both"
    finally:
        i18n.install("en")  # as the other tests expect (it stayed "both" for the next test)
