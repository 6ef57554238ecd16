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
