"""Work off the GUI thread: a QRunnable whose result comes back to the GUI thread as a signal."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal


class _Signals(QObject):
    done = Signal(object)


class Task(QRunnable):
    """Run ``fn`` on a pool thread; ``signals.done`` delivers its result (or the exception)
    to the GUI thread."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        super().__init__()
        self.fn = fn
        self.signals = _Signals()
        self.setAutoDelete(False)

    def run(self) -> None:
        try:
            result: Any = self.fn()
        except Exception as exc:  # reported on the GUI thread
            result = exc
        with contextlib.suppress(RuntimeError):  # the signals went with who asked (closed)
            self.signals.done.emit(result)
