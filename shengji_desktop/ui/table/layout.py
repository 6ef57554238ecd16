"""Where things go on the table: the scene's geometry in scene units, apart from drawing.

``TableLayout`` answers where the viewer's hand, the other seats' fans, the trick, the pile,
the kitty corner, the seat plates and the cards shown by a seat lie, for a table of a given
size seen from a given seat; ``display_order`` is the order of the cards in the hand. The
scene (``table.TableScene``) puts its items where these say.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from PySide6.QtCore import QPointF

from shengji_desktop.rules.cards import Card, Seat, Suit
from shengji_desktop.rules.ranking import Trump

from ..cards import CARD_H, CARD_W
from .felt import SCENE_W
from .items import RAISE, STANDARD_SCALES
from .seatplate import SeatPlate, plate_height, plate_zoom

BACK_SCALE = 0.55  # other seats' cards
TRICK_SCALE = 0.82
PILE_SCALE = 0.8
KITTY_SCALE = 0.55
SHOWN_SCALE = 0.5
HAND_SCALES = (1.0, 1.22)
GAP = 22.0  # between a seat plate (as designed) and the hand or fan below it
STANDARD_SCALES[:] = [*HAND_SCALES, BACK_SCALE, TRICK_SCALE, PILE_SCALE, KITTY_SCALE, SHOWN_SCALE]


def display_order(cards: Iterable[Card], trump: Trump) -> list[Card]:
    """Players' order: trumps first, strongest on the left, then the plain suits with the
    colours alternating, each from A down."""
    plain = [s for s in Suit if s != trump.suit]
    blacks = [s for s in plain if s in (Suit.SPADES, Suit.CLUBS)]
    reds = [s for s in plain if s in (Suit.HEARTS, Suit.DIAMONDS)]
    if len(blacks) == len(reds):
        order = [x for pair in zip(blacks, reds, strict=True) for x in pair]
    else:
        many, few = (blacks, reds) if len(blacks) > len(reds) else (reds, blacks)
        order = [many[0], *few, *many[1:]]
    rank_of = {s: i for i, s in enumerate(order)}

    def key(card: Card) -> tuple[int, int, int]:
        suit = card.suit
        if trump.is_trump(card):
            return (0, -trump.strength(card), -1 if suit is None else int(suit))
        assert suit is not None
        return (1 + rank_of[suit], -int(card.rank), 0)

    return sorted(cards, key=key)


class TableLayout:
    """The table's geometry: ``w`` by ``h`` scene units, ``viewer`` at the bottom, an action
    bar of ``bar_height`` above the hand. Positions depend on how many cards the viewer holds
    (``hand_n``) and, for the plates and what a seat shows, on the size of its fan
    (``backs``)."""

    def __init__(self) -> None:
        self.w, self.h = SCENE_W, 900.0
        self.viewer = Seat.S
        self.bar_height = 120.0  # the action bar above the hand, in scene units
        # The most cards the viewer may hold this game (a hand and the kitty): the action
        # bar, the viewer's plate and played cards keep the place that many cards leave,
        # so that nothing above the hand moves when it wraps to a second row.
        self.max_hand = 0
        # Pixels per scene unit in the view the table is drawn in: the seat plates grow taller
        # where the table is small, to stay readable (seatplate.plate_zoom). The plates set it
        # when they join the scene; a layout of no scene is drawn 1:1.
        self.view_scale: Callable[[], float] = lambda: 1.0

    def rel(self, seat: Seat) -> int:
        """0 bottom (the viewer), 1 right, 2 across, 3 left."""
        return (seat - self.viewer) % 4

    # ------------------------------------------------------------------ the viewer's hand

    @staticmethod
    def hand_rows(n: int) -> int:
        return 2 if n > 30 else 1

    def hand_scale(self, n: int) -> float:
        """Cards in hand are bigger when there are few of them (SD, TR, a DL hand late on)."""
        return HAND_SCALES[0] if self.hand_rows(n) == 2 else HAND_SCALES[1]

    def hand_top(self, n: int) -> float:
        """The top of the viewer's hand when a card is raised (the action bar sits above)."""
        n = max(n, 1)
        k = self.hand_scale(n)
        rows = self.hand_rows(n)
        return self.h - 10 - CARD_H * k - (58 if rows == 2 else 0) - RAISE

    def bar_top(self, n: int) -> float:
        """Where the action bar ends above the hand: the top of the game's fullest hand."""
        return self.hand_top(max(n, self.max_hand))

    def hand_slots(self, n: int) -> list[tuple[QPointF, float]]:
        """(position, z) of each card of a hand of ``n``."""
        if n == 0:
            return []
        rows = self.hand_rows(n)
        k = self.hand_scale(n)
        left, right = 70.0, self.w - 70.0
        bottom = self.h - 10 - CARD_H * k
        out: list[tuple[QPointF, float]] = []
        per_row = [math.ceil(n / rows)] * rows
        per_row[-1] = n - per_row[0] * (rows - 1)
        widest = max(per_row)
        step = min(64.0 * k, (right - left - CARD_W * k) / max(1, widest - 1))
        for r, count in enumerate(per_row):
            y = bottom - (58.0 * (rows - 1 - r))
            width = CARD_W * k + step * (count - 1)
            x0 = (self.w - width) / 2
            for i in range(count):
                out.append((QPointF(x0 + i * step, y), 100.0 + r * 100 + i))
        return out

    # ------------------------------------------------------------------ the seats

    def seat_anchor(self, seat: Seat) -> QPointF:
        """The middle of the seat's area (where its cards come from and go to)."""
        w, h = self.w, self.h
        return [
            QPointF(w / 2, h - 90),
            QPointF(w - 60, h * 0.44),
            QPointF(w / 2, 50),
            QPointF(60, h * 0.44),
        ][self.rel(seat)]

    def plate_height(self) -> float:
        """The seat plates' height at the view's scale (``SeatPlate.HEIGHT`` where the table is
        large enough)."""
        return plate_height(plate_zoom(self.view_scale()))

    def plate_pos(self, seat: Seat, backs: int, hand_n: int) -> QPointF:
        """The plate's top left corner: the plates sit just above the hand (the action bar
        beside) and above the side fans, the plate across hangs from the top. A taller plate
        (a small table) takes the gap below it first, then grows upwards: the viewer's plate
        keeps out of the bar's row of buttons as long as it can."""
        w = self.w
        pw = SeatPlate.WIDTH
        grown = self.plate_height() - SeatPlate.HEIGHT
        up = GAP + SeatPlate.HEIGHT + grown - min(grown, GAP - 4)
        fan_top, _ = self.side_fan_span(backs)
        return [
            QPointF(24, self.bar_top(hand_n) - up),
            QPointF(w - 24 - pw, fan_top - up),
            QPointF(w / 2 - self.top_fan_width(backs) / 2 - pw - 24, 26),
            QPointF(24, fan_top - up),
        ][self.rel(seat)]

    def bubble_pos(self, seat: Seat, backs: int, hand_n: int) -> QPointF:
        rel = self.rel(seat)
        if rel == 0:
            plate = self.plate_pos(seat, backs, hand_n)
            return QPointF(plate.x() + SeatPlate.WIDTH / 2, plate.y() - 34)
        if rel == 2:
            return QPointF(self.w / 2, 14 + CARD_H * BACK_SCALE + 34)
        if rel == 3:
            return QPointF(200, self.h * 0.44 + 50)
        return QPointF(self.w - 200, self.h * 0.44 + 50)

    def shown_origin(self, seat: Seat, backs: int, hand_n: int) -> QPointF:
        """Where the cards a seat shows (a declaration, a revolt) start."""
        rel = self.rel(seat)
        if rel == 0:
            plate = self.plate_pos(seat, backs, hand_n)
            return QPointF(plate.x() + SeatPlate.WIDTH + 16, plate.y() - 4)
        if rel == 2:
            return QPointF(self.w / 2 + self.top_fan_width(backs) / 2 + 16, 16)
        if rel == 3:
            return QPointF(110, self.h * 0.44 - 40)
        return QPointF(self.w - 110 - 4 * 26 - CARD_W * SHOWN_SCALE, self.h * 0.44 - 40)

    def shown_spots(self, seat: Seat, n: int, backs: int, hand_n: int) -> list[QPointF]:
        origin = self.shown_origin(seat, backs, hand_n)
        return [QPointF(origin.x() + i * 26, origin.y()) for i in range(n)]

    # ------------------------------------------------------------------ the other seats' fans

    @staticmethod
    def fan_step(n: int) -> float:
        return min(10.0, 360.0 / max(1, n - 1))

    def top_fan_width(self, n: int) -> float:
        return CARD_W * BACK_SCALE + max(0, n - 1) * self.fan_step(n)

    def side_fan_span(self, n: int) -> tuple[float, float]:
        length = CARD_W * BACK_SCALE + max(0, n - 1) * self.fan_step(n)
        centre = self.h * 0.44
        return centre - max(length, 180) / 2, centre + max(length, 180) / 2

    def back_slots(self, seat: Seat, n: int) -> list[tuple[QPointF, float]]:
        """(position, rotation) of each back in the seat's fan."""
        rel = self.rel(seat)
        step = self.fan_step(n)
        cw, ch = CARD_W * BACK_SCALE, CARD_H * BACK_SCALE
        out = []
        if rel == 2:
            x0 = self.w / 2 - self.top_fan_width(n) / 2
            for i in range(n):
                out.append((QPointF(x0 + i * step, 14), 0.0))
        else:
            length = cw + max(0, n - 1) * step
            y0 = self.h * 0.44 - length / 2
            for i in range(n):
                if rel == 3:  # left: rotated a quarter turn clockwise, reading downwards
                    out.append((QPointF(18 + ch, y0 + i * step), 90.0))
                else:
                    out.append((QPointF(self.w - 18 - ch, y0 + i * step + cw), -90.0))
        return out

    def back_rotation(self, seat: Seat) -> float:
        return [0.0, -90.0, 0.0, 90.0][self.rel(seat)]

    # ------------------------------------------------------------------ the middle

    def trick_centre(self, seat: Seat, hand_n: int) -> QPointF:
        w, h = self.w, self.h
        low = self.bar_top(hand_n) - self.bar_height - 14 - CARD_H * TRICK_SCALE / 2
        return [
            QPointF(w / 2, low),
            QPointF(w * 0.70, h * 0.41),
            QPointF(w / 2, 238),
            QPointF(w * 0.30, h * 0.41),
        ][self.rel(seat)]

    def trick_spots(self, seat: Seat, n: int, hand_n: int) -> list[QPointF]:
        """The cards a seat played to the trick, side by side around its spot."""
        centre = self.trick_centre(seat, hand_n)
        step = 30.0 if n <= 6 else 22.0
        width = CARD_W * TRICK_SCALE + step * (n - 1)
        x0 = centre.x() - width / 2
        y0 = centre.y() - CARD_H * TRICK_SCALE / 2
        return [QPointF(x0 + i * step, y0) for i in range(n)]

    def pile_pos(self) -> QPointF:
        return QPointF(
            self.w / 2 - CARD_W * PILE_SCALE / 2, self.h * 0.41 - CARD_H * PILE_SCALE / 2
        )

    def pile_spots(self, n: int, faces: bool) -> list[QPointF]:
        """The pack (a stack of backs) or the kitty turned over (side by side)."""
        pile = self.pile_pos()
        if faces:
            width = CARD_W * PILE_SCALE + 34 * (n - 1)
            return [QPointF(self.w / 2 - width / 2 + i * 34, pile.y()) for i in range(n)]
        return [QPointF(pile.x() - i * 0.6, pile.y() - i * 0.9) for i in range(n)]

    @staticmethod
    def kitty_origin() -> QPointF:
        return QPointF(26, 30)

    def kitty_spots(self, n: int) -> list[QPointF]:
        corner = self.kitty_origin()
        return [QPointF(corner.x() + i * 21, corner.y()) for i in range(n)]
