"""An update carries a seat's view without the settled hands the client has already had
(issue 16: what grows with the match is sent once, at the hello or a resync): the client's
view, rebuilt from its previous one, equals the host's ``seat_view`` after every action of a
multi-hand match, and an update's size does not grow with the hands played."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from shengji_desktop.engine import codec
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import SeatView, event_for, seat_view
from shengji_desktop.net import protocol as p
from shengji_desktop.net.client import AISeat, TableClient
from shengji_desktop.net.host import HostListener, HostSettings, TableHost
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game


def test_a_view_rebuilt_from_updates_is_the_hosts_view_after_every_action() -> None:
    match = Match(Game.SD, None, 4)
    players = {s: RandomPlayer(random.Random(f"4/{s.name}")) for s in Seat}
    table = Table(match, players, rng=random.Random(4), hands=4)
    known = dict.fromkeys(Seat, 0)
    client: dict[Seat, SeatView | None] = dict.fromkeys(Seat)
    sizes: list[int] = []

    def send(action: Any, events: list[Event]) -> None:
        for seat in Seat:
            view = seat_view(match, seat)
            cut = [event_for(e, seat) for e in events]
            update = p.update_of(len(match.actions), cut, view, known=known[seat])
            known[seat] = len(view.history)
            line = p.encode(update)
            msg = p.decode_host(line)
            assert isinstance(msg, p.Update)
            before = client[seat]
            got_events, got = p.read_update(msg, before.history if before else ())
            assert got == view
            assert [codec.event_json(e) for e in got_events] == [codec.event_json(e) for e in cut]
            assert len(msg.view["history"]) <= (len(view.history) if before is None else 1)
            client[seat] = got
            if seat is Seat.S and not events_settle(events):
                sizes.append(len(msg.view["history"]))

    table.watch_referee(send)
    table.play()
    assert len(match.history) == 4
    assert max(sizes) == 0  # only the update of a settlement carries a settled hand


def events_settle(events: list[Event]) -> bool:
    return any(e.KIND == "hand_settled" for e in events)


def test_an_update_that_goes_on_from_hands_the_client_lacks_asks_for_a_resync() -> None:
    match = Match(Game.SD, None, 4)
    Table(match, {s: RandomPlayer(random.Random(s)) for s in Seat}, hands=2).play()
    update = p.update_of(9, (), seat_view(match, Seat.S), known=2)
    try:
        p.read_update(update, tuple(match.history[:1]))
    except p.HistoryGap as exc:
        assert "settled hand 2" in exc.message
    else:
        raise AssertionError("a gap was not noticed")
    assert p.read_update(update, tuple(match.history))[1] == seat_view(match, Seat.S)


class Recording(AISeat):
    """Records every view; ``drop``: loses its connection once, in hand 2 (and comes back)."""

    def __init__(self, seed: str, got: list[tuple[int, SeatView]], drop: bool = False) -> None:
        super().__init__(RandomPlayer(random.Random(seed)))
        self.got = got
        self.drop = drop
        self.resyncs = 0

    def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        self.resyncs += update.resync
        if self.got and not update.resync:  # the settled hands were sent once, not again
            assert len(update.view["history"]) <= 1, (update.seq, len(view.history))
        self.got.append((update.seq, view))
        super().on_update(update, events, view)
        if self.drop and view.history and view.hand_number == 2 and view.cards_dealt > 20:
            self.drop = False
            writer = self.client._writer if self.client is not None else None
            if writer is not None:
                writer.transport.abort()


class HostViews(HostListener):
    def __init__(self) -> None:
        self.views: dict[int, dict[Seat, SeatView]] = {}

    def on_events(self, events: list[Event], match: Match) -> None:
        self.views[len(match.actions)] = {s: seat_view(match, s) for s in Seat}


def test_clients_of_a_hosted_match_see_the_hosts_views_hand_after_hand() -> None:
    async def main() -> tuple[HostViews, dict[str, list[tuple[int, SeatView]]]]:
        listener = HostViews()
        settings = HostSettings(deal_pace=0, settle_pause=0, hands=3, standin_kind="random")
        host = TableHost(Game.TR, None, 6, ["open"] * 4, settings, None, listener)
        port = await host.start("127.0.0.1", 0)
        clients = [TableClient("127.0.0.1", port, f"c{i}") for i in range(4)]
        got: dict[str, list[tuple[int, SeatView]]] = {}
        seats = []
        for i in range(4):
            got[f"c{i}"] = []
            seats.append(Recording(f"6/{i}", got[f"c{i}"], drop=i == 0))
        await asyncio.gather(*(s.play(c) for s, c in zip(seats, clients, strict=True)))
        await host.close()
        assert len(host.match.history) == 3
        assert not seats[0].drop and seats[0].resyncs >= 2  # it came back, with the whole view
        return listener, got

    listener, got = asyncio.run(asyncio.wait_for(main(), 120))
    compared = 0
    for views in got.values():
        assert views[-1][1].history  # the clients saw hands settle
        for seq, view in views:
            if seq in listener.views:
                assert view == listener.views[seq][view.seat], seq
                compared += 1
    assert compared > 4 * 300
