"""The pass made for the player where passing is all the seat may do (issue 18), a setting (on
unless switched off): every seat is asked after a DL dealer's joker burial (DL-KITTY-8), both
paying seats whether they revolt (DL-TRIB-6), every seat in DL's declaring window, also one
that can only pass, as skipping it would tell the table; the table passes for it after a pause
of a player's length, not the same each time."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from ..i18n import tr

if TYPE_CHECKING:
    from shengji_desktop.engine.actions import Action

    from ..table.screen import TableScreen

AUTO_PASS_KEY = "aids/auto_pass"
# How long the pass made for the player waits, drawn each time: how soon a seat passes must
# not tell the other players that it could do nothing else (GEN-INFO-1).
AUTO_PASS_MS = (900, 2200)


class AutoPass:
    """The setting (in Settings) and the pass, at each refresh of the action bar."""

    def __init__(self, screen: TableScreen, settings: QSettings) -> None:
        self.screen = screen
        self.settings = settings
        self.action = QAction(screen)
        self.action.setCheckable(True)
        self.action.setChecked(str(settings.value(AUTO_PASS_KEY, "true")).lower() in ("true", "1"))
        self.action.toggled.connect(self.set_on)
        self.ms = AUTO_PASS_MS
        self.timer = QTimer(screen)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._pass_now)
        self._for: tuple[object, ...] | None = None  # the decision it waits to pass
        self.pauses = random.Random()
        self._notice = ""  # what the bar says of it, while it does
        screen.refreshed.connect(self.consider)

    def add_to_menus(self, game_menu: QMenu, settings_menu: QMenu) -> None:
        """The setting, in Settings (again after a change of language)."""
        self.action.setText(tr("Pass automatically when passing is your only move"))
        settings_menu.addAction(self.action)

    def set_on(self, on: bool) -> None:
        self.settings.setValue(AUTO_PASS_KEY, "true" if on else "false")
        if self.screen.session is not None and self.screen.is_built:
            self.screen.refresh_actions()

    def only_pass(self) -> Action | None:
        """The pass, where it is the only move of the table's seat now."""
        from shengji_desktop.engine.actions import Act, Action

        s = self.screen.session
        if s is None or s.waiting != "human" or s.autoplay is not None:
            return None
        legal = s.human_legal
        if len(legal) == 1 and isinstance(legal[0], Action) and legal[0].kind is Act.PASS:
            return legal[0]
        return None

    def _decision(self, action: Action) -> tuple[object, ...]:
        view = self.screen.last_view
        where = (view.hand_number, view.phase, view.step) if view is not None else ()
        return (id(self.screen.session), *where, action)

    def consider(self) -> None:
        """At each refresh of the action bar: a decision that is only a pass is passed after
        a pause (the bar says so; the button still passes at once)."""
        bar = self.screen.bar
        action = self.only_pass() if self.action.isChecked() else None
        if action is None:
            self.timer.stop()
            self._for = None
            if self._notice and bar.notice_text == self._notice:
                bar.set_notice("")  # the setting was switched off meanwhile
            self._notice = ""
            return
        decision = self._decision(action)
        if decision != self._for or not self.timer.isActive():
            self._for = decision
            self.timer.start(self.pauses.randint(*self.ms))
        bar.set_notice(tr("Passing is your only move: passing for you in a moment (Settings)"))
        self._notice = bar.notice_text

    def _pass_now(self) -> None:
        action = self.only_pass() if self.action.isChecked() else None
        if action is not None and self._decision(action) == self._for:
            self._for = None
            self.screen.do(action)
