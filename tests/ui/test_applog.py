"""The program's log (``ui.applog``): what goes wrong while the window runs (a computer's
fault, an exception in a slot) is kept in a small file for a report, since a program started by
a double-click has no console."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from shengji_desktop.ui.window import applog


@pytest.fixture
def logged(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "logs" / applog.LOG_NAME
    handler = applog.install(path)
    try:
        yield path
    finally:
        applog.uninstall(handler)


def test_a_warning_of_the_program_goes_to_the_file_made_at_the_first_record(logged) -> None:
    assert not logged.exists(), "no file while nothing went wrong"
    logging.getLogger("shengji_desktop.ui.session.local").info("a hand began")
    logging.getLogger("elsewhere").warning("not the program's")
    assert not logged.exists()
    logging.getLogger("shengji_desktop.ui.session.local").warning(
        "%s; a legal action instead", "E: the computer failed (RuntimeError('boom'))"
    )
    text = logged.read_text(encoding="utf-8")
    assert "WARNING shengji_desktop.ui.session.local: E: the computer failed" in text
    assert "a hand began" not in text and "not the program's" not in text


def test_an_uncaught_exception_is_written_with_its_traceback(logged) -> None:
    previous = sys.excepthook
    try:
        raise ValueError("a slot went wrong")
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    assert sys.excepthook is previous  # installed once, not replaced by the call
    text = logged.read_text(encoding="utf-8")
    assert "ERROR shengji_desktop.uncaught: an uncaught exception" in text
    assert "Traceback (most recent call last)" in text
    assert "ValueError: a slot went wrong" in text


def test_the_file_stays_small(logged) -> None:
    log = logging.getLogger("shengji_desktop.test")
    line = "x" * 1000
    for _ in range(2 * applog.MAX_BYTES // 1000 + 10):
        log.warning(line)
    backup = logged.with_name(applog.LOG_NAME + ".1")
    assert backup.exists()
    assert logged.stat().st_size <= applog.MAX_BYTES
    assert backup.stat().st_size <= applog.MAX_BYTES + 1100
    assert not logged.with_name(applog.LOG_NAME + ".2").exists()


def test_a_log_that_cannot_be_written_is_done_without(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    handler = applog.install(blocker / applog.LOG_NAME)  # its folder would be a file
    try:
        logging.getLogger("shengji_desktop.test").warning("nowhere to go")
        logging.getLogger("shengji_desktop.test").error("nor this")
        assert handler.failed and handler.file is None
    finally:
        applog.uninstall(handler)
    assert handler not in logging.getLogger(applog.LOGGER).handlers


def test_the_about_box_says_where_the_log_is_and_it_can_be_copied(qtbot) -> None:
    from PySide6.QtCore import Qt

    from shengji_desktop.ui.dialogs import message_box
    from shengji_desktop.ui.window.mainwindow import about_text

    assert str(applog.log_path()) in about_text()
    assert applog.log_path().name == applog.LOG_NAME
    box = message_box(None, "About", about_text(), "about")
    qtbot.addWidget(box)
    assert box.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
