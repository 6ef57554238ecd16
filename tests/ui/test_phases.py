"""Phases a random hand may not reach: positions prepared with the engine, then played through
the window (DL tribute and return, SD claim, TR throw, DL joker burial, the keyboard, a kitty
seen in the match before). Each position is searched over a range of seeds that reaches it;
a search that finds none fails the test (the premise is never assumed)."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from ui_driver import WAIT_MS, Seen, answered, give_away, hand_cards, press, select_cards
from ui_matches import Played, play_until

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase, Step
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.trick import Shape, TrickRules
from shengji_desktop.ui.aids.autopass import AUTO_PASS_MS
from shengji_desktop.ui.panels.choices import button_key
from shengji_desktop.ui.session.session import Session
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.table.animator.set_speed("instant")
    yield w
    w.stop_session()


def prepare(game: Game, wanted: Callable[[SeatView], bool], seeds: range) -> Match:
    """A match advanced by random legal play until South, the human's seat, has a decision
    (outside the deal) for which ``wanted(view)`` holds. ``seeds`` is a range known to reach
    such a position; when none does, the search fails the test."""

    def position(p: Played) -> bool:
        view = p.view
        return (
            view.phase not in (Phase.DEAL, Phase.SETTLED, Phase.OVER)
            and p.match.to_act() == [Seat.S]
            and bool(view.legal)
            and wanted(view)
        )

    played = play_until(game, position, Seat.S, seeds)
    return played.match


def moves(view: SeatView, kind: Act) -> list:
    return [m for m in view.legal if m.kind is kind]


def start(window: MainWindow, qtbot, match: Match) -> tuple[Session, Seen]:
    """Play ``match`` in the window; returns the session and what the seat is shown from now
    on."""
    expected = match.legal_actions(Seat.S)
    s = window.games.start_match(match, ["human", "random", "random", "random"], [])
    seen = Seen(s)
    qtbot.waitUntil(lambda: s.waiting == "human", timeout=WAIT_MS)
    assert list(s.human_legal) == expected, "the window offers other moves than the engine's"
    assert window.table.last_view is s.view and hand_cards(window) == sorted(s.view.hand)
    return s, seen


def test_dl_tribute_is_paid_by_choosing_the_cards(window, qtbot) -> None:
    match = prepare(Game.DL, lambda v: bool(moves(v, Act.TRIBUTE)), range(1, 120))
    s, seen = start(window, qtbot, match)
    offered = [m for m in s.human_legal if m.kind is Act.TRIBUTE]
    assert all(isinstance(m, Action) and m.cards for m in offered)
    assert "Tribute" in window.table.bar.prompt.text()
    assert s.view.step is Step.PAY and s.view.tribute is not None
    paid = offered[-1]
    held = Counter(s.view.hand)
    select_cards(window, qtbot, list(paid.cards))
    assert not answered(window, qtbot, lambda: press(window, qtbot, "tribute"))
    after = seen.view_after(lambda e: isinstance(e, ev.TributePaid) and e.seat == Seat.S)
    assert Counter(after.hand) == held - Counter(paid.cards)
    assert after.tribute is not None and after.tribute.cards == paid.cards
    qtbot.waitUntil(lambda: any("tribute" in line.lower() for line in window.table.log.lines))


def test_dl_return_after_receiving_tribute(window, qtbot) -> None:
    match = prepare(Game.DL, lambda v: bool(moves(v, Act.RETURN)), range(1, 120))
    s, seen = start(window, qtbot, match)
    offered = [m for m in s.human_legal if m.kind is Act.RETURN]
    held = Counter(s.view.hand)
    assert len(window.table.scene.hand) == len(s.view.hand) == s.view.counts[Seat.S]
    choice = next((m for m in offered if isinstance(m, ChooseCards)), None)
    if choice is not None:  # any N cards (DL-TRIB-5, DL-OP-5 "any")
        cards = give_away(hand_cards(window), choice.count, random.Random(1))
        assert choice.accepts(cards)
    else:  # the weakest cards: one of the offered sets
        cards = list(offered[0].cards)
    select_cards(window, qtbot, cards)
    messages = answered(window, qtbot, lambda: press(window, qtbot, "return"))
    assert not messages
    returned = [e for e in seen if isinstance(e, ev.TributeReturned) and e.seat == Seat.S]
    assert len(returned) == 1 and returned[0].cards == tuple(sorted(cards))
    batch, after = next((b, v) for b, v in seen.batches if returned[0] in b)
    # the receiver may be the dealer, who picks the kitty up at once (DL-KITTY-1)
    picked = [e for e in batch if isinstance(e, ev.KittyTaken) and e.seat == Seat.S]
    came = Counter(c for e in picked for c in e.kitty or ())
    assert sum(came.values()) == sum(e.count for e in picked)
    assert Counter(after.hand) == held - Counter(cards) + came
    assert len(after.hand) == after.counts[Seat.S]
    assert after.tribute is not None and after.tribute.returned == tuple(sorted(cards))


def test_sd_claim_button_lays_down_the_hand(window, qtbot) -> None:
    match = prepare(Game.SD, lambda v: bool(moves(v, Act.CLAIM)), range(1, 300))
    s, seen = start(window, qtbot, match)
    assert "claim" in window.table.bar.buttons
    qtbot.mouseClick(window.table.bar.buttons["claim"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: s.waiting in ("next_hand", "over"), timeout=WAIT_MS)
    claims = [e for e in seen if isinstance(e, ev.Claimed)]
    assert [c.seat for c in claims] == [Seat.S]
    assert s.view.result is not None and s.view.counts == (0, 0, 0, 0)
    assert window.table.overlay.isVisible()


def is_throw(view: SeatView, move: object) -> bool:
    return (
        isinstance(move, Action)
        and move.kind is Act.PLAY
        and not view.trick
        and view.trump is not None
        and TrickRules(view.trump).lead_format(move.cards).shape is Shape.THROW
    )


def test_tr_throw_is_played_from_the_selection(window, qtbot) -> None:
    match = prepare(Game.TR, lambda v: any(is_throw(v, m) for m in v.legal), range(1, 60))
    s, seen = start(window, qtbot, match)
    throw = next(m for m in s.human_legal if is_throw(s.view, m))
    select_cards(window, qtbot, list(throw.cards))
    window.table.refresh_actions()
    assert window.table.bar.buttons["play"].isEnabled()
    assert s.check_play(list(throw.cards)).ok
    messages = answered(window, qtbot, lambda: press(window, qtbot, "play"))
    assert not messages
    # an offered throw is one nobody can beat (TR-LEAD-3): it stands as played
    assert not any(isinstance(e, ev.ThrowFailed) for e in seen)
    plays = [e for e in seen if isinstance(e, ev.CardsPlayed)]
    assert plays[0].seat == Seat.S and plays[0].cards == tuple(sorted(throw.cards))
    assert plays[0].shape is Shape.THROW


def test_dl_other_players_bury_jokers_with_a_button(window, qtbot) -> None:
    match = prepare(Game.DL, lambda v: bool(moves(v, Act.BURY_JOKERS)), range(1, 200))
    s, seen = start(window, qtbot, match)
    option = next(m for m in s.human_legal if m.kind is Act.BURY_JOKERS)
    key = button_key(option)
    held = Counter(s.view.hand)
    assert key in window.table.bar.buttons and "pass" in "".join(window.table.bar.buttons)
    assert not answered(window, qtbot, lambda: press(window, qtbot, key))
    for _ in range(3):  # with a hidden kitty, a pick among equal cards may follow
        qtbot.waitUntil(
            lambda: (s.waiting == "human" and not s.busy) or s.view.step is not Step.JOKERS,
            timeout=WAIT_MS,
        )
        picks = [m for m in s.human_legal if m.kind is Act.BURY_JOKERS]
        if not picks or s.view.step is not Step.JOKERS:
            break
        assert any(isinstance(e, ev.KittyShown) and e.seat == Seat.S for e in seen)
        assert not answered(window, qtbot, lambda p=picks[0]: press(window, qtbot, button_key(p)))
    else:
        pytest.fail("the joker burial never ended")
    buried = [e for e in seen if isinstance(e, ev.JokersBuried) and e.seat == Seat.S]
    assert len(buried) == 1 and buried[0].jokers == option.cards
    assert all(j in buried[0].kitty for j in option.cards)
    # the jokers left the hand, the cards taken out of the kitty came in (DL-KITTY-8)
    after = seen.view_after(lambda e: e is buried[0])
    assert Counter(after.hand) == held - Counter(option.cards) + Counter(buried[0].taken)


FORCED_PASSES = pytest.mark.parametrize(
    ("phase", "prompt"),
    [
        (Phase.KITTY, "No joker to bury: pass"),
        (Phase.TRIBUTE, "No three jokers to revolt with: pass"),
    ],
    ids=["joker-burial", "revolt"],
)


@FORCED_PASSES
def test_dl_a_seat_that_can_only_pass_is_asked_and_passes(
    window, qtbot, phase: Phase, prompt: str
) -> None:
    """GEN-INFO-1: every other seat is asked after the dealer's burial (DL-KITTY-8), and both
    paying seats whether they revolt (DL-TRIB-6), also one that cannot (skipping it would tell
    the table it holds no joker, or no three): the bar says so and offers only the pass."""

    def only_pass(v: SeatView) -> bool:
        return v.phase is phase and [m.kind for m in v.legal] == [Act.PASS]

    match = prepare(Game.DL, only_pass, range(1, 200))
    s, seen = start(window, qtbot, match)
    assert window.table.bar.prompt.text() == prompt
    key = button_key(s.human_legal[0])
    assert [k for k in window.table.bar.buttons if k != "hint"] == [key]
    assert not answered(window, qtbot, lambda: press(window, qtbot, key))
    assert any(isinstance(e, ev.Passed) and e.seat == Seat.S for e in seen)


@FORCED_PASSES
def test_dl_a_seat_that_can_only_pass_is_passed_for_after_a_pause(
    window, qtbot, phase: Phase, prompt: str
) -> None:
    """The setting "pass automatically when passing is your only move" (on for players): the
    seat is still asked (GEN-INFO-1), the bar says the pass is coming, and after a pause the
    window passes; a decision with a real choice, or the setting switched off, waits for the
    player."""

    def only_pass(v: SeatView) -> bool:
        return v.phase is phase and [m.kind for m in v.legal] == [Act.PASS]

    paused: list[float] = []  # when each pause began
    pause_ms = [1000]  # a player's pause, shortened; then one the test outlasts by far

    class Pauses:
        def randint(self, low: int, high: int) -> int:
            assert (low, high) == AUTO_PASS_MS
            paused.append(time.monotonic())
            return pause_ms[0]

    window.autopass.pauses = Pauses()
    window.autopass.action.setChecked(True)
    match = prepare(Game.DL, only_pass, range(1, 200))
    s, seen = start(window, qtbot, match)
    assert window.table.bar.prompt.text() == prompt
    assert "passing for you in a moment" in window.table.bar.notice_text
    qtbot.waitUntil(
        lambda: any(isinstance(e, ev.Passed) and e.seat == Seat.S for e in seen), timeout=WAIT_MS
    )
    assert len(paused) == 1 and time.monotonic() - paused[0] >= 0.9  # Qt's timers: ±5%

    # switched off while the pass waits: the player passes, or nobody does
    window.stop_session()
    pause_ms[0] = 600_000
    s, seen = start(window, qtbot, prepare(Game.DL, only_pass, range(1, 200)))
    assert len(paused) == 2 and "in a moment" in window.table.bar.notice_text
    window.autopass.action.setChecked(False)
    assert not window.autopass.timer.isActive()
    assert s.waiting == "human" and not any(isinstance(e, ev.Passed) for e in seen)
    assert "in a moment" not in window.table.bar.notice_text


def test_a_seat_with_a_choice_besides_passing_is_not_passed_for(window, qtbot) -> None:
    def revolt_or_pass(v: SeatView) -> bool:
        return {m.kind for m in v.legal} == {Act.REVOLT, Act.PASS}

    paused: list[tuple[int, int]] = []  # each pass the window set out to make

    class Pauses:
        def randint(self, low: int, high: int) -> int:
            paused.append((low, high))
            return 50

    window.autopass.ms = (50, 60)
    window.autopass.pauses = Pauses()
    window.autopass.action.setChecked(True)
    s, seen = start(window, qtbot, prepare(Game.DL, revolt_or_pass, range(1, 400)))
    # the bar brought up to date with this decision is where a pass would be set out (the
    # window passes only when that pause ends): none is
    with qtbot.waitSignal(window.table.refreshed, timeout=WAIT_MS):
        window.table.refresh_actions()
    assert not paused and not window.autopass.timer.isActive()
    assert s.waiting == "human" and not any(isinstance(e, ev.Passed) for e in seen)
    assert "in a moment" not in window.table.bar.notice_text


def test_keyboard_selects_and_plays(window, qtbot) -> None:
    match = prepare(Game.SD, lambda v: bool(moves(v, Act.PLAY)) and not v.trick, range(1, 60))
    s, seen = start(window, qtbot, match)
    view = window.table.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the focus ring enters the hand at the first card
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert len(window.table.scene.selected_cards()) == 1
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert window.table.scene.selected_cards() == []
    qtbot.keyClick(view, Qt.Key.Key_Space)
    (card,) = window.table.scene.selected_cards()
    assert not answered(window, qtbot, lambda: qtbot.keyClick(view, Qt.Key.Key_Return))
    plays = [e for e in seen if isinstance(e, ev.CardsPlayed)]
    assert (plays[0].seat, plays[0].cards) == (Seat.S, (card,))
    assert s is window.session


def test_a_kitty_seen_in_another_match_is_not_shown_in_the_next(window, qtbot) -> None:
    """SD-KITTY-1: while bidding nobody has seen this hand's kitty; a kitty looked at in an
    earlier match (an SD defenders' look, SD-KITTY-2) must not linger in the panel."""
    looked = prepare(Game.SD, lambda v: bool(v.kitty_seen) and v.phase is Phase.PLAY, range(1, 60))
    s, _ = start(window, qtbot, looked)
    seen_kitty = s.view.kitty_seen
    assert seen_kitty and not s.view.kitty
    panel = window.table.panel
    assert "shown" in panel.kitty_label.text()
    assert panel.kitty_cards.cards == [int(c) for c in seen_kitty]

    bidding = prepare(Game.SD, lambda v: v.phase is Phase.BID, range(1, 60))
    s, _ = start(window, qtbot, bidding)
    assert s.view.kitty_seen is None and s.view.kitty is None
    assert "shown" not in window.table.panel.kitty_label.text()
    assert "face down" in window.table.panel.kitty_label.text()
    assert window.table.panel.kitty_cards.cards == []
    assert not window.table.panel.kitty_cards.isVisibleTo(window.table.panel)
