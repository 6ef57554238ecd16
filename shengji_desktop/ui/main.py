"""The program's start: the Qt application, the main window, and the startup benchmark's
probe."""

from __future__ import annotations

import gc
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from shengji_desktop import __version__

from . import i18n, serial_raster
from .window import applog
from .window.mainwindow import APP_NAME, ORG_NAME, MainWindow

Window = MainWindow  # the main window, for the tools that open one (the self-test, bench ui)


def new_window(
    save_path: Path | None = None, check_save: bool = True, progressive: bool = False
) -> Window:
    """A main window of the program's own, for the self-test and ``bench ui``: only the shell
    and this module know the window's class."""
    return MainWindow(save_path=save_path, check_save=check_save, progressive=progressive)


class FirstPaint(QObject):
    """For ``bench startup``: prints ``first-paint`` once the window has painted, then
    ``ready`` once it is complete (table, panel and start screen built and painted, the
    autosave looked for and, if there is one, offered as Continue), and quits."""

    def __init__(self, app: QApplication, window: MainWindow) -> None:
        super().__init__()
        self.app = app
        self.window = window
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, self.report)  # after this paint has finished
        return False

    def report(self) -> None:
        self.say("first-paint")
        self.when_built()

    def when_built(self) -> None:
        if not self.window.built:
            QTimer.singleShot(0, self.when_built)
            return
        if not self.window.games.looked:  # the autosave is being read, on a thread
            QTimer.singleShot(1, self.when_built)  # (not 0: no spinning meanwhile)
            return
        self.window.repaint()  # the complete window, painted now
        self.say("ready")
        self.app.quit()

    @staticmethod
    def say(line: str) -> None:
        if sys.stdout is not None:
            print(line, flush=True)


class GuiThreadCollector(QObject):
    """Python's cyclic garbage collector, run on the GUI thread only. Left automatic, it runs
    on whichever thread allocates when a threshold is passed: a table's, a save's, the search
    pool's; a reference cycle that holds Qt objects (a finished session's, a scene's items)
    would then be destroyed on that thread, and a Qt object deleted off its own thread crashes
    the program at its next timer event. So the automatic collector stays off, and this timer
    collects on the GUI thread what it would have collected, when the counts pass its
    thresholds (the generation whose threshold was passed, as the automatic one does)."""

    INTERVAL_MS = 200

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.collections = 0  # for tests
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(self.INTERVAL_MS)

    def check(self) -> None:
        counts = gc.get_count()
        if counts[0] <= self.thresholds[0]:
            return
        generation = 0
        while generation < 2 and counts[generation + 1] > self.thresholds[generation + 1]:
            generation += 1
        gc.collect(generation)
        self.collections += 1


def collect_when_built(window: MainWindow) -> None:
    """Once the window is complete: the objects made so far go to the collector's permanent
    generation (``gc.freeze``), never scanned again, and collection resumes on the GUI thread
    (``GuiThreadCollector``; the start ran without it, ``cli._open_gui``)."""
    if not window.built:
        QTimer.singleShot(20, lambda: collect_when_built(window))
        return
    gc.freeze()
    gc.disable()  # as it is already: collections come from the GUI thread's timer
    window.collector = GuiThreadCollector(window)  # type: ignore[attr-defined]


def run_gui(argv: Sequence[str], exit_after_first_paint: bool = False) -> int:
    """Start Qt with these command-line arguments, show the main window and run until it closes
    (or, for the startup benchmark, until it has painted)."""
    # Qt's event loop keeps Python from seeing Ctrl+C in the terminal; let it end the program.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    serial_raster()
    app = QApplication(list(argv))
    applog.install()  # what goes wrong is kept for a report (no console after a double-click)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORG_NAME)
    app.setApplicationVersion(__version__)
    i18n.install(i18n.saved_language())
    window = MainWindow(progressive=True)
    probe = FirstPaint(app, window) if exit_after_first_paint else None
    if probe is not None:
        # On the window itself, as in the bare window: an application-wide filter would be
        # handed every object of the window, which costs PySide a type lookup for each.
        window.installEventFilter(probe)
    window.show()
    collect_when_built(window)
    return app.exec()
