"""The card table: a QGraphicsScene laid out in scene units and a view that scales it.

The scene keeps the cards in zones (the viewer's hand, the other seats' backs, the trick, the
pile in the middle, the kitty in its corner, declarations shown by a seat). ``sync(view)``
makes the zones match an engine view exactly; the animation of an event moves items between
zones first, so that sync then finds nothing left to do. Layout is computed apart from
drawing: ``targets`` says where every card should be, ``relayout`` moves it there.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import (
    QAbstractAnimation,
    QParallelAnimationGroup,
    QPointF,
    QRect,
    QRectF,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, parse_cards
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import Trump

from .cards import CARD_H, CARD_W, CardPixmaps
from .felt import FELT_EDGE, MAX_H, MIN_H, SCENE_W, paint_felt
from .i18n import tr
from .items import (
    RAISE,
    STANDARD_SCALES,
    Banner,
    Bubble,
    CardItem,
    FanItem,
    Label,
    SeatPlate,
)

BACK_SCALE = 0.55  # other seats' cards
TRICK_SCALE = 0.82
PILE_SCALE = 0.8
KITTY_SCALE = 0.55
SHOWN_SCALE = 0.5
HAND_SCALES = (1.0, 1.22)
STANDARD_SCALES[:] = [*HAND_SCALES, BACK_SCALE, TRICK_SCALE, PILE_SCALE, KITTY_SCALE, SHOWN_SCALE]

SUIT_BY_LETTER = {"S": Suit.SPADES, "H": Suit.HEARTS, "C": Suit.CLUBS, "D": Suit.DIAMONDS}
LEVEL_BY_LABEL = {"A": 14, "J": 11, "Q": 12, "K": 13}


def level_value(level: Any) -> int:
    if isinstance(level, int):
        return level
    return LEVEL_BY_LABEL.get(str(level), int(level) if str(level).isdigit() else 2)


def display_trump(view: dict[str, Any]) -> Trump:
    """The ranking the viewer sorts by: the hand's trump once fixed; before that what is known
    (jokers, the level cards and, in DL and SD, the 2s) and the suit of the standing
    declaration, which is trump unless someone overcalls."""
    game = Game(view["game"])
    options = Options.from_dict(view.get("match", {}).get("options", {}))
    declared = (view.get("declaration") or {}).get("suit")
    suit = SUIT_BY_LETTER.get(view.get("trump_suit") or declared or "")
    level = view.get("level")
    if level is None:
        if game is Game.SD:
            level = 2
        elif game is Game.DL:
            levels = view.get("levels") or {}
            dealer = view.get("dealer")
            level = levels.get(Seat[dealer].team.value, 3) if dealer else 3
        else:
            levels = view.get("levels") or {}
            dealer = view.get("dealer")
            label = levels.get(Seat[dealer].team.value) if dealer else levels.get("NS", "A")
            level = level_value(label or "A")
    return Trump(game, Rank(int(level)), suit, options)


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


class TableScene(QGraphicsScene):
    selection_changed = Signal()
    play_requested = Signal()

    def __init__(self, pixmaps: CardPixmaps) -> None:
        super().__init__(QRectF(0, 0, SCENE_W, 900))
        self.w, self.h = SCENE_W, 900.0  # the scene rect, read often by the layout
        self.pixmaps = pixmaps
        self.viewer = Seat.S
        self.game: Game | None = None
        self.state: dict[str, Any] = {}
        self.trump: Trump | None = None
        self.hand: list[CardItem] = []
        # Other seats' hands: one fan item each, plus the cards flying into it.
        self.fans = {s: FanItem(pixmaps, BACK_SCALE) for s in Seat}
        for fan in self.fans.values():
            self.addItem(fan)
        self.incoming: dict[Seat, list[CardItem]] = {s: [] for s in Seat}
        self.trick: dict[Seat, list[CardItem]] = {s: [] for s in Seat}
        self.shown: dict[Seat, list[CardItem]] = {s: [] for s in Seat}
        self.pile: list[CardItem] = []
        self.kitty: list[CardItem] = []
        self.sweeping: list[CardItem] = []
        self.focus_index = -1
        self.names: dict[Seat, tuple[str, str]] = {}
        self.acting: Seat | None = None  # whose decision the table waits for
        self.bar_height = 120.0  # the action bar above the hand, in scene units
        self.plates = {s: SeatPlate() for s in Seat}
        for plate in self.plates.values():
            self.addItem(plate)
            plate.hide()
        self.banner = Banner()
        self.addItem(self.banner)
        self.kitty_label = Label(tr("Kitty"), 15)
        self.addItem(self.kitty_label)
        self.kitty_label.hide()
        self.title = Label("升级", 150, QColor(255, 255, 255, 70), centred=True)
        self.subtitle = Label("", 30, QColor(255, 255, 255, 130), centred=True)
        self.addItem(self.title)
        self.addItem(self.subtitle)
        self.showcase: list[CardItem] = []  # add_showcase
        self._banner_timer = QTimer(self)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.timeout.connect(self._hide_banner)
        self.show_title(True)

    def add_showcase(self) -> None:
        """A fan of cards under the title on the start screen (drawn after the first paint:
        rendering the faces is the costliest part of it)."""
        if self.showcase:
            return
        cards = [53, 52, 13 + 12, 12, 26 + 11, 39 + 10]  # BJ SJ ♥A ♠A ♣K ♦Q
        self.showcase = [CardItem(self.pixmaps, c, True) for c in cards]
        for item in self.showcase:
            self.addItem(item)
            item.setVisible(self.title.isVisible())
        self._place_decorations()

    # ------------------------------------------------------------------ geometry

    def set_height(self, height: float) -> None:
        height = min(MAX_H, max(MIN_H, height))
        if abs(height - self.h) > 0.5:
            self.h = height
            self.setSceneRect(QRectF(0, 0, SCENE_W, height))

    def hand_rows(self, n: int | None = None) -> int:
        n = len(self.hand) if n is None else n
        return 2 if n > 30 else 1

    def hand_scale(self, n: int | None = None) -> float:
        """Cards in hand are bigger when there are few of them (SD, TR, a DL hand late on)."""
        n = len(self.hand) if n is None else n
        return HAND_SCALES[0] if self.hand_rows(n) == 2 else HAND_SCALES[1]

    def hand_top(self) -> float:
        """The top of the viewer's hand when a card is raised (the action bar sits above)."""
        n = max(len(self.hand), 1)
        k = self.hand_scale(n)
        rows = self.hand_rows(n)
        return self.h - 10 - CARD_H * k - (58 if rows == 2 else 0) - RAISE

    def hand_slots(self, n: int) -> list[tuple[QPointF, float]]:
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

    def seat_anchor(self, seat: Seat) -> QPointF:
        """The middle of the seat's area (where its cards come from and go to)."""
        rel = (seat - self.viewer) % 4
        w, h = self.w, self.h
        return [
            QPointF(w / 2, h - 90),
            QPointF(w - 60, h * 0.44),
            QPointF(w / 2, 50),
            QPointF(60, h * 0.44),
        ][rel]

    def trick_centre(self, seat: Seat) -> QPointF:
        rel = (seat - self.viewer) % 4
        w, h = self.w, self.h
        low = self.hand_top() - self.bar_height - 14 - CARD_H * TRICK_SCALE / 2
        return [
            QPointF(w / 2, low),
            QPointF(w * 0.70, h * 0.41),
            QPointF(w / 2, 238),
            QPointF(w * 0.30, h * 0.41),
        ][rel]

    def pile_pos(self) -> QPointF:
        return QPointF(
            self.w / 2 - CARD_W * PILE_SCALE / 2, self.h * 0.41 - CARD_H * PILE_SCALE / 2
        )

    def plate_pos(self, seat: Seat) -> QPointF:
        rel = (seat - self.viewer) % 4
        w = self.w
        pw = SeatPlate.WIDTH
        fan_top, _ = self._side_fan_span(self.back_count(seat))
        return [
            QPointF(24, self.hand_top() - 80),
            QPointF(w - 24 - pw, fan_top - 80),
            QPointF(w / 2 - self._top_fan_width(self.back_count(seat)) / 2 - pw - 24, 26),
            QPointF(24, fan_top - 80),
        ][rel]

    def _top_fan_width(self, n: int) -> float:
        return CARD_W * BACK_SCALE + max(0, n - 1) * self._fan_step(n)

    @staticmethod
    def _fan_step(n: int) -> float:
        return min(10.0, 360.0 / max(1, n - 1))

    def _side_fan_span(self, n: int) -> tuple[float, float]:
        length = CARD_W * BACK_SCALE + max(0, n - 1) * self._fan_step(n)
        centre = self.h * 0.44
        return centre - max(length, 180) / 2, centre + max(length, 180) / 2

    def back_slots(self, seat: Seat, n: int) -> list[tuple[QPointF, float, float]]:
        """(position, rotation, z) of each back in the seat's fan."""
        rel = (seat - self.viewer) % 4
        step = self._fan_step(n)
        cw, ch = CARD_W * BACK_SCALE, CARD_H * BACK_SCALE
        out = []
        if rel == 2:
            x0 = self.w / 2 - self._top_fan_width(n) / 2
            for i in range(n):
                out.append((QPointF(x0 + i * step, 14), 0.0, 50.0 + i))
        else:
            length = cw + max(0, n - 1) * step
            y0 = self.h * 0.44 - length / 2
            for i in range(n):
                if rel == 3:  # left: rotated a quarter turn clockwise, reading downwards
                    out.append((QPointF(18 + ch, y0 + i * step), 90.0, 50.0 + i))
                else:
                    out.append((QPointF(self.w - 18 - ch, y0 + i * step + cw), -90.0, 50.0 + i))
        return out

    def back_count(self, seat: Seat) -> int:
        return self.fans[seat].count

    def set_back_count(self, seat: Seat, n: int) -> None:
        slots = self.back_slots(seat, max(0, n)) if seat != self.viewer else []
        self.fans[seat].set_slots([(pos, rot) for pos, rot, _ in slots])

    def back_rotation(self, seat: Seat) -> float:
        return [0.0, -90.0, 0.0, 90.0][(seat - self.viewer) % 4]

    def shown_origin(self, seat: Seat) -> QPointF:
        rel = (seat - self.viewer) % 4
        plate = self.plate_pos(seat)
        if rel == 0:
            return QPointF(plate.x() + SeatPlate.WIDTH + 16, plate.y() - 4)
        if rel == 2:
            return QPointF(self.w / 2 + self._top_fan_width(self.back_count(seat)) / 2 + 16, 16)
        if rel == 3:
            return QPointF(110, self.h * 0.44 - 40)
        return QPointF(self.w - 110 - 4 * 26 - CARD_W * SHOWN_SCALE, self.h * 0.44 - 40)

    def bubble_pos(self, seat: Seat) -> QPointF:
        rel = (seat - self.viewer) % 4
        plate = self.plate_pos(seat)
        if rel == 0:
            return QPointF(plate.x() + SeatPlate.WIDTH / 2, plate.y() - 34)
        if rel == 2:
            return QPointF(self.w / 2, 14 + CARD_H * BACK_SCALE + 34)
        if rel == 3:
            return QPointF(200, self.h * 0.44 + 50)
        return QPointF(self.w - 200, self.h * 0.44 + 50)

    def kitty_origin(self) -> QPointF:
        return QPointF(26, 30)

    # ------------------------------------------------------------------ targets and layout

    def targets(self) -> list[tuple[CardItem, QPointF, float, float, float]]:
        """(item, position, rotation, scale, z) for every card in a zone."""
        out: list[tuple[CardItem, QPointF, float, float, float]] = []
        k = self.hand_scale()
        for item, (pos, z) in zip(self.hand, self.hand_slots(len(self.hand)), strict=True):
            item.home = pos
            if item.selected:
                pos = QPointF(pos.x(), pos.y() - RAISE)
            out.append((item, pos, 0.0, k, z))
        for seat in Seat:
            flying = self.incoming[seat]
            if flying:
                fan = self.fans[seat]
                for item, (pos, rot) in zip(flying, fan.slots[-len(flying) :], strict=False):
                    out.append((item, pos, rot, BACK_SCALE, 2000.0))
            plays = self.trick[seat]
            if plays:
                centre = self.trick_centre(seat)
                step = 30.0 if len(plays) <= 6 else 22.0
                width = CARD_W * TRICK_SCALE + step * (len(plays) - 1)
                x0 = centre.x() - width / 2
                y0 = centre.y() - CARD_H * TRICK_SCALE / 2
                for i, item in enumerate(plays):
                    out.append((item, QPointF(x0 + i * step, y0), 0.0, TRICK_SCALE, 600 + i))
            origin = self.shown_origin(seat)
            for i, item in enumerate(self.shown[seat]):
                pos = QPointF(origin.x() + i * 26, origin.y())
                out.append((item, pos, 0.0, SHOWN_SCALE, 700 + i))
        pile = self.pile_pos()
        faces = any(i.face_up for i in self.pile)
        for i, item in enumerate(self.pile):
            if faces:
                width = CARD_W * PILE_SCALE + 34 * (len(self.pile) - 1)
                pos = QPointF(self.w / 2 - width / 2 + i * 34, pile.y())
            else:
                pos = QPointF(pile.x() - i * 0.6, pile.y() - i * 0.9)
            out.append((item, pos, 0.0, PILE_SCALE, 300 + i))
        corner = self.kitty_origin()
        for i, item in enumerate(self.kitty):
            pos = QPointF(corner.x() + i * 21, corner.y())
            out.append((item, pos, 0.0, KITTY_SCALE, 20 + i))
        return out

    def relayout(self, duration: int = 0) -> QParallelAnimationGroup | None:
        """Move every card to its place; the moves of one call (one event) run as one
        animation group, which is returned (None when nothing moves)."""
        for seat in Seat:
            self.set_back_count(seat, self.back_count(seat))
        group = QParallelAnimationGroup(self) if duration > 0 else None
        for item, pos, rot, scale, z in self.targets():
            item.setZValue(z)
            item.animate("pos", pos, duration, group=group)
            item.animate("rotation", rot, duration, group=group)
            item.animate("scale", scale, duration, group=group)
            if item.opacity() < 1:
                item.animate("opacity", 1.0, duration, group=group)
        for seat in Seat:
            for item in self.incoming[seat]:
                if not item.landing:
                    item.landing = True
                    if duration <= 0:
                        self._land(seat, item)
                    else:
                        QTimer.singleShot(duration, lambda s=seat, i=item: self._land(s, i))
        self._place_decorations()
        if group is None:
            return None
        if group.animationCount() == 0:
            group.deleteLater()
            return None
        group.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)
        return group

    def _land(self, seat: Seat, item: CardItem) -> None:
        """A card flying to another seat's hand has arrived: the fan draws it from now on."""
        if item in self.incoming[seat]:
            self.incoming[seat].remove(item)
            fan = self.fans[seat]
            fan.set_pending(fan.pending - 1)
            self._drop([item])

    def _place_decorations(self) -> None:
        for seat, plate in self.plates.items():
            plate.setPos(self.plate_pos(seat))
        k = self.kitty_origin()
        self.kitty_label.setPos(k.x(), k.y() + CARD_H * KITTY_SCALE + 4)
        self.kitty_label.setVisible(bool(self.kitty))
        self.banner.setPos(self.w / 2, self.h * 0.41)
        self.title.setPos(self.w / 2, self.h * 0.05)
        self.subtitle.setPos(self.w / 2, self.h * 0.05 + 245)
        n = len(self.showcase)
        for i, item in enumerate(self.showcase):
            angle = (i - (n - 1) / 2) * 11.0
            item.setTransformOriginPoint(CARD_W / 2, CARD_H * 2.2)
            item.setRotation(angle)
            item.setScale(1.3)
            item.setPos(self.w / 2 - CARD_W / 2 + (i - (n - 1) / 2) * 6, self.h * 0.75)
            item.setZValue(10 + i)

    # ------------------------------------------------------------------ items

    def _new_card(self, card: int | None, face_up: bool, at: QPointF, scale: float) -> CardItem:
        item = CardItem(self.pixmaps, card, face_up)
        item.setPos(at)
        item.setScale(scale)
        if card is not None and self.trump is not None and face_up:
            item.trump = self.trump.is_trump(Card(card))
        self.addItem(item)
        return item

    def _drop(self, items: Iterable[CardItem]) -> None:
        for item in items:
            item.stop_all()
            if item.scene() is self:
                self.removeItem(item)

    def clear_table(self) -> None:
        self._drop(self.hand)
        for seat in Seat:
            self._drop(self.incoming[seat])
            self.incoming[seat] = []
            self.fans[seat].set_pending(0)
            self.set_back_count(seat, 0)
            self._drop(self.trick[seat])
            self._drop(self.shown[seat])
            self.trick[seat] = []
            self.shown[seat] = []
        self._drop(self.pile)
        self._drop(self.kitty)
        self._drop(self.sweeping)
        self.hand, self.pile, self.kitty, self.sweeping = [], [], [], []
        self.focus_index = -1

    def show_title(self, on: bool, subtitle: str = "") -> None:
        self.title.setVisible(on)
        self.subtitle.setVisible(on)
        for item in self.showcase:
            item.setVisible(on)
        self.subtitle.set_text(subtitle or "Shengji Desktop  ·  大连打滚子  ·  拖拉机  ·  三打一")
        for plate in self.plates.values():
            plate.setVisible(not on)
        self._place_decorations()

    # ------------------------------------------------------------------ sync to a view

    def sync(self, view: dict[str, Any], duration: int = 0) -> None:
        """Make every zone match the view (cards the viewer may see, counts of the rest)."""
        self.state = view
        game = Game(view["game"])
        if game is not self.game:
            self.game = game
        self.show_title(False)
        self.trump = display_trump(view)
        phase = view["phase"]
        viewer = Seat[view["seat"]] if view.get("seat") else Seat.S
        self.viewer = viewer
        counts: dict[str, int] = view["hand_counts"]
        # viewer's hand
        cards = display_order(parse_cards(view.get("hand", "")), self.trump)
        spawn = self.seat_anchor(viewer)
        self.hand = self._match_faces(self.hand, cards, spawn, 1.0)
        for item in self.hand:
            assert item.card is not None
            item.trump = self.trump.is_trump(Card(item.card))
            item.update()
        # the other seats
        for seat in Seat:
            if seat == viewer:
                self._drop(self.incoming[seat])
                self.incoming[seat] = []
                self.set_back_count(seat, 0)
                continue
            flying = len(self.incoming[seat])
            self.set_back_count(seat, counts[seat.name])
            if flying > self.back_count(seat):
                self._drop(self.incoming[seat][self.back_count(seat) :])
                del self.incoming[seat][self.back_count(seat) :]
            self.fans[seat].set_pending(len(self.incoming[seat]))
        # the trick
        played = {Seat[s]: parse_cards(c) for s, c in view.get("trick", [])}
        for seat in Seat:
            want = played.get(seat, [])
            self.trick[seat] = self._match_faces(
                self.trick[seat], want, self.seat_anchor(seat), TRICK_SCALE
            )
        # the pile (undealt pack, then the kitty before anyone takes it) and the kitty corner
        total = game.decks * 54
        kitty_cards = parse_cards(view["kitty"]) if view.get("kitty") else None
        size = view.get("kitty_size", 0)
        if phase == "deal":
            pile_n, corner_n = min(10, total - view.get("cards_dealt", 0)), 0
        elif phase in ("declare", "bid", "tribute"):
            pile_n, corner_n = size, 0
        else:
            pile_n, corner_n = 0, size
        if pile_n and kitty_cards and len(kitty_cards) == pile_n and phase != "deal":
            self.pile = self._match_faces(self.pile, kitty_cards, self.pile_pos(), PILE_SCALE)
        else:
            self.pile = self._match_backs(self.pile, pile_n, self.pile_pos(), face_down=True)
        if corner_n and kitty_cards and len(kitty_cards) == corner_n:
            self.kitty = self._match_faces(self.kitty, kitty_cards, self.pile_pos(), KITTY_SCALE)
        else:
            self.kitty = self._match_backs(self.kitty, corner_n, self.pile_pos(), face_down=True)
        if phase not in ("deal", "declare"):
            for seat in Seat:
                self._drop(self.shown[seat])
                self.shown[seat] = []
        self.update_plates(view)
        self.relayout(duration)
        self.selection_changed.emit()

    def _match_faces(
        self, items: list[CardItem], cards: list[Card], spawn: QPointF, scale: float
    ) -> list[CardItem]:
        pool: dict[int, list[CardItem]] = {}
        for item in items:
            if item.card is not None and item.face_up:
                pool.setdefault(item.card, []).append(item)
        spare = [i for i in items if not (i.card is not None and i.face_up)]
        out = []
        for card in cards:
            bucket = pool.get(int(card))
            if bucket:
                out.append(bucket.pop(0))
            elif spare:
                item = spare.pop()
                item.set_face(int(card), True)
                out.append(item)
            else:
                out.append(self._new_card(int(card), True, spawn, scale))
        leftover = [i for b in pool.values() for i in b] + spare
        self._drop(leftover)
        return out

    def _match_backs(
        self, items: list[CardItem], n: int, spawn: QPointF, face_down: bool = True
    ) -> list[CardItem]:
        keep = items[:n]
        self._drop(items[n:])
        for item in keep:
            if item.face_up:
                item.set_face(None, False)
        while len(keep) < n:
            keep.append(self._new_card(None, False, spawn, BACK_SCALE))
        return keep

    def update_plates(self, view: dict[str, Any]) -> None:
        names = self.names
        counts = view.get("hand_counts", {})
        dealer = view.get("dealer")
        turn = view.get("turn")
        game = view.get("game")
        coins = view.get("match", {}).get("coins") if game == "sd" else None
        for seat, plate in self.plates.items():
            title, subtitle = names.get(seat, (seat.name, ""))
            extra = ""
            if coins is not None:
                extra = tr("{n} coins").format(n=coins.get(seat.name, 0))
            team = QColor("#3b82f6") if seat % 2 == 0 else QColor("#ef4444")
            if game == "sd":
                team = QColor("#d4a017") if dealer == seat.name else QColor("#9ca3af")
            plate.set_state(
                title=title,
                subtitle=subtitle,
                count=counts.get(seat.name),
                dealer=dealer == seat.name,
                turn=turn == seat.name or self.acting == seat,
                extra=extra,
                team_colour=team,
            )

    # ------------------------------------------------------------------ selection

    def selected_cards(self) -> list[Card]:
        return [Card(i.card) for i in self.hand if i.selected and i.card is not None]

    def set_selected(self, cards: Iterable[Card], hinted: bool = False) -> None:
        """Select exactly these cards (copies counted), e.g. for a hint."""
        want: dict[int, int] = {}
        for c in cards:
            want[int(c)] = want.get(int(c), 0) + 1
        for item in self.hand:
            take = item.card is not None and want.get(item.card, 0) > 0
            if take:
                assert item.card is not None
                want[item.card] -= 1
            item.set_marks(selected=take, hinted=take and hinted)
        self.relayout(120)
        self.selection_changed.emit()

    def clear_selection(self) -> None:
        self.set_selected([])

    def toggle(self, item: CardItem, state: bool | None = None) -> None:
        new = (not item.selected) if state is None else state
        if new == item.selected:
            return
        item.set_marks(selected=new, hinted=False)
        pos = item.home if not new else QPointF(item.home.x(), item.home.y() - RAISE)
        item.animate("pos", pos, 90)
        self.selection_changed.emit()

    def hand_item_at(self, pos: QPointF) -> CardItem | None:
        best: CardItem | None = None
        for item in self.hand:
            local = item.mapFromScene(pos)
            if QRectF(0, 0, CARD_W, CARD_H).contains(local) and (
                best is None or item.zValue() > best.zValue()
            ):
                best = item
        return best

    def move_focus(self, delta: int) -> None:
        if not self.hand:
            return
        if 0 <= self.focus_index < len(self.hand):
            self.hand[self.focus_index].set_marks(focused=False)
        if self.focus_index < 0:
            self.focus_index = 0
        else:
            self.focus_index = max(0, min(len(self.hand) - 1, self.focus_index + delta))
        self.hand[self.focus_index].set_marks(focused=True)

    def toggle_focused(self) -> None:
        if 0 <= self.focus_index < len(self.hand):
            self.toggle(self.hand[self.focus_index])

    def mark_fresh(self, cards: Iterable[Card]) -> None:
        want: dict[int, int] = {}
        for c in cards:
            want[int(c)] = want.get(int(c), 0) + 1
        for item in self.hand:
            fresh = item.card is not None and want.get(item.card, 0) > 0
            if fresh:
                assert item.card is not None
                want[item.card] -= 1
            if fresh != item.fresh:
                item.fresh = fresh
                item.update()

    def clear_fresh(self) -> None:
        for item in self.hand:
            if item.fresh:
                item.fresh = False
                item.update()

    # ------------------------------------------------------------------ transient messages

    def show_banner(self, title: str, detail: str = "", ms: int = 1200) -> None:
        self.banner.set_text(title, detail)
        self.banner.setPos(self.w / 2, self.h * 0.41)
        self.banner.setOpacity(1.0)
        self._banner_timer.start(max(300, ms))

    def _hide_banner(self) -> None:
        self.banner.setOpacity(0.0)

    def bubble(self, seat: Seat, text: str, ms: int = 900, colour: QColor | None = None) -> None:
        item = Bubble(text, colour)
        item.setPos(self.bubble_pos(seat))
        self.addItem(item)
        QTimer.singleShot(max(250, ms), lambda: self._remove_later(item))

    def _remove_later(self, item: Bubble) -> None:
        if item.scene() is self:
            self.removeItem(item)

    # ------------------------------------------------------------------ moves used by events

    def take_from_hand(self, seat: Seat, cards: list[Card] | int) -> list[CardItem]:
        """Items leaving a seat's hand: the viewer's own cards (selected copies first), or
        backs of another seat (the caller turns them over when their faces are known)."""
        taken: list[CardItem] = []
        count = cards if isinstance(cards, int) else len(cards)
        if seat == self.viewer and not isinstance(cards, int):
            for card in cards:
                candidates = [i for i in self.hand if i.card == int(card) and i not in taken]
                candidates.sort(key=lambda i: not i.selected)
                if candidates:
                    taken.append(candidates[0])
            for item in taken:
                self.hand.remove(item)
                item.set_marks(selected=False, hinted=False, focused=False)
                item.fresh = False
            return taken
        if seat == self.viewer:
            return [self.hand.pop() for _ in range(min(count, len(self.hand)))]
        fan = self.fans[seat]
        slots = list(fan.slots)
        for i in range(count):
            if i < len(slots):
                pos, rot = slots[len(slots) - 1 - i]
                item = self._new_card(None, False, pos, BACK_SCALE)
                item.setRotation(rot)
            else:
                item = self._new_card(None, False, self.seat_anchor(seat), BACK_SCALE)
            taken.append(item)
        self.set_back_count(seat, max(0, len(slots) - count))
        return taken

    def give_to_hand(self, seat: Seat, items: list[CardItem], cards: list[Card] | None) -> None:
        if seat == self.viewer and cards is not None:
            for item, card in zip(items, cards, strict=False):
                item.set_face(int(card), True)
            self.hand.extend(items)
            if self.trump is not None:
                order = display_order(
                    [Card(i.card) for i in self.hand if i.card is not None], self.trump
                )
                ranked: dict[int, list[CardItem]] = {}
                for i in self.hand:
                    ranked.setdefault(i.card if i.card is not None else -1, []).append(i)
                self.hand = [ranked[int(c)].pop(0) for c in order]
                for i in self.hand:
                    assert i.card is not None
                    i.trump = self.trump.is_trump(Card(i.card))
            return
        for item in items:
            item.set_face(None, False)
            item.landing = False
        fan = self.fans[seat]
        self.set_back_count(seat, fan.count + len(items))
        self.incoming[seat].extend(items)
        fan.set_pending(len(self.incoming[seat]))


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

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.interactive_hand:
            item = self.table.hand_item_at(self.mapToScene(event.position().toPoint()))
            if item is not None:
                self._drag_state = not item.selected
                self._dragged = {id(item)}
                self.table.toggle(item, self._drag_state)
                event.accept()
                return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag_state is not None:
            item = self.table.hand_item_at(self.mapToScene(event.position().toPoint()))
            if item is not None and id(item) not in self._dragged:
                self._dragged.add(id(item))
                self.table.toggle(item, self._drag_state)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
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

    # ------------------------------------------------------------------ keys

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
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
