"""A table open to the internet: the router's port mapping, the addresses an invite code
carries (the router's external IPv4, global IPv6 addresses, the LAN's), and the code. The
command line's options for it are in ``shengji_desktop.cli_net``.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from . import invite as inv
from .portmap import MapResult, PortMapper


@dataclass
class Reach:
    """What a host open to the internet tells its person: the code, and how it is reached."""

    code: str
    invite: inv.Invite
    mapping: MapResult

    def advice(self) -> str:
        """One English line for the log: mapped, or what to forward by hand."""
        m = self.mapping
        if m.mapped:
            return f"the router forwards TCP port {m.external_port} ({m.how}) to this table"
        return (
            f"no port mapping ({m.detail}): forward TCP port {self.invite.port} on the router "
            "to this computer by hand"
        )


def local_addresses() -> tuple[list[str], list[str]]:
    """This machine's global IPv6 addresses and its private/LAN IPv4 ones (no loopback)."""
    import ifaddr

    v6: list[str] = []
    v4: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, tuple):
                addr6 = ipaddress.IPv6Address(ip.ip[0])
                if addr6.is_global and str(addr6) not in v6:
                    v6.append(str(addr6))
            else:
                addr4 = ipaddress.IPv4Address(ip.ip)
                if not addr4.is_loopback and not addr4.is_link_local and str(addr4) not in v4:
                    v4.append(str(addr4))
    return v6, v4


def code_addresses(mapping: MapResult, v6: list[str], v4: list[str]) -> list[str]:
    """In the order a joiner tries them: global IPv6, the router's external IPv4, the LAN's."""
    out = list(v6[: inv.MAX_ADDRESSES])
    external = mapping.external_ip
    four = ([external] if external else []) + [a for a in v4 if a != external]
    return out + four[: inv.MAX_ADDRESSES]


def code_endpoint(
    mapping: MapResult, port: int, v6: list[str], v4: list[str]
) -> tuple[list[str], int]:
    """The addresses and the one port a code carries. A router that mapped another external
    port than the table's (PCP and NAT-PMP may): only its external address, on that port (the
    machine's own addresses answer on the table's port; a LAN guest finds the table listed)."""
    moved = mapping.mapped and mapping.external_ip and mapping.external_port not in (0, port)
    if moved and mapping.external_ip is not None:
        return [mapping.external_ip], mapping.external_port
    return code_addresses(mapping, v6, v4), port


async def open_to_internet(
    port: int,
    secret: str,
    fingerprint: bytes,
    mapper: PortMapper | None = None,
    addresses: tuple[list[str], list[str]] | None = None,
) -> tuple[Reach, PortMapper]:
    """Map ``port`` on the router (``mapper``: tests give one pointed at a fake router) and
    make the code; the mapper is closed by the caller when the table closes."""
    mapper = mapper or PortMapper(port)
    mapping = await mapper.open()
    v6, v4 = addresses if addresses is not None else local_addresses()
    carried, reached_at = code_endpoint(mapping, port, v6, v4)
    invite = inv.make_invite(carried, reached_at, secret, fingerprint)
    return Reach(inv.encode(invite), invite, mapping), mapper
