"""The self-test's report: every check runs, each failure is named with its reason, and the
exit code says whether all passed. The hard player's worker processes answer and search."""

from __future__ import annotations

import io
import os

from shengji_desktop.selfcheck import Report
from shengji_desktop.selftest import (
    check_bundle,
    check_hard_player,
    check_lan,
    check_sound,
    check_statistics,
    check_version,
)


def test_the_report_runs_every_check_and_names_each_failure() -> None:
    out = io.StringIO()
    report = Report([out])

    def broken() -> str:
        raise FileNotFoundError("zh_CN.qm is missing")

    assert report.check("first", lambda: "fine") is True
    assert report.check("second", broken) is False
    assert report.check("third", lambda: "also fine") is True
    assert report.close() == 1
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("ok   first: fine (")
    assert lines[1].startswith("FAIL second: FileNotFoundError: zh_CN.qm is missing (")
    assert lines[2].startswith("ok   third: also fine (")
    assert lines[3].startswith("self-test FAILED: 1 of 3 checks failed (second) in ")


def test_a_report_without_failures_passes() -> None:
    out = io.StringIO()
    report = Report([out])
    report.check("only", lambda: "fine")
    assert report.close() == 0
    assert out.getvalue().splitlines()[-1].startswith("self-test passed: 1 checks in ")


def test_from_source_the_data_files_and_version_are_found() -> None:
    assert check_bundle().startswith("from source")
    assert check_version() == "shengji-desktop 0.1.0"


def test_the_hard_player_searches_in_worker_processes() -> None:
    detail = check_hard_player()
    pids = detail.split("(pids ")[1].split(")")[0].split(", ")
    assert pids and str(os.getpid()) not in pids
    samples = int(detail.split(" over ")[1].split(" samples")[0])
    assert samples >= 1


def test_a_hand_is_played_over_the_loopback_address() -> None:
    detail = check_lan()
    assert detail.startswith("one SD hand over 127.0.0.1: seat ")
    assert int(detail.split(" sent ")[1].split(" actions")[0]) > 0


def test_the_statistics_database_takes_a_hand() -> None:
    assert check_statistics().endswith(": a hand written and read back")


def test_the_sound_check_loads_miniaudio_and_the_clips_with_or_without_a_device() -> None:
    line = check_sound()
    assert line.startswith("miniaudio ") and ", 12 clips in " in line
    assert ", device: " in line or ", silent (" in line
