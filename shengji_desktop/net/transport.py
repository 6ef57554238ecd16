"""The host's connections: accepting them, reading and decoding their lines, sending with a
bound on what may wait unsent, and the limits that end a connection (too many connections, no
hello in time, too much garbage).

``Server`` answers what needs no table (a ping, a line that is not a message) and hands every
decoded message to its handler; whatever the handler raises becomes an ``internal`` error for
that connection, never a crash of the host.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules.cards import Seat
from . import protocol as p
from .settings import HostSettings


@dataclass(eq=False)
class Connection:
    """One client's socket and what the host counts about it."""

    writer: asyncio.StreamWriter
    peer: str
    decoder: p.ClientDecoder = field(default_factory=p.ClientDecoder)
    seat: Seat | None = None  # set once a hello has given it a seat
    errors: int = 0
    illegal_streak: int = 0
    closing: bool = False
    sent_bytes: int = 0

    def send(self, message: p.HostMessage, limit: int) -> None:
        """Queue one message; a client with more than ``limit`` bytes unsent is dropped."""
        if self.closing:
            return
        data = p.encode(message)
        self.sent_bytes += len(data)
        self.writer.write(data)
        if self.writer.transport.get_write_buffer_size() > limit:
            self.close()

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.writer.close()


Handler = Callable[[Connection, p.ClientMessage], None]


class Server:
    """Listens for clients; ``handle(conn, message)`` gets each decoded message but pings,
    ``on_closed(conn)`` each connection that ended (after it was closed)."""

    def __init__(
        self,
        settings: HostSettings,
        handle: Handler,
        on_closed: Callable[[Connection], None],
        log: Callable[[str], None],
    ) -> None:
        self.settings = settings
        self.handle = handle
        self.on_closed = on_closed
        self.log = log
        self.conns: set[Connection] = set()
        self.port: int | None = None
        self._server: asyncio.Server | None = None

    async def start(self, host: str, port: int) -> int:
        self._server = await asyncio.start_server(self._serve, host, port)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.port

    async def close(self) -> None:
        for conn in list(self.conns):
            conn.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    # ------------------------------------------------------------------ sending

    def send(self, conn: Connection, message: p.HostMessage) -> None:
        conn.send(message, self.settings.max_send_buffer)

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
        ``internal`` error."""
        try:
            if isinstance(item, p.ProtocolError) and item.code is p.ErrorCode.VERSION:
                self.fatal(conn, item.code, item.message)
            elif isinstance(item, p.ProtocolError):
                self.garbage(conn, item.code, item.message)
            elif isinstance(item, p.Ping):
                self.send(conn, p.Pong())
            else:
                self.handle(conn, item)
        except Exception as exc:  # the host never crashes on input
            self.log(f"internal error on {conn.peer}: {exc!r}")
            self.garbage(conn, p.ErrorCode.INTERNAL, "the host could not handle this message")

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        conn = Connection(writer, f"{peer[0]}:{peer[1]}" if peer else "?")
        self.conns.add(conn)
        if len(self.conns) > self.settings.max_connections:
            self.fatal(conn, p.ErrorCode.BUSY, "too many connections")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.hello_timeout
        try:
            while not conn.closing:
                try:
                    if conn.seat is None:
                        data = await asyncio.wait_for(reader.read(65536), deadline - loop.time())
                    else:
                        data = await reader.read(65536)
                except TimeoutError:
                    self.fatal(conn, p.ErrorCode.TIMEOUT, "no hello in time")
                    break
                except (ConnectionError, OSError):
                    break
                if not data:
                    break
                for item in conn.decoder.feed(data):
                    if conn.closing:
                        break
                    self.receive(conn, item)
        finally:
            self.conns.discard(conn)
            conn.close()
            self.on_closed(conn)
