"""The host over real loopback sockets, in-process: hello and tokens, refusals with clear codes,
the rules' typed reasons, garbage disconnects, stand-ins for dropped humans, resync."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.hand import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.net import protocol as p
from shengji_desktop.net.client import AISeat, ClientListener, TableClient, ThreadedClient
from shengji_desktop.net.host import HostSettings, TableHost
from shengji_desktop.rules.cards import Seat, Suit, parse_cards
from shengji_desktop.rules.options import Game

FAST = {"deal_pace": 0.0, "settle_pause": 0.0, "standin_kind": "random", "hello_timeout": 2.0}


class Raw:
    """A hand-written client: sends exact bytes, reads host messages."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.decoder = p.HostDecoder()
        self.pending: list[p.HostMessage] = []

    @classmethod
    async def connect(cls, port: int) -> Raw:
        return cls(*await asyncio.open_connection("127.0.0.1", port))

    def send(self, data: bytes | dict[str, Any] | p._ClientMsg) -> None:
        if isinstance(data, dict):
            data = json.dumps(data).encode() + b"\n"
        elif not isinstance(data, bytes):
            data = p.encode(data)
        self.writer.write(data)

    async def hello(self, name: str = "x", **kw: Any) -> p.Welcome:
        self.send(p.Hello(version=p.PROTOCOL_VERSION, name=name, **kw))
        return await self.expect(p.Welcome)

    async def next(self, timeout: float = 5.0) -> p.HostMessage | None:
        """The next message, or None at EOF."""
        while not self.pending:
            data = await asyncio.wait_for(self.reader.read(1 << 16), timeout)
            if not data:
                return None
            for item in self.decoder.feed(data):
                assert not isinstance(item, p.ProtocolError), item
                self.pending.append(item)
        return self.pending.pop(0)

    async def expect(self, kind: type[Any], test: Callable[[Any], bool] = lambda m: True) -> Any:
        while True:
            msg = await self.next()
            assert msg is not None, f"closed while waiting for {kind.__name__}"
            if isinstance(msg, kind) and test(msg):
                return msg

    async def until_closed(self) -> list[p.HostMessage]:
        seen = []
        while (msg := await self.next()) is not None:
            seen.append(msg)
        return seen


def run(coro: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(coro(), 60))


async def started_host(
    game: Game = Game.TR, seats: list[str] | None = None, **kw: Any
) -> TableHost:
    host = TableHost(game, None, 3, seats or ["open"] * 4, HostSettings(**{**FAST, **kw}))
    await host.start("127.0.0.1", 0)
    return host


def state_of(host: TableHost) -> str:
    return json.dumps([host.match.record(), [host.match.view(s) for s in host.seats]])


def test_version_and_token_and_seat_refusals() -> None:
    async def main() -> None:
        host = await started_host()
        port = host.port
        assert port is not None
        old = await Raw.connect(port)
        old.send(p.Hello(version=99, name="old"))
        err = await old.expect(p.Error)
        assert err.code == "version" and err.fatal and "99" in err.message
        assert await old.until_closed() == []
        newer = await Raw.connect(port)  # a later version's hello, with fields unknown here
        newer.send({"t": "hello", "version": 2, "name": "new", "avatar": "🐉"})
        err = await newer.expect(p.Error)
        assert err.code == "version" and err.fatal and "speaks 1" in err.message
        a = await Raw.connect(port)
        welcome = await a.hello("a", seat="N")
        assert welcome.seat == "N" and len(welcome.token) >= 20
        b = await Raw.connect(port)
        b.send(p.Hello(version=p.PROTOCOL_VERSION, name="b", seat="N"))
        assert (await b.expect(p.Error)).code == "seat_taken"
        c = await Raw.connect(port)
        c.send(p.Hello(version=p.PROTOCOL_VERSION, name="c", token="not-a-real-token"))
        assert (await c.expect(p.Error)).code == "bad_token"
        await host.close()

    run(main)


def test_bad_messages_get_clear_errors_then_a_disconnect() -> None:
    async def main() -> None:
        host = await started_host(max_errors=6)
        assert host.port is not None
        raw = await Raw.connect(host.port)
        raw.send(p.Ping())
        assert isinstance(await raw.next(), p.Pong)
        raw.send(b'{"t": "act", "action": {"a": "play"}}\n')
        assert (await raw.expect(p.Error)).code == "hello_first"
        await raw.hello("a")
        cases = [
            (b"this is not json\n", "bad_json"),
            (b'{"t": "teleport"}\n', "unknown_type"),
            (b'{"t": "hello", "version": "one", "name": "a"}\n', "malformed"),
            (b"[" * 70_000 + b"\n", "too_long"),
        ]
        for data, code in cases:
            raw.send(data)
            err = await raw.expect(p.Error)
            assert err.code == code and not err.fatal and err.message
        raw.send(p.Ping())  # the connection still works after a skipped long line
        assert isinstance(await raw.expect(p.Pong), p.Pong)
        raw.send(b"garbage\n" * 5)
        rest = await raw.until_closed()
        last = rest[-1]
        assert isinstance(last, p.Error) and last.code == "too_many_errors" and last.fatal
        assert host.seats[next(iter(host.seats))].conn is None  # the seat was released
        await host.close()

    run(main)


def test_hello_timeout_closes_silent_connections() -> None:
    async def main() -> None:
        host = await started_host(hello_timeout=0.2)
        assert host.port is not None
        raw = await Raw.connect(host.port)
        msgs = await raw.until_closed()
        assert isinstance(msgs[-1], p.Error) and msgs[-1].code == "timeout"
        await host.close()

    run(main)


def test_illegal_actions_are_refused_with_the_rule_and_change_nothing() -> None:
    async def main() -> None:
        host = await started_host(Game.TR, ["open", "random", "random", "random"])
        assert host.port is not None
        raw = await Raw.connect(host.port)
        welcome = await raw.hello("me")
        raw.send(p.Ready())
        # Wait until it is this seat's turn outside the deal.
        update = await raw.expect(
            p.Update, lambda u: u.view["legal"] and u.view["phase"] != Phase.DEAL
        )
        before = state_of(host)
        legal = [Action.from_json(a) for a in update.view["legal"]]
        hand = update.view["hand"]
        foreign = "BJ BJ BJ BJ"  # never in a 2-deck hand four times
        attempts = [
            ({"a": "play", "c": foreign}, "illegal"),
            ({"a": "bury", "c": foreign}, "illegal"),
            ({"a": "bid", "v": 3}, "illegal"),
            ({"a": "deal"}, "table_action"),
            ({"a": "next_hand"}, "table_action"),
            ({"a": "play", "s": "E" if welcome.seat != "E" else "W", "c": hand}, "not_your_seat"),
            ({"a": "fly"}, "malformed"),
            ({"a": "play", "c": "Z9"}, "malformed"),
        ]
        for i, (action, code) in enumerate(attempts):
            raw.send({"t": "act", "action": action, "ref": 100 + i})
            err = await raw.expect(p.Error)
            assert err.code == code and err.ref == 100 + i, (action, err)
            if code == "illegal":
                assert err.reason and err.rule and err.message
            assert state_of(host) == before
        # A legal action is accepted and answered with an update carrying the ref.
        action = RandomPlayer(random.Random(1)).pick_action(legal, parse_cards(hand))
        raw.send(p.Act(action=p.WireAction.of(action), ref=7))
        ack = await raw.expect(p.Update, lambda u: u.ref == 7)
        assert ack.seq == len(json.loads(before)[0]["actions"]) + 1
        await host.close()

    run(main)


def test_reconnect_with_token_resyncs_and_supersedes_the_old_connection() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "random", "random"], standin_after=60)
        assert host.port is not None
        first = await Raw.connect(host.port)
        welcome = await first.hello("me")
        first.send(p.Ready())
        await first.expect(p.Update, lambda u: u.view["phase"] != Phase.DEAL)
        # Wait until the table waits for us: then nothing moves while we reconnect, and the
        # resync can be compared with the host's view.
        me = Seat[welcome.seat]
        for _ in range(500):
            if host.match.phase != Phase.DEAL and host.match.to_act() == [me]:
                break
            await asyncio.sleep(0.01)
        assert host.match.to_act() == [me]
        second = await Raw.connect(host.port)
        second.send(p.Hello(version=p.PROTOCOL_VERSION, name="me again", token=welcome.token))
        again = await second.expect(p.Welcome)
        assert again.seat == welcome.seat and again.token == welcome.token
        resync = await second.expect(p.Update)
        assert resync.resync and resync.events == []
        assert resync.view == json.loads(json.dumps(host.match.view(Seat[welcome.seat])))
        closing = await first.until_closed()
        assert any(isinstance(m, p.Error) and m.code == "superseded" for m in closing)
        # A newcomer without a token cannot take any seat once the match runs.
        third = await Raw.connect(host.port)
        third.send(p.Hello(version=p.PROTOCOL_VERSION, name="thief"))
        assert (await third.expect(p.Error)).code == "table_full"
        await host.close()

    run(main)


class Gate:
    """A player that may be held: ``allow(n)`` lets n more decisions through, ``allow(None)``
    all of them. Its decisions run in a client's worker thread, so holding one blocks only it."""

    def __init__(self, inner: RandomPlayer) -> None:
        self.inner = inner
        self.left: int | None = None
        self.cond = threading.Condition()

    def allow(self, n: int | None) -> None:
        with self.cond:
            self.left = n
            self.cond.notify_all()

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        with self.cond:
            assert self.cond.wait_for(lambda: self.left is None or self.left > 0, 30)
            if self.left is not None:
                self.left -= 1
        return self.inner.decide(view, legal)


def test_a_computer_stands_in_for_a_dropped_human_and_gives_the_seat_back() -> None:
    async def main() -> None:
        host = await started_host(
            Game.TR, ["open", "random", "open", "random"], standin_after=0.2, hands=1
        )
        assert host.port is not None
        # The other human is held after four more plays once the first one drops, so the
        # hand cannot end before the first one is back, however slowly the machine runs.
        other = Gate(RandomPlayer(random.Random(1)))
        bots = [AISeat(RandomPlayer(random.Random(0))), AISeat(other)]
        clients = [TableClient("127.0.0.1", host.port, f"h{i}", reconnect_for=5) for i in range(2)]
        tasks = [asyncio.create_task(b.play(c)) for b, c in zip(bots, clients, strict=True)]
        while host.match.phase != Phase.PLAY:
            await asyncio.sleep(0.01)
        other.allow(4)
        # Drop the first human abruptly (no leave message), as a crash would.
        tasks[0].cancel()
        seat = Seat[clients[0].seat or "S"]
        assert clients[0]._writer is not None
        clients[0]._writer.transport.abort()
        moved = len(host.match.actions)
        for _ in range(200):
            if host.seats[seat].standin is not None and len(host.match.actions) > moved + 8:
                break
            await asyncio.sleep(0.02)
        assert host.seats[seat].standin is not None, "no stand-in took the seat"
        assert len(host.match.actions) > moved + 8, "the table did not go on"
        # The human comes back with the token: the seat is theirs again, view resynced.
        back = AISeat(RandomPlayer(random.Random(9)))
        rejoined = TableClient(
            "127.0.0.1", host.port, "h0", token=clients[0].token, reconnect_for=5
        )
        task = asyncio.create_task(back.play(rejoined))
        for _ in range(200):
            if host.seats[seat].conn is not None and rejoined.seat is not None:
                break
            await asyncio.sleep(0.01)
        assert host.seats[seat].standin is None and rejoined.seat == seat.name
        assert not host.match.history, "the seat came back during the hand"
        other.allow(None)
        summary = await host.finished()
        assert summary["hands_played"] >= 1
        await asyncio.gather(task, tasks[1], return_exceptions=True)
        await host.close()

    run(main)


@pytest.mark.parametrize("game", list(Game))
def test_in_process_clients_finish_a_hand(game: Game) -> None:
    async def main() -> None:
        host = await started_host(game, hands=1)
        assert host.port is not None
        bots = [AISeat(RandomPlayer(random.Random(i))) for i in range(4)]
        clients = [TableClient("127.0.0.1", host.port, f"c{i}") for i in range(4)]
        results = await asyncio.gather(*(b.play(c) for b, c in zip(bots, clients, strict=True)))
        assert all(r == "bye: hands done" or r == "stopped" for r in results), results
        assert len(host.match.history) == 1
        assert {c.seat for c in clients} == {"S", "E", "N", "W"}
        await host.close()

    run(main)


def test_actions_serialise_both_ways() -> None:
    for action in [
        Action(
            Act.BURY_JOKERS,
            Seat.S,
            tuple(parse_cards("SJ BJ")),
            None,
            None,
            (parse_cards("♠3")[0],),
        ),
        Action(Act.DECLARE, Seat.W, tuple(parse_cards("BJ BJ BJ")), suit=Suit.HEARTS),
        Action(Act.BID, Seat.E, value=3),
        Action(Act.PASS, None),
    ]:
        assert p.WireAction.of(action).to_action() == action
        assert p.decode_client(p.encode(p.Act(action=p.WireAction.of(action)))) == p.Act(
            action=p.WireAction.of(action)
        )


def test_lobby_shows_names_and_ready_and_starts_when_all_are_ready() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "open", "random"])
        assert host.port is not None
        a, b = await Raw.connect(host.port), await Raw.connect(host.port)
        await a.hello("安")
        lobby = await a.expect(p.Lobby)
        assert [s.kind for s in lobby.seats] == ["open", "random", "open", "random"]
        assert lobby.seats[0].name == "安" and lobby.seats[0].connected and not lobby.started
        await b.hello("Bo", seat="N")
        b.send(p.Ready())
        await a.expect(p.Lobby, lambda lb: lb.seats[2].ready)
        assert not host.started  # one open seat is not ready yet
        a.send(p.Ready())
        started = await b.expect(p.Lobby, lambda lb: lb.started)
        assert [s.name for s in started.seats] == ["安", "random", "Bo", "random"]
        assert (await b.expect(p.Update)).resync  # everyone gets the whole view at the start
        await host.close()

    run(main)


def test_start_when_full_and_the_hosts_start_button() -> None:
    async def main() -> None:
        host = await started_host(
            Game.TR, ["open", "open", "random", "random"], start_when_full=True
        )
        assert host.port is not None
        a = await Raw.connect(host.port)
        await a.hello("a")
        assert not host.started
        with pytest.raises(ValueError, match="still open"):
            host.start_match()
        host.start_match(fill_with="random")  # the GUI's "start": the empty seat gets a computer
        lobby = await a.expect(p.Lobby, lambda lb: lb.started)
        assert [s.kind for s in lobby.seats] == ["open", "random", "random", "random"]
        await host.close()

    run(main)


def test_threaded_client_plays_from_its_own_thread() -> None:
    """The GUI's way in: a client on a thread of its own, callbacks there, thread-safe sends."""
    seen: list[str] = []

    class Listener(ClientListener):
        def __init__(self) -> None:
            self.player = RandomPlayer(random.Random(3))
            self.threaded: ThreadedClient | None = None

        def on_welcome(self, welcome: p.Welcome) -> None:
            seen.append(threading.current_thread().name)

        def on_update(self, update: p.Update) -> None:
            view = update.view
            if view["legal"] and view["phase"] != Phase.DEAL and self.threaded is not None:
                legal = [Action.from_json(a) for a in view["legal"]]
                self.threaded.send_action(self.player.pick_action(legal, parse_cards(view["hand"])))

    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "random", "random"], hands=1,
                                  start_when_full=True)  # fmt: skip
        assert host.port is not None
        listener = Listener()
        client = TableClient("127.0.0.1", host.port, "线程", listener=listener)
        threaded = ThreadedClient(client)
        listener.threaded = threaded
        threaded.start()
        summary = await host.finished()
        assert summary["hands_played"] == 1
        ended = await asyncio.get_running_loop().run_in_executor(None, threaded.wait, 10)
        assert ended and threaded.result == "bye: hands done" and threaded.error is None
        await host.close()

    run(main)
    assert seen == ["shengji-client"]


def test_too_many_connections_are_turned_away() -> None:
    async def main() -> None:
        host = await started_host(max_connections=5)
        assert host.port is not None
        raws = [await Raw.connect(host.port) for _ in range(7)]
        turned = []
        for raw in raws[5:]:
            msgs = await raw.until_closed()
            turned.append(msgs[-1].code if isinstance(msgs[-1], p.Error) else None)
        assert turned == ["busy", "busy"]
        await raws[0].hello("still fine")
        await host.close()

    run(main)
