"""The client: one seat's connection to a host, with reconnection by token, and a computer
driver that plays the seat from the views it receives (``join --ai``). With ``watch`` the
client is a watcher (旁观): no seat, no moves; it sees what the whole table sees, from behind
the seat it ``look``s from (over that player's shoulder when the player allows it).

``TableClient`` runs on an asyncio loop and reports through a ``ClientListener``; updates
arrive decoded (``codec``) into typed events and a ``SeatView``. ``ThreadedClient`` runs one in
a background thread for a GUI (callbacks arrive on that thread; thread-safe methods send).

Every connection is TLS (``tls``). Given a ``fingerprint`` (an invite code's, a LAN
announcement's), the client checks the host's certificate against it after the handshake and
before its hello, and stops with ``ClientClosed`` when it differs (a man in the middle, or a
code for another table); without one it still encrypts and keeps the fingerprint it met in
``peer_fingerprint``. ``addresses`` (a code's, IPv6 and IPv4) are tried in order.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable, Sequence

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.phase import Phase
from ..engine.table import Player
from ..engine.view import SeatView
from . import protocol as p
from .tls import PinMismatch, check_pin, client_context, peer_fingerprint

# Errors after which retrying with the same hello cannot help.
FINAL_CODES = {
    p.ErrorCode.VERSION.value,
    p.ErrorCode.BAD_TOKEN.value,
    p.ErrorCode.TABLE_FULL.value,
    p.ErrorCode.SEAT_TAKEN.value,
    p.ErrorCode.SUPERSEDED.value,
    p.ErrorCode.TOO_MANY_ERRORS.value,
    p.ErrorCode.BAD_NAME.value,
    p.ErrorCode.NAME_TAKEN.value,
    p.ErrorCode.FLOOD.value,
    p.ErrorCode.WATCHERS_FULL.value,
    p.ErrorCode.BAD_SECRET.value,
}


class ClientListener:
    """Callbacks of a TableClient, called on the client's loop thread. Override what you need."""

    def on_connection(self, connected: bool, detail: str) -> None:
        """Connected (after the welcome), or lost with the reason; reconnection follows."""

    def on_welcome(self, welcome: p.Welcome) -> None:
        """The seat and its token: keep the token to come back after a drop."""

    def on_lobby(self, lobby: p.Lobby) -> None:
        pass

    def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        """The events this seat may see (animate them), then its whole view after them
        (redraw from it; ``view.legal`` non-empty means this seat has a decision to make).
        ``update`` is the message (``seq``, ``ref`` of our action, ``resync``: no events)."""

    def on_error(self, error: p.Error) -> None:
        """The host refused something: ``code``; for ``illegal``, the rules' reason and rule."""

    def on_bye(self, bye: p.Bye) -> None:
        """The table has ended (``summary``)."""

    def on_said(self, said: p.Said) -> None:
        """A seat (this one included) said a 快捷语 phrase; or a watcher (``said.watcher``)."""


class ClientClosed(Exception):
    """The client stopped for good: the message says why."""


class TableClient:
    """A seat at a table at ``host:port``. ``run()`` connects, says hello (with ``token`` to
    reclaim a seat), then reads until the table ends; a lost connection is retried with the
    token for ``reconnect_for`` seconds. ``watch``: join as a watcher, watching from ``seat``
    (S when None); ``seat`` stays None and ``watching`` is set once welcomed."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        token: str | None = None,
        seat: str | None = None,
        listener: ClientListener | None = None,
        reconnect_for: float = 30.0,
        on_raw: Callable[[bytes], None] | None = None,
        watch: bool = False,
        fingerprint: bytes | None = None,
        secret: str | None = None,
        addresses: Sequence[tuple[str, int]] = (),
        tls: bool = True,
        connect_timeout: float = 10.0,
    ) -> None:
        self.host = host
        self.port = port
        self.name = name
        self.token = token
        self.wanted_seat = seat
        self.listener = listener or ClientListener()
        self.reconnect_for = reconnect_for
        self.on_raw = on_raw  # every byte received, for tests and debugging
        self.retry_delay = 0.1  # seconds before the first reconnection (then up to 1 s)
        self.seat: str | None = None
        self.watch = watch
        self.watching = False  # welcomed as a watcher
        self.shoulder: str | None = None  # a watcher: the seat whose hand its view holds
        self.lobby: p.Lobby | None = None
        self.view: SeatView | None = None
        self.seq = -1
        self.bye: p.Bye | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._refs = itertools.count(1)
        self._stop = False
        self._welcomed = False
        self.pin = fingerprint
        self.secret = secret
        # where to connect, in order (a code's IPv6 and IPv4 addresses); the one that answered
        # goes first on a reconnection
        self.addresses = list(addresses) or [(host, port)]
        self.tls = tls
        self.connect_timeout = connect_timeout
        self.peer_fingerprint = b""  # the certificate's fingerprint met at the last connection

    # ------------------------------------------------------------------ sending

    def _send(self, message: p.ClientMessage) -> bool:
        if self._writer is None or self._writer.is_closing():
            return False
        self._writer.write(p.encode(message))
        return True

    def send_action(self, action: Action) -> int | None:
        """Send an action of this seat; returns its ``ref`` (echoed in the answer), or None
        when not connected. Call on the client's loop thread."""
        ref = next(self._refs)
        return ref if self._send(p.Act(action=p.WireAction.of(action), ref=ref)) else None

    def set_ready(self, ready: bool = True) -> None:
        self._send(p.Ready(ready=ready))

    def request_sync(self) -> None:
        self._send(p.Sync())

    def set_autoplay(self, on: bool, level: str = "normal") -> bool:
        """托管 at the host (see ``protocol.Autoplay``); False when not connected."""
        return self._send(p.Autoplay(on=on, level=level))  # type: ignore[arg-type]

    def send_chat(self, phrase: int) -> bool:
        """Say 快捷语 phrase number ``phrase`` (``protocol.Chat``); False when not connected."""
        return self._send(p.Chat(phrase=phrase))

    def look(self, seat: str) -> bool:
        """A watcher watches from behind ``seat`` from now on (also after a reconnection);
        False when not connected."""
        self.wanted_seat = seat
        return self._send(p.Look(seat=seat))  # type: ignore[arg-type]

    def set_shoulder(self, allow: bool) -> bool:
        """Let watchers see this seat's hand, or no longer (``protocol.Shoulder``)."""
        return self._send(p.Shoulder(allow=allow))

    def stop(self) -> None:
        """Leave the table and end ``run()`` (the seat stays reserved for the token)."""
        self._stop = True
        self._send(p.Leave())
        if self._writer is not None:
            self._writer.close()

    # ------------------------------------------------------------------ running

    async def run(self) -> str:
        """Play until the table says bye, ``stop()`` is called, or reconnecting fails;
        returns why it ended. Raises ClientClosed when the host refuses this seat."""
        loop = asyncio.get_running_loop()
        lost_at: float | None = None
        delay = self.retry_delay
        while not self._stop:
            self._welcomed = False
            try:
                await self._session()
                lost = "connection closed"
            except ClientClosed:
                raise
            except (ConnectionError, OSError, asyncio.IncompleteReadError) as exc:
                lost = f"{type(exc).__name__}: {exc}"
            if self.bye is not None:
                return f"bye: {self.bye.reason}"
            if self._stop:
                break
            self.listener.on_connection(False, lost)
            if self._welcomed:  # a fresh loss: the reconnection window starts again
                lost_at, delay = None, self.retry_delay
            if self.token is None:
                raise ClientClosed(f"connection lost before a seat was given: {lost}")
            now = loop.time()
            lost_at = lost_at if lost_at is not None else now
            if now - lost_at > self.reconnect_for:
                raise ClientClosed(f"gave up reconnecting after {self.reconnect_for:g} s: {lost}")
            await asyncio.sleep(delay)
            delay = min(delay * 1.5, 1.0)
        return "stopped"

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """The first address that answers and completes TLS; the certificate checked against
        the pin before anything is sent. OSError names each address's failure."""
        failures = []
        for host, port in list(self.addresses):
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(
                        host,
                        port,
                        ssl=client_context() if self.tls else None,
                        server_hostname="shengji-table" if self.tls else None,
                    ),
                    self.connect_timeout,
                )
            except (OSError, TimeoutError) as exc:
                failures.append(f"{_where(host, port)}: {exc or type(exc).__name__}")
                continue
            if self.tls:
                self.peer_fingerprint = peer_fingerprint(writer.get_extra_info("ssl_object"))
                try:
                    check_pin(self.peer_fingerprint, self.pin)
                except PinMismatch as exc:
                    writer.close()
                    raise ClientClosed(str(exc)) from None
            self.host, self.port = host, port
            self.addresses.remove((host, port))
            self.addresses.insert(0, (host, port))
            return reader, writer
        raise ConnectionError("; ".join(failures) or "no address to connect to")

    async def _session(self) -> None:
        reader, writer = await self._connect()
        self._writer = writer
        decoder = p.HostDecoder()
        try:
            # a seat is asked for only without a token; a watcher always says where it looks
            seat = self.wanted_seat if self.token is None or self.watch else None
            self._send(
                p.Hello(
                    version=p.PROTOCOL_VERSION,
                    name=self.name,
                    token=self.token,
                    seat=seat,  # type: ignore[arg-type]
                    watch=self.watch,
                    secret=self.secret,
                )
            )
            while True:
                data = await reader.read(1 << 16)
                if not data:
                    return
                if self.on_raw is not None:
                    self.on_raw(data)
                for item in decoder.feed(data):
                    if isinstance(item, p.ProtocolError):
                        # Another connection would get the same: a host this client cannot read.
                        raise ClientClosed(f"the host sent a malformed message: {item.message}")
                    self._dispatch(item)
                if self.bye is not None or self._stop:
                    return
        finally:
            self._writer = None
            writer.close()

    def _dispatch(self, msg: p.HostMessage) -> None:
        if isinstance(msg, p.Welcome):
            # Every welcome brings a new token: the one we came with is spent once the host
            # hears from us (the ping), so only the new one brings us back after a drop.
            self.seat, self.token = (msg.seat or None), msg.token
            self.watching = msg.watching
            self._welcomed = True
            self._send(p.Ping())
            self.listener.on_welcome(msg)
            where = "watching" if msg.watching else f"seated at {msg.seat}"
            self.listener.on_connection(True, where)
        elif isinstance(msg, p.Lobby):
            self.lobby = msg
            self.listener.on_lobby(msg)
        elif isinstance(msg, p.Update):
            try:
                events, view = p.read_update(msg, self.view.history if self.view else ())
            except p.HistoryGap:  # an update went missing: the whole view mends it
                self.request_sync()
                return
            except p.ProtocolError as exc:
                raise ClientClosed(f"the host sent a malformed message: {exc.message}") from None
            self.view, self.seq, self.shoulder = view, msg.seq, msg.shoulder
            self.listener.on_update(msg, events, view)
        elif isinstance(msg, p.Error):
            self.listener.on_error(msg)
            if msg.fatal and msg.code in FINAL_CODES:
                raise ClientClosed(f"{msg.code}: {msg.message}")
        elif isinstance(msg, p.Said):
            self.listener.on_said(msg)
        elif isinstance(msg, p.Bye):
            self.bye = msg
            self.listener.on_bye(msg)


def _where(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class ThreadedClient:
    """A TableClient on its own thread and event loop, for a GUI: ``start()`` returns at once;
    listener callbacks run on the client thread (a Qt bridge re-emits them as signals); the
    methods below may be called from any thread."""

    def __init__(self, client: TableClient, on_end: Callable[[], None] | None = None) -> None:
        self.client = client
        self.on_end = on_end  # called on the client thread once run() has ended (see .result)
        self.result: str | None = None
        self.error: BaseException | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._main, name="shengji-client", daemon=True)

    @property
    def started(self) -> bool:
        """Whether ``start()`` has been called (the thread may have ended since)."""
        return self._thread.ident is not None

    def start(self) -> None:
        self._thread.start()

    def _main(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self.result = self._loop.run_until_complete(self.client.run())
        except BaseException as exc:  # reported to the GUI through .error
            self.error = exc
        finally:
            self._loop.close()
            if self.on_end is not None:
                self.on_end()

    def send_action(self, action: Action) -> None:
        self._loop.call_soon_threadsafe(self.client.send_action, action)

    def set_ready(self, ready: bool = True) -> None:
        self._loop.call_soon_threadsafe(self.client.set_ready, ready)

    def request_sync(self) -> None:
        self._loop.call_soon_threadsafe(self.client.request_sync)

    def set_autoplay(self, on: bool, level: str = "normal") -> None:
        self._loop.call_soon_threadsafe(self.client.set_autoplay, on, level)

    def send_chat(self, phrase: int) -> None:
        self._loop.call_soon_threadsafe(self.client.send_chat, phrase)

    def look(self, seat: str) -> None:
        self._loop.call_soon_threadsafe(self.client.look, seat)

    def set_shoulder(self, allow: bool) -> None:
        self._loop.call_soon_threadsafe(self.client.set_shoulder, allow)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the client to end by itself (bye, refusal, given up); True if it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def stop(self, timeout: float = 5.0) -> None:
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self.client.stop)
        self._thread.join(timeout)


# ------------------------------------------------------------------ a computer at a seat


class AISeat(ClientListener):
    """Plays a TableClient's seat with a computer ``player``: decides on the latest view in a
    worker thread, once per state; an answer refused as illegal (e.g. a declaration overtaken
    by the deal) makes it decide again on the newest view. Stops after ``hands`` hands."""

    def __init__(
        self,
        player: Player,
        hands: int | None = None,
        think_delay: float = 0.0,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.player = player
        self.hands = hands
        self.think_delay = think_delay
        self.log = log or (lambda line: None)
        self.client: TableClient | None = None
        self.hands_seen = 0
        self.actions_sent = 0
        self.refused = 0
        self._wake = asyncio.Event()
        self._acted_seq = -1
        self._decided_seq = -1
        self._retries = 0

    async def play(self, client: TableClient) -> str:
        self.client = client
        client.listener = self
        worker = asyncio.create_task(self._worker())
        try:
            return await client.run()
        finally:
            worker.cancel()

    def on_connection(self, connected: bool, detail: str) -> None:
        self.log(f"{'connected' if connected else 'lost'}: {detail}")
        if connected:
            self._acted_seq = -1  # after a resync, act on the state the host has

    def on_lobby(self, lobby: p.Lobby) -> None:
        if not lobby.started and self.client is not None:
            me = next((s for s in lobby.seats if s.seat == self.client.seat), None)
            if me is not None and not me.ready:
                self.client.set_ready(True)

    def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        self.hands_seen = len(view.history)
        if self.hands is not None and self.hands_seen >= self.hands and self.client is not None:
            self.client.stop()
            return
        self._wake.set()

    def on_error(self, error: p.Error) -> None:
        self.log(f"host: {error.code}: {error.message}")
        if error.code == p.ErrorCode.ILLEGAL.value:
            self.refused += 1
            self._retries += 1
            if self._retries <= 20:
                self._acted_seq = -1  # try again on the latest view
                self._wake.set()

    async def _worker(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._wake.wait()
            self._wake.clear()
            client = self.client
            if client is None or client.view is None:
                continue
            view, seq = client.view, client.seq
            if not view.legal or seq == self._acted_seq:
                continue
            if seq != self._decided_seq:
                self._decided_seq, self._retries = seq, 0
            if self.think_delay and view.phase is not Phase.DEAL:
                await asyncio.sleep(self.think_delay)
                if client.seq != seq:
                    self._wake.set()
                    continue
            action = await loop.run_in_executor(None, self.player.decide, view)
            if action is None:
                continue
            if client.send_action(action) is not None:
                self._acted_seq = seq
                self.actions_sent += 1
