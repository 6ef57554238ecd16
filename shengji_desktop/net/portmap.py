"""Asking the home router to forward the table's port: UPnP IGD first, then PCP (RFC 6887, in
``pcp``), then NAT-PMP (RFC 6886) where the router answers PCP with "unsupported version";
the mapping is removed when the table closes and renewed while it is open. All are spoken
here with the standard library, on the host's asyncio loop.

Why no library: async-upnp-client (pure Python) brings the aiohttp stack, about 12 MB in the
frozen app, which would take it over its 130 MB budget (startup_bench.BUNDLE_TARGET_MB);
miniupnpc is a C extension without a macOS x86_64 wheel. The part of UPnP a table needs is
small: an SSDP M-SEARCH over UDP, the router's device description over HTTP, the controlURL
of its WANIPConnection:1/2 or WANPPPConnection:1 service, and three SOAP actions
(AddPortMapping, DeletePortMapping, GetExternalIPAddress).

The router's answers are untrusted (anyone on the LAN can answer a search): XML with a DTD or
entities is refused before it is parsed, every reply has a size cap and every exchange a
timeout, only http URLs are fetched, and the description and control URL must be on the
address that answered. Nothing is sent anywhere but where the caller says: ``igd_location`` (a
root description URL) skips the SSDP search, ``search=False`` forbids it, ``ssdp`` is where
the search goes (the UPnP multicast group; tests give a fake on the loopback), and ``natpmp``
names the gateway that PCP and NAT-PMP are asked at (True: the default route's, on Linux;
elsewhere neither is tried); ``pcp=False`` goes to NAT-PMP directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import struct
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit
from xml.sax.saxutils import escape

from .pcp import PcpMapping, PcpUnsupported, new_nonce, pcp_map, udp_exchange

NATPMP_PORT = 5351
LEASE = 7200  # seconds a mapping lives unless renewed (renewed at half that)
DESCRIPTION = "Shengji Desktop table"
SSDP_GROUP = ("239.255.255.250", 1900)
MAX_HEAD = 16 * 1024  # bytes of an HTTP reply's status line and headers
MAX_BODY = 256 * 1024  # bytes of a description or SOAP reply (a router's are a few KB)

_GATEWAYS = (
    "urn:schemas-upnp-org:device:InternetGatewayDevice:1",
    "urn:schemas-upnp-org:device:InternetGatewayDevice:2",
)
_WAN_SERVICES = (  # in the order they are tried
    "urn:schemas-upnp-org:service:WANIPConnection:1",
    "urn:schemas-upnp-org:service:WANIPConnection:2",
    "urn:schemas-upnp-org:service:WANPPPConnection:1",
)
_ONLY_PERMANENT = "725"  # OnlyPermanentLeasesSupported: an IGD:1 that wants lease 0


@dataclass
class MapResult:
    """What the router said: ``how`` is "upnp", "pcp" or "natpmp" when mapped, "" when not;
    ``detail`` says why not (or what failed before it worked)."""

    how: str
    external_ip: str | None
    external_port: int
    detail: str

    @property
    def mapped(self) -> bool:
        return bool(self.how)


@dataclass(frozen=True)
class WanService:
    """The router's service that maps ports: its type and SOAP control URL."""

    service_type: str
    control_url: str


class PortMapper:
    """Maps TCP ``port`` on the router to this machine's ``port``."""

    def __init__(
        self,
        port: int,
        *,
        igd_location: str | None = None,
        search: bool = True,
        ssdp: tuple[str, int] = SSDP_GROUP,
        natpmp: tuple[str, int] | None | bool = True,
        timeout: float = 3.0,
        lease: int = LEASE,
        pcp: bool = True,
    ) -> None:
        self.port = port
        self.igd_location = igd_location
        self.search = search
        self.ssdp = ssdp
        self.natpmp = natpmp
        self.timeout = timeout
        self.lease = lease
        self.pcp = pcp
        self.result = MapResult("", None, port, "not tried")
        self._igd: WanService | None = None
        self._internal: str | None = None
        self._natpmp_at: tuple[str, int] | None = None
        self._nonce = new_nonce()  # PCP's: the same one renews and deletes the mapping
        self._granted = lease  # the lifetime the router gave (PCP may give less than asked)
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
            result = await self._pcp_or_natpmp(notes)
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
                await soap(self._igd, "DeletePortMapping", self._which(), self.timeout)
        elif self.result.how == "pcp" and self._natpmp_at is not None:
            with contextlib.suppress(Exception):
                await self._pcp_map(self._natpmp_at, 0)
        elif self.result.how == "natpmp" and self._natpmp_at is not None:
            with contextlib.suppress(Exception):
                await _natpmp_map(self._natpmp_at, self.port, 0, self.timeout)
        self.result = MapResult("", None, self.port, "removed")

    async def _renewing(self) -> None:
        while True:
            await asyncio.sleep(max(1, min(self.lease, self._granted)) / 2)
            with contextlib.suppress(Exception):
                if self.result.how == "upnp" and self._igd is not None:
                    await self._add_upnp(self._igd)
                elif self.result.how == "pcp" and self._natpmp_at is not None:
                    await self._pcp_map(self._natpmp_at, self.lease)
                elif self._natpmp_at is not None:
                    await _natpmp_map(self._natpmp_at, self.port, self.lease, self.timeout)

    # ------------------------------------------------------------------ UPnP IGD

    async def _upnp(self) -> MapResult | None:
        location = self.igd_location
        if location is None and self.search:
            location = await ssdp_search(self.ssdp, self.timeout)
        if location is None:
            raise OSError("no router answered")
        status, data = await http_request(location, self.timeout)
        if status != 200:
            raise OSError(f"the router's description: HTTP {status}")
        services = wan_services(location, parse_xml(data))
        if not services:
            raise OSError("the router offers no port mapping")
        self._internal = _local_address_towards(urlsplit(location).hostname or "127.0.0.1")
        refusals = []
        for service in services:  # a router may list a connection that is down: the next
            try:
                await self._add_upnp(service)
            except UpnpRefused as exc:
                refusals.append(str(exc))
                continue
            self._igd = service
            return MapResult("upnp", await self._external_ip(service), self.port, "")
        raise OSError("; ".join(refusals))

    async def _add_upnp(self, service: WanService) -> None:
        assert self._internal is not None
        args = [
            *self._which(),
            ("NewInternalPort", str(self.port)),
            ("NewInternalClient", self._internal),
            ("NewEnabled", "1"),
            ("NewPortMappingDescription", DESCRIPTION),
        ]
        for lease in (self.lease, 0):  # 0: permanent, for a router that takes nothing else
            try:
                await soap(
                    service,
                    "AddPortMapping",
                    [*args, ("NewLeaseDuration", str(lease))],
                    self.timeout,
                )
                return
            except UpnpRefused as exc:
                if exc.code != _ONLY_PERMANENT or lease == 0:
                    raise

    async def _external_ip(self, service: WanService) -> str | None:
        """The router's address on the internet, if it says one (the mapping stands without)."""
        try:
            out = await soap(service, "GetExternalIPAddress", [], self.timeout)
            return str(ipaddress.ip_address(out.get("NewExternalIPAddress", "")))
        except Exception:  # any failure, or no address: none known
            return None

    def _which(self) -> list[tuple[str, str]]:
        """The arguments that name the mapping: any remote host, the port, TCP."""
        return [("NewRemoteHost", ""), ("NewExternalPort", str(self.port)), ("NewProtocol", "TCP")]

    # ------------------------------------------------------------------ PCP, NAT-PMP

    async def _pcp_or_natpmp(self, notes: list[str]) -> MapResult | None:
        """PCP first, NAT-PMP only where the router says it speaks no PCP (RFC 6887 §9): a
        PCP router that refuses or a gateway that is silent is not asked twice."""
        try:
            at = self._gateway()
            if self.pcp:
                return await self._pcp(at)
        except PcpUnsupported as exc:
            notes.append(f"PCP: {exc}")
        except Exception as exc:
            notes.append(f"{'PCP' if self.pcp else 'NAT-PMP'}: {exc or type(exc).__name__}")
            return None
        try:
            return await self._natpmp(at)
        except Exception as exc:
            notes.append(f"NAT-PMP: {exc or type(exc).__name__}")
            return None

    def _gateway(self) -> tuple[str, int]:
        if isinstance(self.natpmp, tuple):
            return self.natpmp
        gateway = default_gateway()
        if gateway is None:
            raise OSError("no default gateway known")
        return gateway, NATPMP_PORT

    async def _pcp(self, at: tuple[str, int]) -> MapResult:
        self._internal = _local_address_towards(at[0])
        mapping = await self._pcp_map(at, self.lease)
        self._natpmp_at = at
        return MapResult("pcp", mapping.external_ip, mapping.external_port, "")

    async def _pcp_map(self, at: tuple[str, int], lifetime: int) -> PcpMapping:
        assert self._internal is not None
        mapping = await pcp_map(at, self._internal, self.port, lifetime, self._nonce, self.timeout)
        if lifetime:
            self._granted = mapping.lifetime
        return mapping

    async def _natpmp(self, at: tuple[str, int]) -> MapResult | None:
        external_port = await _natpmp_map(at, self.port, self.lease, self.timeout)
        self._natpmp_at = at
        reply = await _natpmp_request(at, b"\x00\x00", 12, self.timeout)
        external = str(ipaddress.IPv4Address(reply[8:12]))
        return MapResult("natpmp", external, external_port, "")


# ---------------------------------------------------------------------- UPnP, the wire


class UpnpRefused(OSError):
    """The router answered an action with a UPnP error (a SOAP fault)."""

    def __init__(self, action: str, code: str, description: str) -> None:
        super().__init__(f"the router refused {action} (UPnP error {code} {description})")
        self.code = code


async def ssdp_search(group: tuple[str, int], timeout: float) -> str | None:
    """The description URL of the first IGD that answers an SSDP M-SEARCH sent to ``group``
    (UDP, repeated with a doubling wait within ``timeout``); None if none answers."""
    loop = asyncio.get_running_loop()
    found: asyncio.Future[str] = loop.create_future()

    class _Proto(asyncio.DatagramProtocol):
        def datagram_received(self, data: bytes, addr: Any) -> None:
            location = ssdp_location(data, str(addr[0]))
            if location is not None and not found.done():
                found.set_result(location)

    # Replies come from the router's own address, so the socket is not connected to the group.
    local = "127.0.0.1" if ipaddress.ip_address(group[0]).is_loopback else "0.0.0.0"
    transport, _ = await loop.create_datagram_endpoint(
        _Proto, local_addr=(local, 0), family=socket.AF_INET
    )
    mx = max(1, min(5, int(timeout) - 1))  # seconds a device may wait before it answers
    searches = [
        (
            f'M-SEARCH * HTTP/1.1\r\nHOST: {group[0]}:{group[1]}\r\nMAN: "ssdp:discover"\r\n'
            f"MX: {mx}\r\nST: {target}\r\n\r\n"
        ).encode("ascii")
        for target in _GATEWAYS
    ]
    try:
        wait, deadline = 0.5, loop.time() + timeout
        while loop.time() < deadline:
            for search in searches:
                transport.sendto(search, group)
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(
                    asyncio.shield(found), min(wait, deadline - loop.time())
                )
            wait *= 2
        return None
    finally:
        transport.close()


def ssdp_location(data: bytes, sender: str) -> str | None:
    """The LOCATION of an SSDP answer from an IGD, if it is an http URL on ``sender``."""
    lines = data[:4096].decode("latin-1").split("\r\n")
    if not lines[0].upper().startswith("HTTP/1.1 200"):
        return None
    headers = _headers(lines[1:])
    location = headers.get("location", "")
    if headers.get("st") not in _GATEWAYS or not _on_host(location, sender):
        return None
    return location


async def soap(
    service: WanService, action: str, args: list[tuple[str, str]], timeout: float
) -> dict[str, str]:
    """Call ``action`` with ``args`` (in the order the service's description lists them);
    its out arguments by name. UpnpRefused for a SOAP fault, OSError for anything else."""
    inner = "".join(f"<{name}>{escape(value)}</{name}>" for name, value in args)
    body = (
        '<?xml version="1.0"?>\r\n<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"'
        ' s:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>'
        f'<u:{action} xmlns:u="{service.service_type}">{inner}</u:{action}>'
        "</s:Body></s:Envelope>\r\n"
    ).encode()
    headers = {
        "Content-Type": 'text/xml; charset="utf-8"',
        "SOAPAction": f'"{service.service_type}#{action}"',
    }
    status, data = await http_request(service.control_url, timeout, body, headers)
    root = parse_xml(data) if data.strip() else None
    if status != 200:
        fault = {} if root is None else _children(_first(root, "UPnPError"))
        if "errorCode" in fault:
            raise UpnpRefused(action, fault["errorCode"], fault.get("errorDescription", ""))
        raise OSError(f"the router answered {action} with HTTP {status}")
    answer = None if root is None else _first(root, f"{action}Response")
    if answer is None:
        raise OSError(f"the router sent no {action}Response")
    return _children(answer)


async def http_request(
    url: str, timeout: float, body: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """GET ``url`` (POST ``body`` if given): the status and the body, within ``timeout``
    seconds and the size caps."""
    return await asyncio.wait_for(_exchange(url, body, headers or {}), timeout)


async def _exchange(url: str, body: bytes | None, headers: dict[str, str]) -> tuple[int, bytes]:
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise OSError(f"not an http URL: {url[:100]!r}")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    request = [
        f"{'GET' if body is None else 'POST'} {path} HTTP/1.1",
        f"Host: {parts.netloc}",
        "Connection: close",
        f"User-Agent: {DESCRIPTION} UPnP/1.1",
        *(f"{name}: {value}" for name, value in headers.items()),
    ]
    if body is not None:
        request.append(f"Content-Length: {len(body)}")
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port or 80, limit=MAX_HEAD)
    try:
        writer.write("\r\n".join(request).encode("latin-1") + b"\r\n\r\n" + (body or b""))
        status_line, *lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        version, _, rest = status_line.partition(" ")
        if not version.startswith("HTTP/") or not rest[:3].isdigit():
            raise OSError(f"not an HTTP reply: {status_line[:60]!r}")
        reply = _headers(lines)
        if "chunked" in reply.get("transfer-encoding", "").lower():
            data = await _read_chunked(reader)
        elif "content-length" in reply:
            size = int(reply["content-length"])
            if not 0 <= size <= MAX_BODY:
                raise OSError(f"the router's reply is too large ({size} bytes)")
            data = await reader.readexactly(size)
        else:
            data = await _read_to_end(reader)
        return int(rest[:3]), data
    finally:
        writer.close()


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    data = bytearray()
    while size := int((await reader.readuntil(b"\r\n")).split(b";")[0].strip(), 16):
        if len(data) + size > MAX_BODY:
            raise OSError("the router's reply is too large")
        data += await reader.readexactly(size)
        await reader.readexactly(2)  # the chunk's CRLF
    return bytes(data)


async def _read_to_end(reader: asyncio.StreamReader) -> bytes:
    data = bytearray()
    while chunk := await reader.read(64 * 1024):
        data += chunk
        if len(data) > MAX_BODY:
            raise OSError("the router's reply is too large")
    return bytes(data)


def parse_xml(data: bytes) -> ET.Element:
    """The router's XML, refused if it declares a DTD or entities (no entity is ever expanded)
    or is not in an ASCII-compatible encoding (where that check could not see them)."""
    if b"\x00" in data:
        raise ValueError("the router's XML is not in an ASCII-compatible encoding: refused")
    upper = data.upper()
    if b"<!DOCTYPE" in upper or b"<!ENTITY" in upper:
        raise ValueError("the router's XML declares a DTD or entities: refused")
    return ET.fromstring(data)


def wan_services(location: str, root: ET.Element) -> list[WanService]:
    """The description's port-mapping services, in the order they are tried, each with its
    control URL (relative to URLBase or the description; only on the description's host)."""
    base = next((el.text.strip() for el in root if _local(el.tag) == "URLBase" and el.text), "")
    host = urlsplit(location).hostname or ""
    found = []
    for element in root.iter():
        if _local(element.tag) != "service":
            continue
        fields = _children(element)
        kind, control = fields.get("serviceType", ""), fields.get("controlURL", "")
        url = urljoin(base or location, control)
        if kind in _WAN_SERVICES and control and _on_host(url, host):
            found.append(WanService(kind, url))
    return sorted(found, key=lambda s: _WAN_SERVICES.index(s.service_type))


def _on_host(url: str, host: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme == "http" and bool(host) and parts.hostname == host.lower()


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _first(root: ET.Element, name: str) -> ET.Element | None:
    return next((el for el in root.iter() if _local(el.tag) == name), None)


def _children(element: ET.Element | None) -> dict[str, str]:
    """An element's children by local name, with their text."""
    return {_local(c.tag): (c.text or "").strip() for c in (() if element is None else element)}


def _headers(lines: list[str]) -> dict[str, str]:
    pairs = (line.partition(":") for line in lines if ":" in line)
    return {name.strip().lower(): value.strip() for name, _, value in pairs}


# ---------------------------------------------------------------------- NAT-PMP, the wire


async def _natpmp_request(at: tuple[str, int], request: bytes, size: int, timeout: float) -> bytes:
    """One NAT-PMP request, retried with a doubling wait (RFC 6886 3.1) within ``timeout``."""

    def parse(data: bytes) -> bytes | None:
        if len(data) < size or data[0] != 0 or data[1] != request[1] + 128:
            return None
        result = struct.unpack(">H", data[2:4])[0]
        if result != 0:
            raise OSError(f"the router refused (NAT-PMP result {result})")
        return data

    return await udp_exchange(at, request, parse, timeout)


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
