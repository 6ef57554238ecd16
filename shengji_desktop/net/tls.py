"""The table's TLS: the host's self-signed certificate (made once, kept with the host's data),
the host's and the joining side's SSL contexts, and pinning by fingerprint.

Every table speaks TLS (1.2 at least; 1.3 where both ends have it), on the LAN as on the
internet: one path. Nobody signs the host's certificate, so the joining side does not check a
chain or a name; it checks the certificate's SHA-256 fingerprint against the one it was given
(by the invite code, or the LAN announcement) before it says hello. A joining side given no
fingerprint (a typed address) still encrypts but cannot tell a man in the middle: it learns the
fingerprint it met (``peer_fingerprint``) and shows it.

The certificate is made with the standard library alone (the ``cryptography`` package would
add 11 MB to the frozen app, which ``ssl`` cannot do without: it loads a certificate but
cannot make one): an Ed25519 key (RFC 8032) from ``os.urandom``, and a certificate DER-encoded
here and signed once by the small Ed25519 below. That code is plain Python and not constant
time; it runs once, on the host's own machine, when the identity is made. Every handshake after
that signs with OpenSSL's Ed25519 through ``ssl``. OpenSSL speaks Ed25519 certificates in TLS
1.2 and 1.3 alike. An identity file made by earlier versions (an EC P-256 key) is read and kept
as it is; a file that cannot be read or loaded is made anew.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import os
import ssl
import tempfile
from dataclasses import dataclass
from pathlib import Path

# The least of a fingerprint a pin may hold: an invite code carries 12 bytes (96 bits).
MIN_PIN = 12
IDENTITY_FILE = "table-identity.pem"
COMMON_NAME = "Shengji Desktop table"
VALID_DAYS = 365 * 20


class PinMismatch(Exception):
    """The host's certificate is not the one the code (or announcement) named."""


@dataclass(frozen=True)
class HostIdentity:
    """The host's private key and self-signed certificate (PEM), and the certificate's
    SHA-256 fingerprint."""

    key_pem: bytes
    cert_pem: bytes
    fingerprint: bytes  # sha256 of the certificate's DER

    @property
    def fingerprint_hex(self) -> str:
        return self.fingerprint.hex()

    def server_context(self) -> ssl.SSLContext:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        # load_cert_chain reads files only: a private temporary file, removed at once.
        fd, name = tempfile.mkstemp(suffix=".pem")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(self.key_pem + self.cert_pem)
            ctx.load_cert_chain(name)
        finally:
            os.unlink(name)
        return ctx


def make_identity(seed: bytes | None = None, now: datetime.datetime | None = None) -> HostIdentity:
    """A new Ed25519 key (``seed``: its 32 secret bytes; None: from ``os.urandom``) and a
    self-signed certificate valid for 20 years from ``now`` (the joining side pins the
    certificate itself: no dates or names are checked)."""
    seed = os.urandom(32) if seed is None else seed
    if len(seed) != 32:
        raise ValueError("an Ed25519 seed is 32 bytes")
    now = (now or datetime.datetime.now(datetime.UTC)).replace(microsecond=0)
    name = _seq(_der(0x31, _seq(_oid(_COMMON_NAME_OID), _der(0x0C, COMMON_NAME.encode()))))
    validity = _seq(
        _time(now - datetime.timedelta(days=1)), _time(now + datetime.timedelta(days=VALID_DAYS))
    )
    public_key_info = _seq(_ED25519, _bits(ed25519_public_key(seed)))
    serial = int.from_bytes(os.urandom(16), "big") | 1  # positive, unique enough, not 0
    tbs = _seq(_der(0xA0, _int(2)), _int(serial), _ED25519, name, validity, name, public_key_info)
    cert = _seq(tbs, _ED25519, _bits(ed25519_sign(seed, tbs)))
    key = _seq(_int(0), _ED25519, _der(0x04, _der(0x04, seed)))  # PKCS#8 (RFC 8410 7)
    return HostIdentity(_pem("PRIVATE KEY", key), _pem("CERTIFICATE", cert), _sha256(cert))


def read_identity(path: Path) -> HostIdentity:
    """The identity kept in ``path`` (key and certificate PEM); ValueError if unreadable."""
    text = path.read_bytes()
    marker = b"-----BEGIN CERTIFICATE-----"
    at = text.find(marker)
    if at < 0 or b"PRIVATE KEY-----" not in text[:at]:
        raise ValueError(f"{path} holds no key and certificate")
    key_pem, cert_pem = text[:at], text[at:]
    der = ssl.PEM_cert_to_DER_cert(cert_pem.decode("ascii"))
    return HostIdentity(key_pem, cert_pem, _sha256(der))


def load_identity(path: Path) -> HostIdentity:
    """The host's identity from ``path``, made and written there (owner-only) the first time
    or when the file cannot be read or OpenSSL cannot load it: codes given out before then
    stop working. A file of an earlier version (EC P-256) is kept."""
    try:
        identity = read_identity(path)
        identity.server_context()  # the key and certificate load, and belong together
        return identity
    except (OSError, ValueError):  # ssl.SSLError is an OSError
        pass
    identity = make_identity()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(identity.key_pem + identity.cert_pem)
    os.replace(tmp, path)
    return identity


def default_identity_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("shengji-desktop", appauthor=False)) / IDENTITY_FILE


def client_context() -> ssl.SSLContext:
    """The joining side's context: no chain or name check (the certificate is self-signed);
    ``check_pin`` checks the fingerprint after the handshake, before any hello."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def peer_fingerprint(ssl_object: ssl.SSLObject | ssl.SSLSocket | None) -> bytes:
    """The SHA-256 fingerprint of the certificate the other end showed (empty: none)."""
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return _sha256(der) if der else b""


def check_pin(seen: bytes, pin: bytes | None) -> None:
    """Raise PinMismatch unless ``seen`` begins with ``pin`` (no pin: anything goes)."""
    if pin is None:
        return
    if len(pin) < MIN_PIN or not seen or not hmac.compare_digest(seen[: len(pin)], pin):
        raise PinMismatch(
            "the table's certificate is not the one in the code: someone may be in between "
            f"(expected {format_fingerprint(pin)}, met {format_fingerprint(seen) or 'none'})"
        )


def format_fingerprint(fp: bytes, groups: int = 6) -> str:
    """The first ``groups`` pairs of bytes in hex, as the lobby and table list show it."""
    hexed = fp.hex().upper()
    return " ".join(hexed[i : i + 4] for i in range(0, min(len(hexed), groups * 4), 4))


def _sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


# ------------------------------------------------------------------ Ed25519 (RFC 8032 5.1)

_P = 2**255 - 19  # the field's prime
_L = 2**252 + 27742317777372353535851937790883648493  # the order of the base point
_D = -121665 * pow(121666, -1, _P) % _P  # the curve: -x^2 + y^2 = 1 + d x^2 y^2
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)

# A point in extended coordinates (X, Y, Z, T): x = X/Z, y = Y/Z, x*y = T/Z (RFC 8032 5.1.4).
_Point = tuple[int, int, int, int]


def _add(a: _Point, b: _Point) -> _Point:
    """a + b, by the formula of RFC 8032 5.1.4 (complete: it doubles as well)."""
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa = (y1 - x1) * (y2 - x2) % _P
    bb = (y1 + x1) * (y2 + x2) % _P
    cc = 2 * t1 * t2 * _D % _P
    dd = 2 * z1 * z2 % _P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _times(n: int, point: _Point) -> _Point:
    """n * point, doubling and adding."""
    out: _Point = (0, 1, 1, 0)  # the neutral element
    while n:
        if n & 1:
            out = _add(out, point)
        point = _add(point, point)
        n >>= 1
    return out


def _base_point() -> _Point:
    """B: y = 4/5, and the even x that solves the curve's equation (RFC 8032 5.1)."""
    y = 4 * pow(5, -1, _P) % _P
    xx = (y * y - 1) * pow(_D * y * y + 1, -1, _P) % _P
    x = pow(xx, (_P + 3) // 8, _P)  # a square root of xx, or of -xx (5.1.1)
    if (x * x - xx) % _P:
        x = x * _SQRT_M1 % _P
    if x & 1:
        x = _P - x
    return (x, y, 1, x * y % _P)


_B = _base_point()


def _encode_point(point: _Point) -> bytes:
    """y in 32 bytes little-endian, with x's lowest bit in the top bit (RFC 8032 5.1.2)."""
    x, y, z, _ = point
    z_inv = pow(z, -1, _P)
    x, y = x * z_inv % _P, y * z_inv % _P
    return (y | (x & 1) << 255).to_bytes(32, "little")


def _expand(seed: bytes) -> tuple[int, bytes]:
    """The secret scalar s (clamped) and the prefix, from SHA-512 of the seed (5.1.5)."""
    h = hashlib.sha512(seed).digest()
    s = int.from_bytes(h[:32], "little")
    s = s & ((1 << 254) - 8) | 1 << 254  # lowest 3 bits and the top bit 0, bit 254 set
    return s, h[32:]


def ed25519_public_key(seed: bytes) -> bytes:
    """The 32-byte public key of the 32-byte private key ``seed`` (RFC 8032 5.1.5)."""
    s, _ = _expand(seed)
    return _encode_point(_times(s, _B))


def ed25519_sign(seed: bytes, message: bytes) -> bytes:
    """The 64-byte signature of ``message`` by the private key ``seed`` (RFC 8032 5.1.6).
    Not constant time: made for signing the host's certificate once, on its own machine."""
    s, prefix = _expand(seed)
    public = _encode_point(_times(s, _B))
    r = int.from_bytes(hashlib.sha512(prefix + message).digest(), "little") % _L
    big_r = _encode_point(_times(r, _B))
    k = int.from_bytes(hashlib.sha512(big_r + public + message).digest(), "little") % _L
    return big_r + ((r + k * s) % _L).to_bytes(32, "little")


# ------------------------------------------------------------------ DER (X.690), just enough

_COMMON_NAME_OID = "2.5.4.3"
_ED25519_OID = "1.3.101.112"  # id-Ed25519 (RFC 8410 3)


def _der(tag: int, body: bytes) -> bytes:
    """One tag-length-value; the length in the short form below 128, else the long form."""
    n = len(body)
    if n < 0x80:
        return bytes([tag, n]) + body
    size = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(size)]) + size + body


def _seq(*items: bytes) -> bytes:
    return _der(0x30, b"".join(items))


def _int(n: int) -> bytes:
    """A non-negative INTEGER in the fewest bytes (a 0 byte first when the top bit is set)."""
    return _der(0x02, n.to_bytes(n.bit_length() // 8 + 1, "big"))


def _bits(data: bytes) -> bytes:
    """A BIT STRING of whole bytes (no unused bits)."""
    return _der(0x03, b"\x00" + data)


def _oid(dotted: str) -> bytes:
    """An OBJECT IDENTIFIER: the first two arcs as 40a + b, each arc in base 128."""
    first, second, *rest = (int(arc) for arc in dotted.split("."))
    body = bytearray()
    for arc in (40 * first + second, *rest):
        chunk = [arc & 0x7F]
        while arc > 0x7F:
            arc >>= 7
            chunk.append(0x80 | arc & 0x7F)
        body += bytes(reversed(chunk))
    return _der(0x06, bytes(body))


def _time(t: datetime.datetime) -> bytes:
    """UTCTime for 1950-2049, GeneralizedTime after (RFC 5280 4.1.2.5), in UTC."""
    if 1950 <= t.year < 2050:
        return _der(0x17, t.strftime("%y%m%d%H%M%SZ").encode("ascii"))
    return _der(0x18, t.strftime("%Y%m%d%H%M%SZ").encode("ascii"))


_ED25519 = _seq(_oid(_ED25519_OID))  # the AlgorithmIdentifier: no parameters (RFC 8410 3)


def _pem(label: str, der: bytes) -> bytes:
    text = base64.b64encode(der).decode("ascii")
    lines = "".join(text[i : i + 64] + "\n" for i in range(0, len(text), 64))
    return f"-----BEGIN {label}-----\n{lines}-----END {label}-----\n".encode("ascii")
