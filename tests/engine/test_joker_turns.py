"""DL-KITTY-8, GEN-INFO-1: after the dealer's burial every other seat in turn says whether it
buries jokers, also one that cannot (it is offered only the pass), so nothing about the hands
shows in who is asked. Version 1 records and journals, which skipped those seats, are read with
their passes put in."""

from __future__ import annotations

import json
import random
from pathlib import Path

from engine_testkit import play_until, random_players, without_forced_passes

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.dl_hand import Step
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.record import load_saved, read_record, record_json, replay
from shengji_desktop.engine.table import Table
from shengji_desktop.rules.dl_kitty import joker_burial_order
from shengji_desktop.rules.options import Game, Options


def after_plain_burial(seed: int) -> Match | None:
    """A DL match just after the dealer buried six plain cards (random play before)."""
    match = Match(Game.DL, Options(), seed)
    if not play_until(match, lambda m: m.phase is Phase.KITTY and m.hand.step is Step.BURY):
        return None
    (choice,) = match.legal_actions(match.to_act()[0])
    assert isinstance(choice, ChooseCards)
    plain = [c for c in choice.hand if not c.is_joker and c.points == 0]
    if len(plain) < 6:
        return None
    match.apply(choice.action(tuple(plain[:6])))
    return match


def test_every_other_seat_is_asked_even_one_without_a_joker() -> None:
    """The seats are asked in DL-KITTY-8's order; a seat that holds no joker is asked too and
    offered only the pass, and play starts only after the last of them."""
    for seed in range(60):
        match = after_plain_burial(seed)
        if match is None:
            continue
        order = list(joker_burial_order(match.hand.dealer, match.options))
        jokerless = [s for s in order if not any(c.is_joker for c in match.hand.hands[s])]
        if not jokerless:
            continue
        for seat in order:
            assert match.phase is Phase.KITTY and match.to_act() == [seat]
            legal = match.legal_actions(seat)
            if seat in jokerless:
                assert legal == [Action(Act.PASS, seat)]
            match.apply(Action(Act.PASS, seat))
        assert match.phase is Phase.PLAY
        return
    raise AssertionError("no seed below 60 has a seat without jokers after a plain burial")


def played_dl_match(seed: int) -> Match:
    match = Match(Game.DL, Options(), seed)
    Table(match, random_players(seed), rng=random.Random(seed), hands=2).play()
    return match


def skipped(match: Match) -> tuple[list[Action], int]:
    """The match's actions as version 1 wrote them: without the passes of seats that could
    not bury a joker, and how many were left out."""
    return without_forced_passes(match, (Phase.KITTY,))


def test_a_version_1_record_is_read_with_the_passes_it_left_out(tmp_path: Path) -> None:
    for seed in range(1, 30):
        match = played_dl_match(seed)
        old_actions, left_out = skipped(match)
        if left_out:
            break
    else:
        raise AssertionError("no seed below 30 asked a seat that could only pass")
    record = record_json(match)
    old = dict(record, version=1, actions=[codec.action_json(a) for a in old_actions])
    assert read_record(old)[3] == list(match.actions)
    again, _ = replay(old)
    assert again.actions == match.actions and again.hand_number == match.hand_number
    # The same actions as a current record are refused (the passes are missing): the
    # version, not a guess, says which records may be upgraded.
    new_without = dict(old, version=codec.RECORD_VERSION)
    try:
        replay(new_without)
    except ValueError as exc:
        assert "illegal" in str(exc)
    else:
        raise AssertionError("a current record without the passes replayed")
    # A version 1 journal (a save of the window or a table file) loads the same way.
    head = json.loads(codec.journal_head(match.game, match.options, match.seed, {}))
    head["version"] = 1
    lines = [json.dumps(head)] + [json.dumps(codec.action_json(a)) for a in old_actions]
    path = tmp_path / "save.json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    saved = load_saved(path, set_aside=False)
    assert saved.match.actions == match.actions and not saved.warnings


def test_a_new_record_says_version_3() -> None:
    assert record_json(played_dl_match(3))["version"] == codec.RECORD_VERSION == 3
