"""DL-TRIB-6/7, GEN-INFO-1: at the tribute both paying seats in turn say whether they revolt,
and after a revolt with three small jokers both receiving seats whether they counter, also a
seat that cannot (it is offered only the pass): who is asked shows nothing about the hands.
Older records and journals, which skipped those seats, are read with their passes put in."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from engine_testkit import random_players, without_forced_passes

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.dl_hand import DLHand, Step
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.record import load_saved, read_record, record_json, replay
from shengji_desktop.engine.table import Table
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat
from shengji_desktop.rules.options import Game, Options


def at_revolt_round(seed: int) -> Match | None:
    """A DL match (random players) at the start of a tribute's revolt round, or None."""
    match = Match(Game.DL, Options(), seed)
    table = Table(match, random_players(seed), rng=random.Random(seed), hands=3)

    def reached(m: Match) -> bool:
        return m.phase is Phase.TRIBUTE and m.hand.step is Step.REVOLT

    table.watch_referee(lambda action, events: table.stop() if reached(match) else None)
    table.play()
    return match if reached(match) else None


def first_revolt_round() -> Match:
    for seed in range(40):
        match = at_revolt_round(seed)
        if match is not None:
            return match
    raise AssertionError("no seed below 40 reaches a tribute")


def trade(hand: DLHand, seat: Seat, card: Card, other: Seat) -> None:
    """``other`` hands one ``card`` to ``seat`` and takes back one of ``seat``'s non-jokers."""
    back = next(c for c in hand.hands[seat] if c not in (BIG_JOKER, SMALL_JOKER))
    hand.hands[other][card] -= 1
    hand.hands[other][back] += 1
    hand.hands[seat][back] -= 1
    hand.hands[seat][card] += 1
    hand.hands[seat] = +hand.hands[seat]
    hand.hands[other] = +hand.hands[other]


def give(hand: DLHand, seat: Seat, card: Card, n: int) -> None:
    """Move ``n`` copies of ``card`` into ``seat``'s hand, trading other cards for them."""
    for other in Seat:
        while hand.hands[seat][card] < n and other != seat and hand.hands[other][card]:
            trade(hand, seat, card, other)


def strip_jokers(hand: DLHand, seats: list[Seat]) -> None:
    """Trade away ``seats``' jokers (to the first other seat) so none can revolt or counter."""
    other = next(s for s in Seat if s not in seats)
    for seat in seats:
        for joker in (BIG_JOKER, SMALL_JOKER):
            while hand.hands[seat][joker]:
                trade(hand, other, joker, seat)


def test_both_paying_seats_are_asked_even_without_three_jokers() -> None:
    match = first_revolt_round()
    hand = match.hand
    assert isinstance(hand, DLHand) and hand.due is not None
    payer, partner = hand.due.payer, hand.due.payer.partner
    strip_jokers(hand, [payer, partner])
    for seat in (payer, partner):
        assert match.phase is Phase.TRIBUTE and hand.step is Step.REVOLT
        assert match.to_act() == [seat]
        assert match.legal_actions(seat) == [Action(Act.PASS, seat)]
        match.apply(Action(Act.PASS, seat))
    assert hand.step is Step.PAY and match.to_act() == [payer]


def test_after_three_small_jokers_both_receiving_seats_are_asked() -> None:
    """DL-TRIB-7: only three big jokers counter three small ones; both receiving seats are
    asked, the one holding them offered the counter, the other only the pass."""
    match = first_revolt_round()
    hand = match.hand
    assert isinstance(hand, DLHand) and hand.due is not None
    payer, receiver = hand.due.payer, hand.due.receiver
    give(hand, payer, SMALL_JOKER, 3)
    give(hand, receiver.partner, BIG_JOKER, 3)
    assert sum(hand.hands[s].total() for s in Seat) == sum(Counter(hand.pack).values()) - 6
    revolt = Action(Act.REVOLT, payer, (SMALL_JOKER,) * 3)
    assert revolt in match.legal_actions(payer)
    match.apply(revolt)
    assert hand.step is Step.COUNTER and match.to_act() == [receiver]
    assert match.legal_actions(receiver) == [Action(Act.PASS, receiver)]
    match.apply(Action(Act.PASS, receiver))
    counter = Action(Act.COUNTER, receiver.partner, (BIG_JOKER,) * 3)
    assert match.to_act() == [receiver.partner]
    assert match.legal_actions(receiver.partner) == [Action(Act.PASS, receiver.partner), counter]


def test_three_big_jokers_end_the_round_at_once() -> None:
    """DL-TRIB-7: nothing counters three big jokers, so nobody is asked (the table knows it)."""
    match = first_revolt_round()
    hand = match.hand
    assert isinstance(hand, DLHand) and hand.due is not None
    payer = hand.due.payer
    give(hand, payer, BIG_JOKER, 3)
    match.apply(Action(Act.REVOLT, payer, (BIG_JOKER,) * 3))
    assert hand.step is not Step.COUNTER and match.phase is not Phase.TRIBUTE


def without_tribute_passes(match: Match) -> tuple[list[Action], int]:
    """The match's actions as version 2 wrote them: without the passes of seats that could
    neither revolt nor counter, and how many were left out."""
    return without_forced_passes(match, (Phase.TRIBUTE,))


def test_a_version_2_record_is_read_with_the_passes_it_left_out(tmp_path: Path) -> None:
    for seed in range(40):
        match = at_revolt_round(seed)
        if match is None:
            continue
        Table(match, random_players(seed), rng=random.Random(seed), hands=3).play()
        old_actions, left_out = without_tribute_passes(match)
        if left_out:
            break
    else:
        raise AssertionError("no seed below 40 asked a paying seat that could only pass")
    record = record_json(match)
    old = dict(record, version=2, actions=[codec.action_json(a) for a in old_actions])
    assert read_record(old)[3] == list(match.actions)
    again, _ = replay(old)
    assert again.actions == match.actions and again.hand_number == match.hand_number
    # A version 2 journal (a save) loads the same way.
    head = json.loads(codec.journal_head(match.game, match.options, match.seed, {}))
    head["version"] = 2
    lines = [json.dumps(head)] + [json.dumps(codec.action_json(a)) for a in old_actions]
    path = tmp_path / "save.json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    saved = load_saved(path, set_aside=False)
    assert saved.match.actions == match.actions and not saved.warnings
