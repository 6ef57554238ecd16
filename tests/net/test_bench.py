"""`bench net` prints its figures and a JSON line last."""

from __future__ import annotations

import json

import pytest

from shengji_desktop.cli import main


def test_bench_net_prints_latency_and_cpu(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "net", "--hands", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["bench"] == "net"
    for game in ("dl", "tr", "sd"):
        f = figures[game]
        assert f["actions"] > 10
        assert 0 < f["p50_ms"] <= f["p95_ms"] <= f["max_ms"]
        assert f["host_cpu_s_per_hand"] > 0


def test_bench_net_starts_a_table_hands_into_a_match(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    """``--start-at-hand H``: the host resumes a table file with H hands played (issue 16,
    item 11); the clients come back to its open seats with their tokens."""
    from shengji_desktop.net.bench import _prepare
    from shengji_desktop.net.persistence import read_table
    from shengji_desktop.rules.options import Game

    seed, options, played, tokens = _prepare(Game.TR, 1, 3, 2, tmp_path / "table.json")
    saved = read_table(tmp_path / "table.json")
    assert played == 3 and len(saved.match.history) == 3 and saved.match.winner is None
    assert options == {} and saved.match.seed == seed
    assert saved.started and [s.token for s in saved.seats] == tokens and all(tokens)
    assert [s.kind for s in saved.seats] == ["open"] * 4 and saved.hands == 5
    assert main(["bench", "net", "--hands", "1", "--start-at-hand", "2"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(out[-1])
    assert figures["start_at_hand"] == 2
    for game in ("dl", "tr", "sd"):
        f = figures[game]
        assert f["start_at_hand"] == 2 and f["actions"] > 10
        assert 0 < f["p50_ms"] <= f["p95_ms"] <= f["max_ms"]
        assert f["host_cpu_s_per_hand"] > 0
    assert any(line.startswith("tr from hand 3") for line in out)


def test_bench_flood_cuts_the_abuser_off_and_prints_the_others_latency(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "flood", "--game", "sd", "--kind", "ping", "--hands", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    f = figures["ping"]
    assert figures["bench"] == "flood" and f["flooded"] > 0 and f["actions"] > 5
    assert 0 < f["p50_ms"] <= f["p95_ms"] <= f["max_ms"]


def test_bench_memory_prints_the_hosts_rss(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "memory", "--conns", "4", "--seconds", "1", "--rate", "500"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["bench"] == "memory" and figures["rss_start_mb"] > 0
    assert figures["rss_peak_mb"] >= figures["rss_start_mb"] - 1 and figures["rejoins"] >= 1


def test_bench_net_with_watchers_prints_the_players_p95_with_0_and_8(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--watchers``: the players' p95 with none, 8 watchers, and 8 of whom one never reads
    and one floods (issue 38); figures only, no timed assertion."""
    assert main(["bench", "net", "--watchers", "--hands", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(out[-1])
    assert figures["bench"] == "net" and figures["watchers"] is True
    for game in ("dl", "tr", "sd"):
        f = figures[game]
        assert set(f["p95_ms"]) == {"0", "8", "8 (1 stalled, 1 flooding)"}
        assert all(v > 0 for v in f["p95_ms"].values())
        assert f["watcher_updates"] > 8 * 10  # eight watchers were shown the hand
    assert any(line.startswith("dl: players' update to all 4") for line in out)
