"""Hidden information in the analysis (issue 37, GEN-INFO-1): a decision is judged from the
seat's view at that moment and a seed, never from the record. Two records that differ only in
cards the seat cannot see give it the same analysis."""

from __future__ import annotations

from dataclasses import replace

from shengji_desktop.ai.analysis import analyse_hand
from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.replay import RecordReplay
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options

FACE_DOWN = Options(tr_kitty_face="down")  # TR-KITTY-2: nobody but the dealer sees the kitty


def record(seed: int, pick: int) -> tuple[Match, Seat, Seat]:
    """A TR hand dealt out with nobody declaring; the dealer buries its first 8 cards in card
    order (``pick`` 0) or its last 8 (1) face down, leads a card it keeps either way, and the
    next seat follows with its first legal play: the match, the dealer and that next seat."""
    match = Match(Game.TR, FACE_DOWN, seed)
    while match.phase is Phase.DEAL:
        match.apply(Action(Act.DEAL))
    while match.phase is Phase.DECLARE:
        (seat,) = match.to_act()
        match.apply(Action(Act.PASS, seat))
    (dealer,) = match.to_act()
    (choice,) = match.legal_actions(dealer)
    assert isinstance(choice, ChooseCards)
    held = sorted(choice.hand)
    match.apply(choice.action(held[:8] if pick == 0 else held[-8:]))
    match.apply(Action(Act.PLAY, dealer, (held[12],)))  # in the hand whichever 8 went
    (follower,) = match.to_act()
    first = next(
        m for m in match.legal_actions(follower) if isinstance(m, Action) and m.kind is Act.PLAY
    )
    match.apply(first)
    return match, dealer, follower


def test_records_that_differ_only_in_a_hidden_kitty_give_the_seat_the_same_analysis() -> None:
    """Issue 37, GEN-INFO-1, TR-KITTY-2: the dealer buries other cards face down; for the seat
    after it nothing it saw tells the two records apart (the same views at every decision), and
    with the same seed and playouts its analysis is the same, estimate for estimate."""
    a, dealer, seat = record(4, 0)
    b, dealer_b, seat_b = record(4, 1)
    assert (dealer_b, seat_b) == (dealer, seat) and seat != dealer
    assert a.actions != b.actions  # the burials differ
    ra = RecordReplay(Game.TR, FACE_DOWN, 4, a.actions)
    rb = RecordReplay(Game.TR, FACE_DOWN, 4, b.actions)
    assert seat_view(a, seat) == seat_view(b, seat)
    first = analyse_hand(ra, 1, seat, playouts=6, seed=9)
    second = analyse_hand(rb, 1, seat, playouts=6, seed=9)
    assert any(d.trick == 1 for d in first.decisions)  # its follow in trick 1 is judged
    for d in first.decisions:
        assert ra.decision(d.position, seat) == rb.decision(d.position, seat)
    assert replace(first, seconds=0.0) == replace(second, seconds=0.0)
    # The dealer's own analysis does see its burial: the records are not the same hand to it.
    decisions = [analyse_hand(r, 1, dealer, playouts=6, seed=9).decisions for r in (ra, rb)]
    burials = [next(d for d in ds if d.phase == "kitty") for ds in decisions]
    assert burials[0].made.action != burials[1].made.action
