"""The settlement box shows only the rows of the settlement it shows: the last hand's labels go
from the screen at once (they were left visible until the event loop deleted them, and a
screenshot of hand 2's settlement showed hand 1's numbers through it)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from shengji_desktop.ui.panels.overlay import Overlay


def shown_texts(overlay: Overlay) -> set[str]:
    return {w.text() for w in overlay.findChildren(QLabel) if w.isVisibleTo(overlay)}


def test_a_new_settlement_hides_the_last_ones_rows_at_once(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    overlay = Overlay(parent)
    overlay.show_content("第1局结算", [("抓分方得分", "65"), ("下局庄家", "右家")], [])
    assert {"65", "右家"} <= shown_texts(overlay)
    overlay.show_content("第2局结算", [("抓分方得分", "95"), ("下局庄家", "左家")], [])
    shown = shown_texts(overlay)  # before the event loop runs: no deferred delete yet
    assert {"95", "左家"} <= shown and not {"65", "右家"} & shown
