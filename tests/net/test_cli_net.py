"""`host` and `join` refuse bad arguments with a clear message and exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_desktop.cli import main


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["host"], "--game is required"),
        (["host", "--game", "dl", "--seats", "open,open"], "four kinds"),
        (["host", "--game", "dl", "--seats", "open,open,open,genius"], "genius"),
        (["host", "--game", "tr", "--hands", "0"], "at least 1"),
        (["host", "--game", "tr", "--option", "tr_kitty_multiplier=3"], "tr_kitty_multiplier"),
        (["join", "nowhere", "--name", "a", "--ai", "random"], "HOST:PORT"),
        (["join", "127.0.0.1:1", "--name", "a", "--ai", "genius"], "genius"),
        (["join", "--name", "a"], "--discover NAME"),
        (["join", "127.0.0.1:1", "--discover", "t", "--name", "a"], "one;"),
        (["join", "127.0.0.1:1"], "--name is required"),
    ],
)
def test_bad_arguments(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert words in capsys.readouterr().err


def test_resume_of_a_broken_file_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "table.json"
    broken.write_text('{"format": "shengji-desktop table", "vers', encoding="utf-8")
    assert main(["host", "--resume", str(broken), "--bind", "127.0.0.1"]) == 2
    assert "table.json" in capsys.readouterr().err
    assert main(["host", "--resume", str(tmp_path / "missing.json")]) == 2
    assert "missing.json" in capsys.readouterr().err


def test_join_without_a_host_fails_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["join", "127.0.0.1:9", "--name", "a", "--ai", "random", "--reconnect-for", "0"])
    assert code == 1
    assert "shengji-desktop join" in capsys.readouterr().err
