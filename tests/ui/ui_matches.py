"""Real matches for the widgets' tests: random legal play (declarations during the deal now and
then) until a wanted position, with the events and views one seat saw on the way, cut for it by
the engine (``event_for``, ``seat_view``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.view import SeatView, events_for, seat_view
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options


@dataclass
class Played:
    match: Match
    seed: int
    seat: Seat
    # (events as the seat saw them, the seat's view after them), one per action applied
    batches: list[tuple[tuple[Event, ...], SeatView]] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    rng: random.Random = field(default_factory=random.Random)

    @property
    def view(self) -> SeatView:
        return seat_view(self.match, self.seat)

    @property
    def events(self) -> list[Event]:
        return [e for events, _ in self.batches for e in events]

    def next_action(self) -> Action:
        """The action the table or a seat takes next (random legal moves)."""
        m = self.match
        player = RandomPlayer(self.rng)
        if m.phase is Phase.DEAL:
            for seat in Seat:
                legal = m.legal_actions(seat)
                if player.wants_to_act(legal):
                    return player.choose([a for a in legal if a.kind is not Act.PASS])
        action = m.table_action()
        if action is not None:
            return action
        return player.choose(m.legal_actions(m.to_act()[0]))

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action``; returns the events as the seat saw them."""
        events = events_for(self.match.apply(action), self.seat)
        self.actions.append(action)
        self.batches.append((events, self.view))
        return events

    def step(self) -> tuple[Event, ...]:
        return self.apply(self.next_action())


def play_until(
    game: Game,
    wanted: Callable[[Played], bool],
    seat: Seat = Seat.S,
    seeds: Iterable[int] = range(1, 60),
    options: Options | None = None,
    max_actions: int = 6000,
) -> Played:
    """The first seed whose random play reaches a position where ``wanted`` holds; fails the
    test when none does (the premise is searched, never assumed)."""
    for seed in seeds:
        played = Played(Match(game, options or Options(), seed), seed, seat)
        played.rng = random.Random(seed)
        for _ in range(max_actions):
            if wanted(played):
                return played
            if played.match.phase is Phase.OVER:
                break
            played.step()
    raise AssertionError(f"no seed of {game.value} reached the wanted position")
