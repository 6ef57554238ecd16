"""The better normal player (issue 22): each new rule of thumb in a hand-made position, where
the frozen baseline (the old normal) plays otherwise."""

from __future__ import annotations

from collections import Counter
from typing import Any

from shengji_desktop.ai import make_player
from shengji_desktop.ai.knowledge import SEATS, Knowledge
from shengji_desktop.ai.normal import kitty_stake
from shengji_desktop.ai.policy import broken_sets
from shengji_desktop.engine.phase import Phase
from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, parse_cards
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import Trump
from shengji_desktop.rules.trick import TrickRules


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def knowledge(
    game: Game,
    seat: Seat,
    dealer: Seat,
    hand: str,
    trick: list[tuple[Seat, str]],
    kitty: str | None = None,
    played: str = "",
) -> Knowledge:
    """What ``seat`` knows in a hand-made position of the 出牌 phase (trump ♠, level 2)."""
    trump = Trump(game, Rank.TWO, Suit.SPADES, Options())
    plays = [(s, cards(t)) for s, t in trick]
    k = Knowledge(
        game=game,
        options=Options(),
        seat=seat,
        phase=Phase.PLAY,
        hand=Counter(cards(hand)),
        dealer=dealer,
        trump=trump,
        rules=TrickRules(trump),
        trick=plays,
        tricks=[],
        counts={s: 0 for s in SEATS},
        kitty=list(cards(kitty)) if kitty is not None else None,
        kitty_size=game.kitty_size,
        won_points={s: 0 for s in SEATS},
        view=None,  # type: ignore[arg-type]  # not read by trick play
    )
    k.played = Counter(cards(played)) + Counter(c for _, t in plays for c in t)
    k.voids = {s: set() for s in SEATS}
    k.known = {s: Counter() for s in SEATS}
    return k


def choice(kind: str, k: Knowledge, plays: list[str]) -> tuple[Card, ...]:
    player: Any = make_player(kind, 1)
    return tuple(player.choose_cards(k, [cards(p) for p in plays]))


def test_normal_keeps_a_pair_whole_when_it_loses_the_trick_anyway() -> None:
    """Rule of thumb: when a follow loses, throw a loose card, not one of a pair: a pair kept
    whole can be led or followed as a pair later (TR-LEAD-1, TR-LEAD-2: pairs make tractors).
    The old normal played its cheapest card, ♥3, breaking the ♥3 pair."""
    k = knowledge(Game.TR, Seat.S, Seat.S, "♥3 ♥3 ♥4 ♣6 ♣7 ♦9", [(Seat.W, "♥A")])
    assert choice("normal", k, ["♥3", "♥4"]) == cards("♥4")
    assert choice("baseline", k, ["♥3", "♥4"]) == cards("♥3")
    assert broken_sets(k.hand, cards("♥3")) == 1.0 and broken_sets(k.hand, cards("♥3 ♥3")) == 0


def test_normal_keeps_its_top_trump_for_the_last_trick_when_the_kitty_is_worth_it() -> None:
    """Rule of thumb (扣底): near the end, keep the trump no one can beat for the last trick
    when the kitty is worth more than the trick now (GEN-TRICK-7, TR-SCORE-1; TR-KITTY-2: the
    kitty lies face up, 35 points here, against 15 in the trick). The old normal took the
    15 points with its big joker and had only ♠3 left for the last trick."""
    trick = [(Seat.S, "♠5"), (Seat.E, "♠6"), (Seat.N, "♠K")]
    kitty = "♥5 ♥10 ♣10 ♦K ♣3 ♣4 ♦3 ♦4"
    k = knowledge(Game.TR, Seat.W, Seat.S, "BJ ♠3", trick, kitty=kitty)
    assert kitty_stake(k) == 35
    assert choice("normal", k, ["BJ", "♠3"]) == cards("♠3")
    assert choice("baseline", k, ["BJ", "♠3"]) == cards("BJ")
    # A kitty without points: the joker still waits, since a big joker that wins the last
    # trick is a dig worth three levels to the defenders (TR-SETTLE-2), whatever the kitty.
    poor = knowledge(Game.TR, Seat.W, Seat.S, "BJ ♠3", trick, kitty="♣3 ♣4 ♦3 ♦4 ♣6 ♣7 ♦6 ♦7")
    assert kitty_stake(poor) == 0
    assert choice("normal", poor, ["BJ", "♠3"]) == cards("♠3")
    assert choice("baseline", poor, ["BJ", "♠3"]) == cards("BJ")


def test_the_sd_dealer_keeps_a_sure_winner_for_the_last_trick() -> None:
    """Rule of thumb (SD-DIG-1): defenders who win the last trick win the hand whatever the
    points, so the dealer keeps the trump nobody can beat for it, although the kitty counts
    for nobody (SD-KITTY-5). Two cards left, E leads ♠6 and the trick holds 20 points: the old
    normal took them with the big joker and left ♠3 for the last trick."""
    trick = [(Seat.E, "♠6"), (Seat.N, "♠K"), (Seat.W, "♠10")]
    k = knowledge(Game.SD, Seat.S, Seat.S, "BJ ♠3", trick)
    assert kitty_stake(k) == 0
    assert choice("normal", k, ["BJ", "♠3"]) == cards("♠3")
    assert choice("baseline", k, ["BJ", "♠3"]) == cards("BJ")
    # A small joker, the big one unseen, is not sure to win the last trick: take the points.
    unsure = knowledge(Game.SD, Seat.S, Seat.S, "SJ ♠3", trick)
    assert choice("normal", unsure, ["SJ", "♠3"]) == cards("SJ")


def test_the_kitty_stake_of_a_hidden_kitty_is_the_unseen_points_share() -> None:
    """DL-SCORE-2: dug kitty points count double; a catcher who has not seen the kitty
    counts its share of the points it cannot place."""
    k = knowledge(Game.DL, Seat.E, Seat.S, "BJ ♠3", [])
    unseen = k.unseen()
    points = sum(c.points * n for c, n in unseen.items())
    expected = 2 * points * k.kitty_size / sum(unseen.values())
    assert abs(kitty_stake(k) - expected) < 1e-9 and kitty_stake(k) > 0


def test_normal_feeds_points_to_a_partner_probably_winning() -> None:
    """Rule of thumb: give points to a partner who probably wins the trick even when an
    opponent after us might still beat it (GEN-TRICK-6: the trick's winner takes its points).
    N leads ♥Q, W follows low, E is still to play and might hold ♥A or ♥K; the old normal
    counted that as a coin toss and kept its ♥10, the new one feeds it."""
    trick = [(Seat.N, "♥Q"), (Seat.W, "♥4")]
    k = knowledge(Game.TR, Seat.S, Seat.S, "♥10 ♥6 ♣6 ♣7 ♦8 ♦9", trick)
    assert choice("normal", k, ["♥10", "♥6"]) == cards("♥10")
    assert choice("baseline", k, ["♥10", "♥6"]) == cards("♥6")
    # A partner sure to lose (an opponent's ♥A already on the trick) is not fed.
    lost = knowledge(Game.TR, Seat.S, Seat.S, "♥10 ♥6 ♣6 ♣7 ♦8 ♦9", [*trick[:1], (Seat.W, "♥A")])
    assert choice("normal", lost, ["♥10", "♥6"]) == cards("♥6")


def test_the_sd_dealer_draws_trumps_first_with_a_long_trump_hand() -> None:
    """Rule of thumb (三打一): the dealer plays alone against three, who score by ruffing its
    side cards and win the hand with the last trick (SD-DIG-1), so with half its hand or more
    in trumps it leads trumps to draw theirs (``normal.PULL``). The old normal led its lowest
    side card, ♦3, which the defenders may win cheaply and feed points on."""
    hand = "♠3 ♠4 ♠7 ♠9 ♠J ♥4 ♦3 ♣6"  # five trumps (♠) of eight
    k = knowledge(Game.SD, Seat.S, Seat.S, hand, [])
    assert choice("normal", k, hand.split()) == cards("♠3")
    assert choice("baseline", k, hand.split()) == cards("♦3")
    # A defender with the same cards does not pull: that is the dealer side's plan.
    defender = knowledge(Game.SD, Seat.E, Seat.S, hand, [])
    assert choice("normal", defender, hand.split()) != cards("♠3")
