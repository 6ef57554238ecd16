"""Re-record the behaviour fingerprints of ``tests/test_fingerprints.py`` after a deliberate
change of behaviour (``tests/golden/fingerprints.json``).

Runs the same commands the tests run, through the command line's own ``main``: for ``arena``, the
hard-against-normal figures (decision times left out); for ``headless``, the action counts and
digests of the normal/easy records. Only the parts asked for are written; ``--note`` says why in
the file's ``updated`` line (the commit must say which rule made the change).

    PYTHONPATH=. .venv/bin/python scripts/record_fingerprints.py arena --note "..."
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_fingerprints import actions_fingerprint  # noqa: E402

from shengji_desktop.cli import main  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "fingerprints.json"


def run(args: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(args) == 0, args
    return out.getvalue()


def arena(game: str) -> dict[str, object]:
    args = ["arena", "--game", game, "--a", "hard", "--b", "normal", "--deals", "6"]
    figures = json.loads(run([*args, "--seed", "3", "--playouts", "24"]).strip().splitlines()[-1])
    return {k: v for k, v in figures.items() if "_ms_" not in k}


def headless(case: str) -> dict[str, object]:
    game, seed = case.split("-")
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "record.json"
        args = ["play", "--headless", "--game", game, "--seats", "normal,easy,normal,easy"]
        run([*args, "--hands", "2", "--seed", seed, "--record", str(record)])
        return actions_fingerprint(record)


def record(parts: list[str], note: str) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    if "arena" in parts:
        golden["arena"] = {game: arena(game) for game in sorted(golden["arena"])}
    if "headless" in parts:
        golden["headless"] = {case: headless(case) for case in sorted(golden["headless"])}
    golden["updated"] = f"{golden['updated']}; {note}" if note else golden["updated"]
    text = json.dumps(golden, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="+", choices=["arena", "headless"])
    parser.add_argument("--note", default="", help="why, appended to the file's 'updated'")
    ns = parser.parse_args()
    record(ns.parts, ns.note)
