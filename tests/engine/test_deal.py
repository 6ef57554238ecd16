"""The deal is the engine's: card by card from the right seat, the hand sizes and the kitty it
leaves, what each seat is shown of it, and what follows the last card (DL-DECK-2, TR-DECK-2,
SD-DECK-2; RULES_CASES CASE-DL-39, CASE-TR-15, CASE-TR-32, CASE-SD-27)."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_testkit import deal_out, dealt_cards, random_players, run_table

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action, ChooseCards, Constraint
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase, Step
from shengji_desktop.engine.view import event_for, seat_view
from shengji_desktop.rules.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Seat,
    Suit,
    card_points,
    new_deck,
    seat_order,
)
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.tr import kitty_trump_suit

SEEDS = range(40)


def check_deal(match: Match, events: list[ev.Event], first: Seat, direction: str) -> None:
    """The hand's pack was dealt one card at a time from ``first`` in ``direction``; each seat
    holds, and sees, what it was dealt; the rest of the pack is the kitty (GEN-CARD-1)."""
    game = match.game
    hand = match.hand
    pack = hand.pack  # the referee's shuffled pack
    assert Counter(pack) == Counter(new_deck(game.decks))
    assert card_points(pack) == game.total_points  # GEN-PTS-1
    dealt = dealt_cards(events)
    order = seat_order(first, direction)
    size = 4 * game.hand_size
    assert [(e.n, e.seat, e.card) for e in dealt] == [
        (i + 1, order[i % 4], pack[i]) for i in range(size)
    ]
    done = [e for e in events if isinstance(e, ev.DealDone)]
    assert done == [ev.DealDone(game.kitty_size)]
    assert hand.kitty == pack[size:]
    for seat in Seat:
        received = Counter(e.card for e in dealt if e.seat == seat)
        assert received.total() == game.hand_size
        assert hand.hands[seat] == received
        view = seat_view(match, seat)
        assert Counter(view.hand) == received
        assert view.counts == (game.hand_size,) * 4 and view.kitty_size == game.kitty_size
        assert view.cards_dealt == size
        for e in dealt:  # GEN-INFO-1: a seat is shown its own cards only
            assert event_for(e, seat).card == (e.card if e.seat == seat else None)


def hand_two_dealt_by(seat: Seat) -> tuple[Match, list[ev.Event]]:
    """A DL match whose first hand made ``seat`` the next dealer, dealt to the end of hand 2."""
    for seed in range(100):
        match = Match(Game.DL, Options(), seed)
        run_table(match, random_players(seed), hands=1)
        if match.next_dealer is seat:
            match.apply(Action(Act.NEXT_HAND))
            return match, deal_out(match)
    raise AssertionError(f"no seed below 100 makes {seat.name} the dealer of hand 2")


def test_case_dl_39_deal_sizes_and_order() -> None:
    """CASE-DL-39 (DL-DECK-1, DL-DECK-2, GEN-PTS-1, GEN-SEAT-2): hand 2, dealer E: the first card
    goes to E, then N, W, S, E, …; 39 each after 156 cards, the pack's last 6 are the kitty."""
    match, events = hand_two_dealt_by(Seat.E)
    assert match.hand_number == 2 and match.hand.dealer is Seat.E
    check_deal(match, events, Seat.E, "ccw")
    assert dealt_cards(events)[0].seat is Seat.E
    assert events[-1] == ev.DeclareWindow(Seat.E)  # DL-DECL-8: the pass round from the dealer


@pytest.mark.parametrize("direction", ["ccw", "cw"])
def test_dl_deck_2_hand_one_deals_from_a_random_stand_in(direction: str) -> None:
    """DL-DECK-2: in hand 1 a random seat stands in for the dealer and gets the first card; the
    post-deal window starts there (DL-DECL-8). GEN-SEAT-2: ``cw`` reverses the order."""
    firsts = set()
    for seed in SEEDS:
        match = Match(Game.DL, Options(play_direction=direction), seed)
        events = deal_out(match)
        first = dealt_cards(events)[0].seat
        firsts.add(first)
        check_deal(match, events, first, direction)
        assert events[-1] == ev.DeclareWindow(first)
        assert match.phase is Phase.DECLARE and match.to_act() == [first]
    assert firsts == set(Seat)


def pass_window(match: Match) -> list[ev.Event]:
    """Everyone passes in the post-deal window."""
    events: list[ev.Event] = []
    while match.phase is Phase.DECLARE:
        (seat,) = match.to_act()
        events += match.apply(Action(Act.PASS, seat))
    return events


def jokers_first(choice: ChooseCards) -> tuple[Card, ...]:
    """``count`` cards of the choice, every joker held among them (TR-KITTY-3 allows them)."""
    jokers = [c for c in choice.hand if c in (BIG_JOKER, SMALL_JOKER)]
    plain = [c for c in choice.hand if c not in (BIG_JOKER, SMALL_JOKER)]
    return tuple((jokers + plain)[: choice.count])


def test_case_tr_32_deal_kitty_and_first_lead() -> None:
    """CASE-TR-32 (TR-DECK-1, TR-DECK-2, TR-KITTY-1, GEN-TRICK-1, GEN-PTS-1) and CASE-TR-15
    (TR-DECL-6, TR-OP-3): a random seat gets the first card, 25 each, the pack's last 8 are the
    kitty (B1 its last card); nobody declaring, B3 names trump and the first card's seat deals;
    the dealer picks up 8, buries any 8 (jokers too) and leads the first trick."""
    firsts = set()
    jokers_buried = 0
    for seed in SEEDS:
        match = Match(Game.TR, Options(), seed)
        events = deal_out(match)
        first = dealt_cards(events)[0].seat
        firsts.add(first)
        check_deal(match, events, first, "ccw")
        pack, kitty = match.hand.pack, tuple(match.hand.kitty)
        assert len(kitty) == 8 and kitty[-1] == pack[-1]  # B1: the bottom card
        assert events[-1] == ev.DeclareWindow(first)  # TR-DECL-5: from the first card's seat
        events = pass_window(match)
        assert ev.BottomThree(kitty_trump_suit(kitty)) in events
        assert ev.TrumpFixed(kitty_trump_suit(kitty), first) in events
        taken = next(e for e in events if isinstance(e, ev.KittyTaken))
        assert (taken.seat, taken.count, taken.kitty) == (first, 8, tuple(sorted(kitty)))
        assert match.phase is Phase.KITTY and match.hand.step is Step.BURY
        (choice,) = match.legal_actions(first)
        assert isinstance(choice, ChooseCards)
        assert (choice.kind, choice.count, choice.constraint) == (Act.BURY, 8, Constraint.TR_BURIAL)
        assert Counter(choice.hand) == Counter(seat_view(match, first).hand)
        assert len(choice.hand) == 33
        buried = jokers_first(choice)
        jokers_buried += any(c.is_joker for c in buried)
        events = match.apply(choice.action(buried))
        assert isinstance(events[0], ev.KittyBuried) and events[0].kitty == tuple(sorted(buried))
        assert events[-1] == ev.PlayStarted(first)
        assert match.to_act() == [first]
        assert all(seat_view(match, s).counts[s] == 25 for s in Seat)
    assert firsts == set(Seat)
    assert jokers_buried > 0


def test_tr_kitty_2_the_buried_kitty_is_face_up_for_everyone() -> None:
    """TR-KITTY-2: the buried kitty is face up: every seat's copy of the burial names the cards,
    and every seat's view shows them for the whole hand."""
    match = Match(Game.TR, Options(), 1)
    deal_out(match)
    pass_window(match)
    (seat,) = match.to_act()
    (choice,) = match.legal_actions(seat)
    assert isinstance(choice, ChooseCards)
    buried = tuple(sorted(choice.hand[:8]))
    (burial, *_) = match.apply(choice.action(buried))
    assert isinstance(burial, ev.KittyBuried)
    for viewer in Seat:
        assert event_for(burial, viewer).kitty == buried, viewer
        assert seat_view(match, viewer).kitty == buried


@pytest.mark.parametrize("direction", ["ccw", "cw"])
def test_tr_deck_2_deal_follows_the_play_direction(direction: str) -> None:
    """TR-DECK-2, GEN-SEAT-2: one card at a time in the play direction."""
    match = Match(Game.TR, Options(play_direction=direction), 3)
    events = deal_out(match)
    check_deal(match, events, dealt_cards(events)[0].seat, direction)


@pytest.mark.parametrize("direction", ["ccw", "cw"])
def test_case_sd_27_deal_starts_with_the_first_bidder(direction: str) -> None:
    """CASE-SD-27 (SD-DECK-1, SD-DECK-2, SD-BID-1): the first card goes to the first bidder, drawn
    at random each hand; 12 each, the kitty 6; the winning bidder holds 18 with the kitty, names
    a suit and buries 6 (points allowed, SD-KITTY-4), then leads (GEN-TRICK-1)."""
    firsts = set()
    for seed in SEEDS:
        match = Match(Game.SD, Options(play_direction=direction), seed)
        events = deal_out(match)
        first = dealt_cards(events)[0].seat
        firsts.add(first)
        check_deal(match, events, first, direction)
        assert events[-1] == ev.BiddingStarted(first)
        assert seat_view(match, Seat.S).first_bidder is first
        assert match.to_act() == [first]
        events = match.apply(Action(Act.BID, first, value=60))
        while match.phase is Phase.BID:
            (seat,) = match.to_act()
            events += match.apply(Action(Act.PASS, seat))
        assert ev.DealerFixed(first, 60) in events
        assert seat_view(match, first).counts[first] == 18
        assert {a.suit for a in match.legal_actions(first)} == set(Suit)
        match.apply(Action(Act.CHOOSE_TRUMP, first, suit=Suit.SPADES))
        (choice,) = match.legal_actions(first)
        assert isinstance(choice, ChooseCards) and choice.constraint is Constraint.SD_BURIAL
        points_first = tuple(sorted(choice.hand, key=lambda c: -c.points)[:6])
        assert card_points(points_first) > 0
        events = match.apply(choice.action(points_first))
        assert events[-1] == ev.PlayStarted(first)
        assert [seat_view(match, s).counts[s] for s in Seat] == [12] * 4
    assert firsts == set(Seat)


@pytest.mark.parametrize("direction", ["ccw", "cw"])
def test_sd_dealer_1_rotate_moves_the_first_bidder_and_the_deal(direction: str) -> None:
    """SD-DEALER-1 ``rotate``: the first bidder, who is dealt the first card (SD-DECK-2), moves
    one seat in the play direction each hand, a 流局 included."""
    options = Options(sd_first_bidder="rotate", play_direction=direction)
    match = Match(Game.SD, options, 5)
    events = run_table(match, random_players(5), hands=6)
    firsts = [e.first for e in events if isinstance(e, ev.BiddingStarted)]
    dealt_first = [e.seat for e in dealt_cards(events) if e.n == 1]
    assert len(firsts) == 6 and dealt_first == firsts
    order = seat_order(firsts[0], direction)
    assert firsts == [order[i % 4] for i in range(6)]
