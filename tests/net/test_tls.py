"""TLS on every table (issue 39): a pinned client is refused by another certificate before any
hello, a plain-text client gets nothing, a slow handshake is dropped on time, the join secret
gates the hello, attempts are limited per address, the host listens on IPv6 and IPv4 at once,
and the host's identity is made once and kept."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from test_host import FAST, Changes, Raw, run, started_host

from shengji_desktop.net import protocol as p
from shengji_desktop.net.client import ClientClosed, TableClient
from shengji_desktop.net.host import HostSettings, TableHost
from shengji_desktop.net.tls import load_identity, make_identity
from shengji_desktop.rules.options import Game


async def until(test: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not test():
        if loop.time() > deadline:
            raise AssertionError(f"not within {timeout:g} s: {what}")
        await asyncio.sleep(0.005)


def test_a_pinned_client_meets_its_table_and_another_certificate_is_refused_before_hello() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(listener=changes)
        assert host.port is not None
        good = TableClient("127.0.0.1", host.port, "ok", fingerprint=host.fingerprint[:12])
        task = asyncio.create_task(good.run())
        await until(lambda: good.seat is not None, "seated")
        assert good.peer_fingerprint == host.fingerprint
        other = make_identity().fingerprint[:12]
        bad = TableClient("127.0.0.1", host.port, "mitm?", fingerprint=other, reconnect_for=0)
        with pytest.raises(ClientClosed, match="not the one in the code"):
            await bad.run()
        assert not any("mitm?" in line for line in changes.lines)  # no hello reached the host
        good.stop()
        await task
        await host.close()

    run(main)


def test_a_plain_text_client_gets_nothing_and_a_slow_handshake_is_dropped_on_time() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(listener=changes, hello_timeout=0.5)
        assert host.port is not None
        r, w = await asyncio.open_connection("127.0.0.1", host.port)
        w.write(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="plain")))
        try:
            got = await asyncio.wait_for(r.read(), 10)
        except ConnectionError:
            got = b""
        assert b"welcome" not in got and b"{" not in got  # at most a TLS alert
        assert not any(s.conn for s in host.seats.values())
        w.close()
        slow, sw = await asyncio.open_connection("127.0.0.1", host.port)  # says nothing
        with contextlib.suppress(ConnectionError):
            assert await asyncio.wait_for(slow.read(), 10) == b""  # dropped by the host
        await until(lambda: any("no TLS in time" in line for line in changes.lines), "logged")
        sw.close()
        await host.close()

    run(main)


def test_the_join_secret_gates_the_hello_and_wrong_ones_use_up_the_address() -> None:
    async def main() -> None:
        host = await started_host(
            join_secret="a1b2c3d4e5f6", limit_loopback=True, attempt_burst=13, attempt_rate=0.01
        )
        assert host.port is not None
        wrong = await Raw.connect(host.port)
        wrong.send(p.Hello(version=p.PROTOCOL_VERSION, name="guess", secret="000000000000"))
        err = await wrong.expect(p.Error)
        assert err.code == "bad_secret" and err.fatal
        right = await Raw.connect(host.port)
        assert (await right.hello("friend", secret="a1b2c3d4e5f6")).seat == "S"
        wrong2 = await Raw.connect(host.port)  # 13 - 1 - 10 - 1: one more try, then none
        wrong2.send(p.Hello(version=p.PROTOCOL_VERSION, name="guess", secret="111111111111"))
        assert (await wrong2.expect(p.Error)).code == "bad_secret"
        with pytest.raises((ConnectionError, OSError, AssertionError)):
            refused = await Raw.connect(host.port)  # turned away before TLS
            await refused.hello("again", secret="a1b2c3d4e5f6")
        await host.close()

    run(main)


def test_the_host_listens_on_ipv6_and_ipv4_on_one_port() -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6 here")

    async def main() -> None:
        settings = HostSettings(**FAST)  # type: ignore[arg-type]
        dual = TableHost(Game.SD, None, 3, ["open"] * 4, settings)
        try:
            port = await dual.start("::", 0)
        except OSError:
            pytest.skip("cannot listen on ::")
        six = await Raw.connect_to("::1", port)
        four = await Raw.connect_to("127.0.0.1", port)
        assert (await six.hello("six")).seat and (await four.hello("four")).seat
        assert {c.address for c in dual.conns} == {"::1", "127.0.0.1"}
        await dual.close()

    run(main)


def test_the_identity_is_made_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "id" / "table-identity.pem"
    first = load_identity(path)
    again = load_identity(path)
    assert first.fingerprint == again.fingerprint and len(first.fingerprint) == 32
    assert path.stat().st_mode & 0o077 == 0
    path.write_text("garbage")
    assert load_identity(path).fingerprint != first.fingerprint  # made anew
