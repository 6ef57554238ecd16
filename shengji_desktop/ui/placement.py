"""Where the action bar and the settlement overlay go over the table: the bar between the
viewer's seat box and the table's edge, just above the hand (its top fixed, so buttons do not
move under the pointer), the overlay below the seat box across."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from .app import MainWindow


def place_bar(w: MainWindow) -> None:
    if not w.built:
        return
    from .seatplate import SeatPlate

    vp = w.view.viewport()
    top = w.view.mapFromScene(QPointF(0, w.scene.hand_top())).y()
    # the buttons keep clear of the viewer's seat box, on both sides of the middle
    plate = w.scene.geo.plate_pos(w.viewer, 0, len(w.scene.hand))
    edge = w.view.mapFromScene(QPointF(plate.x() + SeatPlate.WIDTH, 0)).x()
    w.bar.set_room(max(160, vp.width() - 2 * (edge + 12)))
    across = w.scene.plates[type(w.viewer)((w.viewer + 2) % 4)]  # the overlay
    bottom = across.mapRectToScene(across.boundingRect()).bottom()  # stays below it
    w.overlay.min_top = int(w.view.mapFromScene(QPointF(0, bottom)).y()) + 4
    for child in w.bar.findChildren(QWidget):
        child.ensurePolished()
    layout = w.bar.layout()
    assert layout is not None
    layout.invalidate()
    layout.activate()
    height = max(w.bar.sizeHint().height(), layout.heightForWidth(vp.width()))
    # The bar's top stays put (a notice may grow it downwards over the hand's edge), and
    # the viewer's played cards sit above it.
    nominal = w.bar.nominal_height()
    w.bar.resize(vp.width(), max(height, nominal))
    w.bar.move(0, max(0, top - nominal - 4))
    zoom = w.view.transform().m11() or 1.0
    bar_height = (nominal + 8) / zoom
    if abs(bar_height - w.scene.bar_height) > 1:
        w.scene.bar_height = bar_height
        w.scene.relayout(0)
    if w.overlay.isVisible():
        w.overlay.recentre()
