"""旁观 through the window (issue 38): a second window watches a table the first one hosts,
sees the hand played with no hidden card, over the host's shoulder once the host allows it,
never acts and records nothing; Watch beside Join; the host dialog's announce box is
honoured and the table says whether it is announced. Loopback only, nothing announced."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from test_lan import host, link_of, make_window, start_from_lobby
from ui_driver import WAIT_MS, hand_cards, human_turn, wait_turn

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.net.discovery import FoundTable
from shengji_desktop.net.host import HostSettings
from shengji_desktop.net.protocol import PROTOCOL_VERSION
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.i18n import tr
from shengji_desktop.ui.lan import hosting as hosting_module
from shengji_desktop.ui.lan.dialogs import HostDialog, HostedTable, JoinDialog
from shengji_desktop.ui.session import stats as stats_link

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, "host")
    yield w
    w.stop_session()


@pytest.fixture
def watched(window, qtbot, tmp_path):
    """An SD table hosted by ``window`` (its player at S, three easy computers; a settlement
    stays up) and a second window watching it, connected: (the host's session, the
    watcher's window, the watcher's session)."""
    s = host(window, ["open", "easy", "easy", "easy"], seed=9, settle=600)
    hl = link_of(s)
    qtbot.waitUntil(lambda: hl.lobby is not None and hl.seat is not None, timeout=WAIT_MS)
    watcher = make_window(qtbot, tmp_path, "watcher")
    try:
        w = watcher.lan.watch_table("127.0.0.1", window.lan.runner.port, "看客")
        wl = link_of(w)
        qtbot.waitUntil(lambda: hl.watchers == ["看客"] and wl.connected, timeout=WAIT_MS)
        yield s, watcher, w
    finally:
        watcher.stop_session()


def test_a_second_window_watches_the_hand_over_the_hosts_shoulder(window, qtbot, watched):
    s, watcher, w = watched
    hl, wl = link_of(s), link_of(w)
    events: list[ev.Event] = []
    w.events_applied.connect(lambda batch, view: events.extend(batch))
    assert wl.watching and wl.seat is None and w.human is None
    assert not watcher.lan.lobby_dialog.ready_box.isVisible()
    label = watcher.lan.lobby_dialog.watchers_label
    qtbot.waitUntil(lambda: "看客" in label.text(), timeout=WAIT_MS)
    assert w not in stats_link._SEATS and s in stats_link._SEATS  # records nothing
    aids = window.lan.aids
    qtbot.waitUntil(lambda: "1" in aids.watch_button.text(), timeout=WAIT_MS)
    start_from_lobby(window, qtbot)
    qtbot.waitUntil(lambda: w.view is not None, timeout=WAIT_MS)
    assert w.view.hand == () and w.view.legal == () and hand_cards(watcher) == []
    # the host lets watchers see its hand: the watcher behind South sees it, the plates say so
    aids.set_shoulder(True)
    qtbot.waitUntil(lambda: wl.client.shoulder == "S", timeout=WAIT_MS)
    rng = random.Random(4)
    turns = 0
    while wait_turn(window, qtbot) == "human" and turns < 4:
        qtbot.waitUntil(lambda: w.view is not None and w.view.hand == s.view.hand, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: hand_cards(watcher) == sorted(s.view.hand), timeout=WAIT_MS)
        human_turn(window, qtbot, rng)
        turns += 1
    assert turns >= 1
    assert watcher.table.scene.names[Seat.S][1].endswith(tr("hand shown"))
    assert window.table.scene.names[Seat.S][1].endswith(tr("hand shown"))
    assert not w.act(Action(Act.PASS, Seat.S))  # a watcher never acts
    # no card of another hand was ever dealt to the watcher's eyes (GEN-INFO-1)
    dealt = [e for e in events if isinstance(e, ev.CardDealt)]
    assert dealt and all(e.card is None for e in dealt)
    # the watcher turns the table to watch from East, whose player has not allowed it
    watcher.lan.aids.look(Seat.E)
    qtbot.waitUntil(
        lambda: w.view.seat is Seat.E and w.view.hand == () and wl.client.shoulder is None,
        timeout=WAIT_MS,
    )
    qtbot.waitUntil(lambda: watcher.table.scene.viewer == Seat.E, timeout=WAIT_MS)
    assert watcher.table.viewer == Seat.E and hand_cards(watcher) == []
    assert not hl.errors and not [e for e in wl.errors if e.code != "chat_rate"]


def test_watch_beside_join(qtbot) -> None:
    d = JoinDialog(browse_seconds=0)
    qtbot.addWidget(d)
    assert d.watch_button.isVisible() or not d.isVisible()
    d.address_edit.setText("127.0.0.1:47000")
    qtbot.mouseClick(d.watch_button, Qt.MouseButton.LeftButton)
    assert d.watching and d.result() == JoinDialog.DialogCode.Accepted
    assert d.target()[:2] == ("127.0.0.1", 47000)


class Recorder:
    """The Advertiser's stand-in: what would be announced, and no multicast."""

    made: ClassVar[list[tuple[object, ...]]] = []
    updates: ClassVar[list[tuple[int, int, bool]]] = []

    def __init__(self, *args: object, **kw: object) -> None:
        self.made.append(args)

    async def start(self) -> None:
        pass

    async def update(self, free: int, watching: int = 0, started: bool = False) -> None:
        self.updates.append((free, watching, started))

    async def close(self) -> None:
        pass


@pytest.fixture
def recorder(monkeypatch):
    monkeypatch.setattr(Recorder, "made", [])
    monkeypatch.setattr(Recorder, "updates", [])
    monkeypatch.setattr(hosting_module, "Advertiser", Recorder)
    return Recorder


def test_the_announcement_and_the_join_list_count_the_watchers(
    window, qtbot, tmp_path, recorder
) -> None:
    """The LAN list shows how many watch a table and whether its match is on: the host
    announces them as they change (a watcher comes, the match starts, the watcher goes)."""
    settings = HostSettings(deal_pace=0, settle_pause=600, table_name="看桌")
    table = HostedTable(
        Game.SD, Options(), ["open", "easy", "easy", "easy"], "Host", settings,
        bind="127.0.0.1", advertise=True,
    )  # fmt: skip
    s = window.lan.host_table(table)
    hl = link_of(s)
    qtbot.waitUntil(lambda: hl.lobby is not None and hl.seat is not None, timeout=WAIT_MS)
    assert len(recorder.made) == 1
    watcher = make_window(qtbot, tmp_path, "watcher")
    try:
        watcher.lan.watch_table("127.0.0.1", window.lan.runner.port, "看客")
        qtbot.waitUntil(lambda: (0, 1, False) in recorder.updates, timeout=WAIT_MS)
        start_from_lobby(window, qtbot)
        qtbot.waitUntil(lambda: (0, 1, True) in recorder.updates, timeout=WAIT_MS)
    finally:
        watcher.stop_session()
    qtbot.waitUntil(lambda: recorder.updates[-1] == (0, 0, True), timeout=WAIT_MS)
    d = JoinDialog(browse_seconds=0)
    qtbot.addWidget(d)
    d.set_tables(
        [
            FoundTable(
                "看桌", "10.0.0.5", 47001, "sd", 0, PROTOCOL_VERSION, watching=1, started=True
            ),
            FoundTable("空桌", "10.0.0.6", 47001, "sd", 3, PROTOCOL_VERSION),
        ]
    )
    assert "in play · 1 watching" in d.list.item(0).text()
    assert "3 open seats" in d.list.item(1).text() and "watching" not in d.list.item(1).text()


def test_an_unticked_announce_box_announces_nothing(window, qtbot, recorder) -> None:
    """Defect 2: the box is honoured (no Advertiser is made) and the table says so."""
    made = recorder.made
    d = HostDialog()
    qtbot.addWidget(d)
    assert d.advertise_box.isChecked() and "Not" not in d.advertise_note.text()
    d.advertise_box.setChecked(False)
    assert not d.table().advertise
    assert d.advertise_note.text().startswith(("Not announced", "未公布"))
    settings = HostSettings(deal_pace=0, settle_pause=0, table_name="quiet")
    table = HostedTable(
        Game.SD, Options(), ["open"] * 4, "Host", settings, bind="127.0.0.1", advertise=False
    )
    s = window.lan.host_table(table)  # the window's default is to announce: the box wins
    qtbot.waitUntil(lambda: link_of(s).lobby is not None, timeout=WAIT_MS)
    assert made == [] and window.lan.runner.advertiser is None
    assert not window.lan.runner.announced
    label = window.lan.lobby_dialog.announced.text()
    assert label.startswith(("Not announced", "未公布"))
    window.stop_session()
    announced = HostedTable(
        Game.SD, Options(), ["open"] * 4, "Host", settings, bind="127.0.0.1", advertise=True
    )
    window.lan.host_table(announced)
    assert len(made) == 1 and window.lan.runner.announced


def test_a_watcher_reads_bottom_not_you_and_sees_each_settlement(window, qtbot, watched):
    """The watcher does not play the bottom seat: its plates, panel, log and score sheet name
    that seat "Bottom" and its moves in the third person; the settlement shows to it too, with
    Close, its bar's watching line out of the way meanwhile; a change of language reaches the
    LAN table's buttons. The host's own window still says "You"."""
    s, watcher, w = watched
    try:
        start_from_lobby(window, qtbot)
        qtbot.waitUntil(lambda: w.view is not None, timeout=WAIT_MS)
        rng = random.Random(4)
        while wait_turn(window, qtbot) == "human":
            human_turn(window, qtbot, rng)
        assert s.waiting == "next_hand"
        table = watcher.table
        qtbot.waitUntil(lambda: table.overlay.isVisible(), timeout=WAIT_MS)  # the settlement
        you, bottom = tr("You"), tr("Bottom")
        assert table.scene.names[Seat.S][0] == bottom
        assert window.table.scene.names[Seat.S][0] == you
        assert you not in {name for name, _ in table.scene.names.values()}
        panel = table.panel
        assert bottom in panel.decl_label.text() or bottom in panel.teams_label.text()
        assert you not in panel.coins_label.text() and bottom in panel.coins_label.text()
        lines = table.log.lines
        assert any(line.startswith(bottom + " ") for line in lines)
        assert not any(line.split()[0] in (you, "Your") for line in lines if line)
        assert bottom in table.score.columns()
        settled = [label.text() for label in table.overlay.findChildren(QLabel)]
        assert any(bottom in t for t in settled) and not any(you in t.split() for t in settled)
        assert "next" in table.overlay.buttons and not table.bar.prompt.isVisible()
        qtbot.mouseClick(table.overlay.buttons["next"], Qt.MouseButton.LeftButton)  # Close
        assert not table.overlay.isVisible() and table.bar.prompt.isVisible()
        assert "旁观" in table.bar.prompt.text()
        watcher.set_language("zh")
        qtbot.waitUntil(lambda: "下方" in table.scene.names[Seat.S][0], timeout=WAIT_MS)
        assert watcher.lan.aids.button.text() == "快捷语"
        assert "旁观" in watcher.lan.aids.watch_button.text()
        connected = tr("Connected to {address}:{port}").format(
            address="127.0.0.1", port=window.lan.runner.port
        )
        assert watcher.lan_status.text() == "● " + connected  # the status line too
    finally:
        watcher.set_language("en")
