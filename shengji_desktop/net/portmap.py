"""Asking the home router to forward the table's port: UPnP IGD (async-upnp-client) first,
then NAT-PMP (RFC 6886, a few UDP bytes, spoken here); the mapping is removed when the table
closes and renewed while it is open.

Why async-upnp-client: pure Python on asyncio (the host's loop), its dependencies (aiohttp and
friends) have wheels for Windows, macOS (both chips) and Linux, about 1.2 MB of wheels in all;
miniupnpc is smaller but a C extension without a macOS x86_64 wheel and a release behind on
macOS arm64. Nothing is sent anywhere but where the caller says: ``igd_location`` (a root
description URL) skips the SSDP search, ``search=False`` forbids it, and ``natpmp`` names the
gateway (None: the default route's, on Linux; elsewhere NAT-PMP is not tried). Tests give the
loopback's fake router.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import ipaddress
import socket
import struct
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

NATPMP_PORT = 5351
LEASE = 7200  # seconds a mapping lives unless renewed (renewed at half that)
DESCRIPTION = "Shengji Desktop table"


_WAN_SERVICES = (
    "urn:schemas-upnp-org:service:WANIPConnection:1",
    "urn:schemas-upnp-org:service:WANIPConnection:2",
    "urn:schemas-upnp-org:service:WANPPPConnection:1",
)


class _AnyHost:
    """The IGD's "any remote host": an empty NewRemoteHost (the library wants ``.exploded``)."""

    exploded = ""


_ANY: Any = _AnyHost()


@dataclass
class MapResult:
    """What the router said: ``how`` is "upnp" or "natpmp" when mapped, "" when not;
    ``detail`` says why not (or what failed before it worked)."""

    how: str
    external_ip: str | None
    external_port: int
    detail: str

    @property
    def mapped(self) -> bool:
        return bool(self.how)


class PortMapper:
    """Maps TCP ``port`` on the router to this machine's ``port``."""

    def __init__(
        self,
        port: int,
        *,
        igd_location: str | None = None,
        search: bool = True,
        natpmp: tuple[str, int] | None | bool = True,
        timeout: float = 3.0,
        lease: int = LEASE,
    ) -> None:
        self.port = port
        self.igd_location = igd_location
        self.search = search
        self.natpmp = natpmp
        self.timeout = timeout
        self.lease = lease
        self.result = MapResult("", None, port, "not tried")
        self._igd: Any = None
        self._internal: str | None = None
        self._natpmp_at: tuple[str, int] | None = None
        self._renew: asyncio.Task[None] | None = None

    async def open(self) -> MapResult:
        """Ask for the mapping; never raises (a router that refuses is a result)."""
        notes = []
        try:
            result = await self._upnp()
        except Exception as exc:  # a router's reply of any shape: reported, not raised
            result = None
            notes.append(f"UPnP: {exc or type(exc).__name__}")
        if result is None and self.natpmp:
            try:
                result = await self._natpmp()
            except Exception as exc:
                notes.append(f"NAT-PMP: {exc or type(exc).__name__}")
        if result is None:
            self.result = MapResult("", None, self.port, "; ".join(notes) or "no router found")
        else:
            result.detail = "; ".join(notes)
            self.result = result
            self._renew = asyncio.get_running_loop().create_task(self._renewing())
        return self.result

    async def close(self) -> None:
        """Remove the mapping (best effort)."""
        if self._renew is not None:
            self._renew.cancel()
        if self.result.how == "upnp" and self._igd is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    self._igd.async_delete_port_mapping(_ANY, self.port, "TCP"), self.timeout
                )
        elif self.result.how == "natpmp" and self._natpmp_at is not None:
            with contextlib.suppress(Exception):
                await _natpmp_map(self._natpmp_at, self.port, 0, self.timeout)
        self.result = MapResult("", None, self.port, "removed")

    async def _renewing(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 2)
            with contextlib.suppress(Exception):
                if self.result.how == "upnp":
                    await self._add_upnp()
                elif self._natpmp_at is not None:
                    await _natpmp_map(self._natpmp_at, self.port, self.lease, self.timeout)

    # ------------------------------------------------------------------ UPnP IGD

    async def _upnp(self) -> MapResult | None:
        location = self.igd_location
        if location is None and self.search:
            location = await self._find_igd()
        if location is None:
            raise OSError("no router answered")
        from async_upnp_client.aiohttp import AiohttpRequester
        from async_upnp_client.client_factory import UpnpFactory
        from async_upnp_client.profiles.igd import IgdDevice

        requester = AiohttpRequester(timeout=int(self.timeout) or 1)
        device = await UpnpFactory(requester, non_strict=True).async_create_device(location)
        self._igd = IgdDevice(device, None)
        if not any(
            service.service_type in _WAN_SERVICES and service.has_action("AddPortMapping")
            for service in device.all_services
        ):
            raise OSError("the router offers no port mapping")
        host = urlparse(location).hostname or "127.0.0.1"
        self._internal = _local_address_towards(host)
        await self._add_upnp()
        external = await self._igd.async_get_external_ip_address()
        return MapResult("upnp", external, self.port, "")

    async def _add_upnp(self) -> None:
        assert self._igd is not None and self._internal is not None
        await self._igd.async_add_port_mapping(
            _ANY,
            self.port,
            "TCP",
            self.port,
            ipaddress.IPv4Address(self._internal),
            True,
            DESCRIPTION,
            datetime.timedelta(seconds=self.lease),
        )

    async def _find_igd(self) -> str | None:
        """The first IGD that answers an SSDP search (multicast on the LAN)."""
        from async_upnp_client.search import async_search

        found: asyncio.Future[str] = asyncio.get_running_loop().create_future()

        async def on_found(headers: Any) -> None:
            if not found.done() and headers.get("location"):
                found.set_result(str(headers["location"]))

        target = "urn:schemas-upnp-org:device:InternetGatewayDevice:1"
        search = asyncio.ensure_future(
            async_search(on_found, timeout=int(self.timeout) or 1, search_target=target)
        )
        try:
            waiting: list[asyncio.Future[Any]] = [found, search]
            await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        finally:
            search.cancel()
        return found.result() if found.done() else None

    # ------------------------------------------------------------------ NAT-PMP

    async def _natpmp(self) -> MapResult | None:
        at = self.natpmp if isinstance(self.natpmp, tuple) else None
        if at is None:
            gateway = default_gateway()
            if gateway is None:
                raise OSError("no default gateway known")
            at = (gateway, NATPMP_PORT)
        external_port = await _natpmp_map(at, self.port, self.lease, self.timeout)
        self._natpmp_at = at
        reply = await _natpmp_request(at, b"\x00\x00", 12, self.timeout)
        external = str(ipaddress.IPv4Address(reply[8:12]))
        return MapResult("natpmp", external, external_port, "")


async def _natpmp_request(at: tuple[str, int], request: bytes, size: int, timeout: float) -> bytes:
    """One NAT-PMP request, retried with a doubling wait (RFC 6886 3.1) within ``timeout``."""
    loop = asyncio.get_running_loop()
    answers: asyncio.Queue[bytes] = asyncio.Queue()

    class _Proto(asyncio.DatagramProtocol):
        def datagram_received(self, data: bytes, addr: Any) -> None:
            answers.put_nowait(data)

    transport, _ = await loop.create_datagram_endpoint(_Proto, remote_addr=at)
    try:
        wait, deadline = 0.25, loop.time() + timeout
        while loop.time() < deadline:
            transport.sendto(request)
            try:
                data = await asyncio.wait_for(answers.get(), min(wait, deadline - loop.time()))
            except TimeoutError:
                wait *= 2
                continue
            if len(data) < size or data[1] != request[1] + 128:
                continue
            result = struct.unpack(">H", data[2:4])[0]
            if result != 0:
                raise OSError(f"the router refused (NAT-PMP result {result})")
            return data
        raise OSError("no answer")
    finally:
        transport.close()


async def _natpmp_map(at: tuple[str, int], port: int, lease: int, timeout: float) -> int:
    """Map TCP ``port`` (``lease`` 0 removes it); the external port the router gave."""
    request = struct.pack(">BBHHHI", 0, 2, 0, port, port, lease)
    reply = await _natpmp_request(at, request, 16, timeout)
    return int(struct.unpack(">H", reply[10:12])[0])


def _local_address_towards(host: str) -> str:
    """This machine's address on the route to ``host`` (no packet is sent: a UDP socket's
    connect only picks the route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect((host, 9))
        return str(s.getsockname()[0])


def default_gateway() -> str | None:
    """The IPv4 default route's gateway, read from /proc/net/route (Linux); None elsewhere."""
    try:
        with open("/proc/net/route", encoding="ascii") as f:
            for line in f.readlines()[1:]:
                fields = line.split()
                if len(fields) > 2 and fields[1] == "00000000":
                    return str(ipaddress.IPv4Address(struct.pack("<I", int(fields[2], 16))))
    except (OSError, ValueError):
        return None
    return None
