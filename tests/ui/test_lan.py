"""LAN play through the window: host a table from the GUI bridge, join it by address from a
second window, play through the real widgets. Loopback only, nothing announced."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from ui_driver import human_turn, press, select_cards

from shengji_desktop.engine.actions import Act
from shengji_desktop.net.discovery import FoundTable
from shengji_desktop.net.host import HostSettings
from shengji_desktop.rules.cards import Card, Seat, parse_cards
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.app import MainWindow
from shengji_desktop.ui.lan import RemoteController, parse_address, saved_token
from shengji_desktop.ui.lan_dialogs import HostDialog, HostedTable, JoinDialog

pytestmark = pytest.mark.gui


def make_window(qtbot, tmp_path, name: str) -> MainWindow:
    w = MainWindow(save_path=tmp_path / f"{name}.json", check_save=False)
    qtbot.addWidget(w)
    w.animator.set_speed("instant")
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def window(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, "host")
    yield w
    w.stop_controller()


@pytest.fixture
def alerts(monkeypatch):
    calls: list[object] = []
    monkeypatch.setattr(QApplication, "alert", staticmethod(lambda w, ms=0: calls.append(w)))
    return calls


def host(window: MainWindow, seats: list[str], seed: int = 7) -> RemoteController:
    settings = HostSettings(deal_pace=0, settle_pause=0.3, table_name="测试 table")
    table = HostedTable(
        Game.SD, Options(), seats, "Host", settings, port=0, bind="127.0.0.1", seed=seed
    )
    return window.host_table(table, advertise=None)


def hand_cards(window: MainWindow) -> list[int]:
    return sorted(int(i.card) for i in window.scene.hand if i.card is not None)


def start_from_lobby(window: MainWindow, qtbot) -> None:
    lobby = window.lobby_dialog
    assert lobby is not None and lobby.isVisible()
    qtbot.mouseClick(lobby.start_button, Qt.MouseButton.LeftButton)
    c = window.controller
    qtbot.waitUntil(lambda: c.lobby is not None and c.lobby.started and bool(c.view), timeout=10000)


def test_host_and_play_an_sd_hand_through_the_widgets(window, qtbot, alerts) -> None:
    c = host(window, ["open", "easy", "easy", "easy"])
    qtbot.waitUntil(lambda: c.lobby is not None and c.seat is not None, timeout=10000)
    assert c.seat == Seat.S
    table = window.lobby_dialog.table
    assert "Host" in table.item(0, 1).text()
    assert window.lan_status.isVisible() and "127.0.0.1" in window.lan_status.text()
    start_from_lobby(window, qtbot)
    qtbot.waitUntil(lambda: not window.lobby_dialog or not window.lobby_dialog.isVisible())
    rng = random.Random(3)
    turns = 0
    while c.waiting not in ("next_hand", "over"):
        qtbot.waitUntil(lambda: c.waiting in ("human", "next_hand", "over"), timeout=15000)
        if c.waiting != "human":
            break
        # the table shows exactly the hand of the host's view for this seat
        assert hand_cards(window) == sorted(int(x) for x in parse_cards(c.view["hand"]))
        assert window.scene.viewer == Seat.S
        before = c.seq
        human_turn(window, qtbot, rng)
        turns += 1
        qtbot.waitUntil(lambda b=before: c.seq > b, timeout=10000)
    assert c.waiting == "next_hand", c.waiting
    assert len(c.view["tricks"]) >= 3 or c.view.get("claim")
    assert turns >= 3
    assert window.overlay.isVisible()  # the settlement
    assert window in alerts  # the window was never active in the offscreen platform
    assert not c.errors


def test_join_by_address_takes_an_open_seat(window, qtbot, tmp_path) -> None:
    c = host(window, ["open", "open", "easy", "easy"], seed=11)
    qtbot.waitUntil(lambda: c.lobby is not None, timeout=10000)
    guest = make_window(qtbot, tmp_path, "guest")
    try:
        port = window.host_runner.port
        g = guest.join_table("127.0.0.1", port, "Guest")
        qtbot.waitUntil(lambda: g.seat is not None and g.lobby is not None, timeout=10000)
        assert g.seat == Seat.E
        assert saved_token("127.0.0.1", port) == g.token  # to come back after a crash
        qtbot.waitUntil(
            lambda: any(s.name == "Guest" and s.connected for s in c.lobby.seats), timeout=5000
        )
        assert guest.lobby_dialog is not None and not guest.lobby_dialog.start_button.isVisible()
        qtbot.mouseClick(guest.lobby_dialog.ready_box, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: any(s.seat == "E" and s.ready for s in c.lobby.seats), timeout=5000)
        start_from_lobby(window, qtbot)
        qtbot.waitUntil(lambda: bool(g.view), timeout=10000)
        rng = random.Random(5)
        for _ in range(60):
            qtbot.waitUntil(
                lambda: "human" in (c.waiting, g.waiting) or g.phase == "settled", timeout=15000
            )
            w = window if c.waiting == "human" else guest
            ctl = w.controller
            if ctl.waiting != "human":
                break
            assert hand_cards(w) == sorted(int(x) for x in parse_cards(ctl.view["hand"]))
            before = ctl.seq
            human_turn(w, qtbot, rng)
            qtbot.waitUntil(lambda b=before, x=ctl: x.seq > b, timeout=10000)
            if len(g.view.get("tricks", [])) >= 3:
                break
        assert guest.scene.viewer == Seat.E and guest.viewer == Seat.E
        assert len(g.view["tricks"]) >= 3
        assert g.view["hand_counts"]["E"] == len(hand_cards(guest))
        # the guest sees no other hand
        assert "hands" not in g.view
    finally:
        guest.stop_controller()


def test_an_illegal_play_shows_the_hosts_reason(window, qtbot) -> None:
    c = host(window, ["open", "easy", "easy", "easy"], seed=21)
    qtbot.waitUntil(lambda: c.lobby is not None, timeout=10000)
    start_from_lobby(window, qtbot)
    rng = random.Random(2)
    for _ in range(80):
        qtbot.waitUntil(lambda: c.waiting in ("human", "next_hand", "over"), timeout=15000)
        assert c.waiting == "human", "the hand ended before a chance to revoke"
        plays = [a for a in c.human_legal if a.kind is Act.PLAY]
        if plays and c.view.get("trick"):
            allowed = {a.cards for a in plays}
            wrong = [Card(x) for x in hand_cards(window) if (Card(x),) not in allowed]
            if wrong:
                break
        before = c.seq
        human_turn(window, qtbot, rng)
        qtbot.waitUntil(lambda b=before: c.seq > b, timeout=10000)
    else:
        pytest.fail("never had to follow suit")
    select_cards(window, qtbot, [wrong[0]])
    press(window, qtbot, "play")
    qtbot.waitUntil(lambda: bool(c.errors), timeout=5000)
    error = c.errors[-1]
    assert error.code == "illegal" and error.rule
    assert f"[{error.rule}]" in window.bar.notice.text()
    assert c.waiting == "human"  # nothing changed: still our turn


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


def test_the_hosted_table_is_saved_and_resumed_after_a_crash(qtbot, tmp_path) -> None:
    """Issue 7: the host autosaves the table; hosting it again from the save restores the
    match, and our seat is taken back with its token (the guests come back with theirs)."""
    first = make_window(qtbot, tmp_path, "crash")
    c = host(first, ["open", "easy", "easy", "easy"], seed=5)
    qtbot.waitUntil(lambda: c.lobby is not None and c.seat is not None, timeout=10000)
    start_from_lobby(first, qtbot)
    rng = random.Random(4)
    for _ in range(3):  # a few of our turns, then the host "crashes"
        qtbot.waitUntil(lambda: c.waiting == "human", timeout=15000)
        before = c.seq
        human_turn(first, qtbot, rng)
        qtbot.waitUntil(lambda b=before: c.seq > b, timeout=10000)
    saved = first.hosted_path
    qtbot.waitUntil(saved.exists, timeout=5000)
    runner = first.host_runner
    assert runner is not None and runner.host is not None
    match = runner.host.match
    qtbot.waitUntil(lambda: len(json_actions(saved)) == len(match.actions), timeout=5000)
    done = len(match.actions)
    first.stop_controller()
    first.close()

    second = make_window(qtbot, tmp_path, "crash")  # the same data folder
    second._update_resume_host()  # as when the Game menu opens
    assert second.resume_host_action.isEnabled()
    try:
        r = second.resume_hosted_table(saved, advertise=None, player="Host")
        qtbot.waitUntil(lambda: r.seat == Seat.S and bool(r.view), timeout=10000)
        assert second.host_runner is not None and second.host_runner.host is not None
        assert len(second.host_runner.host.match.actions) >= done  # nothing lost
        qtbot.waitUntil(lambda: r.waiting == "human", timeout=15000)
        before = r.seq
        human_turn(second, qtbot, rng)  # and the game goes on
        qtbot.waitUntil(lambda b=before: r.seq > b, timeout=10000)
        assert not r.errors
    finally:
        second.stop_controller()


def json_actions(path) -> list[object]:
    import json

    try:
        return list(json.loads(path.read_text(encoding="utf-8"))["record"]["actions"])
    except (OSError, ValueError, KeyError):
        return []
