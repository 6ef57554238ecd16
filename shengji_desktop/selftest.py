"""``shengji-desktop --self-test``: checks that this installation works, frozen or not.

It runs every check, prints one line per check (``ok`` or ``FAIL``, what was seen, how long it
took) and a closing line, and returns 0 only if every check passed. The checks:

- ``bundle``: where the program runs from; in a frozen app, its files sit under
  ``sys._MEIPASS`` and the package's data files (translations, icons) must be found there.
- ``version``: the package metadata travelled with the code (``__version__``).
- ``hard player``: the hard computer player's worker processes start (in a frozen app they
  re-run the app's own executable, which ``multiprocessing.freeze_support()`` at the top of
  ``cli.main`` turns into workers) and one hard decision searches in them.
- ``LAN``: a table hosted on 127.0.0.1 and a client playing one seat over it for a hand.
- ``statistics``: the statistics database (SQLite, in a frozen app too) takes a hand and
  reads it back.
- ``sound``: miniaudio loads, the sound effects load, and a playback device opens (where there
  is none, the check says so and passes: the table plays in silence).
- the window checks of ``shengji_desktop.ui.selftest``: the main window opens (offscreen
  unless ``QT_QPA_PLATFORM`` says otherwise) and paints, the Chinese catalogue loads and
  translates, the card art draws, and one hand of each game (DL, TR, SD) is played to its
  settlement by computer seats through the window, with instant animations.

The self-test never touches the player's own settings or saved game: it uses a temporary
folder. ``report`` also writes the lines to a file, for a windowed app on Windows, which has
no console to print to.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from pathlib import Path
from typing import TextIO

import shengji_desktop
from shengji_desktop.selfcheck import Report, app_root, bundle_dir, in_app, is_frozen

HARD_PLAYOUTS = 4  # per worker: enough to prove the workers search, quick everywhere
WORKER_TIMEOUT = 120.0  # seconds for the workers to start (a cold frozen app on a slow disk)


def package_dir() -> Path:
    return Path(shengji_desktop.__file__).resolve().parent


def check_bundle() -> str:
    from shengji_desktop.assets import DATA_FILES, data_root

    package, data = package_dir(), data_root()
    missing = [name for name in DATA_FILES if not (data / name).is_file()]
    if missing:
        raise FileNotFoundError(f"data files missing from {data}: {', '.join(missing)}")
    base = bundle_dir()
    if not is_frozen():
        return (
            f"from source, Python {sys.version.split()[0]}, package in {package},"
            f" data files in {data}"
        )
    if base is None:
        raise RuntimeError("frozen, but sys._MEIPASS is not set")
    outside = [name for name in DATA_FILES if not in_app(data / name)]
    if outside:
        raise RuntimeError(f"data files found outside the app ({app_root()}): {outside}")
    return f"frozen ({sys.executable}), files under sys._MEIPASS = {base}"


def check_version() -> str:
    from importlib.metadata import version

    found = version("shengji-desktop")
    if found != shengji_desktop.__version__:
        raise RuntimeError(f"metadata says {found}, the package {shengji_desktop.__version__}")
    return f"shengji-desktop {found}"


class _Searched(Exception):
    """Raised by the probe seat once the hard player has searched: the check has what it needs."""


def check_hard_player() -> str:
    import random

    from shengji_desktop.ai import make_player
    from shengji_desktop.ai import search as hard_search
    from shengji_desktop.engine.actions import Action
    from shengji_desktop.engine.match import Match
    from shengji_desktop.engine.table import Player, Table
    from shengji_desktop.engine.view import SeatView
    from shengji_desktop.rules.cards import Seat
    from shengji_desktop.rules.options import Game, Options

    # The workers: each answers with its process id, which must not be ours.
    pool = hard_search.pool()
    futures = [pool.submit(os.getpid) for _ in range(hard_search.workers())]
    pids = {f.result(timeout=WORKER_TIMEOUT) for f in futures}
    if os.getpid() in pids:
        raise RuntimeError("a worker ran in the calling process")

    # One decision: SD hand played by normal seats until the hard seat has a choice of plays.
    hard = make_player("hard", "self-test", playouts=HARD_PLAYOUTS * hard_search.workers())
    seen: dict[str, object] = {}

    class Probe:
        def decide(self, view: SeatView) -> Action | None:
            action = hard.decide(view)
            search = getattr(hard, "last_search", None)
            if search:
                seen.update(search, action=action, legal=list(view.legal))
                raise _Searched
            return action

    players: dict[Seat, Player] = {s: make_player("normal", f"self-test/{s.name}") for s in Seat}
    players[Seat.S] = Probe()
    match = Match(Game.SD, Options(), 7)
    t0 = time.perf_counter()
    with contextlib.suppress(_Searched):
        Table(match, players, rng=random.Random(7), hands=1).play()
    ms = (time.perf_counter() - t0) * 1000
    if not seen:
        raise RuntimeError("the hard player never searched in a whole SD hand")
    legal = seen["legal"]
    assert isinstance(legal, list)
    if seen["action"] not in legal:
        raise RuntimeError(f"the hard player chose an illegal action: {seen['action']}")
    samples = seen.get("samples")
    if not isinstance(samples, int) or samples < 1:
        raise RuntimeError(f"the search ran no samples: {seen}")
    return (
        f"worker processes answer (pids {', '.join(map(str, sorted(pids)))});"
        f" one decision over {samples} samples of {seen.get('candidates')} candidate plays"
        f" in {ms:.0f} ms"
    )


LAN_TIMEOUT = 120.0


def check_lan() -> str:
    """A table hosted on the loopback address and one client playing a seat over it, for one
    SD hand (asyncio, sockets, msgspec in the frozen app); zeroconf, for finding tables, loads."""
    import asyncio

    import zeroconf

    from shengji_desktop.ai import make_player
    from shengji_desktop.net import discovery  # zeroconf and ifaddr: imported, not used
    from shengji_desktop.net.headless import JoinSettings, join
    from shengji_desktop.net.host import HostSettings, TableHost
    from shengji_desktop.rules.options import Game, Options

    async def one_hand() -> tuple[dict[str, object], dict[str, object]]:
        settings = HostSettings(deal_pace=0.0, settle_pause=0.0, start_when_full=True, hands=1)
        host = TableHost(
            Game.SD,
            Options(),
            5,
            ["open", "normal", "easy", "normal"],
            settings,
            make_player=make_player,
        )
        port = await host.start("127.0.0.1", 0)
        try:
            joining = JoinSettings(
                address=f"127.0.0.1:{port}",
                name="self-test",
                kind="normal",
                token_file=None,
                hands=1,
                seat=None,
                seed="self-test",
                reconnect_for=5.0,
                think_delay=0.0,
            )
            seat = await join(joining, make_player, out=lambda line: None)
            summary = await host.finished()
        finally:
            await host.close()
        return seat, summary

    t0 = time.perf_counter()
    seat, summary = asyncio.run(asyncio.wait_for(one_hand(), LAN_TIMEOUT))
    if seat.get("hands") != 1 or not seat.get("actions_sent"):
        raise RuntimeError(f"the client did not play its hand: {seat}")
    if summary.get("hands_played") != 1:
        raise RuntimeError(f"the host did not settle one hand: {summary}")
    return (
        f"one SD hand over 127.0.0.1: seat {seat.get('seat')} sent {seat.get('actions_sent')}"
        f" actions in {(time.perf_counter() - t0) * 1000:.0f} ms; {discovery.__name__} loads"
        f" (zeroconf {zeroconf.__version__})"
    )


def check_statistics() -> str:
    """The statistics database (sqlite3 must travel with a frozen app) in a temporary folder."""
    import sqlite3
    import tempfile

    from shengji_desktop.rules.cards import Seat
    from shengji_desktop.rules.options import Game
    from shengji_desktop.stats.facts import HandFacts, Role
    from shengji_desktop.stats.store import Store

    with tempfile.TemporaryDirectory(prefix="shengji-selftest-") as folder:
        store = Store(Path(folder) / "stats.sqlite3")
        try:
            hand = HandFacts("self-test", 1, Game.SD, "normal", Seat.S, 0.0, Role.DEALER, True)
            store.record_hand(hand)
            if store.hands() != [hand]:
                raise RuntimeError("the hand written is not the hand read")
        finally:
            store.close()
    return f"SQLite {sqlite3.sqlite_version}: a hand written and read back"


def check_sound() -> str:
    """The sound effects and miniaudio (its C library must travel with a frozen app): the clips
    load, and a playback device opens, or the table goes silent with one log line (no audio
    device: CI, a server)."""
    import miniaudio

    from shengji_desktop.ui.aids.audio import SOUNDS_DIR, MiniaudioBackend, load_clips

    clips = load_clips()
    backend = MiniaudioBackend(clips)
    try:
        opened = backend._ready()  # opens the device; plays nothing
        where = f"device: {backend.backend_name}" if opened else f"silent ({backend.failed})"
    finally:
        backend.close()
    return f"miniaudio {miniaudio.__version__}, {len(clips)} clips in {SOUNDS_DIR}, {where}"


def check_qt() -> str:
    """Qt and the window code import (in a frozen app: nothing needed was left out), with
    Python's own import statement, as the window has it (``ui.plain_imports``)."""
    from shengji_desktop.ui import plain_imports

    plain_imports()
    from shengji_desktop.ui import selftest as window_checks

    return window_checks.qt_versions()


def run(report_path: str | None = None) -> int:
    """Run every check; 0 if all passed, 1 otherwise."""
    streams: list[TextIO] = []
    if sys.stdout is not None:  # None in a windowed app on Windows
        streams.append(sys.stdout)
    report_file = None
    if report_path:
        report_file = open(report_path, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        streams.append(report_file)
    report = Report(streams)
    try:
        report.say(f"shengji-desktop {shengji_desktop.__version__} self-test")
        report.check("bundle", check_bundle)
        report.check("version", check_version)
        report.check("hard player", check_hard_player)
        report.check("LAN", check_lan)
        report.check("statistics", check_statistics)
        report.check("sound", check_sound)

        if report.check("Qt", check_qt):
            from shengji_desktop.ui.selftest import run_window_checks

            run_window_checks(report)
        return report.close()
    finally:
        from shengji_desktop.ai import search as hard_search

        hard_search.shutdown()
        if report_file is not None:
            report_file.close()
