"""``bench net``: a host process and four computer clients on loopback. Latency is from a
client sending an action to the last of the four clients holding the update it caused (p50,
p95, max over every action the clients sent); the host's CPU time per hand comes from its own
summary. Readable figures, then one JSON line."""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.players import RandomPlayer
from ..engine.table import Player
from ..engine.view import SeatView
from . import protocol as p
from .client import AISeat, TableClient


class _TimedClient(TableClient):
    def __init__(self, *args: Any, sent: dict[tuple[int, int], float], index: int, **kw: Any):
        super().__init__(*args, **kw)
        self.sent = sent
        self.index = index

    def send_action(self, action: Action) -> int | None:
        ref = super().send_action(action)
        if ref is not None:
            self.sent[(self.index, ref)] = time.perf_counter()
        return ref


class _TimedSeat(AISeat):
    def __init__(self, player: Player, index: int, arrivals: list[dict[int, float]],
                 acks: list[tuple[int, int, int]]) -> None:  # fmt: skip
        super().__init__(player)
        self.index = index
        self.arrivals = arrivals
        self.acks = acks

    def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        self.arrivals[self.index].setdefault(update.seq, time.perf_counter())
        if update.ref is not None:
            self.acks.append((self.index, update.ref, update.seq))
        super().on_update(update, events, view)


async def _clients(port: int, seed: int) -> dict[str, Any]:
    sent: dict[tuple[int, int], float] = {}
    arrivals: list[dict[int, float]] = [{} for _ in range(4)]
    acks: list[tuple[int, int, int]] = []
    seats = [
        _TimedSeat(RandomPlayer(random.Random(f"{seed}/{i}")), i, arrivals, acks) for i in range(4)
    ]
    clients = [_TimedClient("127.0.0.1", port, f"bench{i}", sent=sent, index=i) for i in range(4)]
    await asyncio.gather(*(s.play(c) for s, c in zip(seats, clients, strict=True)))
    latencies = []
    for index, ref, seq in acks:
        if (index, ref) in sent and all(seq in a for a in arrivals):
            latencies.append(max(a[seq] for a in arrivals) - sent[(index, ref)])
    summary = clients[0].bye.summary if clients[0].bye is not None else {}
    return {"latencies": latencies, "summary": summary or {}}


def measure(game: str, hands: int, seed: int = 1) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:  # the host autosaves, as a real one does
        return _measure(game, hands, seed, Path(tmp) / "table.json")


def _measure(game: str, hands: int, seed: int, save: Path) -> dict[str, Any]:
    host = subprocess.Popen(
        [
            sys.executable, "-m", "shengji_desktop", "host", "--game", game,
            "--bind", "127.0.0.1", "--port", "0", "--seed", str(seed), "--hands", str(hands),
            "--deal-pace", "0", "--settle-pause", "0", "--standin", "random", "--quiet",
            "--save", str(save),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert host.stdout is not None
        port = None
        for line in host.stdout:
            if line.startswith('{"event": "listening"'):
                port = int(json.loads(line)["port"])
                break
        if port is None:
            raise RuntimeError("the host did not start")
        started = time.perf_counter()
        result = asyncio.run(_clients(port, seed))
        wall = time.perf_counter() - started
        host.wait(60)
    finally:
        if host.poll() is None:
            host.kill()
    lat = sorted(result["latencies"])
    if not lat:
        raise RuntimeError("no action was measured")
    played = result["summary"].get("hands_played") or hands
    cpu = result["summary"].get("host_cpu_s")
    return {
        "actions": len(lat),
        "p50_ms": round(statistics.median(lat) * 1000, 2),
        "p95_ms": round(lat[min(len(lat) - 1, int(0.95 * len(lat)))] * 1000, 2),
        "max_ms": round(lat[-1] * 1000, 2),
        "host_cpu_s_per_hand": round(cpu / played, 3) if cpu is not None else None,
        "wall_s_per_hand": round(wall / played, 3),
    }


def run(hands: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"bench": "net", "hands": hands}
    for game in ("dl", "tr", "sd"):
        f = measure(game, hands)
        figures[game] = f
        print(
            f"{game}: {f['actions']} actions sent, update to all 4 clients p50 {f['p50_ms']} ms, "
            f"p95 {f['p95_ms']} ms, max {f['max_ms']} ms; host CPU "
            f"{f['host_cpu_s_per_hand']} s/hand, wall {f['wall_s_per_hand']} s/hand",
            flush=True,
        )
    print(json.dumps(figures, sort_keys=True), flush=True)
    return figures
