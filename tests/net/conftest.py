"""Fixtures of the LAN tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from netutil import Procs


@pytest.fixture
def procs(tmp_path: Path) -> Iterator[Procs]:
    p = Procs(tmp_path)
    yield p
    for proc in p.all:
        proc.kill()
