"""The card table: a QGraphicsScene of card items in zones, and a view that scales it.

The scene keeps the cards in zones (the viewer's hand, the other seats' backs, the trick, the
pile in the middle, the kitty in its corner, declarations shown by a seat). ``sync(view)``
makes the zones match a ``SeatView`` exactly; the animation of an event moves items between
zones first (``take_from_hand``, ``give_to_hand``), so that sync then finds nothing left to
do. Where each zone lies is ``layout.TableLayout``'s business: ``targets`` says where every
card should be, ``relayout`` moves it there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractAnimation,
    QParallelAnimationGroup,
    QPointF,
    QRectF,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.ranking import Trump

from ..cards import CARD_H, CARD_W, CardPixmaps
from ..i18n import tr
from .felt import MAX_H, MIN_H, SCENE_W
from .handorder import HandOrder
from .items import RAISE, Banner, Bubble, CardItem, FanItem, Label
from .layout import BACK_SCALE, KITTY_SCALE, PILE_SCALE, SHOWN_SCALE, TRICK_SCALE, TableLayout
from .passes import TributePasses
from .seatplate import SeatPlate

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.view import SeatView


class TableScene(QGraphicsScene):
    """The table's cards and decorations, seen from ``viewer``."""

    selection_changed = Signal()
    play_requested = Signal()

    def __init__(self, pixmaps: CardPixmaps) -> None:
        super().__init__(QRectF(0, 0, SCENE_W, 900))
        self.geo = TableLayout()  # the scene rect is (0, 0, geo.w, geo.h)
        self.pixmaps = pixmaps
        self.game: Game | None = None
        self.trump: Trump | None = None
        self.hand: list[CardItem] = []
        self.order = HandOrder()  # by suit or rank, or the player's own (handorder.py)
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
        self.seated = True  # a person plays the viewer's seat (the screen's ``seated``)
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
        self.passes = TributePasses(self)  # the tribute passed this hand (DL)
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

    @property
    def w(self) -> float:
        return self.geo.w

    @property
    def h(self) -> float:
        return self.geo.h

    @property
    def viewer(self) -> Seat:
        """The seat at the bottom of the table."""
        return self.geo.viewer

    @viewer.setter
    def viewer(self, seat: Seat) -> None:
        self.geo.viewer = seat

    @property
    def bar_height(self) -> float:
        """The action bar above the hand, in scene units (the window measures it)."""
        return self.geo.bar_height

    @bar_height.setter
    def bar_height(self, height: float) -> None:
        self.geo.bar_height = height

    def set_height(self, height: float) -> None:
        height = min(MAX_H, max(MIN_H, height))
        if abs(height - self.h) > 0.5:
            self.geo.h = height
            self.setSceneRect(QRectF(0, 0, SCENE_W, height))

    def hand_rows(self) -> int:
        return self.geo.hand_rows(len(self.hand))

    def hand_scale(self, n: int | None = None) -> float:
        return self.geo.hand_scale(len(self.hand) if n is None else n)

    def hand_top(self) -> float:
        """Where the action bar ends: the top of the game's fullest hand with a card raised
        (``TableLayout.bar_top``), whatever the hand holds now."""
        return self.geo.bar_top(len(self.hand))

    def seat_anchor(self, seat: Seat) -> QPointF:
        return self.geo.seat_anchor(seat)

    def pile_pos(self) -> QPointF:
        return self.geo.pile_pos()

    def back_rotation(self, seat: Seat) -> float:
        return self.geo.back_rotation(seat)

    def back_count(self, seat: Seat) -> int:
        return self.fans[seat].count

    def set_back_count(self, seat: Seat, n: int) -> None:
        slots = self.geo.back_slots(seat, max(0, n)) if seat != self.viewer else []
        self.fans[seat].set_slots(slots)

    # ------------------------------------------------------------------ targets and layout

    def targets(self) -> list[tuple[CardItem, QPointF, float, float, float]]:
        """(item, position, rotation, scale, z) for every card in a zone."""
        geo = self.geo
        n = len(self.hand)
        out: list[tuple[CardItem, QPointF, float, float, float]] = []
        k = geo.hand_scale(n)
        for item, (pos, z) in zip(self.hand, geo.hand_slots(n), strict=True):
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
            spots = geo.trick_spots(seat, len(plays), n)
            for i, (item, pos) in enumerate(zip(plays, spots, strict=True)):
                out.append((item, pos, 0.0, TRICK_SCALE, 600 + i))
            shown = self.shown[seat]
            spots = geo.shown_spots(seat, len(shown), self.back_count(seat), n)
            for i, (item, pos) in enumerate(zip(shown, spots, strict=True)):
                out.append((item, pos, 0.0, SHOWN_SCALE, 700 + i))
        faces = any(i.face_up for i in self.pile)
        for i, (item, pos) in enumerate(
            zip(self.pile, geo.pile_spots(len(self.pile), faces), strict=True)
        ):
            out.append((item, pos, 0.0, PILE_SCALE, 300 + i))
        for i, (item, pos) in enumerate(
            zip(self.kitty, geo.kitty_spots(len(self.kitty)), strict=True)
        ):
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
                        QTimer.singleShot(duration, self, lambda s=seat, i=item: self._land(s, i))
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
            self.drop([item])

    def _place_decorations(self) -> None:
        hand_n = len(self.hand)
        for seat, plate in self.plates.items():
            plate.setPos(self.geo.plate_pos(seat, self.back_count(seat), hand_n))
        k = self.geo.kitty_origin()
        self.kitty_label.setPos(k.x(), k.y() + CARD_H * KITTY_SCALE + 4)
        self.kitty_label.setVisible(bool(self.kitty))
        self.banner.setPos(self.w / 2, self.h * 0.41)
        self.passes.place()
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

    def new_card(self, card: int | None, face_up: bool, at: QPointF, scale: float) -> CardItem:
        item = CardItem(self.pixmaps, card, face_up)
        item.setPos(at)
        item.setScale(scale)
        if card is not None and self.trump is not None and face_up:
            item.trump = self.trump.is_trump(Card(card))
        self.addItem(item)
        return item

    def drop(self, items: Iterable[CardItem]) -> None:
        for item in items:
            item.stop_all()
            if item.scene() is self:
                self.removeItem(item)

    def clear_table(self) -> None:
        self.drop(self.hand)
        for seat in Seat:
            self.drop(self.incoming[seat])
            self.incoming[seat] = []
            self.fans[seat].set_pending(0)
            self.set_back_count(seat, 0)
            self.drop(self.trick[seat])
            self.drop(self.shown[seat])
            self.trick[seat] = []
            self.shown[seat] = []
        self.drop(self.pile)
        self.drop(self.kitty)
        self.drop(self.sweeping)
        self.hand, self.pile, self.kitty, self.sweeping = [], [], [], []
        self.passes.clear()
        self.focus_index = -1
        self.order.manual = None

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

    def sync(self, view: SeatView, duration: int = 0) -> None:
        """Make every zone match the view (cards the viewer may see, counts of the rest)."""
        from shengji_desktop.engine.phase import Phase

        game = view.game
        self.game = game
        self.geo.max_hand = game.hand_size + game.kitty_size
        self.show_title(False)
        self.trump = trump = view.sort_trump
        phase = view.phase
        viewer = view.seat
        self.viewer = viewer
        # viewer's hand
        cards = self.order.arrange(view.hand, trump)
        spawn = self.seat_anchor(viewer)
        self.hand = self._match_faces(self.hand, cards, spawn, 1.0)
        for item in self.hand:
            assert item.card is not None
            item.trump = trump.is_trump(Card(item.card))
            item.update()
        # the other seats
        for seat in Seat:
            if seat == viewer:
                self.drop(self.incoming[seat])
                self.incoming[seat] = []
                self.set_back_count(seat, 0)
                continue
            flying = len(self.incoming[seat])
            self.set_back_count(seat, view.counts[seat])
            if flying > self.back_count(seat):
                self.drop(self.incoming[seat][self.back_count(seat) :])
                del self.incoming[seat][self.back_count(seat) :]
            self.fans[seat].set_pending(len(self.incoming[seat]))
        # the trick
        played = dict(view.trick)
        for seat in Seat:
            self.trick[seat] = self._match_faces(
                self.trick[seat], played.get(seat, ()), self.seat_anchor(seat), TRICK_SCALE
            )
        # the pile (undealt pack, then the kitty before anyone takes it) and the kitty corner
        kitty_cards = view.kitty or None
        size = view.kitty_size
        if phase is Phase.DEAL:
            pile_n, corner_n = min(10, game.decks * 54 - view.cards_dealt), 0
        elif phase in (Phase.DECLARE, Phase.BID, Phase.TRIBUTE):
            pile_n, corner_n = size, 0
        else:
            pile_n, corner_n = 0, size
        if pile_n and kitty_cards and len(kitty_cards) == pile_n and phase is not Phase.DEAL:
            self.pile = self._match_faces(self.pile, kitty_cards, self.pile_pos(), PILE_SCALE)
        else:
            self.pile = self._match_backs(self.pile, pile_n, self.pile_pos())
        if corner_n and kitty_cards and len(kitty_cards) == corner_n:
            self.kitty = self._match_faces(self.kitty, kitty_cards, self.pile_pos(), KITTY_SCALE)
        else:
            self.kitty = self._match_backs(self.kitty, corner_n, self.pile_pos())
        if phase not in (Phase.TRIBUTE, Phase.KITTY):
            self.passes.clear()
        if phase not in (Phase.DEAL, Phase.DECLARE):
            for seat in Seat:
                self.drop(self.shown[seat])
                self.shown[seat] = []
        self.update_plates(view)
        self.relayout(duration)
        self.selection_changed.emit()

    def _match_faces(
        self, items: list[CardItem], cards: Sequence[Card], spawn: QPointF, scale: float
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
                out.append(self.new_card(int(card), True, spawn, scale))
        leftover = [i for b in pool.values() for i in b] + spare
        self.drop(leftover)
        return out

    def _match_backs(self, items: list[CardItem], n: int, spawn: QPointF) -> list[CardItem]:
        keep = items[:n]
        self.drop(items[n:])
        for item in keep:
            if item.face_up:
                item.set_face(None, False)
        while len(keep) < n:
            keep.append(self.new_card(None, False, spawn, BACK_SCALE))
        return keep

    def update_plates(self, view: SeatView) -> None:
        """The seat plates: name, who plays it, cards held, dealer, whose turn, SD coins."""
        for seat, plate in self.plates.items():
            title, subtitle = self.names.get(seat, (seat.name, ""))
            plate.show_seat(view, seat, title, subtitle, acting=self.acting == seat)

    def clear_plates(self) -> None:
        """The plates with their names only: no cards counted, no dealer, no turn, no coins."""
        for seat, plate in self.plates.items():
            title, subtitle = self.names.get(seat, (seat.name, ""))
            plate.set_state(
                title=title,
                subtitle=subtitle,
                count=None,
                dealer=False,
                turn=False,
                extra="",
                extra_short="",
            )

    def show_turn(self, turn: Seat | None) -> None:
        """Mark the plate of the seat whose turn it is (the window's one source)."""
        for seat, plate in self.plates.items():
            plate.set_state(turn=seat == turn)

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
        item.setPos(self.geo.bubble_pos(seat, self.back_count(seat), len(self.hand)))
        self.addItem(item)
        QTimer.singleShot(max(250, ms), self, lambda: self._remove_later(item))

    def _remove_later(self, item: Bubble) -> None:
        if item.scene() is self:
            self.removeItem(item)

    # ------------------------------------------------------------------ moves used by events

    def take_from_hand(self, seat: Seat, cards: Sequence[Card] | int) -> list[CardItem]:
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
                item = self.new_card(None, False, pos, BACK_SCALE)
                item.setRotation(rot)
            else:
                item = self.new_card(None, False, self.seat_anchor(seat), BACK_SCALE)
            taken.append(item)
        self.set_back_count(seat, max(0, len(slots) - count))
        return taken

    def give_to_hand(self, seat: Seat, items: list[CardItem], cards: Sequence[Card] | None) -> None:
        if seat == self.viewer and cards is not None:
            for item, card in zip(items, cards, strict=False):
                item.set_face(int(card), True)
            self.hand.extend(items)
            if self.trump is not None:
                order = self.order.arrange(
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
