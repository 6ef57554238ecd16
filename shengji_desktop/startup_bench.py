"""``shengji-desktop bench startup``: start to first paint of the frozen app, against a bare
PySide6 window frozen the same way, and the size of both bundles; JSON last.

Both are built by ``bash scripts/build --bare`` (``build.spec`` and ``build.spec -- --bare``):
``dist/Shengji Desktop/`` and ``dist/bare-window/``. Each run starts the program, which prints
``first-paint`` once its window has painted and quits (the app with the hidden option
``--exit-after-first-paint``); the time is from just before the process is started to that
line. Both watch their main window's own paint event (not every object's events: that would
make PySide look up the type of each object handed to the filter, which the program itself
never does). The app paints an empty table first and builds the rest right after; it also
prints ``ready`` when the complete window has painted, and that time is reported beside the
first paint (for the bare window the two are the same). The two programs take turns, after
one warm-up run each (not counted), and the medians are compared. Both run with a fresh home
folder (no saved settings or game), offscreen unless a display or ``QT_QPA_PLATFORM`` is there;
with ``saved`` (``--saved``) that home holds a saved game (a DL match two hands in, played by
random seats, saved as the window saves), and the app's complete window is the one that
offers to continue it (from the save's head: the match is read right after).

Targets (issue 8): the ratio at most 1.5, the app's bundle under 130 MB unpacked on Linux;
(issue 21) the complete window's ratio (``ready_ratio``) at most 1.5 too. On a shared machine
the wall clock also counts other programs' turns, so the CPU time of each is printed beside
it (``cpu_ratio``: the app's CPU time over the bare window's).
No Qt is imported here: this process only starts the others and waits.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

APP_DIR = "Shengji Desktop"
APP_EXE = "shengji-desktop"
BARE_DIR = "bare-window"
BARE_EXE = "bare-window"
RATIO_TARGET = 1.5
BUNDLE_TARGET_MB = 130.0
RUN_TIMEOUT = 60.0


class BenchError(Exception):
    pass


def executable(folder: Path, name: str) -> Path:
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.is_file():
            return candidate
    raise BenchError(f"{folder / name} not found: build it first with `bash scripts/build --bare`")


def bundle_bytes(folder: Path) -> int:
    """Bytes of every file in the folder, unpacked (symbolic links count as links)."""
    total = 0
    for base, _dirs, files in os.walk(folder):
        for name in files:
            total += (Path(base) / name).lstat().st_size
    return total


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far; 0 without the
    resource module (Windows)."""
    if sys.platform == "win32":
        return 0.0
    else:
        import resource

        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime


def time_to_paint(command: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Seconds from starting ``command`` until it prints ``first-paint``, until it prints
    ``ready`` (its window complete; the first paint for a program that does not say), and the
    CPU seconds the program used in all (it quits once ready): on a busy machine the wall
    clock also counts other programs' turns on the processor, the CPU time does not."""
    cpu = children_cpu()
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    watchdog = threading.Timer(RUN_TIMEOUT, process.kill)
    watchdog.start()
    painted = ready = None
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == "first-paint" and painted is None:
                painted = time.perf_counter()
            elif line.strip() == "ready" and painted is not None:
                ready = time.perf_counter()
                break
        process.wait(timeout=RUN_TIMEOUT)
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
            process.wait()
    if painted is None:
        raise BenchError(f"{command[0]} ended (exit {process.returncode}) without painting")
    return painted - started, (ready or painted) - started, children_cpu() - cpu


def bench_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CACHE_HOME=str(home / "cache"),
        APPDATA=str(home / "appdata"),
        LOCALAPPDATA=str(home / "localappdata"),
    )
    shown = env.get("QT_QPA_PLATFORM") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")
    if not shown and sys.platform.startswith("linux"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def write_saved_game(env: dict[str, str]) -> Path:
    """The autosave the app finds in the home of ``env``: a DL match two hands in."""
    import random
    from unittest import mock

    from shengji_desktop.engine.headless import random_only
    from shengji_desktop.engine.match import Match
    from shengji_desktop.engine.paths import default_save_path
    from shengji_desktop.engine.record import Journal
    from shengji_desktop.engine.savehead import offer_meta
    from shengji_desktop.engine.table import Table
    from shengji_desktop.rules.cards import Seat
    from shengji_desktop.rules.options import Game

    with mock.patch.dict(os.environ, env):
        path = default_save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    match = Match(Game.DL, None, 21)
    players = {seat: random_only("random", f"bench/{seat.name}") for seat in Seat}
    Table(match, players, rng=random.Random("bench"), hands=2).play()
    seats = ["human", "normal", "normal", "normal"]
    ui = {"seats": seats, **offer_meta(match)}  # as the window saves it (ui/session/local.py)
    journal = Journal(path, match.game, match.options, match.seed, match.actions, {"ui": ui})
    journal.compact()
    journal.close()
    return path


def instructions(command: list[str], env: dict[str, str]) -> int:
    """Instructions the program executes from its start until it quits once ready, counted by
    valgrind's callgrind (with its child processes: PyInstaller's launcher may start one).
    Unlike the clock, the count does not depend on what else the machine runs: the same
    program, inputs and environment give the same count to a few in ten thousand."""
    import re
    import shutil

    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise BenchError("--callgrind needs valgrind (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="shengji-callgrind-") as tmp:
        done = subprocess.run(
            [
                valgrind,
                "--tool=callgrind",
                "--trace-children=yes",
                f"--callgrind-out-file={tmp}/callgrind.%p",
                *command,
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT * 10,
        )
    counts = [int(n) for n in re.findall(r"Collected : (\d+)", done.stderr)]
    if done.returncode != 0 or not counts:
        raise BenchError(f"{command[0]} under callgrind failed (exit {done.returncode})")
    return sum(counts)


def run_callgrind(dist: Path, saved: bool = False) -> dict[str, Any]:
    """``bench startup --callgrind``: the instructions of one start of each program (to the
    complete window for the app), and their ratio: the CPU ratio without the machine's load
    in it (each start takes some 20 s under callgrind). Not the clock: waiting for the disk
    or the screen, and how fast each instruction runs (memory, caches), are left out."""
    app_dir, bare_dir = dist / APP_DIR, dist / BARE_DIR
    commands = {
        "app": [str(executable(app_dir, APP_EXE)), "--exit-after-first-paint"],
        "bare": [str(executable(bare_dir, BARE_EXE))],
    }
    with tempfile.TemporaryDirectory(prefix="shengji-bench-startup-") as tmp:
        env = bench_env(Path(tmp))
        if saved:
            write_saved_game(env)
        for command in commands.values():
            time_to_paint(command, env)  # the fontconfig cache, as for the timed runs
        counts = {which: instructions(command, env) for which, command in commands.items()}
    ratio = counts["app"] / counts["bare"]
    result = {
        "saved_game": saved,
        "platform": env.get("QT_QPA_PLATFORM") or "default",
        "app_instructions_m": round(counts["app"] / 1e6, 1),
        "bare_instructions_m": round(counts["bare"] / 1e6, 1),
        "instructions_ratio": round(ratio, 3),
        "ratio_target": RATIO_TARGET,
        "instructions_ratio_ok": ratio <= RATIO_TARGET,
    }
    start = "a saved game offered as Continue" if saved else "a fresh home"
    print(f"instructions from start to complete window (callgrind, {start}):")
    print(f"  app   {counts['app'] / 1e6:8.1f} M   {app_dir}")
    print(f"  bare  {counts['bare'] / 1e6:8.1f} M   {bare_dir}")
    print(f"  ratio {ratio:.3f} (the CPU time's, without the load; target at most {RATIO_TARGET})")
    print(json.dumps(result, sort_keys=True))
    return result


def run(dist: Path, runs: int = 9, saved: bool = False) -> dict[str, Any]:
    if runs < 1:
        raise BenchError("--runs must be at least 1")
    app_dir, bare_dir = dist / APP_DIR, dist / BARE_DIR
    commands = {
        "app": [str(executable(app_dir, APP_EXE)), "--exit-after-first-paint"],
        "bare": [str(executable(bare_dir, BARE_EXE))],
    }
    times: dict[str, list[float]] = {"app": [], "bare": []}
    readies: dict[str, list[float]] = {"app": [], "bare": []}
    cpus: dict[str, list[float]] = {"app": [], "bare": []}
    with tempfile.TemporaryDirectory(prefix="shengji-bench-startup-") as tmp:
        env = bench_env(Path(tmp))
        if saved:
            write_saved_game(env)
        # The fontconfig cache lives in the home folder: the warm-up runs build it.
        for command in commands.values():
            time_to_paint(command, env)
        for i in range(runs):
            order = ("app", "bare") if i % 2 == 0 else ("bare", "app")
            for which in order:
                wall, ready, cpu = time_to_paint(commands[which], env)
                times[which].append(wall)
                readies[which].append(ready)
                cpus[which].append(cpu)
    app_ms = statistics.median(times["app"]) * 1000
    bare_ms = statistics.median(times["bare"]) * 1000
    app_mb = bundle_bytes(app_dir) / 1e6
    bare_mb = bundle_bytes(bare_dir) / 1e6
    ratio = app_ms / bare_ms
    app_ready_ms = statistics.median(readies["app"]) * 1000
    bare_ready_ms = statistics.median(readies["bare"]) * 1000
    app_cpu_ms = statistics.median(cpus["app"]) * 1000
    bare_cpu_ms = statistics.median(cpus["bare"]) * 1000
    result = {
        "runs": runs,
        "platform": env.get("QT_QPA_PLATFORM") or "default",
        "saved_game": saved,
        "app_first_paint_ms": round(app_ms, 1),
        "bare_first_paint_ms": round(bare_ms, 1),
        "ratio": round(ratio, 3),
        "ratio_target": RATIO_TARGET,
        "ratio_ok": ratio <= RATIO_TARGET,
        "app_ready_ms": round(app_ready_ms, 1),
        "bare_ready_ms": round(bare_ready_ms, 1),
        "ready_ratio": round(app_ready_ms / bare_ready_ms, 3),
        "ready_ratio_target": RATIO_TARGET,
        "ready_ratio_ok": app_ready_ms / bare_ready_ms <= RATIO_TARGET,
        "app_cpu_ms": round(app_cpu_ms, 1),
        "bare_cpu_ms": round(bare_cpu_ms, 1),
        "cpu_ratio": round(app_cpu_ms / bare_cpu_ms, 3) if bare_cpu_ms else None,
        "app_bundle_mb": round(app_mb, 1),
        "bare_bundle_mb": round(bare_mb, 1),
        "bundle_target_mb": BUNDLE_TARGET_MB,
        "bundle_ok": app_mb < BUNDLE_TARGET_MB,
        "app_ms_all": [round(t * 1000, 1) for t in times["app"]],
        "bare_ms_all": [round(t * 1000, 1) for t in times["bare"]],
    }
    start = "a saved game offered as Continue" if saved else "a fresh home"
    print(f"start to first paint, median of {runs} runs ({result['platform']}, {start}):")
    print(f"  app   {app_ms:7.1f} ms ({app_cpu_ms:.0f} ms CPU in all)   {app_dir}")
    print(f"  bare  {bare_ms:7.1f} ms ({bare_cpu_ms:.0f} ms CPU in all)   {bare_dir}")
    print(f"  ratio {ratio:.2f} (target at most {RATIO_TARGET})", end="")
    print(f"; CPU time ratio {app_cpu_ms / bare_cpu_ms:.2f}" if bare_cpu_ms else "")
    print(
        f"start to complete window (the app paints an empty table first, then builds the rest):"
        f" app {app_ready_ms:.1f} ms, bare {bare_ready_ms:.1f} ms,"
        f" ratio {app_ready_ms / bare_ready_ms:.2f} (target at most {RATIO_TARGET})"
    )
    print(f"bundle: app {app_mb:.1f} MB, bare window {bare_mb:.1f} MB unpacked", end="")
    print(f" (target under {BUNDLE_TARGET_MB:.0f} MB)")
    print(json.dumps(result, sort_keys=True))
    return result
