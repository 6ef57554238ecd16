"""The replay's table: the live table's scene, with the other seats' hands laid face up when
the viewer shows all hands of a finished hand (``expect(view, hands)`` before the view comes)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF

from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Card, Seat

from ..cards import CARD_H, CARD_W
from ..table.items import CardItem
from ..table.layout import SHOWN_SCALE, display_order
from ..table.scene import TableScene
from ..table.seatplate import SeatPlate

OPEN_SCALE = SHOWN_SCALE
OPEN_STEP = 19.0  # between two cards of a row
OPEN_ROW = 13  # cards a row beside the table
OPEN_ROW_TOP = 18  # across: within the room the fan of backs takes, right of the plate


class ReplayScene(TableScene):
    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.open: dict[Seat, list[CardItem]] = {s: [] for s in Seat}
        self._expected: dict[int, tuple[SeatView, dict[Seat, tuple[Card, ...]] | None]] = {}
        self.open_cards: dict[Seat, tuple[Card, ...]] | None = None

    def expect(self, view: SeatView, hands: dict[Seat, tuple[Card, ...]] | None) -> None:
        """The hands to lay open when ``view`` is synced (None: backs, as at the table)."""
        self._expected[id(view)] = (view, hands)

    def open_spots(self, seat: Seat, n: int) -> list[QPointF]:
        """Where ``seat``'s ``n`` cards lie face up: rows of even length (13 cards and 1 would
        leave one alone), across to the right of its plate, never over it or its badge."""
        rel = self.geo.rel(seat)
        w, h = self.w, self.h
        cw, ch = CARD_W * OPEN_SCALE, CARD_H * OPEN_SCALE
        most = OPEN_ROW if rel != 2 else OPEN_ROW_TOP
        if rel == 2:  # from the plate's right edge to the table's
            plate = self.geo.plate_pos(seat, self.back_count(seat), len(self.hand))
            left = plate.x() + SeatPlate.WIDTH + 16
            most = max(1, min(most, int((w - 18 - left - cw) // OPEN_STEP) + 1))
        rows = max(1, math.ceil(n / most))
        per_row = max(1, math.ceil(n / rows))
        width = cw + OPEN_STEP * (per_row - 1)
        if rel == 2:
            x0, y0 = max(left, w / 2 - width / 2), 14.0
        elif rel == 3:
            x0, y0 = 18.0, h * 0.44 - ch
        else:
            x0, y0 = w - 18.0 - width, h * 0.44 - ch
        return [
            QPointF(x0 + (i % per_row) * OPEN_STEP, y0 + (i // per_row) * ch * 0.55)
            for i in range(n)
        ]

    def targets(self) -> list[tuple[CardItem, QPointF, float, float, float]]:
        out = super().targets()
        for seat in Seat:
            items = self.open[seat]
            for i, (item, pos) in enumerate(
                zip(items, self.open_spots(seat, len(items)), strict=True)
            ):
                out.append((item, pos, 0.0, OPEN_SCALE, 800 + i))
        return out

    def sync(self, view: SeatView, duration: int = 0) -> None:
        entry = self._expected.pop(id(view), None)
        if entry is not None:
            self.open_cards = entry[1]
        super().sync(view, duration)
        hands = self.open_cards
        trump = self.trump
        for seat in Seat:
            shown = hands is not None and seat != self.viewer
            self.fans[seat].setVisible(not shown)
            cards: Sequence[Card] = ()
            if hands is not None and shown and trump is not None:
                cards = display_order(hands.get(seat, ()), trump)
            self.open[seat] = self._match_faces(
                self.open[seat], cards, self.seat_anchor(seat), OPEN_SCALE
            )
            for item in self.open[seat]:
                item.trump = (
                    trump is not None and item.card is not None and trump.is_trump(Card(item.card))
                )
        self.relayout(duration)

    def take_from_hand(self, seat: Seat, cards: Sequence[Card] | int) -> list[CardItem]:
        if seat == self.viewer or isinstance(cards, int) or not self.open[seat]:
            return super().take_from_hand(seat, cards)
        taken: list[CardItem] = []
        for card in cards:
            item = next((i for i in self.open[seat] if i.card == int(card)), None)
            if item is not None:
                self.open[seat].remove(item)
                taken.append(item)
        self.set_back_count(seat, max(0, self.back_count(seat) - len(cards)))
        while len(taken) < len(cards):  # not laid open (yet): a card from the seat's place
            taken.append(self.new_card(None, False, self.seat_anchor(seat), OPEN_SCALE))
        return taken

    def clear_table(self) -> None:
        super().clear_table()
        for seat in Seat:
            self.drop(self.open[seat])
            self.open[seat] = []
