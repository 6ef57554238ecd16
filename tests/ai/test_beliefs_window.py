"""Beliefs from the declaring window (issue 41; DL-DECL-8, TR-DECL-5): the window closes only
when every seat in turn has passed with no new declaration, so each seat passed with the final
declaration standing and its whole hand. A deal on which the normal player, holding that seat's
hand, would have declared over it weighs like a play unlike normal."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import msgspec
import pytest
from test_beliefs import midway
from test_players import play_until_trick

from shengji_desktop.ai import beliefs, make_player
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.search import make_task, rules_for, sample
from shengji_desktop.ai.task import Task, Window
from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import DeclarationView, TributeView, seat_view
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Seat, Suit
from shengji_desktop.rules.options import Game, Options

MISS = beliefs.FLOOR**beliefs.TEMPER


def _plain(level: Rank) -> list[Rank]:
    """Ranks that are neither the level nor a 2 (nor jokers): plain cards in any suit but trump."""
    return [r for r in Rank if r not in (level, Rank.TWO) and r < Rank.SMALL_JOKER]


def tr_hand(level: Rank, level_hearts: int, hearts: int, jokers: int = 0) -> Counter[Card]:
    """25 TR cards: ``level_hearts`` ♥ level cards, ``hearts`` other hearts, ``jokers`` jokers,
    the rest clubs and spades (two decks: two copies at most)."""
    plain = _plain(level)
    cards = [Card.of(Suit.HEARTS, level)] * level_hearts
    cards += [Card.of(Suit.HEARTS, plain[i // 2]) for i in range(hearts)]
    cards += [BIG_JOKER, SMALL_JOKER, BIG_JOKER, SMALL_JOKER][:jokers]
    others = [Card.of(s, r) for r in plain for s in (Suit.CLUBS, Suit.SPADES) for _ in range(2)]
    cards += others[: 25 - len(cards)]
    assert len(cards) == 25
    return Counter(cards)


def tr_task(standing: tuple[Seat, Suit, str] | None, hand_one: bool = False) -> Task:
    task = midway(Game.TR)
    st = None if standing is None else (*standing, ())
    window = Window(st, tuple(s for s in Seat if s != task.seat), hand_one)
    return replace(task, window=window, tricks=(), trick=())


def test_a_pass_with_a_strong_pair_is_unlike_normal() -> None:
    """TR-DECL-2: a pair of level cards overcalls a single. A seat that passed the window over
    an opponent's single while holding a ♥ pair in a hand mostly ♥ would have overcalled (the
    normal player declares from 40% of trumps): such a deal weighs ``MISS``; without the pair,
    or with the pair in a thin suit, it had nothing to say."""
    task = tr_task((Seat.E, Suit.SPADES, "亮主"))
    level = Rank(task.level)
    window = task.window
    assert window is not None
    n = Seat.N if task.seat != Seat.N else Seat.S  # an opponent of E
    strong = tr_hand(level, 2, 12, jokers=2)  # 16 of 25 trumps with ♥
    assert not beliefs.window_agrees(task, window, n, strong)
    assert beliefs.window_agrees(task, window, n, tr_hand(level, 1, 13, jokers=2))  # a single
    assert beliefs.window_agrees(task, window, n, tr_hand(level, 2, 3))  # 5 of 25: too few
    rules = rules_for(task.game, task.level, task.suit, task.options)
    empty: dict[Seat, Counter[Card]] = {s: Counter() for s in Seat}
    assert beliefs.weight(task, rules, {**empty, n: strong}) == pytest.approx(MISS)
    assert beliefs.weight(task, rules, {**empty, n: tr_hand(level, 2, 3)}) == 1.0
    assert beliefs.weight(replace(task, window=None), rules, {**empty, n: strong}) == 1.0


def test_thresholds_follow_the_normal_player() -> None:
    """phases.pick_declaration: 40% of trumps later in the match, 60% in TR's hand 1 (the
    declarer becomes dealer, TR-DEALER-1), 15 points more over the own side's declaration."""
    level = Rank(midway(Game.TR).level)
    half = tr_hand(level, 2, 9, jokers=2)  # 13 of 25 = 52%
    later = tr_task((Seat.E, Suit.SPADES, "亮主"))
    first = tr_task((Seat.E, Suit.SPADES, "亮主"), hand_one=True)
    assert later.window is not None and first.window is not None
    opponent = Seat.N if later.seat != Seat.N else Seat.S
    partner = Seat.W if later.seat != Seat.W else opponent  # E's partner, unless that is us
    assert not beliefs.window_agrees(later, later.window, opponent, half)
    assert beliefs.window_agrees(first, first.window, opponent, half)
    if partner == Seat.W:
        assert beliefs.window_agrees(later, later.window, partner, half)  # 52% < 55%
        strong = tr_hand(level, 2, 13, jokers=2)
        assert not beliefs.window_agrees(later, later.window, partner, strong)


def test_a_pair_over_a_pair_needs_a_higher_suit() -> None:
    """TR-DECL-2: over a standing ♦ pair only a ♥ pair overcalls; a seat holding a strong ♥ pair
    passed unlike normal, and a standing ♥ pair leaves it nothing to say."""
    level = Rank(midway(Game.TR).level)
    strong = tr_hand(level, 2, 12, jokers=2)
    for suit, agrees in ((Suit.DIAMONDS, False), (Suit.HEARTS, True)):
        task = tr_task((Seat.E, suit, "正主"))
        assert task.window is not None
        seat = Seat.N if task.seat != Seat.N else Seat.S
        assert beliefs.window_agrees(task, task.window, seat, strong) is agrees


def test_nobody_declared_so_nobody_held_a_strong_suit() -> None:
    """TR-DECL-6: nobody declared, so no seat held a level card in a suit it would have
    declared: even a single ♥ level card in a ♥-rich hand is unlike normal."""
    task = tr_task(None)
    assert task.window is not None
    seat = Seat.N if task.seat != Seat.N else Seat.S
    level = Rank(task.level)
    assert not beliefs.window_agrees(task, task.window, seat, tr_hand(level, 1, 13, jokers=2))
    assert beliefs.window_agrees(task, task.window, seat, tr_hand(level, 0, 14, jokers=2))


def test_dl_needs_a_stronger_declaration() -> None:
    """DL-DECL-5: only a strictly stronger declaration overcalls; over two level cards, a seat
    holding two of another suit had nothing on offer, with three (in a strong suit) it had."""
    task = midway(Game.DL, 4, 2)
    level = Rank(task.level)
    shown = (Card.of(Suit.SPADES, level),) * 2
    window = Window((Seat.E, Suit.SPADES, "two", shown), (), False)
    task = replace(task, window=window)
    seat = Seat.N if task.seat != Seat.N else Seat.S
    plain = _plain(level)

    def hand(n_level: int) -> Counter[Card]:
        cards = [Card.of(Suit.HEARTS, level)] * n_level + [BIG_JOKER, SMALL_JOKER] * 2
        cards += [Card.of(Suit.HEARTS, r) for r in plain for _ in range(2)][:20]
        cards += [Card.of(Suit.CLUBS, r) for r in plain for _ in range(3)][: 39 - len(cards)]
        assert len(cards) == 39
        return Counter(cards)

    assert beliefs.offered_suits(task, window, seat, hand(2)) == []
    assert beliefs.window_agrees(task, window, seat, hand(2))
    assert Suit.HEARTS in beliefs.offered_suits(task, window, seat, hand(3))
    assert not beliefs.window_agrees(task, window, seat, hand(3))


def _view_at_trick_play(game: Game, seed: int, hand: int = 1) -> tuple[Match, Seat]:
    """A table of normal players after the first trick of hand ``hand``, and the seat to act."""
    match = Match(game, Options(), seed)
    players = {s: make_player("normal", f"{seed}{s.name}") for s in Seat}
    if hand == 1:
        play_until_trick(match, players, tricks=1)
        return match, match.to_act()[0]
    table = Table(match, players, rng=random.Random(seed), hands=hand)

    def stop_there(action: Action, events: Sequence[Event]) -> None:
        view = table.view(Seat.S)
        if view.hand_number == hand and len(view.tricks) >= 1:
            table.stop()

    table.watch_referee(stop_there)
    table.play()
    return match, match.to_act()[0]


def _dealt(match: Match, seat: Seat) -> Counter[Card]:
    """A seat's cards when the window went round: what it holds and what it played."""
    view = seat_view(match, seat)
    held = Counter(view.hand)
    held.update(c for t in view.tricks for s, cs in t.plays if s == seat for c in cs)
    held.update(c for s, cs in view.trick if s == seat for c in cs)
    return held


@pytest.mark.parametrize(("game", "hand"), [(Game.TR, 1), (Game.TR, 2), (Game.DL, 2)])
def test_normal_seats_agree_with_their_own_passes(game: Game, hand: int) -> None:
    """The judge is the normal player's own rule: at tables of normal players, every judged
    seat's real hand at the window agrees with its pass (no false misses), read from another
    seat's task built from that seat's view alone; and some of those seats had a declaration
    on offer (the check was not empty)."""
    offered = 0
    for seed in range(1, 13):
        match, seat = _view_at_trick_play(game, seed, hand)
        k = Knowledge.from_view(seat_view(match, seat))
        assert k.view.hand_number == hand
        window = beliefs.window_of(k)
        if window is None:
            assert game is Game.DL and k.kitty is not None  # a kitty showing jokers
            continue
        assert window.hand_one is (game is Game.TR and hand == 1)
        assert seat not in window.judged and k.dealer not in window.judged
        d = k.view.declaration
        assert window.standing == (None if d is None else (d.seat, d.suit, d.kind, d.cards))
        task = make_task(k, [], 1, 0.1, 1, beliefs=True)
        assert task.window == window
        for other in window.judged:
            held = _dealt(match, other)
            offered += bool(beliefs.offered_suits(task, window, other, held))
            assert beliefs.window_agrees(task, window, other, held)
    assert offered >= 2


def test_window_read_from_the_view_only() -> None:
    """What each view allows: none in DL's hand 1 (the race for the big joker) nor in SD; none
    in a DL hand whose kitty shows jokers (who buried them is unknown, DL-KITTY-8); a DL
    tribute's payer and receiver left out unless the seat is the receiver, who rebuilds the
    payer's hand; none at all without beliefs."""
    match, seat = _view_at_trick_play(Game.DL, 4)
    view = seat_view(match, seat)
    assert beliefs.window_of(Knowledge.from_view(view)) is None  # hand 1
    later = msgspec.structs.replace(
        view, hand_number=2, declaration=DeclarationView(Seat.E, Suit.SPADES, "one"), kitty=None
    )
    window = beliefs.window_of(Knowledge.from_view(later))
    assert window is not None and not window.hand_one
    assert set(window.judged) == set(Seat) - {seat, view.dealer}
    jokers = msgspec.structs.replace(later, kitty=(BIG_JOKER, *view.hand[:5]))
    assert beliefs.window_of(Knowledge.from_view(jokers)) is None
    others = [s for s in Seat if s not in (seat, view.dealer)]
    payer = others[0]
    unseen = msgspec.structs.replace(later, tribute=TributeView(payer, seat, 1))
    w = beliefs.window_of(Knowledge.from_view(unseen))
    assert w is not None and payer not in w.judged
    seen = msgspec.structs.replace(later, tribute=TributeView(payer, seat, 1, (BIG_JOKER,), ()))
    w = beliefs.window_of(Knowledge.from_view(seen))
    assert w is not None and payer in w.judged
    sd_match, sd_seat = _view_at_trick_play(Game.SD, 4)
    assert beliefs.window_of(Knowledge.from_view(seat_view(sd_match, sd_seat))) is None
    tr_match, tr_seat = _view_at_trick_play(Game.TR, 4)
    k = Knowledge.from_view(seat_view(tr_match, tr_seat))
    assert make_task(k, [], 1, 0.1, 1, beliefs=False).window is None


def test_the_window_reweighs_real_samples() -> None:
    """On a seat's real task (TR hand 2: the normal player declares from 40% of trumps), some
    sampled deals fail the window and weigh ``MISS`` more per seat that would have declared
    (beside what the plays say); the rest weigh as before."""
    match, seat = _view_at_trick_play(Game.TR, 3, hand=2)
    k = Knowledge.from_view(seat_view(match, seat))
    task = make_task(k, [], 1, 0.1, 1, beliefs=True)
    window = task.window
    assert window is not None and not window.hand_one
    plays_only = replace(task, window=None)
    rules = rules_for(task.game, task.level, task.suit, task.options)
    played = beliefs.played_by(task)
    rng = random.Random(6)
    seen: Counter[bool] = Counter()
    for _ in range(200):
        hands, _ = sample(task, rng)
        misses = 0
        for s in window.judged:
            held = Counter(hands[s])
            held.update(played[s])
            misses += not beliefs.window_agrees(task, window, s, held)
        factor = beliefs.weight(task, rules, hands) / beliefs.weight(plays_only, rules, hands)
        assert factor == pytest.approx(MISS**misses)
        seen[misses > 0] += 1
    assert seen[True] > 0 and seen[False] > 0
