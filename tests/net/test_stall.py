"""LAN play that friends can trust (issue 16): tokens that change at every return, names
that print as they are, no client that can stall, starve or lock out the others, a lobby seat
that survives a blip, a clean end. Hostile clients are raw asyncio sockets on loopback."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from test_host import TLS, Changes, Raw, my_turn, run, started_host

from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.net import protocol as p
from shengji_desktop.net.client import AISeat, ClientClosed, ClientListener, TableClient
from shengji_desktop.net.host import SeatState, TableHost
from shengji_desktop.net.tls import client_context
from shengji_desktop.net.transport import Connection
from shengji_desktop.rules.options import Game

HIGH_WATER = 64 * 1024  # the host's flush mark (transport.HIGH_WATER)
PING = p.encode(p.Ping())
SYNC = p.encode(p.Sync())


async def refused(raw: Raw) -> p.Error:
    """The fatal error that ends ``raw``'s connection."""
    msgs = await raw.until_closed()
    errors = [m for m in msgs if isinstance(m, p.Error)]
    assert errors and errors[-1].fatal, msgs
    return errors[-1]


def seat_state(host: TableHost, seat: str) -> SeatState:
    return next(s for s in host.seats.values() if s.seat.name == seat)


def conn_of(host: TableHost, seat: str) -> Connection:
    conn = seat_state(host, seat).conn
    assert conn is not None
    return conn


async def eventually(test: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    """Wait until ``test()`` holds, polling it: for a step nothing reports (the host forgets a
    socket after its last log line), where ``Changes.until`` would not be woken."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not test():
        if loop.time() > deadline:
            raise AssertionError(f"not within {timeout:g} s: {what}")
        await asyncio.sleep(0.005)


def player(i: int) -> RandomPlayer:
    return RandomPlayer(random.Random(i))


async def small_window(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A client socket with a tiny receive buffer, so what it does not read piles up at the
    host and not in the kernel."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return await asyncio.open_connection(sock=sock, **TLS)


# ------------------------------------------------------------------ 4. tokens and names


def test_every_return_gets_a_new_token_and_the_old_one_is_spent() -> None:
    async def main() -> None:
        host = await started_host(Game.TR)
        assert host.port is not None
        first = await Raw.connect(host.port)
        t0 = (await first.hello("Ann")).token
        first.writer.close()
        await first.until_closed()
        # Back with the token: a new one. The old one still works until the new connection has
        # said anything (its welcome may have been lost) ...
        second = await Raw.connect(host.port)
        t1 = (await second.hello("Ann", token=t0)).token
        assert t1 != t0
        lost = await Raw.connect(host.port)
        t2 = (await lost.hello("Ann", token=t0)).token
        assert len({t0, t1, t2}) == 3
        assert (await refused(second)).code == "superseded"
        # ... and once it has, the old one opens nothing.
        lost.send(p.Ping())
        await lost.expect(p.Pong)
        for stale in (t0, t1):
            thief = await Raw.connect(host.port)
            thief.send(p.Hello(version=p.PROTOCOL_VERSION, name="Ann", token=stale))
            assert (await refused(thief)).code == "bad_token"
        again = await Raw.connect(host.port)
        assert (await again.hello("Ann", token=t2)).token not in (t0, t1, t2)
        await host.close()

    run(main)


def test_the_client_comes_back_with_the_new_token() -> None:
    async def main() -> None:
        host = await started_host(Game.TR)
        assert host.port is not None
        changes = Changes()
        tokens: list[str] = []

        class Listener(ClientListener):
            def on_welcome(self, welcome: p.Welcome) -> None:
                tokens.append(welcome.token)
                changes.poke()

        client = TableClient("127.0.0.1", host.port, "Bo", listener=Listener(), reconnect_for=10)
        task = asyncio.ensure_future(client.run())
        await changes.until(lambda: len(tokens) == 1, "welcomed")
        conn_of(host, "S").writer.transport.abort()  # a blip
        await changes.until(lambda: len(tokens) == 2, "welcomed again")
        assert tokens[0] != tokens[1] and client.token == tokens[1]
        assert [s.token for s in host.seats.values() if s.claimed] == [tokens[1]]
        client.stop()
        await task
        await host.close()

    run(main)


@pytest.mark.parametrize(
    "name",
    [
        "\u202eevil",  # right-to-left override
        "a\u2066b",  # left-to-right isolate
        "line\u2028two",  # line separator
        "zero\u200bwidth",  # a format character
        " padded",
        "\u3000",  # only (ideographic) space
    ],
)
def test_names_must_print_as_they_are(name: str) -> None:
    async def main() -> None:
        host = await started_host()
        assert host.port is not None
        raw = await Raw.connect(host.port)
        raw.send(p.Hello(version=p.PROTOCOL_VERSION, name=name))
        err = await refused(raw)
        assert err.code == "bad_name" and "name" in err.message
        assert not any(s.claimed for s in host.seats.values())
        await host.close()

    run(main)


def test_names_are_unique_at_a_table() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "open", "open"])
        assert host.port is not None
        a = await Raw.connect(host.port)
        await a.hello("小明")
        for taken in ("小明", "random", "RANDOM"):  # a person's or a computer's name
            b = await Raw.connect(host.port)
            b.send(p.Hello(version=p.PROTOCOL_VERSION, name=taken))
            err = await refused(b)
            assert err.code == "name_taken" and "choose another name" in err.message
        c = await Raw.connect(host.port)
        assert (await c.hello("小明2")).seat == "N"
        await host.close()

    run(main)


def test_the_client_stops_on_a_refused_name() -> None:
    async def main() -> None:
        host = await started_host()
        assert host.port is not None
        client = TableClient("127.0.0.1", host.port, "x\u202e", reconnect_for=10)
        with pytest.raises(ClientClosed, match="bad_name"):
            await client.run()
        await host.close()

    run(main)


# ------------------------------------------------------------------ 5. clients that do not read


def test_a_client_that_does_not_read_is_aborted_and_its_buffer_freed() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(
            listener=changes, max_send_buffer=256 * 1024, max_errors=10**9, msg_burst=10**9
        )
        assert host.port is not None
        reader, writer = await small_window(host.port)
        writer.write(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="greedy")))
        await changes.until(lambda: any(s.conn for s in host.seats.values()), "seated")
        conn = conn_of(host, "S")
        for _ in range(400):  # garbage answered with errors it never reads
            if conn.closing:
                break
            writer.write(b'{"t":"x"}\n' * 500)
            await writer.drain()
            await asyncio.sleep(0.001)
        await changes.until(lambda: conn.closing, "the host gives up on the greedy client")
        # Aborted, not closed gracefully: nothing of it is kept.
        assert conn.writer.transport.get_write_buffer_size() == 0
        assert any("cut off" in line for line in changes.lines)
        await changes.until(lambda: conn not in host.conns, "the socket is gone")
        writer.close()
        await host.close()

    run(main)


def test_a_client_that_stops_reading_is_aborted_after_the_deadline_and_counted_till_then() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(
            listener=changes,
            max_errors=10**9,
            msg_burst=10**9,
            send_deadline=3.0,  # long enough to see it counted while it lingers
            max_send_buffer=64 * 1024 * 1024,
        )
        assert host.port is not None
        reader, writer = await small_window(host.port)
        writer.write(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="slow")))
        await changes.until(lambda: any(s.conn for s in host.seats.values()), "seated")
        conn = conn_of(host, "S")
        for _ in range(400):  # until more than a flush's worth waits at the host
            if conn.writer.transport.get_write_buffer_size() > 2 * HIGH_WATER:
                break
            writer.write(b'{"t":"x"}\n' * 500)
            await writer.drain()
            await asyncio.sleep(0.01)
        assert conn.writer.transport.get_write_buffer_size() > 2 * HIGH_WATER
        # Its last message: a fatal error that cannot be delivered.
        writer.write(b'{"t":"hello","version":99,"name":"slow"}\n')
        await changes.until(lambda: any(" left" in line for line in changes.lines), "dropped")
        assert conn in host.conns  # the socket still holds its data: it still counts
        await changes.until(lambda: any("cut off" in line for line in changes.lines), "aborted")
        assert conn.writer.transport.get_write_buffer_size() == 0
        await eventually(lambda: conn not in host.conns, "the socket is gone")
        writer.close()
        await host.close()

    run(main)


# ------------------------------------------------------------------ 6. floods


def test_a_burst_of_one_client_does_not_hold_up_the_others() -> None:
    """While the host works through one client's 4000 pipelined messages, another client's
    message is served within a few batches, not after all of them."""

    async def main() -> None:
        host = await started_host(msg_burst=10**9)
        assert host.port is not None
        abuser, victim = await Raw.connect(host.port), await Raw.connect(host.port)
        await abuser.hello("abuser")
        await victim.hello("victim")
        order: list[str] = []
        receive = host.server.receive
        names = {conn_of(host, "S"): "abuser", conn_of(host, "E"): "victim"}

        def recorded(conn: Connection, item: Any) -> None:
            order.append(names.get(conn, "?"))
            if order.count("abuser") == 10:
                victim.send(p.Ping())  # arrives while the burst is being served
            receive(conn, item)

        host.server.receive = recorded  # type: ignore[method-assign]
        abuser.send(PING * 4000)
        await victim.expect(p.Pong)
        assert "victim" in order
        assert order.index("victim") < 200, order.index("victim")
        await host.close()

    run(main)


@pytest.mark.parametrize("line", [PING, SYNC, b"garbage\n"])
def test_a_flooding_client_is_cut_off_with_a_clear_error(line: bytes) -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(listener=changes, msg_rate=100, msg_burst=200)
        assert host.port is not None
        abuser, other = await Raw.connect(host.port), await Raw.connect(host.port)
        await abuser.hello("abuser")
        await other.hello("other")
        abuser.send(line * 3000)
        err = await refused(abuser)
        assert err.code in ("flood", "too_many_errors"), err
        if line != b"garbage\n":
            assert err.code == "flood" and "messages a second" in err.message
        assert any(f"closed: {err.code}" in entry for entry in changes.lines)
        other.send(p.Ping())  # everyone else goes on
        await other.expect(p.Pong)
        await host.close()

    run(main)


def test_the_tables_own_pace_is_never_a_flood() -> None:
    """Actions the table takes give their token back: a client playing fast for a whole hand
    stays, with a bucket far smaller than its actions."""

    async def main() -> None:
        host = await started_host(Game.TR, msg_rate=1, msg_burst=20, hands=1)
        assert host.port is not None
        seats = [AISeat(player(i), hands=1) for i in range(4)]
        clients = [TableClient("127.0.0.1", host.port, f"p{i}") for i in range(4)]
        results = await asyncio.gather(*(s.play(c) for s, c in zip(seats, clients, strict=True)))
        assert all(r.startswith("bye") or r == "stopped" for r in results), results
        assert sum(s.actions_sent for s in seats) > 20
        await host.close()

    run(main)


def test_repeated_syncs_are_answered_once() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "random", "random"])
        assert host.port is not None
        raw = await Raw.connect(host.port)
        await raw.hello("me")
        raw.send(p.Ready())
        await raw.expect(p.Update, my_turn)  # nothing moves until we act
        raw.send(SYNC * 50 + PING)
        seen = []
        while not isinstance(msg := await raw.next(), p.Pong):
            seen.append(msg)
        assert [type(m).__name__ for m in seen] == ["Update"] and seen[0].resync  # type: ignore[union-attr]
        await host.close()

    run(main)


# ------------------------------------------------------------------ 7. lockout


def test_idle_sockets_never_keep_a_token_holder_out() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(
            Game.SD, ["open", "random", "random", "random"], changes, start_when_full=True
        )
        assert host.port is not None
        me = await Raw.connect(host.port)
        token = (await me.hello("me")).token
        await changes.until(lambda: host.started, "the match runs")
        me.writer.close()
        await me.until_closed()
        idle = [await Raw.connect(host.port) for _ in range(40)]  # never say hello
        back = await Raw.connect(host.port)
        welcome = await back.hello("me", token=token)
        assert welcome.seat == "S"
        # The oldest idle ones were turned away; the newest still wait for their hello.
        assert (await refused(idle[0])).code == "busy"
        assert len([c for c in host.conns if c.pending]) <= host.settings.max_pending
        for raw in idle:
            raw.writer.close()
        await host.close()

    run(main)


def test_a_crowd_of_idle_sockets_from_one_address_turns_away_its_own() -> None:
    """Even a newcomer slow to say hello stays while one address opens socket after socket
    (a second loopback address stands for another machine)."""

    async def main() -> None:
        host = await started_host()
        assert host.port is not None

        async def idle() -> Raw:
            return Raw(
                *await asyncio.open_connection(
                    "127.0.0.1", host.port, local_addr=("127.0.0.2", 0), **TLS
                )
            )

        crowd = [await idle() for _ in range(10)]
        player = await Raw.connect(host.port)
        crowd += [await idle() for _ in range(30)]
        assert (await player.hello("slow")).seat == "S"
        assert (await refused(crowd[0])).code == "busy"
        for raw in crowd:
            raw.writer.close()
        await host.close()

    run(main)


def test_too_many_connections_turn_away_the_oldest_without_a_hello() -> None:
    async def main() -> None:
        host = await started_host(max_connections=5, max_pending=3)
        assert host.port is not None
        seated = await Raw.connect(host.port)
        await seated.hello("seated")
        raws = [await Raw.connect(host.port) for _ in range(5)]
        assert [(await refused(r)).code for r in raws[:2]] == ["busy", "busy"]
        await raws[-1].hello("newest")
        seated.send(p.Ping())
        await seated.expect(p.Pong)
        await host.close()

    run(main)


# ------------------------------------------------------------------ 8. a blip in the lobby


def test_a_lobby_seat_waits_for_its_person() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(listener=changes, lobby_grace=60)
        assert host.port is not None
        a = await Raw.connect(host.port)
        token = (await a.hello("Ann", seat="W")).token
        a.writer.close()
        await a.until_closed()
        await changes.until(lambda: seat_state(host, "W").conn is None, "dropped")
        thief = await Raw.connect(host.port)
        thief.send(p.Hello(version=p.PROTOCOL_VERSION, name="thief", seat="W"))
        assert (await refused(thief)).code == "seat_taken"
        back = await Raw.connect(host.port)
        welcome = await back.hello("Ann", token=token)
        assert welcome.seat == "W" and welcome.token != token
        await host.close()

    run(main)


def test_a_lobby_seat_is_freed_when_its_grace_is_over() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(listener=changes, lobby_grace=0.2)
        assert host.port is not None
        a = await Raw.connect(host.port)
        token = (await a.hello("Ann", seat="W")).token
        a.writer.close()
        await a.until_closed()
        await changes.until(
            lambda: any("did not come back" in line for line in changes.lines), "released"
        )
        late = await Raw.connect(host.port)
        late.send(p.Hello(version=p.PROTOCOL_VERSION, name="Ann", token=token))
        assert (await refused(late)).code == "bad_token"
        other = await Raw.connect(host.port)
        assert (await other.hello("Bo", seat="W")).seat == "W"
        await host.close()

    run(main)


# ------------------------------------------------------------------ 9. the end


def test_a_hello_after_the_end_gets_the_bye() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "random", "random"], hands=1)
        assert host.port is not None
        seat = AISeat(player(1), hands=None)
        client = TableClient("127.0.0.1", host.port, "me")
        assert (await seat.play(client)).startswith("bye")
        await host.finished()
        late = await Raw.connect(host.port)  # lost just before the end, back just after
        late.send(p.Hello(version=p.PROTOCOL_VERSION, name="me", token=client.token))
        msgs = await late.until_closed()
        assert [type(m).__name__ for m in msgs] == ["Bye"]
        await host.close()

    run(main)


def test_the_host_exits_cleanly_with_a_client_connected(tmp_path: Any) -> None:
    host = subprocess.Popen(
        [sys.executable, "-m", "shengji_desktop", "host", "--game", "tr", "--bind", "127.0.0.1",
         "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert host.stdout is not None
        line = host.stdout.readline()
        while not line.startswith('{"event": "listening"'):
            line = host.stdout.readline()
        port = json.loads(line)["port"]
        plain = socket.create_connection(("127.0.0.1", port))
        with client_context().wrap_socket(plain, server_hostname="shengji-table") as sock:
            sock.sendall(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="a")))
            sock.settimeout(20)
            assert b"welcome" in sock.recv(65536)
            host.send_signal(signal.SIGINT)
            out, err = host.communicate(timeout=30)
        assert host.returncode == 0, err
        assert "CancelledError" not in err and "Exception" not in err, err
    finally:
        if host.poll() is None:
            host.kill()


def test_a_new_token_is_in_the_table_file_before_its_welcome_is_sent(tmp_path: Any) -> None:
    """Issue 16 item 4: a host that stops between the welcome and its save must still know the
    token its person now holds, and the one it replaced (the welcome may never have arrived)."""
    from test_host import FAST

    from shengji_desktop.net.persistence import read_table
    from shengji_desktop.net.settings import HostSettings

    path = tmp_path / "table.json"
    on_file: list[tuple[str | None, str | None]] = []

    async def main() -> None:
        host = TableHost(Game.TR, None, 3, ["open"] * 4, HostSettings(**FAST), path)
        await host.start("127.0.0.1", 0)
        assert host.port is not None
        sent = host.server.send

        def send(conn: Connection, message: p.HostMessage) -> None:
            if isinstance(message, p.Welcome):  # what the file holds as the welcome goes out
                seat = next(s for s in read_table(path).seats if s.seat.name == message.seat)
                on_file.append((seat.token, seat.old_token))
            sent(conn, message)

        host.server.send = send  # type: ignore[method-assign]
        first = await Raw.connect(host.port)
        t0 = (await first.hello("Ann")).token
        first.writer.close()
        await first.until_closed()
        second = await Raw.connect(host.port)
        t1 = (await second.hello("Ann", token=t0)).token
        await host.close()
        assert on_file == [(t0, None), (t1, t0)]

    run(main)


def test_a_resumed_host_still_takes_the_token_its_welcome_replaced(tmp_path: Any) -> None:
    """The file holds the new token and the one it replaces: after a restart the person gets
    back in with either (whichever its client kept), and gets a new one."""
    from test_host import FAST

    from shengji_desktop.net.settings import HostSettings

    path = tmp_path / "table.json"

    async def main() -> None:
        host = TableHost(Game.TR, None, 3, ["open"] * 4, HostSettings(**FAST), path)
        await host.start("127.0.0.1", 0)
        assert host.port is not None
        first = await Raw.connect(host.port)
        t0 = (await first.hello("Ann")).token
        first.writer.close()
        await first.until_closed()
        second = await Raw.connect(host.port)
        t1 = (await second.hello("Ann", token=t0)).token
        await host.close()  # before the new connection said anything: t0 is still good
        resumed = TableHost.resume(path, HostSettings(**FAST))
        await resumed.start("127.0.0.1", 0)
        assert resumed.port is not None
        back = await Raw.connect(resumed.port)
        t2 = (await back.hello("Ann", token=t0)).token
        assert t2 not in (t0, t1)
        await resumed.close()

    run(main)
