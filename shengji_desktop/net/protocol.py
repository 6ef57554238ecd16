"""The LAN wire protocol: message types, line framing with a size bound, strict decoding.

One JSON object per line (UTF-8, ``\\n``-terminated), tagged by ``"t"``. A line longer than the
bound is refused before any parsing and skipped up to its newline. Every client message is
validated against its msgspec schema; anything else becomes a ``ProtocolError`` with a code
from ``ErrorCode`` and an English message naming the fault.

Actions, events and seat views travel in the engine's JSON (``engine.codec``): ``update_of``
writes an update from typed events and a ``SeatView``, ``read_update`` reads them back. The
settled hands of a view (its ``history``, which grows with the match) travel once: an update
carries only those the connection has not had (``history_from``).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Annotated, Any, Literal

import msgspec

from ..engine import codec
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.results import HandResult
from ..engine.view import SeatView

# 2: views and events in the engine's typed JSON (codec), legal moves with card choices.
# 3: an update's view carries only the settled hands the client has not had (history_from).
# 4: the move clock in updates (clock_seat, clock_left); 快捷语 (chat, said: a host message a
#    version 3 client could not read).
# 5: 旁观 — watchers (hello watch, look, shoulder; welcome watching, lobby watchers, update
#    shoulder, said by a watcher), which a version 4 client could not read.
PROTOCOL_VERSION = 7  # 6: TLS on every table, the join secret in the hello; 7: 托管 by expert
# Watchers a table takes at most (``HostSettings.max_watchers`` may say fewer).
MAX_WATCHERS = 8
# What the host accepts from a client: an action with every card of a DL hand fits in 1 KiB.
MAX_CLIENT_LINE = 64 * 1024
# What a client accepts from the host: views grow with the match history.
MAX_HOST_LINE = 4 * 1024 * 1024

SeatName = Literal["S", "E", "N", "W"]
# Printable names only: no control characters that could garble a log or a lobby list.
PlayerName = Annotated[
    str, msgspec.Meta(min_length=1, max_length=32, pattern=r"^[^\x00-\x1f\x7f]+$")
]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Ref = Annotated[int, msgspec.Meta(ge=0, le=2**53)]


class ErrorCode(str, Enum):
    BAD_JSON = "bad_json"  # not UTF-8 JSON
    TOO_LONG = "too_long"  # line over the size bound
    UNKNOWN_TYPE = "unknown_type"  # "t" missing or not a message type
    MALFORMED = "malformed"  # a known type whose fields do not match its schema
    VERSION = "version"  # protocol version not supported (fatal)
    HELLO_FIRST = "hello_first"  # anything before the hello
    ALREADY_SEATED = "already_seated"  # a second hello on one connection
    BAD_TOKEN = "bad_token"  # no seat has this token (fatal)
    TABLE_FULL = "table_full"  # no open seat left (fatal)
    SEAT_TAKEN = "seat_taken"  # the requested seat is not free (fatal)
    NOT_STARTED = "not_started"  # an action before the match started
    NOT_YOUR_SEAT = "not_your_seat"  # an action naming another seat
    TABLE_ACTION = "table_action"  # deal / next hand: only the table takes those
    ILLEGAL = "illegal"  # the rules refuse the action (reason and rule given)
    TOO_MANY_ERRORS = "too_many_errors"  # disconnected for garbage (fatal)
    SUPERSEDED = "superseded"  # the seat reconnected elsewhere with its token (fatal)
    TIMEOUT = "timeout"  # no hello in time (fatal)
    BUSY = "busy"  # too many connections at once (fatal)
    BAD_NAME = "bad_name"  # a name that is not printable plain text (fatal)
    NAME_TAKEN = "name_taken"  # another seat at the table has this name (fatal)
    FLOOD = "flood"  # more messages than the host serves one connection (fatal)
    CHAT_RATE = "chat_rate"  # a 快捷语 phrase too soon after the last one (not fatal)
    BAD_SECRET = "bad_secret"  # the hello lacks the table's join secret (fatal)
    WATCHING = "watching"  # a watcher asked for what only a seat may do (not fatal)
    WATCHERS_FULL = "watchers_full"  # the table has as many watchers as it takes (fatal)
    INTERNAL = "internal"  # a fault of the host; the match is unchanged


class ProtocolError(Exception):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code.value}: {message}")
        self.code = code
        self.message = message


class HistoryGap(ProtocolError):
    """An update that goes on from settled hands the client has not had (it missed one): a
    resync mends it."""


# ------------------------------------------------------------------ client -> host


class _ClientMsg(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, frozen=True):
    pass


class Hello(_ClientMsg, tag="hello", frozen=True):
    """First message of every connection. ``token`` reclaims a seat; ``seat`` asks for one.
    ``watch``: 旁观, no seat — ``seat`` is then the one to watch from (S when None), and
    ``token`` (a watcher's, from its last welcome) replaces a connection of its own that the
    host has not seen go yet."""

    version: int
    name: PlayerName
    token: Token | None = None
    seat: SeatName | None = None
    watch: bool = False
    # The join secret of a table open to the internet (from its invite code).
    secret: Annotated[str, msgspec.Meta(max_length=64)] | None = None


class Ready(_ClientMsg, tag="ready", frozen=True):
    ready: bool = True


class WireAction(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """``codec.action_json`` as a schema: kind, seat, cards, suit, value, taken."""

    a: Annotated[str, msgspec.Meta(max_length=16)]
    s: SeatName | None = None
    c: Annotated[str, msgspec.Meta(max_length=2048)] = ""
    suit: Literal["S", "H", "C", "D"] | None = None
    v: Annotated[int, msgspec.Meta(ge=-1000, le=1000)] | None = None
    t: Annotated[str, msgspec.Meta(max_length=2048)] = ""

    def to_action(self) -> Action:
        """The engine action; raises ProtocolError(MALFORMED) on an unknown kind or card."""
        try:
            return codec.action_from_json(msgspec.to_builtins(self))
        except ValueError as exc:  # codec.CodecError
            raise ProtocolError(ErrorCode.MALFORMED, str(exc)) from None

    @staticmethod
    def of(action: Action) -> WireAction:
        return msgspec.convert(codec.action_json(action), WireAction)


class Act(_ClientMsg, tag="act", frozen=True):
    """An action of the sender's seat; ``ref`` is echoed in the answer (update or error)."""

    action: WireAction
    ref: Ref | None = None


class Sync(_ClientMsg, tag="sync", frozen=True):
    """Ask for a full resync (the seat's view now)."""


class Ping(_ClientMsg, tag="ping", frozen=True):
    pass


class Leave(_ClientMsg, tag="leave", frozen=True):
    """Leave on purpose (the seat stays reserved for the token, like a drop)."""


class Autoplay(_ClientMsg, tag="autoplay", frozen=True):
    """托管: a computer of ``level`` plays the sender's seat at the host from its next decision
    on (``on``), or the person plays again; every seat's lobby shows it."""

    on: bool
    level: Literal["easy", "normal", "hard", "expert"] = "normal"


# 快捷语: the fixed phrases a seat may say, by number (the texts are the ui's); no free text.
CHAT_PHRASES = 8
PhraseNumber = Annotated[int, msgspec.Meta(ge=0, lt=CHAT_PHRASES)]


class Chat(_ClientMsg, tag="chat", frozen=True):
    """快捷语: the sender's seat says phrase ``phrase`` (a number below CHAT_PHRASES; any
    other is malformed); every seat hears it as a ``Said``."""

    phrase: PhraseNumber


class Look(_ClientMsg, tag="look", frozen=True):
    """A watcher watches from behind ``seat`` (over its shoulder, when its player allows)."""

    seat: SeatName


class Shoulder(_ClientMsg, tag="shoulder", frozen=True):
    """A seat's player lets watchers see its hand (``allow``; off until it says so)."""

    allow: bool


ClientMessage = Hello | Ready | Act | Sync | Ping | Leave | Autoplay | Chat | Look | Shoulder
CLIENT_TYPES: dict[str, type[_ClientMsg]] = {
    "hello": Hello,
    "ready": Ready,
    "act": Act,
    "sync": Sync,
    "ping": Ping,
    "leave": Leave,
    "autoplay": Autoplay,
    "chat": Chat,
    "look": Look,
    "shoulder": Shoulder,
}


# ------------------------------------------------------------------ host -> client


class _HostMsg(msgspec.Struct, tag_field="t", frozen=True, omit_defaults=True):
    pass


class Welcome(_HostMsg, tag="welcome", frozen=True):
    """The seat is yours; keep ``token`` secret, it is the only way back into the seat.
    ``watching``: welcomed as a watcher, with no seat (``seat`` is ""; its token only
    replaces a connection of its own)."""

    version: int
    seat: str
    token: str
    name: str
    watching: bool = False


class SeatInfo(msgspec.Struct, frozen=True):
    seat: str
    kind: str  # "open" (a human's seat) or a computer level
    name: str
    ready: bool
    connected: bool  # a human is connected (always False for computer seats)
    standin: bool  # a computer plays for a dropped human
    autoplay: bool = False  # 托管: a computer plays for the connected human, who asked
    shoulder: bool = False  # its player lets watchers see its hand


class Lobby(_HostMsg, tag="lobby", frozen=True):
    table: str
    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    started: bool
    hands: int | None = None  # the host stops after this many hands
    watchers: list[str] = msgspec.field(default_factory=list)  # 旁观: their names, in order


class Update(_HostMsg, tag="update", frozen=True):
    """What changed (``events``, as this seat may see them) and the seat's whole view after it,
    in the codec's JSON (``update_of``; ``read_update`` gives the typed values back).

    ``seq`` counts the match's actions; ``resync`` marks a full resync (no events).
    ``ref`` is set only for the seat whose action caused the update. ``history_from``: the
    view's ``history`` holds the settled hands from this one on; the ones before it are those
    of the client's previous view (sent once, at the hello or a resync)."""

    seq: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    resync: bool = False
    ref: int | None = None
    history_from: int = 0
    # The move clock: ``clock_seat`` must act within ``clock_left`` seconds from when this
    # update arrives (a duration, counted down on the client's own clock; the host decides).
    clock_seat: str | None = None
    clock_left: float | None = None
    # A watcher's update: the seat whose hand the view holds (its player allows it); None:
    # no hand (a watcher's view has ``seat`` = the seat it watches from, and no moves).
    shoulder: str | None = None


class Error(_HostMsg, tag="error", frozen=True):
    """``reason``/``rule``: the rules' typed refusal (code ``illegal``); ``fatal``: the host
    closes the connection after this message."""

    code: str
    message: str
    reason: str | None = None
    rule: str | None = None
    ref: int | None = None
    fatal: bool = False


class Said(_HostMsg, tag="said", frozen=True):
    """快捷语: ``seat`` said phrase number ``phrase``; a watcher's has ``seat`` "" and its
    ``watcher`` name (while a hand is on, only watchers hear a watcher)."""

    seat: str
    phrase: int
    watcher: str | None = None


class Bye(_HostMsg, tag="bye", frozen=True):
    reason: str
    summary: dict[str, Any] | None = None


class Pong(_HostMsg, tag="pong", frozen=True):
    pass


HostMessage = Welcome | Lobby | Update | Error | Said | Bye | Pong


def update_of(
    seq: int,
    events: Sequence[Event],
    view: SeatView,
    *,
    resync: bool = False,
    ref: int | None = None,
    known: int = 0,
    clock: tuple[str, float] | None = None,
    shoulder: str | None = None,
) -> Update:
    """The update for a seat: ``events`` already cut for it (``view.event_for``), its view.
    ``known``: the settled hands the connection has had already, left out of the view."""
    known = min(known, len(view.history))
    if known:
        view = msgspec.structs.replace(view, history=view.history[known:])
    return Update(
        seq=seq,
        events=[codec.event_json(e) for e in events],
        view=codec.view_json(view),
        resync=resync,
        ref=ref,
        history_from=known,
        clock_seat=clock[0] if clock is not None else None,
        clock_left=round(clock[1], 3) if clock is not None else None,
        shoulder=shoulder,
    )


def read_update(
    update: Update, history: tuple[HandResult, ...] = ()
) -> tuple[tuple[Event, ...], SeatView]:
    """The typed events and view of an update; ``history``: the settled hands of the
    client's previous view, which the update goes on from. ProtocolError(MALFORMED) naming
    the fault (``HistoryGap`` when the update goes on from hands the client has not had)."""
    if update.history_from > len(history):
        raise HistoryGap(
            ErrorCode.MALFORMED,
            f"update {update.seq} goes on from settled hand {update.history_from}, "
            f"but this client has {len(history)}",
        )
    try:
        events = tuple(codec.event_from_json(e) for e in update.events)
        view = codec.view_from_json(update.view)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:  # CodecError included
        raise ProtocolError(ErrorCode.MALFORMED, f"malformed update {update.seq}: {exc}") from None
    if update.history_from:
        earlier = history[: update.history_from]
        view = msgspec.structs.replace(view, history=earlier + view.history)
    return events, view


_encoder = msgspec.json.Encoder()


def encode(message: _ClientMsg | _HostMsg) -> bytes:
    """One line of the wire: the message's JSON and a newline."""
    return _encoder.encode(message) + b"\n"


# ------------------------------------------------------------------ framing and decoding


class LineSplitter:
    """Bytes in, complete lines out. A line over ``limit`` bytes (newline excluded) becomes
    one TOO_LONG error, is never buffered whole and is skipped up to its newline."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.buffer = bytearray()
        self.skipping = False

    def feed(self, data: bytes) -> list[bytes | ProtocolError]:
        out: list[bytes | ProtocolError] = []
        self.buffer += data
        while True:
            nl = self.buffer.find(b"\n")
            if nl < 0:
                if not self.skipping and len(self.buffer) > self.limit:
                    out.append(self._too_long())
                    self.skipping = True
                if self.skipping:
                    self.buffer.clear()
                return out
            line = bytes(self.buffer[:nl])
            del self.buffer[: nl + 1]
            if self.skipping:
                self.skipping = False
                continue
            if len(line) > self.limit:
                out.append(self._too_long())
                continue
            if line.strip():
                out.append(line)

    def _too_long(self) -> ProtocolError:
        return ProtocolError(
            ErrorCode.TOO_LONG, f"a message may be at most {self.limit} bytes; skipped"
        )


def _load(line: bytes) -> Any:
    try:
        text = line.decode("utf-8")
        return msgspec.json.decode(text)
    except UnicodeDecodeError as exc:
        raise ProtocolError(ErrorCode.BAD_JSON, f"not UTF-8 text: {exc.reason}") from None
    except (msgspec.DecodeError, RecursionError) as exc:
        raise ProtocolError(ErrorCode.BAD_JSON, f"not JSON: {exc}") from None


def decode_client(line: bytes) -> ClientMessage:
    """Decode and validate one client line; raises ProtocolError with a clear message."""
    if len(line) > MAX_CLIENT_LINE:
        raise ProtocolError(ErrorCode.TOO_LONG, f"a message may be at most {MAX_CLIENT_LINE} bytes")
    data = _load(line)
    if not isinstance(data, dict):
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE, f"a message is a JSON object, not {type(data).__name__}"
        )
    kind = data.get("t")
    cls = CLIENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(CLIENT_TYPES)
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind!r} (expected one of: {known})"
        )
    version = data.get("version")
    if cls is Hello and isinstance(version, int) and version != PROTOCOL_VERSION:
        # Checked before the schema: another version's hello may have other fields.
        raise ProtocolError(
            ErrorCode.VERSION,
            f"protocol version {version} is not supported (this host speaks {PROTOCOL_VERSION})",
        )
    try:
        message: ClientMessage = msgspec.convert(data, cls)  # type: ignore[assignment]
    except msgspec.ValidationError as exc:
        raise ProtocolError(ErrorCode.MALFORMED, f"malformed {kind!r} message: {exc}") from None
    return message


_host_decoder = msgspec.json.Decoder(HostMessage)


def decode_host(line: bytes) -> HostMessage:
    """Decode one host line (the client side); raises ProtocolError."""
    try:
        return _host_decoder.decode(line)
    except msgspec.ValidationError as exc:
        raise ProtocolError(ErrorCode.MALFORMED, f"malformed host message: {exc}") from None
    except (msgspec.DecodeError, RecursionError) as exc:
        raise ProtocolError(ErrorCode.BAD_JSON, f"not JSON: {exc}") from None


class ClientDecoder:
    """The host's decoder for one connection: bytes in, messages or errors out."""

    def __init__(self, limit: int = MAX_CLIENT_LINE) -> None:
        self.lines = LineSplitter(limit)

    def feed(self, data: bytes) -> list[ClientMessage | ProtocolError]:
        out: list[ClientMessage | ProtocolError] = []
        for item in self.lines.feed(data):
            if isinstance(item, ProtocolError):
                out.append(item)
                continue
            try:
                out.append(decode_client(item))
            except ProtocolError as exc:
                out.append(exc)
        return out


class HostDecoder:
    """The client's decoder: bytes from the host in, messages or errors out."""

    def __init__(self, limit: int = MAX_HOST_LINE) -> None:
        self.lines = LineSplitter(limit)

    def feed(self, data: bytes) -> list[HostMessage | ProtocolError]:
        out: list[HostMessage | ProtocolError] = []
        for item in self.lines.feed(data):
            if isinstance(item, ProtocolError):
                out.append(item)
                continue
            try:
                out.append(decode_host(item))
            except ProtocolError as exc:
                out.append(exc)
        return out
