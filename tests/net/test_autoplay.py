"""托管 at a LAN table (issue 18): a seat's person asks the host, whose computer plays the seat
from its next decision on; every seat's lobby marks it; off again, the person decides."""

from __future__ import annotations

from test_host import FAST, Raw, my_turn, run, started_host, view_of

from shengji_desktop.engine.phase import Phase
from shengji_desktop.net import protocol as p
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game


def seat_info(lobby: p.Lobby, seat: str) -> p.SeatInfo:
    return next(s for s in lobby.seats if s.seat == seat)


def test_the_host_plays_a_seat_under_autoplay_and_the_lobby_marks_it() -> None:
    async def main() -> None:
        host = await started_host(Game.TR, ["open", "open", "random", "random"])
        assert host.port is not None
        me, other = await Raw.connect(host.port), await Raw.connect(host.port)
        assert (await me.hello("me", seat="S")).seat == "S"
        assert (await other.hello("other", seat="E")).seat == "E"
        other.send(p.Autoplay(on=True, level="easy"))  # E is played by the host throughout
        me.send(p.Autoplay(on=True, level="easy"))
        for raw in (me, other):
            await raw.expect(p.Lobby, lambda m: seat_info(m, "S").autoplay)
            raw.send(p.Ready())
        assert host.referee.table.players[Seat.S] is not None
        # Nobody sends an action: the host's computer plays S (and E) in every phase.
        await me.expect(
            p.Update, lambda u: view_of(u).phase is Phase.PLAY and len(view_of(u).tricks) >= 2
        )
        me.send(p.Autoplay(on=False))
        lobby = await other.expect(p.Lobby, lambda m: not seat_info(m, "S").autoplay)
        assert seat_info(lobby, "E").autoplay  # E's goes on
        assert host.referee.table.players[Seat.S] is None
        # S's next decision waits for its person. (If S was to act when 托管 went off, the
        # computer's decision was dropped and no new update comes: the sync shows the view.)
        me.send(p.Sync())
        view = view_of(await me.expect(p.Update, my_turn))
        assert view.seat is Seat.S and view.legal
        assert host.referee.table.view(Seat.S).legal  # the table waits for S's person
        await host.close()

    run(main)


def test_autoplay_by_the_expert() -> None:
    """Issue 41: 托管 is offered at every strength, the expert's included."""

    from shengji_desktop.ai import make_player
    from shengji_desktop.net.host import HostSettings, TableHost

    async def main() -> None:
        seats = ["open", "random", "random", "random"]
        host = TableHost(Game.SD, None, 3, seats, HostSettings(**FAST), make_player=make_player)
        await host.start("127.0.0.1", 0)
        assert host.port is not None
        raw = await Raw.connect(host.port)
        await raw.hello("me")
        raw.send(p.Autoplay(on=True, level="expert"))
        await raw.expect(p.Lobby, lambda m: seat_info(m, "S").autoplay)
        player = host.referee.table.players[Seat.S]
        assert player is not None and getattr(player, "kind", None) == "expert"
        await host.close()

    run(main)


def test_autoplay_of_an_unknown_strength_is_refused_as_malformed() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "random", "random", "random"])
        assert host.port is not None
        raw = await Raw.connect(host.port)
        await raw.hello("me")
        raw.send({"t": "autoplay", "on": True, "level": "godlike"})
        err = await raw.expect(p.Error)
        assert err.code == "malformed" and not err.fatal
        assert host.referee.table.players[Seat.S] is None
        await host.close()

    run(main)
