"""Whole hands over loopback: a host process and four `join --ai random` processes; a client
killed mid-trick comes back with its token; a host killed mid-hand resumes from its save."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from netutil import Procs, listening_port

from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.record import load_saved, record_json
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Seat

SEATS = ("S", "E", "N", "W")


def saved_match(path: Path) -> tuple[dict[str, Any], Match]:
    """The table file's seats and record (as the older format held them) and its match."""
    saved = load_saved(path, "table file")
    return {**saved.meta, "record": record_json(saved.match)}, saved.match


def cards_played(match: Match) -> int:
    """Cards played in the match's current hand (its public tricks)."""
    return sum(len(cards) for trick in seat_view(match, Seat.S).tricks for _, cards in trick.plays)


@pytest.mark.parametrize("game", ["dl", "tr"])
def test_four_clients_play_a_whole_hand(procs: Procs, tmp_path: Path, game: str) -> None:
    save = tmp_path / "table.json"
    host = procs.host("--game", game, "--seed", "11", "--hands", "1", "--save", str(save))
    port = listening_port(host)
    joins = [procs.join(port, f"p{i}", "--hands", "1") for i in range(4)]
    assert host.finish(90) == 0, host.stderr()
    summary = host.last_json()
    assert summary["hands_played"] == 1 and summary["game"] == game
    seats = set()
    for j in joins:
        assert j.finish(30) == 0, j.stderr()
        result = j.last_json()
        seats.add(result["seat"])
        assert result["hands"] == 1
        assert result["actions_sent"] > 0
    assert seats == set(SEATS)
    # The referee's save is a whole, replayable hand that reached settlement.
    data, match = saved_match(save)
    assert match.phase in (Phase.SETTLED, Phase.OVER)
    assert len(match.history) == 1
    assert data["started"] and all(s["token"] for s in data["seats"])
    assert cards_played(match) == 4 * {"dl": 39, "tr": 25}[game]  # every card was played
    tricks = len(seat_view(match, Seat.S).tricks)
    assert sum(1 for line in host.lines if "出牌 plays" in line) == 4 * tricks


def plays(lines: list[str]) -> list[str]:
    return [line for line in lines if "出牌 plays" in line]


def test_client_killed_mid_trick_reconnects_with_its_token(procs: Procs, tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    host = procs.host(
        "--game", "tr", "--seed", "5", "--hands", "1", "--save", str(save), "--standin-after", "60"
    )
    port = listening_port(host)
    tokens = {seat: tmp_path / f"tok{seat}.json" for seat in SEATS}
    # S thinks slowly, so that it is surely killed before it plays; the others are quick.
    joins = {
        seat: procs.join(
            port, f"p{seat}", "--seat", seat, "--token-file", str(tokens[seat]), "--hands", "1",
            "--think-delay", "0.8" if seat == "S" else "0.01",
        )
        for seat in SEATS
    }  # fmt: skip
    # Kill S when it is to play in the middle of a trick: right after W plays a card that
    # does not end the trick (ccw order: S, E, N, W).
    i = -1
    while True:
        i = host.wait_for(lambda line: "出牌 plays" in line, 60, i + 1)
        if host.lines[i].startswith("  W ") and len(plays(host.lines[: i + 1])) % 4 != 0:
            break
    joins["S"].kill()
    left = host.wait_for(lambda line: line.startswith("S pS left"), 10)
    played = len(plays(host.lines[:left]))
    assert played % 4 != 0, "S was killed in the middle of a trick"
    token_before = tokens["S"].read_text(encoding="utf-8")
    quick = ["--think-delay", "0.01", "--hands", "1"]
    rejoin = procs.join(port, "pS", "--token-file", str(tokens["S"]), *quick)
    rejoin.wait_for(lambda line: line.startswith("入座 seated at S"), 20)
    # The same seat, with a new token (issue 16 item 4: a token is good for one return),
    # kept in the token file before the join said "seated".
    kept = json.loads(tokens["S"].read_text(encoding="utf-8"))
    assert kept["seat"] == "S" and kept["token"] != json.loads(token_before)["token"]
    # Nobody played while S was away (a stand-in only after 60 s): the table waited for it,
    # and the next card played is S's own, once it was back.
    back = host.wait_for(lambda line: line.startswith("S pS joined"), 10, left)
    assert plays(host.lines[left:back]) == []
    after = host.wait_for(lambda line: "出牌 plays" in line, 30, back)
    assert host.lines[after].startswith("  S "), host.lines[after]
    assert host.finish(90) == 0, host.stderr()
    assert not any("a computer plays" in line for line in host.lines)
    for j in [joins["E"], joins["N"], joins["W"], rejoin]:
        assert j.finish(30) == 0, j.stderr()
        assert j.last_json()["reason"].startswith("bye") or j.last_json()["hands"] == 1
    assert rejoin.last_json()["seat"] == "S" and rejoin.last_json()["actions_sent"] > 0
    _, match = saved_match(save)
    assert len(match.history) == 1
    assert cards_played(match) == 4 * 25


def test_host_killed_mid_hand_resumes_from_its_save(procs: Procs, tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    args = ("--hands", "1", "--save", str(save), "--standin-after", "60")
    host = procs.host("--game", "dl", "--seed", "7", *args)
    port = listening_port(host)
    joins = [
        procs.join(
            port,
            f"p{i}",
            "--token-file",
            str(tmp_path / f"tok{i}.json"),
            "--hands",
            "1",
            "--think-delay",
            "0.02",
            "--reconnect-for",
            "40",
        )
        for i in range(4)
    ]
    first = host.wait_for(lambda line: "出牌 plays" in line, 60)
    host.wait_for(lambda line: "出牌 plays" in line, 30, first + 10)
    host.kill()
    before, match_before = saved_match(save)
    assert match_before.phase is Phase.PLAY and seat_view(match_before, Seat.S).tricks
    host2 = procs.host("--resume", str(save), "--port", str(port), *args, name="host2")
    line = host2.lines[host2.wait_for(lambda line: line.startswith('{"event": "listening"'))]
    assert json.loads(line)["resumed"] is True and json.loads(line)["port"] == port
    assert host2.finish(90) == 0, host2.stderr()
    for j in joins:
        assert j.finish(30) == 0, j.stderr()
        assert j.last_json()["hands"] == 1
    after, match = saved_match(save)
    assert len(match.history) == 1
    # Nothing lost: the resumed record extends the one saved before the crash.
    n = len(before["record"]["actions"])
    assert after["record"]["actions"][:n] == before["record"]["actions"]
    # Every seat came back with the token saved before the crash and was given a new one,
    # which its token file now holds: the old token opens nothing any more.
    old = {s["seat"]: s["token"] for s in before["seats"]}
    new = {s["seat"]: s["token"] for s in after["seats"]}
    assert all(new[seat] != old[seat] for seat in old)
    kept = [json.loads((tmp_path / f"tok{i}.json").read_text()) for i in range(4)]
    assert sorted(k["token"] for k in kept) == sorted(new.values())
    assert cards_played(match) == 4 * 39
