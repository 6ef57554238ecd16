"""The host's connections: accepting them, reading and decoding their lines, sending with a
bound on what may wait unsent, and the limits that end a connection (too many connections, no
hello in time, too much garbage, a flood of messages, a client that does not read).

``Server`` answers what needs no table (a ping, a line that is not a message) and hands every
decoded message to its handler; whatever the handler raises becomes an ``internal`` error for
that connection, never a crash of the host.

No client can stall or starve the others: each connection is served a few messages
(``batch``) at a time, then the others get their turn; a connection sending more than its
rate (a token bucket of ``msg_rate`` messages a second, ``msg_burst`` deep, a watcher's
smaller; actions the table takes are free) is cut off. A client that does not read is
aborted, its unsent data dropped, once more than ``max_send_buffer`` bytes wait for it or it
has not taken what was queued within ``send_deadline``; every connection counts toward
``max_connections`` until its socket is really gone. Connections that have not said hello
have a limit of their own (``max_pending``, the oldest is turned away), so idle sockets never
lock a token holder out.

The public side stays small: every connection speaks TLS (``tls``) and must finish its
handshake and a correct hello (with the table's join secret, when it has one) within
``hello_timeout`` of connecting, or it is dropped; a plain-text client gets nothing back. New
connections are limited per address (``attempts``), a wrong secret costing more. A table bound
to every address listens on IPv6 and IPv4 with one dual-stack socket, on one port.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import os
import socket
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules.cards import Seat
from . import protocol as p
from .settings import HostSettings

# The socket's user-space buffer above which a flush is awaited (and timed).
HIGH_WATER = 64 * 1024


@dataclass(eq=False)
class Connection:
    """One client's socket and what the host counts about it."""

    writer: asyncio.StreamWriter
    peer: str
    decoder: p.ClientDecoder = field(default_factory=p.ClientDecoder)
    seat: Seat | None = None  # set once a hello has given it a seat
    watching: bool = False  # set once a hello has made it a watcher (旁观, no seat)
    errors: int = 0
    illegal_streak: int = 0
    closing: bool = False
    aborted: bool = False
    sent_bytes: int = 0
    heard: bool = False  # a message came after the hello that seated it (or made it a watcher)
    synced_seq: int | None = None  # the seq of the last sync answered
    allowance: float = 0.0  # the rate limit's tokens
    checked_at: float = 0.0  # when they were last counted
    opened_at: float = 0.0
    cut_off: str | None = None  # why the host aborted it
    secure: bool = False  # its TLS handshake is done: before that nothing is sent to it
    log: Callable[[str], None] | None = field(default=None, repr=False)
    _flush: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def address(self) -> str:
        """The peer's address without its port."""
        return self.peer.rpartition(":")[0] or self.peer

    @property
    def pending(self) -> bool:
        """Still waiting for its hello (not seated, not watching, not on its way out)."""
        return self.seat is None and not self.watching and not self.closing

    @property
    def welcomed(self) -> bool:
        """A hello has seated it or made it a watcher."""
        return self.seat is not None or self.watching

    def send(self, message: p.HostMessage, limit: int, deadline: float) -> None:
        """Queue one message; a client with more than ``limit`` bytes unsent, or that takes
        longer than ``deadline`` seconds to read what waits, is aborted."""
        self.send_encoded(p.encode(message), limit, deadline)

    def send_encoded(self, data: bytes, limit: int, deadline: float) -> None:
        """``send`` of a message already encoded (``protocol.encode``): one encoding serves
        every watcher who gets the same update."""
        if self.closing or not self.secure:
            return
        self.sent_bytes += len(data)
        self.writer.write(data)
        waiting = self.writer.transport.get_write_buffer_size()
        if waiting > limit:
            self.abort(f"{waiting} bytes unread")
        elif waiting > HIGH_WATER and self._flush is None:
            self._flush = asyncio.get_running_loop().create_task(self._flushed(deadline))

    async def _flushed(self, deadline: float) -> None:
        try:
            await asyncio.wait_for(self.writer.drain(), deadline)
        except TimeoutError:
            self.abort(f"did not read for {deadline:g} s")
        except (ConnectionError, OSError):
            pass
        finally:
            self._flush = None

    def close(self) -> None:
        """Close after what is queued has been sent (``Server`` aborts it if that takes too
        long)."""
        if not self.closing:
            self.closing = True
            self.writer.close()

    def abort(self, why: str) -> None:
        """Drop the socket now, and whatever waits unsent with it."""
        self.closing = True
        if not self.aborted:
            self.aborted = True
            self.cut_off = why
            self.writer.transport.abort()
            if self.log is not None:
                self.log(f"{self.peer} cut off: {why}")

    def spend(self, now: float, rate: float, burst: int) -> bool:
        """Take one message from the rate limit's bucket: False when it is empty."""
        self.allowance = min(float(burst), self.allowance + (now - self.checked_at) * rate)
        self.checked_at = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


Handler = Callable[[Connection, p.ClientMessage], None]


class Server:
    """Listens for clients; ``handle(conn, message)`` gets each decoded message but pings,
    ``on_closed(conn)`` each connection that ended (after it was closed), ``on_heard(conn)``
    the first message (a ping included) after the hello that welcomed it."""

    def __init__(
        self,
        settings: HostSettings,
        handle: Handler,
        on_closed: Callable[[Connection], None],
        log: Callable[[str], None],
        on_heard: Callable[[Connection], None] | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        """``tls``: the host's context (``tls.HostIdentity.server_context``); None only for
        the plain baseline of ``bench net``."""
        self.settings = settings
        self.handle = handle
        self.on_closed = on_closed
        self.log = log
        self.on_heard = on_heard
        self.conns: set[Connection] = set()
        self.port: int | None = None
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.tls = tls
        self.attempts = Attempts(settings)

    async def start(self, host: str, port: int) -> int:
        """Listen on ``host``; every address ("0.0.0.0", "::" or "") means IPv6 and IPv4
        on one port where the machine has IPv6."""
        loop = asyncio.get_running_loop()

        def protocol() -> asyncio.StreamReaderProtocol:
            return _TlsFirst(asyncio.StreamReader(limit=1 << 16, loop=loop), self._serve, loop)

        sock = dual_stack_socket(port) if host in ("", "0.0.0.0", "::") else None
        if sock is not None:
            self._server = await loop.create_server(protocol, sock=sock)
        else:
            self._server = await loop.create_server(protocol, host or None, port)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.port

    async def close(self) -> None:
        """Stop listening, close every connection (aborting what does not go within a
        second) and wait until each connection's task has ended."""
        if self._server is not None:
            self._server.close()
        for conn in list(self.conns):
            conn.close()
        tasks = set(self._tasks)
        if tasks:
            _, tasks = await asyncio.wait(tasks, timeout=1.0)
        for conn in list(self.conns):
            conn.abort("the host is closing")
        if tasks:
            await asyncio.wait(tasks, timeout=1.0)
        for task in tasks:
            task.cancel()
        if self._server is not None:
            await self._server.wait_closed()

    # ------------------------------------------------------------------ sending

    def send(self, conn: Connection, message: p.HostMessage) -> None:
        conn.send(message, self.settings.max_send_buffer, self.settings.send_deadline)

    def send_encoded(self, conn: Connection, data: bytes) -> None:
        conn.send_encoded(data, self.settings.max_send_buffer, self.settings.send_deadline)

    def garbage(
        self, conn: Connection, code: p.ErrorCode, message: str, ref: int | None = None
    ) -> None:
        """A message the host could not take: an error, and the connection is dropped once
        it has sent ``max_errors`` of them."""
        conn.errors += 1
        if conn.errors >= self.settings.max_errors:
            self.fatal(
                conn, p.ErrorCode.TOO_MANY_ERRORS, f"{conn.errors} bad messages; last: {message}"
            )
            return
        self.send(conn, p.Error(code=code.value, message=message, ref=ref))

    def fatal(self, conn: Connection, code: p.ErrorCode, message: str) -> None:
        """The last message of a connection: the error, then the host closes it."""
        self.send(conn, p.Error(code=code.value, message=message, fatal=True))
        self.log(f"{conn.peer} closed: {code.value}: {message}")
        conn.close()

    # ------------------------------------------------------------------ receiving

    def receive(self, conn: Connection, item: p.ClientMessage | p.ProtocolError) -> None:
        """One decoded line: whatever arrives, the host answers and goes on; a bug becomes an
        ``internal`` error. An action the table took gives its rate token back."""
        first = conn.welcomed and not conn.heard
        if conn.welcomed:
            conn.heard = True
        try:
            if first and self.on_heard is not None:
                self.on_heard(conn)
            if isinstance(item, p.ProtocolError) and item.code is p.ErrorCode.VERSION:
                self.fatal(conn, item.code, item.message)
            elif isinstance(item, p.ProtocolError):
                self.garbage(conn, item.code, item.message)
            elif isinstance(item, p.Ping):
                self.send(conn, p.Pong())
            elif isinstance(item, p.Hello) and not conn.welcomed and not self._secret_ok(item):
                self.attempts.failed(conn.address, asyncio.get_running_loop().time())
                self.fatal(
                    conn, p.ErrorCode.BAD_SECRET, "this code's join secret is not the table's"
                )
            else:
                errors = conn.errors
                self.handle(conn, item)
                if isinstance(item, p.Act) and conn.errors == errors and not conn.illegal_streak:
                    conn.allowance += 1.0  # taken: the match itself bounds these
        except Exception as exc:  # the host never crashes on input
            self.log(f"internal error on {conn.peer}: {exc!r}")
            self.garbage(conn, p.ErrorCode.INTERNAL, "the host could not handle this message")

    def _secret_ok(self, hello: p.Hello) -> bool:
        secret = self.settings.join_secret
        if not secret:
            return True
        given = (hello.secret or "").encode()
        return hmac.compare_digest(given, secret.encode())

    def _admit(self, conn: Connection) -> None:
        """Over a limit, the oldest connection still without a hello is turned away, of the
        address that has most of them (the newcomer only when every other one is seated or
        on its way out): idle sockets cannot keep anyone out who says hello in time."""
        s = self.settings
        others = [c for c in self.conns if c.pending and c is not conn]
        if len(self.conns) <= s.max_connections and len(others) < s.max_pending:
            return
        if not others:
            self.fatal(conn, p.ErrorCode.BUSY, "too many connections")
            return
        by_address: dict[str, list[Connection]] = {}
        for c in others:
            by_address.setdefault(c.address, []).append(c)
        crowd = max(by_address.values(), key=len)
        oldest = min(crowd, key=lambda c: c.opened_at)
        self.fatal(oldest, p.ErrorCode.BUSY, "too many connections waiting for a hello")

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        loop = asyncio.get_running_loop()
        peer = writer.get_extra_info("peername")
        conn = Connection(writer, f"{plain_ip(peer[0])}:{peer[1]}" if peer else "?", log=self.log)
        conn.opened_at = conn.checked_at = loop.time()
        conn.allowance = float(self.settings.msg_burst)
        if not self.attempts.allow(conn.address, conn.opened_at):
            writer.transport.abort()  # nothing said: whoever knocks this often learns nothing
            if task is not None:
                self._tasks.discard(task)
            return
        self.conns.add(conn)
        try:
            self._admit(conn)
            if not await self._handshake(conn):
                return
            await self._read(conn, reader)
        finally:
            try:
                conn.close()
                self.on_closed(conn)
                await self._gone(conn)
            finally:
                self.conns.discard(conn)
                if task is not None:
                    self._tasks.discard(task)

    async def _handshake(self, conn: Connection) -> bool:
        """TLS within the hello's deadline; a connection that does not finish it (a plain-text
        client, a slow one, a wrong one) is dropped without a word."""
        if self.tls is None:
            conn.secure = True
            transport = conn.writer.transport
            assert isinstance(transport, asyncio.ReadTransport)  # paused by _TlsFirst
            transport.resume_reading()
            return True
        left = conn.opened_at + self.settings.hello_timeout - asyncio.get_running_loop().time()
        try:
            await asyncio.wait_for(conn.writer.start_tls(self.tls), max(left, 0.001))
        except (TimeoutError, ssl.SSLError, ConnectionError, OSError) as exc:
            why = "no TLS in time" if isinstance(exc, TimeoutError) else f"no TLS: {exc!r}"
            conn.abort(why[:200])
            return False
        conn.secure = not conn.closing
        return conn.secure

    async def _read(self, conn: Connection, reader: asyncio.StreamReader) -> None:
        s = self.settings
        loop = asyncio.get_running_loop()
        deadline = conn.opened_at + s.hello_timeout
        while not conn.closing:
            try:
                if not conn.welcomed:
                    data = await asyncio.wait_for(reader.read(65536), deadline - loop.time())
                else:
                    data = await reader.read(65536)
            except TimeoutError:
                self.fatal(conn, p.ErrorCode.TIMEOUT, "no hello in time")
                return
            except (ConnectionError, OSError):
                return
            if not data:
                return
            # Split now, decoded and handled one by one, a batch at a time.
            for served, line in enumerate(conn.decoder.lines.feed(data), 1):
                if conn.closing:
                    return
                # a watcher (旁观) has a smaller bucket: it sends little but looks and syncs
                rate, burst = (
                    (s.watcher_msg_rate, s.watcher_msg_burst)
                    if conn.watching
                    else (s.msg_rate, s.msg_burst)
                )
                if not conn.spend(loop.time(), rate, burst):
                    self.fatal(
                        conn,
                        p.ErrorCode.FLOOD,
                        f"more than {rate:g} messages a second (bursts of {burst}); disconnected",
                    )
                    return
                item: p.ClientMessage | p.ProtocolError
                if isinstance(line, p.ProtocolError):
                    item = line
                else:
                    try:
                        item = p.decode_client(line)
                    except p.ProtocolError as exc:
                        item = exc
                self.receive(conn, item)
                if served % s.batch == 0:
                    await asyncio.sleep(0)  # the other connections' turn

    async def _gone(self, conn: Connection) -> None:
        """Until the socket is closed: what is still queued may go out within the deadline,
        then it is aborted."""
        if not conn.aborted:
            try:
                await asyncio.wait_for(conn.writer.wait_closed(), self.settings.send_deadline)
            except TimeoutError:
                conn.abort(f"did not read for {self.settings.send_deadline:g} s")
            except (ConnectionError, OSError):
                pass
        if conn.aborted:
            with contextlib.suppress(ConnectionError, OSError):
                await conn.writer.wait_closed()
        if conn._flush is not None:
            conn._flush.cancel()


class _TlsFirst(asyncio.StreamReaderProtocol):
    """A connection that reads nothing until ``Server._handshake`` has started TLS on it: the
    client's first TLS bytes must reach the TLS layer, not the plain stream's buffer."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.ReadTransport)
        transport.pause_reading()
        super().connection_made(transport)


class Attempts:
    """New connections per address: a token bucket each (``attempt_burst`` deep, refilled at
    ``attempt_rate`` a second); a wrong join secret costs ``secret_cost``. Loopback addresses
    are not counted unless ``limit_loopback``."""

    def __init__(self, settings: HostSettings) -> None:
        self.settings = settings
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def _exempt(self, address: str) -> bool:
        if self.settings.limit_loopback:
            return False
        try:
            return ipaddress.ip_address(address).is_loopback
        except ValueError:
            return False

    def _take(self, address: str, now: float, cost: float) -> bool:
        s = self.settings
        tokens, when = self._buckets.get(address, (float(s.attempt_burst), now))
        tokens = min(float(s.attempt_burst), tokens + (now - when) * s.attempt_rate)
        ok = tokens >= 1.0
        self._buckets[address] = (max(tokens - cost, -float(s.attempt_burst)), now)
        if len(self._buckets) > 4096:  # forget the full ones: they are as new
            full = [a for a, (t, _) in self._buckets.items() if t >= s.attempt_burst - 1]
            for a in full:
                del self._buckets[a]
        return ok

    def allow(self, address: str, now: float) -> bool:
        """One more connection from ``address``: False when it has knocked too often."""
        return self._exempt(address) or self._take(address, now, 1.0)

    def failed(self, address: str, now: float) -> None:
        """A wrong join secret from ``address``."""
        if not self._exempt(address):
            self._take(address, now, float(self.settings.secret_cost))


def plain_ip(address: str) -> str:
    """An IPv4 address met on a dual-stack socket (``::ffff:1.2.3.4``) as plain IPv4."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return str(mapped) if mapped is not None else address


def dual_stack_socket(port: int) -> socket.socket | None:
    """A listening socket on every IPv6 and IPv4 address at once, or None where the
    machine has no IPv6 (the caller then listens on IPv4)."""
    if not socket.has_ipv6:
        return None
    try:
        sock = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    except OSError:
        return None
    try:
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        if os.name == "posix":  # as asyncio does: on Windows it would share a bound port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("::", port))
        sock.listen(100)
        sock.setblocking(False)
    except OSError:
        sock.close()
        return None
    return sock
