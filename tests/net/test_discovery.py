"""Discovery: a host announcing itself with mDNS is found by the browser.

Multicast must not leave the machine: host and browser run inside a network namespace made
for the test, whose only interface is its own loopback (multicast switched on)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from netutil import CLI, Proc, listening_port

from shengji_desktop.net import discovery
from shengji_desktop.net.protocol import PROTOCOL_VERSION

BROWSE = (
    "import json, sys; from shengji_desktop.net.discovery import browse_tables; "
    "print(json.dumps([{**t.__dict__, 'fingerprint': t.fingerprint.hex()}"
    " for t in browse_tables(float(sys.argv[1]))]))"
)


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=20)


@pytest.fixture
def netns() -> Iterator[str]:
    if shutil.which("ip") is None:
        pytest.skip("the `ip` command (iproute2) is missing: cannot make a network namespace")
    if os.geteuid() != 0:
        pytest.skip("making a network namespace needs root (CI runs as root)")
    name = f"shengji-{uuid.uuid4().hex[:8]}"
    made = _ip("netns", "add", name)
    if made.returncode != 0:
        pytest.skip(f"cannot create a network namespace: {made.stderr.strip()}")
    try:
        for args in (
            ("link", "set", "lo", "up"),
            ("link", "set", "lo", "multicast", "on"),
            ("route", "add", "224.0.0.0/4", "dev", "lo"),
        ):
            done = _ip("-n", name, *args)
            assert done.returncode == 0, done.stderr
        links = _ip("-n", name, "-o", "link").stdout.splitlines()
        assert len(links) == 1 and ": lo:" in links[0], links  # nothing leads outside
        yield name
    finally:
        _ip("netns", "del", name)


def browse(ns: str, seconds: float) -> list[dict[str, Any]]:
    cmd = ["ip", "netns", "exec", ns, sys.executable, "-c", BROWSE, str(seconds)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    found: list[dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_the_browser_finds_the_advertised_table(netns: str, tmp_path: Path) -> None:
    inside = ["ip", "netns", "exec", netns, *CLI]
    host = Proc(
        [
            *inside,
            "host", "--game", "tr", "--bind", "127.0.0.1", "--port", "0", "--advertise",
            "--name", "测试桌", "--seats", "open,random,open,random", "--standin", "random",
        ],
        tmp_path,
        "host",
    )  # fmt: skip
    joiner: Proc | None = None
    try:
        port = listening_port(host)
        listening = next(json.loads(line) for line in host.lines if '"listening"' in line)
        found = browse(netns, 3.0)
        assert found == [
            {
                "name": "测试桌",
                "address": "127.0.0.1",
                "port": port,
                "game": "tr",
                "free": 2,
                "version": PROTOCOL_VERSION,
                # issue 39: the certificate announced, for a join from the list to pin
                "fingerprint": listening["fingerprint"],
                "watching": 0,
                "started": False,
            }
        ]
        assert len(bytes.fromhex(listening["fingerprint"])) == 32
        # A player takes a seat, someone watches: the announcement follows.
        joiner = Proc(
            [*inside, "join", f"127.0.0.1:{port}", "--name", "a", "--ai", "random"],
            tmp_path,
            "join",
        )
        host.wait_for(lambda line: line.startswith("S a joined") or " a joined" in line, 20)
        assert [t["free"] for t in browse(netns, 3.0)] == [1]
        watcher = Proc(
            [*inside, "join", f"127.0.0.1:{port}", "--name", "看客", "--watch"],
            tmp_path,
            "watch",
        )
        try:
            host.wait_for(lambda line: "旁观 1: 看客" in line, 20)
            found = browse(netns, 3.0)
            assert [(t["free"], t["watching"], t["started"]) for t in found] == [(1, 1, False)]
        finally:
            watcher.kill()
    finally:
        if joiner is not None:
            joiner.kill()
        host.kill()


def test_the_announcement_says_who_watches_and_whether_the_match_is_on() -> None:
    """What the Join dialog's list shows of a table (issue 38's 旁观 count): the announced
    open seats, watchers and state read back as they were announced, and sent only on a
    change; a table of an older version (no such entries) reads as none watching, not
    started."""
    import asyncio

    ad = discovery.Advertiser("桌", 5000, "tr", 3, bind="127.0.0.1")
    first = ad._info
    asyncio.run(ad.update(3, 0, False))
    assert ad._info is first  # nothing changed: nothing to announce
    asyncio.run(ad.update(0, 2, True))
    found = discovery._table_of(ad._info)
    assert found is not None and ad._info.name == first.name
    assert (found.free, found.watching, found.started) == (0, 2, True)
    assert found.name == "桌" and found.port == 5000 and found.address == "127.0.0.1"
    old = {k: v for k, v in ad._info.properties.items() if k not in (b"watching", b"started")}
    info = discovery.AsyncServiceInfo(
        discovery.SERVICE_TYPE,
        first.name,
        addresses=[socket.inet_aton("127.0.0.1")],
        port=5000,
        properties=old,
    )
    older = discovery._table_of(info)
    assert older is not None and (older.watching, older.started) == (0, False)


# ------------------------------------------------------------------ what is announced


class _IP:
    def __init__(self, ip: str) -> None:
        self.ip, self.is_IPv4 = ip, True


class _Adapter:
    def __init__(self, *ips: str) -> None:
        self.ips = [_IP(ip) for ip in ips]


@pytest.fixture
def lan_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine as if it had a LAN address besides loopback (no traffic is sent)."""
    monkeypatch.setattr(
        discovery.ifaddr, "get_adapters", lambda: [_Adapter("127.0.0.1"), _Adapter("192.0.2.7")]
    )


def test_a_table_announces_only_the_addresses_it_listens_on(lan_machine: None) -> None:
    assert discovery.announced_addresses("0.0.0.0") == ["192.0.2.7"]
    assert discovery.announced_addresses("127.0.0.1") == ["127.0.0.1"]
    assert discovery.announced_addresses("localhost") == ["127.0.0.1"]
    with pytest.MonkeyPatch.context() as mp:  # a name that does not resolve (no DNS asked)

        def no_such_name(*args: object) -> object:
            raise socket.gaierror("Name or service not known")

        mp.setattr(discovery.socket, "getaddrinfo", no_such_name)
        with pytest.raises(ValueError, match="not an IPv4"):
            discovery.announced_addresses("nowhere.invalid")
    local = discovery.Advertiser("t", 5000, "tr", 2, bind="127.0.0.1")
    assert local._info.parsed_addresses() == ["127.0.0.1"]
    assert local.interfaces == ["127.0.0.1"]  # and only on loopback
    everywhere = discovery.Advertiser("t", 5000, "tr", 2, bind="0.0.0.0")
    assert everywhere._info.parsed_addresses() == ["192.0.2.7"]


def test_a_table_is_picked_by_its_name() -> None:
    def table(name: str, port: int, version: int = PROTOCOL_VERSION) -> discovery.FoundTable:
        return discovery.FoundTable(name, "127.0.0.1", port, "tr", 2, version)

    found = [table("东", 1), table("西", 2), table("西", 3), table("old", 4, version=1)]
    assert discovery.pick(found, "东").port == 1
    with pytest.raises(ValueError, match="several tables"):
        discovery.pick(found, "西")
    with pytest.raises(ValueError, match="no table called '南'.*'东'"):
        discovery.pick(found, "南")
    with pytest.raises(ValueError, match="protocol 1"):
        discovery.pick(found, "old")


def test_join_lists_and_finds_tables_by_name(netns: str, tmp_path: Path) -> None:
    inside = ["ip", "netns", "exec", netns, *CLI]
    host = Proc(
        [
            *inside,
            "host", "--game", "sd", "--bind", "127.0.0.1", "--port", "0", "--advertise",
            "--name", "找我", "--seats", "open,random,random,random", "--standin", "random",
            "--deal-pace", "0", "--settle-pause", "0", "--hands", "1", "--start-when-full",
        ],
        tmp_path,
        "host",
    )  # fmt: skip
    joiner: Proc | None = None
    try:
        port = listening_port(host)
        listing = subprocess.run(
            [*inside, "join", "--list", "--browse-for", "3"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert listing.returncode == 0, listing.stderr
        assert "找我" in listing.stdout and f"127.0.0.1:{port}" in listing.stdout
        tables = json.loads(listing.stdout.strip().splitlines()[-1])["tables"]
        assert [(t["name"], t["port"], t["free"]) for t in tables] == [("找我", port, 1)]
        joiner = Proc(
            [*inside, "join", "--discover", "找我", "--name", "a", "--ai", "random"],
            tmp_path,
            "join",
        )
        assert joiner.finish(90) == 0, joiner.stderr()
        assert any(f"found 找我 at 127.0.0.1:{port}" in line for line in joiner.lines)
        assert joiner.last_json()["reason"].startswith("bye")
    finally:
        if joiner is not None:
            joiner.kill()
        host.kill()
