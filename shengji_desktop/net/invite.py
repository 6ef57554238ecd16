"""Invite codes: what a host sends by any chat so that a friend elsewhere can join — the table's
addresses and port, its join secret, the fingerprint of its certificate, and when it expires.

A code is bytes written in Crockford's base32 (digits and capitals without I, L, O, U; read
back case-blind, with I and L read as 1 and O as 0, hyphens and spaces ignored) in groups of
four joined by hyphens. Its bytes: a head byte (format 1 in the high nibble, then how many IPv4
and IPv6 addresses: two bits each), the port (2 bytes), the hour it expires (2 bytes, hours
since 2025-01-01 UTC), the join secret (6 bytes), the first 12 bytes of the certificate's
SHA-256, each address (4 or 16 bytes), and a CRC-16/CCITT of all that (2 bytes), which catches
every mistyped character (a burst of 5 bits, shorter than 16). The spare bits of the last
character must be 0. One IPv4 address: 29 bytes, 47 characters (59 with hyphens); an IPv6 one
and an IPv4 one: 45 bytes, 72 characters.
"""

from __future__ import annotations

import base64
import ipaddress
import struct
import time
from dataclasses import dataclass

FORMAT = 1
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
EPOCH = 1735689600  # 2025-01-01 00:00 UTC
SECRET_BYTES = 6
PIN_BYTES = 12
DEFAULT_HOURS = 48  # how long a code is good for
MAX_ADDRESSES = 3  # of each family


class InviteError(ValueError):
    """A code that cannot be used: ``reason`` is "format", "checksum", "version" or
    "expired" (the window turns it into words); the message says it in English."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Invite:
    """What a code carries. ``addresses`` in the order to try them (IPv6 first)."""

    addresses: tuple[str, ...]
    port: int
    secret: str  # as the hello carries it (hex)
    fingerprint: bytes  # the first PIN_BYTES of the certificate's SHA-256
    expires: int  # seconds since the epoch (UTC), on the hour

    def expired(self, now: float | None = None) -> bool:
        return (time.time() if now is None else now) >= self.expires

    def endpoints(self) -> list[tuple[str, int]]:
        return [(a, self.port) for a in self.addresses]


def make_invite(
    addresses: list[str],
    port: int,
    secret: str,
    fingerprint: bytes,
    hours: int = DEFAULT_HOURS,
    now: float | None = None,
) -> Invite:
    """An invite for a table at ``port``: the addresses as given, IPv6 ones first (at most
    three of each family), expiring ``hours`` from ``now`` (rounded up to the hour)."""
    ips = [ipaddress.ip_address(a.split("%")[0]) for a in addresses]
    v6 = [str(ip) for ip in ips if ip.version == 6][:MAX_ADDRESSES]
    v4 = [str(ip) for ip in ips if ip.version == 4][:MAX_ADDRESSES]
    t = time.time() if now is None else now
    expires = EPOCH + (int(t - EPOCH) // 3600 + 1 + hours) * 3600
    return Invite(tuple(v6 + v4), port, secret, fingerprint[:PIN_BYTES], expires)


def new_secret() -> str:
    import secrets

    return secrets.token_bytes(SECRET_BYTES).hex()


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def encode(invite: Invite) -> str:
    v6 = [ipaddress.IPv6Address(a) for a in invite.addresses if ":" in a]
    v4 = [ipaddress.IPv4Address(a) for a in invite.addresses if ":" not in a]
    if len(v4) > MAX_ADDRESSES or len(v6) > MAX_ADDRESSES:
        raise ValueError(f"at most {MAX_ADDRESSES} addresses of each family")
    hours = (invite.expires - EPOCH) // 3600
    secret = bytes.fromhex(invite.secret)
    if len(secret) != SECRET_BYTES or len(invite.fingerprint) < PIN_BYTES:
        raise ValueError("a secret of 6 bytes and a fingerprint of 12 at least")
    head = bytes([FORMAT << 4 | len(v4) << 2 | len(v6)])
    body = head + struct.pack(">HH", invite.port, max(0, min(hours, 0xFFFF)))
    body += secret + invite.fingerprint[:PIN_BYTES]
    body += b"".join(a.packed for a in v6) + b"".join(a.packed for a in v4)
    body += struct.pack(">H", crc16(body))
    text = base64.b32encode(body).decode("ascii").rstrip("=")
    chars = "".join(ALPHABET["ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".index(c)] for c in text)
    return "-".join(chars[i : i + 4] for i in range(0, len(chars), 4))


def decode(code: str, now: float | None = None) -> Invite:
    """The invite of ``code``; InviteError says what is wrong with it."""
    chars = "".join(code.split()).replace("-", "").upper()
    if not chars:
        raise InviteError("format", "the code is empty")
    bad = sorted({c for c in chars if c not in _READ})
    if bad:
        raise InviteError("format", f"the code has characters no code has: {''.join(bad)}")
    bits = 0
    value = 0
    out = bytearray()
    for c in chars:
        value = value << 5 | _READ[c]
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append(value >> bits & 0xFF)
            value &= (1 << bits) - 1
    if value != 0 or bits >= 5:  # spare bits set, or a character too many
        raise InviteError("checksum", "the code is mistyped (its checksum does not match)")
    data = bytes(out)
    if len(data) < 3 or crc16(data[:-2]) != struct.unpack(">H", data[-2:])[0]:
        raise InviteError("checksum", "the code is mistyped (its checksum does not match)")
    head = data[0]
    if head >> 4 != FORMAT:
        raise InviteError("version", "the code is from another version of the program")
    n4, n6 = head >> 2 & 3, head & 3
    fixed = 1 + 4 + SECRET_BYTES + PIN_BYTES
    if len(data) != fixed + 16 * n6 + 4 * n4 + 2:
        raise InviteError("checksum", "the code is mistyped (its length does not match)")
    port, hours = struct.unpack(">HH", data[1:5])
    secret = data[5 : 5 + SECRET_BYTES].hex()
    pin = data[5 + SECRET_BYTES : fixed]
    at = fixed
    addresses = []
    for _ in range(n6):
        addresses.append(str(ipaddress.IPv6Address(data[at : at + 16])))
        at += 16
    for _ in range(n4):
        addresses.append(str(ipaddress.IPv4Address(data[at : at + 4])))
        at += 4
    invite = Invite(tuple(addresses), port, secret, pin, EPOCH + hours * 3600)
    if invite.expired(now):
        raise InviteError("expired", "the code has expired: ask the host for a new one")
    if not addresses or port == 0:
        raise InviteError("format", "the code names no address to join")
    return invite
