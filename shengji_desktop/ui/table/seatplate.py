"""The plate of a seat on the table: who plays it, its cards left, coins or bid, the dealer's
badge and the glow of the seat whose turn it is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetrics, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from shengji_desktop.rules.cards import Seat, Team
from shengji_desktop.rules.options import Game

from .. import i18n
from ..cards import font
from ..i18n import tr

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.view import SeatView


class SeatPlate(QGraphicsObject):
    """Name, computer level, card count, dealer badge and turn glow of one seat."""

    WIDTH = 250.0
    HEIGHT = 58.0
    TEXT_X = 22.0

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.subtitle = ""
        self.count: int | None = None
        self.dealer = False
        self.turn = False
        self.team_colour = QColor("#3b82f6")
        self.extra = ""  # coins or bid
        self.extra_short = ""  # the same, shorter, for when the line would not fit with it
        self.setZValue(500)
        # Drawn once per look and device size, then copied: its text and its glow's wide
        # strokes are the dearest part of the table's paint (issue 21).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return QRectF(-6, -6, self.WIDTH + 12, self.HEIGHT + 12)

    def set_state(self, **changes: Any) -> None:
        for key, value in changes.items():
            setattr(self, key, value)
        self.update()

    def show_seat(
        self, view: SeatView, seat: Seat, title: str, subtitle: str, acting: bool = False
    ) -> None:
        """Show ``seat`` as ``view`` sees it; ``acting``: the seat is asked something now."""
        sd = view.game is Game.SD
        extra = short = ""
        if sd and view.coins is not None:
            coins = view.coins.get(seat, 0)
            extra = tr("{n} coins").format(n=coins)
            if i18n.current_mode() == "both":  # "6分 / 6 coins" may not fit: "6分"
                with i18n.speaking("zh"):
                    short = tr("{n} coins").format(n=coins)
        team = QColor("#3b82f6") if seat.team is Team.NS else QColor("#ef4444")
        if sd:
            team = QColor("#d4a017") if view.dealer == seat else QColor("#9ca3af")
        self.set_state(
            title=title,
            subtitle=subtitle,
            count=view.counts[seat],
            dealer=view.dealer == seat,
            turn=view.turn == seat or acting,
            extra=extra,
            extra_short=short,
            team_colour=team,
        )

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(0, 0, self.WIDTH, self.HEIGHT)
        if self.turn:
            for i in range(4, 0, -1):
                painter.setPen(QPen(QColor(255, 214, 90, 40 + 30 * (4 - i)), i * 1.6))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-i, -i, i, i), 14 + i, 14 + i)
        grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        grad.setColorAt(0, QColor(20, 30, 24, 215))
        grad.setColorAt(1, QColor(8, 14, 10, 215))
        painter.setPen(QPen(QColor(255, 214, 90) if self.turn else QColor(255, 255, 255, 50), 1.5))
        painter.setBrush(QBrush(grad))
        painter.drawRoundedRect(rect, 14, 14)
        # team stripe
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.team_colour)
        painter.drawRoundedRect(QRectF(8, 10, 6, self.HEIGHT - 20), 3, 3)
        x = self.TEXT_X
        right = self.text_right()
        if self.dealer:
            badge = QRectF(self.WIDTH - 44, 9, 36, 36)
            painter.setBrush(QColor("#d4a017"))
            painter.setPen(QPen(QColor("#7a5a00"), 1.5))
            painter.drawEllipse(badge)
            painter.setPen(QColor("#2b1d00"))
            painter.setFont(font(20, bold=True))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, "庄")
        if self.count is not None:
            painter.setFont(font(15, bold=True, family="DejaVu Sans"))
            painter.setPen(QColor("#ffe9a8"))
            text = str(self.count)
            box = QRectF(right - 44, 8, 44, 22)
            painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font(19, bold=True))
        painter.drawText(
            QRectF(x, 5, right - x - 46, 26),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.title,
        )
        painter.setPen(QColor(255, 255, 255, 185))
        painter.setFont(font(14))
        painter.drawText(
            QRectF(x, 30, right - x, 22),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.second_line(),
        )

    def text_right(self) -> float:
        """Where the texts end: before the dealer's badge, if the seat deals."""
        return self.WIDTH - 50 if self.dealer else self.WIDTH - 10

    def second_line(self) -> str:
        """Who plays the seat and its coins or bid, as drawn: the shorter coins where the
        line would not fit with the longer, and cut with "…" where it still would not."""
        metrics = QFontMetrics(font(14))
        room = self.text_right() - self.TEXT_X
        line = self._with(self.extra)
        if self.extra_short and metrics.horizontalAdvance(line) > room:
            line = self._with(self.extra_short)
        return metrics.elidedText(line, Qt.TextElideMode.ElideRight, int(room))

    def _with(self, extra: str) -> str:
        return self.subtitle + (f"  ·  {extra}" if extra else "")
