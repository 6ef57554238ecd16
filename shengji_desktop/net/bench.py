"""``bench net``: a host process and four computer clients on loopback. Latency is from a
client sending an action to the last of the four clients holding the update it caused (p50,
p95, max over every action the clients sent); the host's CPU time per hand comes from its own
summary. Readable figures, then one JSON line.

``--start-at-hand H`` measures a table H hands into a match: random computers play H hands
headlessly, the table is saved with four open seats, and the host resumes it (``--resume``);
the four clients come back with the seats' tokens. Every table speaks TLS; each game is played
a second time without it (the host's ``--no-tls``), for the plain p50 and p95 beside. A match
that ends before hand H + 1 (DL often does) is looked for among the next seeds, for DL then
with the rule options under which its matches last longest (a team dug at its last level goes
back, no instant win by three small jokers: reported as ``options``); failing that, the longest
one found is used and its figures say where it started (``start_at_hand``).

``--watchers`` (旁观): the same tables played three times, by the same four clients, with no
watcher, with 8 watchers who read, and with 8 of whom one never reads and one floods the host
(looks, syncs, chat, back each time it is cut off): the players' p95 in each. The watchers
(``bench_crowd``) run in a process of their own and are not timed."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.match import Match
from ..engine.players import RandomPlayer
from ..engine.record import Journal
from ..engine.table import Player, Table
from ..engine.view import SeatView
from ..rules.cards import Seat
from ..rules.options import Game, Options
from . import protocol as p
from .client import AISeat, TableClient
from .persistence import SavedSeat, table_meta

# The rule options tried in turn for a match that lasts past the hand asked for, the defaults
# first, and how many seeds with each.
LONG_OPTIONS: dict[Game, list[tuple[dict[str, str], int]]] = {
    Game.DL: [({}, 100), ({"dl_last_level_dig_reset": "at_10", "dl_three_sj_instant": "off"}, 500)],
    Game.TR: [({}, 200)],
    Game.SD: [({}, 200)],
}


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


WATCH_MODES = ("0", "8", "8 (1 stalled, 1 flooding)")


async def _clients(
    port: int, seed: int, tokens: list[str | None], watchers: str = "0", tls: bool = True
) -> dict[str, Any]:
    sent: dict[tuple[int, int], float] = {}
    arrivals: list[dict[int, float]] = [{} for _ in range(4)]
    acks: list[tuple[int, int, int]] = []
    seats = [
        _TimedSeat(RandomPlayer(random.Random(f"{seed}/{i}")), i, arrivals, acks) for i in range(4)
    ]
    clients = [
        _TimedClient("127.0.0.1", port, f"bench{i}", token=tokens[i], sent=sent, index=i, tls=tls)
        for i in range(4)
    ]
    crowd = _crowd(port, watchers)  # the watchers, seated before the players come
    try:
        await asyncio.gather(*(s.play(c) for s, c in zip(seats, clients, strict=True)))
        counts = await asyncio.to_thread(_crowd_end, crowd)
    finally:
        if crowd is not None and crowd.poll() is None:
            crowd.kill()
    latencies = []
    for index, ref, seq in acks:
        if (index, ref) in sent and all(seq in a for a in arrivals):
            latencies.append(max(a[seq] for a in arrivals) - sent[(index, ref)])
    summary = clients[0].bye.summary if clients[0].bye is not None else {}
    return {
        "latencies": latencies,
        "summary": summary or {},
        "watcher_updates": counts.get("updates", 0),
        "flooder_cut_off": counts.get("cut_off", 0),
    }


def _crowd(port: int, watchers: str) -> subprocess.Popen[str] | None:
    """The watchers of a mode (``bench_crowd``), in a process of their own, once they are
    welcomed; None for none."""
    if watchers == "0":
        return None
    mode = "8" if watchers == "8" else "bad"
    crowd = subprocess.Popen(
        [sys.executable, "-m", "shengji_desktop.net.bench_crowd", str(port), mode],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert crowd.stdout is not None
    if crowd.stdout.readline().strip() != "ready":
        crowd.kill()
        raise RuntimeError("the watchers did not get in")
    return crowd


def _crowd_end(crowd: subprocess.Popen[str] | None) -> dict[str, int]:
    """The watchers' counts, once they have seen the table end."""
    if crowd is None:
        return {}
    try:
        out, _ = crowd.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        crowd.kill()
        return {}
    counts: dict[str, int] = json.loads(out.strip().splitlines()[-1])
    return counts


def measure(
    game: str,
    hands: int,
    seed: int = 1,
    start_at: int = 0,
    watchers: str = "0",
    tls: bool = True,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:  # the host autosaves, as a real one does
        save = Path(tmp) / "table.json"
        tokens: list[str | None] = [None] * 4
        before = 0
        options: dict[str, str] = {}
        if start_at > 0:
            seed, options, before, tokens = _prepare(Game(game), seed, start_at, hands, save)
        figures = _measure(game, hands, seed, save, before, tokens, watchers, tls)
        if not start_at:
            return figures
        return {**figures, "start_at_hand": before, "seed": seed, "options": options}


def _longest(game: Game, seed: int, start_at: int) -> tuple[int, dict[str, str], int]:
    """A seed (and rule options) whose match, played by random computers, is not over after
    ``start_at`` hands, else the one that gets furthest; and how many hands of it to play."""
    best: tuple[int, int, dict[str, str]] = (-1, seed, {})
    for options, tries in LONG_OPTIONS[game]:
        for s in range(seed, seed + tries):
            match = _played(game, s, start_at, options)
            unfinished = len(match.history) - (1 if match.winner is not None else 0)
            if unfinished > best[0]:
                best = (unfinished, s, options)
            if unfinished >= start_at:
                return s, options, unfinished
    return best[1], best[2], best[0]


def _played(game: Game, seed: int, hands: int, options: dict[str, str]) -> Match:
    match = Match(game, Options.from_dict(options), seed)
    players = {s: RandomPlayer(random.Random(f"{seed}/pre/{s.name}")) for s in Seat}
    if hands > 0:
        Table(match, players, rng=random.Random(f"{seed}/pre"), hands=hands).play()
    return match


def _prepare(
    game: Game, seed: int, start_at: int, hands: int, save: Path
) -> tuple[int, dict[str, str], int, list[str | None]]:
    """The table file of a match ``start_at`` hands in (or as far as a match gets), four
    open seats with tokens: the seed, the rule options, the hands played, the tokens."""
    seed, options, played = _longest(game, seed, start_at)
    if played == 0:  # every match ended in its first hand: a fresh table it is
        return seed, {}, 0, [None] * 4
    match = _played(game, seed, played, options)
    tokens: list[str | None] = [secrets.token_urlsafe(16) for _ in Seat]
    seats = [SavedSeat(s, "open", f"bench{i}", tokens[i]) for i, s in enumerate(Seat)]
    meta = table_meta(seats, True, played + hands, "bench")
    journal = Journal(save, game, match.options, seed, meta=meta)
    journal.extend(match.actions)
    journal.close()
    return seed, options, played, tokens


def _measure(
    game: str,
    hands: int,
    seed: int,
    save: Path,
    before: int,
    tokens: list[str | None],
    watchers: str = "0",
    tls: bool = True,
) -> dict[str, Any]:
    common = [
        "--bind", "127.0.0.1", "--port", "0", "--hands", str(before + hands),
        "--deal-pace", "0", "--settle-pause", "0", "--standin", "random", "--quiet",
    ]  # fmt: skip
    if not tls:  # the plain baseline: what TLS costs is the difference
        common.append("--no-tls")
    if before:  # a resumed table: it saves back into its file
        where = ["--resume", str(save)]
    else:
        where = ["--game", game, "--seed", str(seed), "--save", str(save)]
    host = subprocess.Popen(
        [sys.executable, "-m", "shengji_desktop", "host", *where, *common],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        port = None
        for line in host.stdout:
            if line.startswith('{"event": "listening"'):
                port = int(json.loads(line)["port"])
                break
        if port is None:
            raise RuntimeError("the host did not start")
        # Its log is read on (a full pipe would stop the host mid-match).
        threading.Thread(target=host.stdout.read, daemon=True).start()
        started = time.perf_counter()
        result = asyncio.run(_clients(port, seed, tokens, watchers, tls))
        wall = time.perf_counter() - started
        host.wait(60)
    finally:
        if host.poll() is None:
            host.kill()
    lat = sorted(result["latencies"])
    if not lat:
        raise RuntimeError("no action was measured")
    played = (result["summary"].get("hands_played") or before + hands) - before
    cpu = result["summary"].get("host_cpu_s")
    return {
        "actions": len(lat),
        "p50_ms": round(statistics.median(lat) * 1000, 2),
        "p95_ms": round(lat[min(len(lat) - 1, int(0.95 * len(lat)))] * 1000, 2),
        "max_ms": round(lat[-1] * 1000, 2),
        "host_cpu_s_per_hand": round(cpu / played, 3) if cpu is not None else None,
        "wall_s_per_hand": round(wall / played, 3),
        **(
            {
                "watcher_updates": result["watcher_updates"],
                "flooder_cut_off": result["flooder_cut_off"],
            }
            if watchers != "0"
            else {}
        ),
    }


def run(hands: int, start_at: int = 0, watchers: bool = False) -> dict[str, Any]:
    """``bench net`` (``watchers``: ``run_watchers``)."""
    if watchers:
        return run_watchers(hands)
    figures: dict[str, Any] = {"bench": "net", "hands": hands}
    if start_at:
        figures["start_at_hand"] = start_at
    for game in ("dl", "tr", "sd"):
        f = measure(game, hands, start_at=start_at)
        plain = measure(game, hands, start_at=start_at, tls=False)
        f["plain_p95_ms"], f["plain_p50_ms"] = plain["p95_ms"], plain["p50_ms"]
        figures[game] = f
        where = ""
        if start_at:
            rules = "".join(f", {k}={v}" for k, v in f["options"].items())
            where = f" from hand {f['start_at_hand'] + 1} (seed {f['seed']}{rules})"
            if f["start_at_hand"] < start_at:
                where += f": no match tried lasted {start_at} hands"
        print(
            f"{game}{where}: {f['actions']} actions sent, update to all 4 clients (TLS) p50 "
            f"{f['p50_ms']} ms, "
            f"p95 {f['p95_ms']} ms, max {f['max_ms']} ms; host CPU "
            f"{f['host_cpu_s_per_hand']} s/hand, wall {f['wall_s_per_hand']} s/hand; "
            f"without TLS p50 {f['plain_p50_ms']} ms, p95 {f['plain_p95_ms']} ms",
            flush=True,
        )
    print(json.dumps(figures, sort_keys=True), flush=True)
    return figures


def run_watchers(hands: int) -> dict[str, Any]:
    """``bench net --watchers``: the players' p95 with no watcher, with 8, and with 8 of whom
    one never reads and one floods; readable figures, then one JSON line."""
    figures: dict[str, Any] = {"bench": "net", "watchers": True, "hands": hands}
    for game in ("dl", "tr", "sd"):
        runs = {mode: measure(game, hands, watchers=mode) for mode in WATCH_MODES}
        figures[game] = {
            "p95_ms": {mode: f["p95_ms"] for mode, f in runs.items()},
            "p50_ms": {mode: f["p50_ms"] for mode, f in runs.items()},
            "actions": {mode: f["actions"] for mode, f in runs.items()},
            "host_cpu_s_per_hand": {mode: f["host_cpu_s_per_hand"] for mode, f in runs.items()},
            "watcher_updates": runs["8"]["watcher_updates"],
            "flooder_cut_off": runs[WATCH_MODES[2]]["flooder_cut_off"],
        }
        line = "; ".join(
            f"{mode} watchers: p95 {f['p95_ms']} ms (p50 {f['p50_ms']}, host CPU "
            f"{f['host_cpu_s_per_hand']} s/hand)"
            for mode, f in runs.items()
        )
        print(f"{game}: players' update to all 4: {line}", flush=True)
    print(json.dumps(figures, sort_keys=True), flush=True)
    return figures
