"""Test drivers for the engine tests: whole matches run by the one driver, ``engine.table.Table``,
with seeded random players, and a wrapper that records what a player was asked."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import CardDealt, Claimed, Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.table import Player, Table
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Card, Seat, card_points, new_deck
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


class CardAccount:
    """A referee check for ``run_table``: after every action every card of the pack is in a hand,
    still to be dealt, in the kitty, in a trick, or laid down by an SD claim (GEN-CARD-1), and
    tricks hold the points they were credited with (GEN-PTS-1). The hands a claim shows
    (``Claimed``) must be the hands the referee held just before it (SD-CLAIM-1).

    ``every_action=False`` counts only where cards change place between hands, kitty and tricks
    (the end of the deal, kitty and tribute events, each trick's end, a claim, a settlement):
    long runs are several times faster, and a card lost or doubled still shows.
    """

    MOVES = (
        ev.DealDone,
        ev.KittyTaken,
        ev.KittyBuried,
        ev.JokersBuried,
        ev.TributePaid,
        ev.TributeReturned,
        ev.TrickWon,
        ev.Claimed,
        ev.HandSettled,
    )

    def __init__(self, every_action: bool = True) -> None:
        self.every_action = every_action
        self.checks = 0
        self.claims: list[Claimed] = []
        self.claimed: Claimed | None = None  # this hand's claim
        self.held: dict[Seat, Counter[Card]] | None = None  # the hands before a possible claim
        self.hand: object = None

    def __call__(self, match: Match, action: Action, events: Sequence[Event]) -> None:
        hand = match.hand
        if hand is not self.hand:  # a new hand (of this match or another)
            self.hand, self.claimed, self.held = hand, None, None
        for e in events:
            if isinstance(e, Claimed):
                assert {s: Counter(c) for s, c in e.hands.items()} == self.held, "claimed hands"
                self.claimed = e
                self.claims.append(e)
        if hand.phase is Phase.PLAY and not hand.trick:  # a claim may come next
            self.held = {s: +Counter(hand.hands[s]) for s in Seat}
        if not self.every_action and not any(isinstance(e, self.MOVES) for e in events):
            return
        full = Counter(new_deck(match.game.decks))
        undealt = hand.pack[hand.dealt :] if hand.dealt < hand.deal_size else []  # or the kitty
        assert accounted(match, self.claimed) + Counter(undealt) == full
        won = 0
        for rec in hand.tricks:
            assert rec.points == card_points([c for _, cards in rec.plays for c in cards])
            won += rec.points
        assert sum(hand.won_points.values()) == won
        self.checks += 1


def accounted(match: Match, claimed: Claimed | None = None) -> Counter[Card]:
    """Every card dealt: hands, kitty, the hand's tricks, and the hands an SD claim laid down."""
    hand = match.hand
    total: Counter[Card] = Counter(hand.kitty)
    for s in Seat:
        total.update(hand.hands[s])
    for rec in hand.tricks:
        for _, cards in rec.plays:
            total.update(cards)
    for _, cards in hand.trick:
        total.update(cards)
    if claimed is not None:
        for cards in claimed.hands.values():
            total.update(cards)
    return total


def play_until(match: Match, reached: Callable[[Match], bool], hands: int | None = None) -> bool:
    """Play ``match`` at a table with random players until ``reached(match)`` holds after an
    action (True), or the match ends or ``hands`` hands are settled (False)."""
    table = Table(match, random_players(match.seed), rng=random.Random(match.seed), hands=hands)

    def watch(action: Action, events: Sequence[Event]) -> None:
        if reached(match):
            table.stop()

    table.watch_referee(watch)
    table.play()
    return reached(match)


def differences(a: SeatView, b: SeatView) -> dict[str, tuple[object, object]]:
    """The fields in which two views differ, with both values (readable assertion messages)."""
    return {
        f: (getattr(a, f), getattr(b, f))
        for f in a.__struct_fields__
        if getattr(a, f) != getattr(b, f)
    }


def without_forced_passes(match: Match, phases: tuple[Phase, ...]) -> tuple[list[Action], int]:
    """The match's actions as an older record wrote them: without the passes of seats that
    could only pass in ``phases`` (replayed to find them), and how many were left out."""
    replayed = Match(match.game, match.options, match.seed)
    kept: list[Action] = []
    for action in match.actions:
        only_pass = (
            replayed.phase in phases
            and action.kind is Act.PASS
            and replayed.legal_actions(action.seat) == [action]
        )
        replayed.apply(action)
        if not only_pass:
            kept.append(action)
    return kept, len(match.actions) - len(kept)
