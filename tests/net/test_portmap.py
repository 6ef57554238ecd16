"""Port mapping against a fake router on the loopback (issue 39): the table's port is mapped
and the mapping removed when the table stops, and renewed while it is open; a refusing router
is reported and the table still opens; the router's XML is untrusted (no DTD or entities, size
caps, timeouts, its URLs only on its own address). Nothing is sent but to 127.0.0.1: the
location is given, or the SSDP search goes to a fake responder on the loopback."""

from __future__ import annotations

import asyncio
import ipaddress

import pytest
from fake_router import (
    GATEWAY,
    PCP_EXTERNAL,
    FakeRouter,
    natpmp_on_loopback,
    root_description,
    ssdp_on_loopback,
)
from test_host import started_host

from shengji_desktop.net.pcp import (
    PcpRefused,
    PcpUnsupported,
    map_request,
    parse_map_response,
)
from shengji_desktop.net.portmap import LEASE, MAX_BODY, PortMapper, ssdp_location


def run(coro: object) -> None:
    asyncio.run(asyncio.wait_for(coro, 60))  # type: ignore[arg-type]


def upnp_only(port: int, router: FakeRouter, lease: int = LEASE) -> PortMapper:
    return PortMapper(port, igd_location=router.location, search=False, natpmp=False, lease=lease)


def test_upnp_maps_the_tables_port_and_removes_it_when_the_table_stops() -> None:
    async def main() -> None:
        router = FakeRouter()
        await router.start()
        host = await started_host()
        assert host.port is not None
        mapper = upnp_only(host.port, router)
        result = await mapper.open()
        assert result.mapped and result.how == "upnp", result
        assert result.external_ip == "203.0.113.7" and result.external_port == host.port
        added = router.mappings[host.port]
        assert added["NewInternalPort"] == str(host.port) and added["NewProtocol"] == "TCP"
        assert added["NewInternalClient"] == "127.0.0.1"
        assert added["NewLeaseDuration"] == str(mapper.lease) and added["NewRemoteHost"] == ""
        await host.close()
        await mapper.close()
        assert router.mappings == {}
        assert [a for a, _ in router.calls][-1] == "DeletePortMapping"
        await router.close()

    run(main())


def test_a_refusing_router_is_reported_and_the_table_still_opens() -> None:
    async def main() -> None:
        router = FakeRouter(refuse=True)
        await router.start()
        fake, port, transport = await natpmp_on_loopback(refuse=True)
        host = await started_host()
        assert host.port is not None
        mapper = PortMapper(
            host.port, igd_location=router.location, search=False, natpmp=("127.0.0.1", port)
        )
        result = await mapper.open()
        assert not result.mapped
        assert "UPnP" in result.detail and "NAT-PMP" in result.detail, result.detail
        assert "718 ConflictInMappingEntry" in result.detail
        assert router.calls and router.calls[0][0] == "AddPortMapping"
        assert host.port is not None and not host.server.conns  # the table listens on
        await mapper.close()
        await host.close()
        transport.close()
        await router.close()

    run(main())


def test_natpmp_maps_when_there_is_no_upnp_and_removes_the_mapping() -> None:
    async def main() -> None:
        fake, port, transport = await natpmp_on_loopback()
        mapper = PortMapper(40123, search=False, natpmp=("127.0.0.1", port), timeout=2.0)
        result = await mapper.open()
        assert result.how == "natpmp" and result.external_ip == "198.51.100.9", result
        assert (2, 40123, mapper.lease) in fake.requests
        await mapper.close()
        assert fake.requests[-1] == (2, 40123, 0)  # lifetime 0: removed
        transport.close()

    run(main())


def test_pcp_maps_the_port_renews_it_with_the_same_nonce_and_deletes_it() -> None:
    async def main() -> None:
        # The router gives 2 s of the lifetime asked (renewed every second), and sends a
        # reply with another nonce before each right one (ignored).
        fake, port, transport = await natpmp_on_loopback(pcp=True, pcp_lifetime=2, pcp_noise=True)
        mapper = PortMapper(40132, search=False, natpmp=("127.0.0.1", port))
        result = await mapper.open()
        assert result.how == "pcp" and result.external_ip == PCP_EXTERNAL, result
        assert result.external_port == 40132 and "UPnP" in result.detail
        life, nonce, protocol, internal, suggested, client = fake.pcp_requests[0]
        assert (life, protocol, internal, suggested) == (LEASE, 6, 40132, 40132)
        assert len(nonce) == 12  # and our address, IPv4-mapped (RFC 6887 §5):
        assert ipaddress.IPv6Address(client).ipv4_mapped == ipaddress.IPv4Address("127.0.0.1")
        while len(fake.pcp_requests) < 2:  # the renewal
            fake.changed.clear()
            await fake.changed.wait()
        assert fake.pcp_requests[1][:2] == (LEASE, nonce) and fake.mappings == {40132: nonce}
        await mapper.close()
        assert fake.pcp_requests[-1][:2] == (0, nonce) and fake.mappings == {}
        assert fake.requests == []  # NAT-PMP was never asked
        transport.close()

    run(main())


def test_a_pcp_router_that_refuses_is_reported_and_the_table_still_opens() -> None:
    async def main() -> None:
        fake, port, transport = await natpmp_on_loopback(pcp=True, pcp_result=2)
        host = await started_host()
        assert host.port is not None
        mapper = PortMapper(host.port, search=False, natpmp=("127.0.0.1", port))
        result = await mapper.open()
        assert not result.mapped, result
        assert "PCP: the router refused (PCP result 2 NOT_AUTHORIZED)" in result.detail
        assert len(fake.pcp_requests) == 1 and fake.requests == []  # no NAT-PMP after a no
        assert not host.server.conns  # the table listens on
        await mapper.close()
        await host.close()
        transport.close()

    run(main())


def test_a_natpmp_only_router_answers_pcp_with_its_version_and_natpmp_maps() -> None:
    async def main() -> None:
        fake, port, transport = await natpmp_on_loopback()  # speaks no PCP
        mapper = PortMapper(40133, search=False, natpmp=("127.0.0.1", port))
        result = await mapper.open()
        assert result.how == "natpmp" and "PCP: the router speaks NAT-PMP only" in result.detail
        assert fake.pcp_requests == [] and (2, 40133, LEASE) in fake.requests
        await mapper.close()
        assert fake.requests[-1] == (2, 40133, 0)
        transport.close()

    run(main())


def test_a_pcp_reply_that_is_not_the_answer_is_ignored() -> None:
    nonce = bytes(range(12))
    request = map_request("192.168.1.20", 40134, 7200, nonce)
    assert len(request) == 60 and request[8:24] == bytes(10) + b"\xff\xff" + bytes(
        [192, 168, 1, 20]
    )

    def answer(
        result: int = 0, version: int = 2, op: int = 0x81, with_nonce: bytes = nonce
    ) -> bytes:
        head = bytes([version, op, 0, result]) + (7200).to_bytes(4, "big") + bytes(16)
        return head + with_nonce + bytes([6, 0, 0, 0]) + request[40:44] + request[44:60]

    assert parse_map_response(answer(), nonce, 40134) is not None
    assert parse_map_response(answer(with_nonce=bytes(12)), nonce, 40134) is None
    assert parse_map_response(answer(op=0x82), nonce, 40134) is None
    assert parse_map_response(answer()[:59], nonce, 40134) is None
    assert parse_map_response(answer(), nonce, 40135) is None  # another port's
    assert parse_map_response(answer() + bytes(1100), nonce, 40134) is None
    assert parse_map_response(answer(version=3), nonce, 40134) is None  # not an error
    with pytest.raises(PcpUnsupported, match="PCP version 1 only"):
        parse_map_response(answer(result=1, version=1)[:24], nonce, 40134)
    for op in (128, 0):  # RFC 6886's erratum 3618, and the routers that follow the RFC's text
        with pytest.raises(PcpUnsupported, match="NAT-PMP only"):
            parse_map_response(bytes([0, op, 0, 1, 0, 0, 0, 9]), nonce, 40134)
    with pytest.raises(PcpRefused, match="8 NO_RESOURCES"):
        parse_map_response(answer(result=8), nonce, 40134)


def test_the_ssdp_search_finds_the_router_that_answers_and_no_search_sends_nothing() -> None:
    async def main() -> None:
        router = FakeRouter()
        await router.start()
        ssdp, address, transport = await ssdp_on_loopback(router.location)
        mapper = PortMapper(40124, ssdp=address, natpmp=False)
        result = await mapper.open()
        assert result.how == "upnp" and 40124 in router.mappings, result
        assert GATEWAY in ssdp.searches
        await mapper.close()
        searched = len(ssdp.searches)
        quiet = PortMapper(40125, search=False, ssdp=address, natpmp=False)
        assert "no router answered" in (await quiet.open()).detail
        assert len(ssdp.searches) == searched and 40125 not in router.mappings
        transport.close()
        await router.close()

    run(main())


def test_an_ssdp_answer_pointing_elsewhere_is_ignored() -> None:
    def answer(location: str, st: str = GATEWAY) -> bytes:
        return f"HTTP/1.1 200 OK\r\nLOCATION: {location}\r\nST: {st}\r\n\r\n".encode()

    assert ssdp_location(answer("http://127.0.0.1:5000/d.xml"), "127.0.0.1") is not None
    assert ssdp_location(answer("http://192.0.2.1:5000/d.xml"), "127.0.0.1") is None
    assert ssdp_location(answer("file:///etc/passwd"), "127.0.0.1") is None
    assert ssdp_location(answer("http://127.0.0.1/d.xml", "upnp:rootdevice"), "127.0.0.1") is None


@pytest.mark.parametrize(
    ("service_type", "chunked"),
    [
        ("urn:schemas-upnp-org:service:WANIPConnection:2", False),
        ("urn:schemas-upnp-org:service:WANPPPConnection:1", True),
    ],
)
def test_the_other_port_mapping_services_and_chunked_replies_work(
    service_type: str, chunked: bool
) -> None:
    async def main() -> None:
        router = FakeRouter(service_type=service_type, chunked=chunked)
        await router.start()
        mapper = upnp_only(40126, router)
        result = await mapper.open()
        assert result.how == "upnp" and result.external_ip == "203.0.113.7", result
        assert 40126 in router.mappings
        await mapper.close()
        assert router.mappings == {}
        await router.close()

    run(main())


def test_a_router_that_takes_only_permanent_mappings_gets_one() -> None:
    async def main() -> None:
        router = FakeRouter(permanent_only=True)
        await router.start()
        mapper = upnp_only(40127, router)
        assert (await mapper.open()).mapped
        assert router.mappings[40127]["NewLeaseDuration"] == "0"
        await mapper.close()
        assert router.mappings == {}
        await router.close()

    run(main())


def test_the_mapping_is_renewed_while_the_table_is_open() -> None:
    async def main() -> None:
        router = FakeRouter()
        await router.start()
        mapper = upnp_only(40128, router, lease=2)  # renewed every second

        def added() -> int:
            return sum(action == "AddPortMapping" for action, _ in router.calls)

        assert (await mapper.open()).mapped and added() == 1
        while added() < 2:
            router.changed.clear()
            await router.changed.wait()
        await mapper.close()
        assert router.calls[-1][0] == "DeletePortMapping" and router.mappings == {}
        await router.close()

    run(main())


BILLION_LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE root [<!ENTITY a "aaaaaaaaaa">'
    b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><root>&b;</root>'
)


@pytest.mark.parametrize(
    ("description", "why"),
    [
        (BILLION_LAUGHS, "DTD or entities"),
        (root_description().replace("<root", "<!ENTITY x 'y'><root").encode(), "DTD"),
        (
            root_description()
            .encode()
            .replace(b"<root", b"<!-- " + b"x" * MAX_BODY + b" --><root"),
            "too large",
        ),
        (root_description().encode("utf-16"), "encoding"),  # could hide a DTD: refused
        (root_description(control="http://192.0.2.1/ctl").encode(), "no port mapping"),
        (b"<root><unclosed></root>", "mismatched tag"),
    ],
)
def test_a_hostile_or_broken_description_is_refused_and_nothing_is_sent(
    description: bytes, why: str
) -> None:
    async def main() -> None:
        router = FakeRouter(description=description)
        await router.start()
        result = await upnp_only(40129, router).open()
        assert not result.mapped and "UPnP" in result.detail and why in result.detail, result
        assert router.calls == [] and router.paths == ["GET /rootDesc.xml"]
        await router.close()

    run(main())


def test_a_chunked_reply_over_the_cap_is_refused() -> None:
    async def main() -> None:
        router = FakeRouter(description=b"<root>" + b"x" * MAX_BODY + b"</root>", chunked=True)
        await router.start()
        result = await upnp_only(40131, router).open()
        assert not result.mapped and "too large" in result.detail, result
        await router.close()

    run(main())


def test_a_router_that_never_answers_is_given_up_on_time() -> None:
    async def main() -> None:
        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read()  # reads the request, answers nothing

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        mapper = PortMapper(
            40130,
            igd_location=f"http://127.0.0.1:{port}/d.xml",
            search=False,
            natpmp=False,
            timeout=0.2,
        )
        result = await mapper.open()
        assert not result.mapped and result.detail.startswith("UPnP: "), result
        server.close()
        await server.wait_closed()

    run(main())
