"""The host's certificate, made with the standard library (issue 39): the Ed25519 code against
RFC 8032's test vectors, OpenSSL loading the key and certificate and checking the certificate's
one signature, a TLS handshake on the loopback with it (1.3, and 1.2 as well), and identity
files of an earlier version kept."""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import ssl
from pathlib import Path
from typing import Any

import pytest

from shengji_desktop.net.tls import (
    HostIdentity,
    client_context,
    ed25519_public_key,
    ed25519_sign,
    load_identity,
    make_identity,
    peer_fingerprint,
)

# RFC 8032 7.1: TEST 1, 2, 3 and SHA(abc) (secret key, public key, message, signature).
VECTORS = [
    (
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
        "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
        "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
    (
        "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "af82",
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
        "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    ),
    (
        "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
        "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
        hashlib.sha512(b"abc").hexdigest(),
        "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
        "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
    ),
]

# OpenSSL's X509_V_FLAG_CHECK_SS_SIGNATURE (check a self-signed trust anchor's own signature)
# and X509_V_FLAG_NO_CHECK_TIME; the ssl module takes the numbers but names neither.
CHECK_SS_SIGNATURE = 0x4000
NO_CHECK_TIME = 0x200000

# An identity file written by the version that made its certificate with `cryptography`
# (EC P-256): a throwaway key, made for this test only.
EARLIER_FILE = b"""-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQghoXg8Wvz+wTKqiJB
tT9iaLMDzSa79fwVBHaoreqEbLGhRANCAASTR6XV36X9/ljbdMcXCF0W/+EQIS0E
gabcdfFdVe0o3Fzi3rXlxuxWD83Y7vzimXztHtt5hiYZydj3FgfW/Nzr
-----END PRIVATE KEY-----
-----BEGIN CERTIFICATE-----
MIIBPzCB5qADAgECAhR29up7uTQuc4FjLJNifJ1oLfCRvDAKBggqhkjOPQQDAjAg
MR4wHAYDVQQDDBVTaGVuZ2ppIERlc2t0b3AgdGFibGUwHhcNMjYxMjA0MDcyNjM3
WhcNNDYxMTMwMDcyNjM3WjAgMR4wHAYDVQQDDBVTaGVuZ2ppIERlc2t0b3AgdGFi
bGUwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASTR6XV36X9/ljbdMcXCF0W/+EQ
IS0EgabcdfFdVe0o3Fzi3rXlxuxWD83Y7vzimXztHtt5hiYZydj3FgfW/NzrMAoG
CCqGSM49BAMCA0gAMEUCICL7hRLDk+U2ayOdJzZSKqSC5m08iJi46G4kRHukSR8+
AiEAgdSJM31H6xYiFjXX7M9SG9dOtwe30H0DS6mdof7hqMA=
-----END CERTIFICATE-----
"""


@pytest.mark.parametrize(("secret", "public", "message", "signature"), VECTORS)
def test_ed25519_gives_rfc_8032s_keys_and_signatures(
    secret: str, public: str, message: str, signature: str
) -> None:
    seed = bytes.fromhex(secret)
    assert ed25519_public_key(seed).hex() == public
    assert ed25519_sign(seed, bytes.fromhex(message)).hex() == signature


def verifying_context(identity: HostIdentity, flags: int = 0) -> ssl.SSLContext:
    """A client that trusts only this certificate and has OpenSSL check its self-signature."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.load_verify_locations(cadata=identity.cert_pem.decode("ascii"))
    ctx.verify_flags |= CHECK_SS_SIGNATURE | flags  # type: ignore[assignment]
    return ctx


async def handshake(server: ssl.SSLContext, client: ssl.SSLContext) -> dict[str, Any]:
    """One TLS connection on 127.0.0.1: what the client learnt of the server's certificate."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"ok")
        await writer.drain()
        writer.close()

    listening = await asyncio.start_server(serve, "127.0.0.1", 0, ssl=server)
    port = listening.sockets[0].getsockname()[1]
    try:
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", port, ssl=client, server_hostname="shengji-table"
        )
        tls = writer.get_extra_info("ssl_object")
        got = {
            "data": await reader.read(),
            "version": tls.version(),
            "fingerprint": peer_fingerprint(tls),
            "cert": tls.getpeercert(),
        }
        writer.close()
        return got
    finally:
        listening.close()
        await listening.wait_closed()


def test_openssl_loads_the_certificate_checks_its_signature_and_speaks_tls_13_with_it() -> None:
    identity = make_identity()
    got = asyncio.run(handshake(identity.server_context(), verifying_context(identity)))
    assert got["data"] == b"ok" and got["version"] == "TLSv1.3"
    assert got["fingerprint"] == identity.fingerprint  # the pin the invite code carries
    cert = got["cert"]
    assert cert["version"] == 3
    assert cert["subject"] == ((("commonName", "Shengji Desktop table"),),)
    assert cert["issuer"] == cert["subject"]


def test_a_certificate_with_a_wrong_signature_is_refused_by_openssl() -> None:
    identity = make_identity()
    der = bytearray(ssl.PEM_cert_to_DER_cert(identity.cert_pem.decode("ascii")))
    der[-1] ^= 1  # the signature's last byte
    forged_pem = ssl.DER_cert_to_PEM_cert(bytes(der)).encode("ascii")
    forged = HostIdentity(identity.key_pem, forged_pem, hashlib.sha256(der).digest())
    with pytest.raises(ssl.SSLCertVerificationError, match="signature"):
        asyncio.run(handshake(forged.server_context(), verifying_context(forged)))


def test_the_table_contexts_speak_tls_12_with_the_certificate_too() -> None:
    identity = make_identity()
    client = client_context()  # the joining side's own context, held to 1.2
    client.maximum_version = ssl.TLSVersion.TLSv1_2
    got = asyncio.run(handshake(identity.server_context(), client))
    assert got["version"] == "TLSv1.2" and got["fingerprint"] == identity.fingerprint


def test_the_key_matches_its_certificate_for_many_seeds_and_dates_past_2049_are_encoded() -> None:
    # load_cert_chain refuses a key whose public half (OpenSSL's own Ed25519) is not the
    # certificate's; a validity past 2049 is a GeneralizedTime.
    for n in range(8):
        identity = make_identity(bytes([n]) * 32)
        identity.server_context()
    later = datetime.datetime(2035, 3, 1, 12, tzinfo=datetime.UTC)
    identity = make_identity(now=later)
    got = asyncio.run(
        handshake(identity.server_context(), verifying_context(identity, NO_CHECK_TIME))
    )
    assert got["cert"]["notBefore"] == "Feb 28 12:00:00 2035 GMT"
    assert got["cert"]["notAfter"] == "Feb 24 12:00:00 2055 GMT"


def test_an_identity_file_of_the_earlier_version_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "table-identity.pem"
    path.write_bytes(EARLIER_FILE)
    identity = load_identity(path)
    assert path.read_bytes() == EARLIER_FILE
    der = ssl.PEM_cert_to_DER_cert(
        EARLIER_FILE.decode().partition("-----END PRIVATE KEY-----\n")[2]
    )
    assert identity.fingerprint == hashlib.sha256(der).digest()
    got = asyncio.run(handshake(identity.server_context(), client_context()))
    assert got["fingerprint"] == identity.fingerprint


def test_a_file_whose_key_is_not_its_certificates_is_made_anew(tmp_path: Path) -> None:
    path = tmp_path / "table-identity.pem"
    one, other = make_identity(), make_identity()
    path.write_bytes(one.key_pem + other.cert_pem)
    made = load_identity(path)
    assert made.fingerprint not in (one.fingerprint, other.fingerprint)
    assert load_identity(path).fingerprint == made.fingerprint
