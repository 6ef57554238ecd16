"""A table open to the internet through the window (issue 39): the host dialog's option, the
lobby's invite code (Copy, its QR code, what the router said), a second window joining by
that code over TLS with the fingerprint pinned, a mistyped or stale code said in the join
dialog. Loopback only: the router is tests/net's fake one, given by its location (no SSDP
search), and its external address is 127.0.0.1."""

from __future__ import annotations

import asyncio
import dataclasses
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton
from test_lan import make_window
from ui_driver import WAIT_MS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from fake_router import FakeRouter

from shengji_desktop.net import invite as inv
from shengji_desktop.net.host import HostSettings
from shengji_desktop.net.portmap import PortMapper
from shengji_desktop.net.tls import format_fingerprint
from shengji_desktop.rules.cards import Seat
from shengji_desktop.ui.lan import code as lan_code
from shengji_desktop.ui.lan.dialogs import HostDialog, JoinDialog
from shengji_desktop.ui.lan.link import RemoteLink
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


class Router:
    """The fake router on an event loop of its own thread (the host's loop is the table's)."""

    def __init__(self, **kwargs: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.fake = FakeRouter(external_ip="127.0.0.1", **kwargs)
        self._run(self.fake.start())

    def _run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    def mapper(self, port: int) -> PortMapper:
        return PortMapper(port, igd_location=self.fake.location, search=False, natpmp=False)

    def close(self) -> None:
        self._run(self.fake.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@pytest.fixture
def router():
    r = Router()
    yield r
    r.close()


@pytest.fixture
def refusing_router():
    r = Router(refuse=True)
    yield r
    r.close()


def dispose(*dialogs: Any) -> None:
    """Delete dialogs now, while their Python side is whole: one left to a garbage collection
    in the middle of a test may lose its window-fitting filters' wrappers first, and their
    eventFilter then fails as Qt takes the dialog apart."""
    for dialog in dialogs:
        shiboken6.delete(dialog)


@pytest.fixture
def window(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, "host")
    yield w
    w.stop_session()


def host_for_the_internet(
    window: MainWindow, qtbot, router: Router, addresses: list[str] | None = None
) -> Any:
    """Tick the host dialog's option (remembered), host on the loopback, wait for the code."""
    d = HostDialog()
    assert not d.internet_box.isChecked()  # off by default
    d.internet_box.setChecked(True)
    d.seat_boxes[0].setCurrentIndex(d.seat_boxes[0].findData("open"))
    d.remember()
    again = HostDialog()
    assert again.internet_box.isChecked()
    table = dataclasses.replace(d.table(), bind="127.0.0.1", player="Host")
    dispose(d, again)
    table.settings = HostSettings(deal_pace=0, settle_pause=0.3, table_name="远方 table")
    assert table.internet
    window.lan.port_mapper = router.mapper
    # the code: the router's external address (the loopback), and ``addresses``
    window.lan.reach_addresses = ([], addresses or [])
    s = window.lan.host_table(table, advertise=None)
    lobby = window.lan.lobby_dialog
    assert lobby is not None and lobby.invite is not None
    qtbot.waitUntil(lambda: bool(lobby.invite.code_edit.text()), timeout=WAIT_MS)
    link = s.link
    assert isinstance(link, RemoteLink)
    qtbot.waitUntil(lambda: link.seat is not None, timeout=WAIT_MS)
    return lobby


def test_the_lobby_shows_a_code_that_joins_a_second_window_over_tls(
    window, qtbot, tmp_path, router, monkeypatch
) -> None:
    lobby = host_for_the_internet(window, qtbot, router)
    runner = window.lan.runner
    panel = lobby.invite
    code = panel.code_edit.text()
    invite = inv.decode(code)
    assert invite.port == runner.port and invite.addresses == ("127.0.0.1",)
    assert invite.fingerprint == runner.fingerprint[: inv.PIN_BYTES] and runner.fingerprint
    assert invite.secret == runner.settings.join_secret
    assert runner.port in router.fake.mappings  # the router was asked, off the GUI thread
    assert "127.0.0.1:" in panel.mapping.text() and "UPnP" in panel.mapping.text()
    assert str(len(code.replace("-", ""))) in panel.about.text()
    short = format_fingerprint(runner.fingerprint, groups=4)
    assert len(short.replace(" ", "")) == 16 and short in lobby.fingerprint.text()
    qtbot.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == code
    import segno

    assert panel.qr.matrix and panel.qr.matrix == tuple(segno.make(code, micro=False).matrix)
    assert panel.qr.width() > len(panel.qr.matrix) * lan_code.QR_MODULE  # with its margin

    guest = make_window(qtbot, tmp_path, "guest")

    def exec_(dialog: JoinDialog) -> int:  # the player pastes the code and presses Join
        dialog.code_edit.setText(code)
        dialog.name_edit.setText("Guest")
        assert dialog.address_edit.text() == f"127.0.0.1:{runner.port}"
        assert short in dialog.code_note.text() and not dialog.error_label.text()
        qtbot.mouseClick(dialog.findChild(QPushButton, "join"), Qt.MouseButton.LeftButton)
        return dialog.result()

    monkeypatch.setattr(JoinDialog, "exec", exec_)
    try:
        guest.lan.ask_join()
        g = guest.session
        assert g is not None and isinstance(g.link, RemoteLink)
        gl = g.link
        qtbot.waitUntil(lambda: gl.seat is not None and gl.lobby is not None, timeout=WAIT_MS)
        assert gl.seat == Seat.E and gl.pinned
        assert gl.client.pin == invite.fingerprint and gl.client.secret == invite.secret
        assert gl.peer_fingerprint == runner.fingerprint  # TLS, the certificate checked
        guest_lobby = guest.lan.lobby_dialog
        assert guest_lobby is not None and guest_lobby.invite is None
        qtbot.waitUntil(lambda: short in guest_lobby.fingerprint.text(), timeout=WAIT_MS)
        host_link = window.session.link
        qtbot.waitUntil(
            lambda: any(s.name == "Guest" and s.connected for s in host_link.lobby.seats),
            timeout=WAIT_MS,
        )
        # Watch by code: the same code, the Watch button (旁观, no seat)
        dialog = JoinDialog(browse_seconds=0)
        assert dialog.code_edit.text() == code  # kept, to try another address with it
        dialog.name_edit.setText("Fan")
        qtbot.mouseClick(dialog.watch_button, Qt.MouseButton.LeftButton)
        assert dialog.watching and dialog.invite == invite
        address, port, name = dialog.target()
        w = guest.lan.watch_table(address, port, name, invite=dialog.invite)
        dispose(dialog)
        wl = w.link
        qtbot.waitUntil(lambda: wl.welcomed and wl.lobby is not None, timeout=WAIT_MS)
        assert wl.seat is None and wl.peer_fingerprint == runner.fingerprint
        qtbot.waitUntil(lambda: host_link.lobby.watchers == ["Fan"], timeout=WAIT_MS)
    finally:
        guest.stop_session()
    window.stop_session()  # the table closes: its mapping goes with it
    assert router.fake.mappings == {}


def test_a_mistyped_or_stale_code_is_said_in_the_dialog_and_opens_nothing(
    window, qtbot, monkeypatch
) -> None:
    good = inv.encode(inv.make_invite(["127.0.0.1"], 47000, inv.new_secret(), b"\x01" * 32))
    typo = ("1" if good[0] != "1" else "2") + good[1:]
    stale = inv.encode(
        inv.make_invite(
            ["127.0.0.1"], 47000, inv.new_secret(), b"\x01" * 32, now=time.time() - 72 * 3600
        )
    )
    shown: list[str] = []

    def exec_(dialog: JoinDialog) -> int:
        for bad in (typo, stale, "hello?"):
            dialog.code_edit.setText(bad)
            qtbot.mouseClick(dialog.findChild(QPushButton, "join"), Qt.MouseButton.LeftButton)
            assert dialog.result() != JoinDialog.DialogCode.Accepted
            shown.append(dialog.error_label.text())
        return dialog.result()  # the player gives up: Cancel

    monkeypatch.setattr(JoinDialog, "exec", exec_)
    before = window.session
    window.lan.ask_join()
    assert window.session is before and window.lan.lobby_dialog is None  # nothing opened
    assert shown[0] == lan_code.invite_error_text(inv.InviteError("checksum", ""))
    assert "mistyped" in shown[0] and "expired" in shown[1] and "invite code" in shown[2]
    assert all("Traceback" not in text and "Error" not in text for text in shown)


def test_a_refusing_router_says_to_forward_the_port_and_the_table_opens(
    window, qtbot, refusing_router
) -> None:
    lobby = host_for_the_internet(window, qtbot, refusing_router, ["127.0.0.1"])
    runner = window.lan.runner
    text = lobby.invite.mapping.text()
    assert "No port mapping" in text and f"forward TCP port {runner.port}" in text, text
    assert "UPnP" in lobby.invite.mapping.toolTip()  # why, for those who want to know
    invite = inv.decode(lobby.invite.code_edit.text())
    assert invite.addresses == ("127.0.0.1",) and invite.port == runner.port
    assert refusing_router.fake.mappings == {} and refusing_router.fake.calls
    link = window.session.link
    assert link.connected and link.seat == Seat.S and lobby.isVisible()  # the table is open
    panel, code = lobby.invite, lobby.invite.code_edit.text()
    english = [panel.title(), panel.copy_button.text(), panel.about.text(), text]
    try:  # the lobby stays open beside the window: a change of language reaches the panel
        window.set_language("zh")
        qtbot.waitUntil(lambda: panel.copy_button.text() != english[1], timeout=WAIT_MS)
        chinese = [panel.title(), panel.copy_button.text(), panel.about.text()]
        chinese.append(panel.mapping.text())
        assert all(e != z for e, z in zip(english, chinese, strict=True)), chinese
        assert str(runner.port) in chinese[3] and panel.code_edit.text() == code
    finally:
        window.set_language("en")
    qtbot.waitUntil(lambda: panel.copy_button.text() == english[1], timeout=WAIT_MS)
    assert [panel.title(), panel.copy_button.text(), panel.about.text()] == english[:3]


def test_an_address_written_by_hand_is_tried_first_and_a_failure_names_each(qtbot) -> None:
    """The code's table does not answer: the player writes the address the host tells; the
    code's fingerprint and secret still go with it, and a failure says where it looked."""
    import socket

    from shengji_desktop.ui.lan.tables import by_code

    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        dead = s.getsockname()[1]
    code = inv.encode(inv.make_invite(["127.0.0.1"], dead, "ab" * 6, b"\x02" * 32))
    d = JoinDialog(browse_seconds=0)
    d.code_edit.setText(code)
    assert (
        d.address_edit.text() == f"127.0.0.1:{dead}" and f"127.0.0.1:{dead}" in d.code_note.text()
    )
    d.address_edit.setText(f"localhost:{dead}")
    address, port, _ = d.target()
    invite = d.invite
    dispose(d)
    assert invite is not None
    link = RemoteLink(address, port, "x", reconnect_for=0, **by_code(invite))
    assert link.tried == [f"localhost:{dead}", f"127.0.0.1:{dead}"]
    assert link.client.pin == invite.fingerprint and link.client.secret == "ab" * 6
    with qtbot.waitSignal(link.ended, timeout=WAIT_MS) as ended:
        link.threaded.start()
    assert f"localhost:{dead}" in ended.args[0] and f"127.0.0.1:{dead}" in ended.args[0]
    assert ended.args[0].startswith("Could not join at")


def test_a_table_of_the_lan_list_is_joined_with_its_announced_certificate_pinned(
    window, qtbot, monkeypatch
) -> None:
    """Issue 39: the LAN announcement carries the table's fingerprint (shown in the list); a
    join from the list pins it, a join by an address typed over it does not."""
    from shengji_desktop.net.discovery import FoundTable
    from shengji_desktop.net.protocol import PROTOCOL_VERSION

    fp = bytes(range(32))
    asked: list[tuple[str, int, bytes | None]] = []

    def join_table(address, port, name, invite=None, pinned=None):
        asked.append((address, port, pinned))

    monkeypatch.setattr(window.lan, "join_table", join_table)

    def exec_(dialog: JoinDialog) -> int:
        dialog.set_tables([FoundTable("桌", "10.0.0.5", 47001, "tr", 2, PROTOCOL_VERSION, fp)])
        assert format_fingerprint(fp, groups=4) in dialog.list.item(0).text()
        dialog.list.setCurrentRow(0)
        assert dialog.pinned == fp and dialog.address_edit.text() == "10.0.0.5:47001"
        qtbot.mouseClick(dialog.findChild(QPushButton, "join"), Qt.MouseButton.LeftButton)
        return dialog.result()

    monkeypatch.setattr(JoinDialog, "exec", exec_)
    window.lan.ask_join()
    assert asked == [("10.0.0.5", 47001, fp)]

    def typed(dialog: JoinDialog) -> int:
        dialog.set_tables([FoundTable("桌", "10.0.0.5", 47001, "tr", 2, PROTOCOL_VERSION, fp)])
        dialog.list.setCurrentRow(0)
        dialog.address_edit.clear()
        qtbot.keyClicks(dialog.address_edit, "10.0.0.9:47001")  # another table: nothing pinned
        assert dialog.pinned is None
        qtbot.mouseClick(dialog.findChild(QPushButton, "join"), Qt.MouseButton.LeftButton)
        return dialog.result()

    monkeypatch.setattr(JoinDialog, "exec", typed)
    window.lan.ask_join()
    assert asked[-1] == ("10.0.0.9", 47001, None)
