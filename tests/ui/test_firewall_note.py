"""The host dialog warns of Windows Defender Firewall's prompt until a table has been hosted."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from shengji_desktop.ui import i18n
from shengji_desktop.ui.lan import dialogs as lan_dialogs
from shengji_desktop.ui.lan.dialogs import HostDialog

pytestmark = pytest.mark.gui


def note_of(qtbot) -> str | None:
    dialog = HostDialog()
    qtbot.addWidget(dialog)
    if dialog.firewall_note is None:
        dialog.remember()
        return None
    assert dialog.firewall_note.parent() is dialog
    text = dialog.firewall_note.text()
    dialog.remember()  # what the window does once the table is opened
    return text


def test_on_windows_the_note_shows_until_a_table_is_hosted(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(lan_dialogs, "FIREWALL_ASKS", True)
    i18n.install("zh")
    try:
        first = note_of(qtbot)
    finally:
        i18n.install("en")
    assert first is not None and "防火墙" in first and "专用网络" in first
    assert QSettings().value(lan_dialogs.FIREWALL_NOTE_KEY, False, type=bool)
    assert note_of(qtbot) is None


def test_elsewhere_there_is_no_note(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(lan_dialogs, "FIREWALL_ASKS", False)
    assert note_of(qtbot) is None
    assert not QSettings().value(lan_dialogs.FIREWALL_NOTE_KEY, False, type=bool)
