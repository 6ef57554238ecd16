"""Test drivers for the engine tests: whole matches run by the one driver, ``engine.table.Table``,
with seeded random players, and a wrapper that records what a player was asked."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import CardDealt, Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.table import Player, Table
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options

RefereeCheck = Callable[[Match, Action, Sequence[Event]], None]


def random_players(seed: int) -> dict[Seat, RandomPlayer]:
    return {s: RandomPlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}


@dataclass
class Asked:
    """Plays a seat with ``player`` and records every view it was asked with and its answer."""

    player: Player
    asks: list[tuple[SeatView, Action | None]] = field(default_factory=list)

    def decide(self, view: SeatView) -> Action | None:
        action = self.player.decide(view)
        self.asks.append((view, action))
        return action


def run_table(
    match: Match,
    players: Mapping[Seat, Player],
    *,
    hands: int | None,
    rng: random.Random | None = None,
    check: RefereeCheck | None = None,
) -> list[Event]:
    """Run ``match`` at a table until it is over or ``hands`` hands are settled; every applied
    action's uncut events, in order. ``check(match, action, events)`` runs after each action."""
    events: list[Event] = []

    def referee(action: Action, batch: Sequence[Event]) -> None:
        events.extend(batch)
        if check is not None:
            check(match, action, batch)

    table = Table(match, players, rng=rng or random.Random(match.seed), hands=hands)
    table.watch_referee(referee)
    table.play()
    return events


def run(
    game: Game,
    options: Options,
    seed: int,
    hands: int,
    check: RefereeCheck | None = None,
) -> tuple[Match, list[Event]]:
    """A match of random players, ``hands`` hands long (or to its end)."""
    match = Match(game, options, seed)
    events = run_table(match, random_players(seed), hands=hands, check=check)
    return match, events


def deal_out(match: Match) -> list[Event]:
    """Deal the rest of the current hand card by card, nobody declaring; every event."""
    events: list[Event] = []
    while match.phase is Phase.DEAL:
        events += match.apply(Action(Act.DEAL))
    return events


def dealt_cards(events: Sequence[Event]) -> list[CardDealt]:
    return [e for e in events if isinstance(e, CardDealt)]
