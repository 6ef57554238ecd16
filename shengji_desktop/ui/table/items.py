"""Graphics items of the table: cards that animate themselves, seat plates, bubbles, banners."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import (
    Property,
    QAbstractAnimation,
    QAnimationGroup,
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from ..cards import BACK, CARD_H, CARD_W, SHADOW, CardPixmaps, font

RAISE = 26.0  # how far a selected card rises
# The scales the table lays cards out at; cards resting at one of them are drawn 1:1.
STANDARD_SCALES: list[float] = [1.0]


class CardItem(QGraphicsObject):
    """One physical card on the table. ``card`` is None for a card whose face the viewer
    cannot know (dealt to another seat, face down kitty)."""

    def __init__(self, pixmaps: CardPixmaps, card: int | None = None, face_up: bool = False):
        super().__init__()
        self.pixmaps = pixmaps
        self.card = card
        self.face_up = face_up and card is not None
        self.trump = False
        self.selected = False
        self.hinted = False
        self.focused = False
        self.fresh = False  # just received (kitty, tribute): outlined until the next action
        self.home = QPointF()  # where the layout wants the card (before the selection raise)
        self.landing = False  # flying into a fan, which takes it over on arrival
        self._flip = 1.0
        self._anims: dict[str, QPropertyAnimation] = {}
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # A card is drawn from one cached pixmap; the bounding box includes its shadow.
    def boundingRect(self) -> QRectF:
        return QRectF(-SHADOW, -SHADOW, CARD_W + 2 * SHADOW, CARD_H + 2 * SHADOW)

    def shape(self):  # type: ignore[no-untyped-def]
        path = QPainterPath()
        path.addRect(QRectF(0, 0, CARD_W, CARD_H))
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        showing_face = self.face_up and self.card is not None
        if self._flip < 0.5:
            showing_face = not showing_face  # first half of a flip shows the old side
        key = self.card if showing_face and self.card is not None else BACK
        trump = self.trump and showing_face
        if self._flip >= 0.999 and self._blit(painter, key, trump):
            pass
        else:
            self._draw_scaled(painter, key, trump)
        self._paint_marks(painter)

    def _blit(self, painter: QPainter, key: int, trump: bool) -> bool:
        """Fast path: an upright or quarter-turned card at one of the layout's scales is
        copied 1:1 from a pixmap rendered at exactly its device size."""
        scale = self.scale()
        if not any(abs(scale - s) < 1e-4 for s in STANDARD_SCALES):
            return False
        t = painter.worldTransform()
        m11, m12, m21, m22 = t.m11(), t.m12(), t.m21(), t.m22()
        if abs(m12) < 1e-6 and abs(m21) < 1e-6 and m11 > 0 and abs(m11 - m22) < 1e-6:
            rotation, zoom = 0, m11
        elif abs(m11) < 1e-6 and abs(m22) < 1e-6 and abs(m12 + m21) < 1e-6:
            rotation, zoom = (90 if m12 > 0 else -90), abs(m12)
        else:
            return False
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        pm = self.pixmaps.exact(key, trump, zoom * dpr, rotation)
        pm.setDevicePixelRatio(dpr)  # device pixels = pixmap pixels, whatever the screen
        target = t.mapRect(self.boundingRect())
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(
            QPointF(round(target.x() * dpr) / dpr, round(target.y() * dpr) / dpr), pm
        )
        painter.restore()
        return True

    def _draw_scaled(self, painter: QPainter, key: int, trump: bool) -> None:
        pm = self.pixmaps.pixmap(key, trump)
        painter.save()
        if self._flip < 0.999:
            width = abs(math.cos(math.pi * self._flip))
            painter.translate(CARD_W / 2, 0)
            painter.scale(max(width, 0.02), 1.0)
            painter.translate(-CARD_W / 2, 0)
        painter.drawPixmap(self.boundingRect(), pm, QRectF(pm.rect()))
        painter.restore()

    def _paint_marks(self, painter: QPainter) -> None:
        if self.selected or self.hinted or self.focused or self.fresh:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            if self.selected:
                painter.setPen(QPen(QColor("#2f7be8"), 3.0))
                painter.setBrush(QColor(47, 123, 232, 28))
            elif self.hinted:
                painter.setPen(QPen(QColor("#ffb300"), 3.5))
            elif self.fresh:
                painter.setPen(QPen(QColor("#35c46a"), 3.0))
            else:
                painter.setPen(QPen(QColor(255, 255, 255, 0), 0))
            if self.selected or self.hinted or self.fresh:
                painter.drawRoundedRect(QRectF(1, 1, CARD_W - 2, CARD_H - 2), 7, 7)
            if self.focused:
                pen = QPen(QColor("#1b1b1b"), 2.0, Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(QRectF(4, 4, CARD_W - 8, CARD_H - 8), 5, 5)

    # ------------------------------------------------------------------ properties

    def _get_flip(self) -> float:
        return self._flip

    def _set_flip(self, value: float) -> None:
        self._flip = value
        self.update()

    flip = Property(float, _get_flip, _set_flip)

    def set_face(self, card: int | None, face_up: bool, trump: bool = False) -> None:
        changed = (card, face_up and card is not None, trump) != (
            self.card,
            self.face_up,
            self.trump,
        )
        self.card = card
        self.face_up = face_up and card is not None
        self.trump = trump
        if changed:
            self.update()

    def set_marks(
        self,
        *,
        selected: bool | None = None,
        hinted: bool | None = None,
        focused: bool | None = None,
    ) -> None:
        if selected is not None:
            self.selected = selected
        if hinted is not None:
            self.hinted = hinted
        if focused is not None:
            self.focused = focused
        self.update()

    # ------------------------------------------------------------------ motion

    def animate(
        self,
        prop: str,
        end: Any,
        duration: int,
        easing: QEasingCurve.Type = QEasingCurve.Type.OutCubic,
        group: QAnimationGroup | None = None,
    ) -> QPropertyAnimation | None:
        """Move ``prop`` to ``end``, inside ``group`` (one per event) or on its own. A new
        animation of the same property replaces the running one: Qt would otherwise run
        both and the card would jump between them. The old one leaves its group, whose
        other cards go on moving."""
        old = self._anims.pop(prop, None)
        if old is not None and isValid(old):
            owner = old.group()
            if owner is not None:
                owner.removeAnimation(old)
                old.setParent(self)
            old.stop()
            old.deleteLater()
        if duration <= 0:
            self.setProperty(prop, end)
            return None
        current = self.property(prop)
        if _close(current, end):
            self.setProperty(prop, end)
            return None
        anim = QPropertyAnimation(self, prop.encode())
        anim.setDuration(duration)
        anim.setStartValue(current)
        anim.setEndValue(end)
        anim.setEasingCurve(easing)
        self._anims[prop] = anim
        if group is not None:
            group.addAnimation(anim)
        else:
            anim.setParent(self)
            anim.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)
        return anim

    def flip_to(self, card: int | None, face_up: bool, trump: bool, duration: int) -> None:
        """Turn the card over: half a turn shows the old side, then the new one."""
        if duration <= 0 or face_up == self.face_up:
            self.set_face(card, face_up, trump)
            return
        self.set_face(card, face_up, trump)
        self._flip = 0.0
        self.animate("flip", 1.0, duration, QEasingCurve.Type.InOutSine)

    def stop_all(self) -> None:
        for anim in self._anims.values():
            if isValid(anim):
                owner = anim.group()
                if owner is not None:
                    owner.removeAnimation(anim)
                    anim.setParent(self)
                anim.stop()
        self._anims.clear()


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, QPointF) and isinstance(b, QPointF):
        return abs(a.x() - b.x()) < 0.01 and abs(a.y() - b.y()) < 0.01
    if isinstance(a, float | int) and isinstance(b, float | int):
        return abs(float(a) - float(b)) < 1e-4
    return bool(a == b)


# ---------------------------------------------------------------------- text items


class Bubble(QGraphicsObject):
    """A short speech bubble near a seat ("Pass", "65", "+25")."""

    def __init__(self, text: str, colour: QColor | None = None, size: float = 26) -> None:
        super().__init__()
        self.text = text
        self.colour = colour or QColor("#fff7d6")
        self.size = size
        self.setZValue(900)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # text: laid out once
        f = font(size, bold=True)
        from PySide6.QtGui import QFontMetricsF

        metrics = QFontMetricsF(f)
        self._w = metrics.horizontalAdvance(text) + size * 1.2
        self._h = size * 1.7

    def boundingRect(self) -> QRectF:
        return QRectF(-self._w / 2 - 2, -self._h / 2 - 2, self._w + 4, self._h + 4)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(-self._w / 2, -self._h / 2, self._w, self._h)
        painter.setPen(QPen(QColor(0, 0, 0, 120), 1.5))
        painter.setBrush(self.colour)
        painter.drawRoundedRect(rect, self._h / 2, self._h / 2)
        painter.setPen(QColor("#202020"))
        painter.setFont(font(self.size, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text)


class Banner(QGraphicsObject):
    """A message across the middle of the table ("主 ♥", "甩牌失败")."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.detail = ""
        self.width = 760.0
        self.setZValue(950)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # text: laid out once
        self.setOpacity(0.0)

    def boundingRect(self) -> QRectF:
        return QRectF(-self.width / 2, -62, self.width, 124)

    def set_text(self, title: str, detail: str = "") -> None:
        self.title = title
        self.detail = detail
        self.update()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        h = 110.0 if self.detail else 76.0
        rect = QRectF(-self.width / 2 + 10, -h / 2, self.width - 20, h)
        grad = QLinearGradient(rect.topLeft(), rect.topRight())
        grad.setColorAt(0.0, QColor(10, 20, 14, 0))
        grad.setColorAt(0.15, QColor(10, 20, 14, 215))
        grad.setColorAt(0.85, QColor(10, 20, 14, 215))
        grad.setColorAt(1.0, QColor(10, 20, 14, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        painter.drawRect(rect)
        painter.setPen(QPen(QColor(212, 160, 23, 180), 1.5))
        painter.drawLine(
            QPointF(rect.left() + 80, rect.top()), QPointF(rect.right() - 80, rect.top())
        )
        painter.drawLine(
            QPointF(rect.left() + 80, rect.bottom()), QPointF(rect.right() - 80, rect.bottom())
        )
        painter.setPen(QColor("#ffe9a8"))
        painter.setFont(font(34, bold=True))
        title_rect = QRectF(rect.left(), rect.top() + 6, rect.width(), 50)
        painter.drawText(title_rect, Qt.AlignmentFlag.AlignCenter, self.title)
        if self.detail:
            painter.setPen(QColor(255, 255, 255, 220))
            painter.setFont(font(20))
            painter.drawText(
                QRectF(rect.left(), rect.top() + 56, rect.width(), 44),
                Qt.AlignmentFlag.AlignCenter,
                self.detail,
            )


class Label(QGraphicsObject):
    """Text on the felt (zone captions like 底牌 Kitty, the title); ``pos`` is its top-left,
    or its top-centre when ``centred``."""

    def __init__(
        self, text: str = "", size: float = 16, colour: QColor | None = None, centred: bool = False
    ) -> None:
        super().__init__()
        self.size = size
        self.colour = colour or QColor(255, 255, 255, 170)
        self.centred = centred
        self.text = ""
        self._rect = QRectF()
        self.set_text(text)
        self.setZValue(5)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # text: laid out once

    def set_text(self, text: str) -> None:
        from PySide6.QtGui import QFontMetricsF

        self.prepareGeometryChange()
        self.text = text
        width = QFontMetricsF(font(self.size, bold=True)).horizontalAdvance(text) + 8
        x = -width / 2 if self.centred else 0.0
        self._rect = QRectF(x, 0, width, self.size * 1.6)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setPen(self.colour)
        painter.setFont(font(self.size, bold=True))
        align = Qt.AlignmentFlag.AlignHCenter if self.centred else Qt.AlignmentFlag.AlignLeft
        painter.drawText(self.boundingRect(), align, self.text)


class FanItem(QGraphicsObject):
    """The backs of another seat's hand, drawn as one picture: a fan of 39 cards costs one
    copy per frame instead of 39. ``slots`` are the cards' (position, rotation) in scene
    units; the last ``pending`` slots are left empty for cards still flying in."""

    def __init__(self, pixmaps: CardPixmaps, scale: float) -> None:
        super().__init__()
        self.pixmaps = pixmaps
        self.card_scale = scale
        self.slots: list[tuple[QPointF, float]] = []
        self.pending = 0
        self._bounds = QRectF()
        self._cache: tuple[tuple[object, ...], QPixmap] | None = None
        self.setZValue(50)

    @property
    def count(self) -> int:
        return len(self.slots)

    def set_slots(self, slots: list[tuple[QPointF, float]]) -> None:
        rounded = [(QPointF(round(p.x(), 2), round(p.y(), 2)), r) for p, r in slots]
        if rounded == self.slots:
            return
        self.prepareGeometryChange()
        self.slots = rounded
        self.pending = min(self.pending, len(rounded))
        bounds = QRectF()
        for pos, rotation in rounded:
            bounds = bounds.united(self._card_rect(pos, rotation))
        self._bounds = bounds
        self.update()

    def set_pending(self, pending: int) -> None:
        pending = max(0, min(pending, len(self.slots)))
        if pending != self.pending:
            self.pending = pending
            self.update()

    def _card_transform(self, pos: QPointF, rotation: float) -> QTransform:
        t = QTransform()
        t.translate(pos.x(), pos.y())
        t.rotate(rotation)
        t.scale(self.card_scale, self.card_scale)
        return t

    def _card_rect(self, pos: QPointF, rotation: float) -> QRectF:
        box = QRectF(-SHADOW, -SHADOW, CARD_W + 2 * SHADOW, CARD_H + 2 * SHADOW)
        return self._card_transform(pos, rotation).mapRect(box)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        shown = self.slots[: len(self.slots) - self.pending]
        if not shown:
            return
        t = painter.worldTransform()
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        simple = abs(t.m12()) < 1e-6 and abs(t.m21()) < 1e-6 and abs(t.m11() - t.m22()) < 1e-6
        if not simple:
            self._draw(painter, shown)
            return
        zoom = t.m11() * dpr
        key = (len(shown), round(zoom, 3), tuple((p.x(), p.y(), r) for p, r in shown))
        if self._cache is None or self._cache[0] != key:
            bounds = QRectF()
            for pos, rotation in shown:
                bounds = bounds.united(self._card_rect(pos, rotation))
            width = max(1, math.ceil(bounds.width() * zoom) + 2)
            height = max(1, math.ceil(bounds.height() * zoom) + 2)
            image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            p = QPainter(image)
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.scale(zoom, zoom)
            p.translate(-bounds.x(), -bounds.y())
            self._draw(p, shown, zoom)
            p.end()
            pm = QPixmap.fromImage(image)
            self._cache = (key, pm)
            self._origin = bounds.topLeft()
        pm = self._cache[1]
        pm.setDevicePixelRatio(dpr)
        target = t.map(self._origin)
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(
            QPointF(round(target.x() * dpr) / dpr, round(target.y() * dpr) / dpr), pm
        )
        painter.restore()

    def _draw(
        self, painter: QPainter, shown: list[tuple[QPointF, float]], zoom: float | None = None
    ) -> None:
        for pos, rotation in shown:
            painter.save()
            painter.setTransform(self._card_transform(pos, rotation), True)
            if zoom is not None and rotation == 0:
                pm = self.pixmaps.exact(BACK, False, zoom * self.card_scale)
                painter.drawPixmap(self.boundingRect_of_card(), pm, QRectF(pm.rect()))
            else:
                pm = self.pixmaps.pixmap(BACK)
                painter.drawPixmap(self.boundingRect_of_card(), pm, QRectF(pm.rect()))
            painter.restore()

    @staticmethod
    def boundingRect_of_card() -> QRectF:
        return QRectF(-SHADOW, -SHADOW, CARD_W + 2 * SHADOW, CARD_H + 2 * SHADOW)
