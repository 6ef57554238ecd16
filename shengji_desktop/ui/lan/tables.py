"""The window's LAN tables: host one (and sit at it; open to the internet, with an invite
code), resume the one hosted before a crash, join one or watch one (旁观, no seat; by
address or by invite code), the lobby, the connection's state, leaving."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QAction

from shengji_desktop.rules.cards import Seat

from ..i18n import again, tr
from ..session.host import GameWindow, HostedPart

if TYPE_CHECKING:
    from shengji_desktop.net.invite import Invite
    from shengji_desktop.net.portmap import PortMapper

    from ..session.session import Session
    from ..table.screen import TableScreen
    from .aids import LanAids
    from .dialogs import HostedTable
    from .hosting import HostRunner
    from .link import RemoteLink
    from .lobby import LobbyDialog


def default_hosted_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("shengji-desktop", appauthor=False)) / "hosted-table.json"


class LanTables(HostedPart):
    """Hosting and joining for one window (``host``, whose dialogs' parent it is too); the
    session on the table (``screen``) plays the seat."""

    hosted_changed = Signal(bool)  # a hosted table can (no longer) be resumed
    line_changed = Signal(str, bool, str)  # the table's line, connected?, the connection's state

    def __init__(
        self,
        host: GameWindow,
        screen: TableScreen,
        settings: QSettings,
        hosted_path: Path | None,
        stats_path: Callable[[], Path],
    ) -> None:
        super().__init__(host)
        self.screen = screen
        self.settings = settings
        self.stats_path = stats_path
        self.autoplay_action: QAction | None = None  # 托管's toggle, which a host may switch on
        self.runner: HostRunner | None = None
        self.lobby_dialog: LobbyDialog | None = None
        self.aids: LanAids | None = None  # the move clock and 快捷语, made at the first table
        # A table open to the internet: how the router is asked (None: PortMapper(port), which
        # looks for it on the LAN; tests give one pointed at a fake router) and the addresses
        # its code carries besides the router's (None: this machine's).
        self.port_mapper: Callable[[int], PortMapper] | None = None
        self.reach_addresses: tuple[list[str], list[str]] | None = None
        # The table this program hosts is saved here after every action (resumable); the
        # default place is looked up when first needed (platformdirs costs ~20 ms at start).
        self._hosted_path = hosted_path

    @property
    def hosted_path(self) -> Path:
        if self._hosted_path is None:
            self._hosted_path = default_hosted_path()
        return self._hosted_path

    @property
    def identity_path(self) -> Path:
        """The host's TLS key and certificate, kept beside the hosted table's file."""
        from shengji_desktop.net.tls import IDENTITY_FILE

        return self.hosted_path.with_name(IDENTITY_FILE)

    def hosted_table_file(self) -> Path | None:
        return self.hosted_path if self.hosted_path.exists() else None

    def update_resume_action(self) -> None:
        self.hosted_changed.emit(self.hosted_table_file() is not None)

    # ------------------------------------------------------------------ menu commands

    def ask_host(self) -> None:
        from .dialogs import HostDialog

        dialog = HostDialog(self.parent_widget)
        if dialog.exec() != HostDialog.DialogCode.Accepted:
            return
        dialog.remember()
        question = tr("Host a table? The game in progress will be lost.")
        if self.in_progress() and not self.confirm_abandon(question, tr("Host the table")):
            return
        try:
            self.host_table(dialog.table())  # announced only if its box is ticked
        except (OSError, ValueError, RuntimeError) as exc:
            from ..dialogs import show_box

            show_box(self.parent_widget, tr("Could not host the table"), str(exc), "warning")

    def host_table(self, table: HostedTable, advertise: Any = "all") -> Session:
        """Start hosting ``table`` and sit down at its first open seat. ``advertise``: "all"
        interfaces, a list of addresses, or None (not announced); a table whose announce box
        was not ticked (``table.advertise``) is never announced. ``table.internet``: the
        router is asked for a mapping off the GUI thread, and the lobby shows the code."""
        from zeroconf import InterfaceChoice

        from .hosting import HostRunner
        from .link import RemoteLink

        if not table.advertise:
            advertise = None
        self.host.stop_session()
        runner = HostRunner(
            table.game,
            table.options,
            table.seats,
            table.settings,
            bind=table.bind,
            port=table.port,
            advertise=InterfaceChoice.All if advertise == "all" else advertise,
            seed=table.seed,
            save_path=self.hosted_path,
            internet=table.internet,
            mapper=self.port_mapper,
            addresses=self.reach_addresses,
            identity=self.identity_path,
            parent=self.parent_widget,
        )
        port = self._run_host(runner)
        seat = next((s.name for s, k in zip(Seat, table.seats, strict=True) if k == "open"), None)
        link = RemoteLink(
            "127.0.0.1",
            port,
            table.player,
            seat=seat,
            remember=False,
            fingerprint=runner.fingerprint,  # our own table: its certificate is known
            secret=runner.settings.join_secret,
        )
        return self.sit(link)

    def _run_host(self, runner: HostRunner) -> int:
        port = runner.start()
        self.runner = runner
        runner.finished.connect(self.say)
        self.hosted_changed.emit(True)
        return port

    def ask_resume_host(self) -> None:
        from shengji_desktop.engine.record import RecordError

        path = self.hosted_table_file()
        if path is None:
            return
        question = tr("Resume the hosted table? The game in progress will be lost.")
        if self.in_progress() and not self.confirm_abandon(question, tr("Resume the table")):
            return
        announce = bool(self.settings.value("lan/advertise", True, type=bool))  # as last hosted
        try:
            self.resume_hosted_table(path, advertise="all" if announce else None, bind="0.0.0.0")
        except (OSError, ValueError, RuntimeError, RecordError) as exc:
            from ..dialogs import show_box

            show_box(self.parent_widget, tr("Could not resume the table"), str(exc), "warning")

    def resume_hosted_table(
        self,
        path: Path,
        port: int = 0,
        advertise: Any = "all",
        player: str = "",
        bind: str | None = None,
    ) -> Session:
        """Host again the table saved in ``path`` (after a crash): same match, seats and
        tokens; our own seat (South, where the host sits) is taken back with its token, and
        the guests come back with theirs. A table that was open to the internet is again: a
        new mapping, and the lobby shows the code. ``bind``: where it listens (by default
        every address when announced, else loopback)."""
        from zeroconf import InterfaceChoice

        from shengji_desktop.rules.options import Game, Options

        from .hosting import HostRunner, seat_token
        from .link import RemoteLink

        self.host.stop_session()
        runner = HostRunner(
            Game.SD,  # replaced by the saved table's game
            Options(),
            ["open"] * 4,
            bind=bind or ("0.0.0.0" if advertise is not None else "127.0.0.1"),
            port=port,
            advertise=InterfaceChoice.All if advertise == "all" else advertise,
            save_path=path,
            resume_from=path,
            mapper=self.port_mapper,
            addresses=self.reach_addresses,
            identity=self.identity_path,
            parent=self.parent_widget,
        )
        port = self._run_host(runner)
        token = seat_token(runner, Seat.S)
        link = RemoteLink(
            "127.0.0.1",
            port,
            player or "host",
            token=token,
            seat="S",
            remember=False,
            fingerprint=runner.fingerprint,
            secret=runner.settings.join_secret,
        )
        return self.sit(link)

    def ask_join(self) -> None:
        from .dialogs import JoinDialog

        dialog = JoinDialog(self.parent_widget)
        if dialog.exec() != JoinDialog.DialogCode.Accepted:
            return
        address, port, name = dialog.target()
        if dialog.watching:
            question = tr("Watch the table? The game in progress will be lost.")
            if self.in_progress() and not self.confirm_abandon(question, tr("Watch the table")):
                return
            self.watch_table(address, port, name, invite=dialog.invite, pinned=dialog.pinned)
            return
        question = tr("Join the table? The game in progress will be lost.")
        if self.in_progress() and not self.confirm_abandon(question, tr("Join the table")):
            return
        self.join_table(address, port, name, dialog.invite, dialog.pinned)

    def join_table(
        self,
        address: str,
        port: int,
        name: str,
        invite: Invite | None = None,
        pinned: bytes | None = None,
    ) -> Session:
        """Take a seat at ``address:port``; with an ``invite`` (a code's) its certificate is
        pinned, its secret said, and its addresses tried after that one; ``pinned``: the
        certificate a table of the LAN list announced."""
        from .link import RemoteLink, saved_token

        self.host.stop_session()
        token = saved_token(address, port)
        settings = by_code(invite, pinned)
        return self.sit(RemoteLink(address, port, name, token=token, **settings))

    def watch_table(
        self,
        address: str,
        port: int,
        name: str,
        seat: Seat = Seat.S,
        invite: Invite | None = None,
        pinned: bytes | None = None,
    ) -> Session:
        """Watch a table without a seat (旁观), from behind ``seat`` to begin with."""
        from .link import RemoteLink

        self.host.stop_session()
        settings = by_code(invite, pinned)
        link = RemoteLink(address, port, name, seat=seat.name, watch=True, **settings)
        return self.sit(link)

    # ------------------------------------------------------------------ at the table

    def sit(self, link: RemoteLink) -> Session:
        """Show a LAN table: the lobby first, then the match as the host streams it."""
        from ..session import stats as stats_link
        from .lobby import LobbyDialog

        link.setParent(self.parent_widget)
        session = self.host.attach(link)
        if link.watching:  # from behind the seat it watches; nothing of it is recorded
            self.screen.look_from(link.looking)
        else:  # the seat's hands, for Statistics and the hand history
            stats_link.record_seat(session, self.stats_path(), self.settings, self.say)
        link.lobby_changed.connect(self._lobby_changed)
        link.connection_changed.connect(self._connection_changed)
        link.ended.connect(self._table_ended)
        if self.aids is None:
            from .aids import LanAids

            self.aids = LanAids(self.screen, self.autoplay_action)
        self.aids.attach(link)
        self.line_changed.emit(link.status, True, link.status)
        self.lobby_dialog = LobbyDialog(link, self.runner, self.parent_widget)
        self.lobby_dialog.left.connect(self.leave_table)
        self.lobby_dialog.show()
        session.start()
        return session

    def leave_table(self) -> None:
        self.host.stop_session()
        self.screen.leave()
        self.host.show_start()

    def stop(self) -> None:
        """Close the lobby and the hosted table (the session is stopped by the window)."""
        if self.aids is not None:
            self.aids.detach()
        if self.lobby_dialog is not None:
            self.lobby_dialog.closing = True
            self.lobby_dialog.close()
            self.lobby_dialog.deleteLater()
            self.lobby_dialog = None
        if self.runner is not None:
            self.runner.stop()
            self.runner.deleteLater()
            self.runner = None

    def _lobby_changed(self, lobby: Any) -> None:
        screen = self.screen
        if screen.session is None:
            return
        from shengji_desktop.rules.options import Game

        screen.lobby_shown(Game(lobby.game))

    def _connection_changed(self, connected: bool, status: str) -> None:
        self.line_changed.emit(("● " if connected else "○ ") + status, connected, status)

    def retranslate(self) -> None:
        """The LAN table's words in the language now installed: its buttons, its status
        line, its lobby."""
        from .link import RemoteLink

        if self.aids is not None:  # 快捷语, watchers
            self.aids.retranslate()
        session = self.screen.session
        link = session.link if session is not None else None
        if isinstance(link, RemoteLink):
            link.status = again(link.status)
            self._connection_changed(link.connected, link.status)
        if self.lobby_dialog is not None:
            self.lobby_dialog.retranslate()

    def _table_ended(self, status: str) -> None:
        from shengji_desktop.engine.phase import Phase

        s = self.screen.session
        if s is None or s.phase is Phase.OVER:
            return
        self.screen.show_ended(status, self.leave_table)


def by_code(invite: Invite | None, pinned: bytes | None = None) -> dict[str, Any]:
    """A link's settings from an invite code: the pinned certificate, the secret, addresses;
    without a code, the certificate a table of the LAN list announced (``pinned``)."""
    if invite is None:
        return {"fingerprint": pinned} if pinned else {}
    return {
        "fingerprint": invite.fingerprint,
        "secret": invite.secret,
        "addresses": invite.endpoints(),
    }
