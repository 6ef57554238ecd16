"""A table hosted by this window: ``HostRunner`` runs a ``TableHost`` (its LAN
advertisement, and for a table open to the internet its port mapping and invite code) on an
asyncio loop in a thread of its own; what it says reaches the GUI thread as Qt signals."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from shengji_desktop.net import protocol as p
from shengji_desktop.net.discovery import Advertiser, Interfaces
from shengji_desktop.net.host import HostListener, HostSettings, TableHost
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options

from ..session.computers import make_player

if TYPE_CHECKING:
    from shengji_desktop.net.portmap import PortMapper


class _HostEvents(HostListener):
    def __init__(self, runner: HostRunner) -> None:
        self.runner = runner

    def on_log(self, line: str) -> None:
        self.runner.log_line.emit(line)

    def on_lobby(self, lobby: p.Lobby) -> None:
        self.runner._lobby_changed(lobby)
        self.runner.lobby_changed.emit(lobby)

    def on_finished(self, reason: str, summary: dict[str, Any]) -> None:
        self.runner.finished.emit(reason)


def seat_token(runner: HostRunner, seat: Seat) -> str | None:
    """The token of ``seat`` at a (resumed) hosted table, for our own client to sit again."""
    assert runner.host is not None
    return runner.host.seats[seat].token


class HostRunner(QObject):
    """A table hosted by this program: the host runs on its own thread and event loop."""

    lobby_changed = Signal(object)  # p.Lobby
    log_line = Signal(str)
    finished = Signal(str)
    announced_changed = Signal(bool)  # whether the table is announced on the LAN now
    # A table open to the internet, once the router has answered: a net.reach.Reach (the
    # code and the mapping), or the exception that kept the code from being made.
    reach_changed = Signal(object)
    _reached = Signal(object)  # from the host's thread

    def __init__(
        self,
        game: Game,
        options: Options,
        seats: list[str],
        settings: HostSettings | None = None,
        *,
        seed: int | None = None,
        bind: str = "0.0.0.0",
        port: int = 0,
        advertise: Interfaces | None = None,
        save_path: Path | None = None,
        resume_from: Path | None = None,
        internet: bool = False,
        mapper: Callable[[int], PortMapper] | None = None,
        addresses: tuple[list[str], list[str]] | None = None,
        identity: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        """``internet``: a join secret, the router asked for a mapping (``mapper``: tests
        point one at a fake router; None searches the LAN for the router), an invite code of
        ``addresses`` (global IPv6, LAN IPv4; None: this machine's) and the router's
        external address; a table resumed (``resume_from``) that was open to the internet
        is so again. ``identity``: the file of the host's TLS key and certificate."""
        super().__init__(parent)
        self.resume_from = resume_from  # a table file saved by an earlier host (issue 7)
        self.game, self.options, self.seats = game, options, list(seats)
        self.settings = settings or HostSettings()
        self.seed = seed
        self.bind, self.wanted_port = bind, port
        self.advertise = advertise  # None: not announced on the LAN
        self.save_path = save_path
        self.host: TableHost | None = None
        self.advertiser: Advertiser | None = None
        self.announced = False  # the table is announced on the LAN (advertised, and it worked)
        self.port: int | None = None
        self.internet, self.mapper_factory, self.addresses = internet, mapper, addresses
        self.identity_path = identity
        self.mapper: PortMapper | None = None
        self.reach: Any = None  # what reach_changed said last (None: nothing yet)
        self._reaching: asyncio.Task[None] | None = None
        self._reached.connect(self._on_reached)  # queued: the lobby reads it on the GUI thread
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._main, name="shengji-host", daemon=True)

    def _main(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()
        self._loop.close()

    def _call(self, coro: Coroutine[Any, Any, Any], timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    @property
    def fingerprint(self) -> bytes:
        """The SHA-256 fingerprint of the table's TLS certificate."""
        return self.host.fingerprint if self.host is not None else b""

    def start(self) -> int:
        """Listen (and advertise); returns the port. Raises OSError when the port is taken."""
        if self.internet and not self.settings.join_secret:
            from shengji_desktop.net.invite import new_secret

            self.settings.join_secret = new_secret()
        self._thread.start()
        try:
            port: int = self._call(self._start())
        except BaseException:
            self.stop()
            raise
        self.port = port
        return port

    async def _start(self) -> int:
        identity = None
        if self.identity_path is not None and self.settings.tls:
            from shengji_desktop.net.tls import load_identity

            identity = load_identity(self.identity_path)
        if self.resume_from is not None:
            self.host = TableHost.resume(
                self.resume_from,
                self.settings,
                listener=_HostEvents(self),
                make_player=make_player,
                save_path=self.save_path,
                identity=identity,
            )
            # Open to the internet before the crash: again, with the secret its file kept (the
            # same certificate too: the identity file stays), a new mapping and a new code.
            self.internet = self.internet or self.settings.join_secret is not None
        else:
            self.host = TableHost(
                self.game,
                self.options,
                self.seed,
                self.seats,
                self.settings,
                save_path=self.save_path,
                listener=_HostEvents(self),
                make_player=make_player,
                identity=identity,
            )
        port = await self.host.start(self.bind, self.wanted_port)
        if self.internet:  # the router may take seconds to answer: the table opens meanwhile
            self._reaching = self._loop.create_task(self._open_reach(port))
        if self.advertise is not None:
            try:
                self.advertiser = Advertiser(
                    self.settings.table_name,
                    port,
                    self.game.value,
                    self.host.free_seats(),
                    self.advertise,
                    bind=self.bind,  # only the addresses the table listens on
                    fingerprint=self.host.fingerprint,  # a join from the list pins it
                )
                await self.advertiser.start()
            except (OSError, ValueError) as exc:  # no multicast: it can be joined by address
                self.log_line.emit(f"advertising failed: {exc}")
                self.advertiser = None
        self.announced = self.advertiser is not None
        self.announced_changed.emit(self.announced)
        return port

    async def _open_reach(self, port: int) -> None:
        from shengji_desktop.net.portmap import PortMapper
        from shengji_desktop.net.reach import open_to_internet

        assert self.host is not None and self.settings.join_secret is not None
        self.mapper = (self.mapper_factory or PortMapper)(port)
        try:
            reach, _ = await open_to_internet(
                port, self.settings.join_secret, self.host.fingerprint, self.mapper, self.addresses
            )
        except Exception as exc:  # no address to put in a code, say: told, not raised
            self._reached.emit(exc)
            return
        self.log_line.emit(reach.advice())
        self._reached.emit(reach)

    def _on_reached(self, reach: Any) -> None:
        self.reach = reach
        self.reach_changed.emit(reach)

    def _lobby_changed(self, lobby: p.Lobby) -> None:
        """On the host loop: keep the advertised free-seat and watcher counts current."""
        if self.advertiser is not None and self.host is not None:
            free = 0 if lobby.started else self.host.free_seats()
            update = self.advertiser.update(free, len(lobby.watchers), lobby.started)
            self._loop.create_task(update)

    def start_match(self, fill_with: str = "normal") -> None:
        """The host's Start button: empty open seats get computers of that level."""
        if self.host is not None:
            self._loop.call_soon_threadsafe(self.host.start_match, fill_with)

    def stop(self) -> None:
        if not self._thread.is_alive():
            return
        try:
            self._call(self._close(), 10.0)
        except Exception as exc:  # closing anyway
            self.log_line.emit(f"closing the table: {exc!r}")
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5.0)

    async def _close(self) -> None:
        if self._reaching is not None:
            self._reaching.cancel()
        if self.advertiser is not None:
            await self.advertiser.close()
            self.advertiser = None
        if self.host is not None:
            await self.host.close()
        if self.mapper is not None:  # the router's mapping goes with the table
            await self.mapper.close()
            self.mapper = None
