"""A person's throw another hand could beat (TR-LEAD-5, ``reject``) or unsafe claim (SD-CLAIM-1)
is refused in public: every seat's watcher gets an ``AttemptRefused`` with the seat and the cards
tried, with its unchanged view, before the RuleError; nothing else changes, and the attempt is
no action of the match (its record and a replay do not hold it). Other refusals stay private."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence

import pytest
from engine_testkit import random_players

from shengji_desktop.engine import codec
from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import record_json, replay
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.rules.cards import BIG_JOKER, Card, Seat
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import TRUMP
from shengji_desktop.rules.trick import Shape


def refused_throw(match: Match, seat: Seat) -> tuple[Card, ...] | None:
    """All of one plain suit of ``seat``'s hand, if that is a throw the table refuses."""
    hand, rules, trump = match.hand.hands[seat], match.hand.rules, match.hand.trump
    assert rules is not None and trump is not None
    by_class: dict[int, list[Card]] = defaultdict(list)
    for card in hand.elements():
        by_class[trump.suit_class(card)].append(card)
    for cls, cards in by_class.items():
        if cls == TRUMP or rules.lead_format(sorted(cards)).shape is not Shape.THROW:
            continue
        try:
            rules.check_lead(hand, sorted(cards), match.hand.others(seat))
        except RuleError as exc:
            if exc.reason is Reason.THROW_BEATABLE:
                return tuple(sorted(cards))
    return None


def refused_lead(game: Game, seed: int) -> tuple[Match, Seat, Action]:
    """A match played by random choices up to a lead whose seat can try a throw (TR) or a
    claim (SD) that the table refuses; that seat and attempt."""
    match = Match(game, Options(), seed)
    players = random_players(seed)
    for _ in range(5000):
        table_action = match.table_action()
        if table_action is not None:
            match.apply(table_action)
            continue
        seat = match.to_act()[0]
        if match.phase is Phase.PLAY and not match.hand.trick:
            if game is Game.TR and (cards := refused_throw(match, seat)) is not None:
                return match, seat, Action(Act.PLAY, seat, cards)
            legal = match.legal_actions(seat)
            if game is Game.SD and not any(getattr(m, "kind", None) is Act.CLAIM for m in legal):
                return match, seat, Action(Act.CLAIM, seat)
        action = players[seat].decide(seat_view(match, seat, match.legal_actions(seat)))
        assert action is not None
        match.apply(action)
    raise AssertionError("no refusable lead in 5000 actions")


class Watchers:
    def __init__(self, table: Table) -> None:
        self.got: dict[Seat, list[tuple[Sequence[Event], SeatView]]] = {s: [] for s in Seat}
        self.applied: list[Action] = []
        for seat in Seat:
            table.watch(seat, lambda events, view, seat=seat: self.got[seat].append((events, view)))
        table.watch_referee(lambda action, events: self.applied.append(action))


def views(match: Match) -> list[object]:
    return [codec.view_json(seat_view(match, s)) for s in Seat]


@pytest.mark.parametrize(("game", "kind"), [(Game.TR, "throw"), (Game.SD, "claim")])
def test_a_refused_throw_or_claim_is_shown_to_every_seat(game: Game, kind: str) -> None:
    match, seat, attempt = refused_lead(game, 16)
    table = Table(match, {})  # four persons: nothing moves unless submitted
    seen = Watchers(table)
    before = (record_json(match), views(match))
    with pytest.raises(RuleError) as refusal:
        table.submit(seat, attempt)
    assert refusal.value.reason in (Reason.THROW_BEATABLE, Reason.CLAIM_NOT_ALLOWED)
    cards = attempt.cards if kind == "throw" else ()
    assert cards or kind == "claim"
    expected = ev.AttemptRefused(seat, kind, cards)
    for s in Seat:
        assert [tuple(events) for events, _ in seen.got[s]] == [(expected,)], s
        assert codec.view_json(seen.got[s][0][1]) == before[1][s], "the view is unchanged"
    assert (record_json(match), views(match)) == before, "nothing changed"
    assert not seen.applied, "a refused attempt is not an action"
    # The wire and the records' digests carry it like any event.
    assert codec.event_from_json(codec.event_json(expected)) == expected
    # A replay of the record holds no trace of it (it is not an action).
    replayed, _ = replay(record_json(match))
    assert codec.action_json(replayed.actions[-1]) == codec.action_json(match.actions[-1])
    # The seat still leads, and a legal lead is applied as usual.
    legal = RandomPlayer(random.Random(1)).decide(seat_view(match, seat, match.legal_actions(seat)))
    assert legal is not None
    table.submit(seat, legal)
    assert seen.applied == [legal]


def test_other_refusals_stay_private() -> None:
    match, seat, attempt = refused_lead(Game.TR, 16)
    table = Table(match, {})
    seen = Watchers(table)
    other = next(s for s in Seat if s != seat)
    not_held = Action(Act.PLAY, seat, (*attempt.cards, BIG_JOKER, BIG_JOKER, BIG_JOKER))
    for who, action in ((seat, not_held), (other, Action(Act.PLAY, other, attempt.cards))):
        with pytest.raises(RuleError) as refusal:
            table.submit(who, action)
        assert refusal.value.reason is not Reason.THROW_BEATABLE
    assert all(not got for got in seen.got.values())


def test_the_offered_leads_are_never_refused() -> None:
    """Computers and the hint choose among the legal moves; those never include a throw the
    table would refuse (TR-LEAD-5: offered only where the seat's view proves it safe), so they
    never make an attempt public. Checked at every lead of two random TR hands."""
    match = Match(Game.TR, Options(), 7)
    players = random_players(7)
    leads = throws = 0
    while len(match.history) < 2:
        table_action = match.table_action()
        if table_action is not None:
            match.apply(table_action)
            continue
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if match.phase is Phase.PLAY and not match.hand.trick:
            leads += 1
            rules = match.hand.rules
            assert rules is not None
            for move in legal:
                assert isinstance(move, Action)
                if rules.lead_format(move.cards).shape is Shape.THROW:
                    throws += 1
                rules.check_lead(match.hand.hands[seat], move.cards, match.hand.others(seat))
        action = players[seat].decide(seat_view(match, seat, legal))
        assert action is not None
        match.apply(action)
    assert leads > 10 and throws > 0, (leads, throws)
