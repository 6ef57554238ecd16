"""**Settings → Expert's time per move** (issue 41): the setting that
``session.computers.expert_seconds`` reads, in the Settings menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from ..i18n import tr
from ..session.computers import CHOICES, expert_seconds, set_expert_seconds

if TYPE_CHECKING:
    from ..table.screen import TableScreen


class ExpertTime:
    """The setting's entry in the Settings menu (a table's extra: ``MainWindow.extras``)."""

    def __init__(self, screen: TableScreen, settings: QSettings) -> None:
        self.screen = screen
        self.settings = settings
        self.actions: dict[float, QAction] = {}

    def add_to_menus(self, game_menu: QMenu, settings_menu: QMenu) -> None:
        """A submenu of the times, the one set checked (again after a change of language)."""
        menu = settings_menu.addMenu(tr("Expert's time per move"))
        menu.setToolTipsVisible(True)
        group = QActionGroup(menu)
        current = expert_seconds(self.settings)
        self.actions = {}
        for seconds in CHOICES:
            text = tr("{n} seconds").format(n=f"{seconds:g}")
            act = QAction(text, menu, checkable=True)
            act.setToolTip(tr("The expert computer player thinks up to this long about each move."))
            act.setChecked(seconds == current)
            act.triggered.connect(lambda _=False, s=seconds: self.choose(s))
            group.addAction(act)
            menu.addAction(act)
            self.actions[seconds] = act

    def choose(self, seconds: float) -> None:
        set_expert_seconds(seconds, self.settings)
