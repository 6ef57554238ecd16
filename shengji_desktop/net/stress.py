"""``bench flood`` and ``bench memory``: a host process on loopback under attack.

``bench flood``: three computer clients play a table whose fourth seat is a modified client
that plays too but floods the host at ``rate`` messages a second (``sync``, ``ping`` or
``garbage``), and rejoins with its token each time it is cut off. The figures: the other
players' latency (their action to all three of them holding its update: p50, p95, max), how
often and how soon the abuser was cut off, the host's CPU time per hand.

``bench memory``: ``conns`` sockets that never read: the seat's holder rejoins again and
again with its token and floods ``sync`` and ``ping``, the rest connect without a hello and
flood ``ping``; meanwhile the host's resident memory (RSS) is sampled. The figures: RSS at
the start, its peak and the growth, and the sockets the host held at most.

All traffic is on 127.0.0.1; every loop is bounded in time and count. Readable figures, then
one JSON line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.players import RandomPlayer
from ..engine.table import Player
from ..engine.view import SeatView
from . import protocol as p
from .client import AISeat, TableClient

FLOODS = {
    "sync": p.encode(p.Sync()),
    "ping": p.encode(p.Ping()),
    "garbage": b"garbage\n",
}
CUT_OFF = {p.ErrorCode.FLOOD.value, p.ErrorCode.TOO_MANY_ERRORS.value}
TICK = 0.01  # the flood is written in slices this far apart


def _start_host(*args: str) -> tuple[subprocess.Popen[str], int]:
    cmd = [
        sys.executable, "-m", "shengji_desktop", "host", "--bind", "127.0.0.1", "--port", "0",
        "--deal-pace", "0", "--settle-pause", "0", "--standin", "random", "--quiet", *args,
    ]  # fmt: skip
    host = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert host.stdout is not None
    for line in host.stdout:
        if line.startswith('{"event": "listening"'):
            # The host logs every cut-off and rejoin: its output is read on, or the full pipe
            # would stop it.
            threading.Thread(target=_drain, args=(host.stdout,), daemon=True).start()
            return host, int(json.loads(line)["port"])
    host.kill()
    raise RuntimeError("the host did not start")


def _drain(stream: IO[str]) -> None:
    for _ in stream:
        pass


def _stop_host(host: subprocess.Popen[str]) -> None:
    if host.poll() is None:
        host.terminate()
        try:
            host.wait(10)
        except subprocess.TimeoutExpired:
            host.kill()
            host.wait(10)


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


# ------------------------------------------------------------------ flood


class TimedClient(TableClient):
    """Notes when each of its actions was sent (as ``bench net`` does)."""

    def __init__(self, *args: Any, sent: dict[tuple[int, int], float], index: int, **kw: Any):
        super().__init__(*args, **kw)
        self.sent = sent
        self.index = index

    def send_action(self, action: Action) -> int | None:
        ref = super().send_action(action)
        if ref is not None:
            self.sent[(self.index, ref)] = time.perf_counter()
        return ref


class TimedSeat(AISeat):
    """Notes when each update arrived, and which of them answered its own actions."""

    def __init__(
        self,
        player: Player,
        index: int,
        arrivals: list[dict[int, float]],
        acks: list[tuple[int, int, int]],
    ) -> None:
        super().__init__(player)
        self.index = index
        self.arrivals = arrivals
        self.acks = acks

    def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        self.arrivals[self.index].setdefault(update.seq, time.perf_counter())
        if update.ref is not None:
            self.acks.append((self.index, update.ref, update.seq))
        super().on_update(update, events, view)


class _Abuser(TableClient):
    """A client that floods, takes being cut off in its stride and rejoins with its token."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.retry_delay = 0.0  # straight back
        self.welcomed_at: float | None = None
        self.cut_offs: list[float] = []  # seconds from a welcome to being cut off
        self.codes: set[str] = set()

    def _dispatch(self, msg: p.HostMessage) -> None:
        if isinstance(msg, p.Error) and msg.fatal and msg.code in CUT_OFF:
            self.codes.add(msg.code)
            if self.welcomed_at is not None:
                self.cut_offs.append(time.perf_counter() - self.welcomed_at)
                self.welcomed_at = None
            return  # the host closes the connection; run() comes back with the token
        if isinstance(msg, p.Welcome):
            self.welcomed_at = time.perf_counter()
        super()._dispatch(msg)


async def _flood(client: _Abuser, line: bytes, rate: int, done: asyncio.Event) -> tuple[int, float]:
    """Write ``rate`` lines a second while connected, until ``done``; the lines written and
    the seconds spent connected."""
    sent = due = 0
    connected = 0.0
    loop = asyncio.get_running_loop()
    last = loop.time()
    for _ in range(int(3600 / TICK)):  # an hour at most
        if done.is_set():
            break
        now = loop.time()
        due += int(rate * (now - last))  # what the rate owes since the last slice
        writer = client._writer
        if writer is not None and not writer.is_closing() and client.welcomed_at is not None:
            writer.write(line * due)
            sent += due
            connected += now - last
        due, last = 0, now  # while not connected, nothing is owed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), TICK)
    return sent, connected


async def _flood_table(
    port: int, kind: str, rate: int, seed: int, timeout: float
) -> dict[str, Any]:
    done = asyncio.Event()
    abuser = _Abuser("127.0.0.1", port, "abuser", reconnect_for=3600)
    abuser_seat = AISeat(RandomPlayer(random.Random(f"{seed}/abuser")))
    abuser_run = asyncio.ensure_future(abuser_seat.play(abuser))
    while abuser.seat is None and not abuser_run.done():  # it sits first
        await asyncio.sleep(0.01)
    flood = asyncio.ensure_future(_flood(abuser, FLOODS[kind], rate, done))
    sent: dict[tuple[int, int], float] = {}
    arrivals: list[dict[int, float]] = [{} for _ in range(3)]
    acks: list[tuple[int, int, int]] = []
    seats = [
        TimedSeat(RandomPlayer(random.Random(f"{seed}/{i}")), i, arrivals, acks) for i in range(3)
    ]
    clients = [TimedClient("127.0.0.1", port, f"player{i}", sent=sent, index=i) for i in range(3)]
    started = time.perf_counter()
    players = asyncio.gather(*(s.play(c) for s, c in zip(seats, clients, strict=True)))
    try:
        await asyncio.wait_for(players, timeout)
        stalled = False
    except TimeoutError:  # bounded: the figures so far, marked
        stalled = True
        for c in clients:
            c.stop()
    wall = time.perf_counter() - started
    done.set()
    flooded, connected = await flood
    abuser.stop()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(abuser_run, 10)
    latencies = [
        max(a[seq] for a in arrivals) - sent[(index, ref)]
        for index, ref, seq in acks
        if (index, ref) in sent and all(seq in a for a in arrivals)
    ]
    summary = (clients[0].bye.summary if clients[0].bye is not None else None) or {}
    return {
        "latencies": latencies,
        "summary": summary,
        "wall": wall,
        "stalled": stalled,
        "flooded": flooded,
        "connected": connected,
        "cut_offs": abuser.cut_offs,
        "codes": sorted(abuser.codes),
    }


def measure_flood(game: str, hands: int, kind: str, rate: int, seed: int = 1) -> dict[str, Any]:
    host, port = _start_host(
        "--game", game, "--seed", str(seed), "--hands", str(hands), "--standin-after", "0"
    )
    try:
        cpu0 = time.process_time()
        r = asyncio.run(_flood_table(port, kind, rate, seed, 60 + 10 * hands))
        client_cpu = time.process_time() - cpu0
        if not r["stalled"]:
            host.wait(60)
    finally:
        _stop_host(host)
    lat = r["latencies"]
    if not lat:
        raise RuntimeError("no action of the other players was measured")
    played = r["summary"].get("hands_played") or hands
    cpu = r["summary"].get("host_cpu_s")
    cuts = r["cut_offs"]
    return {
        "kind": kind,
        "rate": rate,
        "flooded": r["flooded"],
        "flood_rate": round(r["flooded"] / max(r["connected"], 1e-9)),
        "abuser_connected_s": round(r["connected"], 2),
        "stalled": r["stalled"],
        "cut_offs": len(cuts),
        "cut_off_codes": r["codes"],
        "cut_off_after_ms_p50": round(statistics.median(cuts) * 1000, 1) if cuts else None,
        "actions": len(lat),
        "p50_ms": _ms(lat, 0.5),
        "p95_ms": _ms(lat, 0.95),
        "max_ms": round(max(lat) * 1000, 2),
        "host_cpu_s_per_hand": round(cpu / played, 3) if cpu is not None else None,
        "clients_cpu_s": round(client_cpu, 2),
        "wall_s_per_hand": round(r["wall"] / played, 3),
    }


def run_flood(game: str, hands: int, kinds: list[str], rate: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"bench": "flood", "game": game, "hands": hands, "rate": rate}
    for kind in kinds:
        f = measure_flood(game, hands, kind, rate)
        figures[kind] = f
        print(
            f"{game}, {kind} flood at {f['flood_rate']}/s while connected ({f['flooded']} lines "
            f"in {f['abuser_connected_s']} s): the other "
            f"players' {f['actions']} actions p50 {f['p50_ms']} ms, p95 {f['p95_ms']} ms, "
            f"max {f['max_ms']} ms; abuser cut off {f['cut_offs']} times "
            f"({', '.join(f['cut_off_codes']) or '-'}), p50 {f['cut_off_after_ms_p50']} ms "
            f"after its welcome; host CPU {f['host_cpu_s_per_hand']} s/hand, "
            f"wall {f['wall_s_per_hand']} s/hand"
            + (" (STALLED: the hands did not end in time)" if f["stalled"] else ""),
            flush=True,
        )
    print(json.dumps(figures, sort_keys=True), flush=True)
    return figures


# ------------------------------------------------------------------ memory


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def _sockets(pid: int) -> int:
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):
            if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                count += 1
    return count


async def _never_reading(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return await asyncio.open_connection(sock=sock, limit=1 << 20)


async def _attack(port: int, conns: int, seconds: float, rate: int, pid: int) -> dict[str, Any]:
    """Keep ``conns`` sockets open that never read (but the welcome that brings the next
    token) and flood through them for ``seconds``, sampling the host's RSS."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    rss, socks = [_rss_mb(pid)], [_sockets(pid)]
    open_: list[asyncio.StreamWriter] = []
    token: str | None = None
    rejoins = 0
    per_slice = max(2, int(rate * 0.1))  # lines per socket every 0.1 s
    flood = (FLOODS["sync"] + FLOODS["ping"]) * (per_slice // 2)
    seated: asyncio.StreamWriter | None = None
    for i in range(int(seconds * 10) + 1):
        if loop.time() >= end:
            break
        open_ = [w for w in open_ if not w.is_closing()]
        if i % 20 == 0 or seated is None or seated.is_closing():
            # The seat's holder comes back with its token (every 2 s): the old socket
            # stays open, unread.
            reader, seated = await _never_reading(port)
            hello = p.Hello(version=p.PROTOCOL_VERSION, name="holder", token=token)
            seated.write(p.encode(hello))
            with contextlib.suppress(Exception):
                msg = p.decode_host(await asyncio.wait_for(reader.readline(), 5))
                if isinstance(msg, p.Welcome):
                    token = msg.token
            rejoins += 1
            open_.append(seated)
        while len(open_) < conns:  # the others never say hello
            _, writer = await _never_reading(port)
            open_.append(writer)
        for writer in open_:
            with contextlib.suppress(ConnectionError, OSError):
                writer.write(flood if writer is seated else FLOODS["ping"] * (per_slice // 10 or 1))
        rss.append(_rss_mb(pid))
        socks.append(_sockets(pid))
        await asyncio.sleep(0.1)
    for writer in open_:
        writer.transport.abort()
    return {"rss": rss, "sockets": socks, "rejoins": rejoins}


def measure_memory(conns: int, seconds: float, rate: int, game: str = "dl") -> dict[str, Any]:
    host, port = _start_host(
        "--game", game, "--seats", "open,random,random,random", "--start-when-full",
        "--deal-pace", "0.02", "--settle-pause", "0.5", "--standin-after", "0",
    )  # fmt: skip
    try:
        time.sleep(0.5)  # settled after start-up
        start = _rss_mb(host.pid)
        r = asyncio.run(_attack(port, conns, seconds, rate, host.pid))
        after = _rss_mb(host.pid)
    finally:
        _stop_host(host)
    peak = max(r["rss"])
    return {
        "conns": conns,
        "seconds": seconds,
        "rate": rate,
        "rejoins": r["rejoins"],
        "rss_start_mb": round(start, 1),
        "rss_peak_mb": round(peak, 1),
        "rss_end_mb": round(after, 1),
        "rss_growth_mb": round(peak - start, 1),
        "host_sockets_max": max(r["sockets"]),
    }


def run_memory(conns: int, seconds: float, rate: int) -> dict[str, Any]:
    f = measure_memory(conns, seconds, rate)
    print(
        f"{f['conns']} sockets that never read, {f['seconds']:g} s at {f['rate']} lines/s "
        f"each, the seat rejoined {f['rejoins']} times: host RSS {f['rss_start_mb']} MB at "
        f"the start, peak {f['rss_peak_mb']} MB (+{f['rss_growth_mb']} MB), "
        f"{f['rss_end_mb']} MB after; at most {f['host_sockets_max']} sockets open at the host",
        flush=True,
    )
    figures = {"bench": "memory", **f}
    print(json.dumps(figures, sort_keys=True), flush=True)
    return figures
