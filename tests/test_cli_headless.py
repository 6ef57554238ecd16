"""The headless subcommands: play --headless, replay --check, bench; errors exit non-zero."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shengji_desktop.cli import main


def test_play_record_and_replay_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "game.json"
    args = ["play", "--headless", "--game", "sd", "--hands", "2", "--seed", "4"]
    assert main([*args, "--option", "sd_room=match", "--record", str(rec)]) == 0
    first = capsys.readouterr().out
    summary = json.loads(first.strip().splitlines()[-1])
    assert summary["hands_played"] == 2 and summary["game"] == "sd"
    assert "出牌 plays" in first
    assert main([*args, "--option", "sd_room=match"]) == 0
    assert capsys.readouterr().out == first  # same seed, same output, byte for byte
    assert main(["replay", str(rec), "--check"]) == 0
    data = json.loads(rec.read_text(encoding="utf-8"))
    data["check"]["sha256"] = "0" * 64
    rec.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(rec), "--check"]) == 1


def test_bad_input_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--headless", "--game", "tr", "--option", "tr_kitty_multiplier=3"]) == 2
    assert "tr_kitty_multiplier" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "shengji-desktop record", "version": 1, "gam', encoding="utf-8")
    assert main(["replay", str(broken)]) == 2
    assert "broken.json" in capsys.readouterr().err


def test_bench_prints_json_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--hands", "1"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    figures = json.loads(last)
    assert set(figures) == {"bench", "dl", "tr", "sd"}
    assert figures["dl"]["hand_ms_median"] > 0
