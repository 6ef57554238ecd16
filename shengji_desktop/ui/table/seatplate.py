"""The plate of a seat on the table: who plays it, its cards left, coins or bid, the dealer's
badge and the glow of the seat whose turn it is.

The table is drawn at the scale of its window; a plate's type keeps a size that can be read
(issue 36): where the table is small (a 1024×600 screen) the second line is drawn at least
``MIN_LINE_PX`` pixels high, the title a little less enlarged, and the plate grows taller (its
width, in the table's units, stays: the action bar keeps clear of the viewer's plate by it).
``plate_zoom`` says how much for a view's scale and ``plate_height`` how tall the plate is
then; the table's layout places the plates by it (``TableLayout.plate_height``), so each plate
tells its scene's layout where to read the view's scale when it joins the scene."""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from shengji_desktop.rules.cards import Seat, Team
from shengji_desktop.rules.options import Game

from .. import i18n
from ..cards import font
from ..i18n import tr

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.view import SeatView

TITLE_FONT, COUNT_FONT, LINE_FONT, BADGE_FONT = 19.0, 15.0, 14.0, 20.0  # as designed (units)
MIN_LINE_PX = 10.0  # the second line's type on the screen, at least (pixels)
MAX_ZOOM = 2.4  # a table smaller still (a window a player shrank) gets no larger type
TITLE_SHARE = 0.6  # the title, already larger, grows by this share of the second line's zoom
LEADING = 1.15  # a line's box grows by this many times its type's growth


def plate_zoom(scale: float) -> float:
    """How many times its designed size the second line's type is drawn in a view of ``scale``
    pixels per scene unit: 1 where that is readable, more (to ``MAX_ZOOM``) where not."""
    if scale <= 0:
        return 1.0
    needed = math.ceil(100 * MIN_LINE_PX / (LINE_FONT * scale) - 1e-9) / 100  # not below
    return min(MAX_ZOOM, max(1.0, needed))


def title_zoom(zoom: float) -> float:
    """The title's, the card count's and the dealer badge's zoom."""
    return 1.0 + (zoom - 1.0) * TITLE_SHARE


def title_box(zoom: float) -> float:
    """The height of the title's line (scene units; 26 as designed)."""
    return 26.0 + LEADING * TITLE_FONT * (title_zoom(zoom) - 1.0)


def line_box(zoom: float) -> float:
    """The height of the second line (scene units; 22 as designed)."""
    return 22.0 + LEADING * LINE_FONT * (zoom - 1.0)


def plate_height(zoom: float) -> float:
    """The plate's height (scene units) at ``zoom``: margins, the title's line and the second
    line (58 as designed)."""
    return 10.0 + title_box(zoom) + line_box(zoom)


def view_scale(scene: QGraphicsScene | None) -> float:
    """Pixels per scene unit in the scene's view (1 without one)."""
    views = scene.views() if scene is not None else []
    scale = views[0].transform().m11() if views else 1.0
    return scale if scale > 0 else 1.0


class ScaleOf:
    """The scale of a scene's view, asked when needed (the scene held weakly)."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self._scene = weakref.ref(scene)

    def __call__(self) -> float:
        return view_scale(self._scene())


class SeatPlate(QGraphicsObject):
    """Name, computer level, card count, dealer badge and turn glow of one seat."""

    WIDTH = 250.0
    HEIGHT = 58.0  # as designed; taller on a small table (``height``)
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
        self.zoom = 1.0  # of the type (plate_zoom): the view's scale decides
        self.height = self.HEIGHT
        self.setZValue(500)
        # Drawn once per look and device size, then copied: its text and its glow's wide
        # strokes are the dearest part of the table's paint (issue 21).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return QRectF(-6, -6, self.WIDTH + 12, self.height + 12)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        kind = QGraphicsItem.GraphicsItemChange
        if change == kind.ItemSceneHasChanged and isinstance(value, QGraphicsScene):
            # the scene's layout places the plates by their height at the view's scale
            geo = getattr(value, "geo", None)
            if geo is not None and hasattr(geo, "view_scale"):
                geo.view_scale = ScaleOf(value)
            self.fit_view()
        return super().itemChange(change, value)

    def setPos(self, *where: Any) -> None:
        """Placed by the layout, which the scene asks after each fit of its view: the plate
        takes the type of the view's scale now (as the layout's place for it does)."""
        self.fit_view()
        super().setPos(*where)

    def fit_view(self) -> bool:
        """Take the type size of the scene's view's scale; whether it changed."""
        zoom = plate_zoom(view_scale(self.scene()))
        if zoom == self.zoom:
            return False
        self.prepareGeometryChange()
        self.zoom, self.height = zoom, plate_height(zoom)
        self.update()
        return True

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
        rect = QRectF(0, 0, self.WIDTH, self.height)
        big = title_zoom(self.zoom)
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
        painter.drawRoundedRect(QRectF(8, 10, 6, self.height - 20), 3, 3)
        right = self.text_right()
        if self.dealer:
            size = 36 * big
            badge = QRectF(self.WIDTH - 8 - size, (self.height - size) / 2 - 2, size, size)
            painter.setBrush(QColor("#d4a017"))
            painter.setPen(QPen(QColor("#7a5a00"), 1.5))
            painter.drawEllipse(badge)
            painter.setPen(QColor("#2b1d00"))
            painter.setFont(font(BADGE_FONT * big, bold=True))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, "庄")
        if self.count is not None:
            painter.setFont(self.count_font())
            painter.setPen(QColor("#ffe9a8"))
            box = QRectF(right - 44 * big, 8 * big, 44 * big, 22 * big)
            painter.drawText(
                box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(self.count)
            )
        painter.setPen(QColor("#ffffff"))
        painter.setFont(self.title_font())
        painter.drawText(
            self.title_rect(),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.title_text(),
        )
        painter.setPen(QColor(255, 255, 255, 185))
        painter.setFont(self.line_font())
        painter.drawText(
            self.line_rect(),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.second_line(),
        )

    def title_font(self) -> QFont:
        return font(TITLE_FONT * title_zoom(self.zoom), bold=True)

    def count_font(self) -> QFont:
        return font(COUNT_FONT * title_zoom(self.zoom), bold=True, family="DejaVu Sans")

    def title_rect(self) -> QRectF:
        """Where the title is drawn (plate units): before the cards left, if shown."""
        x, right = self.TEXT_X, self.text_right()
        if self.count is not None:
            count = QFontMetrics(self.count_font()).horizontalAdvance(str(self.count))
            right -= count + 6 * title_zoom(self.zoom)
        return QRectF(x, 5, right - x, title_box(self.zoom))

    def title_text(self) -> str:
        """The title as drawn: cut with "…" where it does not fit ("对家 Across" beside the
        dealer's badge and the cards left, in both languages at 1024×600), not clipped."""
        room = int(self.title_rect().width())
        return QFontMetrics(self.title_font()).elidedText(
            self.title, Qt.TextElideMode.ElideRight, room
        )

    def line_font(self) -> QFont:
        """The second line's type."""
        return font(math.ceil(LINE_FONT * self.zoom - 1e-9))  # whole pixels, none fewer

    def line_rect(self) -> QRectF:
        """Where the second line is drawn (plate units)."""
        top = 4 + title_box(self.zoom)
        return QRectF(self.TEXT_X, top, self.text_right() - self.TEXT_X, line_box(self.zoom))

    def text_right(self) -> float:
        """Where the texts end: before the dealer's badge, if the seat deals."""
        return self.WIDTH - 14 - 36 * title_zoom(self.zoom) if self.dealer else self.WIDTH - 10

    def second_line(self) -> str:
        """Who plays the seat and its coins or bid, as drawn: the shorter coins where the
        line would not fit with the longer; where it still would not, who plays the seat is
        cut with "…" (the coins stay whole), and the coins too where they alone do not fit."""
        metrics = QFontMetrics(self.line_font())
        room = int(self.text_right() - self.TEXT_X)
        line = self._with(self.extra)
        if self.extra_short and metrics.horizontalAdvance(line) > room:
            line = self._with(self.extra_short)
        if metrics.horizontalAdvance(line) <= room:
            return line
        tail = self._with(self.extra_short or self.extra)[len(self.subtitle) :]
        left = room - metrics.horizontalAdvance(tail)
        if tail and self.subtitle and left > metrics.horizontalAdvance("……"):
            return metrics.elidedText(self.subtitle, Qt.TextElideMode.ElideRight, left) + tail
        return metrics.elidedText(line, Qt.TextElideMode.ElideRight, room)

    def _with(self, extra: str) -> str:
        return self.subtitle + (f"  ·  {extra}" if extra else "")
