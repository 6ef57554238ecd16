"""Fuzzing with hypothesis: the decoder and the host's message handling take thousands of random
and mutated messages without raising, and bad input never changes the match."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import record_json
from shengji_desktop.engine.view import seat_view
from shengji_desktop.net import protocol as p
from shengji_desktop.net.host import HostSettings, TableHost
from shengji_desktop.net.persistence import SavedSeat, table_json
from shengji_desktop.net.transport import Connection
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game

V = str(p.PROTOCOL_VERSION).encode()
VALID_LINES = [
    b'{"t":"hello","version":' + V + b',"name":"Ann"}',
    b'{"t":"hello","version":'
    + V
    + b',"name":"\xe5\xb0\x8f\xe6\x98\x8e","seat":"N","token":"abc_DEF-1"}',
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


def position(game: Game, seed: int) -> Match:
    """A match in its play phase, mid-trick with three tricks done, reached by random seats."""
    match = Match(game, None, seed)
    rng = random.Random(5)
    while True:
        if match.phase is Phase.PLAY:
            view = seat_view(match, Seat.S)
            if len(view.tricks) >= 3 and view.trick:
                return match
        table_action = match.table_action()
        if table_action is not None:  # the deal goes on without declarations
            match.apply(table_action)
            continue
        seat = match.to_act()[0]
        match.apply(RandomPlayer(rng).choose(match.legal_actions(seat)))


class Table:
    """A started table, resumed from a file, whose four seats are fake connections; the host
    never listens, so its referee does not run and only the fuzzed messages change the match."""

    base_print: str
    corpus: list[bytes]

    def __init__(self, game: Game, path: Path) -> None:
        self.path = path
        seats = [SavedSeat(s, "open", f"n{s.name}", f"token-{s.name}") for s in Seat]
        self.saved_tokens = {s.seat: s.token or "" for s in seats}
        self.tokens = dict(self.saved_tokens)
        self.match = position(game, 21)
        path.write_text(json.dumps(table_json(self.match, seats, True, None, "fuzz")))
        self.conns: dict[Seat, Connection] = {}
        self.stranger = self.connect()
        self.fresh()

    def fresh(self) -> None:
        """The host as saved, every seat connected again with its token."""
        settings = HostSettings(max_errors=10**9, max_illegal=10**9, standin_kind="random")
        self.host = TableHost.resume(self.path, settings, save_path=self.path.with_suffix(".out"))
        self.tokens = dict(self.saved_tokens)
        for seat in Seat:
            conn = self.connect()
            self.hello(conn, seat, f"again {seat.name}")
            self.conns[seat] = conn
        self.stranger = self.connect()

    def hello(self, conn: Connection, seat: Seat, name: str) -> None:
        hello = p.Hello(version=p.PROTOCOL_VERSION, name=name, token=self.tokens[seat])
        self.host.server.receive(conn, hello)
        assert conn.seat is seat
        welcome = p.decode_host(bytes(conn.writer.data).splitlines()[0])  # type: ignore[attr-defined]
        assert isinstance(welcome, p.Welcome)
        self.tokens[seat] = welcome.token  # every return gets a new token

    def connect(self) -> Connection:
        return Connection(FakeWriter(), "fuzz", secure=True)  # type: ignore[arg-type]

    def fingerprint(self) -> str:
        m = self.host.match
        views = [codec.view_json(seat_view(m, s)) for s in Seat]
        return json.dumps([record_json(m), views], sort_keys=True, ensure_ascii=False)

    def revive(self) -> None:
        """Fuzzed "leave" or fatal errors close a fake connection: the transport reports it
        gone, and it comes back with its token."""
        for seat, conn in list(self.conns.items()):
            if conn.closing:
                self.host.server.on_closed(conn)
                fresh = self.connect()
                self.hello(fresh, seat, f"back {seat.name}")
                self.conns[seat] = fresh
        if self.stranger.closing:
            self.host.server.on_closed(self.stranger)
            self.stranger = self.connect()


def legal_lines(table: Table) -> list[bytes]:
    """Valid act lines from the seats' current legal moves: mutating them gives near misses."""
    lines = []
    m = table.host.match
    for seat in Seat:
        view = seat_view(m, seat)
        for move in view.legal[:6]:
            action = move if isinstance(move, Action) else move.action(view.hand[: move.count])
            lines.append(p.encode(p.Act(action=p.WireAction.of(action), ref=1))[:-1])
    return lines


@pytest.fixture(scope="module", params=[Game.TR, Game.DL])
def table(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    t = Table(request.param, tmp_path_factory.mktemp("fuzz") / "table.json")
    t.base_print = t.fingerprint()
    t.corpus = VALID_LINES + legal_lines(t)  # fixed: the strategy may not depend on state
    assert len(t.corpus) > len(VALID_LINES)  # the position offers moves to mutate
    yield t
    t.host.referee.pacing.pool.shutdown()


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
        table.host.server.receive(conn, item)  # must not raise
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
        if isinstance(msg, p.Update):
            p.read_update(msg)  # what the host sends, a client reads
    for seat, other in table.conns.items():  # no seat ever receives another seat's token
        for s, token in table.tokens.items():
            if s != seat:
                assert token.encode() not in other.writer.data  # type: ignore[attr-defined]
    if len(table.host.match.actions) != actions_before:  # back to the same state every time
        table.fresh()
    else:
        table.revive()
    for c in [*table.conns.values(), table.stranger]:
        del c.writer.data[:]  # type: ignore[attr-defined]
