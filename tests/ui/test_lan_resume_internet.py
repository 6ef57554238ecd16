"""A table open to the internet, hosted in the window and resumed after a crash (issue 39):
it is open to the internet again without being asked (the table file kept the option and
its join secret), with the same certificate (the identity file is kept), a new mapping from
the router and a code in the lobby again. Loopback only: tests/net's fake router."""

from __future__ import annotations

import pytest
from test_lan_code import Router, host_for_the_internet, make_window
from ui_driver import WAIT_MS

from shengji_desktop.net import invite as inv
from shengji_desktop.net.persistence import read_table
from shengji_desktop.rules.cards import Seat
from shengji_desktop.ui.lan.link import RemoteLink

pytestmark = pytest.mark.gui


@pytest.fixture
def router():
    r = Router()
    yield r
    r.close()


def saved_secret(path) -> str | None:
    try:
        return read_table(path).join_secret
    except (OSError, ValueError):
        return None


def test_a_table_open_to_the_internet_resumed_after_a_crash_is_open_again(
    qtbot, tmp_path, router
) -> None:
    first = make_window(qtbot, tmp_path, "crash")
    lobby = host_for_the_internet(first, qtbot, router)
    runner = first.lan.runner
    before = inv.decode(lobby.invite.code_edit.text())
    secret, fingerprint = runner.settings.join_secret, runner.fingerprint
    saved = first.lan.hosted_path
    qtbot.waitUntil(lambda: saved_secret(saved) == secret, timeout=WAIT_MS)
    first.stop_session()  # the host "crashes": its mapping went with it, its file stays
    first.close()
    assert router.fake.mappings == {}

    second = make_window(qtbot, tmp_path, "crash")  # the same data folder
    second.lan.port_mapper = router.mapper
    second.lan.reach_addresses = ([], [])
    try:
        r = second.lan.resume_hosted_table(saved, advertise=None, player="Host")
        again = second.lan.runner
        assert again is not None and again.internet  # not asked: the file said so
        qtbot.waitUntil(
            lambda: second.lan.lobby_dialog is not None
            and second.lan.lobby_dialog.invite is not None
            and bool(second.lan.lobby_dialog.invite.code_edit.text()),
            timeout=WAIT_MS,
        )
        code = inv.decode(second.lan.lobby_dialog.invite.code_edit.text())
        assert again.fingerprint == fingerprint  # the same certificate
        assert code.fingerprint == before.fingerprint and code.secret == before.secret == secret
        assert code.port == again.port and code.addresses == ("127.0.0.1",)
        assert again.port in router.fake.mappings  # a new mapping asked
        link = r.link
        assert isinstance(link, RemoteLink)
        qtbot.waitUntil(lambda: link.seat == Seat.S and link.connected, timeout=WAIT_MS)
    finally:
        second.stop_session()
    assert router.fake.mappings == {}  # and removed when the table closes
