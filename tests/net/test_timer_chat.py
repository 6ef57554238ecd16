"""The LAN move clock and 快捷语 (issue 18): the host's per-move limit reaches every seat as a
duration; at zero the host's stand-in plays that one move, two timeouts in a row put the seat
into 托管; an action in time stops the clock. Fixed phrases by number, heard by every seat,
rate-limited per seat, an unknown number refused as malformed."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest
from test_host import Changes, Raw, run, started_host, view_of

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.table import fallback
from shengji_desktop.net import protocol as p
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game


def seat_info(lobby: p.Lobby, seat: str) -> p.SeatInfo:
    return next(s for s in lobby.seats if s.seat == seat)


def on_clock(seat: str) -> Callable[[p.Update], bool]:
    return lambda u: u.clock_seat == seat and u.clock_left is not None


def timeouts(changes: Changes, seat: str) -> int:
    return sum(1 for line in changes.lines if line.startswith(f"{seat} ") and "time is up" in line)


def test_the_clock_reaches_every_seat_and_two_timeouts_put_the_seat_into_autoplay() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(
            Game.TR, ["open", "open", "random", "random"], listener=changes, move_time=0.3
        )
        assert host.port is not None
        me, other = await Raw.connect(host.port), await Raw.connect(host.port)
        await me.hello("me", seat="S")
        await other.hello("other", seat="E")
        other.send(p.Autoplay(on=True, level="easy"))  # E plays by the host; it only watches
        await other.expect(p.Lobby, lambda m: seat_info(m, "E").autoplay)
        me.send(p.Ready())
        other.send(p.Ready())
        # S is on the clock: its own client and the other one hear it, as a duration.
        mine = await me.expect(p.Update, on_clock("S"))
        assert 0 < mine.clock_left <= 0.3 and view_of(mine).legal
        seen = await other.expect(p.Update, on_clock("S"))
        assert 0 < seen.clock_left <= 0.3
        # S never acts: the stand-in plays one move at zero, then another, then 托管.
        lobby = await other.expect(p.Lobby, lambda m: seat_info(m, "S").autoplay)
        assert seat_info(lobby, "S").autoplay and timeouts(changes, "S") == 2
        assert host.referee.table.players[Seat.S] is not None
        assert any("S me: 托管 on" in line for line in changes.lines)
        # The person returns (托管 off): the clock runs for them again, nothing more was lost.
        me.send(p.Autoplay(on=False))
        await other.expect(p.Lobby, lambda m: not seat_info(m, "S").autoplay)
        assert host.referee.table.players[Seat.S] is None
        await me.expect(p.Update, on_clock("S"))
        await host.close()

    run(main)


def test_an_action_in_time_stops_the_clock_and_breaks_the_run_of_timeouts() -> None:
    async def main() -> None:
        changes = Changes()
        host = await started_host(
            Game.TR, ["open", "random", "random", "random"], listener=changes, move_time=0.3
        )
        assert host.port is not None
        me = await Raw.connect(host.port)
        await me.hello("me", seat="S")
        me.send(p.Ready())
        await changes.until(lambda: timeouts(changes, "S") == 1, "a first timeout")
        host.settings.move_time = 60.0  # S's next decision gets a minute; S acts in it
        decide = RandomPlayer(random.Random(1)).decide
        update = await me.expect(p.Update, lambda u: on_clock("S")(u) and u.clock_left > 1)
        host.settings.move_time = 0.3  # the one after that runs out again
        action = decide(view_of(update))
        assert action is not None
        me.send(p.Act(action=p.WireAction.of(action), ref=7))
        await me.expect(p.Update, lambda u: u.ref == 7)
        await changes.until(lambda: timeouts(changes, "S") == 2, "a second timeout")
        # Not two in a row: no 托管. The next one is the second in a row.
        assert host.referee.table.players[Seat.S] is None
        assert not any("托管 on" in line for line in changes.lines)
        await changes.until(lambda: host.referee.table.players[Seat.S] is not None, "托管")
        assert timeouts(changes, "S") == 3
        await host.close()

    run(main)


def test_burying_gets_twice_the_time() -> None:
    async def main() -> None:
        host = await started_host(Game.TR, ["open", "random", "random", "random"], move_time=10)
        table, m = host.referee.table, host.match
        host._seats.started = True  # the table's loop is not run: the test moves the match
        clocks: dict[Phase, float] = {}
        while m.phase is not Phase.OVER and len(clocks) < 2 and len(m.actions) < 400:
            seats = m.to_act() if m.phase is not Phase.SETTLED else []
            for seat in Seat:  # the seat to act alone is the person's, the others computers'
                table.players[seat] = None if seats == [seat] else table.players[Seat.E]
            clock = host.referee.clock()
            if clock is not None and m.phase in (Phase.KITTY, Phase.PLAY):
                clocks.setdefault(m.phase, clock[1] - time.monotonic())
            legal = m.legal_actions(seats[0]) if seats else []
            move = fallback(legal) if legal else None
            m.apply(
                move
                if move is not None
                else Action(Act.NEXT_HAND if m.phase is Phase.SETTLED else Act.DEAL)
            )
            table.version += 1
        assert 19 < clocks[Phase.KITTY] <= 20 and 9 < clocks[Phase.PLAY] <= 10
        await host.close()

    run(main)


def test_no_clock_without_a_move_time() -> None:
    async def main() -> None:
        host = await started_host(Game.TR, ["open", "random", "random", "random"])
        assert host.port is not None
        me = await Raw.connect(host.port)
        await me.hello("me")
        me.send(p.Ready())
        update = await me.expect(p.Update, lambda u: bool(view_of(u).legal) and u.seq > 10)
        assert update.clock_seat is None and update.clock_left is None
        assert host.referee.clock() is None
        await host.close()

    run(main)


def test_quick_chat_is_heard_by_all_rate_limited_and_unknown_phrases_are_malformed() -> None:
    async def main() -> None:
        host = await started_host(Game.SD, ["open", "open", "random", "random"])
        assert host.port is not None
        me, other = await Raw.connect(host.port), await Raw.connect(host.port)
        await me.hello("me", seat="S")
        await other.hello("other", seat="E")
        me.send(p.Chat(phrase=2))
        for raw in (me, other):
            said = await raw.expect(p.Said)
            assert (said.seat, said.phrase) == ("S", 2)
        me.send(p.Chat(phrase=3))  # too soon: refused, not fatal
        err = await me.expect(p.Error)
        assert err.code == "chat_rate" and not err.fatal and "3 s" in err.message
        other.send(p.Chat(phrase=0))  # another seat's own allowance
        for raw in (me, other):
            said = await raw.expect(p.Said)
            assert (said.seat, said.phrase) == ("E", 0)
        for bad in (p.CHAT_PHRASES, -1, "hurry", None):
            me.send({"t": "chat", "phrase": bad})
            err = await me.expect(p.Error)
            assert err.code == "malformed" and not err.fatal
        me.send({"t": "chat", "phrase": 1, "text": "free text"})
        assert (await me.expect(p.Error)).code == "malformed"
        me.send(p.Ping())
        await me.expect(p.Pong)  # still connected
        await host.close()

    run(main)


def test_host_cli_takes_the_move_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_desktop.cli import main
    from shengji_desktop.net import headless

    seen: list[headless.HostConfig] = []

    def run_host(config: headless.HostConfig, make_player: object, args: object = None) -> int:
        seen.append(config)
        return 0

    monkeypatch.setattr(headless, "run_host", run_host)
    assert main(["host", "--game", "tr", "--move-time", "15"]) == 0
    assert seen[0].settings.move_time == 15.0
    assert main(["host", "--game", "tr"]) == 0
    assert seen[1].settings.move_time is None


def test_host_cli_refuses_a_move_time_of_zero(capsys: pytest.CaptureFixture[str]) -> None:
    from shengji_desktop.cli import main

    assert main(["host", "--game", "tr", "--move-time", "0"]) == 2
    assert "--move-time must be more than 0 seconds" in capsys.readouterr().err


def test_a_version_3_client_is_refused_at_its_hello() -> None:
    """Version 3 clients cannot read a ``said`` message: they are told at the hello."""

    async def main() -> None:
        host = await started_host(Game.SD)
        assert host.port is not None
        old = await Raw.connect(host.port)
        old.send({"t": "hello", "version": 3, "name": "old"})
        err = await old.expect(p.Error)
        assert err.code == "version" and err.fatal and p.PROTOCOL_VERSION >= 4
        await host.close()

    run(main)
