"""The table's TLS: the host's self-signed certificate (made once, kept with the host's data),
the host's and the joining side's SSL contexts, and pinning by fingerprint.

Every table speaks TLS (1.2 at least; 1.3 where both ends have it), on the LAN as on the
internet: one path. Nobody signs the host's certificate, so the joining side does not check a
chain or a name; it checks the certificate's SHA-256 fingerprint against the one it was given
(by the invite code, or the LAN announcement) before it says hello. A joining side given no
fingerprint (a typed address) still encrypts but cannot tell a man in the middle: it learns the
fingerprint it met (``peer_fingerprint``) and shows it.
"""

from __future__ import annotations

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


def make_identity() -> HostIdentity:
    """A new key (EC P-256) and a self-signed certificate valid for 20 years (the joining
    side pins the certificate itself: no dates or names are checked)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Shengji Desktop table")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=365 * 20))
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    der = cert.public_bytes(serialization.Encoding.DER)
    cert_pem = cert.public_bytes(serialization.Encoding.PEM)
    return HostIdentity(key_pem, cert_pem, hashlib.sha256(der).digest())


def read_identity(path: Path) -> HostIdentity:
    """The identity kept in ``path`` (key and certificate PEM); ValueError if unreadable."""
    text = path.read_bytes()
    marker = b"-----BEGIN CERTIFICATE-----"
    at = text.find(marker)
    if at < 0 or b"PRIVATE KEY-----" not in text[:at]:
        raise ValueError(f"{path} holds no key and certificate")
    key_pem, cert_pem = text[:at], text[at:]
    der = ssl.PEM_cert_to_DER_cert(cert_pem.decode("ascii"))
    return HostIdentity(key_pem, cert_pem, hashlib.sha256(der).digest())


def load_identity(path: Path) -> HostIdentity:
    """The host's identity from ``path``, made and written there (owner-only) the first time
    or when the file is unreadable: codes given out before then stop working."""
    try:
        return read_identity(path)
    except (OSError, ValueError):
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
    return hashlib.sha256(der).digest() if der else b""


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
