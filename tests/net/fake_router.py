"""A home router on the loopback for the port-mapping tests: a UPnP IGD's description, its
WANIPConnection service (AddPortMapping, DeletePortMapping, GetExternalIPAddress over SOAP)
and a NAT-PMP responder. It records what it was asked; ``refuse`` answers with a fault."""

from __future__ import annotations

import asyncio
import re
import struct
from typing import Any

from aiohttp import web

ROOT = """<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0"><specVersion><major>1</major><minor>0</minor>
</specVersion><device>
<deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType>
<friendlyName>Fake router</friendlyName><manufacturer>tests</manufacturer>
<modelName>fake</modelName><UDN>uuid:00000000-0000-0000-0000-000000000001</UDN>
<serviceList/><deviceList><device>
<deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType><friendlyName>WAN</friendlyName>
<manufacturer>tests</manufacturer><modelName>fake</modelName>
<UDN>uuid:00000000-0000-0000-0000-000000000002</UDN><serviceList/><deviceList><device>
<deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>
<friendlyName>WANConn</friendlyName><manufacturer>tests</manufacturer><modelName>fake</modelName>
<UDN>uuid:00000000-0000-0000-0000-000000000003</UDN><serviceList><service>
<serviceType>urn:schemas-upnp-org:service:WANIPConnection:1</serviceType>
<serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId>
<controlURL>/ctl/IPConn</controlURL><eventSubURL>/evt/IPConn</eventSubURL>
<SCPDURL>/WANIPCn.xml</SCPDURL></service></serviceList></device></deviceList></device>
</deviceList></device></root>"""

ARGS = {
    "AddPortMapping": [
        ("NewRemoteHost", "RemoteHost"), ("NewExternalPort", "ExternalPort"),
        ("NewProtocol", "PortMappingProtocol"), ("NewInternalPort", "InternalPort"),
        ("NewInternalClient", "InternalClient"), ("NewEnabled", "PortMappingEnabled"),
        ("NewPortMappingDescription", "PortMappingDescription"),
        ("NewLeaseDuration", "PortMappingLeaseDuration"),
    ],
    "DeletePortMapping": [
        ("NewRemoteHost", "RemoteHost"), ("NewExternalPort", "ExternalPort"),
        ("NewProtocol", "PortMappingProtocol"),
    ],
}  # fmt: skip
VARS = {
    "RemoteHost": "string", "ExternalPort": "ui2", "PortMappingProtocol": "string",
    "InternalPort": "ui2", "InternalClient": "string", "PortMappingEnabled": "boolean",
    "PortMappingDescription": "string", "PortMappingLeaseDuration": "ui4",
    "ExternalIPAddress": "string",
}  # fmt: skip


def scpd() -> str:
    actions = "".join(
        f"<action><name>{name}</name><argumentList>"
        + "".join(
            f"<argument><name>{arg}</name><direction>in</direction>"
            f"<relatedStateVariable>{var}</relatedStateVariable></argument>"
            for arg, var in args
        )
        + "</argumentList></action>"
        for name, args in ARGS.items()
    )
    actions += (
        "<action><name>GetExternalIPAddress</name><argumentList><argument>"
        "<name>NewExternalIPAddress</name><direction>out</direction>"
        "<relatedStateVariable>ExternalIPAddress</relatedStateVariable></argument>"
        "</argumentList></action>"
    )
    variables = "".join(
        f'<stateVariable sendEvents="no"><name>{n}</name><dataType>{t}</dataType></stateVariable>'
        for n, t in VARS.items()
    )
    return (
        '<?xml version="1.0"?><scpd xmlns="urn:schemas-upnp-org:service-1-0"><specVersion>'
        f"<major>1</major><minor>0</minor></specVersion><actionList>{actions}</actionList>"
        f"<serviceStateTable>{variables}</serviceStateTable></scpd>"
    )


class FakeRouter:
    """``await start()``; ``location`` is the IGD's root description on 127.0.0.1."""

    def __init__(self, refuse: bool = False, external_ip: str = "203.0.113.7") -> None:
        self.refuse = refuse
        self.external_ip = external_ip
        self.calls: list[tuple[str, dict[str, str]]] = []
        self.mappings: dict[int, dict[str, str]] = {}
        self._runner: web.AppRunner | None = None
        self.location = ""

    async def start(self) -> str:
        app = web.Application()
        app.router.add_get("/rootDesc.xml", self._root)
        app.router.add_get("/WANIPCn.xml", self._scpd)
        app.router.add_post("/ctl/IPConn", self._control)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.location = f"http://127.0.0.1:{port}/rootDesc.xml"
        return self.location

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _root(self, request: web.Request) -> web.Response:
        return web.Response(text=ROOT, content_type="text/xml")

    async def _scpd(self, request: web.Request) -> web.Response:
        return web.Response(text=scpd(), content_type="text/xml")

    async def _control(self, request: web.Request) -> web.Response:
        body = await request.text()
        action = request.headers.get("SOAPACTION", "").strip('"').rpartition("#")[2]
        args = dict(re.findall(r"<(New\w+)>([^<]*)</\1>", body))
        self.calls.append((action, args))
        if self.refuse and action == "AddPortMapping":
            fault = (
                '<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/'
                'envelope/"><s:Body><s:Fault><faultcode>s:Client</faultcode><faultstring>'
                'UPnPError</faultstring><detail><UPnPError xmlns="urn:schemas-upnp-org:control'
                '-1-0"><errorCode>718</errorCode><errorDescription>ConflictInMappingEntry'
                "</errorDescription></UPnPError></detail></s:Fault></s:Body></s:Envelope>"
            )
            return web.Response(status=500, text=fault, content_type="text/xml")
        out = ""
        if action == "AddPortMapping":
            self.mappings[int(args["NewExternalPort"])] = args
        elif action == "DeletePortMapping":
            self.mappings.pop(int(args["NewExternalPort"]), None)
        elif action == "GetExternalIPAddress":
            out = f"<NewExternalIPAddress>{self.external_ip}</NewExternalIPAddress>"
        reply = (
            '<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"'
            ' s:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>'
            f'<u:{action}Response xmlns:u="urn:schemas-upnp-org:service:WANIPConnection:1">'
            f"{out}</u:{action}Response></s:Body></s:Envelope>"
        )
        return web.Response(text=reply, content_type="text/xml")


class FakeNatPmp(asyncio.DatagramProtocol):
    """A NAT-PMP gateway on 127.0.0.1: answers external-address and TCP-mapping requests."""

    def __init__(self, refuse: bool = False) -> None:
        self.refuse = refuse
        self.requests: list[tuple[int, int, int]] = []  # (opcode, port, lifetime)
        self.transport: Any = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def datagram_received(self, data: bytes, addr: Any) -> None:
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


async def natpmp_on_loopback(refuse: bool = False) -> tuple[FakeNatPmp, int, Any]:
    loop = asyncio.get_running_loop()
    fake = FakeNatPmp(refuse)
    transport, _ = await loop.create_datagram_endpoint(lambda: fake, local_addr=("127.0.0.1", 0))
    return fake, transport.get_extra_info("sockname")[1], transport
