"""A slim scroll bar in the panels' colours: the platform's light one stood out on the dark
side panel of a short window (1024×600)."""

from __future__ import annotations

from PySide6.QtWidgets import QScrollArea

DARK_SCROLLBAR_QSS = """
QScrollBar:vertical { background: #14231a; width: 10px; margin: 0; border: none; }
QScrollBar::handle:vertical { background: #3d5c48; border-radius: 3px; min-height: 28px;
    margin: 2px; }
QScrollBar::handle:vertical:hover { background: #5f8a6f; }
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0; border: none; }
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: none; }
"""


def dark_scrollbar(area: QScrollArea) -> None:
    area.verticalScrollBar().setStyleSheet(DARK_SCROLLBAR_QSS)
