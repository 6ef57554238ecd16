"""LAN play through the window: host a table from the GUI bridge, join it by address from a
second window, play through the real widgets. Loopback only, nothing announced."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from ui_driver import WAIT_MS, Seen, hand_cards, human_turn, select_cards, wait_turn

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.net.discovery import FoundTable
from shengji_desktop.net.host import HostSettings
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.lan.dialogs import HostDialog, HostedTable, JoinDialog
from shengji_desktop.ui.lan.link import RemoteLink, parse_address, saved_token
from shengji_desktop.ui.session.session import Session
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


def make_window(qtbot, tmp_path, name: str) -> MainWindow:
    w = MainWindow(save_path=tmp_path / f"{name}.json", check_save=False)
    qtbot.addWidget(w)
    w.table.animator.set_speed("instant")
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def window(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, "host")
    yield w
    w.stop_session()


@pytest.fixture
def alerts(monkeypatch):
    calls: list[object] = []
    monkeypatch.setattr(QApplication, "alert", staticmethod(lambda w, ms=0: calls.append(w)))
    return calls


def link_of(s: Session) -> RemoteLink:
    assert isinstance(s.link, RemoteLink)
    return s.link


def host(window: MainWindow, seats: list[str], seed: int = 7, settle: float = 0.3) -> Session:
    """Host a table from the window and sit at its first open seat. ``settle``: seconds the
    host leaves a settlement up before it deals the next hand by itself."""
    settings = HostSettings(deal_pace=0, settle_pause=settle, table_name="测试 table")
    table = HostedTable(
        Game.SD, Options(), seats, "Host", settings, port=0, bind="127.0.0.1", seed=seed
    )
    s = window.lan.host_table(table, advertise=None)
    assert window.session is s and s.remote
    return s


def start_from_lobby(window: MainWindow, qtbot) -> None:
    lobby = window.lan.lobby_dialog
    assert lobby is not None and lobby.isVisible()
    qtbot.mouseClick(lobby.start_button, Qt.MouseButton.LeftButton)
    s = window.session
    link = link_of(s)
    qtbot.waitUntil(
        lambda: link.lobby is not None and link.lobby.started and s.view is not None,
        timeout=WAIT_MS,
    )


def test_host_and_play_an_sd_hand_through_the_widgets(window, qtbot, alerts) -> None:
    s = host(window, ["open", "easy", "easy", "easy"], settle=600)  # the settlement stays
    link = link_of(s)
    qtbot.waitUntil(lambda: link.lobby is not None and link.seat is not None, timeout=WAIT_MS)
    assert link.seat == Seat.S and s.human == Seat.S
    table = window.lan.lobby_dialog.table
    assert "Host" in table.item(0, 1).text()
    assert window.lan_status.isVisible() and "127.0.0.1" in window.lan_status.text()
    start_from_lobby(window, qtbot)
    qtbot.waitUntil(lambda: not window.lan.lobby_dialog or not window.lan.lobby_dialog.isVisible())
    rng = random.Random(3)
    turns = 0
    while wait_turn(window, qtbot) == "human":
        # the table shows exactly the hand of the host's view for this seat
        assert hand_cards(window) == sorted(s.view.hand)
        assert window.table.scene.viewer == Seat.S
        before = link.seq
        human_turn(window, qtbot, rng)
        assert link.seq > before
        turns += 1
    assert s.waiting == "next_hand", s.waiting
    assert len(s.view.tricks) >= 3 or s.view.counts == (0, 0, 0, 0)  # or a claim
    assert turns >= 3
    assert window.table.overlay.isVisible()  # the settlement
    assert window in alerts  # the window was never active in the offscreen platform
    assert not link.errors


def test_join_by_address_takes_an_open_seat(window, qtbot, tmp_path) -> None:
    c = host(window, ["open", "open", "easy", "easy"], seed=11)
    hl = link_of(c)
    qtbot.waitUntil(lambda: hl.lobby is not None, timeout=WAIT_MS)
    guest = make_window(qtbot, tmp_path, "guest")
    try:
        port = window.lan.runner.port
        g = guest.lan.join_table("127.0.0.1", port, "Guest")
        gl = link_of(g)
        seen = Seen(g)
        qtbot.waitUntil(lambda: gl.seat is not None and gl.lobby is not None, timeout=WAIT_MS)
        assert gl.seat == Seat.E
        assert saved_token("127.0.0.1", port) == gl.token  # to come back after a crash
        qtbot.waitUntil(
            lambda: any(s.name == "Guest" and s.connected for s in hl.lobby.seats),
            timeout=WAIT_MS,
        )
        dialog = guest.lan.lobby_dialog
        assert dialog is not None and not dialog.start_button.isVisible()
        qtbot.mouseClick(dialog.ready_box, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: any(s.seat == "E" and s.ready for s in hl.lobby.seats), timeout=WAIT_MS
        )
        start_from_lobby(window, qtbot)
        qtbot.waitUntil(lambda: g.view is not None, timeout=WAIT_MS)
        rng = random.Random(5)
        for _ in range(60):
            qtbot.waitUntil(
                lambda: "human" in (c.waiting, g.waiting) or g.waiting in ("next_hand", "over"),
                timeout=WAIT_MS,
            )
            w = window if c.waiting == "human" else guest
            s = w.session
            if s.waiting != "human":
                break
            assert hand_cards(w) == sorted(s.view.hand)
            human_turn(w, qtbot, rng)
            if len(g.view.tricks) >= 3:
                break
        assert guest.table.scene.viewer == Seat.E and guest.table.viewer == Seat.E
        assert len(g.view.tricks) >= 3
        assert g.view.seat == Seat.E
        assert g.view.counts[Seat.E] == len(g.view.hand) == len(hand_cards(guest))
        # the guest saw no other seat's cards dealt (GEN-INFO-1)
        dealt = [e for e in seen if isinstance(e, ev.CardDealt)]
        assert dealt and all((e.card is None) == (e.seat != Seat.E) for e in dealt)
    finally:
        guest.stop_session()


def test_an_illegal_play_shows_the_hosts_reason(window, qtbot) -> None:
    s = host(window, ["open", "easy", "easy", "easy"], seed=21)
    link = link_of(s)
    qtbot.waitUntil(lambda: link.lobby is not None, timeout=WAIT_MS)
    start_from_lobby(window, qtbot)
    rng = random.Random(2)
    for _ in range(80):
        assert wait_turn(window, qtbot) == "human", "the hand ended before a chance to revoke"
        plays = [m for m in s.human_legal if m.kind is Act.PLAY]
        if plays and s.view.trick:
            allowed = {m.cards for m in plays}
            wrong = [x for x in hand_cards(window) if (x,) not in allowed]
            if wrong:
                break
        human_turn(window, qtbot, rng)
    else:
        pytest.fail("never had to follow suit")
    view = s.view
    # The window judges a selection itself; an action sent anyway reaches the host, which
    # refuses it with the rule (the session's act() skips the window's own check).
    select_cards(window, qtbot, [wrong[0]])
    window.table.refresh_actions()
    assert not window.table.bar.buttons["play"].isEnabled()
    check = s.check_play([wrong[0]])
    assert not check.ok and check.message in window.table.bar.notice_text
    with qtbot.waitSignal(s.message, timeout=WAIT_MS) as refused:
        assert s.act(Action(Act.PLAY, Seat.S, (wrong[0],)))
    qtbot.waitUntil(lambda: bool(link.errors) and not s.busy, timeout=WAIT_MS)
    error = link.errors[-1]
    assert error.code == "illegal" and error.rule
    assert f"[{error.rule}]" in refused.args[0]
    assert f"[{error.rule}]" in window.table.bar.notice_text
    assert s.waiting == "human" and s.view is view  # nothing changed: still our turn
    assert hand_cards(window) == sorted(view.hand)


def test_host_dialog_and_join_dialog(qtbot) -> None:
    d = HostDialog()
    qtbot.addWidget(d)
    d.game_box.setCurrentIndex(d.game_box.findData("sd"))
    d.seat_boxes[1].setCurrentIndex(d.seat_boxes[1].findData("hard"))
    d.name_edit.setText("Li")
    t = d.table()
    assert t.game is Game.SD and t.seats[0] == "open" and t.seats[2] == "hard"
    assert t.player == "Li" and t.port == 0
    j = JoinDialog(browse_seconds=0)
    qtbot.addWidget(j)
    j.set_tables([FoundTable("桌", "10.0.0.5", 47001, "tr", 2, 1)])
    j.list.setCurrentRow(0)
    j.name_edit.setText("Wang")
    assert j.target() == ("10.0.0.5", 47001, "Wang")
    with pytest.raises(ValueError):
        parse_address("nohost")


def json_actions(path) -> int:
    from shengji_desktop.engine.record import load_saved

    try:
        return len(load_saved(path, "table file").match.actions)
    except (OSError, ValueError, KeyError):
        return -1


def test_the_hosted_table_is_saved_and_resumed_after_a_crash(qtbot, tmp_path) -> None:
    """Issue 7: the host autosaves the table; hosting it again from the save restores the
    match, and our seat is taken back with its token (the guests come back with theirs)."""
    first = make_window(qtbot, tmp_path, "crash")
    c = host(first, ["open", "easy", "easy", "easy"], seed=5)
    link = link_of(c)
    qtbot.waitUntil(lambda: link.lobby is not None and link.seat is not None, timeout=WAIT_MS)
    start_from_lobby(first, qtbot)
    rng = random.Random(4)
    for _ in range(3):  # a few of our turns, then the host "crashes"
        assert wait_turn(first, qtbot) == "human"
        human_turn(first, qtbot, rng)
    assert wait_turn(first, qtbot) == "human"  # the host waits for us: nothing moves
    view = c.view
    saved = first.lan.hosted_path
    done = link.seq  # the update's seq counts the match's actions
    qtbot.waitUntil(lambda: json_actions(saved) == done, timeout=WAIT_MS)
    first.stop_session()
    first.close()

    second = make_window(qtbot, tmp_path, "crash")  # the same data folder
    second.lan.update_resume_action()  # as when the Game menu opens
    assert second.resume_host_action.isEnabled()
    try:
        r = second.lan.resume_hosted_table(saved, advertise=None, player="Host")
        rl = link_of(r)
        qtbot.waitUntil(lambda: rl.seat == Seat.S and r.view is not None, timeout=WAIT_MS)
        assert wait_turn(second, qtbot) == "human"
        assert rl.seq == done  # nothing lost, nothing played without us
        assert r.view == view  # the same seat view as before the crash
        assert hand_cards(second) == sorted(view.hand)
        human_turn(second, qtbot, rng)  # and the game goes on
        assert rl.seq > done
        assert not rl.errors
    finally:
        second.stop_session()


def test_a_guest_who_blips_in_the_lobby_comes_back_with_a_new_token(window, qtbot, tmp_path):
    """The seat waits for its guest, and the window keeps the new token it is welcomed with."""
    c = host(window, ["open", "open", "easy", "easy"], seed=11)
    hl = link_of(c)
    qtbot.waitUntil(lambda: hl.lobby is not None, timeout=WAIT_MS)
    guest = make_window(qtbot, tmp_path, "guest")
    try:
        runner = window.lan.runner
        g = guest.lan.join_table("127.0.0.1", runner.port, "Guest")
        gl = link_of(g)
        qtbot.waitUntil(lambda: gl.seat is not None and gl.token is not None, timeout=WAIT_MS)
        first = gl.token
        conn = runner.host.seats[Seat.E].conn
        runner._loop.call_soon_threadsafe(conn.writer.transport.abort)  # a blip
        qtbot.waitUntil(lambda: gl.token != first and gl.connected, timeout=WAIT_MS)
        assert gl.seat == Seat.E and saved_token("127.0.0.1", runner.port) == gl.token
        assert runner.host.seats[Seat.E].token == gl.token
    finally:
        guest.stop_session()


def test_the_lobby_follows_a_change_of_language(window, qtbot) -> None:
    """The lobby stays open beside the window, whose menu may change the language: every word
    of it changes with the rest (it kept the language it was opened in)."""
    s = host(window, ["open", "easy", "easy", "hard"])
    link = link_of(s)
    qtbot.waitUntil(lambda: link.lobby is not None and link.seat is not None, timeout=WAIT_MS)
    lobby = window.lan.lobby_dialog
    assert lobby is not None and lobby.isVisible()

    def words() -> list[str]:
        table = lobby.table
        return [
            lobby.windowTitle(),
            lobby.title.text(),
            lobby.ready_box.text(),
            lobby.start_button.text(),
            lobby.leave_button.text(),
            lobby.fill_box.currentText(),
            lobby.status.text(),
            lobby.watchers_label.text(),
            lobby.fingerprint.text(),
            lobby.announced.text() if lobby.announced is not None else "",
            *(table.horizontalHeaderItem(c).text() for c in range(4)),
            *(table.item(r, c).text() for r in range(4) for c in range(4)),
        ]

    english = words()
    assert "Start the match" in english and any("Hard" in w for w in english)
    try:
        window.set_language("zh")
        qtbot.waitUntil(lambda: lobby.start_button.text() == "开始比赛", timeout=WAIT_MS)
        chinese = words()
        changed = [e != z for e, z in zip(english, chinese, strict=True) if e.strip("✓… ")]
        assert all(changed), [e for e, z in zip(english, chinese, strict=True) if e == z]
    finally:
        window.set_language("en")
    qtbot.waitUntil(lambda: words() == english, timeout=WAIT_MS)
