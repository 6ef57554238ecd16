"""Finding tables on the LAN: mDNS/DNS-SD with zeroconf, service type ``_shengji._tcp.local.``.

The host advertises its table (name, game, free seats, port, protocol version) and updates
the free-seat count as people join; ``browse`` lists the tables answering within a timeout and
``pick`` chooses one by name. A table announces only addresses it listens on
(``announced_addresses`` of its bind address: a table bound to 127.0.0.1 is not offered to the
LAN). ``interfaces`` restricts where multicast goes (zeroconf's InterfaceChoice or a list of
IPv4 addresses); the tests run both ends inside a network namespace of their own.
"""

from __future__ import annotations

import asyncio
import re
import socket
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from .protocol import PROTOCOL_VERSION

SERVICE_TYPE = "_shengji._tcp.local."
Interfaces = InterfaceChoice | list[str]


@dataclass(frozen=True)
class FoundTable:
    name: str  # the advertised table name
    address: str  # IPv4 address to connect to
    port: int
    game: str
    free: int  # open seats nobody has taken
    version: int  # protocol version
    fingerprint: bytes = b""  # the SHA-256 of the table's certificate, pinned when joined
    watching: int = 0  # 旁观: how many watch it (a table of an older version: 0)
    started: bool = False  # the match is under way (only watchers may come)

    @property
    def compatible(self) -> bool:
        return self.version == PROTOCOL_VERSION


def _instance(table: str, port: int) -> str:
    # DNS-SD instance names are free text up to 63 bytes; the port keeps two tables of one
    # machine apart.
    label = re.sub(r"[.\x00-\x1f]", " ", table).strip() or "shengji"
    label = label.encode("utf-8")[:50].decode("utf-8", "ignore")
    return f"{label} :{port}.{SERVICE_TYPE}"


ANY = ("", "0.0.0.0", "::")  # bind addresses that listen on every interface


def machine_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces but loopback ones."""
    return sorted(
        {
            str(ip.ip)
            for adapter in ifaddr.get_adapters()
            for ip in adapter.ips
            if ip.is_IPv4 and not str(ip.ip).startswith("127.")
        }
    )


def announced_addresses(bind: str) -> list[str]:
    """The IPv4 addresses a table listening on ``bind`` can be reached at, and so the only
    ones it may announce: every address of the machine for a wildcard bind (loopback if it
    has no other), else the bind address itself (a host name resolved). ValueError if
    ``bind`` is not an IPv4 address or name."""
    if bind in ANY:
        return machine_addresses() or ["127.0.0.1"]
    try:
        infos = socket.getaddrinfo(bind, None, socket.AF_INET, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise ValueError(f"cannot announce {bind!r}: not an IPv4 address or name") from None
    return sorted({str(info[4][0]) for info in infos})


def _local_addresses(interfaces: Interfaces, bind: str = "0.0.0.0") -> list[bytes]:
    """The IPv4 addresses to announce: the given ones, or every one the table listens on."""
    if isinstance(interfaces, list):
        return [socket.inet_aton(a) for a in interfaces]
    return [socket.inet_aton(a) for a in announced_addresses(bind)]


class Advertiser:
    """Announces one table until ``close()``."""

    def __init__(
        self,
        table: str,
        port: int,
        game: str,
        free: int,
        interfaces: Interfaces = InterfaceChoice.All,
        *,
        bind: str = "0.0.0.0",
        fingerprint: bytes = b"",
    ) -> None:
        """``bind``: the address the table listens on; with a single one, the announcement
        names it and goes out on its interface only. ``fingerprint``: the table's certificate's,
        announced so that a join from the table list pins it (issue 39)."""
        self.table, self.port, self.game = table, port, game
        self.fingerprint = fingerprint
        if bind not in ANY and not isinstance(interfaces, list):
            interfaces = announced_addresses(bind)
        self.interfaces = interfaces
        self.bind = bind
        self._zc: AsyncZeroconf | None = None
        self.free, self.watching, self.started = free, 0, False
        self._info = self._make_info()

    def _make_info(self) -> AsyncServiceInfo:
        return AsyncServiceInfo(
            SERVICE_TYPE,
            _instance(self.table, self.port),
            addresses=_local_addresses(self.interfaces, self.bind),
            port=self.port,
            properties={
                "table": self.table,
                "game": self.game,
                "free": str(self.free),
                "version": str(PROTOCOL_VERSION),
                "watching": str(self.watching),
                "started": "1" if self.started else "0",
                **({"fp": self.fingerprint.hex()} if self.fingerprint else {}),
            },
            server=f"shengji-{self.port}.local.",
        )

    async def start(self) -> None:
        self._zc = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        await self._zc.async_register_service(self._info, allow_name_change=True)

    async def update(self, free: int, watching: int = 0, started: bool = False) -> None:
        """Announce the table's open seats, watchers and whether its match is under way (as
        they change: a lobby update); nothing is sent when none of them changed."""
        if (free, watching, started) == (self.free, self.watching, self.started):
            return
        self.free, self.watching, self.started = free, watching, started
        info = self._make_info()
        info.name = self._info.name  # keep the name zeroconf settled on
        self._info = info
        if self._zc is not None:
            await self._zc.async_update_service(info)

    async def close(self) -> None:
        if self._zc is not None:
            await self._zc.async_unregister_all_services()
            await self._zc.async_close()
            self._zc = None


def _text(props: dict[bytes, bytes | None], key: str) -> str:
    value = props.get(key.encode())
    return value.decode("utf-8", "replace") if value else ""


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return -1


async def browse(
    timeout: float = 2.0, interfaces: Interfaces = InterfaceChoice.All
) -> list[FoundTable]:
    """Tables answering within ``timeout`` seconds, sorted by name."""
    azc = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    names: set[str] = set()

    def on_change(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is not ServiceStateChange.Removed:
            names.add(name)

    browser = AsyncServiceBrowser(azc.zeroconf, SERVICE_TYPE, handlers=[on_change])
    found: dict[str, FoundTable] = {}
    try:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            await asyncio.sleep(min(0.1, max(0.0, end - loop.time())))
            for name in sorted(names - set(found)):
                info = AsyncServiceInfo(SERVICE_TYPE, name)
                if not await info.async_request(azc.zeroconf, 500):
                    continue
                table = _table_of(info)
                if table is not None:
                    found[name] = table
    finally:
        await browser.async_cancel()
        await azc.async_close()
    return sorted(found.values(), key=lambda t: (t.name, t.address, t.port))


def _table_of(info: Any) -> FoundTable | None:
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or info.port is None:
        return None
    props = info.properties or {}
    return FoundTable(
        name=_text(props, "table"),
        address=addresses[0],
        port=int(info.port),
        game=_text(props, "game"),
        free=_int(_text(props, "free")),
        version=_int(_text(props, "version")),
        fingerprint=_fingerprint(_text(props, "fp")),
        watching=max(0, _int(_text(props, "watching"))),
        started=_text(props, "started") == "1",
    )


def _fingerprint(text: str) -> bytes:
    """An announced fingerprint: 32 bytes in hex, else none (nothing is pinned then)."""
    try:
        fp = bytes.fromhex(text)
    except ValueError:
        return b""
    return fp if len(fp) == 32 else b""


def pick(tables: list[FoundTable], name: str) -> FoundTable:
    """The one table called ``name`` among those found; ValueError saying what was found
    when none is, or several are (then the address must be given)."""
    named = [t for t in tables if t.name == name]
    if not named:
        seen = ", ".join(repr(t.name) for t in tables) or "none"
        raise ValueError(f"no table called {name!r} answered (found: {seen})")
    if len(named) > 1:
        where = ", ".join(f"{t.address}:{t.port}" for t in named)
        raise ValueError(f"several tables are called {name!r} ({where}): give HOST:PORT")
    table = named[0]
    if not table.compatible:
        raise ValueError(
            f"table {name!r} speaks protocol {table.version}, this program {PROTOCOL_VERSION}"
        )
    return table


def browse_tables(timeout: float = 2.0) -> list[FoundTable]:
    """``browse`` for callers without an event loop (runs its own)."""
    return asyncio.run(browse(timeout))
