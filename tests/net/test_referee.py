"""The referee's protections: a computer's fault never stops the table (a legal action is taken
instead), and an engine fault half-way through an action rebuilds the match from its record, so
that nothing changes; a fault that keeps coming back ends the table with the save intact."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import record_json, replay
from shengji_desktop.engine.table import Player
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.net import protocol as p
from shengji_desktop.net.host import HostListener, HostSettings, TableHost
from shengji_desktop.net.persistence import read_table
from shengji_desktop.net.tls import client_context
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game

FAST = {"deal_pace": 0.0, "settle_pause": 0.0, "standin_kind": "random"}
TLS: dict[str, Any] = {"ssl": client_context(), "server_hostname": "shengji-table"}


def run(coro: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(coro(), 60))


class Log(HostListener):
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.reason: str | None = None

    def on_log(self, line: str) -> None:
        self.lines.append(line)

    def on_finished(self, reason: str, summary: dict[str, Any]) -> None:
        self.reason = reason

    def has(self, words: str) -> bool:
        return any(words in line for line in self.lines)


class Failing:
    """A computer that fails: ``raises`` in every decision, or answers an illegal action."""

    def __init__(self, raises: bool) -> None:
        self.raises = raises
        self.inner = RandomPlayer(random.Random(1))

    def decide(self, view: SeatView) -> Action | None:
        if view.phase is Phase.DEAL:
            return None
        if self.raises:
            raise RuntimeError("the computer broke")
        return Action(Act.BID, view.seat, value=-7)  # never legal in TR


def factory(kind: str, seed: str) -> Player:
    if kind in ("raises", "illegal"):
        return Failing(kind == "raises")
    return RandomPlayer(random.Random(seed))


def replays_to_itself(match: Match) -> bool:
    again, _ = replay(record_json(match))
    return all(seat_view(again, s) == seat_view(match, s) for s in Seat)


def test_computers_that_fail_are_replaced_by_a_legal_action() -> None:
    async def main() -> None:
        log = Log()
        settings = HostSettings(**FAST, hands=1)  # type: ignore[arg-type]
        kinds = ["raises", "illegal", "random", "random"]
        host = TableHost(Game.TR, None, 4, kinds, settings, listener=log, make_player=factory)
        await host.start("127.0.0.1", 0)
        host.start_match()
        summary = await host.finished()
        assert summary["hands_played"] == 1 and log.reason == "hands done"
        assert log.has("S: the computer failed") and log.has("E: the computer chose an illegal")
        assert replays_to_itself(host.match)
        await host.close()

    run(main)


class Raw:
    """A hand-written client on loopback."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.decoder = p.HostDecoder()
        self.pending: list[p.HostMessage | p.ProtocolError] = []

    async def expect(self, kind: type[Any], test: Callable[[Any], bool] = lambda m: True) -> Any:
        while True:
            while not self.pending:
                data = await asyncio.wait_for(self.reader.read(1 << 16), 10)
                assert data, f"closed while waiting for {kind.__name__}"
                self.pending += self.decoder.feed(data)
            msg = self.pending.pop(0)
            assert not isinstance(msg, p.ProtocolError), msg
            if isinstance(msg, kind) and test(msg):
                return msg


def my_turn(update: p.Update) -> bool:
    view = p.read_update(update)[1]
    return bool(view.legal) and view.phase is not Phase.DEAL


def test_an_engine_fault_on_a_persons_action_changes_nothing() -> None:
    async def main() -> None:
        log = Log()
        settings = HostSettings(**FAST)  # type: ignore[arg-type]
        kinds = ["open", "random", "random", "random"]
        host = TableHost(Game.TR, None, 5, kinds, settings, listener=log)
        port = await host.start("127.0.0.1", 0)
        raw = Raw(*await asyncio.open_connection("127.0.0.1", port, **TLS))
        raw.writer.write(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="me")))
        welcome = await raw.expect(p.Welcome)
        me = Seat[welcome.seat]
        raw.writer.write(p.encode(p.Ready()))
        view = p.read_update(await raw.expect(p.Update, my_turn))[1]
        before = json.dumps([record_json(host.match), codec.view_json(seat_view(host.match, me))])
        damaged = host.match
        hand = damaged.hand

        def broken(action: Action) -> Any:
            hand.hands[me].clear()  # half-way through, the engine fails
            raise RuntimeError("engine bug")

        hand.apply = broken  # type: ignore[method-assign]
        action = RandomPlayer(random.Random(2)).decide(view)
        assert action is not None
        act = p.Act(action=p.WireAction.of(action), ref=3)
        raw.writer.write(p.encode(act))
        err = await raw.expect(p.Error)
        assert err.code == "illegal" and err.rule == "GEN-SEAT-1" and err.ref == 3
        assert "internal error" in err.message and "engine bug" in err.message
        assert host.match is not damaged and log.has("rebuilt from its record")
        after = json.dumps([record_json(host.match), codec.view_json(seat_view(host.match, me))])
        assert after == before  # nothing changed, though the failed hand was damaged
        # The rebuilt table goes on: the same action is taken now, the computers answer.
        raw.writer.write(p.encode(act))
        ack = await raw.expect(p.Update, lambda u: u.ref == 3)
        assert ack.seq == len(json.loads(before)[0]["actions"]) + 1
        await raw.expect(p.Update, lambda u: u.seq > ack.seq)
        raw.writer.close()
        await host.close()

    run(main)


def test_an_engine_fault_on_a_computers_action_rebuilds_and_goes_on() -> None:
    async def main() -> None:
        log = Log()
        settings = HostSettings(**FAST, hands=1)  # type: ignore[arg-type]
        host = TableHost(Game.SD, None, 6, ["random"] * 4, settings, listener=log)
        match = host.match
        original = match.apply
        failed: list[Action] = []

        def flaky(action: Action) -> Any:
            if action.kind is Act.PLAY and not failed:
                failed.append(action)
                raise RuntimeError("engine bug")
            return original(action)

        match.apply = flaky  # type: ignore[method-assign]
        await host.start("127.0.0.1", 0)
        host.start_match()
        summary = await host.finished()
        assert failed and log.has("engine bug") and log.has("rebuilt from its record")
        assert summary["hands_played"] == 1 and log.reason == "hands done"
        assert host.match is not match and replays_to_itself(host.match)
        await host.close()

    run(main)


def test_an_engine_fault_that_keeps_coming_back_ends_the_table(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    original = Match.apply

    def always(self: Match, action: Action) -> Any:
        if action.kind is Act.PLAY:
            raise RuntimeError("engine bug")
        return original(self, action)

    monkeypatch.setattr(Match, "apply", always)

    async def main() -> None:
        log = Log()
        settings = HostSettings(**FAST)  # type: ignore[arg-type]
        save = tmp_path / "table.json"
        host = TableHost(Game.TR, None, 7, ["random"] * 4, settings, save, log)
        await host.start("127.0.0.1", 0)
        host.start_match()
        await host.finished()
        assert log.reason is not None and log.reason.startswith("host error")
        assert log.has("giving up")
        assert read_table(save).match.actions == host.match.actions
        await host.close()

    run(main)
