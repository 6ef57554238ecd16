"""A row of small overlapping card pictures, for the side panel and the overlays."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..cards import CARD_H, CARD_W, render_card_image

SHRINK_MIN_H = 22
"""The smallest card height a shrinking row draws (too small to read the index well; at the
smallest window, 1024×600 in 中文 + English, the last trick's rows get about 30 px)."""


class MiniCards(QWidget):
    """A row of small overlapping cards (captured points, the kitty, the last trick)."""

    _cache: ClassVar[dict[tuple[int, bool, int], QPixmap]] = {}

    def __init__(
        self,
        height: int = 44,
        step: int = 15,
        parent: QWidget | None = None,
        hide_when_empty: bool = False,
        shrink: bool = False,
    ) -> None:
        super().__init__(parent)
        self.cards: list[int] = []
        self.card_h = height
        self.step = step
        # A row in the side panel takes no room while it has no cards (the panel is short
        # at the default window size); rows in a grid keep their place.
        self.hide_when_empty = hide_when_empty
        # ``shrink``: smaller cards rather than cut-off ones when the layout has less height
        # to give than ``height`` (the last trick's tab in a short panel).
        vertical = QSizePolicy.Policy.Preferred if shrink else QSizePolicy.Policy.Fixed
        self.setSizePolicy(QSizePolicy.Policy.Expanding, vertical)
        self.setMinimumHeight(min(height, SHRINK_MIN_H) + 2 if shrink else height + 2)
        if hide_when_empty:
            self.hide()

    def set_cards(self, cards: Iterable[int]) -> None:
        cards = [int(c) for c in cards]
        if cards != self.cards:
            self.cards = cards
            self.updateGeometry()
            self.update()
        if self.hide_when_empty:
            self.setVisible(bool(self.cards))

    def sizeHint(self) -> QSize:
        width = int(self.card_h * CARD_W / CARD_H) + self.step * max(0, len(self.cards) - 1)
        return QSize(width, self.card_h + 2)

    def pixmap(self, card: int, height: int | None = None) -> QPixmap:
        dpr = self.devicePixelRatioF()
        h = round((self.card_h if height is None else height) * dpr)
        key = (card, False, h)
        pm = self._cache.get(key)
        if pm is None:
            pm = QPixmap.fromImage(render_card_image(card, False, h))
            pm.setDevicePixelRatio(dpr)
            self._cache[key] = pm
        return pm

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.cards:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        h = max(1, min(self.card_h, self.height() - 2))
        w = h * CARD_W / CARD_H
        step = self.step * h / self.card_h
        if len(self.cards) > 1 and w + step * (len(self.cards) - 1) > self.width():
            step = max(3, int((self.width() - w) / (len(self.cards) - 1)))
        for i, card in enumerate(self.cards):
            p.drawPixmap(QRectF(i * step, 1, w, h), self.pixmap(card, h), QRectF())
        p.end()
