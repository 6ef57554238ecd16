"""The table, the one driver: persons act by ``submit`` while the table waits, computers are asked,
stand-ins take a seat and give it back, ``hands`` stops the run, faults are raised (strict) or
reported and replaced by a legal action, watchers get the events cut for their seat, and pacing
is injected."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence

import pytest
from engine_testkit import Asked, random_players

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.table import (
    Decision,
    Fault,
    FaultKind,
    Pacing,
    Player,
    Table,
    TableStopped,
    fallback,
)
from shengji_desktop.engine.view import SeatView, event_for, seat_view
from shengji_desktop.rules.cards import BIG_JOKER, Seat
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game, Options

TIMEOUT = 60.0  # seconds: a hung table fails the test instead of hanging it


def computers(seed: int, *persons: Seat) -> dict[Seat, Player | None]:
    players: dict[Seat, Player | None] = dict(random_players(seed))
    for seat in persons:
        players[seat] = None
    return players


class Person:
    """A person at seat ``seat`` of ``table``, acting through ``submit`` (on the loop's thread,
    soon after anything changed), with a random player's choices; outside the deal only."""

    def __init__(self, table: Table, seat: Seat, seed: int) -> None:
        self.table, self.seat = table, seat
        self.player = RandomPlayer(random.Random(f"person/{seed}"))
        self.submitted: list[Action] = []
        self.active = True
        table.watch(seat, self.changed)

    def changed(self, events: Sequence[Event], view: SeatView) -> None:
        asyncio.get_running_loop().call_soon(self.act)

    def act(self) -> None:
        view = self.table.view(self.seat)
        if not self.active or not view.legal or view.phase is Phase.DEAL or self.table.stopped:
            return
        if self.table.players[self.seat] is not None:
            return  # a stand-in plays the seat
        action = self.player.decide(view)
        assert action is not None
        self.table.submit(self.seat, action)
        self.submitted.append(action)


def run(table: Table) -> None:
    async def main() -> None:
        await asyncio.wait_for(table.run(), TIMEOUT)

    asyncio.run(main())


def test_a_person_plays_by_submitting_and_an_illegal_submission_changes_nothing() -> None:
    match = Match(Game.TR, Options(), 4)
    table = Table(match, computers(4, Seat.S), hands=2)
    person = Person(table, Seat.S, 4)
    refused: list[int] = []

    def try_illegal(events: Sequence[Event], view: SeatView) -> None:
        if view.phase is Phase.PLAY and view.legal and not refused:
            before = table.version, [seat_view(match, s) for s in Seat], list(match.actions)
            with pytest.raises(RuleError):
                table.submit(Seat.S, Action(Act.PLAY, Seat.S, (BIG_JOKER,) * 5))
            assert (table.version, [seat_view(match, s) for s in Seat], match.actions) == before
            refused.append(table.version)

    table.watch(Seat.S, try_illegal)
    run(table)
    assert refused and len(match.history) == 2 and table.finished
    mine = [a for a in match.actions if a.seat is Seat.S]
    assert mine == person.submitted and len(mine) > 25
    assert table.version == len(match.actions)


def test_submit_sets_the_seat_and_refuses_after_the_table_stopped() -> None:
    match = Match(Game.SD, Options(), 2)
    table = Table(match, computers(2, *Seat), hands=1)
    while match.phase is Phase.DEAL:
        match.apply(Action(Act.DEAL))
    (bidder,) = match.to_act()
    events = table.submit(bidder, Action(Act.PASS))  # no seat given: the submitting seat's
    assert events == [ev.Passed(bidder)] and match.actions[-1] == Action(Act.PASS, bidder)
    table.stop()
    with pytest.raises(TableStopped):
        table.submit(match.to_act()[0], Action(Act.PASS))


def test_play_here_and_now_cannot_wait_for_a_person() -> None:
    table = Table(Match(Game.SD, Options(), 2), computers(2, Seat.W), hands=1)
    with pytest.raises(RuntimeError, match="cannot wait"):
        table.play()


def test_set_player_hands_a_seat_to_a_stand_in_and_back() -> None:
    """托管: the person's seat is played by a stand-in from the person's first turn, for ten
    decisions; then the person is back and plays the rest of the hand."""
    match = Match(Game.DL, Options(), 6)
    table = Table(match, computers(6, Seat.E), hands=1)
    person = Person(table, Seat.E, 6)
    stand_in = Asked(RandomPlayer(random.Random("stand-in")))
    person.active = False

    def first_turn(events: Sequence[Event], view: SeatView) -> None:
        if view.legal and view.phase is not Phase.DEAL and not stand_in.asks:
            table.set_player(Seat.E, stand_in)

    def hand_back(action: Action, events: Sequence[Event]) -> None:
        played = [a for a in match.actions if a.seat is Seat.E]
        if table.players[Seat.E] is stand_in and len(played) == 10:
            table.set_player(Seat.E, None)
            person.active = True
            asyncio.get_running_loop().call_soon(person.act)

    table.watch(Seat.E, first_turn)
    table.watch_referee(hand_back)
    run(table)
    by_stand_in = [a for _, a in stand_in.asks if a is not None]
    mine = [a for a in match.actions if a.seat is Seat.E]
    assert len(by_stand_in) == 10 and mine[:10] == by_stand_in
    assert mine[10:] == person.submitted and person.submitted
    assert len(match.history) == 1


def test_a_stand_ins_decision_is_dropped_when_the_person_comes_back_meanwhile() -> None:
    """The person takes the seat back while the stand-in thinks about its first play: that
    answer is not applied; every play of the seat is the person's."""
    match = Match(Game.SD, Options(), 8)
    stand_in = Asked(RandomPlayer(random.Random("stand-in")))
    players = computers(8)
    players[Seat.N] = stand_in

    class BackWhileThinking(Pacing):
        async def think(self, decision: Decision) -> Action | None:
            asked = len(stand_in.asks)
            action = decision()
            if len(stand_in.asks) > asked and match.phase is Phase.PLAY:
                table.set_player(Seat.N, None)  # back before the answer is in
                person.active = True
                asyncio.get_running_loop().call_soon(person.act)
            return action

    table = Table(match, players, pacing=BackWhileThinking(), hands=1)
    person = Person(table, Seat.N, 8)
    person.active = False
    run(table)
    asked_in_play = [a for v, a in stand_in.asks if v.phase is Phase.PLAY]
    assert len(asked_in_play) == 1
    plays = [a for a in match.actions if a.seat is Seat.N and a.kind is Act.PLAY]
    assert plays and plays == [a for a in person.submitted if a.kind is Act.PLAY]
    assert len(match.history) == 1


def test_hands_stops_a_run_after_that_many_settled_hands() -> None:
    match = Match(Game.TR, Options(), 9)
    table = Table(match, computers(9), hands=2)
    table.play()
    assert len(match.history) == 2 and match.phase is Phase.SETTLED and table.finished
    Table(match, computers(9), hands=3).play()  # the next table goes on with hand 3
    assert len(match.history) == 3 and match.hand_number == 3
    session = Match(Game.SD, Options(sd_hands_per_session=2), 9)
    table = Table(session, computers(9))
    table.play()
    assert session.phase is Phase.OVER and table.finished and len(session.history) == 2


class Illegal:
    """Plays ``BJ BJ BJ BJ BJ`` in play; otherwise as ``player``. The views it failed on go to
    ``seen`` (shared by the seats: in the order of the faults)."""

    def __init__(self, player: Player, seen: list[SeatView]) -> None:
        self.player = player
        self.seen = seen

    def decide(self, view: SeatView) -> Action | None:
        if view.phase is Phase.PLAY:
            self.seen.append(view)
            return Action(Act.PLAY, view.seat, (BIG_JOKER,) * 5)
        return self.player.decide(view)


class Crashing(Illegal):
    def decide(self, view: SeatView) -> Action | None:
        if view.phase is Phase.BID:
            self.seen.append(view)
            raise ValueError("the computer broke")
        return self.player.decide(view)


class Silent(Illegal):
    def decide(self, view: SeatView) -> Action | None:
        if view.phase is Phase.KITTY:
            self.seen.append(view)
            return None
        return self.player.decide(view)


FAULTS = [(Illegal, RuleError, "illegal"), (Crashing, ValueError, "failed"), (Silent, None, "no")]


@pytest.mark.parametrize(("faulty", "raised", "words"), FAULTS)
def test_a_strict_table_raises_a_computers_fault(
    faulty: type, raised: type | None, words: str
) -> None:
    match = Match(Game.SD, Options(), 1)
    seen: list[SeatView] = []
    players = {s: faulty(p, seen) for s, p in computers(1).items()}
    with pytest.raises(raised or RuntimeError, match=None if raised else "no action"):
        Table(match, players, hands=1).play()


@pytest.mark.parametrize(("faulty", "raised", "words"), FAULTS)
def test_a_lenient_table_reports_a_fault_and_takes_a_legal_action(
    faulty: type, raised: type | None, words: str
) -> None:
    """strict=False (the GUI, the LAN host): the fault goes to ``on_fault`` naming the seat, and
    the table takes ``fallback(legal)`` instead (passing where one may, else the first move)."""
    match = Match(Game.SD, Options(), 1)
    seen: list[SeatView] = []
    players = {s: faulty(p, seen) for s, p in computers(1).items()}
    faults: list[Fault] = []
    taken: list[tuple[Action, list[Event]]] = []
    table = Table(match, players, hands=1, strict=False, on_fault=faults.append)
    table.watch_referee(lambda action, events: taken.append((action, list(events))))
    table.play()
    assert len(match.history) == 1
    assert seen and len(faults) == len(seen)
    for fault, view in zip(faults, seen, strict=True):
        assert fault.seat == view.seat and str(fault).startswith(f"{view.seat.name}:")
        assert words in str(fault)
    applied = [a for a, _ in taken]
    for view in seen:
        assert fallback(view.legal) in applied


def test_a_lenient_table_goes_on_dealing_after_an_illegal_declaration() -> None:
    class Declares:
        def decide(self, view: SeatView) -> Action | None:
            if view.phase is Phase.DEAL:
                return Action(Act.DECLARE, view.seat, (BIG_JOKER, BIG_JOKER, BIG_JOKER))
            return fallback(view.legal)

    match = Match(Game.TR, Options(), 3)
    faults: list[Fault] = []
    Table(
        match, {s: Declares() for s in Seat}, strict=False, on_fault=faults.append, hands=1
    ).play()
    assert len(match.history) == 1 and faults
    assert all(f.kind is FaultKind.ILLEGAL_DECLARATION for f in faults)
    assert all("declared illegally" in str(f) for f in faults)
    strict = Match(Game.TR, Options(), 3)
    with pytest.raises(RuleError):
        Table(strict, {s: Declares() for s in Seat}, hands=1).play()


def test_watchers_get_each_batch_cut_for_their_seat_with_the_seats_view() -> None:
    match = Match(Game.TR, Options(), 5)
    table = Table(match, computers(5), hands=1)
    referee: list[tuple[Action, list[Event]]] = []
    batches: list[tuple[tuple[Event, ...], SeatView]] = []
    late: list[object] = []

    def watcher(events: Sequence[Event], view: SeatView) -> None:
        assert view == table.view(Seat.W)
        batches.append((tuple(events), view))
        if len(batches) == 200:
            table.unwatch(watcher)
            table.watch(Seat.W, lambda e, v: late.append(e))

    table.watch_referee(lambda action, events: referee.append((action, list(events))))
    table.watch(Seat.W, watcher)
    table.play()
    assert len(batches) == 200 and len(late) == len(referee) - 200
    for (_, events), (cut, view) in zip(referee, batches, strict=False):
        assert cut == tuple(event_for(e, Seat.W) for e in events)
        assert view.seat is Seat.W
    dealt = [e for cut, _ in batches for e in cut if isinstance(e, ev.CardDealt)]
    assert dealt and all((e.card is not None) == (e.seat is Seat.W) for e in dealt)


def test_pacing_is_asked_before_each_card_each_hand_each_step_and_each_decision() -> None:
    class Counting(Pacing):
        def __init__(self) -> None:
            self.calls: dict[str, int] = {"ready": 0, "deal": 0, "next": 0, "think": 0}

        async def ready(self, table: Table) -> None:
            self.calls["ready"] += 1

        async def before_deal(self, table: Table) -> None:
            self.calls["deal"] += 1

        async def before_next_hand(self, table: Table) -> None:
            self.calls["next"] += 1

        async def think(self, decision: Decision) -> Action | None:
            self.calls["think"] += 1
            return await asyncio.to_thread(decision)  # a computer thinking on a worker

    pacing = Counting()
    match = Match(Game.SD, Options(), 6)
    table = Table(match, computers(6), pacing=pacing, hands=3)
    run(table)
    kinds = [a.kind for a in match.actions]
    assert pacing.calls["deal"] == kinds.count(Act.DEAL) == 3 * 48
    assert pacing.calls["next"] == kinds.count(Act.NEXT_HAND) == 2
    assert pacing.calls["think"] == len(kinds) - kinds.count(Act.DEAL) - 2
    assert pacing.calls["ready"] >= len(kinds)
