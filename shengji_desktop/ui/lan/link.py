"""The bridge from the window to LAN play (shengji_desktop.net, which knows no Qt).

``RemoteLink`` is a ``Session``'s link to a LAN table: a ``ThreadedClient`` whose updates
(typed events and the seat's view, decoded by the engine's codec) reach the session like a
local table's; lobby and connection news are Qt signals of the link, queued to the GUI
thread. A link made with ``watch`` is a watcher's (旁观): no seat (the session's ``human``
is None), the view from the seat it ``look``s from. Hosting a table is ``hosting``'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QSettings, Signal

from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.table import Player
from shengji_desktop.engine.view import SeatView
from shengji_desktop.net import protocol as p
from shengji_desktop.net.client import ClientListener, TableClient, ThreadedClient
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import Game

from ..i18n import Said, said, tr
from ..session.session import Session, autoplay_marker
from ..texts import kind_name, reason_text

SEAT_KINDS = ("open", "easy", "normal", "hard", "expert")
TOKEN_KEY = "lan/tokens"


# ---------------------------------------------------------------------- seat tokens


def saved_token(address: str, port: int, settings: QSettings | None = None) -> str | None:
    """The token of the seat last held at that table (to rejoin after a crash)."""
    value = (settings or QSettings()).value(f"{TOKEN_KEY}/{address}:{port}")
    return str(value) if value else None


def save_token(
    address: str, port: int, token: str | None, settings: QSettings | None = None
) -> None:
    s = settings or QSettings()
    key = f"{TOKEN_KEY}/{address}:{port}"
    if token:
        s.setValue(key, token)
    else:
        s.remove(key)
    s.sync()


def parse_address(text: str) -> tuple[str, int]:
    """``host:port`` (IPv4 or a name); raises ValueError with a readable message."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host:
        raise ValueError(tr("Write the address as host:port, e.g. 192.168.1.20:47000."))
    try:
        number = int(port)
    except ValueError:
        raise ValueError(tr("The port must be a number.")) from None
    if not 0 < number < 65536:
        raise ValueError(tr("The port must be between 1 and 65535."))
    return host.strip("[]"), number


# ---------------------------------------------------------------------- playing a seat


class _ClientEvents(ClientListener):
    """Client-thread callbacks: updates to the session, the rest re-emitted as signals
    (queued to the GUI thread)."""

    def __init__(self, link: RemoteLink) -> None:
        self.link = link

    def on_connection(self, connected: bool, detail: str) -> None:
        self.link._connection.emit(connected, detail)

    def on_welcome(self, welcome: p.Welcome) -> None:
        self.link._welcome.emit(welcome)

    def on_lobby(self, lobby: p.Lobby) -> None:
        self.link._lobby.emit(lobby)

    def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        self.link._update.emit(update, events, view)

    def on_error(self, error: p.Error) -> None:
        self.link._error.emit(error)

    def on_bye(self, bye: p.Bye) -> None:
        self.link._bye.emit(bye)

    def on_said(self, said: p.Said) -> None:
        self.link._said.emit(said)


def host_error_text(error: p.Error) -> str:
    """The host's refusal in words (``Said``: again after a change of language): for an
    illegal action the rules' reason and rule."""
    if error.code == p.ErrorCode.ILLEGAL.value and error.reason and error.rule:
        try:
            reason = Reason(error.reason)
        except ValueError:
            return f"{error.message} [{error.rule}]"
        refused = RuleError(reason, error.rule, error.message)
        return Said(lambda: reason_text(refused))
    return said(
        lambda: tr("The host refused: {message} ({code})").format(
            message=error.message, code=error.code
        )
    )


class RemoteLink(QObject):
    """A session's link to one seat of a LAN table (see ``session.Link``). The host is the
    referee: every state comes from its updates; the host starts the next hand by itself."""

    lobby_changed = Signal(object)  # p.Lobby
    connection_changed = Signal(bool, str)  # connected, detail
    ended = Signal(str)  # the table is over for this client: why
    # The host's move clock: the seat on it (None: none) and its seconds left at arrival.
    clock_changed = Signal(object, float)
    said = Signal(object, int)  # 快捷语: the seat, the phrase number
    watcher_said = Signal(str, int)  # 快捷语 of a watcher: its name, the phrase number
    chat_refused = Signal(str)  # 快捷语 too soon: the host's words

    # from the client thread (private; queued to the GUI thread)
    _connection = Signal(bool, str)
    _welcome = Signal(object)
    _lobby = Signal(object)
    _update = Signal(object, object, object)
    _error = Signal(object)
    _bye = Signal(object)
    _said = Signal(object)
    _end = Signal()

    remote = True

    def __init__(
        self,
        address: str,
        port: int,
        name: str,
        *,
        token: str | None = None,
        seat: str | None = None,
        reconnect_for: float = 60.0,
        remember: bool = True,
        watch: bool = False,
        fingerprint: bytes | None = None,
        secret: str | None = None,
        addresses: Sequence[tuple[str, int]] = (),
        parent: QObject | None = None,
    ) -> None:
        """``watch``: 旁观, no seat, watching from ``seat`` (S when None); nothing is
        remembered of it (a watcher's token only replaces its own lost connection).
        An invite code's ``fingerprint`` (the certificate pinned; or the one a table of the
        LAN list announced), join ``secret`` and ``addresses``, tried in order after
        ``address``."""
        super().__init__(parent)
        self.address, self.port, self.name = address, port, name
        self.pinned = fingerprint is not None
        self.coded = secret is not None  # pinned by an invite code (else by the LAN's list)
        tried = [(address, port)] + [a for a in addresses if a != (address, port)]
        self.tried = [f"[{h}]:{n}" if ":" in h else f"{h}:{n}" for h, n in tried]
        self.welcomed = False
        self.watching = watch
        self.looking = Seat[seat] if watch and seat is not None else Seat.S
        self.shoulder = False  # our seat's hand is shown to watchers (we allow it)
        self.remember = remember and not watch
        self.client = TableClient(
            address,
            port,
            name,
            token=token,
            seat=seat,
            listener=_ClientEvents(self),
            reconnect_for=reconnect_for,
            watch=watch,
            fingerprint=fingerprint,
            secret=secret,
            addresses=tried,
        )
        self.threaded = ThreadedClient(self.client, on_end=self._end.emit)
        self.seat: Seat | None = None
        self.token = token
        self.lobby: p.Lobby | None = None
        self.seq = -1
        self.connected = False
        # what the status line says, again in another language (``Said``)
        self.status: str = Said(
            lambda: tr("Connecting to {address}:{port}…").format(address=address, port=port)
        )
        self.errors: list[p.Error] = []
        self.session: Session | None = None
        self._connection.connect(self._on_connection)
        self._welcome.connect(self._on_welcome)
        self._lobby.connect(self._on_lobby)
        self._update.connect(self._on_update)
        self._error.connect(self._on_error)
        self._bye.connect(self._on_bye)
        self._end.connect(self._on_end)
        self._said.connect(self._on_said)

    # ------------------------------------------------------------------ the link

    def start(self, session: Session) -> None:
        self.session = session
        if not self.threaded.started and self.threaded.result is None:
            self.threaded.start()

    def submit(self, action: Action) -> None:
        if not self.connected:
            if self.session is not None:
                self.session.refuse(
                    tr("Not connected to the host: {status}").format(status=self.status)
                )
            return
        self.threaded.send_action(action)

    def next_hand(self) -> bool:
        """The host starts the next hand by itself."""
        return False

    def set_autoplay(self, player: Player | None, level: str = "normal") -> bool:
        """托管 at a LAN table: the host is told and its computer plays the seat (every seat's
        plate shows it). False when not connected (switching off still counts: a seat that
        comes back is the person's)."""
        if not self.connected:
            return False
        self.threaded.set_autoplay(player is not None, level)
        return True

    def caught_up(self, shown: int) -> None:
        """The host does not wait for this window's animations."""

    def shutdown(self) -> None:
        self.threaded.stop()

    def flush_save(self) -> None:
        """The host keeps the save of a LAN table."""

    def send_chat(self, phrase: int) -> bool:
        """快捷语: say phrase number ``phrase`` to the table; False when not connected."""
        if not self.connected:
            return False
        self.threaded.send_chat(phrase)
        return True

    def set_ready(self, ready: bool = True) -> None:
        self.threaded.set_ready(ready)

    def set_shoulder(self, allow: bool) -> bool:
        """Let watchers see our seat's hand (the host enforces it; off until asked, and asked
        again after a blip); False when not connected."""
        self.shoulder = allow
        if not self.connected:
            return False
        self.threaded.set_shoulder(allow)
        return True

    def look(self, seat: Seat) -> bool:
        """A watcher watches from behind ``seat`` now; False when not connected."""
        self.looking = seat
        if not self.connected:
            return False
        self.threaded.look(seat.name)
        return True

    @property
    def peer_fingerprint(self) -> bytes:
        """The fingerprint of the certificate the table showed (empty: not connected yet)."""
        return self.client.peer_fingerprint

    @property
    def watchers(self) -> list[str]:
        """Who watches the table (旁观), by name."""
        return list(self.lobby.watchers) if self.lobby is not None else []

    def seat_info(self, seat: Seat) -> p.SeatInfo | None:
        if self.lobby is None:
            return None
        return next((s for s in self.lobby.seats if s.seat == seat.name), None)

    def kind_of(self, seat: Seat) -> str:
        info = self.seat_info(seat)
        if info is None or info.kind == "open":
            return "human"
        return info.kind

    def caption(self, seat: Seat) -> str:
        """The plate's second line: a person's name, or the computer's level."""
        info = self.seat_info(seat)
        if info is None:
            return ""
        if info.kind != "open":
            return kind_name(info.kind)
        if info.standin or info.autoplay:
            return f"{info.name} ({autoplay_marker()})"
        if not info.connected:
            away = tr("away")
            return f"{info.name} ({away})" if info.name else tr("open")
        if info.shoulder:  # its player lets watchers see the hand: everyone's plate says so
            shown = tr("hand shown")  # to watchers, by this player's leave
            return f"{info.name} · {shown}"
        return info.name

    @property
    def game(self) -> Game | None:
        return Game(self.lobby.game) if self.lobby is not None else None

    # ------------------------------------------------------------------ from the host

    def _on_connection(self, connected: bool, detail: str) -> None:
        self.connected = connected
        if connected:
            address, port = self.address, self.port
            self.status = Said(
                lambda: tr("Connected to {address}:{port}").format(address=address, port=port)
            )
        else:
            self.status = Said(
                lambda: tr("Connection lost ({detail}); reconnecting…").format(detail=detail)
            )
            if self.session is not None:
                self.session.unanswered()
        self.connection_changed.emit(connected, self.status)

    def _on_welcome(self, welcome: p.Welcome) -> None:
        self.token = welcome.token
        self.welcomed = True
        if welcome.watching:  # 旁观: no seat (its hello says where it looks from)
            self.seat = None
            return
        self.seat = Seat[welcome.seat]
        if self.remember:
            save_token(self.address, self.port, welcome.token)
        s = self.session
        if s is not None and s.autoplay is not None:  # back after a blip: 托管 goes on
            self.threaded.set_autoplay(True, s.autoplay_level)
        if self.shoulder:  # so does showing the hand to watchers
            self.threaded.set_shoulder(True)

    def _on_said(self, said: p.Said) -> None:
        if said.watcher is not None:
            self.watcher_said.emit(said.watcher, said.phrase)
        elif said.seat in Seat.__members__:
            self.said.emit(Seat[said.seat], said.phrase)

    def _on_lobby(self, lobby: p.Lobby) -> None:
        self.lobby = lobby
        self.lobby_changed.emit(lobby)

    def _on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        if update.seq < self.seq and not update.resync:
            return  # an older state arriving late
        self.seq = update.seq
        if self.session is not None:
            self.session.deliver(events, view)
        seat = Seat[update.clock_seat] if update.clock_seat is not None else None
        self.clock_changed.emit(seat, update.clock_left or 0.0)

    def _on_error(self, error: p.Error) -> None:
        self.errors.append(error)
        if error.code == p.ErrorCode.BAD_TOKEN.value:
            save_token(self.address, self.port, None)
            if self.session is not None:
                self.session.refuse(
                    tr("The saved seat no longer exists at this table; join again.")
                )
            return
        text = host_error_text(error)
        if error.code == p.ErrorCode.CHAT_RATE.value:  # not about the seat's action
            self.chat_refused.emit(text)
            return
        if error.fatal:
            self.status = text
            self.connection_changed.emit(False, text)
        if self.session is not None:
            self.session.refuse(text)

    def _on_bye(self, bye: p.Bye) -> None:
        if self.session is not None:
            self.session.finished = True
        if self.remember:
            save_token(self.address, self.port, None)
        self.status = Said(lambda: tr("The table has ended: {reason}").format(reason=bye.reason))
        self.connection_changed.emit(False, self.status)

    def _on_end(self) -> None:
        error = self.threaded.error
        if error is not None:
            why = str(error) or type(error).__name__
            self.status = Said(lambda: tr("Left the table: {why}").format(why=why))
            if not self.welcomed:  # never in: say where it was looked for
                tried = ", ".join(self.tried)
                self.status = Said(
                    lambda: tr("Could not join at {addresses}: {why}").format(
                        addresses=tried, why=why
                    )
                )
        elif self.threaded.result is not None and self.threaded.result.startswith("bye"):
            pass  # status says why already
        else:
            self.status = Said(lambda: tr("Left the table"))
        self.connected = False
        self.connection_changed.emit(False, self.status)
        self.ended.emit(self.status)
