"""What an invite code carries (issue 39): the addresses in the order a joiner tries them, and
the port the router really forwards."""

from __future__ import annotations

from shengji_desktop.net.portmap import MapResult
from shengji_desktop.net.reach import code_endpoint

V6 = ["2001:db8::7"]
V4 = ["192.168.1.20"]


def test_a_code_carries_global_ipv6_the_external_ipv4_then_the_lan_on_the_tables_port() -> None:
    mapped = MapResult("upnp", "203.0.113.7", 47000, "")
    assert code_endpoint(mapped, 47000, V6, V4) == (
        ["2001:db8::7", "203.0.113.7", "192.168.1.20"],
        47000,
    )
    unmapped = MapResult("", None, 0, "no router answered")
    assert code_endpoint(unmapped, 47000, V6, V4) == (["2001:db8::7", "192.168.1.20"], 47000)


def test_a_router_that_maps_another_port_is_reached_there_only() -> None:
    """PCP and NAT-PMP may assign another external port than the one asked: the code then
    carries the router's address on that port, not the machine's own (which answer on the
    table's port, which one port per code cannot say)."""
    moved = MapResult("pcp", "203.0.113.7", 51234, "")
    assert code_endpoint(moved, 47000, V6, V4) == (["203.0.113.7"], 51234)
