"""The main window and the Qt application that runs it."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The window paints first and builds the rest right after (MainWindow.finish_building): the
# modules and Qt classes that only the rest needs (the table, the panels, QMessageBox, Qt's
# namespace, whose enums alone take PySide some 15 ms to set up) are imported where used.
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QSplitter, QWidget

from shengji_desktop import __version__

from . import i18n
from .felt import FeltStandIn
from .i18n import tr
from .window_lan import LanTables
from .window_local import LocalGames
from .window_state import restore_geometry, save_geometry

if TYPE_CHECKING:  # the engine, the panels and the dialogs load after the first paint
    from shengji_desktop.engine.actions import Act, Action
    from shengji_desktop.engine.events import Event
    from shengji_desktop.engine.view import SeatView
    from shengji_desktop.rules.cards import Seat
    from shengji_desktop.rules.options import Game

    from .session import Link, Session

APP_NAME = "Shengji Desktop"
ORG_NAME = "shengji-desktop"
WINDOW_TITLE = "升级 Shengji Desktop"
WINDOW_SIZE = (1280, 720)
PANEL_WIDTH = 290
PANEL_COLOUR = "#14231a"  # the side panel's background (panels.PANEL_QSS)


def about_text() -> str:
    games = i18n.say(
        lambda: tr("Dalian Da Gunzi (3 decks), Tractor (2 decks) and Three against one (1 deck).")
    )
    return f"<h3>升级 Shengji Desktop {__version__}</h3><p>{games}</p>".replace("\n", "<br>")


class MainWindow(QMainWindow):
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
        hosted = save_path.with_name(f"{save_path.stem}-hosted-table.json") if save_path else None
        self.games = LocalGames(self, save_path)
        self.lan = LanTables(self, hosted)
        self.settings = QSettings()
        restore_geometry(self, self.settings, WINDOW_SIZE)  # as it was left, if on a screen
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
        self.session: Session | None = None
        self._my_turn = False
        self._last_view: SeatView | None = None
        self._hint: Action | None = None
        self._built = False
        from .aids import TableAids
        from .cues import TableCues
        from .sound import TableSounds

        # the table's aids (tracker, 托管), cues (callouts, marker, colours, sort), sounds
        self.aids, self.cues, self.sounds = TableAids(self), TableCues(self), TableSounds(self)
        # what stays on screen, to be said again after a change of language: the last message
        # (bar and status bar) and what the overlay shows (a settlement, the match's end)
        self._message: str = i18n.said(lambda: tr("Welcome"))
        self._overlay_shows: tuple[Any, SeatView] | None = None
        self._build_menus()
        self.statusBar().showMessage(self._message)
        self._painted = False
        self._save_check_due = check_save
        self._table_slot.installEventFilter(self)
        if not progressive:
            self.finish_building()
        if check_save:
            QTimer.singleShot(0, self._check_saved_game_when_painted)

    @property
    def last_view(self) -> SeatView | None:
        """The view the table shows now (the session's may be ahead of the animations)."""
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
        # The window owns its scene: it goes with the window, on the GUI thread (left to
        # Python's garbage collector, it may be destroyed on any thread, its timers too).
        self.scene.setParent(self)
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
        for extra in (self.aids, self.cues, self.sounds):
            extra.build()
        self.show_start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self._painted and event.type() == QEvent.Type.Paint:
            self._painted = True
            watched.removeEventFilter(self)
            if not self._built:
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

    # ------------------------------------------------------------------ menus

    def _build_menus(self) -> None:
        from .menus import build_menus

        build_menus(self)

    def show_about(self) -> None:
        from .dialogs import show_box

        show_box(self, tr("About {name}").format(name=APP_NAME), about_text(), "about")

    def show_keys(self) -> None:
        from .dialogs import keyboard_text, show_box

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
        # the last message, said again where it is still on screen
        said = self._message
        message = self._message = i18n.again(said)
        if said and self.statusBar().currentMessage() == said:
            self.statusBar().showMessage(message, 8000)
        if not self._built:
            return  # the rest is built in the language now installed
        on_bar = bool(said) and not self.bar.notice.isHidden() and self.bar.notice.text() == said
        from .panels import InfoPanel

        self.panel.deleteLater()
        self.panel = InfoPanel(self.score, self.log)
        self.panel.setMinimumWidth(PANEL_WIDTH)
        self.splitter.addWidget(self.panel)
        self.score.layoutChanged.emit()
        self.log.retranslate()
        self.scene.kitty_label.set_text(tr("Kitty"))
        if self.session is not None:
            self.scene.names = self.seat_names()
            if self._last_view is not None:
                shown = self._last_view
                i18n.bilingual(self.panel, lambda: self.panel.update_view(shown, None))
                self.scene.update_plates(self._last_view)
            self.refresh_actions()
            if on_bar:
                self.show_message(message)
            if self._overlay_shows is not None and self.overlay.isVisible():
                show, view = self._overlay_shows
                show(view)
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
        offer = self.games.offer
        if offer is not None:
            from .texts import game_name

            buttons.insert(0, ("continue", tr("Continue"), self.continue_saved, False))
            # said in each language with the game's name in it (not the name twice in both)
            where = i18n.say(
                lambda: tr("{game}, hand {n}").format(game=game_name(offer.game), n=offer.hand)
            )
            lines.append((tr("Saved game"), where))
        self.overlay.centre_at = 0.5
        self.overlay.show_content("", lines, buttons)
        self.bar.hide()

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
        """Make a session over ``link`` the window's: the table, the animations and the
        prompts follow it from now on. ``past``: the events of a resumed game so far;
        ``game``: its game, when known before the first view (a local match)."""
        from shengji_desktop.ai import make_player
        from shengji_desktop.engine.view import events_for

        from .session import Session

        self.end_session()  # not stop_session: the caller may have just started a host
        self.overlay.hide()
        self.overlay.centre_at = 0.4
        self.log.clear()
        session = Session(link, make_player("normal", "hint"), parent=self)
        self.session = session
        self._last_view = None
        viewer = session.viewer
        self.score.viewer = self.log.viewer = viewer
        self.score.reset(game if game is not None else self.score.game)  # no rows of the last
        for event in events_for(past, viewer):
            self.score.feed(event)
        for event in events_for(past[-400:], viewer):
            self.log.feed(event)
        self.scene.clear_table()
        self.scene.names = self.seat_names()
        self.animator.attach(session)
        session.prompt_changed.connect(self.refresh_actions)
        session.message.connect(self.show_message)
        session.hint_ready.connect(self.show_hint)
        session.hand_over.connect(self.show_settlement)
        session.match_over.connect(self.show_match_over)
        session.failed.connect(self.show_failure)
        session.events_applied.connect(self._first_view)
        from .replay_open import follow

        follow(session, link)  # the seat's trail, for Game → Replay this match
        self.bar.show()
        self.aids.attached()
        self.sounds.attached()
        return session

    def _first_view(self, events: Sequence[Event], view: SeatView) -> None:
        """The score sheet and the log follow the game and the seat of the first view (at a
        LAN table the seat is known once the host has seated us)."""
        if self.score.game is not view.game or self.score.viewer != view.seat:
            self.score.viewer = view.seat
            self.score.reset(view.game)
        self.log.viewer = view.seat
        if self.session is not None:
            self.session.events_applied.disconnect(self._first_view)

    def stop_session(self) -> None:
        """End the window's game: its session, and the LAN table hosted or joined."""
        self.lan.stop()
        self.end_session()

    def end_session(self) -> None:
        """Drop the window's session (a LAN host started for the next one keeps running)."""
        if self.session is not None:
            self.animator.detach()
            self.session.shutdown()
            self.session.deleteLater()
            self.session = None
        if self._built:
            self.lan_status.hide()
        self._my_turn = False

    @property
    def viewer(self) -> Seat:
        """The seat at the bottom of the screen (S in a local game, ours at a LAN table)."""
        from shengji_desktop.rules.cards import Seat

        return self.session.viewer if self.session is not None else Seat.S

    def seat_names(self) -> dict[Seat, tuple[str, str]]:
        from shengji_desktop.rules.cards import Seat

        from .texts import kind_name, seat_name

        s = self.session
        names = {}
        for seat in Seat:
            caption = s.caption(seat) if s is not None else kind_name("normal")
            names[seat] = (seat_name(seat, self.viewer), caption)
        return names

    # ------------------------------------------------------------------ events from the table

    def _event_shown(self, event: Event) -> None:
        from shengji_desktop.engine import events as ev

        self.score.feed(event)
        self.log.feed(event)
        if isinstance(event, ev.TrumpFixed | ev.TrumpChosen | ev.BottomThree):
            self.panel.trump_fixed(event.suit)
        elif isinstance(event, ev.TributePaid | ev.TributeReturned):
            back = isinstance(event, ev.TributeReturned)
            self.scene.passes.add(event.seat, event.to, event.count, event.cards, back)

    def _batch_done(self, view: SeatView) -> None:
        from shengji_desktop.engine.phase import Phase

        self._last_view = view
        s = self.session
        acting = None
        if s is not None and view.phase not in (Phase.DEAL, Phase.PLAY, Phase.SETTLED, Phase.OVER):
            acting = view.turn
        self.scene.acting = acting
        self.scene.update_plates(view)
        i18n.bilingual(self.panel, lambda: self.panel.update_view(view, acting))
        remote = s is not None and s.remote
        if remote and view.phase not in (Phase.SETTLED, Phase.OVER) and self.overlay.isVisible():
            self.overlay.hide()  # the host has started the next hand
        self.refresh_actions()

    # ------------------------------------------------------------------ the action bar

    def place_bar(self) -> None:
        from .placement import place_bar

        place_bar(self)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        # The panel grows with the window (a fifth of it, within reason); the table gets the rest.
        total = self.splitter.width()
        panel = int(min(460, max(290, total * 0.21)))
        self.splitter.setSizes([max(100, total - panel), panel])
        QTimer.singleShot(0, self.place_bar)

    def show_message(self, text: str) -> None:
        """A message over the buttons and in the status bar; ``Said`` (from the session, the
        hint) is said again after a change of language."""
        self._message = text
        self.bar.set_notice(text)
        self.statusBar().showMessage(text, 8000)
        self.place_bar()

    def show_failure(self, text: str) -> None:
        self.statusBar().showMessage(text)
        from .dialogs import show_box

        show_box(self, tr("Something went wrong"), text, "warning")

    def refresh_actions(self) -> None:
        c = self.session
        if c is None:
            return
        self.turn_notice()
        from .choices import Choices, hint_key

        # Made for each refresh, not kept: a window holding an object that holds the window
        # would wait for the garbage collector, which may destroy it at any moment.
        bar = Choices(self)
        choices, prompt, notice = bar.current()
        turn = bar.turn()  # whose turn: the bar's prompt, the panel and the plates say it alike
        self.panel.show_turn(turn, self.viewer)
        self.scene.show_turn(turn)
        self.bar.set_prompt(prompt)
        self.bar.set_busy(bar.busy())
        self.bar.set_choices(choices)
        if notice is not None:
            self.bar.set_notice(notice)
            self._message = ""  # the notice of the moment replaces the last message
        if self._hint is not None:
            self.bar.hint_button(hint_key(self._hint))
        self.aids.consider_auto_pass()
        self.place_bar()

    def turn_notice(self) -> None:
        """When our turn comes while the window is in the background, ask for attention."""
        c = self.session
        mine = c is not None and c.waiting == "human"
        if mine and not self._my_turn and not self.isActiveWindow():
            QApplication.alert(self)
        self._my_turn = mine

    # ------------------------------------------------------------------ doing things

    def do(self, action: Action) -> None:
        c = self.session
        if c is None:
            return
        self._hint = None
        if c.act(action):
            self.bar.set_notice("")

    def play_selected(self) -> None:
        c = self.session
        if c is None:
            return
        self._hint = None
        if c.play_cards(self.scene.selected_cards()):
            self.bar.set_notice("")

    def choose(self, kind: Act) -> None:
        """Bury, pay tribute or return the selected cards."""
        c = self.session
        if c is None:
            return
        self._hint = None
        if c.choose_cards(kind, self.scene.selected_cards()):
            self.bar.set_notice("")

    def primary_action(self) -> None:
        """Enter or a double click: press the button the hint shows (a claim, a bid), else
        the main button if it is enabled."""
        from .choices import hint_key

        if self._hint is not None and self.bar.press(hint_key(self._hint)):
            return
        for key in ("play", "bury", "tribute", "return"):
            if self.bar.press(key):
                return
        if "play" in self.bar.buttons:
            self.play_selected()

    def hint(self) -> None:
        c = self.session
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
        from .choices import hint_text

        hint_view = self._last_view
        self.show_message(i18n.Said(lambda: hint_text(action, hint_view)))

    # ------------------------------------------------------------------ hand and match over

    def show_settlement(self, view: SeatView) -> None:
        from .panels import settlement_lines

        c = self.session
        if c is None or c.human is None:
            return
        self._overlay_shows = (self.show_settlement, view)
        lines = i18n.say_rows(lambda: settlement_lines(view), self.overlay.value_fits)
        next_button = (
            ("next", tr("Next hand"), self.next_hand, False)
            if not c.remote
            else ("next", tr("Close"), self.overlay.hide, False)
        )
        self.overlay.show_content(
            i18n.say(
                lambda: tr("Hand {n} settled").format(n=view.hand_number), self.overlay.title_fits
            ),
            lines,
            [next_button],
            [int(c) for c in view.kitty or ()],
        )

    def next_hand(self) -> None:
        c = self.session
        if c is None:
            return
        self.overlay.hide()
        c.next_hand()

    def show_match_over(self, view: SeatView) -> None:
        from .panels import settlement_lines
        from .texts import match_winner_text

        self._overlay_shows = (self.show_match_over, view)
        lines = i18n.say_rows(lambda: settlement_lines(view), self.overlay.value_fits)
        self.overlay.show_content(
            i18n.say(
                lambda: tr("Match over, won by {winner}").format(winner=match_winner_text(view)),
                self.overlay.title_fits,
            ),
            lines,
            [("newgame", tr("New game"), self.ask_new_game, False)],
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        save_geometry(self, self.settings)
        if self.session is not None:
            with contextlib.suppress(OSError):
                self.session.flush_save()
        self.stop_session()
        super().closeEvent(event)
