"""The tribute passed this hand, shown on the table until play starts: who gave what to whom
(DL-TRIB-4/5). Everybody sees that cards passed and how many; the two seats concerned see
which (the others see backs)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem

from shengji_desktop.rules.cards import Card, Seat

from ..cards import CARD_H, CARD_W
from ..i18n import tr
from ..texts import seat_object
from .items import CardItem, Label
from .layout import TableLayout


class Table(Protocol):
    """What the passes ask of the table's scene (``TableScene``)."""

    geo: TableLayout
    hand: list[CardItem]

    @property
    def viewer(self) -> Seat: ...

    seated: bool  # a person plays the viewer's seat (``texts.seat_name``)

    def new_card(self, card: int | None, face_up: bool, at: QPointF, scale: float) -> CardItem: ...

    def seat_anchor(self, seat: Seat) -> QPointF: ...

    def drop(self, items: Iterable[CardItem]) -> None: ...

    def addItem(self, item: QGraphicsItem) -> None: ...

    def removeItem(self, item: QGraphicsItem) -> None: ...


SCALE = 0.6
STEP = 26.0


class TributePasses:
    """One row of small cards per pass, in the middle before the seat that gave them, under
    a caption naming whom they went to."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.rows: list[tuple[Seat, list[CardItem], Label]] = []

    def add(
        self, seat: Seat, to: Seat, count: int, cards: Sequence[Card] | None, back: bool
    ) -> None:
        s = self.scene
        self.remove(seat)
        shown = list(cards) if cards else []
        items = [
            s.new_card(int(shown[i]) if shown else None, bool(shown), s.seat_anchor(seat), SCALE)
            for i in range(len(shown) or count)
        ]
        for i, item in enumerate(items):
            item.setZValue(650 + i)
        who = seat_object(to, s.viewer, s.seated)
        text = (tr("Returned to {who}") if back else tr("Tribute to {who}")).format(who=who)
        label = Label(text, 24, QColor(255, 248, 225, 235), centred=True)
        label.setZValue(660)
        s.addItem(label)
        self.rows.append((seat, items, label))
        self.place()

    def remove(self, seat: Seat) -> None:
        for row in [r for r in self.rows if r[0] == seat]:
            self.rows.remove(row)
            self._drop(row)

    def clear(self) -> None:
        rows, self.rows = self.rows, []
        for row in rows:
            self._drop(row)

    def _drop(self, row: tuple[Seat, list[CardItem], Label]) -> None:
        _, items, label = row
        self.scene.drop(items)
        if label.scene() is not None:
            self.scene.removeItem(label)

    def place(self) -> None:
        s = self.scene
        for seat, items, label in self.rows:
            centre = s.geo.trick_centre(seat, len(s.hand))
            width = CARD_W * SCALE + STEP * max(0, len(items) - 1)
            x0 = centre.x() - width / 2
            y0 = centre.y() - CARD_H * SCALE / 2 + 10
            for i, item in enumerate(items):
                item.stop_all()
                item.setPos(QPointF(x0 + i * STEP, y0))
                item.setScale(SCALE)
                item.setRotation(0.0)
            label.setPos(centre.x(), y0 - 40)

    def texts(self) -> list[tuple[Seat, str, list[int | None]]]:
        """(giver, caption, cards: None for a back) of every pass shown."""
        return [
            (seat, label.text, [i.card if i.face_up else None for i in items])
            for seat, items, label in self.rows
        ]
