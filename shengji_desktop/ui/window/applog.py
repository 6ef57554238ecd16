"""The program's log: what went wrong while it ran, kept in a small file for a report.

A program started by a double-click has no console: on Windows its ``sys.stderr`` is None, so a
computer player's fault (``Fault``: the table told the player, in their words, and played on),
an exception in a slot (Python's ``sys.excepthook``, which PySide calls and then goes on) or a
warning of the sound would leave no trace at all. ``install`` sends warnings and errors of the
program's loggers, and uncaught exceptions, to ``shengji-desktop.log`` in the user's log folder
(platformdirs), and to the console where there is one. The file is opened at its first record
(no file while nothing goes wrong; no platformdirs at the start, issue 21) and kept small: at
``MAX_BYTES`` it becomes ``shengji-desktop.log.1`` and a new one starts. Where it cannot be
written the program goes on without it."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported at the first record: logging.handlers loads socket (~40 ms)
    from logging.handlers import RotatingFileHandler

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]

LOG_NAME = "shengji-desktop.log"
MAX_BYTES = 256 * 1024
BACKUPS = 1
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOGGER = "shengji_desktop"  # the program's loggers are its modules' (``__name__``)


def log_path() -> Path:
    """Where the log is written: the user's log folder (Linux ``~/.local/state/shengji-desktop/
    log``, macOS ``~/Library/Logs/shengji-desktop``, Windows ``%LOCALAPPDATA%\\shengji-desktop\\
    Logs``)."""
    from platformdirs import user_log_dir

    return Path(user_log_dir("shengji-desktop", appauthor=False)) / LOG_NAME


class FileLog(logging.Handler):
    """A rotating file, made at the first record it is handed; ``failed`` once it could not be
    (a folder that cannot be made, a file that cannot be opened): records are dropped then."""

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(logging.WARNING)
        self.path = path
        self.file: RotatingFileHandler | None = None
        self.failed = False
        self.console: logging.Handler | None = None  # what ``install`` added beside it
        self.previous_hook: Hook = sys.excepthook

    def emit(self, record: logging.LogRecord) -> None:
        if self.failed:
            return
        if self.file is None:
            from logging.handlers import RotatingFileHandler

            try:
                path = self.path or log_path()
                path.parent.mkdir(parents=True, exist_ok=True)
                self.file = RotatingFileHandler(
                    path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
                )
            except OSError:
                self.failed = True
                return
            self.file.setFormatter(logging.Formatter(FORMAT))
            self.path = path
        self.file.emit(record)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
        super().close()


def install(path: Path | None = None) -> FileLog:
    """Send the program's warnings and errors, and uncaught exceptions, to the log file (at
    ``path``, or ``log_path()`` when the first record comes) and to the console if there is
    one. Returns the file's handler (``uninstall`` takes it off again)."""
    logger = logging.getLogger(LOGGER)
    handler = FileLog(path)
    logger.addHandler(handler)
    if sys.stderr is not None:
        console = logging.StreamHandler()
        console.setLevel(logging.WARNING)
        console.setFormatter(logging.Formatter("%(name)s: %(message)s"))
        logger.addHandler(console)
        handler.console = console
    if logger.level == logging.NOTSET or logger.level > logging.WARNING:
        logger.setLevel(logging.WARNING)
    previous = handler.previous_hook = sys.excepthook

    def log_uncaught(
        kind: type[BaseException], value: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, value, tb)
            return
        logging.getLogger(f"{LOGGER}.uncaught").error(
            "an uncaught exception", exc_info=(kind, value, tb)
        )

    sys.excepthook = log_uncaught
    return handler


def uninstall(handler: FileLog) -> None:
    """Undo ``install`` (for tests): the handlers off, Python's hook back."""
    logger = logging.getLogger(LOGGER)
    logger.removeHandler(handler)
    if handler.console is not None:
        logger.removeHandler(handler.console)
    handler.close()
    sys.excepthook = handler.previous_hook
