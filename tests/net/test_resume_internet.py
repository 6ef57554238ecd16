"""A table open to the internet, resumed after a crash (``host --resume``), is open to the
internet again: its file kept the option and the join secret, the identity file the same
certificate; the router is asked for a new mapping (removed when the table ends) and a new
code is printed. Loopback only: the router is the fake one, given by its location."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from fake_router import FakeRouter
from test_table_file import FAST, Log

from shengji_desktop.net import invite as inv
from shengji_desktop.net.headless import HostConfig, serve
from shengji_desktop.net.host import HostSettings, TableHost
from shengji_desktop.net.invite import new_secret
from shengji_desktop.net.persistence import read_table
from shengji_desktop.net.tls import load_identity
from shengji_desktop.rules.options import Game, Options


def test_host_resume_of_a_table_open_to_the_internet_maps_again_and_prints_a_code(
    tmp_path: Path,
) -> None:
    path, identity = tmp_path / "table.json", tmp_path / "identity.pem"
    secret = new_secret()

    async def first() -> bytes:  # a table open to the internet plays a hand, then "crashes"
        settings = HostSettings(**FAST, hands=1, join_secret=secret)  # type: ignore[arg-type]
        host = TableHost(
            Game.TR,
            None,
            3,
            ["random"] * 4,
            settings,
            path,
            Log(),
            identity=load_identity(identity),
        )
        await host.start("127.0.0.1", 0)
        host.start_match()
        await host.finished()
        await host.close()
        return host.fingerprint

    fingerprint = asyncio.run(asyncio.wait_for(first(), 120))
    saved = read_table(path)
    assert saved.join_secret == secret

    lines: list[str] = []

    async def resumed() -> tuple[dict[str, Any], FakeRouter]:
        router = FakeRouter(external_ip="127.0.0.1")
        await router.start()
        config = HostConfig(
            game=None,
            options=Options(),
            seed=None,
            seats=[],
            bind="127.0.0.1",
            port=0,
            save=None,
            resume=path,
            settings=HostSettings(**FAST, hands=2),  # type: ignore[arg-type]
            advertise=False,
            quiet=True,
            identity=identity,  # no --internet: the table file says so
            igd=router.location,
        )
        summary = await serve(config, None, lines.append)  # type: ignore[arg-type]
        await router.close()
        return summary, router

    summary, router = asyncio.run(asyncio.wait_for(resumed(), 120))
    listening = next(json.loads(line) for line in lines if line.startswith("{"))
    assert listening["resumed"] and "stopped" not in summary
    code = inv.decode(listening["code"])
    assert code.port == listening["port"] and code.secret == secret  # the codes sent still work
    assert code.fingerprint == fingerprint[: inv.PIN_BYTES]  # the same certificate
    assert any("127.0.0.1" in str(e) for e in code.endpoints())  # the router's address
    added = [args for action, args in router.calls if action == "AddPortMapping"]
    assert [a["NewExternalPort"] for a in added] == [str(listening["port"])]
    assert router.calls[-1][0] == "DeletePortMapping" and router.mappings == {}
    assert read_table(path).join_secret == secret  # and saved again for the next resume
