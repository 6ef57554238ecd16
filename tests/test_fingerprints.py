"""Behaviour fingerprints of the core-boundary redesign (issue 15): the same seeds give the same
games through the command line, before and after.

Recorded with the code of dc8d1d7, before the redesign, in ``tests/golden/fingerprints.json``:

- ``play --headless --game G --seats normal,easy,normal,easy --hands 2 --seed S --record F``
  for each game and seeds 1-6: the count and SHA-256 of the record's ``actions`` list;
- ``arena --game G --a hard --b normal --deals 6 --seed 3 --playouts 24``: its JSON figures,
  decision times left out (they are measurements, not behaviour).

A deliberate change of behaviour (a bug fixed) updates the file in the same commit, and the
commit says which rule made the change. Issue 22 changed the normal player on purpose and
re-recorded both parts (``updated`` in the file); the old normal's headless figures live on in
``tests/golden/baseline.json``, which the frozen ``baseline`` player must reproduce.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from shengji_desktop.cli import main

FINGERPRINTS = json.loads(
    (Path(__file__).parent / "golden" / "fingerprints.json").read_text(encoding="utf-8")
)
HEADLESS = sorted(FINGERPRINTS["headless"])


def actions_fingerprint(record: Path) -> dict[str, object]:
    actions = json.loads(record.read_text(encoding="utf-8"))["actions"]
    text = json.dumps(actions, sort_keys=True, ensure_ascii=False)
    return {"actions": len(actions), "sha256": hashlib.sha256(text.encode()).hexdigest()}


@pytest.mark.parametrize("case", HEADLESS)
def test_headless_play_gives_the_recorded_actions(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, seed = case.split("-")
    record = tmp_path / "record.json"
    args = ["play", "--headless", "--game", game, "--seats", "normal,easy,normal,easy"]
    assert main([*args, "--hands", "2", "--seed", seed, "--record", str(record)]) == 0
    capsys.readouterr()
    assert actions_fingerprint(record) == FINGERPRINTS["headless"][case]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["dl", "tr", "sd"])
def test_arena_gives_the_recorded_figures(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--game", game, "--a", "hard", "--b", "normal", "--deals", "6"]
    assert main([*args, "--seed", "3", "--playouts", "24"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    behaviour = {k: v for k, v in figures.items() if "_ms_" not in k}
    assert behaviour == FINGERPRINTS["arena"][game]
