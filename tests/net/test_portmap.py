"""Port mapping against a fake router on the loopback (issue 39): the table's port is mapped
and the mapping removed when the table stops; a refusing router is reported and the table
still opens. Nothing is sent but to 127.0.0.1 (no SSDP search: the location is given)."""

from __future__ import annotations

import asyncio

from fake_router import FakeRouter, natpmp_on_loopback
from test_host import started_host

from shengji_desktop.net.portmap import PortMapper


def run(coro: object) -> None:
    asyncio.run(asyncio.wait_for(coro, 60))  # type: ignore[arg-type]


def test_upnp_maps_the_tables_port_and_removes_it_when_the_table_stops() -> None:
    async def main() -> None:
        router = FakeRouter()
        await router.start()
        host = await started_host()
        assert host.port is not None
        mapper = PortMapper(host.port, igd_location=router.location, search=False, natpmp=False)
        result = await mapper.open()
        assert result.mapped and result.how == "upnp", result
        assert result.external_ip == "203.0.113.7" and result.external_port == host.port
        added = router.mappings[host.port]
        assert added["NewInternalPort"] == str(host.port) and added["NewProtocol"] == "TCP"
        assert added["NewInternalClient"] == "127.0.0.1"
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
