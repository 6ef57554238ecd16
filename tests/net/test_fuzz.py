"""Fuzzing with hypothesis: the decoder and the host's message handling take thousands of random
and mutated messages without raising, and bad input never changes the match."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.hand import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import replay
from shengji_desktop.net import protocol as p
from shengji_desktop.net.host import Connection, HostSettings, TableHost
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game

VALID_LINES = [
    b'{"t":"hello","version":1,"name":"Ann"}',
    b'{"t":"hello","version":1,"name":"\xe5\xb0\x8f\xe6\x98\x8e","seat":"N","token":"abc_DEF-1"}',
    b'{"t":"ready","ready":false}',
    b'{"t":"act","action":{"a":"play","c":"\xe2\x99\xa0A \xe2\x99\xa0A"},"ref":12}',
    b'{"t":"act","action":{"a":"bury_jokers","s":"W","c":"SJ BJ","t":"\xe2\x99\xa53"}}',
    b'{"t":"act","action":{"a":"declare","c":"BJ BJ BJ","suit":"H"}}',
    b'{"t":"act","action":{"a":"bid","v":3}}',
    b'{"t":"sync"}',
    b'{"t":"ping"}',
    b'{"t":"leave"}',
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def mutated(draw: st.DrawFn, corpus: list[bytes]) -> bytes:
    """A valid line, then byte edits or a JSON field replaced by an arbitrary value."""
    line = bytearray(draw(st.sampled_from(corpus)))
    how = draw(st.sampled_from(["bytes", "field", "truncate", "splice"]))
    if how == "bytes" and line:
        for _ in range(draw(st.integers(1, 6))):
            i = draw(st.integers(0, len(line) - 1))
            op = draw(st.sampled_from(["flip", "insert", "delete"]))
            if op == "flip":
                line[i] = draw(st.integers(0, 255))
            elif op == "insert":
                line.insert(i, draw(st.integers(0, 255)))
            elif len(line) > 1:
                del line[i]
    elif how == "field":
        obj = json.loads(line)
        target = obj
        if "action" in obj and draw(st.booleans()):
            target = obj["action"]
        key = draw(st.sampled_from([*target.keys(), "t", "a", "s", "c", "v", "extra"]))
        target[key] = draw(json_values)
        line = bytearray(json.dumps(obj, ensure_ascii=draw(st.booleans())).encode())
    elif how == "truncate":
        line = line[: draw(st.integers(0, len(line)))]
    else:
        other = draw(st.sampled_from(corpus))
        line = line[: draw(st.integers(0, len(line)))] + other[draw(st.integers(0, len(other))) :]
    return bytes(line)


def feed_all(data: bytes, cuts: list[int]) -> list[str]:
    decoder = p.ClientDecoder(limit=256)
    out: list[p.ClientMessage | p.ProtocolError] = []
    last = 0
    for cut in sorted(c % (len(data) + 1) for c in cuts):
        out += decoder.feed(data[last:cut])
        last = cut
    out += decoder.feed(data[last:])
    return [repr(x) if not isinstance(x, p.ProtocolError) else f"E{x.code}" for x in out]


@settings(max_examples=2000, deadline=None)
@given(st.one_of(st.binary(max_size=400), mutated(VALID_LINES)), st.lists(st.integers(0, 500)))
def test_decoder_never_raises_and_ignores_chunking(data: bytes, cuts: list[int]) -> None:
    data = data + b"\n"
    whole = feed_all(data, [])
    assert feed_all(data, cuts) == whole
    for item in p.ClientDecoder().feed(data):
        assert isinstance(
            item, p.ProtocolError | p.Hello | p.Ready | p.Act | p.Sync | p.Ping | p.Leave
        )
        if isinstance(item, p.ProtocolError):
            assert item.message and item.code in p.ErrorCode
        elif isinstance(item, p.Act):
            try:  # a well-formed act names a known action kind and real cards, or says why not
                item.action.to_action()
            except p.ProtocolError as exc:
                assert exc.code is p.ErrorCode.MALFORMED


def test_size_bound_is_checked_before_parsing_and_nothing_big_is_kept() -> None:
    decoder = p.ClientDecoder()
    errors = []
    for _ in range(200):  # 12.8 MB of one line, in 64 KB chunks
        errors += decoder.feed(b"[" * 64_000)
        assert len(decoder.lines.buffer) <= p.MAX_CLIENT_LINE
    errors += decoder.feed(b'"]\n{"t":"ping"}\n')
    assert [type(e) for e in errors] == [p.ProtocolError, p.Ping]
    assert isinstance(errors[0], p.ProtocolError) and errors[0].code is p.ErrorCode.TOO_LONG
    exactly = b'{"t":"ping"' + b" " * (p.MAX_CLIENT_LINE - 12) + b"}"
    assert len(exactly) == p.MAX_CLIENT_LINE
    assert p.ClientDecoder().feed(exactly + b"\n") == [p.Ping()]
    assert p.ClientDecoder().feed(b" " + exactly + b"\n")[0].code is p.ErrorCode.TOO_LONG  # type: ignore[union-attr]


# ------------------------------------------------------------------ the host's handling


class FakeWriter:
    """Stands for a socket: collects what the host sends."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.closed = False
        self.transport = self

    def write(self, data: bytes) -> None:
        self.data += data

    def get_write_buffer_size(self) -> int:
        return 0

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed


class Table:
    """A started table whose four seats are fake connections; the referee task is not run, so
    only the fuzzed messages (and ``advance``) change the match."""

    base: dict[str, Any]
    base_print: str
    corpus: list[bytes]

    def __init__(self, game: Game) -> None:
        self.loop = asyncio.new_event_loop()
        settings = HostSettings(max_errors=10**9, max_illegal=10**9, standin_kind="random")
        self.host = TableHost(game, None, 21, ["open"] * 4, settings)
        self.conns: dict[Seat, Connection] = {}
        self.tokens: dict[Seat, str] = {}
        for seat in Seat:
            conn = self.connect()
            self.host._handle(conn, p.Hello(version=1, name=f"n{seat.name}", seat=seat.name))  # type: ignore[arg-type]
            assert conn.seat is not None and conn.seat.token is not None
            self.conns[seat], self.tokens[seat] = conn, conn.seat.token
        self.loop.run_until_complete(self._start())
        self.stranger = self.connect()

    async def _start(self) -> None:
        self.host.start_match()
        assert self.host._referee_task is not None
        self.host._referee_task.cancel()

    def connect(self) -> Connection:
        return Connection(FakeWriter(), "fuzz")  # type: ignore[arg-type]

    def advance(self, n: int, rng: random.Random) -> None:
        m = self.host.match
        for _ in range(n):
            if m.phase == Phase.OVER:
                return
            if m.phase == Phase.SETTLED:
                self.host._apply(Action(Act.NEXT_HAND), None)
            elif m.phase == Phase.DEAL:
                self.host._apply(Action(Act.DEAL), None)
            else:
                seat = m.to_act()[0]
                self.host._apply(RandomPlayer(rng).choose(m, seat, m.legal_actions(seat)), seat)

    def fingerprint(self) -> str:
        m = self.host.match
        return json.dumps([m.record(), [m.view(s) for s in Seat]], sort_keys=True)

    def revive(self) -> None:
        """Fuzzed "leave" or fatal errors close a fake connection: reconnect with the token."""
        for seat, conn in list(self.conns.items()):
            if conn.closing:
                state = self.host.seats[seat]
                state.conn = None
                fresh = self.connect()
                self.host._handle(fresh, p.Hello(version=1, name="back", token=self.tokens[seat]))
                self.conns[seat] = fresh
        if self.stranger.closing:
            self.stranger = self.connect()


def legal_lines(table: Table) -> list[bytes]:
    """Valid act lines from the seats' current legal actions: mutating them gives near misses."""
    lines = []
    m = table.host.match
    for seat in Seat:
        for action in m.legal_actions(seat)[:6]:
            lines.append(p.encode(p.Act(action=p.WireAction.of(action), ref=1))[:-1])
    return lines


@pytest.fixture(scope="module", params=[Game.TR, Game.DL])
def table(request: pytest.FixtureRequest) -> Any:
    t = Table(request.param)
    rng = random.Random(5)
    m = t.host.match
    while not (m.phase == Phase.PLAY and len(m.hand.tricks) >= 3 and m.hand.trick):
        t.advance(1, rng)  # into the play phase, mid-trick
        m = t.host.match
    t.base = t.host.match.record()
    t.base_print = t.fingerprint()
    t.corpus = VALID_LINES + legal_lines(t)  # fixed: the strategy may not depend on state
    yield t
    t.loop.close()


@settings(
    max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_host_survives_fuzzed_messages_and_bad_input_changes_nothing(
    table: Table, data: Any
) -> None:
    corpus = table.corpus
    line = data.draw(st.one_of(st.binary(max_size=300), mutated(corpus), st.sampled_from(corpus)))
    who = data.draw(st.sampled_from([*Seat, None]))
    conn = table.stranger if who is None else table.conns[who]
    actions_before = len(table.host.match.actions)
    sent_before = len(conn.writer.data)  # type: ignore[attr-defined]
    for item in conn.decoder.feed(line + b"\n"):
        table.host._handle_safely(conn, item)  # must not raise
    after_actions = table.host.match.actions
    if len(after_actions) == actions_before:
        assert table.fingerprint() == table.base_print
    else:
        # Only a well-formed, legal action of the sender's own seat may change the match.
        assert who is not None and len(after_actions) == actions_before + 1
        assert after_actions[-1].seat == who
        assert json.loads(line)["t"] == "act"
    replies = bytes(conn.writer.data[sent_before:])  # type: ignore[attr-defined]
    for reply in replies.splitlines():
        msg = p.decode_host(reply)
        assert not isinstance(msg, p.Error) or msg.code != "internal", msg
    for seat, other in table.conns.items():  # no seat ever receives another seat's token
        for s, token in table.tokens.items():
            if s != seat:
                assert token.encode() not in other.writer.data  # type: ignore[attr-defined]
    table.revive()
    if len(table.host.match.actions) != actions_before:  # back to the same state every time
        table.host.match = replay(table.base)[0]
    for c in [*table.conns.values(), table.stranger]:
        del c.writer.data[:]  # type: ignore[attr-defined]
