"""The window's games on this computer: a new game, the saved game found at start (read off
the GUI thread and offered as Continue), and starting a match at a local table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QThreadPool, QTimer, Signal

from ..i18n import tr
from ..tasks import Task
from .host import GameWindow, HostedPart

if TYPE_CHECKING:
    from shengji_desktop.engine.events import Event
    from shengji_desktop.engine.match import Match
    from shengji_desktop.engine.savehead import SaveHead

    from ..dialogs import NewGame
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


class LocalGames(HostedPart):
    """New game, Continue and the saved game of one window (``host``, whose dialogs'
    parent it is too)."""

    offer_changed = Signal(bool)  # a saved game is (no longer) on offer to continue
    speed_chosen = Signal(str)  # the animation speed of a new game

    def __init__(self, host: GameWindow, settings: QSettings, save_path: Path | None) -> None:
        super().__init__(host)
        self.settings = settings
        self._save_path = save_path
        self.saved: SavedGame | None = None  # the autosave, read whole
        # what the start screen offers to continue: the game and hand of the autosave, from
        # its head (savehead.peek_save) until it is read whole, then from the match
        self.offer: SaveHead | None = None
        self._load_task: Task | None = None  # kept until done: its thread uses it
        self._drop_read = False  # a new game has replaced the save being read
        self._continue_asked = False  # Continue was chosen before the autosave was read
        self.looked = False  # the autosave has been looked for (and offered, if it can be)

    @property
    def save_path(self) -> Path:
        if self._save_path is None:
            from shengji_desktop.engine.paths import default_save_path  # not record: no codec

            self._save_path = default_save_path()
        return self._save_path

    def check_saved_game(self) -> None:
        """Offer to continue the autosave, if there is one. Its head names the game and hand
        (``savehead.peek_save``): the offer shows at once and the match is read off the GUI
        thread right after; a save whose head cannot say is read first, then offered."""
        path = self.save_path
        if not path.exists():
            self.looked = True
            return
        from shengji_desktop.engine.savehead import peek_save

        head = peek_save(path)
        if head is None:
            self._read_saved_game(path)
            return
        self.offer = head
        self.looked = True
        self.offer_changed.emit(True)
        if self.host.session is None:
            self.host.show_start()
        QTimer.singleShot(0, lambda: self._read_saved_game(path))  # after the offer's paint

    def _read_saved_game(self, path: Path) -> None:
        task = Task(lambda: read_saved_game(path))
        self._load_task = task

        def done(result: Any) -> None:
            import json

            from shengji_desktop.engine.record import RecordError
            from shengji_desktop.engine.savehead import SaveHead

            self._load_task = None
            self.looked = True
            if self._drop_read:
                self._drop_read = False
                return  # a new game has replaced the save meanwhile
            host = self.host
            offered = self.offer is not None
            if isinstance(result, SavedGame):
                self.saved = result
                self.offer = SaveHead(result.match.game, result.match.hand_number)
                self.offer_changed.emit(True)
                if result.warnings:
                    self.say(
                        tr("The saved game lost its last move; it goes on from the one before.")
                    )
                if self._continue_asked:
                    self.continue_saved()
                elif host.session is None:
                    host.show_start()
                return
            # over after all, or damaged: the offer (if made) is taken back
            self.offer = None
            self._continue_asked = False
            self.offer_changed.emit(False)
            if isinstance(result, RecordError | ValueError | OSError | json.JSONDecodeError):
                self.say(tr("The saved game could not be read."))
            if offered and host.session is None:
                host.show_start()

        task.signals.done.connect(done)
        QThreadPool.globalInstance().start(task)

    def ask_new_game(self) -> None:
        from ..dialogs import NewGameDialog, load_new_game, save_new_game

        dialog = NewGameDialog(load_new_game(self.settings), self.parent_widget)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        save_new_game(choice, self.settings)
        question = tr("Start a new game? The game in progress will be lost.")
        if self.in_progress() and not self.confirm_abandon(question, tr("Start a new game")):
            return
        self.start_new(choice)

    def start_new(self, choice: NewGame, seed: int | None = None) -> Session:
        from shengji_desktop.engine.match import Match, secret_seed

        self.speed_chosen.emit(choice.speed)
        seed = secret_seed() if seed is None else seed  # a deal nobody can work out
        return self.start_match(Match(choice.game, choice.options, seed), choice.seats, [])

    def continue_saved(self) -> None:
        if self.saved is None:
            if self.offer is not None:
                # offered from its head, its read started or about to (a click may come
                # before the read's timer): it goes on once it is read
                self._continue_asked = True
                self.say(tr("Reading the saved game…"))
            return
        saved, self.saved = self.saved, None
        self.offer = None
        self._continue_asked = False
        self.offer_changed.emit(False)
        self.start_match(saved.match, saved.seats, saved.events)

    def start_match(self, match: Match, seats: list[str], past: list[Event]) -> Session:
        """Play ``match`` here: the window's seat (S) is a person when ``seats[0]`` is
        "human"; ``past``: the events so far of a resumed game, for the log and score sheet."""
        from . import stats as stats_link
        from .computers import make_player
        from .local import LocalTable

        host = self.host
        host.stop_session()
        if self._load_task is not None or self.offer is not None:
            # another game replaces the autosave: its offer and a read under way are dropped
            self._drop_read = self._load_task is not None
            self.offer = self.saved = None
            self._continue_asked = False
            self.offer_changed.emit(False)
        link = LocalTable(match, seats, make_player, self.save_path)
        session = host.attach(link, past, match.game)
        # the player's hands, for Statistics
        stats_link.record_local(link, match, past, self.stats_path(), self.settings, self.say)
        session.start()
        host.focus_table()
        return session

    def stats_path(self) -> Path:
        """The statistics database: next to the autosave."""
        from . import stats as stats_link

        return stats_link.db_path(self.save_path)
