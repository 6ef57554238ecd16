"""What the parts of the window that start games at its table (the games on this computer,
the LAN tables) ask of the window, and what they share. Light: the window imports it before
its first paint."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from shengji_desktop.engine.events import Event
    from shengji_desktop.rules.options import Game

    from .session import Session


class GameWindow(Protocol):
    """What the games on this computer and the LAN tables ask of the window that shows
    them: its session, a session over a new link, stopping the game, the start screen."""

    @property
    def session(self) -> Session | None: ...

    def attach(self, link: Any, past: Sequence[Event] = (), game: Game | None = None) -> Session:
        """Put a session over ``link`` on the table (``TableScreen.attach``)."""

    def stop_session(self) -> None:
        """End the game on the table: its session, and the LAN table hosted or joined."""

    def show_start(self) -> None: ...

    def focus_table(self) -> None:
        """The keyboard on the table (a game has started)."""


class HostedPart(QObject):
    """A part of the window that starts games at its table (the games on this computer, the
    LAN tables): the window as a ``GameWindow``, held weakly, the parent of its dialogs, and
    what it says in the status bar (``status``: the text, for so many ms; 0: kept)."""

    status = Signal(str, int)

    def __init__(self, host: GameWindow) -> None:
        super().__init__()
        # Weakly: a window holding an object that holds the window would be destroyed by
        # the garbage collector, on whatever thread it runs (a table's, a save's): a crash.
        self._host = weakref.ref(host)

    @property
    def host(self) -> GameWindow:
        host = self._host()
        assert host is not None, "the window is gone"
        return host

    @property
    def parent_widget(self) -> QWidget | None:
        """The dialogs' parent: the window."""
        host = self._host()
        return host if isinstance(host, QWidget) else None

    def say(self, text: str, ms: int = 0) -> None:
        self.status.emit(text, ms)

    def in_progress(self) -> bool:
        """Whether the window plays a match that is not over (local or at a LAN table)."""
        s = self.host.session
        return s is not None and s.waiting != "over"

    def confirm_abandon(self, question: str, go: str) -> bool:
        """Ask before another game replaces the match in progress: ``question`` (what would
        replace it), ``go`` the button that does it; "Keep playing" is the default."""
        from .. import dialogs
        from ..i18n import tr

        return dialogs.ask_box(
            self.parent_widget, tr("A game is in progress"), question, go, tr("Keep playing")
        )
