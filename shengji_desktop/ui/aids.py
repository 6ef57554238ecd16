"""Table aids of the window (issue 18): the card tracker's panel (记牌器) and 托管 (a computer
plays the window's seat until switched off).

Both are toggles with a shortcut and a menu entry, remembered in the settings; 托管 has a
button on the table too. The tracker reads the view the table shows (the window's session's
``SeatView``: local and LAN alike); 托管 asks the session, whose link lets a computer play the
seat (``Session.set_autoplay``).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu, QToolButton

from .i18n import tr
from .texts import kind_name

if TYPE_CHECKING:
    from shengji_desktop.engine.view import SeatView

    from .app import MainWindow
    from .panels.tracker import TrackerPanel

TRACKER_KEY = "aids/tracker"
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
