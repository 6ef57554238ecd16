"""What the window's one ``Session`` brings: a local seat and a LAN seat shown by the same code,
a local table that waits for the animations, refusals that come back as messages, and an
autosave after every action that replays to the game on the table."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from ui_driver import (
    WAIT_MS,
    Seen,
    answered,
    hand_cards,
    human_turn,
    play_until,
    press,
    wait_turn,
)
from ui_matches import play_until as random_play_until

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action, ChooseCards, Move
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.record import load_saved, record_json, replay
from shengji_desktop.engine.view import SeatView, events_for, seat_view
from shengji_desktop.net.host import HostSettings
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.dialogs import NewGame
from shengji_desktop.ui.lan.dialogs import HostedTable
from shengji_desktop.ui.lan.link import RemoteLink
from shengji_desktop.ui.panels.choices import button_key
from shengji_desktop.ui.session.local import DEAL_AHEAD, LocalTable
from shengji_desktop.ui.session.session import Session
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui
RANDOMS = ["human", "random", "random", "random"]


def start_local(window: MainWindow, seed: int, speed: str = "instant") -> Session:
    return window.games.start_new(NewGame(Game.SD, Options(), RANDOMS, speed), seed=seed)


def button_keys(legal: tuple[Move, ...]) -> set[str]:
    """The buttons the bar must offer for these moves."""
    keys = set()
    for m in legal:
        if m.kind is Act.PLAY:
            keys.add("play")
        elif m.kind in (Act.BURY, Act.TRIBUTE, Act.RETURN):
            keys.add(m.kind.value)
        else:
            assert isinstance(m, Action)
            keys.add("claim" if m.kind is Act.CLAIM else button_key(m))
    return keys


def shows_the_seats_turn(window: MainWindow, qtbot, s: Session) -> None:
    """The window shows ``s``'s seat at its decision: the hand, and the buttons of exactly
    the session's legal moves (and the hint)."""
    assert window.session is s and window.table.animator.session is s
    assert wait_turn(window, qtbot) == "human"
    assert s.human_legal == s.view.legal and s.human_legal
    assert window.table.last_view is s.view
    assert hand_cards(window) == sorted(s.view.hand)
    window.table.refresh_actions()
    offered = set(window.table.bar.buttons)
    assert button_keys(s.human_legal) | {"hint"} <= offered
    assert offered - button_keys(s.human_legal) <= {"hint", "clear"}


def test_one_session_class_shows_a_lan_seat_and_a_local_seat(window, qtbot) -> None:
    window.table.animator.set_speed("instant")
    settings = HostSettings(deal_pace=0, settle_pause=600, table_name="one session")
    table = HostedTable(
        Game.SD, Options(), ["open", "easy", "easy", "easy"], "Host", settings, bind="127.0.0.1"
    )
    lan = window.lan.host_table(table, advertise=None)
    assert type(lan) is Session and isinstance(lan.link, RemoteLink) and lan.remote
    qtbot.waitUntil(lambda: lan.link.lobby is not None, timeout=WAIT_MS)
    qtbot.mouseClick(window.lan.lobby_dialog.start_button, Qt.MouseButton.LeftButton)
    shows_the_seats_turn(window, qtbot, lan)
    assert lan.human == Seat.S and lan.view.seat == Seat.S
    human_turn(window, qtbot, random.Random(1))  # through the widgets, to the host

    local = start_local(window, 7)
    assert window.lan.runner is None and window.lan.lobby_dialog is None  # the table closed
    assert type(local) is Session and isinstance(local.link, LocalTable) and not local.remote
    shows_the_seats_turn(window, qtbot, local)
    assert local.human == Seat.S and local.view.seat == Seat.S
    human_turn(window, qtbot, random.Random(1))


@pytest.mark.slow
def test_the_local_table_never_runs_ahead_of_the_animations(window, qtbot) -> None:
    """With slow animations the table deals at most a few cards ahead of what the window
    shows, makes no other move before the window has shown everything, and the seat's turn
    comes only once the animations of the batches before it have ended."""
    s = start_local(window, 3, "slow")
    assert window.table.animator.factor > 1
    delivered: list[SeatView] = []
    shown: list[SeatView] = []
    behind_at_deal: list[int] = []
    others: list[tuple[ev.Event, ...]] = []  # batches of moves other than a card dealt
    problems: list[str] = []

    def received(events: tuple[ev.Event, ...], view: SeatView) -> None:
        on_table = {id(v) for v in shown}
        behind = sum(1 for v in delivered if id(v) not in on_table)
        if any(isinstance(e, ev.CardDealt) for e in events):
            behind_at_deal.append(behind)
            if behind > DEAL_AHEAD:
                problems.append(f"a card dealt {behind} updates ahead of the window")
        elif events:
            others.append(events)
            if behind:
                problems.append(f"{type(events[0]).__name__} applied {behind} updates ahead")
        last = window.table.last_view
        if last is not None and view.cards_dealt - last.cards_dealt > DEAL_AHEAD + 1:
            problems.append(f"the view {view.cards_dealt - last.cards_dealt} cards ahead")
        delivered.append(view)

    turns: list[bool] = []

    def prompt() -> None:
        if s.waiting == "human":
            turns.append(
                not window.table.animator.running
                and window.table.last_view is s.view
                and len(shown) == len(delivered)
            )

    s.events_applied.connect(received)
    window.table.animator.batch_done.connect(shown.append)
    s.prompt_changed.connect(prompt)
    rng = random.Random(3)
    # the deal and the first decision at the slow speed, then two more decisions at the fast
    # one (bids, the kitty, plays: moves of the computers in between)
    for _ in range(3):
        assert wait_turn(window, qtbot) == "human"
        human_turn(window, qtbot, rng)
        window.set_speed("fast")
    assert not problems, problems
    assert len(behind_at_deal) >= 48  # every card of the SD deal was seen
    assert max(behind_at_deal) >= 1, "the window was never behind the table (too fast?)"
    assert len(others) >= 5  # bids, the kitty, plays
    assert len(turns) >= 3 and all(turns), turns


def test_an_illegal_action_pushed_to_a_local_table_is_refused(window, qtbot, tmp_path) -> None:
    """The table is the referee: an action the window would not offer, sent anyway, comes back
    as a refusal with the rule's reason in the bar's notice, and nothing changes."""
    s = start_local(window, 21)
    rng = random.Random(1)
    for _ in range(100):
        assert wait_turn(window, qtbot) == "human", "no chance to revoke before the hand ended"
        plays = {m.cards for m in s.human_legal if m.kind is Act.PLAY}
        wrong = [c for c in hand_cards(window) if plays and s.view.trick and (c,) not in plays]
        if wrong:
            break
        human_turn(window, qtbot, rng)
    else:
        pytest.fail("never had to follow suit")
    view = s.view
    path = tmp_path / "autosave.json"
    actions = len(s.link.record()["actions"])
    qtbot.waitUntil(lambda: saved_record(path).get("actions") is not None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: len(saved_record(path)["actions"]) == actions, timeout=WAIT_MS)
    before = path.read_bytes()
    with qtbot.waitSignal(s.message, timeout=WAIT_MS) as refused:
        assert s.act(Action(Act.PLAY, Seat.S, (wrong[0],)))  # sent to the table
    assert not s.busy
    assert "[GEN-TRICK-3]" in refused.args[0]
    assert refused.args[0] in window.table.bar.notice_text
    # nothing changed: the same view, still our turn, the same save
    assert s.view is view and window.table.last_view is view and s.waiting == "human"
    assert hand_cards(window) == sorted(view.hand)
    assert len(s.link.record()["actions"]) == actions and path.read_bytes() == before
    human_turn(window, qtbot, rng)  # a legal play goes through
    assert s.view is not view


def test_a_computer_that_fails_is_named_as_the_table_names_it_and_play_goes_on(
    window, qtbot, monkeypatch, caplog
) -> None:
    """A computer seat whose decision raises (a worker killed, a bug): the bar says which seat,
    in the table's words and language, that a legal choice was made for it, and the hand goes
    on; the error's own words go to the log, not on the felt (they were a raw repr there)."""
    import logging

    from shengji_desktop import ai

    real = ai.make_player

    class Failing:
        def __init__(self, inner) -> None:
            self.inner, self.failed = inner, False

        def decide(self, view: SeatView):
            if not self.failed and view.phase is Phase.PLAY:
                self.failed = True
                raise RuntimeError("a worker died\n  with a long story")
            return self.inner.decide(view)

    def make_player(kind: str, seed: str, **kw):
        player = real(kind, seed, **kw)
        return Failing(player) if seed.endswith("/E") else player

    monkeypatch.setattr(ai, "make_player", make_player)
    caplog.set_level(logging.WARNING)
    s = window.games.start_new(NewGame(Game.SD, Options(), ["random"] * 4, "instant"), seed=21)
    messages: list[str] = []
    s.message.connect(lambda m: messages.append(str(m)))
    qtbot.waitUntil(lambda: bool(messages), timeout=WAIT_MS)
    (text,) = messages
    assert (
        text
        == (  # a table of computers: the bottom seat is nobody's, Right is Right
            "Right: the computer player ran into an error."
            " A simple legal choice was made for it; play goes on."
        )
    )
    assert text in window.table.bar.notice_text
    assert "a worker died" not in window.table.bar.notice_text
    (record,) = [r for r in caplog.records if "E: the computer failed" in r.getMessage()]
    logged = record.getMessage()  # for a report: what, where in the match, and the traceback
    assert "E: the computer failed (RuntimeError(" in logged and "sd game, hand 1," in logged
    assert "Traceback (most recent call last)" in logged and 'raise RuntimeError("a' in logged
    assert s.view is not None
    tricks = len(s.view.tricks)
    qtbot.waitUntil(  # and the hand goes on, Right's turns included
        lambda: s.view is not None and (len(s.view.tricks) >= tricks + 2 or bool(s.view.history)),
        timeout=WAIT_MS,
    )


def saved_record(path) -> dict:
    """The autosave as a record with the window's part beside it (as the older format had it)."""
    try:
        saved = load_saved(path)
    except (OSError, ValueError):
        return {}
    return {**record_json(saved.match), **saved.meta}


def replays_to(path, view: SeatView) -> bool:
    record = saved_record(path)
    if not record:
        return False
    match, _ = replay(record)
    return seat_view(match, Seat.S) == view


def test_the_autosave_after_each_action_replays_to_the_game(window, qtbot, tmp_path) -> None:
    """After every action the table saves the match; whenever the seat is asked to decide,
    the file is a valid record whose replay is the game on the table: the same view for the
    seat, the same events as it was shown. Through a settlement into the next hand."""
    s = start_local(window, 9)
    seen = Seen(s)
    path = tmp_path / "autosave.json"
    rng = random.Random(9)
    checked = 0
    while True:
        waiting = wait_turn(window, qtbot)
        qtbot.waitUntil(lambda: replays_to(path, s.view), timeout=WAIT_MS)
        record = saved_record(path)
        assert record["ui"]["seats"] == RANDOMS
        match, events = replay(record)
        assert list(events_for(events, Seat.S)) == list(seen)
        checked += 1
        if s.view.hand_number == 2 and s.view.phase is Phase.PLAY:
            break
        if waiting == "next_hand":
            play_until(window, qtbot, lambda: s.waiting != "next_hand", rng)
        else:
            assert waiting == "human"
            human_turn(window, qtbot, rng)
    assert checked > 10 and len(s.view.history) == 1


def test_a_card_choice_is_offered_as_a_choose_cards(window, qtbot) -> None:
    """An SD burial is one ChooseCards of six cards: its count and check judge the selection,
    and the driver answers it through the widgets."""
    s = start_local(window, 2)
    rng = random.Random(2)
    for _ in range(20):
        assert wait_turn(window, qtbot) == "human", "the hand ended before the burial"
        choices = [m for m in s.human_legal if isinstance(m, ChooseCards)]
        if choices:
            break
        bids = [m for m in s.human_legal if m.kind is Act.BID]
        if bids:  # bid the most there is, to become the declarer who buries
            key = button_key(max(bids, key=lambda a: a.value))
            assert not answered(window, qtbot, lambda k=key: press(window, qtbot, k))
        else:
            human_turn(window, qtbot, rng)
    else:
        pytest.fail("the human never had to bury")
    (choice,) = choices
    assert choice.kind is Act.BURY and choice.count == 6 and choice.seat == Seat.S
    assert sorted(choice.hand) == sorted(s.view.hand)
    action = human_turn(window, qtbot, rng)
    assert action.kind is Act.BURY and len(action.cards) == 6 and choice.accepts(action.cards)


class HeldLink:
    """A table that keeps the seat's action unanswered until the test answers it."""

    remote = False
    seat = Seat.S

    def __init__(self) -> None:
        self.submitted: list[Action] = []

    def submit(self, action: Action) -> None:
        self.submitted.append(action)

    def caught_up(self, shown: int) -> None:
        pass


def test_a_refused_attempt_announced_first_keeps_the_action_unanswered(qtbot) -> None:
    """TR-LEAD-5: the table shows a refused throw to everybody (``AttemptRefused``) and then
    refuses it (``Table.submit``). The two come from the table's thread one after the other;
    the seat's action stays in flight until the refusal, so its reason is never missed."""
    played = random_play_until(
        Game.TR,
        lambda p: p.match.phase is Phase.PLAY and p.view.turn is Seat.S and bool(p.view.legal),
    )
    view = played.view
    link = HeldLink()
    s = Session(link)  # type: ignore[arg-type]
    messages: list[str] = []
    s.message.connect(messages.append)
    seen = Seen(s)
    s.deliver((), view)
    qtbot.waitUntil(lambda: s.waiting == "human", timeout=WAIT_MS)
    lead = next(m for m in view.legal if isinstance(m, Action) and m.kind is Act.PLAY)
    assert s.act(lead) and s.busy and link.submitted == [lead]
    others = ev.AttemptRefused(Seat.E, "throw", lead.cards)  # another seat's: not an answer
    s.deliver((others,), view)
    qtbot.waitUntil(lambda: len(seen.batches) == 2, timeout=WAIT_MS)
    assert not s.busy, "another seat's refused attempt answered this seat's action"
    assert s.act(lead) and s.busy
    s.deliver((ev.AttemptRefused(Seat.S, "throw", lead.cards),), view)
    qtbot.waitUntil(lambda: len(seen.batches) == 3, timeout=WAIT_MS)
    assert s.busy and not messages, "the announcement was taken for the answer"
    s.refuse("refused (TR-LEAD-5)")
    qtbot.waitUntil(lambda: not s.busy, timeout=WAIT_MS)
    assert messages == ["refused (TR-LEAD-5)"]
    assert s.waiting == "human" and s.human_legal == view.legal  # the table goes on as it was
