"""The LAN table's aids in the window (issue 18): the host's move clock counted down on the
plate of the seat to act, 快捷语 bubbles at the sender's seat, the host dialog's time limit."""

from __future__ import annotations

import pytest
from test_lan import link_of, start_from_lobby
from ui_driver import WAIT_MS

from shengji_desktop.net.host import HostSettings
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.lan.aids import LanAids, phrases
from shengji_desktop.ui.lan.dialogs import HostDialog, HostedTable
from shengji_desktop.ui.table.items import Bubble
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "host.json", check_save=False)
    qtbot.addWidget(w)
    w.table.animator.set_speed("instant")
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.stop_session()


def hosted(window: MainWindow, qtbot, move_time: float | None) -> LanAids:
    settings = HostSettings(
        deal_pace=0, settle_pause=600, table_name="测试 table", move_time=move_time
    )
    table = HostedTable(
        Game.SD, Options(), ["open", "easy", "easy", "easy"], "Host", settings, port=0,
        bind="127.0.0.1", seed=7,
    )  # fmt: skip
    link = link_of(window.lan.host_table(table, advertise=None))
    qtbot.waitUntil(lambda: link.seat is not None, timeout=WAIT_MS)  # seated first
    start_from_lobby(window, qtbot)
    aids = window.lan.aids
    assert aids is not None
    return aids


def bubbles(window: MainWindow) -> list[str]:
    return [i.text for i in window.table.scene.items() if isinstance(i, Bubble)]


def test_the_move_clock_counts_down_on_the_plate_of_the_seat_to_act(
    window, qtbot, tmp_path
) -> None:
    aids = hosted(window, qtbot, move_time=30)
    badge = aids.badges[Seat.S]
    qtbot.waitUntil(badge.isVisible, timeout=WAIT_MS)  # S (the window's seat) is to act
    assert window.session is not None and window.session.view is not None
    assert 25 <= badge.seconds <= 30 and badge.text() == f"{badge.seconds} s"
    assert badge.parentItem() is window.table.scene.plates[Seat.S]
    assert not any(aids.badges[s].isVisible() for s in Seat if s is not Seat.S)
    # The client counts down the host's duration on its own clock.
    assert aids.clock is not None and aids.clock[0] is Seat.S
    aids.clock = (Seat.S, aids.clock[1] - 22)
    aids.tick()
    assert badge.seconds <= 8
    assert window.grab().save(str(tmp_path / "countdown.png"))
    window.stop_session()
    assert not badge.isVisible() and not aids.button.isVisible()


def test_two_timeouts_put_the_window_seat_into_autoplay_and_it_comes_back(window, qtbot) -> None:
    hosted(window, qtbot, move_time=0.3)
    link = link_of(window.session)
    action = window.autoplay.action

    def autoplay_at_host() -> bool:
        info = link.seat_info(Seat.S)
        return info is not None and info.autoplay

    qtbot.waitUntil(autoplay_at_host, timeout=WAIT_MS)  # nobody acts at S
    qtbot.waitUntil(action.isChecked, timeout=WAIT_MS)  # the window's toggle shows 托管
    assert window.autoplay.button is not None and window.autoplay.button.isChecked()
    action.setChecked(False)  # the person is back
    qtbot.waitUntil(lambda: not autoplay_at_host(), timeout=WAIT_MS)


def test_no_countdown_without_a_move_time(window, qtbot) -> None:
    aids = hosted(window, qtbot, move_time=None)
    s = window.session
    assert s is not None
    qtbot.waitUntil(lambda: s.view is not None and bool(s.view.legal), timeout=WAIT_MS)
    assert aids.clock is None and not any(b.isVisible() for b in aids.badges.values())


def test_quick_chat_shows_a_bubble_at_the_seat_and_the_limit_is_a_notice(
    window, qtbot, tmp_path
) -> None:
    aids = hosted(window, qtbot, move_time=None)
    assert aids.button.isVisible() and len(aids.menu.actions()) == len(phrases())
    link = link_of(window.session)
    said: list[tuple[Seat, int]] = []
    link.said.connect(lambda seat, n: said.append((seat, n)))
    aids.menu.actions()[1].trigger()
    qtbot.waitUntil(lambda: phrases()[1] in bubbles(window), timeout=WAIT_MS)
    assert said == [(Seat.S, 1)]
    assert window.grab().save(str(tmp_path / "chat.png"))
    aids.menu.actions()[2].trigger()  # at once again: the host says wait
    qtbot.waitUntil(lambda: "chat_rate" in window.statusBar().currentMessage(), timeout=WAIT_MS)
    assert said == [(Seat.S, 1)]
    assert link.connected  # not fatal
    assert not [e for e in link.errors if e.fatal]


def test_host_dialog_offers_a_time_per_move(qtbot) -> None:
    d = HostDialog()
    qtbot.addWidget(d)
    box = d.move_time_box
    assert [box.itemData(i) for i in range(box.count())] == [0, 15, 30, 60]
    box.setCurrentIndex(box.findData(30))
    assert d.table().settings.move_time == 30.0
    box.setCurrentIndex(box.findData(0))
    assert d.table().settings.move_time is None


def test_the_chat_button_keeps_off_the_kitty_and_the_autoplay_button(window, qtbot) -> None:
    """Issue 36 item 14: a kitty shown to all lies top left (TR-KITTY-2); the chat button sat
    over it. It stands top right now, under 托管's button, clear of both."""
    aids = hosted(window, qtbot, move_time=None)
    table = window.table
    autoplay = window.autoplay.button
    assert autoplay is not None and autoplay.isVisible() and aids.button.isVisible()
    chat = aids.button.geometry()
    assert not chat.intersects(autoplay.geometry())
    kitty = table.view.mapFromScene(
        table.scene.kitty_label.mapRectToScene(table.scene.kitty_label.boundingRect())
    ).boundingRect()
    assert not chat.intersects(kitty)
    assert chat.left() > table.view.viewport().width() // 2  # the right half
