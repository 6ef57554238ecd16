"""Invite codes (issue 39): round trip, any one wrong character caught, expiry, addresses
tried in order (IPv6 then IPv4), and a whole join by code over TLS with a fake router on the
loopback; ``join --code`` says what is wrong with a bad code, never a stack trace."""

from __future__ import annotations

import asyncio

import pytest
from fake_router import FakeRouter
from test_host import run, started_host

from shengji_desktop.cli import main
from shengji_desktop.net import invite as inv
from shengji_desktop.net.client import TableClient
from shengji_desktop.net.portmap import PortMapper
from shengji_desktop.net.reach import open_to_internet

FP = bytes(range(32))
NOW = 1_780_000_000.0


def test_a_code_round_trips_and_says_how_long_it_is() -> None:
    one = inv.make_invite(["203.0.113.5"], 40123, "a1b2c3d4e5f6", FP, now=NOW)
    code = inv.encode(one)
    assert len(code.replace("-", "")) == 47 and inv.decode(code, now=NOW) == one
    both = inv.make_invite(["203.0.113.5", "2001:db8::1"], 40123, "a1b2c3d4e5f6", FP, now=NOW)
    code = inv.encode(both)
    assert len(code.replace("-", "")) == 72
    back = inv.decode(code.lower().replace("-", " "), now=NOW)  # case and spacing do not matter
    assert back.addresses == ("2001:db8::1", "203.0.113.5") and back.fingerprint == FP[:12]


def test_any_one_wrong_character_is_caught() -> None:
    code = inv.encode(inv.make_invite(["198.51.100.2"], 5000, "00ff00ff00ff", FP, now=NOW))
    for i, c in enumerate(code):
        if c == "-":
            continue
        for other in inv.ALPHABET:
            if other == c:
                continue
            typo = code[:i] + other + code[i + 1 :]
            with pytest.raises(inv.InviteError) as err:
                inv.decode(typo, now=NOW)
            assert err.value.reason in ("checksum", "version"), (typo, err.value)


def test_expired_and_malformed_codes_say_so() -> None:
    code = inv.encode(inv.make_invite(["198.51.100.2"], 5000, "00ff00ff00ff", FP, 1, now=NOW))
    with pytest.raises(inv.InviteError, match="expired"):
        inv.decode(code, now=NOW + 3 * 3600)
    with pytest.raises(inv.InviteError, match="characters"):
        inv.decode("HELLO-WORLD!", now=NOW)
    with pytest.raises(inv.InviteError, match="empty"):
        inv.decode(" - ", now=NOW)


def test_join_by_code_bad_codes_get_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    code = inv.encode(inv.make_invite(["127.0.0.1"], 5000, "00ff00ff00ff", FP))
    typo = ("1" if code[0] != "1" else "2") + code[1:]
    assert main(["join", "--code", typo, "--name", "x"]) == 2
    err = capsys.readouterr().err
    assert "mistyped" in err and "Traceback" not in err


def test_a_code_with_ipv6_and_ipv4_is_tried_in_order_and_joins_over_tls() -> None:
    """The code's first address (an IPv6 one nobody listens on) fails, the IPv4 one joins;
    the fake router got the mapping, and its removal when the table closed."""

    async def main_() -> None:
        router = FakeRouter(external_ip="127.0.0.1")
        await router.start()
        host = await started_host(join_secret="0123456789ab")
        assert host.port is not None
        mapper = PortMapper(host.port, igd_location=router.location, search=False, natpmp=False)
        reach, mapper = await open_to_internet(
            host.port, "0123456789ab", host.fingerprint, mapper, (["::1"], [])
        )
        assert reach.mapping.mapped and host.port in router.mappings
        invite = inv.decode(reach.code)
        assert invite.addresses == ("::1", "127.0.0.1")
        # ::1 at a port where nobody listens: the next address is tried
        dead = [("::1", 1), *((a, invite.port) for a in invite.addresses[1:])]
        client = TableClient(
            "?",
            0,
            "far away",
            fingerprint=invite.fingerprint,
            secret=invite.secret,
            addresses=dead,
            reconnect_for=5,
        )
        task = asyncio.create_task(client.run())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while client.seat is None:
            assert loop.time() < deadline, "not seated"
            await asyncio.sleep(0.005)
        assert client.host == "127.0.0.1" and client.peer_fingerprint == host.fingerprint
        client.stop()
        await task
        await host.close()
        await mapper.close()
        assert router.mappings == {}
        await router.close()

    run(main_)
