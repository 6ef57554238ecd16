"""记牌器 (issue 18): the card tracker's panel in a dock beside the table, a toggle with a
shortcut and a menu entry, remembered in the settings. It reads the view the table shows (the
session's ``SeatView``: local and LAN alike), so it knows what the seat has seen and no more.

The dock takes a sixth of the window's width (``dock_width``: 210 to 330 px; issue 36): the
table is what the player plays on, the tracker is looked up now and then, and its card lists
wrap to another line where it is narrow. Beside the side panel a fixed 330 px dock left the
table some 650 px of a 1280 px window, its plates and cards small."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu

from ..i18n import tr

if TYPE_CHECKING:
    from shengji_desktop.engine.view import SeatView

    from ..panels.tracker import TrackerPanel
    from ..session.session import Session
    from ..table.screen import TableScreen

TRACKER_KEY = "aids/tracker"
TRACKER_SHORTCUT = "T"
TRACKER_WIDTH = 330  # the dock's width on a wide window
TRACKER_MIN_W = 210  # at its narrowest (the card lists wrap to more lines)
TRACKER_SHARE = 1 / 6  # of the window's width


def dock_width(window_width: int) -> int:
    """The docked tracker's width in a window this wide."""
    return int(min(TRACKER_WIDTH, max(TRACKER_MIN_W, window_width * TRACKER_SHARE)))


class DockWidth(QObject):
    """Gives the docked tracker its share of the window's width when it is shown and when the
    window is resized (a floating tracker keeps the size the player gave it)."""

    def __init__(self, dock: QDockWidget) -> None:
        super().__init__(dock)
        self.dock = dock
        self._due = False
        dock.installEventFilter(self)
        window = dock.parentWidget()
        if window is not None:
            window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if (watched is self.dock and kind == QEvent.Type.Show) or (
            watched is not self.dock and kind == QEvent.Type.Resize
        ):
            self.later()
        return False

    def later(self) -> None:
        """After the window's own layout has taken the new size."""
        if not self._due:
            self._due = True
            QTimer.singleShot(0, self, self.apply)

    def apply(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QMainWindow

        self._due = False
        window = self.dock.parentWidget()
        if not isinstance(window, QMainWindow) or self.dock.isFloating():
            return
        if not self.dock.isVisible():
            return
        width = dock_width(window.width())
        window.resizeDocks([self.dock], [width], Qt.Orientation.Horizontal)


class CardTracker:
    """The tracker's toggle (made with the menus) and its dock (made when first shown, on a
    complete table). ``add_dock`` puts the dock on the window."""

    def __init__(
        self, screen: TableScreen, settings: QSettings, add_dock: Callable[[QDockWidget], None]
    ) -> None:
        self.screen = screen
        self.settings = settings
        # weakly: the window holds the tracker, and would wait for the garbage collector
        self._add_dock = weakref.WeakMethod(add_dock)
        self.dock: QDockWidget | None = None
        self.panel: TrackerPanel | None = None
        self.action = QAction(screen)
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence(TRACKER_SHORTCUT))
        self.action.toggled.connect(self.show)
        self.retranslate()
        screen.built.connect(self.build)
        screen.attached.connect(self.attached)
        screen.view_shown.connect(self.view_shown)

    def retranslate(self) -> None:
        self.action.setText(tr("Card &tracker"))
        if self.dock is not None and self.panel is not None:
            from ..panels.tracker import TrackerPanel

            self.dock.setWindowTitle(tr("Card tracker"))
            old, self.panel = self.panel, TrackerPanel()
            self.dock.setWidget(self.panel)
            old.deleteLater()
            view = self.screen.last_view
            if view is not None:
                self.panel.update_view(view, self.screen.reader_seated)

    def add_to_menus(self, game_menu: QMenu, settings_menu: QMenu) -> None:
        """The toggle, in the Game menu (again after a change of language)."""
        self.retranslate()
        game_menu.addAction(self.action)

    def build(self) -> None:
        """With the table: the tracker as it was left."""
        self.action.setChecked(
            str(self.settings.value(TRACKER_KEY, "false")).lower() in ("true", "1")
        )

    def attached(self, session: Session) -> None:
        if self.panel is not None:
            self.panel.clear()

    def view_shown(self, view: SeatView) -> None:
        if self.panel is not None and self.dock is not None and self.dock.isVisible():
            self.panel.update_view(view, self.screen.reader_seated)

    def show(self, on: bool) -> None:
        self.settings.setValue(TRACKER_KEY, on)
        if on and self.dock is None:
            if not self.screen.is_built:
                return  # build() shows it
            from ..panels.tracker import TrackerPanel

            self.panel = TrackerPanel()
            self.dock = QDockWidget(tr("Card tracker"))
            self.dock.setMinimumWidth(TRACKER_MIN_W)
            self.dock.setObjectName("tracker-dock")
            self.dock.setWidget(self.panel)
            # closed by the toggle only, so that the toggle and the settings never disagree
            self.dock.setFeatures(
                QDockWidget.DockWidgetFeature.DockWidgetMovable
                | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            )
            add_dock = self._add_dock()
            if add_dock is not None:
                add_dock(self.dock)
            self.dock_width = DockWidth(self.dock)  # its share of the window's width
        if self.dock is None:
            return
        self.dock.setVisible(on)
        view = self.screen.last_view
        if on and view is not None and self.panel is not None:
            self.panel.update_view(view, self.screen.reader_seated)
