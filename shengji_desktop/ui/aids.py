"""Table aids of the window (issue 18): the card tracker's panel (记牌器), 托管 (a computer
plays the window's seat until switched off) and the pass made for the player where passing is
all the seat may do.

The first two are toggles with a shortcut and a menu entry, remembered in the settings; 托管
has a button on the table too. The tracker reads the view the table shows (the window's
session's ``SeatView``: local and LAN alike); 托管 asks the session, whose link lets a computer
play the seat (``Session.set_autoplay``). The pass for the player is a setting (on unless
switched off): every seat is asked after a DL dealer's joker burial (DL-KITTY-8), both paying
seats whether they revolt (DL-TRIB-6), every seat in DL's declaring window, also one that can
only pass, as skipping it would tell the table; the window passes for it after a pause of a
player's length, not the same each time.
"""

from __future__ import annotations

import random
import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu, QToolButton

from .i18n import tr
from .texts import kind_name

if TYPE_CHECKING:
    from shengji_desktop.engine.actions import Action
    from shengji_desktop.engine.view import SeatView

    from .app import MainWindow
    from .panels.tracker import TrackerPanel

TRACKER_KEY = "aids/tracker"
AUTO_PASS_KEY = "aids/auto_pass"
# How long the pass made for the player waits, drawn each time: how soon a seat passes must
# not tell the other players that it could do nothing else (GEN-INFO-1).
AUTO_PASS_MS = (900, 2200)
AUTOPLAY_LEVEL_KEY = "aids/autoplay_level"
AUTOPLAY_LEVELS = ("easy", "normal", "hard")
TRACKER_SHORTCUT = "T"
AUTOPLAY_SHORTCUT = "Ctrl+T"
TRACKER_WIDTH = 330

BUTTON_QSS = """
QToolButton#autoplay { background: rgba(20, 35, 26, 200); color: #e8efe9; border: 1px solid
    #2c4a37; border-radius: 6px; padding: 4px 10px; font-weight: bold; }
QToolButton#autoplay:checked { background: #d4a017; color: #14231a; }
"""


class TableAids:
    """The aids' actions (made with the menus), the tracker's dock and the 托管 button (made
    with the rest of the window)."""

    def __init__(self, window: MainWindow) -> None:
        self._window = weakref.ref(window)  # the window holds this: no cycle for the GC
        self.dock: QDockWidget | None = None
        self.panel: TrackerPanel | None = None
        self.button: QToolButton | None = None
        self.tracker_action = QAction(window)
        self.tracker_action.setCheckable(True)
        self.tracker_action.setShortcut(QKeySequence(TRACKER_SHORTCUT))
        self.tracker_action.toggled.connect(self.show_tracker)
        self.autoplay_action = QAction(window)
        self.autoplay_action.setCheckable(True)
        self.autoplay_action.setShortcut(QKeySequence(AUTOPLAY_SHORTCUT))
        self.autoplay_action.toggled.connect(self.set_autoplay)
        self.level_actions: dict[str, QAction] = {}
        self.auto_pass_action = QAction(window)
        self.auto_pass_action.setCheckable(True)
        self.auto_pass_action.setChecked(
            str(window.settings.value(AUTO_PASS_KEY, "true")).lower() in ("true", "1")
        )
        self.auto_pass_action.toggled.connect(self.set_auto_pass)
        self.auto_pass_ms = AUTO_PASS_MS
        self._auto_pass_timer = QTimer(window)
        self._auto_pass_timer.setSingleShot(True)
        self._auto_pass_timer.timeout.connect(self._pass_now)
        self._auto_pass_for: tuple[object, ...] | None = None  # the decision it waits to pass
        self._pauses = random.Random()
        self._auto_pass_notice = ""  # what the bar says of it, while it does
        self.retranslate()

    @property
    def w(self) -> MainWindow:
        window = self._window()
        assert window is not None, "the window is gone"
        return window

    # ------------------------------------------------------------------ menus

    def retranslate(self) -> None:
        self.tracker_action.setText(tr("Card &tracker"))
        self.autoplay_action.setText(tr("&Auto-play (托管)"))
        self.auto_pass_action.setText(tr("Pass automatically when passing is your only move"))
        if self.dock is not None and self.panel is not None:
            from .panels.tracker import TrackerPanel

            self.dock.setWindowTitle(tr("Card tracker"))
            old, self.panel = self.panel, TrackerPanel()
            self.dock.setWidget(self.panel)
            old.deleteLater()
            view = self.w.last_view
            if view is not None:
                self.panel.update_view(view)
        if self.button is not None:
            self.button.setText(tr("Auto-play"))
            self.button.setToolTip(tr("A computer plays your seat until you switch it off"))
            self.button.adjustSize()
            self.place_button()

    def add_to_game_menu(self, menu: QMenu) -> None:
        """The toggles (menus.build_menus, again after a language switch)."""
        self.retranslate()
        menu.addAction(self.tracker_action)
        menu.addAction(self.autoplay_action)

    def add_to_settings_menu(self, settings_menu: QMenu) -> None:
        """托管's strength."""
        w = self.w
        levels = settings_menu.addMenu(tr("Auto-play strength"))
        group = QActionGroup(w)
        current = self.autoplay_level()
        self.level_actions = {}
        for level in AUTOPLAY_LEVELS:
            act = QAction(kind_name(level), w, checkable=True)
            act.setChecked(level == current)
            act.triggered.connect(lambda _=False, k=level: self.set_autoplay_level(k))
            group.addAction(act)
            levels.addAction(act)
            self.level_actions[level] = act
        settings_menu.addAction(self.auto_pass_action)

    def autoplay_level(self) -> str:
        level = str(self.w.settings.value(AUTOPLAY_LEVEL_KEY, "normal"))
        return level if level in AUTOPLAY_LEVELS else "normal"

    def set_autoplay_level(self, level: str) -> None:
        self.w.settings.setValue(AUTOPLAY_LEVEL_KEY, level)

    # ------------------------------------------------------------------ with the window

    def build(self) -> None:
        """With the rest of the window (``finish_building``): the button, the remembered
        tracker, the animator's views."""
        w = self.w
        button = QToolButton(w.view.viewport())
        button.setObjectName("autoplay")
        button.setStyleSheet(BUTTON_QSS)
        button.setCheckable(True)
        button.toggled.connect(self.autoplay_action.setChecked)
        self.autoplay_action.toggled.connect(button.setChecked)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button = button
        self.retranslate()
        button.hide()
        w.view.resized.connect(self.place_button)
        w.animator.batch_done.connect(self.view_shown)
        on = str(w.settings.value(TRACKER_KEY, "false")).lower() in ("true", "1")
        self.tracker_action.setChecked(on)

    def place_button(self) -> None:
        if self.button is None:
            return
        vp = self.w.view.viewport()
        self.button.ensurePolished()
        self.button.resize(self.button.sizeHint())
        self.button.move(vp.width() - self.button.width() - 10, 10)

    def attached(self) -> None:
        """A new session: 托管 is off, the button shows where there is a seat to play."""
        self._show_autoplay(False)
        session = self.w.session
        if self.button is not None:
            self.button.setVisible(session is not None and session.human is not None)
            self.place_button()
        if self.panel is not None:
            self.panel.clear()

    def view_shown(self, view: SeatView) -> None:
        from shengji_desktop.engine.phase import Phase

        w = self.w
        s = w.session
        settled = view.phase in (Phase.SETTLED, Phase.OVER)
        if s is not None and s.autoplay is not None and w.overlay.isVisible() and not settled:
            w.overlay.hide()  # under 托管 the next hand came without the button
        if self.panel is not None and self.dock is not None and self.dock.isVisible():
            self.panel.update_view(view)
        if self.button is not None and not self.button.isVisible():
            session = self.w.session
            if session is not None and session.human is not None:
                self.button.show()  # a LAN seat is known once the host has seated us
                self.place_button()

    # ------------------------------------------------------------------ 记牌器

    def show_tracker(self, on: bool) -> None:
        w = self.w
        w.settings.setValue(TRACKER_KEY, on)
        if on and self.dock is None:
            if not w.built:
                return  # build() shows it
            from .panels.tracker import TrackerPanel

            self.panel = TrackerPanel()
            self.dock = QDockWidget(tr("Card tracker"), w)
            self.dock.setMinimumWidth(TRACKER_WIDTH)
            self.dock.setObjectName("tracker-dock")
            self.dock.setWidget(self.panel)
            # closed by the toggle only, so that the toggle and the settings never disagree
            self.dock.setFeatures(
                QDockWidget.DockWidgetFeature.DockWidgetMovable
                | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            )
            w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        if self.dock is None:
            return
        self.dock.setVisible(on)
        view = w.last_view
        if on and view is not None and self.panel is not None:
            self.panel.update_view(view)

    # ------------------------------------------------------------------ 托管

    def _show_autoplay(self, on: bool) -> None:
        """The toggle and the button as ``on``, without acting."""
        for widget in (self.autoplay_action, self.button):
            if widget is not None:
                widget.blockSignals(True)
                widget.setChecked(on)
                widget.blockSignals(False)

    def set_autoplay(self, on: bool) -> None:
        w = self.w
        session = w.session
        ok = session is not None and session.set_autoplay(on, self.autoplay_level())
        if not ok and on:
            self._show_autoplay(False)
            w.show_message(tr("Auto-play needs a seat of yours at a table."))
            return
        if session is not None and w.built:
            w.scene.names = w.seat_names()
            if w.last_view is not None:
                w.scene.update_plates(w.last_view)
            w.refresh_actions()
        w.statusBar().showMessage(
            tr("Auto-play on: the computer plays your seat.") if on else tr("Auto-play off."),
            5000,
        )

    # ------------------------------------------------------------------ passing for the player

    def set_auto_pass(self, on: bool) -> None:
        self.w.settings.setValue(AUTO_PASS_KEY, "true" if on else "false")
        if self.w.session is not None and self.w.built:
            self.w.refresh_actions()

    def only_pass(self) -> Action | None:
        """The pass, where it is the only move of the window's seat now."""
        from shengji_desktop.engine.actions import Act, Action

        s = self.w.session
        if s is None or s.waiting != "human" or s.autoplay is not None:
            return None
        legal = s.human_legal
        if len(legal) == 1 and isinstance(legal[0], Action) and legal[0].kind is Act.PASS:
            return legal[0]
        return None

    def _decision(self, action: Action) -> tuple[object, ...]:
        view = self.w.last_view
        where = (view.hand_number, view.phase, view.step) if view is not None else ()
        return (id(self.w.session), *where, action)

    def consider_auto_pass(self) -> None:
        """At each refresh of the action bar: a decision that is only a pass is passed after
        a pause (the bar says so; the button still passes at once)."""
        action = self.only_pass() if self.auto_pass_action.isChecked() else None
        if action is None:
            self._auto_pass_timer.stop()
            self._auto_pass_for = None
            if self._auto_pass_notice and self.w.bar.notice.text() == self._auto_pass_notice:
                self.w.bar.set_notice("")  # the setting was switched off meanwhile
            self._auto_pass_notice = ""
            return
        decision = self._decision(action)
        if decision != self._auto_pass_for or not self._auto_pass_timer.isActive():
            self._auto_pass_for = decision
            self._auto_pass_timer.start(self._pauses.randint(*self.auto_pass_ms))
        self.w.bar.set_notice(
            tr("Passing is your only move: passing for you in a moment (Settings)")
        )
        self._auto_pass_notice = self.w.bar.notice.text()

    def _pass_now(self) -> None:
        action = self.only_pass() if self.auto_pass_action.isChecked() else None
        if action is not None and self._decision(action) == self._auto_pass_for:
            self._auto_pass_for = None
            self.w.do(action)
