"""Instructions per random hand and per playout, counted by valgrind (deterministic).

On a busy shared machine CPU time varies by 2x from one run to the next; the instruction count
of the same work does not. Each figure is two runs under ``valgrind --tool=cachegrind`` of the
same program, one doing N units of work more than the other (imports and warm-up are the same):
the difference divided by N is the cost of one unit.

    python scripts/instructions.py rules [--hands 12]    # a random full hand through the engine
    python scripts/instructions.py ai [--positions 24]   # one playout of the hard player's search

Run it on two trees (e.g. main and a branch) and compare the figures: their ratio is what a
speed-up is worth, whatever the machine's load.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULES = """
from shengji_desktop.engine.bench import bench_hands, mid_hand_positions
from shengji_desktop.rules.options import Game
game = Game({game!r})
mid_hand_positions(game, 8)  # warm-up (first calls, per-trump tables) on other deals
if {n}:
    bench_hands(game, {n})
"""

AI = """
from shengji_desktop.ai import bench
from shengji_desktop.ai.search import run_task
from shengji_desktop.rules.options import Game
game = Game({game!r})
tasks = bench.tasks(bench.positions(game, 2), 2)
step = max(1, len(tasks) // {positions})
chosen = tasks[::step][:{positions}]
run_task(tasks[-1])  # warm-up
playouts = sum(len(t.candidates) * (t.samples or 0) for t in chosen)
if {n}:
    for t in chosen:
        run_task(t)
print("PLAYOUTS", playouts)
"""


def count(code: str) -> tuple[int, str]:
    """Instructions executed by ``python -c code`` under cachegrind, and its output."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        proc = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={out}",
                sys.executable,
                "-c",
                code,
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            check=True,
        )
        found = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
        if found is None:
            raise SystemExit(f"no instruction count in valgrind's output:\n{proc.stderr}")
        return int(found.group(1).replace(",", "")), proc.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=["rules", "ai"])
    parser.add_argument("--hands", type=int, default=12, help="rules: hands counted per game")
    parser.add_argument("--positions", type=int, default=24, help="ai: positions per game")
    parser.add_argument("--games", default="dl,tr,sd")
    args = parser.parse_args()
    for game in args.games.split(","):
        if args.what == "rules":
            base, _ = count(RULES.format(game=game, n=0))
            full, _ = count(RULES.format(game=game, n=args.hands))
            units, name = args.hands, "hand"
        else:
            base, _ = count(AI.format(game=game, n=0, positions=args.positions))
            full, out = count(AI.format(game=game, n=1, positions=args.positions))
            units, name = int(out.split("PLAYOUTS")[-1]), "playout"
        per = (full - base) / units
        print(f"{game}: {per / 1e6:.3f} M instructions per {name} ({units} {name}s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
