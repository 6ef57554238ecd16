"""The host over real loopback sockets, in-process: hello and tokens, refusals with clear codes,
the rules' typed reasons, garbage disconnects, stand-ins for dropped humans, resync; the client
decoding updates into typed events and views, and refusing a malformed host."""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import record_json
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.net import protocol as p
from shengji_desktop.net.client import (
    AISeat,
    ClientClosed,
    ClientListener,
    TableClient,
    ThreadedClient,
)
from shengji_desktop.net.host import HostListener, HostSettings, TableHost
from shengji_desktop.net.tls import client_context, make_identity
from shengji_desktop.rules.cards import Seat, Suit, parse_cards
from shengji_desktop.rules.options import Game

# A raw connection's TLS (every table speaks it; the pin is tested in test_tls.py).
TLS: dict[str, Any] = {"ssl": client_context(), "server_hostname": "shengji-table"}
FAST = {"deal_pace": 0.0, "settle_pause": 0.0, "standin_kind": "random", "hello_timeout": 2.0}


class Raw:
    """A hand-written client: sends exact bytes, reads host messages."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.decoder = p.HostDecoder()
        self.pending: list[p.HostMessage] = []

    @classmethod
    async def connect(cls, port: int) -> Raw:
        return cls(*await asyncio.open_connection("127.0.0.1", port, **TLS))

    @classmethod
    async def connect_to(cls, address: str, port: int) -> Raw:
        return cls(*await asyncio.open_connection(address, port, **TLS))

    def send(self, data: bytes | dict[str, Any] | p.ClientMessage) -> None:
        if isinstance(data, dict):
            data = json.dumps(data).encode() + b"\n"
        elif not isinstance(data, bytes):
            data = p.encode(data)
        self.writer.write(data)

    async def hello(self, name: str = "x", **kw: Any) -> p.Welcome:
        self.send(p.Hello(version=p.PROTOCOL_VERSION, name=name, **kw))
        welcome: p.Welcome = await self.expect(p.Welcome)
        return welcome

    async def next(self, timeout: float = 5.0) -> p.HostMessage | None:
        """The next message, or None at EOF."""
        while not self.pending:
            try:
                data = await asyncio.wait_for(self.reader.read(1 << 16), timeout)
            except (ssl.SSLError, ConnectionError):  # TLS after our close_notify: closed
                return None
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


class Changes(HostListener, ClientListener):
    """Wakes whoever waits for a condition each time the host or a client reports something
    (all on the test's loop): ``await changes.until(test)`` instead of polling with sleeps."""

    def __init__(self) -> None:
        self.changed = asyncio.Event()
        self.lines: list[str] = []

    def poke(self) -> None:
        self.changed.set()

    def on_log(self, line: str) -> None:
        self.lines.append(line)
        self.poke()

    def on_lobby(self, lobby: p.Lobby) -> None:
        self.poke()

    def on_events(self, events: list[Event], match: Any) -> None:
        self.poke()

    def on_finished(self, reason: str, summary: dict[str, Any]) -> None:
        self.poke()

    async def until(self, test: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
        async def wait() -> None:
            while not test():
                self.changed.clear()
                await self.changed.wait()

        try:
            await asyncio.wait_for(wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"not within {timeout:g} s: {what}") from None


class Seated(AISeat):
    """A computer seat that pokes ``changes`` when its client is welcomed or updated."""

    def __init__(self, player: Any, changes: Changes) -> None:
        super().__init__(player)
        self.changes = changes

    def on_welcome(self, welcome: p.Welcome) -> None:
        self.changes.poke()

    def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        super().on_update(update, events, view)
        self.changes.poke()


async def started_host(
    game: Game = Game.TR,
    seats: list[str] | None = None,
    listener: HostListener | None = None,
    **kw: Any,
) -> TableHost:
    settings = HostSettings(**{**FAST, **kw})
    host = TableHost(game, None, 3, seats or ["open"] * 4, settings, listener=listener)
    await host.start("127.0.0.1", 0)
    return host


def state_of(host: TableHost) -> str:
    views = [codec.view_json(seat_view(host.match, s)) for s in Seat]
    return json.dumps([record_json(host.match), views], ensure_ascii=False)


def view_of(update: p.Update) -> SeatView:
    return p.read_update(update)[1]


def my_turn(update: p.Update) -> bool:
    """The seat has a decision outside the deal: nothing moves until it acts (or a computer
    of a seat acting at the same time does)."""
    view = view_of(update)
    return bool(view.legal) and view.phase is not Phase.DEAL


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
        newer.send({"t": "hello", "version": p.PROTOCOL_VERSION + 1, "name": "new", "x": "🐉"})
        err = await newer.expect(p.Error)
        assert err.code == "version" and err.fatal
        assert f"speaks {p.PROTOCOL_VERSION}" in err.message
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
        view = view_of(await raw.expect(p.Update, my_turn))
        before = state_of(host)
        hand = codec.cards_text(view.hand)
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
        action = RandomPlayer(random.Random(1)).decide(view)
        assert action is not None
        raw.send(p.Act(action=p.WireAction.of(action), ref=7))
        ack = await raw.expect(p.Update, lambda u: u.ref == 7)
        assert ack.seq == len(json.loads(before)[0]["actions"]) + 1
        assert codec.action_json(host.match.actions[ack.seq - 1]) == codec.action_json(action)
        await host.close()

    run(main)


def test_reconnect_with_token_resyncs_and_supersedes_the_old_connection() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "random", "random"], standin_after=60)
        assert host.port is not None
        first = await Raw.connect(host.port)
        welcome = await first.hello("me")
        first.send(p.Ready())
        # Wait until the table waits for us (SD: one seat acts at a time): then nothing moves
        # while we reconnect, and the resync can be compared with the host's view.
        await first.expect(p.Update, my_turn)
        me = Seat[welcome.seat]
        assert host.match.to_act() == [me]
        second = await Raw.connect(host.port)
        second.send(p.Hello(version=p.PROTOCOL_VERSION, name="me again", token=welcome.token))
        again = await second.expect(p.Welcome)
        assert again.seat == welcome.seat and again.token != welcome.token  # a new token
        resync = await second.expect(p.Update)
        assert resync.resync and resync.events == []
        assert view_of(resync) == seat_view(host.match, me)
        assert resync.view == json.loads(json.dumps(codec.view_json(seat_view(host.match, me))))
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

    def decide(self, view: SeatView) -> Action | None:
        with self.cond:
            assert self.cond.wait_for(lambda: self.left is None or self.left > 0, 30)
            if self.left is not None:
                self.left -= 1
        return self.inner.decide(view)


def test_a_computer_stands_in_for_a_dropped_human_and_gives_the_seat_back() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(
            Game.TR, ["open", "random", "open", "random"], changes, standin_after=0.2, hands=1
        )
        assert host.port is not None
        # The other human is held after four more plays once the first one drops, so the
        # hand cannot end before the first one is back, however slowly the machine runs.
        other = Gate(RandomPlayer(random.Random(1)))
        bots = [Seated(RandomPlayer(random.Random(0)), changes), Seated(other, changes)]
        clients = [TableClient("127.0.0.1", host.port, f"h{i}", reconnect_for=5) for i in range(2)]
        tasks = [asyncio.create_task(b.play(c)) for b, c in zip(bots, clients, strict=True)]
        await changes.until(lambda: host.match.phase is Phase.PLAY, "the play starts")
        other.allow(4)
        # Drop the first human abruptly (no leave message), as a crash would: the client
        # stops, and its socket is torn down on the host's side.
        tasks[0].cancel()
        seat = Seat[clients[0].seat or "S"]
        conn = host.seats[seat].conn
        assert conn is not None
        conn.writer.transport.abort()
        moved = len(host.match.actions)
        await changes.until(
            lambda: host.seats[seat].standin is not None, "a stand-in takes the dropped seat"
        )
        assert any(line.startswith(f"{seat.name} h0 is away") for line in changes.lines)
        assert host.lobby().seats[list(Seat).index(seat)].standin  # the lobby shows it
        await changes.until(lambda: len(host.match.actions) > moved + 8, "the table goes on")
        assert not host.match.history
        # The human comes back with the token: the seat is theirs again, view resynced.
        back = Seated(RandomPlayer(random.Random(9)), changes)
        rejoined = TableClient(
            "127.0.0.1", host.port, "h0", token=clients[0].token, reconnect_for=5
        )
        task = asyncio.create_task(back.play(rejoined))
        await changes.until(
            lambda: rejoined.view is not None and host.seats[seat].conn is not None,
            "the human is back and resynced",
        )
        assert host.seats[seat].standin is None and rejoined.seat == seat.name
        assert not host.lobby().seats[list(Seat).index(seat)].standin
        assert any(line.startswith(f"{seat.name} h0 is back") for line in changes.lines)
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

        def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
            seen.append(threading.current_thread().name)
            assert all(isinstance(e, Event) for e in events)
            if view.legal and view.phase is not Phase.DEAL and self.threaded is not None:
                action = self.player.decide(view)
                assert action is not None
                self.threaded.send_action(action)

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
    assert len(seen) > 10 and set(seen) == {"shengji-client"}


@pytest.mark.parametrize(
    "line",
    [
        b"this is not json",
        p.encode(p.Update(seq=1, events=[], view={"seat": "S"}))[:-1],
        p.encode(p.Update(seq=1, events=[{"event": "teleported"}], view={}))[:-1],
    ],
)
def test_a_malformed_host_message_ends_the_client_with_a_clear_error(line: bytes) -> None:
    """A host this client cannot read is refused with the fault named, not a crash (nor a
    reconnection that would read the same)."""
    seen: list[p.Update] = []

    class Listener(ClientListener):
        def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
            seen.append(update)

    async def fake_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()  # the hello
        welcome = p.Welcome(version=p.PROTOCOL_VERSION, seat="S", token="t0", name="a")
        writer.write(p.encode(welcome) + line + b"\n")
        await writer.drain()
        await reader.read()  # until the client hangs up

    async def main() -> None:
        tls = make_identity().server_context()
        server = await asyncio.start_server(fake_host, "127.0.0.1", 0, ssl=tls)
        port = server.sockets[0].getsockname()[1]
        client = TableClient("127.0.0.1", port, "a", listener=Listener(), reconnect_for=5)
        with pytest.raises(ClientClosed, match="malformed"):
            await client.run()
        assert client.seat == "S" and client.view is None and seen == []
        server.close()
        await server.wait_closed()

    run(main)
