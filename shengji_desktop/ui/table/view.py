"""The table's view: scales the scene to the window, paints the felt, and turns clicks, drags
and keys into card selection and play (arrows, space, enter, H, Esc). A Shift-drag of a card
(or Shift+Left/Right on the focused card) moves it within the hand instead of selecting."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from .felt import FELT_EDGE, SCENE_W, paint_felt

if TYPE_CHECKING:
    from .items import CardItem

if TYPE_CHECKING:
    from shengji_desktop.rules.cards import Seat

    from ..panels import ActionBar, Overlay
    from .scene import TableScene


class TableView(QGraphicsView):
    """Scales the table to the window, paints the felt, turns clicks and drags into card
    selection, and keys into play (arrows, space, enter, H)."""

    hint_requested = Signal()
    resized = Signal()

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.table = scene
        # A viewport made here, so that viewport() returns a known wrapper: for Qt's own,
        # PySide looks through every QWidget class to find its type (~10 ms at start).
        self.setViewport(QWidget())
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing)
        # The felt is painted once per size, then copied behind every frame.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setBackgroundBrush(FELT_EDGE)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(False)
        self._drag_state: bool | None = None
        self._dragged: set[int] = set()
        self._moving: tuple[CardItem, QPointF] | None = None  # a Shift-drag: item, grip
        self.interactive_hand = True

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        paint_felt(painter, QRectF(rect), visible, self.sceneRect(), 1.0)

    def fit(self) -> None:
        vw, vh = max(1, self.viewport().width()), max(1, self.viewport().height())
        self.table.set_height(SCENE_W * vh / vw)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        scale = self.transform().m11() * self.devicePixelRatioF()
        self.resetCachedContent()
        if self.table.pixmaps.set_scale(scale):
            self.viewport().update()
        self.table.relayout(0)
        self.resized.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        self.fit()

    # ------------------------------------------------------------------ mouse

    def place_bar(self, bar: ActionBar, overlay: Overlay, viewer: Seat) -> None:
        """The bar between the viewer's seat box and the table's edge, just above the hand
        (its top fixed, so buttons do not move under the pointer); the overlay below the
        seat box across."""
        from .seatplate import SeatPlate

        scene = self.table
        vp = self.viewport()
        top = self.mapFromScene(QPointF(0, scene.hand_top())).y()
        # the buttons keep clear of the viewer's seat box, on both sides of the middle
        plate = scene.geo.plate_pos(viewer, 0, len(scene.hand))
        edge = self.mapFromScene(QPointF(plate.x() + SeatPlate.WIDTH, 0)).x()
        bar.set_room(max(160, vp.width() - 2 * (edge + 12)))
        across = scene.plates[type(viewer)((viewer + 2) % 4)]  # the overlay
        bottom = across.mapRectToScene(across.boundingRect()).bottom()  # stays below it
        overlay.min_top = int(self.mapFromScene(QPointF(0, bottom)).y()) + 4
        for child in bar.findChildren(QWidget):
            child.ensurePolished()
        layout = bar.layout()
        assert layout is not None
        layout.invalidate()
        layout.activate()
        height = max(bar.sizeHint().height(), layout.heightForWidth(vp.width()))
        # The bar's top stays put (a notice may grow it downwards over the hand's edge), and
        # the viewer's played cards sit above it.
        nominal = bar.nominal_height()
        bar.resize(vp.width(), max(height, nominal))
        bar.move(0, max(0, top - nominal - 4))
        zoom = self.transform().m11() or 1.0
        bar_height = (nominal + 8) / zoom
        if abs(bar_height - scene.bar_height) > 1:
            scene.bar_height = bar_height
            scene.relayout(0)
        if overlay.isVisible():
            overlay.recentre()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.interactive_hand:
            at = self.mapToScene(event.position().toPoint())
            item = self.table.hand_item_at(at)
            if item is not None and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self._moving = (item, at - item.pos())
                item.stop_all()
                item.setZValue(5000)
                event.accept()
                return
            if item is not None:
                self._drag_state = not item.selected
                self._dragged = {id(item)}
                self.table.toggle(item, self._drag_state)
                event.accept()
                return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._moving is not None:
            moving, grip = self._moving
            moving.setPos(self.mapToScene(event.position().toPoint()) - grip)
            event.accept()
            return
        if self._drag_state is not None:
            item = self.table.hand_item_at(self.mapToScene(event.position().toPoint()))
            if item is not None and id(item) not in self._dragged:
                self._dragged.add(id(item))
                self.table.toggle(item, self._drag_state)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._moving is not None:
            item, _ = self._moving
            self._moving = None
            self.move_to_nearest_slot(item)
            event.accept()
            return
        self._drag_state = None
        self._dragged = set()
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        item = self.table.hand_item_at(self.mapToScene(event.position().toPoint()))
        if item is not None and self.interactive_hand:
            # the first click of the double click toggled it; keep it selected and play
            self.table.toggle(item, True)
            self.table.play_requested.emit()
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def move_to_nearest_slot(self, item: CardItem) -> None:
        """A card let go in the hand takes the place whose slot is nearest to it."""
        hand = self.table.hand
        if item in hand:
            pos = item.pos()
            best = min(
                range(len(hand)),
                key=lambda i: (hand[i].home.x() - pos.x()) ** 2 + (hand[i].home.y() - pos.y()) ** 2,
            )
            self.table.order.move(hand, item, best)
        self.table.relayout(120)

    def move_focused(self, delta: int) -> None:
        """Shift+Left/Right: the focused card one place along the hand (focus follows it)."""
        table = self.table
        i = table.focus_index
        if 0 <= i < len(table.hand) and table.order.move(table.hand, table.hand[i], i + delta):
            table.focus_index = max(0, min(len(table.hand) - 1, i + delta))
            table.relayout(120)

    # ------------------------------------------------------------------ keys

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and shift:
            self.move_focused(-1 if key == Qt.Key.Key_Left else 1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            self.table.move_focus(-1 if key == Qt.Key.Key_Left else 1)
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            rows = self.table.hand_rows()
            per_row = math.ceil(len(self.table.hand) / rows) if rows > 1 else 0
            if per_row:
                self.table.move_focus(-per_row if key == Qt.Key.Key_Up else per_row)
        elif key == Qt.Key.Key_Space:
            self.table.toggle_focused()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.table.play_requested.emit()
        elif key == Qt.Key.Key_H:
            self.hint_requested.emit()
        elif key == Qt.Key.Key_Escape:
            self.table.clear_selection()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
