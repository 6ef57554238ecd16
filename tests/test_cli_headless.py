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
    assert main(["replay", str(broken), "--print"]) == 2
    assert "broken.json" in capsys.readouterr().err


def test_bench_prints_json_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--hands", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(out[-1])
    assert set(figures) == {"bench", "dl", "tr", "sd"} and figures["bench"] == "engine"
    for game in ("dl", "tr", "sd"):
        row = figures[game]
        assert set(row) == {
            "hand_ms_median",
            "hand_ms_mean",
            "hand_cpu_ms_median",
            "hand_with_views_ms_median",
            "hand_with_views_cpu_ms_median",
        }
        assert row["hand_ms_median"] > 0 and row["hand_with_views_ms_median"] > 0
        assert any(line.startswith(f"{game}: hand ") for line in out[:-1])


def test_bench_rules_times_enumeration_and_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "rules", "--hands", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["bench"] == "rules"
    for game in ("dl", "tr", "sd"):
        row = figures[game]
        assert row["hand_ms_median"] > 0
        # mid-hand positions give both leads and follows
        assert row["lead_enum_us_median"] > 0 and row["follow_enum_us_median"] > 0
