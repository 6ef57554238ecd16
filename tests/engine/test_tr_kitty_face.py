"""TR-KITTY-2 with the kitty buried face down (option ``tr_kitty_face=down``, 暗扣; the seeds'
明扣 stays the default): only the dealer sees the buried cards, in its view and its events,
until the hand is settled; then the kitty is shown to everybody, and the settlement is the one
a face-up kitty gives (TR-SCORE-1 kitty points, TR-SETTLE-3 涨包 jokers).

Open point (proposed TR-OP-16): the seeds say 明扣 only; the option is the mainstream 暗扣."""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec
import pytest
from engine_testkit import deal_out, random_players

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.results import TRResult
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import SeatView, event_for, seat_view
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat, card_points
from shengji_desktop.rules.options import Game, Options

FACE_DOWN = Options(tr_kitty_face="down")


def pass_window(match: Match) -> None:
    while match.phase is Phase.DECLARE:
        (seat,) = match.to_act()
        match.apply(Action(Act.PASS, seat))


def bury_jokers_and_points(match: Match) -> tuple[Seat, tuple[Card, ...]]:
    """The dealer buries its jokers and point cards first (TR-KITTY-3: any 8 cards), so that
    the kitty's points and 涨包 count at the settlement."""
    (dealer,) = match.to_act()
    (choice,) = match.legal_actions(dealer)
    assert isinstance(choice, ChooseCards)
    order = sorted(
        choice.hand, key=lambda c: (c not in (BIG_JOKER, SMALL_JOKER), -c.points, int(c))
    )
    buried = tuple(sorted(order[: choice.count]))
    return dealer, buried


def cards_in(value: object) -> list[Card]:
    """Every card an event names, in any field."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, msgspec.Struct):
        return [c for f in value.__struct_fields__ for c in cards_in(getattr(value, f))]
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in cards_in(k) + cards_in(v)]
    if isinstance(value, list | tuple | set | frozenset):
        return [c for v in value for c in cards_in(v)]
    return []


class Seen:
    """What one seat was shown from the burial on: its events (cut for it) and views."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.views: list[SeatView] = []

    def __call__(self, events: Sequence[Event], view: SeatView) -> None:
        self.events.extend(events)
        self.views.append(view)


def play_hand(options: Options, seed: int) -> tuple[Match, Seat, tuple[Card, ...], dict]:
    """A TR hand 1: dealt out, nobody declaring, the dealer burying jokers and points, then
    played to its settlement by random players; what each seat saw from the burial on."""
    match = Match(Game.TR, options, seed)
    deal_out(match)
    pass_window(match)
    dealer, buried = bury_jokers_and_points(match)
    seen = {s: Seen() for s in Seat}
    burial = match.apply(Action(Act.BURY, dealer, buried))
    for s in Seat:
        seen[s](tuple(event_for(e, s) for e in burial), seat_view(match, s))
    table = Table(match, random_players(seed), rng=random.Random(seed), hands=1)
    for s in Seat:
        table.watch(s, seen[s])
    table.play()
    assert match.hand.phase is Phase.SETTLED or match.phase is Phase.OVER
    return match, dealer, buried, seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tr_kitty_2_face_down_only_the_dealer_sees_the_buried_kitty(seed: int) -> None:
    """TR-KITTY-2 (option face down), GEN-INFO-1: a non-dealer's burial event names no card
    (it says 8 cards were buried), no event it gets shows a kitty card before the settlement,
    and no view of it shows the kitty while the hand is played; the dealer's do."""
    match, dealer, buried, seen = play_hand(FACE_DOWN, seed)
    assert any(c in (BIG_JOKER, SMALL_JOKER) for c in buried) or card_points(buried) > 0
    for seat in Seat:
        events, views = seen[seat].events, seen[seat].views
        (burial,) = [e for e in events if isinstance(e, ev.KittyBuried)]
        # the reveal: the first event that shows the kitty to all, right before the settlement
        shown = next(i for i, e in enumerate(events) if isinstance(e, ev.KittyRevealed))
        assert isinstance(events[shown + 1], ev.HandSettled)
        before = events[:shown]
        playing = [v for v in views if v.phase is Phase.PLAY]
        assert playing and all(v.kitty_size == 8 for v in playing)
        if seat == dealer:
            assert burial.kitty == buried and burial.count == 8
            assert all(v.kitty == buried for v in playing)
            continue
        assert burial.kitty is None and burial.count == 8
        assert not [e for e in before if isinstance(e, ev.KittyRevealed | ev.KittyShown)]
        for e in before:  # the only cards a non-dealer is shown are cards played
            if not isinstance(e, ev.CardsPlayed | ev.TrickWon | ev.PlayStarted):
                assert not cards_in(e), e
        for v in playing:
            assert v.kitty is None and v.kitty_taken is None and v.kitty_seen is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tr_kitty_2_face_down_kitty_is_shown_at_the_settlement(seed: int) -> None:
    """TR-KITTY-2: at the end of the hand the face-down kitty is turned over for everybody
    (KittyRevealed just before HandSettled, every view shows it); its points and jokers settle
    as a face-up kitty's do (TR-SCORE-1, TR-SETTLE-1..3): the same actions with the kitty face
    up give the same result."""
    match, dealer, buried, seen = play_hand(FACE_DOWN, seed)
    result = match.history[0]
    assert isinstance(result, TRResult)
    assert result.kitty_points == card_points(buried)
    for seat in Seat:
        events = seen[seat].events
        settled = next(i for i, e in enumerate(events) if isinstance(e, ev.HandSettled))
        assert events[settled - 1] == ev.KittyRevealed(buried, False), seat
        last = seen[seat].views[-1]  # the settled hand's view
        assert last.result == result and last.kitty == buried, seat
    face_up = Match(Game.TR, Options(), seed)
    for action in match.actions:
        face_up.apply(action)
    assert face_up.history[0] == result
    # and face up nothing is revealed at the end: the kitty was seen all along
    assert all(seat_view(face_up, s).kitty == buried for s in Seat)


def test_tr_kitty_2_face_up_by_default_nothing_to_reveal() -> None:
    """TR-KITTY-2 default (明扣): every seat's burial event names the cards, every view shows
    them during play, and the settlement reveals nothing more."""
    match, dealer, buried, seen = play_hand(Options(), 1)
    for seat in Seat:
        events = seen[seat].events
        (burial,) = [e for e in events if isinstance(e, ev.KittyBuried)]
        assert burial.kitty == buried and burial.count is None
        assert not [e for e in events if isinstance(e, ev.KittyRevealed)]
        assert all(v.kitty == buried for v in seen[seat].views if v.phase is Phase.PLAY)


def test_random_players_bury_face_down_too() -> None:
    """A whole two-hand match face down (random players bury whatever they pick): each hand
    reveals its kitty once, at its end."""
    match = Match(Game.TR, FACE_DOWN, 5)
    events: list[Event] = []
    table = Table(match, random_players(5), rng=random.Random(5), hands=2)
    table.watch_referee(lambda action, batch: events.extend(batch))
    table.play()
    revealed = [e for e in events if isinstance(e, ev.KittyRevealed)]
    settled = [e for e in events if isinstance(e, ev.HandSettled)]
    assert len(revealed) == len(settled) == 2
