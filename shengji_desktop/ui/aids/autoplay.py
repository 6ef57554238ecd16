"""托管 (issue 18): a computer plays the table's seat until switched off. A toggle with a
shortcut and a menu entry, a button on the table, and the computer's strength in Settings; it
asks the session, whose link lets a computer play the seat (``Session.set_autoplay``). A LAN
host may switch it on for a seat whose time ran out (``lan.aids``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QToolButton

from ..i18n import tr
from ..texts import kind_help, kind_name

if TYPE_CHECKING:
    from shengji_desktop.engine.view import SeatView

    from ..session.session import Session
    from ..table.screen import TableScreen

AUTOPLAY_LEVEL_KEY = "aids/autoplay_level"
AUTOPLAY_LEVELS = ("easy", "normal", "hard", "expert")
AUTOPLAY_SHORTCUT = "Ctrl+T"

BUTTON_QSS = """
QToolButton#autoplay { background: rgba(20, 35, 26, 200); color: #e8efe9; border: 1px solid
    #2c4a37; border-radius: 6px; padding: 4px 10px; font-weight: bold; }
QToolButton#autoplay:checked { background: #d4a017; color: #14231a; }
"""


class AutoPlay:
    """托管's toggle and strength (made with the menus) and its button (made with the table)."""

    def __init__(self, screen: TableScreen, settings: QSettings) -> None:
        self.screen = screen
        self.settings = settings
        self.button: QToolButton | None = None
        self.action = QAction(screen)
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence(AUTOPLAY_SHORTCUT))
        self.action.toggled.connect(self.set_on)
        self.level_actions: dict[str, QAction] = {}
        self.retranslate()
        screen.built.connect(self.build)
        screen.attached.connect(self.attached)
        screen.view_shown.connect(self.view_shown)

    def retranslate(self) -> None:
        self.action.setText(tr("&Auto-play (托管)"))
        if self.button is not None:
            self.button.setText(tr("Auto-play"))
            self.button.setToolTip(tr("A computer plays your seat until you switch it off"))
            self.button.adjustSize()
            self.place_button()

    def add_to_menus(self, game_menu: QMenu, settings_menu: QMenu) -> None:
        """The toggle in the Game menu, the strength in Settings (again after a change of
        language)."""
        self.retranslate()
        game_menu.addAction(self.action)
        levels = settings_menu.addMenu(tr("Auto-play strength"))
        levels.setToolTipsVisible(True)
        group = QActionGroup(levels)
        current = self.level()
        self.level_actions = {}
        for level in AUTOPLAY_LEVELS:
            act = QAction(kind_name(level), levels, checkable=True)
            act.setToolTip(kind_help(level))
            act.setChecked(level == current)
            act.triggered.connect(lambda _=False, k=level: self.set_level(k))
            group.addAction(act)
            levels.addAction(act)
            self.level_actions[level] = act

    def level(self) -> str:
        level = str(self.settings.value(AUTOPLAY_LEVEL_KEY, "normal"))
        return level if level in AUTOPLAY_LEVELS else "normal"

    def set_level(self, level: str) -> None:
        self.settings.setValue(AUTOPLAY_LEVEL_KEY, level)

    # ------------------------------------------------------------------ with the table

    def build(self) -> None:
        """The button, top right of the table."""
        screen = self.screen
        button = QToolButton(screen.view.viewport())
        button.setObjectName("autoplay")
        button.setStyleSheet(BUTTON_QSS)
        button.setCheckable(True)
        button.toggled.connect(self.action.setChecked)
        self.action.toggled.connect(button.setChecked)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button = button
        self.retranslate()
        button.hide()
        screen.view.resized.connect(self.place_button)

    def place_button(self) -> None:
        if self.button is None:
            return
        vp = self.screen.view.viewport()
        self.button.ensurePolished()
        self.button.resize(self.button.sizeHint())
        self.button.move(vp.width() - self.button.width() - 10, 10)

    def attached(self, session: Session) -> None:
        """A new session: 托管 is off, the button shows where there is a seat to play."""
        self._show(False)
        if self.button is not None:
            self.button.setVisible(self.screen.seated)
            self.place_button()

    def view_shown(self, view: SeatView) -> None:
        from shengji_desktop.engine.phase import Phase

        screen = self.screen
        s = screen.session
        settled = view.phase in (Phase.SETTLED, Phase.OVER)
        if s is not None and s.autoplay is not None and screen.overlay.isVisible() and not settled:
            screen.overlay.hide()  # under 托管 the next hand came without the button
        if self.button is not None and not self.button.isVisible() and screen.seated:
            self.button.show()  # a LAN seat is known once the host has seated us
            self.place_button()

    # ------------------------------------------------------------------ on and off

    def _show(self, on: bool) -> None:
        """The toggle and the button as ``on``, without acting."""
        for widget in (self.action, self.button):
            if widget is not None:
                widget.blockSignals(True)
                widget.setChecked(on)
                widget.blockSignals(False)

    def set_on(self, on: bool) -> None:
        screen = self.screen
        session = screen.session
        ok = session is not None and session.set_autoplay(on, self.level())
        if not ok and on:
            self._show(False)
            screen.show_message(tr("Auto-play needs a seat of yours at a table."))
            return
        if session is not None and screen.is_built:
            screen.rename_seats()
            screen.refresh_actions()
        screen.status.emit(
            tr("Auto-play on: the computer plays your seat.") if on else tr("Auto-play off."),
            5000,
        )
