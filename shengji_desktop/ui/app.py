"""The main window and the Qt application that runs it."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The window paints first and builds the rest right after (MainWindow.finish_building): the
# modules and Qt classes that only the rest needs (the table, the panels, QMessageBox, Qt's
# namespace, whose enums alone take PySide some 15 ms to set up) are imported where used.
from PySide6.QtCore import QEvent, QObject, QPointF, QSettings, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QSplitter,
    QWidget,
)

from shengji_desktop import __version__

from . import i18n
from .felt import FeltStandIn
from .i18n import tr
from .speeds import SPEEDS, speed_names

if TYPE_CHECKING:  # the engine, the panels and the dialogs load after the first paint
    from shengji_desktop.engine.actions import Act, Action
    from shengji_desktop.engine.match import Match
    from shengji_desktop.rules.cards import Card, Seat

    from .controller import GameController
    from .dialogs import NewGame
    from .lan import HostRunner, RemoteController
    from .lan_dialogs import LobbyDialog

    AnyController = GameController | RemoteController

APP_NAME = "Shengji Desktop"
ORG_NAME = "shengji-desktop"
WINDOW_TITLE = "升级 Shengji Desktop"
WINDOW_SIZE = (1280, 720)
PANEL_WIDTH = 290
PANEL_COLOUR = "#14231a"  # the side panel's background (panels.PANEL_QSS)


def about_text() -> str:
    return (
        f"<h3>升级 Shengji Desktop {__version__}</h3>"
        "<p>Dalian 打滚子 (3 decks), tractor (2 decks) and 三打一 (1 deck).</p>"
    )


def _default_hosted_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("shengji-desktop", appauthor=False)) / "hosted-table.json"


class MainWindow(QMainWindow):
    def __init__(
        self,
        parent: QWidget | None = None,
        save_path: Path | None = None,
        check_save: bool = True,
        progressive: bool = False,
    ) -> None:
        """The main window. ``progressive`` (the program's own start): the window paints the
        table first and builds the side panel, the action bar, the overlay and the animator
        right after that first paint (``finish_building``), so it appears sooner; otherwise
        (tests, tools) all is built here."""
        super().__init__(parent)
        self.setWindowTitle(WINDOW_TITLE)
        self.resize(*WINDOW_SIZE)
        self._save_path = save_path
        # The table this program hosts is saved here after every action (resumable); the
        # default place is looked up when first needed (platformdirs costs ~20 ms at start).
        self._hosted_path = (
            save_path.with_name(f"{save_path.stem}-hosted-table.json")
            if save_path is not None
            else None
        )
        self.settings = QSettings()
        # Until the table and the side panel are built, stand-ins of their size and colour
        # hold their places, so that nothing moves when they come.
        self._table_slot = FeltStandIn()
        self._panel_slot = QWidget()
        self._panel_slot.setObjectName("panel-slot")
        self._panel_slot.setMinimumWidth(PANEL_WIDTH)
        self._panel_slot.setStyleSheet(f"QWidget#panel-slot {{ background: {PANEL_COLOUR}; }}")
        self.splitter = QSplitter()  # horizontal
        self.splitter.addWidget(self._table_slot)
        self.splitter.addWidget(self._panel_slot)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setCollapsible(0, False)
        self.setCentralWidget(self.splitter)
        self.controller: AnyController | None = None
        self.host_runner: HostRunner | None = None
        self.lobby_dialog: LobbyDialog | None = None
        self._my_turn = False
        self.saved_game: tuple[Match, list[Any], list[str]] | None = None
        self._last_view: dict[str, Any] = {}
        self._hint: Action | None = None
        self._built = False
        self._build_menus()
        self.statusBar().showMessage(tr("Welcome"))
        self._painted = False
        self._table_slot.installEventFilter(self)
        if not progressive:
            self.finish_building()
        if check_save:
            QTimer.singleShot(0, self._check_saved_game_when_painted)

    @property
    def last_view(self) -> dict[str, Any]:
        """The view the table shows now (the controller's may be ahead of the animations)."""
        return self._last_view

    @property
    def built(self) -> bool:
        """Whether the window is complete (``finish_building`` has run)."""
        return self._built

    def finish_building(self) -> None:
        """The rest of the window: the table, the side panel, the action bar, the start
        screen, the animator. Run once, at the latest right after the first paint; menu
        commands that need it run it first."""
        if self._built:
            return
        self._built = True
        from .animations import Animator
        from .cards import CardPixmaps, make_icon
        from .models import LogModel, ScoreSheetModel
        from .panels import ActionBar, InfoPanel, Overlay
        from .table import TableScene, TableView

        self.setWindowIcon(make_icon())
        self.pixmaps = CardPixmaps()
        self.scene = TableScene(self.pixmaps)
        self.scene.add_showcase()
        self.view = TableView(self.scene, self)
        self.score = ScoreSheetModel()
        self.log = LogModel()
        self.panel = InfoPanel(self.score, self.log)
        self.panel.setMinimumWidth(PANEL_WIDTH)
        sizes = self.splitter.sizes()
        self.splitter.replaceWidget(0, self.view)
        self.splitter.replaceWidget(1, self.panel)
        self.splitter.setSizes(sizes)
        for slot in (self._table_slot, self._panel_slot):
            slot.hide()
            slot.deleteLater()
        if not self._painted:
            self.view.viewport().installEventFilter(self)
        self.bar = ActionBar(self.view.viewport())
        self.overlay = Overlay(self.view.viewport())
        self.animator = Animator(self.scene, self)
        self.animator.set_speed(str(self.settings.value("ui/speed", "normal")))
        self.animator.event_shown.connect(self._event_shown)
        self.animator.batch_done.connect(self._batch_done)
        self.lan_status = QLabel()
        self.lan_status.setObjectName("lan-status")
        self.statusBar().addPermanentWidget(self.lan_status)
        self.lan_status.hide()
        self.view.resized.connect(self.place_bar)
        self.view.hint_requested.connect(self.hint)
        self.scene.selection_changed.connect(self.refresh_actions)
        self.scene.play_requested.connect(self.primary_action)
        self.show_start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self._painted and event.type() == QEvent.Type.Paint:
            self._painted = True
            watched.removeEventFilter(self)
            if not self._built:
                QTimer.singleShot(0, self.finish_building)  # after this paint is on screen
        return super().eventFilter(watched, event)

    def _check_saved_game_when_painted(self, waited: int = 0) -> None:
        """Reading the autosave loads the engine (some 30 ms): a window on its way to the
        screen paints first (but waits at most a second for it)."""
        if self.isVisible() and not self._painted and waited < 50:
            QTimer.singleShot(20, lambda: self._check_saved_game_when_painted(waited + 1))
            return
        self.check_saved_game()

    @property
    def save_path(self) -> Path:
        if self._save_path is None:
            from shengji_desktop.engine.record import default_save_path

            self._save_path = default_save_path()
        return self._save_path

    # ------------------------------------------------------------------ menus

    def _build_menus(self) -> None:
        bar = self.menuBar()
        bar.clear()
        game_menu = bar.addMenu(tr("&Game"))
        self.new_game_action = QAction(tr("&New game…"), self)
        self.new_game_action.setShortcuts(QKeySequence.StandardKey.New)
        self.new_game_action.triggered.connect(self.ask_new_game)
        game_menu.addAction(self.new_game_action)
        self.continue_action = QAction(tr("&Continue saved game"), self)
        self.continue_action.setEnabled(self.saved_game is not None)
        self.continue_action.triggered.connect(self.continue_saved)
        game_menu.addAction(self.continue_action)
        game_menu.addSeparator()
        self.host_action = QAction(tr("&Host a table…"), self)
        self.host_action.triggered.connect(self.ask_host)
        game_menu.addAction(self.host_action)
        self.resume_host_action = QAction(tr("&Resume the hosted table"), self)
        self.resume_host_action.triggered.connect(self.ask_resume_host)
        game_menu.addAction(self.resume_host_action)
        game_menu.aboutToShow.connect(self._update_resume_host)
        self.join_action = QAction(tr("&Join a table…"), self)
        self.join_action.triggered.connect(self.ask_join)
        game_menu.addAction(self.join_action)
        game_menu.addSeparator()
        self.quit_action = QAction(tr("&Quit"), self)
        self.quit_action.setShortcuts(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        game_menu.addAction(self.quit_action)

        settings_menu = bar.addMenu(tr("&Settings"))
        lang_menu = settings_menu.addMenu(tr("Language"))
        group = QActionGroup(self)
        mode = i18n.current_mode()
        self.language_actions: dict[str, QAction] = {}
        for key, name in i18n.language_names().items():
            act = QAction(name, self, checkable=True)
            act.setChecked(key == mode)
            act.triggered.connect(lambda _=False, k=key: self.set_language(k))
            group.addAction(act)
            lang_menu.addAction(act)
            self.language_actions[key] = act
        speed_menu = settings_menu.addMenu(tr("Animation speed"))
        sgroup = QActionGroup(self)
        current = str(self.settings.value("ui/speed", "normal"))
        self.speed_actions: dict[str, QAction] = {}
        for key, name in speed_names().items():
            act = QAction(name, self, checkable=True)
            act.setChecked(key == current)
            act.triggered.connect(lambda _=False, k=key: self.set_speed(k))
            sgroup.addAction(act)
            speed_menu.addAction(act)
            self.speed_actions[key] = act

        help_menu = bar.addMenu(tr("&Help"))
        keys = QAction(tr("&Keyboard"), self)
        keys.triggered.connect(self.show_keys)
        help_menu.addAction(keys)
        self.about_action = QAction(tr("&About"), self)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(self, f"About {APP_NAME}", about_text())

    def show_keys(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.information(
            self,
            tr("Keyboard"),
            tr(
                "Left/Right: move between your cards\nUp/Down: change row\n"
                "Space: select the card\nEnter: play (or the main button)\nH: hint\n"
                "Esc: clear the selection\nDouble click a card: select it and play"
            ),
        )

    def set_language(self, mode: str) -> None:
        self.settings.setValue(i18n.LANGUAGE_KEY, mode)
        i18n.install(mode)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self._build_menus()
        if not self._built:
            return  # the rest is built in the language now installed
        from .panels import InfoPanel

        seen, taken = self.panel.seen_kitty, self.panel.taken_kitty
        self.panel.deleteLater()
        self.panel = InfoPanel(self.score, self.log)
        self.panel.seen_kitty, self.panel.taken_kitty = seen, taken
        self.panel.setMinimumWidth(PANEL_WIDTH)
        self.splitter.addWidget(self.panel)
        self.score.layoutChanged.emit()
        self.log.retranslate()
        self.scene.kitty_label.set_text(tr("Kitty"))
        if self.controller is not None:
            self.scene.names = self.seat_names()
            if self._last_view:
                self.panel.update_view(self._last_view)
                self.scene.update_plates(self._last_view)
            self.refresh_actions()
        else:
            self.show_start()

    def set_speed(self, key: str) -> None:
        self.finish_building()
        self.settings.setValue("ui/speed", key)
        self.animator.set_speed(key)

    # ------------------------------------------------------------------ start, new, continue

    def show_start(self) -> None:
        self.scene.show_title(True)
        buttons: list[tuple[str, str, Any, bool]] = [
            ("new", tr("New game"), self.ask_new_game, False)
        ]
        lines = [(tr("Games"), tr("Da Gunzi · Tractor · Three against one"))]
        if self.saved_game is not None:
            from .texts import game_name

            match = self.saved_game[0]
            buttons.insert(0, ("continue", tr("Continue"), self.continue_saved, False))
            lines.append(
                (
                    tr("Saved game"),
                    tr("{game}, hand {n}").format(game=game_name(match.game), n=match.hand_number),
                )
            )
        self.overlay.centre_at = 0.5
        self.overlay.show_content("", lines, buttons)
        self.bar.hide()

    def check_saved_game(self) -> None:
        """Read the autosave off the GUI thread; offer to continue it when it loads."""
        self.finish_building()
        path = self.save_path
        if not path.exists():
            return

        import json

        from shengji_desktop.engine.record import RecordError, replay

        from .tasks import Task

        def load() -> tuple[Match, list[Any], list[str]] | None:
            data = json.loads(path.read_text(encoding="utf-8"))
            match, events = replay(data)
            seats = list(data.get("ui", {}).get("seats") or ["human", "normal", "normal", "normal"])
            if match.phase == "over" or len(seats) != 4:
                return None
            return match, events, seats

        task = Task(load)
        self._load_task = task

        def done(result: Any) -> None:
            if isinstance(result, tuple):
                self.saved_game = result
                self.continue_action.setEnabled(True)
                if self.controller is None:
                    self.show_start()
            elif isinstance(result, RecordError | ValueError | OSError):
                self.statusBar().showMessage(tr("The saved game could not be read."))

        task.signals.done.connect(done)
        from PySide6.QtCore import QThreadPool

        QThreadPool.globalInstance().start(task)

    def ask_new_game(self) -> None:
        self.finish_building()
        from .dialogs import NewGameDialog, load_new_game, save_new_game

        dialog = NewGameDialog(load_new_game(self.settings), self)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        save_new_game(choice, self.settings)
        self.start_new(choice)

    def start_new(self, choice: NewGame, seed: int | None = None) -> GameController:
        self.set_speed(choice.speed)
        if choice.speed in self.speed_actions:
            self.speed_actions[choice.speed].setChecked(True)
        import random

        from shengji_desktop.engine.match import Match

        seed = random.randrange(2**31) if seed is None else seed
        match = Match(choice.game, choice.options, seed)
        return self.start_match(match, choice.seats, [])

    def continue_saved(self) -> None:
        self.finish_building()
        if self.saved_game is None:
            return
        match, events, seats = self.saved_game
        self.saved_game = None
        self.continue_action.setEnabled(False)
        self.start_match(match, seats, events)

    def start_match(self, match: Match, seats: list[str], past: list[Any]) -> GameController:
        from shengji_desktop.rules.cards import Seat

        self.stop_controller()
        self.overlay.hide()
        self.overlay.centre_at = 0.4
        self.score.reset(match.game.value)
        self.log.clear()
        for event in past:
            ev = event.for_seat(Seat.S)
            self.score.feed(ev)
        for event in past[-400:]:
            self.log.feed(event.for_seat(Seat.S))
        from .controller import GameController

        controller = GameController(match, seats, self.save_path, parent=self)
        self._attach(controller)
        for event in past:  # a resumed game: the kitties seen before the save
            self._track_kitty(event.for_seat(Seat.S))
        self.bar.show()
        controller.start()
        self.view.setFocus()
        return controller

    def _attach(self, controller: AnyController) -> None:
        """Make ``controller`` the window's: the table, the animations and the prompts follow
        it from now on."""
        self.controller = controller
        self.panel.seen_kitty = ""  # a kitty seen in another match is not this one's
        self.panel.taken_kitty = ""
        self.scene.clear_table()
        self.scene.names = self.seat_names()
        self.animator.attach(controller)
        controller.prompt_changed.connect(self.refresh_actions)
        controller.message.connect(self.show_message)
        controller.hint_ready.connect(self.show_hint)
        controller.hand_over.connect(self.show_settlement)
        controller.match_over.connect(self.show_match_over)
        controller.failed.connect(self.show_failure)

    def stop_controller(self) -> None:
        if self.lobby_dialog is not None:
            self.lobby_dialog.closing = True
            self.lobby_dialog.close()
            self.lobby_dialog.deleteLater()
            self.lobby_dialog = None
        if self.controller is not None:
            self.animator.detach()
            self.controller.shutdown()
            self.controller.deleteLater()
            self.controller = None
        if self.host_runner is not None:
            self.host_runner.stop()
            self.host_runner.deleteLater()
            self.host_runner = None
        if self._built:
            self.lan_status.hide()
        self._my_turn = False

    @property
    def viewer(self) -> Seat:
        """The seat at the bottom of the screen (S in a local game, ours at a LAN table)."""
        from shengji_desktop.rules.cards import Seat

        return self.controller.viewer if self.controller is not None else Seat.S

    def seat_names(self) -> dict[Seat, tuple[str, str]]:
        from shengji_desktop.rules.cards import Seat

        from .texts import kind_name, seat_name

        c = self.controller
        names = {}
        for seat in Seat:
            caption = c.caption(seat) if c is not None else kind_name("normal")
            names[seat] = (seat_name(seat, self.viewer), caption)
        return names

    # ------------------------------------------------------------------ LAN tables

    def ask_host(self) -> None:
        self.finish_building()
        from .lan_dialogs import HostDialog

        dialog = HostDialog(self)
        if dialog.exec() != HostDialog.DialogCode.Accepted:
            return
        dialog.remember()
        try:
            self.host_table(dialog.table())
        except (OSError, ValueError, RuntimeError) as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, tr("Could not host the table"), str(exc))

    def host_table(self, table: Any, advertise: Any = "all") -> RemoteController:
        """Start hosting ``table`` (lan_dialogs.HostedTable) and sit down at its first open
        seat. ``advertise``: "all" interfaces, a list of addresses, or None (not announced)."""
        from zeroconf import InterfaceChoice

        from shengji_desktop.rules.cards import Seat

        from .lan import HostRunner, RemoteController

        self.stop_controller()
        interfaces = InterfaceChoice.All if advertise == "all" else advertise
        runner = HostRunner(
            table.game,
            table.options,
            table.seats,
            table.settings,
            bind=table.bind,
            port=table.port,
            advertise=interfaces,
            seed=table.seed,
            save_path=self.hosted_path,
            parent=self,
        )
        port = self._run_host(runner)
        seat = next((s.name for s, k in zip(Seat, table.seats, strict=True) if k == "open"), None)
        controller = RemoteController(
            "127.0.0.1", port, table.player, seat=seat, remember=False, parent=self
        )
        self.start_remote(controller)
        return controller

    def _run_host(self, runner: HostRunner) -> int:
        """Start a hosted table (it saves itself to ``hosted_path``); returns its port."""
        port = runner.start()
        self.host_runner = runner
        runner.finished.connect(lambda why: self.statusBar().showMessage(why))
        self.resume_host_action.setEnabled(True)
        return port

    @property
    def hosted_path(self) -> Path:
        if self._hosted_path is None:
            self._hosted_path = _default_hosted_path()
        return self._hosted_path

    def _hosted_table_file(self) -> Path | None:
        return self.hosted_path if self.hosted_path.exists() else None

    def _update_resume_host(self) -> None:
        self.resume_host_action.setEnabled(self._hosted_table_file() is not None)

    def ask_resume_host(self) -> None:
        self.finish_building()
        from shengji_desktop.engine.record import RecordError

        path = self._hosted_table_file()
        if path is None:
            return
        try:
            self.resume_hosted_table(path)
        except (OSError, ValueError, RuntimeError, RecordError) as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, tr("Could not resume the table"), str(exc))

    def resume_hosted_table(
        self, path: Path, port: int = 0, advertise: Any = "all", player: str = ""
    ) -> RemoteController:
        """Host again the table saved in ``path`` (after a crash): same match, seats and
        tokens; our own seat (South, where the host sits) is taken back with its token, and the
        guests come back with theirs."""
        from zeroconf import InterfaceChoice

        from shengji_desktop.rules.cards import Seat
        from shengji_desktop.rules.options import Game, Options

        from .lan import HostRunner, RemoteController, seat_token

        self.stop_controller()
        interfaces = InterfaceChoice.All if advertise == "all" else advertise
        runner = HostRunner(
            Game.SD,  # replaced by the saved table's game
            Options(),
            ["open"] * 4,
            bind="0.0.0.0" if advertise is not None else "127.0.0.1",
            port=port,
            advertise=interfaces,
            save_path=path,
            resume_from=path,
            parent=self,
        )
        port = self._run_host(runner)
        token = seat_token(runner, Seat.S)
        controller = RemoteController(
            "127.0.0.1", port, player or "host", token=token, seat="S", remember=False, parent=self
        )
        self.start_remote(controller)
        return controller

    def ask_join(self) -> None:
        self.finish_building()
        from .lan_dialogs import JoinDialog

        dialog = JoinDialog(self)
        if dialog.exec() != JoinDialog.DialogCode.Accepted:
            return
        address, port, name = dialog.target()
        self.join_table(address, port, name)

    def join_table(self, address: str, port: int, name: str) -> RemoteController:
        from .lan import RemoteController, saved_token

        self.stop_controller()
        controller = RemoteController(
            address, port, name, token=saved_token(address, port), parent=self
        )
        self.start_remote(controller)
        return controller

    def start_remote(self, controller: RemoteController) -> None:
        """Show a LAN table: the lobby first, then the match as the host streams it."""
        from .lan_dialogs import LobbyDialog

        self.overlay.hide()
        self.overlay.centre_at = 0.4
        self.log.clear()
        self._attach(controller)
        controller.lobby_changed.connect(self._lobby_changed)
        controller.connection_changed.connect(self._connection_changed)
        controller.ended.connect(self._table_ended)
        self.lan_status.setText(controller.status)
        self.lan_status.show()
        self.lobby_dialog = LobbyDialog(controller, self.host_runner, self)
        self.lobby_dialog.left.connect(self.leave_table)
        self.lobby_dialog.show()
        self.bar.show()
        controller.start()

    def leave_table(self) -> None:
        self.stop_controller()
        self.scene.clear_table()
        self.show_start()

    def _lobby_changed(self, lobby: Any) -> None:
        c = self.controller
        if c is None:
            return
        if self.score.game != lobby.game:
            self.score.reset(lobby.game)
        self.scene.names = self.seat_names()
        if self._last_view:
            self.scene.update_plates(self._last_view)

    def _connection_changed(self, connected: bool, status: str) -> None:
        self.lan_status.setText(("● " if connected else "○ ") + status)
        self.lan_status.setStyleSheet("" if connected else "color: #b00000; font-weight: bold;")
        if not connected:
            self.statusBar().showMessage(status)

    def _table_ended(self, status: str) -> None:
        c = self.controller
        if c is None or c.phase == "over":
            return
        self.overlay.show_content(
            tr("Left the table"),
            [(tr("Why"), status)],
            [("leave", tr("Close"), self.leave_table, False)],
        )

    # ------------------------------------------------------------------ events from the table

    def _event_shown(self, ev: dict[str, Any]) -> None:
        self.score.feed(ev)
        self.log.feed(ev)
        self._track_kitty(ev)

    def _track_kitty(self, ev: dict[str, Any]) -> None:
        """Kitties the viewer has seen, which the views do not repeat: the one an SD defender
        was shown (SD-KITTY-2) and, while burying, the one the dealer picked up."""
        from shengji_desktop.rules.options import Game

        c = self.controller
        sd = c is not None and c.game is Game.SD
        if ev["event"] == "kitty_shown" and ev.get("kitty") and sd:
            self.panel.seen_kitty = ev["kitty"]  # the defenders' look stays in view
        elif ev["event"] == "kitty_taken" and ev.get("kitty"):
            self.panel.taken_kitty = ev["kitty"]  # only the dealer's copy names the cards
        elif ev["event"] == "kitty_buried":
            self.panel.taken_kitty = ""
        elif ev["event"] == "hand_started":
            self.panel.seen_kitty = ""
            self.panel.taken_kitty = ""

    def _batch_done(self, view: dict[str, Any]) -> None:
        from shengji_desktop.rules.cards import Seat

        self._last_view = view
        c = self.controller
        acting = ""
        if c is not None and view["phase"] not in ("deal", "play", "settled", "over"):
            seats = c.to_act() if not c.busy else []
            acting = seats[0].name if seats else ""
        self.scene.acting = Seat[acting] if acting else None
        self.scene.update_plates(view)
        self.panel.update_view(view, acting)
        remote = c is not None and c.remote
        if remote and view["phase"] not in ("settled", "over") and self.overlay.isVisible():
            self.overlay.hide()  # the host has started the next hand
        self.refresh_actions()

    # ------------------------------------------------------------------ the action bar

    def place_bar(self) -> None:
        if not self._built:
            return
        vp = self.view.viewport()
        top = self.view.mapFromScene(QPointF(0, self.scene.hand_top())).y()
        for child in self.bar.findChildren(QWidget):
            child.ensurePolished()
        layout = self.bar.layout()
        assert layout is not None
        layout.invalidate()
        layout.activate()
        height = max(self.bar.sizeHint().height(), layout.heightForWidth(vp.width()))
        # The bar's top stays put (a notice may grow it downwards over the hand's edge), and
        # the viewer's played cards sit above it.
        nominal = self.bar.nominal_height()
        self.bar.resize(vp.width(), max(height, nominal))
        self.bar.move(0, max(0, top - nominal - 4))
        zoom = self.view.transform().m11() or 1.0
        bar_height = (nominal + 8) / zoom
        if abs(bar_height - self.scene.bar_height) > 1:
            self.scene.bar_height = bar_height
            self.scene.relayout(0)
        if self.overlay.isVisible():
            self.overlay.recentre()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        # The panel grows with the window (a fifth of it, within reason); the table gets the rest.
        total = self.splitter.width()
        panel = int(min(460, max(290, total * 0.21)))
        self.splitter.setSizes([max(100, total - panel), panel])
        QTimer.singleShot(0, self.place_bar)

    def show_message(self, text: str) -> None:
        self.bar.set_notice(text)
        self.statusBar().showMessage(text, 8000)
        self.place_bar()

    def show_failure(self, text: str) -> None:
        self.statusBar().showMessage(text)
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self, tr("Something went wrong"), text)

    def refresh_actions(self) -> None:
        c = self.controller
        if c is None:
            return
        self.turn_notice()
        from .choices import Choices, hint_key

        # Made for each refresh, not kept: a window holding an object that holds the window
        # would wait for the garbage collector, which may destroy it at any moment.
        choices, prompt, notice = Choices(self).current()
        self.bar.set_prompt(prompt)
        self.bar.set_choices(choices)
        if notice is not None:
            self.bar.set_notice(notice)
        if self._hint is not None:
            self.bar.hint_button(hint_key(self._hint))
        self.place_bar()

    def turn_notice(self) -> None:
        """When our turn comes while the window is in the background, ask for attention."""
        c = self.controller
        mine = c is not None and c.waiting == "human"
        if mine and not self._my_turn and not self.isActiveWindow():
            QApplication.alert(self)
        self._my_turn = mine

    # ------------------------------------------------------------------ doing things

    def do(self, action: Action) -> None:
        c = self.controller
        if c is None:
            return
        self._hint = None
        if c.act(action):
            self.bar.set_notice("")

    def play_selected(self) -> None:
        c = self.controller
        if c is None:
            return
        self._hint = None
        if c.play_cards(self.scene.selected_cards()):
            self.bar.set_notice("")

    def choose(self, kind: Act) -> None:
        c = self.controller
        if c is None:
            return
        self._hint = None
        selected = self.scene.selected_cards()
        offered = [a for a in c.human_legal if a.kind is kind]
        if offered and offered[0].cards:
            chosen = tuple(sorted(selected))
            match = next((a for a in offered if a.cards == chosen), None)
            if match is None:
                self.show_message(tr("Select one of the offered sets of cards."))
                return
            self.do(match)
            return
        if c.choose_cards(kind, selected):
            self.bar.set_notice("")

    def primary_action(self) -> None:
        """Enter or a double click: press the main button if it is enabled."""
        for key in ("play", "bury", "tribute", "return"):
            button = self.bar.buttons.get(key)
            if button is not None and button.isEnabled():
                button.click()
                return
        if "play" in self.bar.buttons:
            self.play_selected()

    def hint(self) -> None:
        c = self.controller
        if c is not None:
            c.hint()

    def show_hint(self, action: Action | None) -> None:
        from shengji_desktop.engine.actions import Act

        if action is None:
            return
        self._hint = action
        if action.cards and action.kind in (Act.PLAY, Act.BURY, Act.TRIBUTE, Act.RETURN):
            self.scene.set_selected(action.cards, hinted=True)
        self.refresh_actions()
        from .choices import describe_action

        self.show_message(tr("Hint: {what}").format(what=describe_action(action)))

    # ------------------------------------------------------------------ hand and match over

    def show_settlement(self, view: dict[str, Any]) -> None:
        from .panels import settlement_lines

        c = self.controller
        if c is None or c.human is None:
            return
        lines = settlement_lines(view, self.viewer)
        next_button = (
            ("next", tr("Next hand"), self.next_hand, False)
            if not c.remote
            else ("next", tr("Close"), self.overlay.hide, False)
        )
        kitty = [int(x) for x in _cards(view.get("kitty"))]
        self.overlay.show_content(
            tr("Hand {n} settled").format(n=view["hand_number"]),
            lines,
            [next_button],
            kitty,
        )

    def next_hand(self) -> None:
        c = self.controller
        if c is None:
            return
        self.overlay.hide()
        c.next_hand()

    def show_match_over(self, view: dict[str, Any]) -> None:
        from .panels import settlement_lines
        from .texts import match_winner_text

        lines = settlement_lines(view, self.viewer)
        self.overlay.show_content(
            tr("Match over, won by {winner}").format(winner=match_winner_text(view, self.viewer)),
            lines,
            [("newgame", tr("New game"), self.ask_new_game, False)],
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.controller is not None:
            with contextlib.suppress(OSError):
                self.controller.flush_save()
        self.stop_controller()
        super().closeEvent(event)


def _cards(text: str | None) -> list[Card]:
    from shengji_desktop.rules.cards import parse_cards

    return parse_cards(text) if text else []


class FirstPaint(QObject):
    """For ``bench startup``: prints ``first-paint`` once the window has painted, then
    ``ready`` once it is complete (table, panel and start screen built and painted), and
    quits."""

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
        self.window.repaint()  # the complete window, painted now
        self.say("ready")
        self.app.quit()

    @staticmethod
    def say(line: str) -> None:
        if sys.stdout is not None:
            print(line, flush=True)


def run_gui(argv: Sequence[str], exit_after_first_paint: bool = False) -> int:
    """Start Qt with these command-line arguments, show the main window and run until it closes
    (or, for the startup benchmark, until it has painted)."""
    # Qt's event loop keeps Python from seeing Ctrl+C in the terminal; let it end the program.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    app = QApplication(list(argv))
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
    return app.exec()


__all__ = ["SPEEDS", "MainWindow", "run_gui"]
