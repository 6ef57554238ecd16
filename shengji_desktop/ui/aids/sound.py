"""Sound at the table (issue 18): which event sounds how, and the player's sound settings.

``TableSounds`` listens to the animator (each typed event as the table shows it, and the view
after its batch, ``Animator.showing``) and to the session (whether the seat is to act):

- a card dealt: ``deal`` (at most one every ``DEAL_GAP`` seconds, however fast the deal runs);
- cards played: ``play``; a throw (甩牌, or an SD claim): ``throw``; a ruff (毙: trumps on a
  plain lead): ``ruff``;
- a trick won: ``trick``, or ``points`` when points fall, as the cards are swept;
- a declaration: ``declare``; one over a standing declaration (an overcall, 反主): ``overcall``;
- the seat is to act: ``turn``; still idle after the reminder's seconds: ``reminder``;
- the hand settled: ``win`` or ``loss`` for the window's side.

Settings (QSettings, in the Settings menu): mute, volume, silence while the window is
minimised, and the reminder's delay. ``audio.py`` plays; the backend is opened at the first
sound, so a program that never makes one never touches the audio device.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication, QMenu

from shengji_desktop.rules.cards import Card

from ..i18n import tr

if TYPE_CHECKING:  # the engine, the trick rules and audio.py load when used (issue 21)
    from shengji_desktop.engine import events as ev
    from shengji_desktop.engine.view import SeatView

    from ..session.session import Session
    from ..table.screen import TableScreen
    from .audio import Backend

MUTED_KEY = "sound/muted"
VOLUME_KEY = "sound/volume"  # percent
QUIET_MINIMISED_KEY = "sound/quiet_minimised"
REMINDER_KEY = "sound/reminder"  # seconds; 0: none
VOLUMES = (10, 25, 50, 75, 100)
REMINDERS = (0, 10, 20, 30, 60)
DEFAULT_VOLUME = 75
DEFAULT_REMINDER = 20
DEAL_GAP = 0.06  # seconds between two deal sounds at least
SAME_GAP = 0.03  # the same sound twice within this is heard once
IDLE_CLOSE_MS = 8000  # the device goes after this long without a sound
SWEEP_MS = 720  # the animator's look at a full trick before it sweeps it (on_trick_won)


def miniaudio_backend() -> Backend:
    """The sound device's backend, made at the first sound."""
    from .audio import MiniaudioBackend

    return MiniaudioBackend()


make_backend: Callable[[], Backend] = miniaudio_backend  # the tests record instead


def __getattr__(name: str) -> object:
    if name == "RecordingBackend":  # audio.py's, named here too for the tests
        from .audio import RecordingBackend

        return RecordingBackend
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def as_bool(value: object) -> bool:
    return str(value).lower() in ("true", "1")


class TableSounds:
    """The table's sounds: the events the screen shows, and each session's prompt
    (``attached``)."""

    def __init__(
        self, screen: TableScreen, settings: QSettings, backend: Backend | None = None
    ) -> None:
        self.screen = screen
        self.settings = settings
        self.backend = backend
        self.clock = time.monotonic
        self._last: dict[str, float] = {}
        self._waiting = False
        self._lead: tuple[Card, ...] | None = None  # the trick's lead, once played
        self._declared = False  # a declaration stands this hand
        self._session: weakref.ref[Session] | None = None
        self.reminder = QTimer(screen)
        self.reminder.setSingleShot(True)
        self.reminder.timeout.connect(self._remind)
        self.idle_timer = QTimer(screen)
        self.idle_timer.setSingleShot(True)
        self.idle_timer.timeout.connect(self._idle)
        self.mute_action = QAction(screen, checkable=True)
        self.mute_action.setChecked(self.muted())
        self.mute_action.toggled.connect(self.set_muted)
        self.minimised_action = QAction(screen, checkable=True)
        self.minimised_action.setChecked(self.quiet_minimised())
        self.minimised_action.toggled.connect(self.set_quiet_minimised)
        self.volume_actions: dict[int, QAction] = {}
        self.reminder_actions: dict[int, QAction] = {}
        screen.event_shown.connect(self.on_event)
        screen.attached.connect(self.attached)

    # ------------------------------------------------------------------ settings

    def muted(self) -> bool:
        return as_bool(self.settings.value(MUTED_KEY, "false"))

    def set_muted(self, on: bool) -> None:
        self.settings.setValue(MUTED_KEY, on)

    def volume(self) -> int:
        try:
            value = int(str(self.settings.value(VOLUME_KEY, DEFAULT_VOLUME)))
        except ValueError:
            value = DEFAULT_VOLUME
        return max(0, min(100, value))

    def set_volume(self, percent: int) -> None:
        self.settings.setValue(VOLUME_KEY, max(0, min(100, percent)))

    def quiet_minimised(self) -> bool:
        return as_bool(self.settings.value(QUIET_MINIMISED_KEY, "false"))

    def set_quiet_minimised(self, on: bool) -> None:
        self.settings.setValue(QUIET_MINIMISED_KEY, on)

    def reminder_seconds(self) -> int:
        try:
            value = int(str(self.settings.value(REMINDER_KEY, DEFAULT_REMINDER)))
        except ValueError:
            value = DEFAULT_REMINDER
        return max(0, value)

    def set_reminder_seconds(self, seconds: int) -> None:
        self.settings.setValue(REMINDER_KEY, seconds)
        if not self._waiting or seconds <= 0:
            self.reminder.stop()

    def add_to_menus(self, game_menu: QMenu, settings_menu: QMenu) -> None:
        """The Sound submenu (menus.build_menus, again after a language switch)."""
        menu = settings_menu.addMenu(tr("Sound"))
        self.mute_action.setText(tr("&Mute"))
        menu.addAction(self.mute_action)
        volume_menu = menu.addMenu(tr("Volume"))
        group = QActionGroup(volume_menu)
        current = self.volume()
        self.volume_actions = {}
        for percent in VOLUMES:
            act = QAction(tr("{n}%").format(n=percent), volume_menu, checkable=True)
            act.setChecked(percent == current)
            act.triggered.connect(lambda _=False, p=percent: self.set_volume(p))
            group.addAction(act)
            volume_menu.addAction(act)
            self.volume_actions[percent] = act
        self.minimised_action.setText(tr("Silent while minimised"))
        menu.addAction(self.minimised_action)
        reminder_menu = menu.addMenu(tr("Turn reminder"))
        rgroup = QActionGroup(reminder_menu)
        current = self.reminder_seconds()
        self.reminder_actions = {}
        for seconds in REMINDERS:
            text = tr("Off") if seconds == 0 else tr("After {n} s").format(n=seconds)
            act = QAction(text, reminder_menu, checkable=True)
            act.setChecked(seconds == current)
            act.triggered.connect(lambda _=False, s=seconds: self.set_reminder_seconds(s))
            rgroup.addAction(act)
            reminder_menu.addAction(act)
            self.reminder_actions[seconds] = act

    # ------------------------------------------------------------------ with the table

    def attached(self, session: Session) -> None:
        """A new session: the seat's turn comes from it."""
        self._waiting = False
        self._lead = None
        self._declared = False
        self.reminder.stop()
        known = self._session() if self._session is not None else None
        if session is not known:
            session.prompt_changed.connect(self.on_prompt)
        self._session = weakref.ref(session)

    # ------------------------------------------------------------------ what sounds

    def _view(self) -> SeatView | None:
        """The view after the batch being shown (its trump, its dealer, its result)."""
        return self.screen.animator.showing

    def sound_for(self, event: ev.Event) -> str | None:
        """The sound of one event as the table shows it (and the state it keeps: the trick's
        lead, whether a declaration stands)."""
        from shengji_desktop.engine import events as ev
        from shengji_desktop.rules.trick import Shape

        if isinstance(event, ev.HandStarted):
            self._lead, self._declared = None, False
        elif isinstance(event, ev.CardDealt):
            return "deal"
        elif isinstance(event, ev.Declared):
            overcall = self._declared and event.kind != "big_joker"
            self._declared = True
            return "overcall" if overcall else "declare"
        elif isinstance(event, ev.PlayStarted):
            self._lead = None
        elif isinstance(event, ev.CardsPlayed):
            lead, self._lead = self._lead, self._lead or event.cards
            if event.shape is Shape.THROW:
                return "throw"
            if lead is not None and self._ruffs(lead, event.cards):
                return "ruff"
            return "play"
        elif isinstance(event, ev.Claimed):
            return "throw"
        elif isinstance(event, ev.TrickWon):
            self._lead = None
            return "points" if event.points > 0 else "trick"
        elif isinstance(event, ev.HandSettled):
            return self._hand_end(event)
        return None

    def _ruffs(self, lead: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
        """毙: a plain-suit lead answered with trumps only."""
        view = self._view()
        trump = view.trump if view is not None else None
        if trump is None or not cards:
            return False
        return not any(trump.is_trump(c) for c in lead) and all(trump.is_trump(c) for c in cards)

    def _hand_end(self, event: ev.HandSettled) -> str | None:
        from shengji_desktop.engine.results import Redeal
        from shengji_desktop.stats.facts import hand_won

        view = self._view()
        if isinstance(event.result, Redeal) or view is None or view.dealer is None:
            return None
        won = hand_won(event.result, view.seat in view.side(view.dealer))
        if won is None:
            return None
        return "win" if won else "loss"

    def on_event(self, event: ev.Event) -> None:
        name = self.sound_for(event)
        if name is None:
            return
        if name in ("trick", "points"):  # as the cards go to the winner
            QTimer.singleShot(
                self.screen.animator.ms(SWEEP_MS), self.screen, lambda: self.play(name)
            )
        else:
            self.play(name)

    def on_prompt(self) -> None:
        """The session's prompt changed: has the seat's turn come (or gone)?"""
        from ..session.session import HUMAN

        session = self.screen.session
        waiting = session is not None and session.waiting == HUMAN
        if waiting and not self._waiting:
            self.play("turn")
            seconds = self.reminder_seconds()
            if seconds > 0:
                self.reminder.start(seconds * 1000)
        elif not waiting:
            self.reminder.stop()
        self._waiting = waiting

    def _remind(self) -> None:
        if self._waiting:
            self.play("reminder")

    # ------------------------------------------------------------------ playing

    def audible(self) -> bool:
        if self.muted() or self.volume() <= 0:
            return False
        return not (self.quiet_minimised() and self.screen.view.window().isMinimized())

    def play(self, name: str) -> None:
        if not self.audible():
            return
        now = self.clock()
        gap = DEAL_GAP if name == "deal" else SAME_GAP
        if now - self._last.get(name, -1e9) < gap:
            return
        self._last[name] = now
        if self.backend is None:
            self.backend = make_backend()
            app = QApplication.instance()
            if app is not None:  # the device's thread stops before Python does
                app.aboutToQuit.connect(self.backend.close)
        self.backend.play(name, self.volume() / 100)
        self.idle_timer.start(IDLE_CLOSE_MS)

    def _idle(self) -> None:
        if self.backend is not None:
            self.backend.idle()
