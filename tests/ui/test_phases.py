"""Phases a random hand may not reach: positions prepared with the engine, then played through
the window (DL tribute and return, SD claim, TR throw, DL joker burial)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from ui_driver import press, select_cards

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.trick import Shape
from shengji_desktop.ui.app import MainWindow
from shengji_desktop.ui.choices import button_key

pytestmark = pytest.mark.gui
SEEDS = range(60)


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.animator.set_speed("instant")
    yield w
    w.stop_controller()


def prepare(game: Game, wanted: Callable[[Match], bool], seeds: range = SEEDS) -> Match:
    """A match advanced by random players until ``wanted`` holds with the human to act."""
    for seed in seeds:
        match = Match(game, Options(), seed)
        players = {s: RandomPlayer(random.Random(f"{seed}/{s}")) for s in Seat}
        for _ in range(3000):
            if match.phase == "over":
                break
            if Seat.S in match.to_act() and match.phase != "deal" and wanted(match):
                return match
            if match.phase == "settled":
                match.apply(Action(Act.NEXT_HAND))
                continue
            if match.phase == "deal":
                match.apply(Action(Act.DEAL))
                continue
            seat = match.to_act()[0]
            match.apply(players[seat].choose(match, seat, match.legal_actions(seat)))
    pytest.skip("no such position in the seeds tried")


def legal(match: Match) -> list[Action]:
    return match.legal_actions(Seat.S)


def start(window: MainWindow, qtbot, match: Match):
    c = window.start_match(match, ["human", "random", "random", "random"], [])
    qtbot.waitUntil(lambda: c.waiting == "human", timeout=10000)
    return c


def test_dl_tribute_is_paid_by_choosing_the_cards(window, qtbot) -> None:
    match = prepare(Game.DL, lambda m: any(a.kind is Act.TRIBUTE for a in legal(m)))
    c = start(window, qtbot, match)
    offered = [a for a in c.human_legal if a.kind is Act.TRIBUTE]
    assert "Tribute" in window.bar.prompt.text()
    select_cards(window, qtbot, list(offered[-1].cards))
    press(window, qtbot, "tribute")
    qtbot.waitUntil(lambda: match.hand.step != "pay", timeout=5000)
    assert any(e for e in window.log.lines if "tribute" in e.lower())


def test_dl_return_after_receiving_tribute(window, qtbot) -> None:
    match = prepare(Game.DL, lambda m: any(a.kind is Act.RETURN for a in legal(m)))
    c = start(window, qtbot, match)
    offered = next(a for a in c.human_legal if a.kind is Act.RETURN)
    n = offered.value if offered.value is not None else len(offered.cards)
    held = sum(match.hand.hands[Seat.S].values())
    assert len(window.scene.hand) == held
    if offered.cards:
        cards = list(offered.cards)
    else:
        cards = [Card(i.card) for i in window.scene.hand if i.card not in (BIG_JOKER, SMALL_JOKER)]
        cards = cards[:n]
    select_cards(window, qtbot, cards)
    press(window, qtbot, "return")
    qtbot.waitUntil(lambda: sum(match.hand.hands[Seat.S].values()) != held, timeout=5000)
    assert sum(match.hand.hands[Seat.S].values()) in (held - n, held - n + 6)


def test_sd_claim_button_lays_down_the_hand(window, qtbot) -> None:
    match = prepare(Game.SD, lambda m: any(a.kind is Act.CLAIM for a in legal(m)), range(300))
    c = start(window, qtbot, match)
    assert "claim" in window.bar.buttons
    qtbot.mouseClick(window.bar.buttons["claim"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.waiting in ("next_hand", "over"), timeout=10000)
    assert match.hand.claimer == Seat.S
    assert window.overlay.isVisible()


def is_throw(match: Match, action: Action) -> bool:
    rules = match.hand.rules
    return (
        action.kind is Act.PLAY
        and not match.hand.trick
        and rules.lead_format(action.cards).shape is Shape.THROW
    )


def test_tr_throw_is_played_from_the_selection(window, qtbot) -> None:
    match = prepare(Game.TR, lambda m: any(is_throw(m, a) for a in legal(m)))
    c = start(window, qtbot, match)
    throw = next(a for a in c.human_legal if is_throw(match, a))
    select_cards(window, qtbot, list(throw.cards))
    window.refresh_actions()
    assert window.bar.buttons["play"].isEnabled()
    before = len(match.hand.tricks)
    press(window, qtbot, "play")
    qtbot.waitUntil(lambda: len(match.hand.tricks) > before or bool(match.hand.trick), timeout=5000)
    played = match.hand.trick[0] if match.hand.trick else match.hand.tricks[before].plays[0]
    assert played[0] == Seat.S and sorted(played[1]) == sorted(throw.cards)


def test_dl_other_players_bury_jokers_with_a_button(window, qtbot) -> None:
    match = prepare(Game.DL, lambda m: any(a.kind is Act.BURY_JOKERS for a in legal(m)), range(200))
    c = start(window, qtbot, match)
    option = next(a for a in c.human_legal if a.kind is Act.BURY_JOKERS)
    key = button_key(option)
    assert key in window.bar.buttons and "pass" in "".join(window.bar.buttons)
    press(window, qtbot, key)
    for _ in range(3):  # with a hidden kitty, a pick among equal cards may follow
        qtbot.waitUntil(lambda: c.waiting == "human" or match.phase != "kitty", timeout=5000)
        picks = [a for a in c.human_legal if a.kind is Act.BURY_JOKERS]
        if not picks:
            break
        press(window, qtbot, button_key(picks[0]))
    assert all(str(j) in match.hand.view(None)["kitty"] for j in option.cards)


def test_keyboard_selects_and_plays(window, qtbot) -> None:
    match = prepare(
        Game.SD, lambda m: any(a.kind is Act.PLAY for a in legal(m)) and not m.hand.trick
    )
    c = start(window, qtbot, match)
    view = window.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the focus ring enters the hand at the first card
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert len(window.scene.selected_cards()) == 1
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert window.scene.selected_cards() == []
    qtbot.keyClick(view, Qt.Key.Key_Space)
    card = window.scene.selected_cards()[0]
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(match.hand.trick or match.hand.tricks), timeout=5000)
    first = match.hand.trick[0] if match.hand.trick else match.hand.tricks[-1].plays[0]
    assert first == (Seat.S, (card,))
    assert c is window.controller


def test_a_kitty_seen_in_another_match_is_not_shown_in_the_next(window, qtbot) -> None:
    """SD-KITTY-1: while bidding nobody has seen this hand's kitty; a kitty looked at in an
    earlier match (a DL joker burial, an SD defenders' look) must not linger in the panel."""
    window.panel.seen_kitty = "6S 6C 7C 4H 6H 4D"  # left over from the match before
    match = prepare(Game.SD, lambda m: m.phase == "bid")
    start(window, qtbot, match)
    assert window.panel.seen_kitty == ""
    assert "shown" not in window.panel.kitty_label.text()
    assert not window.panel.kitty_cards.cards
