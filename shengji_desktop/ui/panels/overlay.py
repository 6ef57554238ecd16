"""The overlays on the table (start screen, settlement summary, match over) and the words of
the settlement summary."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..i18n import LINE_BREAK, tr
from ..texts import seat_name, winner_text
from .formats import game_text
from .minicards import MiniCards

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.view import SeatView

OVERLAY_QSS = """
QFrame#overlay { background: rgba(10, 22, 15, 228); border: 2px solid #d4a017;
    border-radius: 18px; }
QFrame#overlay QLabel { color: #f3f6f4; }
QLabel#overlayTitle { color: #ffe9a8; font-size: 26px; font-weight: bold; }
QLabel[role="key"] { color: #a9c2b1; font-size: 14px; }
QLabel[role="value"] { color: #ffffff; font-size: 15px; font-weight: bold; }
QPushButton { background: #d4a017; color: #201600; border: 1px solid #f3d27a; border-radius: 10px;
    padding: 8px 22px; font-size: 16px; font-weight: bold; }
QPushButton:hover { background: #e6b422; }
QPushButton[secondary="true"] { background: #24352b; color: #f1f5f2; border-color: #6b8f78; }
"""
# A value's least width: it wraps less, the box is shorter; in both languages, a value whose
# Chinese and English fit this width together stays on one line (``value_fits``).
VALUE_WIDTH = 250
TAG = re.compile(r"<[^>]*>")
ROOM_AROUND = 12  # table to be seen on each side of a box widened for a long value
# The box's room above and below, between its parts and between its rows: as designed, and
# closed up for a box that would not fit the table's height so (a DL settlement in both
# languages at 1024×600). The sides keep their margin: the widths are reckoned with it.
ROOMY = (20, 10, 5)
CLOSE = (8, 4, 1)


class Overlay(QFrame):
    """A framed card in the middle of the table: title, key/value lines, buttons."""

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("overlay")
        self.setStyleSheet(OVERLAY_QSS)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(28, 20, 28, 20)
        self.layout_.setSpacing(ROOMY[1])
        self.title = QLabel("")
        self.title.setObjectName("overlayTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.layout_.addWidget(self.title)
        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(18)
        self.grid.setVerticalSpacing(ROOMY[2])
        self.layout_.addWidget(self.body)
        self.extra = MiniCards(56, 22)
        self.layout_.addWidget(self.extra, 0, Qt.AlignmentFlag.AlignHCenter)
        self.button_row = QHBoxLayout()
        self.layout_.addLayout(self.button_row)
        self.buttons: dict[str, QPushButton] = {}
        self.centre_at = 0.4  # the overlay's middle, as a fraction of the table's height
        self.min_top = 0  # its top stays below this (the seat box across the table)
        self._value_metrics: QFontMetrics | None = None
        self.hide()

    def value_fits(self, line: str) -> bool:
        """Whether ``line`` fits a value's least width in the value's font: a value longer
        than that would be wrapped by its label, wherever the words allow."""
        if self._value_metrics is None:
            probe = QLabel(self)
            probe.setProperty("role", "value")
            probe.hide()
            probe.ensurePolished()  # the style sheet's font
            self._value_metrics = probe.fontMetrics()
            probe.deleteLater()
        return self._value_metrics.horizontalAdvance(line) <= VALUE_WIDTH

    def title_fits(self, line: str) -> bool:
        """Whether a title of one line fits the widest box the table leaves room for, in the
        title's font ("比赛结束：右家、对家和左家获胜 / Match over, …" does not at 1024×600)."""
        parent = self.parentWidget()
        if parent is None:
            return True
        self.title.ensurePolished()  # the style sheet's font
        margins = self.layout_.contentsMargins()
        room = parent.width() - margins.left() - margins.right() - 2 * ROOM_AROUND
        return self.title.fontMetrics().horizontalAdvance(line) <= room - 2 * self.frameWidth()

    def show_content(
        self,
        title: str,
        lines: list[tuple[str, str]],
        buttons: list[tuple[str, str, Callable[[], None], bool]],
        cards: Iterable[int] = (),
    ) -> None:
        self.title.setText(title)
        self.title.setVisible(bool(title))
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:  # gone from the screen now, deleted when the loop gets to it
                w.hide()
                w.deleteLater()
        keys: list[QLabel] = []
        values: list[QLabel] = []
        for row, (key, value) in enumerate(lines):
            k = QLabel(key)
            k.setProperty("role", "key")
            v = QLabel(value)
            v.setProperty("role", "value")
            v.setWordWrap(True)
            self.grid.addWidget(k, row, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            self.grid.addWidget(v, row, 1)
            # Shown now, not when the layout gets round to it: adjustSize below leaves hidden
            # widgets out, and an overlay already on screen would shrink to its margins.
            k.show()
            v.show()
            keys.append(k)
            values.append(v)
        value_width = self._value_width(keys, values)
        for v in values:
            v.setMinimumWidth(value_width)
        self.extra.set_cards(cards)
        self.extra.setVisible(bool(self.extra.cards))
        while self.button_row.count():
            item = self.button_row.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:  # gone from the screen now, deleted when the loop gets to it
                w.hide()
                w.deleteLater()
        self.buttons = {}
        self.button_row.addStretch(1)
        for key, text, callback, secondary in buttons:
            b = QPushButton(text)
            b.setObjectName(key)
            b.setProperty("secondary", "true" if secondary else "false")
            b.setCursor(Qt.CursorShape.PointingHandCursor)
            b.clicked.connect(callback)
            self.button_row.addWidget(b)
            b.show()
            self.buttons[key] = b
        self.button_row.addStretch(1)
        self.adjustSize()
        self.show()
        self.raise_()
        self.recentre()

    def _value_width(self, keys: list[QLabel], values: list[QLabel]) -> int:
        """The values' least width: VALUE_WIDTH, or wide enough for the widest of their
        lines (a value in one language, "Kitty dug and flipped (抠底翻牌)", is not broken in
        its term) where the table has the room."""
        for label in (*keys, *values):
            label.ensurePolished()  # the style sheet's fonts
        widest = max(
            (
                v.fontMetrics().horizontalAdvance(TAG.sub("", line))
                for v in values
                for line in LINE_BREAK.split(v.text())
            ),
            default=0,
        )
        parent = self.parentWidget()
        if parent is None or widest <= VALUE_WIDTH:
            return VALUE_WIDTH
        key_width = max((k.sizeHint().width() for k in keys), default=0)
        margins = self.layout_.contentsMargins()
        room = (
            parent.width()
            - margins.left()
            - margins.right()
            - 2 * self.frameWidth()
            - self.grid.horizontalSpacing()
            - key_width
            - 2 * ROOM_AROUND
        )
        return max(VALUE_WIDTH, min(widest + 2, room))

    def recentre(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        needed = self._fit(ROOMY)
        if needed > parent.height():
            needed = self._fit(CLOSE)
        if needed > self.height():
            self.resize(self.width(), needed)
        x = (parent.width() - self.width()) // 2
        y = int(parent.height() * self.centre_at - self.height() / 2)
        if self.isVisible() and y < self.min_top:  # below the seat box across, if it fits
            y = min(self.min_top, parent.height() - self.height())
        self.move(max(0, x), max(0, y))

    def _fit(self, room: tuple[int, int, int]) -> int:
        """Lay the box out with this vertical room (``ROOMY``, ``CLOSE``); the height it needs."""
        edge, parts, rows = room
        margins = self.layout_.contentsMargins()
        self.layout_.setContentsMargins(margins.left(), edge, margins.right(), edge)
        self.layout_.setSpacing(parts)
        self.grid.setVerticalSpacing(rows)
        self.adjustSize()
        # wrapped values are as tall as their lines at the width the box got
        return self.layout_.totalHeightForWidth(self.width())


def settlement_lines(view: SeatView, seated: bool = True) -> list[tuple[str, str]]:
    """What the settlement summary says of the view's hand, as the view's seat sees it
    (``seated``: the reader plays that seat, see ``texts.seat_name``)."""
    from shengji_desktop.engine.results import Redeal

    text = game_text(view.game)
    viewer = view.seat
    result = view.result
    lines: list[tuple[str, str]] = []
    if view.dealer is not None:
        lines.append((tr("Dealer"), seat_name(view.dealer, viewer, seated)))
    if isinstance(result, Redeal):
        lines.append((tr("Result"), tr("Six jokers in the kitty: the same dealer deals again")))
        return lines
    if result is None:
        return lines
    lines.append((tr("Result"), text.outcome(result)))
    lines += text.result_lines(result, viewer, view.kitty, seated)
    coins = text.result_coins(result)
    if coins:
        lines.append(text.coins_line(coins, viewer, seated))
    winner = view.winner or text.match_winner(result)
    nxt = text.next_dealer(result)
    if nxt is not None and not winner:  # no next hand after the match's last one
        lines.append((tr("Next dealer"), seat_name(nxt, viewer, seated)))
    if winner:
        lines.append((tr("Match winner"), winner_text(winner, viewer, seated)))
    return lines
