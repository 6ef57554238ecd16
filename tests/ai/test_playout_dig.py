"""The hard player's playouts play for the last trick (扣底, issue 22): a seat keeps the trump
no other hand can beat for the last trick when what that trick decides is worth more than the
trick now, in hand-made end positions; the reference ``Playout`` and ``FastPlayout`` agree."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from shengji_desktop.ai.fastplay import FastPlayout, Plan
from shengji_desktop.ai.playout import Playout, keep_top, keep_worth
from shengji_desktop.ai.policy import SPEND, Keep
from shengji_desktop.ai.search import rules_for
from shengji_desktop.ai.task import Task
from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, Team, parse_cards
from shengji_desktop.rules.options import Game, Options

Cards = tuple[Card, ...]


def cards(text: str) -> Cards:
    return tuple(parse_cards(text))


def task(game: Game, seat: Seat, dealer: Seat, trick: list[tuple[Seat, str]], first: str) -> Task:
    """A task of the 出牌 phase, trump ♠ at level 2 (``Playout`` reads only what it needs)."""
    context: dict[str, Any]
    if game is Game.SD:
        context = {"bid": 60}
    elif game is Game.TR:
        context = {"levels": ((Team.NS, Rank.TWO), (Team.EW, Rank.TWO))}
    else:
        context = {"levels": {"NS": 3, "EW": 3}}
    level = 3 if game is Game.DL else 2
    return Task(
        game, Options(), level, Suit.SPADES, seat, dealer, (), (), (), None, game.kitty_size,
        (), (), tuple((s, cards(t)) for s, t in trick), (), (cards(first),),
        tuple(context.items()), 0, 0.0, 1,
    )  # fmt: skip


def play_both(t: Task, hands: dict[Seat, str], kitty: str) -> Playout:
    """The playout from ``t`` both ways; they must agree. Returns the reference (its ``log``:
    the plays in order; ``last``: who won the last trick, with what)."""
    rules = rules_for(t.game, t.level, t.suit, t.options)
    held = {s: Counter(cards(h)) for s, h in hands.items()}
    ref = Playout(t, {s: Counter(h) for s, h in held.items()}, list(cards(kitty)), rules)
    ref.log = []
    fast = FastPlayout(t, {s: dict(h) for s, h in held.items()}, list(cards(kitty)), Plan(t, rules))
    fast.log = []
    assert fast.run(t.candidates[0]) == ref.run(t.candidates[0])
    assert fast.log == ref.log
    assert fast.last == ref.last
    return ref


def test_a_tr_defender_keeps_the_big_joker_for_the_last_trick() -> None:
    """Rule of thumb (扣底): near the end, keep the trump no other hand can beat for the last
    trick when what it decides is worth more than the trick now: here the kitty's 35 points
    (GEN-TRICK-7, TR-SCORE-1) and a big-joker dig, three levels (TR-SETTLE-2), against the
    trick's 15 points. W keeps BJ, plays ♠3, and digs with BJ; before, the playouts took the
    trick with BJ and lost the last one with ♠3."""
    t = task(Game.TR, Seat.N, Seat.S, [(Seat.S, "♠5"), (Seat.E, "♠6")], "♠K")
    hands = {Seat.S: "♣3", Seat.E: "♦4", Seat.N: "♠K ♥6", Seat.W: "BJ ♠3"}
    kitty = "♥5 ♥10 ♣10 ♦K ♣3 ♣4 ♦3 ♦4"
    out = play_both(t, hands, kitty)
    assert out.log is not None and out.log[1] == (Seat.W, cards("♠3"))
    assert out.last == (Seat.W, cards("BJ"))
    rules = rules_for(t.game, t.level, t.suit, t.options)
    held = {s: Counter(cards(h)) for s, h in hands.items()}
    worth = keep_worth(t, list(cards(kitty)))
    assert worth * SPEND / 4 == 35 + 40  # the kitty's points and normal.LAST_TRICK[TR]
    keep = keep_top(rules, held, Seat.W, worth)
    assert keep == Keep(rules.trump.strengths[cards("BJ")[0]], 1, worth)


def test_no_keep_when_another_hand_holds_a_stronger_trump() -> None:
    """The kept trump must be sure to win the last trick: a small joker with the big one in
    an opponent's hand is not, so W takes the 15 points with it (GEN-TRICK-6)."""
    t = task(Game.TR, Seat.N, Seat.S, [(Seat.S, "♠5"), (Seat.E, "♠6")], "♠K")
    hands = {Seat.S: "♣3", Seat.E: "BJ", Seat.N: "♠K ♥6", Seat.W: "SJ ♠3"}
    kitty = "♥5 ♥10 ♣10 ♦K ♣3 ♣4 ♦3 ♦4"
    rules = rules_for(t.game, t.level, t.suit, t.options)
    held = {s: Counter(cards(h)) for s, h in hands.items()}
    assert keep_top(rules, held, Seat.W, 1.0) is None
    out = play_both(t, hands, kitty)
    assert out.log is not None and out.log[1] == (Seat.W, cards("SJ"))
    assert out.last is not None and out.last[0] == Seat.E


def test_the_sd_dealer_keeps_the_big_joker_and_is_not_dug() -> None:
    """Rule of thumb (SD-DIG-1): defenders who win the last trick win the hand whatever the
    points, so the dealer keeps its sure winner for it, although the kitty counts for nobody
    (SD-KITTY-5) and the trick holds 20 points. Before, the playouts took the trick with the
    big joker and were dug with ♠3."""
    t = task(Game.SD, Seat.W, Seat.S, [(Seat.E, "♠6"), (Seat.N, "♠K")], "♠10")
    hands = {Seat.S: "BJ ♠3", Seat.E: "♣4", Seat.N: "♦4", Seat.W: "♠10 ♥6"}
    out = play_both(t, hands, "♣5 ♣6 ♣7 ♣8 ♣9 ♣J")
    assert out.log is not None and out.log[1] == (Seat.S, cards("♠3"))
    assert out.last == (Seat.S, cards("BJ"))


def test_a_pair_of_the_top_trump_spends_one_copy_freely() -> None:
    """Holding two copies of the sure top trump (DL, three decks), one may take a trick and
    the other still wins the last one: only the last copy is kept (DL-SCORE-2, DL-SETTLE-1).
    E takes N's 10 points with one big joker and digs with the other."""
    t = task(Game.DL, Seat.N, Seat.S, [], "♠K")
    hands = {Seat.S: "♣3 ♣4 ♣6", Seat.E: "BJ BJ ♠4", Seat.N: "♠K ♥6 ♥7", Seat.W: "♦4 ♦5 ♦6"}
    out = play_both(t, hands, "♥5 ♥10 ♣10 ♦K ♣3 ♣6 ♦3 ♦6")
    assert out.log is not None and out.log[3] == (Seat.E, cards("BJ"))
    assert out.last == (Seat.E, cards("BJ"))


def test_dl_a_dry_pot_s_kitty_jokers_are_worth_nothing_to_the_playouts() -> None:
    """DL-KITTY-3: in a 干锅 hand the jokers lying in the kitty give no levels; the playouts'
    settlement knows it (``dry_pot`` in the task's context, from the seat's view). Here the
    dealer side (S) wins the last trick with the catchers under 120 (DL-SETTLE-1 case A): +1
    level, and +2 more for the kitty's big joker only when the pot is not dry (DL-SETTLE-2)."""
    base = task(Game.DL, Seat.S, Seat.S, [], "♠3")
    rules = rules_for(base.game, base.level, base.suit, base.options)
    kitty = list(cards("BJ ♥4 ♥6 ♣7 ♣8 ♦9"))
    gains = {}
    for dry in (False, True):
        context = (*base.context, ("dry_pot", dry))
        t = replace(base, context=context)
        playout = FastPlayout(t, {s: {} for s in Seat}, kitty, Plan(t, rules))
        playout.won = {Seat.S: 40, Seat.E: 30, Seat.N: 0, Seat.W: 0}
        playout.last = (Seat.S, cards("♠3"))
        gains[dry] = playout.utility()
    assert round(gains[False]) == 3 and round(gains[True]) == 1
