"""The table's felt: painted by the table view behind the cards and, while the program starts,
by a stand-in that holds the table's place until the table is built, so that the window can
paint before the table's modules are loaded. This module uses few Qt classes on purpose (each
class PySide sets up costs time at start); in particular not the ``Qt`` namespace."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import (
    QBrush,
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QRadialGradient,
)
from PySide6.QtWidgets import QWidget

SCENE_W = 1600.0
MIN_H, MAX_H = 820.0, 1300.0

FELT_CENTRE = QColor("#2f8f4e")
FELT_EDGE = QColor("#0c3d1f")
TABLE_LINE = QColor(255, 255, 255, 40)


def _solid(colour: QColor) -> QBrush:
    """A brush of one colour, made as a gradient whose two ends are that colour: the plain
    ways (``QBrush(QColor)``, ``setPen``, ``fillRect``) make PySide set up the whole ``Qt``
    namespace while it picks among their overloads, which is most of the cost of this
    module's first paint."""
    gradient = QLinearGradient(0, 0, 1, 0)
    gradient.setColorAt(0.0, colour)
    gradient.setColorAt(1.0, colour)
    return QBrush(gradient)


def scene_height(width: float, height: float) -> float:
    """The table's height in scene units for a view of this size (its width is SCENE_W)."""
    return min(MAX_H, max(MIN_H, SCENE_W * max(1.0, height) / max(1.0, width)))


def paint_felt(
    painter: QPainter, area: QRectF, visible: QRectF, table: QRectF, unit: float
) -> None:
    """Fill ``area`` with the felt lit from above the centre of ``visible`` (what the view
    shows) and draw the table's edge around ``table``; ``unit`` is one scene unit in the
    painter's coordinates."""
    radius = 0.75 * max(visible.width(), visible.height())
    centre = visible.center()
    gradient = QRadialGradient(centre, radius, centre - QPointF(0, 80 * unit))
    gradient.setColorAt(0.0, FELT_CENTRE)
    gradient.setColorAt(1.0, FELT_EDGE)
    whole = QPainterPath()
    whole.addRect(area)
    painter.fillPath(whole, QBrush(gradient))
    # The table's edge: a line 2 units wide, filled as a ring (see _solid).
    outer, inner = QPainterPath(), QPainterPath()
    line = table.adjusted(8 * unit, 6 * unit, -8 * unit, -6 * unit)
    outer.addRoundedRect(line.adjusted(-unit, -unit, unit, unit), 37 * unit, 37 * unit)
    inner.addRoundedRect(line.adjusted(unit, unit, -unit, -unit), 35 * unit, 35 * unit)
    painter.fillPath(outer.subtracted(inner), _solid(TABLE_LINE))


class FeltStandIn(QWidget):
    """The empty table, as the table view will show it, until the view is built."""

    def paintEvent(self, event: QPaintEvent) -> None:
        w, h = float(self.width()), float(self.height())
        if w < 1 or h < 1:
            return
        scene_h = scene_height(w, h)
        # As QGraphicsView.fitInView places the scene: 2 pixels of margin on each side.
        unit = min((w - 4) / SCENE_W, (h - 4) / scene_h)
        whole = QRectF(0, 0, w, h)
        table = QRectF(0, 0, SCENE_W * unit, scene_h * unit)
        table.moveCenter(whole.center())
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_felt(painter, whole, whole, table, unit)
        painter.end()
