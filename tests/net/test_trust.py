"""Trust at a LAN table (issue 38): a spent reconnect token stays spent across a kill -9 of
the host and ``host --resume``; the console of a table without ``--seed`` never shows its
seed, nor a hidden card."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from netutil import Procs, listening_port
from test_host import Raw
from test_leaks import CARD

from shengji_desktop.net import protocol as p
from shengji_desktop.net.persistence import read_table


async def reconnect(port: int) -> tuple[str, str]:
    """Ann sits, drops, comes back with her token t0 and is welcomed with t1; her new
    connection is heard from (the pong answers her ping): t0 is spent."""
    first = await Raw.connect(port)
    t0 = (await first.hello("Ann")).token
    first.writer.close()
    await first.until_closed()
    second = await Raw.connect(port)
    t1 = (await second.hello("Ann", token=t0)).token
    second.send(p.Ping())
    await second.expect(p.Pong)
    return t0, t1


async def back_with(port: int, t0: str, t1: str) -> None:
    """At the resumed host the spent token is refused, the one it was replaced with taken."""
    spent = await Raw.connect(port)
    spent.send(p.Hello(version=p.PROTOCOL_VERSION, name="Ann", token=t0))
    err = await spent.expect(p.Error)
    assert err.code == "bad_token" and err.fatal, err
    good = await Raw.connect(port)
    t2 = (await good.hello("Ann", token=t1)).token
    assert t2 not in (t0, t1)


@pytest.mark.parametrize("when", ["lobby", "match"])
def test_a_spent_token_stays_spent_after_kill_9_and_resume(
    procs: Procs, tmp_path: Path, when: str
) -> None:
    """Defect 1: kill -9 of the host right after a reconnection was heard from; the table
    file it leaves must not let the spent token in (before, it held it as ``old_token``)."""
    save = tmp_path / "table.json"
    start = ["--start-when-full"] if when == "match" else []
    host = procs.host(
        "--game", "sd", "--seats", "open,random,random,random", "--save", str(save), *start
    )
    port = listening_port(host)
    t0, t1 = asyncio.run(asyncio.wait_for(reconnect(port), 30))
    host.kill()  # SIGKILL: nothing is saved on the way out
    saved = read_table(save)
    assert saved.started == (when == "match")
    south = saved.seats[0]
    assert (south.token, south.old_token) == (t1, None)
    resumed = procs.host("--resume", str(save), name="resumed")
    asyncio.run(asyncio.wait_for(back_with(listening_port(resumed), t0, t1), 30))


def test_no_console_line_of_an_unseeded_table_holds_its_seed(procs: Procs, tmp_path: Path) -> None:
    """Defect 3: a whole hand hosted without --seed (a person joins, computers play); not
    one line the host prints holds the seed (the table file keeps it, to resume), nor a
    card of the kitty while it was hidden: the console shows what a watcher sees."""
    save = tmp_path / "table.json"
    host = procs.host(
        "--game", "sd", "--seats", "open,random,random,random", "--hands", "1",
        "--save", str(save), "--start-when-full",
    )  # fmt: skip
    port = listening_port(host)
    joined = procs.join(port, "Ann")
    assert joined.finish() == 0 and host.finish() == 0
    seed = read_table(save).match.seed
    assert seed.bit_length() > 64
    shown = [line for line in host.lines if str(seed) in line or f"{seed:x}" in line]
    assert shown == []
    summary = json.loads(host.lines[-1])
    assert summary["hands_played"] == 1 and "seed" not in summary
    assert any("match starts" in line for line in host.lines)
    hidden = [line for line in host.lines if "kitty_taken" in line or "kitty_buried" in line]
    assert len(hidden) == 2 and not [line for line in hidden if CARD.search(line)], hidden


def test_a_seeded_table_may_say_its_seed(procs: Procs) -> None:
    host = procs.host("--game", "tr", "--seed", "42")
    listening_port(host)
    line = next(line for line in host.lines if line.startswith('{"event": "listening"'))
    assert json.loads(line)["seed"] == 42
