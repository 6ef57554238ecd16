"""A home router on the loopback for the port-mapping tests, on asyncio alone: a UPnP IGD's
description, its WANIPConnection service (AddPortMapping, DeletePortMapping,
GetExternalIPAddress over SOAP, arguments checked by name and order as a strict router does),
an SSDP responder that answers an M-SEARCH sent to it, and a NAT-PMP responder that speaks PCP
(RFC 6887) too when asked to (else it answers a PCP request as a NAT-PMP-only router does,
"unsupported version"). It records what it was asked; ``refuse`` answers AddPortMapping with a
fault."""

from __future__ import annotations

import asyncio
import ipaddress
import re
import struct
from typing import Any

WAN_IP_1 = "urn:schemas-upnp-org:service:WANIPConnection:1"
GATEWAY = "urn:schemas-upnp-org:device:InternetGatewayDevice:1"


def root_description(service_type: str = WAN_IP_1, control: str = "/ctl/IPConn") -> str:
    return f"""<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0"><specVersion><major>1</major><minor>0</minor>
</specVersion><device>
<deviceType>{GATEWAY}</deviceType>
<friendlyName>Fake router</friendlyName><manufacturer>tests</manufacturer>
<modelName>fake</modelName><UDN>uuid:00000000-0000-0000-0000-000000000001</UDN>
<serviceList><service>
<serviceType>urn:schemas-upnp-org:service:Layer3Forwarding:1</serviceType>
<serviceId>urn:upnp-org:serviceId:L3Forwarding1</serviceId>
<controlURL>/ctl/L3F</controlURL><eventSubURL>/evt/L3F</eventSubURL><SCPDURL>/L3F.xml</SCPDURL>
</service></serviceList><deviceList><device>
<deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType><friendlyName>WAN</friendlyName>
<manufacturer>tests</manufacturer><modelName>fake</modelName>
<UDN>uuid:00000000-0000-0000-0000-000000000002</UDN><serviceList/><deviceList><device>
<deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>
<friendlyName>WANConn</friendlyName><manufacturer>tests</manufacturer><modelName>fake</modelName>
<UDN>uuid:00000000-0000-0000-0000-000000000003</UDN><serviceList><service>
<serviceType>{service_type}</serviceType>
<serviceId>urn:upnp-org:serviceId:WANConn1</serviceId>
<controlURL>{control}</controlURL><eventSubURL>/evt/IPConn</eventSubURL>
<SCPDURL>/WANIPCn.xml</SCPDURL></service></serviceList></device></deviceList></device>
</deviceList></device></root>"""


# Each action's in arguments, in the order of the service's description.
ARGS = {
    "AddPortMapping": [
        "NewRemoteHost", "NewExternalPort", "NewProtocol", "NewInternalPort",
        "NewInternalClient", "NewEnabled", "NewPortMappingDescription", "NewLeaseDuration",
    ],
    "DeletePortMapping": ["NewRemoteHost", "NewExternalPort", "NewProtocol"],
    "GetExternalIPAddress": [],
}  # fmt: skip
ENVELOPE = (
    '<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"'
    ' s:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>{}</s:Body>'
    "</s:Envelope>"
)


def fault(code: int, description: str) -> str:
    return ENVELOPE.format(
        "<s:Fault><faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring><detail>"
        '<UPnPError xmlns="urn:schemas-upnp-org:control-1-0">'
        f"<errorCode>{code}</errorCode><errorDescription>{description}</errorDescription>"
        "</UPnPError></detail></s:Fault>"
    )


class FakeRouter:
    """``await start()``; ``location`` is the IGD's root description on 127.0.0.1.

    ``description`` replaces the root description's bytes (a hostile router), ``chunked``
    sends replies in chunks without a length, ``permanent_only`` refuses any lease but 0
    (error 725, as some IGD:1 routers do)."""

    def __init__(
        self,
        refuse: bool = False,
        external_ip: str = "203.0.113.7",
        service_type: str = WAN_IP_1,
        description: bytes | None = None,
        chunked: bool = False,
        permanent_only: bool = False,
    ) -> None:
        self.refuse = refuse
        self.external_ip = external_ip
        self.service_type = service_type
        self.description = description
        self.chunked = chunked
        self.permanent_only = permanent_only
        self.calls: list[tuple[str, dict[str, str]]] = []
        self.mappings: dict[int, dict[str, str]] = {}
        self.paths: list[str] = []  # every request's method and path
        self.changed = asyncio.Event()  # set at every SOAP call
        self._server: asyncio.Server | None = None
        self.location = ""

    async def start(self) -> str:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        self.location = f"http://127.0.0.1:{port}/rootDesc.xml"
        return self.location

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            method, path, _ = head[0].split(" ", 2)
            headers = {
                k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in head[1:])
            }
            body = await reader.readexactly(int(headers.get("content-length", "0")))
            self.paths.append(f"{method} {path}")
            status, reply = self._answer(method, path, headers, body.decode())
            self._send(writer, status, reply.encode() if isinstance(reply, str) else reply)
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    def _send(self, writer: asyncio.StreamWriter, status: int, body: bytes) -> None:
        reason = {200: "OK", 404: "Not Found", 500: "Internal Server Error"}[status]
        head = f"HTTP/1.1 {status} {reason}\r\nContent-Type: text/xml\r\nConnection: close\r\n"
        if not self.chunked:
            writer.write(f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body)
            return
        writer.write(f"{head}Transfer-Encoding: chunked\r\n\r\n".encode())
        for at in range(0, len(body), 100):
            piece = body[at : at + 100]
            writer.write(f"{len(piece):x};ext=1\r\n".encode() + piece + b"\r\n")
        writer.write(b"0\r\n\r\n")

    def _answer(
        self, method: str, path: str, headers: dict[str, str], body: str
    ) -> tuple[int, str | bytes]:
        if method == "GET" and path == "/rootDesc.xml":
            return 200, self.description or root_description(self.service_type)
        if method != "POST" or path != "/ctl/IPConn":
            return 404, ""
        soap_type, _, action = headers.get("soapaction", "").strip('"').partition("#")
        names_values = re.findall(r"<(New\w+)>([^<]*)</\1>", body)
        args = dict(names_values)
        self.calls.append((action, args))
        self.changed.set()
        if soap_type != self.service_type or action not in ARGS:
            return 500, fault(401, "Invalid Action")
        if [name for name, _ in names_values] != ARGS[action]:
            return 500, fault(402, "Invalid Args")
        out = ""
        if action == "AddPortMapping":
            if self.refuse:
                return 500, fault(718, "ConflictInMappingEntry")
            if self.permanent_only and args["NewLeaseDuration"] != "0":
                return 500, fault(725, "OnlyPermanentLeasesSupported")
            self.mappings[int(args["NewExternalPort"])] = args
        elif action == "DeletePortMapping":
            self.mappings.pop(int(args["NewExternalPort"]), None)
        else:
            out = f"<NewExternalIPAddress>{self.external_ip}</NewExternalIPAddress>"
        return 200, ENVELOPE.format(
            f'<u:{action}Response xmlns:u="{self.service_type}">{out}</u:{action}Response>'
        )


class FakeSsdp(asyncio.DatagramProtocol):
    """An IGD's SSDP side on 127.0.0.1: answers an M-SEARCH for a gateway with ``location``.
    Nothing is multicast: the mapper under test is given this responder's address."""

    def __init__(self, location: str) -> None:
        self.location = location
        self.searches: list[str] = []  # the ST of every M-SEARCH received
        self.transport: Any = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def datagram_received(self, data: bytes, addr: Any) -> None:
        text = data.decode("latin-1")
        target = re.search(r"(?im)^ST:\s*(\S+)", text)
        if not text.startswith("M-SEARCH * HTTP/1.1") or target is None:
            return
        self.searches.append(target.group(1))
        if target.group(1) == GATEWAY:
            reply = (
                "HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=120\r\nEXT:\r\n"
                f"LOCATION: {self.location}\r\nSERVER: fake UPnP/1.1 test/1\r\n"
                f"ST: {GATEWAY}\r\nUSN: uuid:00000000-0000-0000-0000-000000000001::{GATEWAY}"
                "\r\n\r\n"
            )
            self.transport.sendto(reply.encode(), addr)


async def ssdp_on_loopback(location: str) -> tuple[FakeSsdp, tuple[str, int], Any]:
    loop = asyncio.get_running_loop()
    fake = FakeSsdp(location)
    transport, _ = await loop.create_datagram_endpoint(lambda: fake, local_addr=("127.0.0.1", 0))
    return fake, transport.get_extra_info("sockname")[:2], transport


PCP_EXTERNAL = "198.51.100.10"


class FakeNatPmp(asyncio.DatagramProtocol):
    """A NAT-PMP gateway on 127.0.0.1: answers external-address and TCP-mapping requests.
    ``pcp``: it speaks PCP too, MAP requests recorded in ``pcp_requests`` and answered (with
    ``pcp_result``, a result code, when not 0; ``pcp_lifetime`` caps the lifetime it gives;
    ``pcp_noise``: a wrong-nonce answer is sent before each right one)."""

    def __init__(
        self,
        refuse: bool = False,
        pcp: bool = False,
        pcp_result: int = 0,
        pcp_lifetime: int | None = None,
        pcp_noise: bool = False,
    ) -> None:
        self.refuse = refuse
        self.pcp, self.pcp_result, self.pcp_lifetime = pcp, pcp_result, pcp_lifetime
        self.pcp_noise = pcp_noise
        self.requests: list[tuple[int, int, int]] = []  # (opcode, port, lifetime)
        # PCP MAPs: (lifetime, nonce, protocol, internal port, suggested port, client address)
        self.pcp_requests: list[tuple[int, bytes, int, int, int, str]] = []
        self.mappings: dict[int, bytes] = {}  # PCP's: external port -> the nonce that made it
        self.changed = asyncio.Event()  # set at every PCP request
        self.transport: Any = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def datagram_received(self, data: bytes, addr: Any) -> None:
        if data[0] != 0:
            self._pcp(data, addr)
            return
        op = data[1]
        code = 2 if self.refuse else 0
        if op == 0:
            self.requests.append((0, 0, 0))
            reply = struct.pack(">BBHI", 0, 128, code, 1) + bytes([198, 51, 100, 9])
        else:
            _, _, _, port, _, life = struct.unpack(">BBHHHI", data[:12])
            self.requests.append((op, port, life))
            reply = struct.pack(">BBHIHHI", 0, 128 + op, code, 1, port, port, life)
        self.transport.sendto(reply, addr)

    def _pcp(self, data: bytes, addr: Any) -> None:
        if not self.pcp:  # RFC 6886 3.5 (erratum 3618: OP 128): "unsupported version"
            self.transport.sendto(struct.pack(">BBHI", 0, 128, 1, 1), addr)
            return
        version, op, _, life = struct.unpack(">BBHI", data[:8])
        client = ipaddress.IPv6Address(data[8:24])
        nonce = data[24:36]
        protocol, internal, suggested = struct.unpack(">B3xHH", data[36:44])
        assert version == 2 and op == 1 and len(data) == 60, data
        self.pcp_requests.append((life, nonce, protocol, internal, suggested, str(client)))
        self.changed.set()
        result = self.pcp_result
        owner = self.mappings.get(suggested)
        if not result and owner is not None and owner != nonce:
            result = 8  # NO_RESOURCES: the port is another's
        if not result:
            if life:
                self.mappings[suggested] = nonce
                life = min(life, self.pcp_lifetime or life)
            else:
                self.mappings.pop(suggested, None)
        external = ipaddress.IPv6Address(f"::ffff:{PCP_EXTERNAL}").packed

        def reply(with_nonce: bytes) -> bytes:
            head = struct.pack(">BBBBII", 2, 0x81, 0, result, life if not result else 0, 1)
            body = with_nonce + struct.pack(">B3xHH", protocol, internal, suggested)
            return head + bytes(12) + body + external

        if self.pcp_noise:
            self.transport.sendto(reply(bytes(12)), addr)  # not ours: to be ignored
        self.transport.sendto(reply(nonce), addr)


async def natpmp_on_loopback(refuse: bool = False, **pcp: Any) -> tuple[FakeNatPmp, int, Any]:
    loop = asyncio.get_running_loop()
    fake = FakeNatPmp(refuse, **pcp)
    transport, _ = await loop.create_datagram_endpoint(lambda: fake, local_addr=("127.0.0.1", 0))
    return fake, transport.get_extra_info("sockname")[1], transport
