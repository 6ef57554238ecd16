"""`shengji-desktop bench ui` measures the table and ends with one JSON line."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.gui


@pytest.mark.slow
def test_bench_ui_prints_its_figures_as_json_last(tmp_path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "shengji_desktop", "bench", "ui"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["cards_on_table"] == 162
    assert result["cards_dealt_in_window"] > 0
    for key in ("first_paint_ms", "table_paint_ms", "deal_fps", "peak_rss_mb"):
        assert result[key] > 0
