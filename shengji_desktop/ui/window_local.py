"""The window's games on this computer: a new game, the saved game found at start (read off
the GUI thread and offered as Continue), and starting a match at a local table."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QThreadPool

from .i18n import tr
from .tasks import Task

if TYPE_CHECKING:
    from shengji_desktop.engine.events import Event
    from shengji_desktop.engine.match import Match

    from .app import MainWindow
    from .dialogs import NewGame
    from .session import Session


@dataclass
class SavedGame:
    """A game read from the autosave: the match, every event so far, who sat where."""

    match: Match
    events: list[Event]
    seats: list[str]
    warnings: list[str]  # what a damaged file lost (its cut-off last line)


def read_saved_game(path: Path) -> SavedGame | None:
    """The saved game at ``path``, or None when it is over or names no four seats; a corrupt
    file raises RecordError (a damaged journal is set aside: ``record.load_saved``)."""
    from shengji_desktop.engine.phase import Phase
    from shengji_desktop.engine.record import load_saved

    saved = load_saved(path, "save file")
    match = saved.match
    ui = saved.meta.get("ui")
    ui = ui if isinstance(ui, dict) else {}
    seats = list(ui.get("seats") or ["human", "normal", "normal", "normal"])
    if match.phase is Phase.OVER or len(seats) != 4 or not all(isinstance(s, str) for s in seats):
        return None
    return SavedGame(match, saved.events, seats, saved.warnings)


class LocalGames:
    """New game, Continue and the saved game of one window."""

    def __init__(self, window: MainWindow, save_path: Path | None) -> None:
        # Weakly: a window holding an object that holds the window would be destroyed by
        # the garbage collector, on whatever thread it runs (a table's, a save's): a crash.
        self._window = weakref.ref(window)
        self._save_path = save_path
        self.saved: SavedGame | None = None
        self._load_task: Task | None = None
        self.looked = False  # the autosave has been looked for (and read, if there is one)

    @property
    def w(self) -> MainWindow:
        window = self._window()
        assert window is not None, "the window is gone"
        return window

    @property
    def save_path(self) -> Path:
        if self._save_path is None:
            from shengji_desktop.engine.paths import default_save_path  # not record: no codec

            self._save_path = default_save_path()
        return self._save_path

    def check_saved_game(self) -> None:
        """Read the autosave off the GUI thread; offer to continue it when it loads."""
        path = self.save_path
        if not path.exists():
            self.looked = True
            return
        task = Task(lambda: read_saved_game(path))
        self._load_task = task

        def done(result: Any) -> None:
            import json

            from shengji_desktop.engine.record import RecordError

            self._load_task = None
            self.looked = True
            if isinstance(result, SavedGame):
                self.saved = result
                self.w.continue_action.setEnabled(True)
                if result.warnings:
                    self.w.statusBar().showMessage(
                        tr("The saved game lost its last move; it goes on from the one before.")
                    )
                if self.w.session is None:
                    self.w.show_start()
            elif isinstance(result, RecordError | ValueError | OSError | json.JSONDecodeError):
                self.w.statusBar().showMessage(tr("The saved game could not be read."))

        task.signals.done.connect(done)
        QThreadPool.globalInstance().start(task)

    def ask_new_game(self) -> None:
        from .dialogs import NewGameDialog, load_new_game, save_new_game

        w = self.w
        dialog = NewGameDialog(load_new_game(w.settings), w)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        save_new_game(choice, w.settings)
        if self.in_progress() and not self.confirm_abandon():
            return
        self.start_new(choice)

    def in_progress(self) -> bool:
        """Whether the window plays a match that is not over."""
        s = self.w.session
        return s is not None and s.waiting != "over"

    def confirm_abandon(self) -> bool:
        """Ask before a new game replaces the match in progress (its save too)."""
        from . import dialogs

        return dialogs.ask_box(
            self.w,
            tr("A game is in progress"),
            tr("Start a new game? The game in progress will be lost."),
            tr("Start a new game"),
            tr("Keep playing"),
        )

    def start_new(self, choice: NewGame, seed: int | None = None) -> Session:
        from shengji_desktop.engine.match import Match, secret_seed

        w = self.w
        w.set_speed(choice.speed)
        if choice.speed in w.speed_actions:
            w.speed_actions[choice.speed].setChecked(True)
        seed = secret_seed() if seed is None else seed  # a deal nobody can work out
        return self.start_match(Match(choice.game, choice.options, seed), choice.seats, [])

    def continue_saved(self) -> None:
        if self.saved is None:
            return
        saved, self.saved = self.saved, None
        self.w.continue_action.setEnabled(False)
        self.start_match(saved.match, saved.seats, saved.events)

    def start_match(self, match: Match, seats: list[str], past: list[Event]) -> Session:
        """Play ``match`` here: the window's seat (S) is a person when ``seats[0]`` is
        "human"; ``past``: the events so far of a resumed game, for the log and score sheet."""
        from shengji_desktop.ai import make_player

        from . import stats_link
        from .local import LocalTable

        w = self.w
        w.stop_session()
        link = LocalTable(match, seats, make_player, self.save_path)
        session = w.attach(link, past, match.game)
        stats_link.record_local(w, link, match, past)  # the player's hands, for Statistics
        session.start()
        w.view.setFocus()
        return session
