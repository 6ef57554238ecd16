"""PCP (RFC 6887), the successor of NAT-PMP on the same UDP port 5351: a MAP request for the
table's TCP port, its renewal and its deletion (lifetime 0), and the check of the router's
answer. ``portmap.PortMapper`` asks PCP before NAT-PMP: RFC 6887 §9 has a client speak the
newer version first, and a NAT-PMP-only router answers a PCP request with its own
"unsupported version" (version 0, result 1), which is raised here as ``PcpUnsupported`` so
that the caller falls back to NAT-PMP with no time lost.

The answers are untrusted: a reply is taken only from the address asked (a connected UDP
socket), at its full size, in version 2, as the answer to MAP, with our nonce and our port
echoed; anything else is ignored and the request sent again until the timeout.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

VERSION = 2
OP_MAP = 1
TCP = 6
HEADER = 24  # bytes of a request's or response's common header
MAP_SIZE = HEADER + 36  # with MAP's opcode-specific part
UNSUPP_VERSION = 1
RESULTS = {  # RFC 6887 §7.4
    1: "UNSUPP_VERSION",
    2: "NOT_AUTHORIZED",
    3: "MALFORMED_REQUEST",
    4: "UNSUPP_OPCODE",
    5: "UNSUPP_OPTION",
    6: "MALFORMED_OPTION",
    7: "NETWORK_FAILURE",
    8: "NO_RESOURCES",
    9: "UNSUPP_PROTOCOL",
    10: "USER_EX_QUOTA",
    11: "CANNOT_PROVIDE_EXTERNAL",
    12: "ADDRESS_MISMATCH",
    13: "EXCESSIVE_REMOTE_PEERS",
}
T = TypeVar("T")
_ANY_V4 = ipaddress.IPv6Address("::ffff:0.0.0.0").packed  # no external address suggested


class PcpUnsupported(OSError):
    """The router does not speak PCP version 2; ``version`` is the one it does (0: NAT-PMP)."""

    def __init__(self, version: int) -> None:
        what = "NAT-PMP only" if version == 0 else f"PCP version {version} only"
        super().__init__(f"the router speaks {what}")
        self.version = version


class PcpRefused(OSError):
    """The router answered the MAP request with a result code other than SUCCESS."""

    def __init__(self, code: int) -> None:
        super().__init__(f"the router refused (PCP result {code} {RESULTS.get(code, '')})".strip())
        self.code = code


@dataclass(frozen=True)
class PcpMapping:
    """What the router assigned: the external port and address, for ``lifetime`` seconds."""

    external_port: int
    external_ip: str
    lifetime: int


def new_nonce() -> bytes:
    """A MAP nonce: the same one renews and deletes the mapping it made."""
    return os.urandom(12)


def map_request(client_ip: str, port: int, lifetime: int, nonce: bytes) -> bytes:
    """A MAP request for TCP ``port`` (the same external port suggested) from ``client_ip``
    (this machine's address towards the router, sent IPv4-mapped when it is IPv4)."""
    client = ipaddress.ip_address(client_ip)
    if isinstance(client, ipaddress.IPv4Address):
        client = ipaddress.IPv6Address(f"::ffff:{client}")
    header = struct.pack(">BBHI", VERSION, OP_MAP, 0, lifetime) + client.packed
    return header + nonce + struct.pack(">B3xHH", TCP, port, port) + _ANY_V4


def parse_map_response(data: bytes, nonce: bytes, port: int) -> PcpMapping | None:
    """The mapping a reply grants; None for a datagram that is not the answer to our request
    (ignored); PcpUnsupported or PcpRefused for a router that says no."""
    if len(data) < 4 or len(data) > 1100:  # RFC 6887 §7: no PCP message is longer
        return None
    if data[0] != VERSION:
        # NAT-PMP's "unsupported version" (§9): version 0, its 16-bit result 1 in bytes 2-3
        # (its opcode 128, or 0 as RFC 6886 printed it before erratum 3618: not checked);
        # a PCP server of another version puts UNSUPP_VERSION in byte 3 and its own version.
        if len(data) >= 8 and data[3] == UNSUPP_VERSION and (data[0] != 0 or data[2] == 0):
            raise PcpUnsupported(data[0])
        return None
    if len(data) < MAP_SIZE or data[1] != 0x80 | OP_MAP or data[HEADER : HEADER + 12] != nonce:
        return None
    result, lifetime = data[3], struct.unpack(">I", data[4:8])[0]
    protocol, internal, external = struct.unpack(">B3xHH", data[HEADER + 12 : HEADER + 20])
    if protocol != TCP or internal != port:
        return None
    if result != 0:
        raise PcpRefused(result)
    address = ipaddress.IPv6Address(data[HEADER + 20 : MAP_SIZE])
    shown = address.ipv4_mapped or address
    return PcpMapping(int(external), str(shown), int(lifetime))


async def pcp_map(
    at: tuple[str, int], client_ip: str, port: int, lifetime: int, nonce: bytes, timeout: float
) -> PcpMapping:
    """Ask the router at ``at`` for the MAP (``lifetime`` 0 deletes it)."""
    request = map_request(client_ip, port, lifetime, nonce)
    return await udp_exchange(at, request, lambda d: parse_map_response(d, nonce, port), timeout)


async def udp_exchange(
    at: tuple[str, int], request: bytes, parse: Callable[[bytes], T | None], timeout: float
) -> T:
    """Send ``request`` to ``at`` and retry with a doubling wait (RFC 6886 3.1, RFC 6887
    §8.1.1 in short) within ``timeout``; the first reply ``parse`` takes (it ignores others by
    returning None, and refuses by raising)."""
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
            sent_at = loop.time()
            while (left := min(sent_at + wait, deadline) - loop.time()) > 0:
                try:
                    data = await asyncio.wait_for(answers.get(), left)
                except TimeoutError:
                    break
                answer = parse(data)
                if answer is not None:
                    return answer
            wait *= 2
        raise OSError("no answer")
    finally:
        transport.close()
