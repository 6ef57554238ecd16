"""The main window and the Qt application that runs it."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

# The window paints first and builds the rest right after (MainWindow.finish_building): the
# modules and Qt classes that only the rest needs (the table, the panels, QMessageBox, Qt's
# namespace, whose enums alone take PySide some 15 ms to set up) are imported where used.
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QSplitter, QWidget

from shengji_desktop import __version__

from .. import APP_NAME, ORG_NAME, i18n
from ..i18n import tr
from ..lan.tables import LanTables
from ..session.games import LocalGames
from ..table.felt import FeltStandIn
from ..table.screen import PANEL_WIDTH, TableScreen
from .geometry import restore_geometry, save_geometry

if TYPE_CHECKING:  # the engine, the panels and the dialogs load after the first paint
    from PySide6.QtWidgets import QDialog, QDockWidget, QMenu

    from shengji_desktop.engine.events import Event
    from shengji_desktop.rules.options import Game

    from ..session.session import Link, Session

__all__ = ["APP_NAME", "ORG_NAME", "MainWindow"]
WINDOW_TITLE = "升级 Shengji Desktop"
WINDOW_SIZE = (1280, 720)
PANEL_COLOUR = "#14231a"  # the side panel's background (panels.PANEL_QSS)


def about_text() -> str:
    """The version, the games, and where a report's log is (``applog``)."""
    from html import escape

    from .applog import log_path

    games = i18n.say(
        lambda: tr("Dalian Da Gunzi (3 decks), Tractor (2 decks) and Three against one (1 deck).")
    )
    problems = i18n.say(lambda: tr("If something goes wrong, it is written to:"))
    where = escape(str(log_path()))
    return f"<h3>升级 Shengji Desktop {__version__}</h3><p>{games}</p>".replace(
        "\n", "<br>"
    ) + f"<p><small>{problems}<br>{where}</small></p>".replace("\n", "<br>")


class Extra(Protocol):
    """A table aid, the cues, the sounds: made over the screen with the settings it needs,
    it follows the screen's signals; its entries go into the window's menus (again after a
    change of language)."""

    def add_to_menus(self, game_menu: QMenu, settings_menu: QMenu) -> None: ...


class MainWindow(QMainWindow):
    """The window: settings, menus, docks, language and the staged start. It composes: the
    table screen, the extras that each take the screen and their settings (``self.extras``),
    the games on this computer and the LAN tables, whose signals it connects to its actions."""

    # the menus' actions (menus.build_menus)
    new_game_action: QAction
    continue_action: QAction
    host_action: QAction
    resume_host_action: QAction
    join_action: QAction
    quit_action: QAction
    about_action: QAction
    language_actions: dict[str, QAction]
    speed_actions: dict[str, QAction]

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
        self.settings = QSettings()
        self.table = TableScreen(self.settings, self)  # the table screen
        self.table.status.connect(self._status)
        self.table.failed.connect(self.show_failure)
        self.table.turn_came.connect(self._turn_came)
        self.table.new_game_requested.connect(self.ask_new_game)
        self.table.continue_requested.connect(self.continue_saved)
        self.table.analyse_requested.connect(self.analyse_hand)
        self.games = LocalGames(self, self.settings, save_path)
        hosted = save_path.with_name(f"{save_path.stem}-hosted-table.json") if save_path else None
        self.lan = LanTables(self, self.table, self.settings, hosted, self.games.stats_path)
        for source in (self.games, self.lan):
            source.status.connect(self._status)
        self.games.offer_changed.connect(self._offer_changed)
        self.games.speed_chosen.connect(self._speed_chosen)
        self.lan.hosted_changed.connect(self._hosted_changed)
        self.lan.line_changed.connect(self._lan_line)
        # as left on a screen of this size if it fits, else WINDOW_SIZE as far as the screen
        # allows, centred on it (geometry, fit)
        restore_geometry(self, self.settings, WINDOW_SIZE)
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
        from ..aids.autopass import AutoPass
        from ..aids.autoplay import AutoPlay
        from ..aids.cues import TableCues
        from ..aids.sound import TableSounds
        from ..aids.thinking import ExpertTime
        from ..aids.tracker import CardTracker

        # The table's extras, each over the screen with the settings it needs: 记牌器, 托管,
        # the pass made for the player, the cues (callouts, marker, colours, sort), the sounds.
        # A new table aid is one module and one line here.
        self.tracker = CardTracker(self.table, self.settings, self._add_dock)
        self.autoplay = AutoPlay(self.table, self.settings)
        self.autopass = AutoPass(self.table, self.settings)
        self.cues = TableCues(self.table, self.settings)
        self.sounds = TableSounds(self.table, self.settings)
        self.thinking = ExpertTime(self.table, self.settings)
        self.extras: list[Extra] = [
            self.tracker,
            self.autoplay,
            self.autopass,
            self.cues,
            self.sounds,
            self.thinking,
        ]
        self.lan.autoplay_action = self.autoplay.action  # a host may put us on 托管
        self._build_menus()
        self.statusBar().showMessage(self.table.message)
        self._built = False
        self._painted = False
        self._save_check_due = check_save
        self._table_slot.installEventFilter(self)
        if not progressive:
            self.finish_building()
        if check_save:
            QTimer.singleShot(0, self._check_saved_game_when_painted)

    @property
    def built(self) -> bool:
        """Whether the window is complete (``finish_building`` has run)."""
        return self._built

    def finish_building(self) -> None:
        """The rest of the window: the table screen and the start screen. Run once, at the
        latest right after the first paint; menu commands that need it run it first."""
        if self._built:
            return
        self._built = True
        from ..cards import make_icon

        self.setWindowIcon(make_icon())
        screen = self.table
        screen.build()
        screen.animator.set_speed(str(self.settings.value("ui/speed", "normal")))
        sizes = self.splitter.sizes()
        self.splitter.replaceWidget(0, screen.view)
        self.splitter.replaceWidget(1, screen.side)
        self.splitter.setSizes(sizes)
        for slot in (self._table_slot, self._panel_slot):
            slot.hide()
            slot.deleteLater()
        if not self._painted:
            screen.view.viewport().installEventFilter(self)
        self.lan_status = QLabel()
        self.lan_status.setObjectName("lan-status")
        self.statusBar().addPermanentWidget(self.lan_status)
        self.lan_status.hide()
        self.show_start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self._painted and event.type() == QEvent.Type.Paint:
            self._painted = True
            watched.removeEventFilter(self)
            if not self.built:
                QTimer.singleShot(0, self.finish_building)  # after this paint is on screen
            if self._save_check_due:  # at once, not at the next look (every 20 ms)
                QTimer.singleShot(0, self._check_saved_game_when_painted)
        return super().eventFilter(watched, event)

    def _check_saved_game_when_painted(self, waited: int = 0) -> None:
        """Reading the autosave loads the engine (some 30 ms): a window on its way to the
        screen paints first (but waits at most a second for it)."""
        if not self._save_check_due:
            return  # done already (the first paint asked too)
        if self.isVisible() and not self._painted and waited < 50:
            QTimer.singleShot(20, self, lambda: self._check_saved_game_when_painted(waited + 1))
            return
        self._save_check_due = False
        self.finish_building()
        self.games.check_saved_game()

    @property
    def save_path(self) -> Path:
        return self.games.save_path

    @property
    def session(self) -> Session | None:
        """The session on the table, if any."""
        return self.table.session

    # ------------------------------------------------------------------ what the parts say

    def _status(self, text: str, ms: int) -> None:
        self.statusBar().showMessage(text, ms)

    def _add_dock(self, dock: QDockWidget) -> None:
        from PySide6.QtCore import Qt

        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)

    def _offer_changed(self, offered: bool) -> None:
        self.continue_action.setEnabled(offered)

    def focus_table(self) -> None:
        self.table.view.setFocus()

    def _speed_chosen(self, key: str) -> None:
        self.set_speed(key)
        if key in self.speed_actions:
            self.speed_actions[key].setChecked(True)

    def _hosted_changed(self, hosted: bool) -> None:
        self.resume_host_action.setEnabled(hosted)

    def _lan_line(self, text: str, connected: bool, status: str) -> None:
        """The LAN table's line at the status bar's end; a lost connection is said too."""
        self.lan_status.setText(text)
        self.lan_status.setStyleSheet("" if connected else "color: #b00000; font-weight: bold;")
        self.lan_status.show()
        if not connected:
            self.statusBar().showMessage(status)

    def _turn_came(self) -> None:
        """Our turn came while the window is in the background: ask for attention."""
        if not self.isActiveWindow():
            QApplication.alert(self)

    # ------------------------------------------------------------------ menus

    def _build_menus(self) -> None:
        """Build (or rebuild, after a language switch) the menu bar: Game (new, continue,
        host, resume, join, the extras' toggles, the secondary windows, quit), Settings
        (language, animation speed, the extras' settings) and Help."""
        from PySide6.QtGui import QActionGroup, QKeySequence

        from ..speeds import speed_names

        bar = self.menuBar()
        bar.clear()
        game_menu = bar.addMenu(tr("&Game"))
        self.new_game_action = QAction(tr("&New game…"), self)
        self.new_game_action.setShortcuts(QKeySequence.StandardKey.New)
        self.new_game_action.triggered.connect(self.ask_new_game)
        game_menu.addAction(self.new_game_action)
        self.continue_action = QAction(tr("&Continue saved game"), self)
        self.continue_action.setEnabled(self.games.offer is not None)
        self.continue_action.triggered.connect(self.continue_saved)
        game_menu.addAction(self.continue_action)
        game_menu.addSeparator()
        self.host_action = QAction(tr("&Host a table…"), self)
        self.host_action.triggered.connect(lambda: self.built_then(self.lan.ask_host))
        game_menu.addAction(self.host_action)
        self.resume_host_action = QAction(tr("&Resume the hosted table"), self)
        self.resume_host_action.triggered.connect(lambda: self.built_then(self.lan.ask_resume_host))
        game_menu.addAction(self.resume_host_action)
        game_menu.aboutToShow.connect(self.lan.update_resume_action)
        self.join_action = QAction(tr("&Join a table…"), self)
        self.join_action.triggered.connect(lambda: self.built_then(self.lan.ask_join))
        game_menu.addAction(self.join_action)
        game_menu.addSeparator()
        settings_menu = bar.addMenu(tr("&Settings"))
        lang_menu = settings_menu.addMenu(tr("Language"))
        group = QActionGroup(self)
        mode = i18n.current_mode()
        self.language_actions = {}
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
        self.speed_actions = {}
        for key, name in speed_names().items():
            act = QAction(name, self, checkable=True)
            act.setChecked(key == current)
            act.triggered.connect(lambda _=False, k=key: self.set_speed(k))
            sgroup.addAction(act)
            speed_menu.addAction(act)
            self.speed_actions[key] = act
        # the extras' toggles (记牌器, 托管) and their settings (four colours, sort, sound)
        for extra in self.extras:
            extra.add_to_menus(game_menu, settings_menu)
        stats = game_menu.addAction(tr("&Statistics…"))
        stats.triggered.connect(self.open_statistics)
        history = game_menu.addAction(tr("Hand &history…"))
        history.triggered.connect(self.open_history)
        open_replay = game_menu.addAction(tr("Open &replay…"))
        open_replay.triggered.connect(self.ask_open_replay)
        replay_live = game_menu.addAction(tr("Replay this &match"))
        replay_live.triggered.connect(self.replay_live_match)
        game_menu.addSeparator()
        self.quit_action = QAction(tr("&Quit"), self)
        self.quit_action.setShortcuts(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        game_menu.addAction(self.quit_action)

        help_menu = bar.addMenu(tr("&Help"))
        rules = help_menu.addAction(tr("&Rules…"))
        rules.setObjectName("rules")
        rules.triggered.connect(self.show_rules)
        keys = QAction(tr("&Keyboard"), self)
        keys.triggered.connect(self.show_keys)
        help_menu.addAction(keys)
        self.about_action = QAction(tr("&About"), self)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    # The windows and dialogs behind the menus load when first asked for, not with the start
    # screen (issue 21).

    def open_statistics(self) -> None:
        """Game → Statistics…: the window, or the one already open brought to the front."""
        from ..windows.stats import StatisticsWindow

        self._open_once(StatisticsWindow)

    def open_history(self) -> None:
        """Game → Hand history…"""
        from ..windows.history import HandHistoryWindow

        self._open_once(HandHistoryWindow)

    def _open_once(self, kind: type[QDialog]) -> QDialog:
        from PySide6.QtCore import Qt

        from ..session.stats import db_path

        for child in self.findChildren(kind):
            if child.isVisible():
                child.raise_()
                child.activateWindow()
                return child
        dialog = kind(db_path(self.save_path), self)  # type: ignore[arg-type]
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def ask_open_replay(self) -> None:
        from ..windows import replay_open

        replay_open.ask_open(self)

    def replay_live_match(self) -> None:
        from ..windows import replay_open

        replay_open.replay_live(self.session, self)

    def show_rules(self) -> None:
        from ..rules_window import open_rules

        open_rules(self)

    def show_about(self) -> None:
        from ..dialogs import show_box

        show_box(self, tr("About {name}").format(name=APP_NAME), about_text(), "about")

    def show_keys(self) -> None:
        from ..dialogs import keyboard_text, show_box

        show_box(self, tr("Keyboard"), keyboard_text())

    def set_language(self, mode: str) -> None:
        self.settings.setValue(i18n.LANGUAGE_KEY, mode)
        i18n.install(mode)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self._build_menus()
        said = self.table.message
        message = self.table.retranslate()
        self.lan.retranslate()
        # the last message, said again where it is still on screen
        if said and self.statusBar().currentMessage() == said:
            self.statusBar().showMessage(message, 8000)
        if self.built and self.table.session is None:
            self.show_start()

    def set_speed(self, key: str) -> None:
        self.finish_building()
        self.settings.setValue("ui/speed", key)
        self.table.animator.set_speed(key)

    # ------------------------------------------------------------------ start, new, continue

    def show_start(self) -> None:
        self.table.show_start(self.games.offer)

    def built_then(self, command: Any) -> None:
        """Run a menu command on the complete window."""
        self.finish_building()
        command()

    def ask_new_game(self) -> None:
        self.finish_building()
        self.games.ask_new_game()

    def continue_saved(self) -> None:
        self.finish_building()
        self.games.continue_saved()

    # ------------------------------------------------------------------ the session

    def attach(self, link: Link, past: Sequence[Event] = (), game: Game | None = None) -> Session:
        """Make a session over ``link`` the table's: the table, the animations and the
        prompts follow it from now on. ``past``: the events of a resumed game so far;
        ``game``: its game, when known before the first view (a local match)."""
        from shengji_desktop.ai import make_player

        from ..session.trail import follow

        session = self.table.attach(link, past, game, make_player("normal", "hint"))
        follow(session, link)  # the seat's trail, for Game → Replay this match
        # 复盘 from the settlement: a local match's record, for the player's seat
        self.table.analysable = getattr(link, "match", None) is not None and bool(
            getattr(link, "seat", None) is not None and session.human is not None
        )
        return session

    def analyse_hand(self, number: int) -> None:
        """The settlement's 复盘: the hand in the replay viewer, for the player's seat only,
        and its analysis."""
        from ..windows.replay_open import analyse_live

        analyse_live(self.table.session, number, self)

    def stop_session(self) -> None:
        """End the window's game: its session, and the LAN table hosted or joined."""
        self.lan.stop()
        self.end_session()

    def end_session(self) -> None:
        """Drop the window's session (a LAN host started for the next one keeps running)."""
        self.table.detach()
        if self.built:
            self.lan_status.hide()

    def show_failure(self, text: str) -> None:
        self.statusBar().showMessage(text)
        from ..dialogs import show_box

        show_box(self, tr("Something went wrong"), text, "warning")

    # ------------------------------------------------------------------ layout

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        # The panel grows with the window (a fifth of it, within reason); the table gets the rest.
        total = self.splitter.width()
        panel = int(min(460, max(290, total * 0.21)))
        self.splitter.setSizes([max(100, total - panel), panel])
        QTimer.singleShot(0, self.table.place_bar)

    def closeEvent(self, event: QCloseEvent) -> None:
        save_geometry(self, self.settings)
        if self.session is not None:
            with contextlib.suppress(OSError):
                self.session.flush_save()
        self.stop_session()
        super().closeEvent(event)
