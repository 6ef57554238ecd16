"""The watchers of ``bench net --watchers`` (旁观), in a process of their own so that their
work is not timed with the players': ``python -m shengji_desktop.net.bench_crowd PORT MODE``.

Mode ``8``: eight watchers who read every byte (and count the updates, undecoded). Mode
``bad``: six of those, one that says hello and never reads a byte, and one that floods the
host with looks, syncs and chat at ``FLOOD_RATE`` lines a second, reading and dropping the
answers, back each time it is cut off. It prints ``ready`` once the readers are welcomed, and
one JSON line when they have seen the table end (or ``seconds`` have passed).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from typing import Any

from . import protocol as p
from .tls import client_context

FLOOD_RATE = 10_000  # lines a second, written in slices TICK apart
TICK = 0.01


def _connect(port: int) -> Any:
    """A TLS connection to the table (not pinned: the bench's own host)."""
    return asyncio.open_connection(
        "127.0.0.1", port, ssl=client_context(), server_hostname="shengji-table"
    )


def hello(name: str) -> bytes:
    return p.encode(p.Hello(version=p.PROTOCOL_VERSION, name=name, watch=True))


async def reader(port: int, name: str, welcomed: asyncio.Event, counts: dict[str, int]) -> None:
    """A watcher that reads everything until the host closes the connection."""
    r, w = await _connect(port)
    w.write(hello(name))
    buffered = b""
    while data := await r.read(1 << 16):
        if not welcomed.is_set():
            buffered += data
            if b'"t":"welcome"' in buffered:
                welcomed.set()
        counts["updates"] += data.count(b'{"t":"update"')
    w.close()


async def stalled(port: int, done: asyncio.Event) -> None:
    """A watcher that says hello and never reads a byte."""
    _, w = await _connect(port)
    w.write(hello("stalled"))
    await done.wait()
    w.close()


async def flooder(port: int, done: asyncio.Event, counts: dict[str, int]) -> None:
    seats = ("S", "E", "N", "W")
    lines = [
        p.encode(m)
        for i in range(max(1, int(FLOOD_RATE * TICK) // 3))
        for m in (p.Look(seat=seats[i % 4]), p.Sync(), p.Chat(phrase=i % p.CHAT_PHRASES))  # type: ignore[arg-type]
    ]
    chunk = b"".join(lines)
    while not done.is_set():
        try:
            r, w = await _connect(port)
        except OSError:
            return
        w.write(hello("flood"))

        async def drain(stream: asyncio.StreamReader = r) -> None:
            while await stream.read(1 << 16):
                pass

        draining = asyncio.create_task(drain())
        with contextlib.suppress(ConnectionError, OSError):
            while not done.is_set() and not draining.done():
                w.write(chunk)
                await asyncio.sleep(TICK)
        if not done.is_set():
            counts["cut_off"] += 1
        w.close()
        draining.cancel()
        with contextlib.suppress(asyncio.CancelledError, ConnectionError, OSError):
            await draining
        await asyncio.sleep(0.05)


async def crowd(port: int, mode: str, seconds: float = 300.0) -> dict[str, int]:
    counts = {"updates": 0, "cut_off": 0}
    done = asyncio.Event()
    n = 8 if mode == "8" else 6
    welcomed = [asyncio.Event() for _ in range(n)]
    readers = [asyncio.create_task(reader(port, f"w{i}", welcomed[i], counts)) for i in range(n)]
    others = []
    if mode != "8":
        others = [
            asyncio.create_task(stalled(port, done)),
            asyncio.create_task(flooder(port, done, counts)),
        ]
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in welcomed)), 30)
    print("ready", flush=True)
    await asyncio.wait(readers, timeout=seconds)
    done.set()
    await asyncio.wait(others, timeout=5) if others else None
    return counts


def main() -> None:
    port, mode = int(sys.argv[1]), sys.argv[2]
    print(json.dumps(asyncio.run(crowd(port, mode))), flush=True)


if __name__ == "__main__":
    main()
