"""The host's table file is a journal (issue 16, item 10): after every action it appends one
line, never the whole match; it is rewritten (atomically) at most once a hand; a cut-off last
line resumes with a warning, a damaged file is refused clearly and set aside; table files of
the older format still resume."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest

from shengji_desktop.cli import main
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.record import CorruptSave
from shengji_desktop.engine.view import seat_view
from shengji_desktop.net.host import HostListener, HostSettings, TableHost
from shengji_desktop.net.persistence import SavedSeat, read_table, table_json
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game

FAST = {"deal_pace": 0.0, "settle_pause": 0.0, "standin_kind": "random"}


class Log(HostListener):
    def __init__(self) -> None:
        self.lines: list[str] = []

    def on_log(self, line: str) -> None:
        self.lines.append(line)


def host_match(path: Path, hands: int, game: Game = Game.TR, seed: int = 3) -> TableHost:
    async def main() -> TableHost:
        settings = HostSettings(**FAST, hands=hands)  # type: ignore[arg-type]
        host = TableHost(game, None, seed, ["random"] * 4, settings, path, Log())
        await host.start("127.0.0.1", 0)
        host.start_match()
        await host.finished()
        file = host._file
        await host.close()
        host.closed_file = file  # type: ignore[attr-defined]
        return host

    return asyncio.run(asyncio.wait_for(main(), 120))


def test_the_host_saves_a_line_per_action_and_rewrites_the_file_once_a_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "table.json"
    replaced: list[Any] = []
    real = os.replace

    def counting(src: Any, dst: Any) -> None:
        if Path(dst) == path:
            replaced.append(dst)
        real(src, dst)

    monkeypatch.setattr(os, "replace", counting)
    hands = 3
    host = host_match(path, hands)
    actions = len(host.match.actions)
    assert len(host.match.history) == hands and actions > 300
    # the file was rewritten whole once to begin with and at each hand's end, not per action
    assert 1 <= len(replaced) <= hands + 2, (len(replaced), actions)
    journal = host.closed_file.journal  # type: ignore[attr-defined]
    assert journal is not None and journal.rewrites == len(replaced)
    assert journal.longest_line <= 200  # one action's line, whatever came before it
    saved = read_table(path)
    assert saved.match.actions == host.match.actions and saved.started and not saved.warnings
    assert [s.kind for s in saved.seats] == ["random"] * 4


def test_a_table_file_cut_off_in_its_last_line_resumes_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    host = host_match(path, 1, Game.SD)
    whole = path.read_bytes()
    path.write_bytes(whole[:-5])  # the last action's line, cut off
    log = Log()
    resumed = TableHost.resume(path, HostSettings(**FAST), log)  # type: ignore[arg-type]
    assert resumed.match.actions == host.match.actions[:-1]
    assert any("cut off" in line and str(path) in line for line in log.lines)


def test_a_damaged_table_file_is_refused_clearly_and_set_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.json"
    host_match(path, 1, Game.SD)
    lines = path.read_bytes().split(b"\n")
    lines[10] = b"#garbage#"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(CorruptSave, match="line 11"):
        read_table(path)
    (aside,) = tmp_path.glob("table.json.corrupt-*")
    aside.rename(path)
    assert main(["host", "--resume", str(path), "--bind", "127.0.0.1"]) == 2
    err = capsys.readouterr().err
    assert "table.json" in err and "line 11" in err and "set aside" in err
    assert not path.exists() and len(list(tmp_path.glob("table.json.corrupt-*"))) == 1


def test_a_table_file_of_the_older_format_resumes(tmp_path: Path) -> None:
    host = host_match(tmp_path / "new.json", 1, Game.DL)
    match = Match(Game.DL, None, 3)
    for action in host.match.actions[:200]:
        match.apply(action)
    seats = [SavedSeat(s, "open", f"n{s.name}", f"token-{s.name}") for s in Seat]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(table_json(match, seats, True, 4, "old")), encoding="utf-8")
    saved = read_table(old)
    assert saved.match.actions == match.actions and saved.hands == 4 and saved.table == "old"
    assert [s.token for s in saved.seats] == [f"token-{s.name}" for s in Seat]
    resumed = TableHost.resume(old, HostSettings(**FAST))  # type: ignore[arg-type]
    assert [seat_view(resumed.match, s) for s in Seat] == [seat_view(match, s) for s in Seat]
    assert resumed.seats[Seat.E].token == "token-E"


def test_a_resumed_table_keeps_its_seats_in_the_file_it_goes_on_saving(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    first = host_match(path, 1, Game.SD, seed=5)

    early: list[Any] = []
    hosts: list[TableHost] = []

    class Early(Log):
        def on_events(self, events: Any, match: Match) -> None:
            if not early:  # the file as a crash after the first action would leave it
                hosts[0]._file.flush()  # type: ignore[union-attr]
                try:
                    early.append(read_table(path))
                except Exception as exc:
                    early.append(exc)

    async def main() -> TableHost:
        settings = HostSettings(**FAST, hands=2)  # type: ignore[arg-type]
        host = TableHost.resume(path, settings, Early())
        hosts.append(host)
        await host.start("127.0.0.1", 0)  # no hello: the computers play on at once
        await host.finished()
        await host.close()
        return host

    resumed = asyncio.run(asyncio.wait_for(main(), 120))
    assert not isinstance(early[0], Exception), early[0]
    assert [s.kind for s in early[0].seats] == ["random"] * 4
    saved = read_table(path)
    assert saved.match.actions == resumed.match.actions
    assert saved.match.actions[: len(first.match.actions)] == first.match.actions
    assert len(saved.match.history) == 2 and saved.started
    assert [s.kind for s in saved.seats] == ["random"] * 4
