"""旁观 at a LAN table (issue 38): a watcher sees what the whole table sees and no more.

The passive leak check of tests/net/test_leaks.py runs over every byte two watchers receive,
for a hand of each game (and a DL hand with tribute): one watches from behind a seat whose
player allows it (over the shoulder), one from behind a seat whose player does not. What each
may know is worked out from the referee's record, hand by hand: the cards shown to the whole
table (played, declared, shown by the rules, a kitty face up for all) and, over the shoulder,
every card that seat has held this hand. Every update must also decode into a view with no
moves and exactly the hand shown: that seat's at that moment over the shoulder, none else.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
from collections import Counter
from pathlib import Path
from typing import Any

from test_host import FAST, Changes, Raw, run, started_host
from test_leaks import cards_in, public_cards, tribute_position

from shengji_desktop.engine import codec
from shengji_desktop.engine.events import EVERYONE
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import record_json
from shengji_desktop.engine.view import seat_view, watcher_view
from shengji_desktop.net import protocol as p
from shengji_desktop.net.client import AISeat, TableClient
from shengji_desktop.net.host import HostSettings, TableHost
from shengji_desktop.net.persistence import SavedSeat, read_table, table_json
from shengji_desktop.net.tls import client_context
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options

SHOULDER = Seat.E  # its player lets watchers see its hand
ELSEWHERE = Seat.N  # its player does not


class Shown(AISeat):
    """A computer seat whose player lets watchers see its hand, from its welcome on."""

    def on_welcome(self, welcome: p.Welcome) -> None:
        if self.client is not None:
            self.client.set_shoulder(True)


def watcher_entitlements(record: dict[str, Any], shoulder: Seat | None) -> list[frozenset[str]]:
    """For each seq, the card values a watcher may know this hand: what the whole table was
    shown, and with ``shoulder`` every card that seat has held this hand."""
    match = Match(Game(record["game"]), Options.from_dict(record["options"]), record["seed"])
    public: set[str] = set()
    held: set[str] = set()
    number = match.hand.number
    out: list[frozenset[str]] = []

    def snapshot() -> None:
        nonlocal number
        hand = match.hand
        if hand.number != number:  # a new hand: nothing of the last one carries over
            number = hand.number
            public.clear()
            held.clear()
        public.update(str(c) for t in hand.tricks for _, cs in t.plays for c in cs)
        public.update(str(c) for _, cs in hand.trick for c in cs)
        access = hand.kitty_access
        if access.public:
            public.update(str(c) for c in hand.kitty)
        if access.shown_to >= EVERYONE:
            public.update(str(c) for c in access.shown)
        if shoulder is not None:
            held.update(str(c) for c in hand.hands[shoulder])
        out.append(frozenset(public | held))

    snapshot()
    for data in record["actions"]:
        for event in match.apply(codec.action_from_json(data)):
            public.update(public_cards(codec.event_json(event)))
        snapshot()
    return out


def watcher_leaks(raw: bytes, allowed: list[frozenset[str]]) -> list[str]:
    """Cards a watcher's messages name that it may not know. A view's ``history`` (settled
    hands, each checked as the ``result`` of the view while it was the hand of the moment, or
    settled before the watcher came) is left out."""
    problems = []
    seq = 0
    for line in raw.decode("utf-8").splitlines():
        msg = json.loads(line)
        if msg["t"] == "update":
            seq = msg["seq"]
            msg["view"].pop("history", None)
        extra = cards_in(msg) - allowed[seq]
        if extra:
            problems.append(f"seq {seq} {msg['t']}: {sorted(extra)}")
    return problems


def check_views(raw: bytes, record: dict[str, Any], seat: Seat, shoulder: bool) -> int:
    """Every update decodes into a view from ``seat`` with no moves, holding exactly that
    seat's hand of the moment over the shoulder (``shoulder``: once its player allows it),
    else none. The updates seen over the shoulder (``shoulder``), or in all."""
    replayed = Match(Game(record["game"]), Options.from_dict(record["options"]), record["seed"])
    hands_at = [Counter(replayed.hand.hands[seat])]
    for data in record["actions"]:
        replayed.apply(codec.action_from_json(data))
        hands_at.append(+Counter(replayed.hand.hands[seat]))
    updates = [m for m in map(p.decode_host, raw.splitlines()) if isinstance(m, p.Update)]
    view = None
    over = 0
    for m in updates:
        _, view = p.read_update(m, view.history if view is not None else ())
        assert view.seat is seat and view.legal == ()
        assert m.shoulder in ((None, seat.name) if shoulder else (None,)), (m.seq, m.shoulder)
        over += m.shoulder is not None
        assert Counter(view.hand) == (hands_at[m.seq] if m.shoulder else Counter()), m.seq
    return over if shoulder else len(updates)


async def play_watched(host: TableHost, tokens: dict[Seat, str] | None = None) -> list[bytes]:
    """Four random computer clients play ``host`` to its end (the one at SHOULDER lets
    watchers see its hand), watched from behind SHOULDER and ELSEWHERE; what each watcher
    received."""
    port = await host.start("127.0.0.1", 0)
    seed = host.match.seed
    wire = [bytearray(), bytearray()]
    watchers = [
        TableClient("127.0.0.1", port, f"w{i}", seat=s.name, watch=True, on_raw=wire[i].extend)
        for i, s in enumerate((SHOULDER, ELSEWHERE))
    ]
    watching = [asyncio.create_task(w.run()) for w in watchers]
    clients = {
        s: TableClient("127.0.0.1", port, f"c{s.name}", seat=s.name, token=(tokens or {}).get(s))
        for s in Seat
    }
    bots = [
        (Shown if s is SHOULDER else AISeat)(RandomPlayer(random.Random(f"{seed}/{s.name}")))
        for s in Seat
    ]
    await asyncio.gather(*(b.play(clients[s]) for b, s in zip(bots, Seat, strict=True)))
    ends = await asyncio.gather(*watching)
    assert ends[0] == ends[1] and ends[0] in ("bye: hands done", "bye: match over"), ends
    await host.close()
    return [bytes(w) for w in wire]


def check_watched(host: TableHost, wire: list[bytes]) -> None:
    record = record_json(host.match)
    for raw, seat, shoulder in ((wire[0], SHOULDER, True), (wire[1], ELSEWHERE, False)):
        allowed = watcher_entitlements(record, SHOULDER if shoulder else None)
        assert watcher_leaks(raw, allowed) == [], (seat, watcher_leaks(raw, allowed)[:5])
        assert check_views(raw, record, seat, shoulder) > 20


def watched_match(game: Game, seed: int) -> None:
    settings = HostSettings(deal_pace=0, settle_pause=0, hands=1, standin_kind="random")
    host = TableHost(game, None, seed, ["open"] * 4, settings)
    wire = asyncio.run(asyncio.wait_for(play_watched(host), 90))
    assert len(host.match.history) == 1
    check_watched(host, wire)


def test_a_watcher_sees_no_hidden_card_tr() -> None:
    watched_match(Game.TR, 4)


def test_a_watcher_sees_no_hidden_card_sd() -> None:
    watched_match(Game.SD, 6)


def test_a_watcher_sees_no_hidden_card_dl() -> None:
    watched_match(Game.DL, 2)


def test_a_watcher_sees_no_hidden_card_in_a_dl_hand_with_tribute(tmp_path: Path) -> None:
    """DL tribute cards pass between two seats (DL-TRIB-4/5): a watcher sees them only as
    they land in the hand it is shown."""
    match = next((m for m in map(tribute_position, range(1, 40)) if m is not None), None)
    assert match is not None, "no DL match of seeds 1-39 came to a tribute"
    tokens = {s: f"token-{s.name}" for s in Seat}
    seats = [SavedSeat(s, "open", f"c{s.name}", tokens[s]) for s in Seat]
    path = tmp_path / "table.json"
    hands = len(match.history) + 1
    path.write_text(json.dumps(table_json(match, seats, True, hands, "watch")), encoding="utf-8")
    settings = HostSettings(deal_pace=0, settle_pause=0, standin_after=60, standin_kind="random")
    host = TableHost.resume(path, settings)
    wire = asyncio.run(asyncio.wait_for(play_watched(host, tokens), 90))
    assert len(host.match.history) == hands
    check_watched(host, wire)
    tributes = [
        e
        for raw in wire
        for m in map(p.decode_host, raw.splitlines())
        if isinstance(m, p.Update)
        for e in m.events
        if e["event"] == "tribute_paid"
    ]
    assert tributes and all("cards" not in e for e in tributes)


def test_the_watcher_check_finds_a_leak() -> None:
    """Not vacuous: a seat's view, or the view over a shoulder its player has not allowed,
    sent to a watcher, is caught."""
    match = Match(Game.TR, Options(), 8)
    while match.hand.dealt < 60:
        action = match.table_action()
        assert action is not None
        match.apply(action)
    record = record_json(match)
    seq = len(match.actions)
    public = watcher_entitlements(record, None)
    shown = watcher_entitlements(record, SHOULDER)

    def wire(update: p.Update) -> bytes:
        return p.encode(update)

    plain = wire(p.update_of(seq, (), watcher_view(match, SHOULDER)))
    over = wire(p.update_of(seq, (), watcher_view(match, SHOULDER, True)))
    seat = wire(p.update_of(seq, (), seat_view(match, ELSEWHERE)))
    assert watcher_leaks(plain, public) == []
    assert watcher_leaks(over, shown) == []
    assert watcher_leaks(over, public)
    assert watcher_leaks(seat, shown)


# ------------------------------------------------------------------ what a watcher may do


def hand_at(host: TableHost, seat: Seat, seq: int) -> Counter[Any]:
    """``seat``'s hand after the first ``seq`` actions of the host's match."""
    match = Match(host.match.game, host.match.options, host.match.seed)
    for action in host.match.actions[:seq]:
        match.apply(action)
    return +Counter(match.hand.hands[seat])


async def watcher(port: int, name: str, **kw: Any) -> tuple[Raw, p.Welcome]:
    raw = await Raw.connect(port)
    welcome = await raw.hello(name, watch=True, **kw)
    return raw, welcome


def test_a_watcher_never_acts_and_the_players_notice_nothing_but_the_count() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(Game.TR, ["open", "random", "random", "random"], changes)
        assert host.port is not None
        player = await Raw.connect(host.port)
        await player.hello("me")
        w, welcome = await watcher(host.port, "看客")
        assert welcome.watching and welcome.seat == "" and welcome.name == "看客"
        lobby = await player.expect(p.Lobby, lambda m: m.watchers)
        assert lobby.watchers == ["看客"] and all(not s.shoulder for s in lobby.seats)
        player.send(p.Ready())
        await w.expect(p.Update)  # the match started; the watcher is shown it
        before = len(host.match.actions)
        refused = [
            p.Act(action=p.WireAction(a="pass"), ref=1),
            p.Ready(),
            p.Autoplay(on=True),
            p.Shoulder(allow=True),
        ]
        for msg in refused:
            w.send(msg)
            err = await w.expect(p.Error)
            assert err.code == "watching" and not err.fatal, err
        assert all(s.seat is not Seat.S or not s.shoulder for s in host.seats.values())
        assert not any(a.seat is None and a.kind.value == "pass" for a in host.match.actions)
        assert len(host.match.actions) >= before
        await host.close()

    run(main)


def test_eight_watchers_named_in_the_lobby_and_no_ninth() -> None:
    async def main() -> None:
        host = await started_host(Game.SD)
        assert host.port is not None
        seated = await Raw.connect(host.port)
        await seated.hello("Ann")
        raws = [(await watcher(host.port, f"w{i}"))[0] for i in range(8)]
        lobby = await seated.expect(p.Lobby, lambda m: len(m.watchers) == 8)
        assert lobby.watchers == [f"w{i}" for i in range(8)]
        ninth = await Raw.connect(host.port)
        ninth.send(p.Hello(version=p.PROTOCOL_VERSION, name="w8", watch=True))
        err = await ninth.expect(p.Error)
        assert err.code == "watchers_full" and err.fatal
        # Names are the table's: a watcher may not take a seat's, nor a seat a watcher's.
        twin = await Raw.connect(host.port)
        twin.send(p.Hello(version=p.PROTOCOL_VERSION, name="ann", watch=True))
        assert (await twin.expect(p.Error)).code == "name_taken"
        taker = await Raw.connect(host.port)
        taker.send(p.Hello(version=p.PROTOCOL_VERSION, name="W3"))
        assert (await taker.expect(p.Error)).code == "name_taken"
        assert host.free_seats() == 3  # watchers take no seat
        for raw in raws:
            raw.writer.close()
        await seated.expect(p.Lobby, lambda m: not m.watchers)
        await host.close()

    run(main)


def test_a_watcher_leaves_and_comes_back() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "random", "random"])
        assert host.port is not None
        seated = await Raw.connect(host.port)
        await seated.hello("Ann")
        seated.send(p.Ready())
        first, _ = await watcher(host.port, "Bo")
        await first.expect(p.Update)
        first.send(p.Leave())
        await first.until_closed()
        await seated.expect(p.Lobby, lambda m: m.watchers == [])
        again, again_welcome = await watcher(host.port, "Bo")
        update = await again.expect(p.Update)
        assert update.resync and p.read_update(update)[1].hand == ()
        await seated.expect(p.Lobby, lambda m: m.watchers == ["Bo"])
        # Back before the host saw it go: its token replaces the old connection.
        third = await Raw.connect(host.port)
        assert (await third.hello("Bo", watch=True, token=again_welcome.token)).watching
        err = await again.expect(p.Error)
        assert err.code == "superseded" and err.fatal
        assert host.watchers.names() == ["Bo"]
        await host.close()

    run(main)


def test_a_watchers_chat_reaches_only_watchers_while_a_hand_is_on() -> None:
    async def main() -> None:
        host = await started_host(Game.TR, ["open", "random", "random", "random"], chat_interval=0)
        assert host.port is not None
        player = await Raw.connect(host.port)
        await player.hello("me")
        w1, _ = await watcher(host.port, "w1")
        w2, _ = await watcher(host.port, "w2")
        w1.send(p.Chat(phrase=3))  # in the lobby: everyone hears it
        heard = await player.expect(p.Said)
        assert heard == p.Said(seat="", phrase=3, watcher="w1")
        assert await w2.expect(p.Said) == heard
        player.send(p.Ready())
        await w1.expect(p.Update)
        w1.send(p.Chat(phrase=5))  # a hand is on: watchers only
        assert await w2.expect(p.Said) == p.Said(seat="", phrase=5, watcher="w1")
        player.send(p.Chat(phrase=1))  # a player is heard by everyone, watchers too
        assert await w2.expect(p.Said) == p.Said(seat="S", phrase=1)
        said = await player.expect(p.Said)
        assert said == p.Said(seat="S", phrase=1)  # not the watcher's phrase 5 before it
        await host.close()

    run(main)


def test_over_the_shoulder_is_off_by_default_and_the_host_enforces_it() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "random", "random"])
        assert host.port is not None
        player = await Raw.connect(host.port)
        await player.hello("me")
        w, _ = await watcher(host.port, "w", seat="S")
        player.send(p.Ready())
        first = await w.expect(p.Update)
        assert first.shoulder is None and p.read_update(first)[1].hand == ()
        player.send(p.Shoulder(allow=True))
        lobby = await w.expect(p.Lobby, lambda m: m.seats[0].shoulder)
        assert [s.shoulder for s in lobby.seats] == [True, False, False, False]
        shown = await w.expect(p.Update, lambda u: u.shoulder == "S")
        hand = p.read_update(shown)[1].hand
        assert hand and Counter(hand) == hand_at(host, Seat.S, shown.seq)
        w.send(p.Look(seat="E"))  # another seat's player has not allowed it
        other = await w.expect(p.Update, lambda u: p.read_update(u)[1].seat is Seat.E)
        assert other.shoulder is None and p.read_update(other)[1].hand == ()
        w.send(p.Look(seat="S"))
        await w.expect(p.Update, lambda u: u.shoulder == "S")
        player.send(p.Shoulder(allow=False))
        hidden = await w.expect(p.Update, lambda u: u.shoulder is None)
        assert p.read_update(hidden)[1].hand == ()
        await host.close()

    run(main)


def test_watchers_are_not_part_of_the_saved_table(tmp_path: Path) -> None:
    """After a restart of the host they join again; a player's shoulder is off again."""
    path = tmp_path / "table.json"

    async def main() -> None:
        settings = HostSettings(**{**FAST, "standin_after": 60})
        host = TableHost(Game.TR, None, 3, ["open", "random", "random", "random"], settings, path)
        await host.start("127.0.0.1", 0)
        assert host.port is not None
        player = await Raw.connect(host.port)
        token = (await player.hello("me")).token
        player.send(p.Shoulder(allow=True))
        w, welcome = await watcher(host.port, "看客甲")
        player.send(p.Ready())
        await w.expect(p.Update, lambda u: u.shoulder == "S")
        await host.close()
        text = path.read_text(encoding="utf-8")
        assert "看客甲" not in text and welcome.token not in text and "shoulder" not in text
        assert read_table(path).started
        resumed = TableHost.resume(path, HostSettings(**{**FAST, "standin_after": 60}))
        await resumed.start("127.0.0.1", 0)
        assert resumed.port is not None and resumed.watchers.names() == []
        back = await Raw.connect(resumed.port)
        await back.hello("me", token=token)
        lobby = await back.expect(p.Lobby)
        assert lobby.watchers == [] and not lobby.seats[0].shoulder
        w2, _ = await watcher(resumed.port, "看客甲", token=welcome.token)  # a new watcher
        update = await w2.expect(p.Update)
        assert update.resync and update.shoulder is None
        await resumed.close()

    run(main)


def test_a_flooding_watcher_is_cut_off_and_the_table_goes_on() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(
            Game.SD, ["open", "random", "random", "random"], changes, msg_rate=100, msg_burst=200
        )
        assert host.port is not None
        player = await Raw.connect(host.port)
        await player.hello("me")
        w, _ = await watcher(host.port, "flood")
        w.send((p.encode(p.Sync()) + p.encode(p.Look(seat="E"))) * 2000)
        errors = [m for m in await w.until_closed() if isinstance(m, p.Error)]
        assert errors[-1].code == "flood" and errors[-1].fatal
        await player.expect(p.Lobby, lambda m: m.watchers == [])
        player.send(p.Ping())
        await player.expect(p.Pong)
        await host.close()

    run(main)


def test_a_watcher_that_never_reads_is_cut_off_and_the_players_go_on() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(
            Game.DL, ["open", "random", "random", "random"], changes, max_send_buffer=64 * 1024
        )
        assert host.port is not None
        # A blocking TLS socket that never reads: an asyncio one would keep decrypting into
        # its buffers, and the host would see a reader.
        plain = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        plain.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        await asyncio.to_thread(plain.connect, ("127.0.0.1", host.port))
        tls = await asyncio.to_thread(client_context().wrap_socket, plain)
        hello = p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="asleep", watch=True))
        await asyncio.to_thread(tls.sendall, hello)
        await changes.until(lambda: host.watchers.names() == ["asleep"], "watching")
        asleep = next(c for c in host.conns if c.watching)
        sock = asleep.writer.transport.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)  # what it leaves piles up here
        player = await Raw.connect(host.port)
        await player.hello("me")
        player.send(p.Ready())  # 162 cards dealt: an update to the watcher for each
        await changes.until(lambda: any("asleep left" in line for line in changes.lines), "gone")
        assert any("cut off" in line for line in changes.lines)
        await player.expect(p.Lobby, lambda m: m.watchers == [])
        player.send(p.Ping())
        await player.expect(p.Pong)
        tls.close()
        await host.close()

    run(main)
