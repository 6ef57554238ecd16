"""The hard player's samples of the hidden hands use what the seat knows, and only that."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from test_phase_search import stop_at

from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.search import (
    Deal,
    Task,
    dealer_chose,
    make_task,
    sample,
    sd_defender_sample,
)
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import SMALL_JOKER, Card, Seat
from shengji_desktop.rules.options import Game


def defender_leading_midway(match: Match) -> Seat | None:
    """An SD defender about to lead the fifth trick or later, having been shown the kitty."""
    if match.phase is not Phase.PLAY or len(match.hand.tricks) < 4:
        return None
    for s in match.to_act():
        view = seat_view(match, s)
        if view.kitty_seen and view.dealer != s and not view.trick:
            return s
    return None


def defender_early(match: Match) -> Seat | None:
    """An SD defender to play in the first trick."""
    if match.phase is not Phase.PLAY or match.hand.tricks:
        return None
    return next((s for s in match.to_act() if s != seat_view(match, s).dealer), None)


def test_sd_defenders_place_the_kitty_they_saw_with_the_dealer_or_back_in_the_kitty() -> None:
    """SD-KITTY-2/3/4: after a bid of 60 or 65 the defenders saw the kitty the dealer picked up
    (seed 3: the small joker among it, bid 65). Each of those cards not played yet is in the
    dealer's hand or among the six it buried again, never in another defender's hand."""
    match, seat = stop_at(Game.SD, 3, defender_leading_midway)
    view = seat_view(match, seat)
    dealer = view.dealer
    assert dealer is not None and view.bid in (60, 65) and view.kitty_seen is not None
    k = Knowledge.from_view(view)
    unplayed = Counter(view.kitty_seen) - k.played
    assert SMALL_JOKER in unplayed
    assert k.held_or_buried == {dealer: +unplayed}

    task = make_task(k, [], 0, 0.0, 1)
    rng = random.Random(5)
    where: Counter[tuple[Card, str]] = Counter()
    for _ in range(300):
        hands, kitty = sample(task, rng)
        assert sum(hands[dealer].values()) == view.counts[dealer]
        assert len(kitty) == view.kitty_size
        for card in unplayed:
            others = [s for s in Seat if s not in (seat, dealer) and hands[s][card]]
            assert not others, f"{card} placed with {others}"
            where[card, "dealer" if hands[dealer][card] else "kitty"] += 1
    # A trump stays with the dealer (nobody buries the small joker it could keep); a side card
    # is in the hand or the kitty, as their room gives.
    assert where[SMALL_JOKER, "dealer"] == 300
    side = [c for c in unplayed if c != SMALL_JOKER]
    assert sum(where[c, "dealer"] for c in side) > 0
    assert sum(where[c, "kitty"] for c in side) > 0


def test_the_dealer_has_no_shown_kitty_to_place() -> None:
    """SD-KITTY-2/4: the kitty is shown to the defenders only; the dealer knows what it buried
    outright, so nothing of it is left to be placed by sampling."""
    match, seat = stop_at(Game.SD, 3, defender_leading_midway)
    dealer = seat_view(match, seat).dealer
    assert dealer is not None
    assert Knowledge.from_view(seat_view(match, dealer)).held_or_buried == {}


def test_sd_defenders_give_the_dealer_a_hand_that_would_choose_its_trump() -> None:
    """SD-KITTY-3: the dealer chose trump with 18 cards in hand, so it chose a suit that makes
    them strong. The defenders' samples give the dealer such cards (its hand now, what it
    played, the six it buried): more of the trump suit than a blind deal of the unseen cards."""
    match, seat = stop_at(Game.SD, 3, defender_early)
    view = seat_view(match, seat)
    k = Knowledge.from_view(view)
    task = make_task(k, [], 0, 0.0, 1)
    assert k.dealer is not None and k.trump is not None
    suit = k.trump.suit

    def trump_suit_cards(draw: Callable[[Task, random.Random], Deal]) -> tuple[float, float]:
        rng = random.Random(11)
        length, chose = 0, 0
        for _ in range(200):
            hands, kitty = draw(task, rng)
            held = hands[k.dealer] + Counter(kitty)
            length += sum(n for c, n in held.items() if c.suit == suit)
            chose += dealer_chose(task, hands, kitty)
        return length / 200, chose / 200

    blind_length, blind_chose = trump_suit_cards(sample)
    length, chose = trump_suit_cards(sd_defender_sample)
    assert chose > 0.9 > blind_chose
    assert length > blind_length + 0.5


def dl_catcher_midway(match: Match) -> Seat | None:
    """A DL seat other than the dealer to play after three tricks, the kitty revealed and taken."""
    if match.phase is not Phase.PLAY or len(match.hand.tricks) < 3:
        return None
    return next((s for s in match.to_act() if seat_view(match, s).kitty_seen), None)


def test_dl_seats_place_the_revealed_kitty_with_the_dealer_or_back_in_the_kitty() -> None:
    """DL-KITTY-1/4: the whole table saw the kitty the dealer picked up. Three decks hold three
    copies of a card, so what the seat knows is a floor: of each card shown, as many copies as
    the dealer has not played itself are in its hand or its buried kitty; every sample keeps it."""
    match, seat = stop_at(Game.DL, 2, dl_catcher_midway)
    view = seat_view(match, seat)
    k = Knowledge.from_view(view)
    dealer = view.dealer
    assert dealer is not None and dealer != seat and view.kitty_seen
    by_dealer = Counter(c for t in view.tricks for s, cs in t.plays if s == dealer for c in cs)
    floor = +(Counter(view.kitty_seen) - by_dealer - Counter(view.kitty or ()))
    assert floor and k.held_or_buried == {dealer: floor}

    task = make_task(k, [], 0, 0.0, 1)
    rng = random.Random(3)
    for _ in range(200):
        hands, kitty = sample(task, rng)
        there = hands[dealer] + Counter(kitty)
        assert all(there[c] >= n for c, n in floor.items())
