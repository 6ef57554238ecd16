"""Events into motion: each event moves cards between the table's zones and animates them.

Batches of events arrive from the controller; the animator holds the controller while it
shows them, one event after another, then syncs the table to the batch's view and lets the
controller go on. ``factor`` scales every duration; 0 is instant (no animation at all).
"""

from __future__ import annotations

import contextlib
from collections import deque
from typing import Any

from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QSequentialAnimationGroup,
    QTimer,
    Signal,
)

from shengji_desktop.rules.cards import Card, Seat, parse_cards

from .cards import CARD_H, CARD_W
from .i18n import tr
from .items import CardItem
from .speeds import SPEEDS
from .table import BACK_SCALE, SHOWN_SCALE, TableScene
from .texts import cards_text, seat_name, suit_name


class Animator(QObject):
    event_shown = Signal(dict)
    batch_done = Signal(dict)

    def __init__(self, scene: TableScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.factor = 1.0
        self.controller: Any = None
        self.queue: deque[tuple[list[dict[str, Any]], dict[str, Any]]] = deque()
        self.running = False
        self._events: deque[dict[str, Any]] = deque()
        self._view: dict[str, Any] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next_event)

    def attach(self, controller: Any) -> None:
        self.controller = controller
        controller.events_applied.connect(self.push)

    def detach(self) -> None:
        if self.controller is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.controller.events_applied.disconnect(self.push)
        self.controller = None
        self.queue.clear()
        self._events.clear()
        self._timer.stop()
        self.running = False

    def set_speed(self, name: str) -> None:
        self.factor = SPEEDS.get(name, 1.0)

    def ms(self, value: float) -> int:
        return int(value * self.factor)

    # ------------------------------------------------------------------ the queue

    def push(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
        self.queue.append((events, view))
        if self.running:
            return
        self.running = True
        if self.controller is not None:
            self.controller.hold()
        self._next_batch()

    def _next_batch(self) -> None:
        while self.queue:
            events, view = self.queue.popleft()
            if self.factor > 0 and events:
                self._events = deque(events)
                self._view = view
                self._next_event()
                return
            for ev in events:
                self.event_shown.emit(ev)
            self.scene.sync(view, 0)
            self.batch_done.emit(view)
        self.running = False
        if self.controller is not None:
            self.controller.release()

    def _next_event(self) -> None:
        if not self._events:
            self.scene.sync(self._view, self.ms(220))
            self.batch_done.emit(self._view)
            QTimer.singleShot(0, self._next_batch)
            return
        ev = self._events.popleft()
        self.event_shown.emit(ev)
        hold = self.show(ev)
        if self.factor == 0 or hold <= 0:
            self._next_event()
        else:
            self._timer.start(self.ms(hold))

    # ------------------------------------------------------------------ one event

    def show(self, ev: dict[str, Any]) -> int:
        """Start the event's animations; returns how long (unscaled ms) to wait before the
        next event."""
        handler = getattr(self, "on_" + ev["event"], None)
        if handler is None:
            return 0
        result: int = handler(ev)
        return result

    def _seat(self, ev: dict[str, Any], key: str = "seat") -> Seat:
        return Seat[ev[key]]

    def _name(self, seat: Seat | str) -> str:
        return seat_name(seat, self.scene.viewer)

    def banner(self, title: str, detail: str = "", hold: int = 1200) -> int:
        self.scene.show_banner(title, detail, self.ms(hold))
        return hold

    def on_hand_started(self, ev: dict[str, Any]) -> int:
        self.scene.clear_table()
        return 0

    def on_card_dealt(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat = self._seat(ev)
        start = s.pile[-1].pos() if s.pile else s.pile_pos()
        # Born at its final size: only its position animates, and it paints 1:1 in flight.
        final = s.hand_scale(len(s.hand) + 1) if seat == s.viewer else BACK_SCALE
        item = s._new_card(None, False, start, final)
        item.setRotation(s.back_rotation(seat))
        item.setZValue(3000)
        if seat == s.viewer and "card" in ev:
            card = parse_cards(ev["card"])[0]
            s.give_to_hand(seat, [item], [card])
            item.set_face(None, False)
            item.flip_to(int(card), True, item.trump, self.ms(240))
        else:
            s.give_to_hand(seat, [item], None)
        total = (s.game.decks * 54) if s.game is not None else 0
        remaining = total - int(ev.get("n", 0))
        if len(s.pile) > min(10, remaining):
            s._drop([s.pile.pop()])
        s.relayout(self.ms(260))
        return 26

    def on_deal_done(self, ev: dict[str, Any]) -> int:
        return 150

    def on_declared(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat = self._seat(ev)
        cards = parse_cards(ev["cards"])
        s._drop(s.shown[seat])
        anchor = s.seat_anchor(seat)
        s.shown[seat] = [s._new_card(int(c), True, anchor, SHOWN_SCALE) for c in cards]
        s.relayout(self.ms(320))
        kind = ev.get("kind", "")
        words = {
            "big_joker": tr("Big joker!"),
            "亮主": tr("Declare"),
            "正主": tr("Overcall"),
            "封主": tr("Seal"),
        }
        s.bubble(seat, words.get(kind, tr("Declare")), self.ms(1100))
        return 800

    def on_passed(self, ev: dict[str, Any]) -> int:
        self.scene.bubble(self._seat(ev), tr("Pass"), self.ms(800))
        return 380

    def on_bid(self, ev: dict[str, Any]) -> int:
        self.scene.bubble(self._seat(ev), tr("{n} points").format(n=ev["value"]), self.ms(1100))
        return 650

    def on_bidding_started(self, ev: dict[str, Any]) -> int:
        return self.banner(
            tr("Bidding"), tr("{who} bids first").format(who=self._name(ev["first"])), 900
        )

    def on_declare_window(self, ev: dict[str, Any]) -> int:
        return 200

    def _clear_shown(self) -> None:
        s = self.scene
        for seat in Seat:
            s._drop(s.shown[seat])
            s.shown[seat] = []

    def on_trump_fixed(self, ev: dict[str, Any]) -> int:
        self._clear_shown()
        return self.banner(
            tr("Trump: {suit}").format(suit=suit_name(ev["suit"])),
            tr("Dealer: {who}").format(who=self._name(ev["dealer"])),
            1400,
        )

    def on_dealer_fixed(self, ev: dict[str, Any]) -> int:
        return self.banner(
            tr("{who} is the dealer").format(who=self._name(ev["seat"])),
            tr("Bid: {bid} points").format(bid=ev["bid"]),
            1300,
        )

    def on_trump_chosen(self, ev: dict[str, Any]) -> int:
        return self.banner(tr("Trump: {suit}").format(suit=suit_name(ev["suit"])), "", 1100)

    def on_bottom_three(self, ev: dict[str, Any]) -> int:
        return self.banner(
            tr("Nobody declared"),
            tr("Third card from the bottom: {suit} is trump").format(suit=suit_name(ev["suit"])),
            1500,
        )

    def on_kitty_drawn(self, ev: dict[str, Any]) -> int:
        return self.banner(
            tr("Nobody declared"), tr("The trump suit is drawn from the kitty"), 1300
        )

    def on_kitty_flipped(self, ev: dict[str, Any]) -> int:
        s = self.scene
        for seat_name_, card_text in ev["flips"]:
            seat = Seat[seat_name_]
            card = parse_cards(card_text)[0]
            item = s._new_card(int(card), True, s.pile_pos(), 0.8)
            s.trick[seat].append(item)
        s.relayout(self.ms(380))
        self.banner(tr("Flipping for the deal"), tr("The highest card deals"), 1900)
        return 2000

    def on_kitty_revealed(self, ev: dict[str, Any]) -> int:
        s = self.scene
        cards = parse_cards(ev["kitty"])
        for item, card in zip(s.pile, cards, strict=False):
            item.flip_to(int(card), True, False, self.ms(300))
        s.relayout(self.ms(300))
        if ev.get("dry"):
            self.banner(tr("Dry pot (干锅)"), tr("The kitty is not exchanged"), 1500)
        return 1500

    def on_kitty_shown(self, ev: dict[str, Any]) -> int:
        """SD-KITTY-2 (the defenders look before the dealer takes it) or DL-KITTY-8 (shown
        to everybody before a pick among equal cards): turn the kitty over where it lies."""
        if "kitty" not in ev:
            return 200
        s = self.scene
        cards = parse_cards(ev["kitty"])
        for item, card in zip(s.pile or s.kitty, cards, strict=False):
            item.flip_to(int(card), True, False, self.ms(300))
        s.relayout(self.ms(300))
        if ev.get("seat"):
            s.bubble(self._seat(ev), tr("Buries jokers"), self.ms(1200))
        return 1800

    def on_kitty_taken(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat = self._seat(ev)
        items = list(s.pile)
        s.pile = []
        cards = parse_cards(ev["kitty"]) if "kitty" in ev else None
        s.give_to_hand(seat, items, cards)
        if seat == s.viewer and cards:
            s.mark_fresh(cards)
        s.relayout(self.ms(480))
        return 700

    def on_kitty_buried(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat = self._seat(ev)
        cards = parse_cards(ev["kitty"]) if "kitty" in ev else None
        items = s.take_from_hand(seat, cards if cards is not None else int(ev.get("count", 0)))
        for item, card in zip(items, cards or [], strict=False):
            item.set_face(int(card), True)
        if cards is None:
            for item in items:
                item.set_face(None, False)
        s.clear_fresh()
        s.kitty = items
        s.relayout(self.ms(480))
        return 700

    def on_jokers_buried(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat = self._seat(ev)
        jokers = parse_cards(ev["jokers"])
        taken = parse_cards(ev["taken"])
        going = s.take_from_hand(seat, jokers)
        for item, card in zip(going, jokers, strict=False):
            item.set_face(int(card), True)
        coming: list[CardItem] = []
        for card in taken:
            match = next((i for i in s.kitty if i.card == int(card) and i not in coming), None)
            if match is None:
                match = next((i for i in reversed(s.kitty) if i not in coming), None)
            if match is not None:
                coming.append(match)
        s.kitty = [i for i in s.kitty if i not in coming] + going
        s.give_to_hand(seat, coming, taken if seat == s.viewer else None)
        s.relayout(self.ms(520))
        s.bubble(seat, tr("Buries jokers"), self.ms(1200))
        return 1000

    def on_tribute_due(self, ev: dict[str, Any]) -> int:
        return self.banner(
            tr("Tribute (进贡)"),
            tr("{payer} pays {n} to {receiver}").format(
                payer=self._name(ev["payer"]), receiver=self._name(ev["receiver"]), n=ev["blood"]
            ),
            1500,
        )

    def on_revolt(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat = self._seat(ev)
        s._drop(s.shown[seat])
        cards = parse_cards(ev["cards"])
        s.shown[seat] = [s._new_card(int(c), True, s.seat_anchor(seat), SHOWN_SCALE) for c in cards]
        s.relayout(self.ms(320))
        return self.banner(tr("Revolt! (暴动)"), self._name(seat), 1600)

    def on_counter(self, ev: dict[str, Any]) -> int:
        return self.banner(tr("Counter! (暴)"), self._name(ev["seat"]), 1600)

    def on_tribute_cancelled(self, ev: dict[str, Any]) -> int:
        self._clear_shown()
        self.scene.relayout(self.ms(200))
        return self.banner(tr("No tribute this hand"), "", 1100)

    def _pass_cards(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat, to = self._seat(ev), self._seat(ev, "to")
        cards = parse_cards(ev["cards"]) if "cards" in ev else None
        items = s.take_from_hand(seat, cards if cards is not None else int(ev.get("count", 0)))
        for item, card in zip(items, cards or [], strict=False):
            item.set_face(int(card), True)
        s.give_to_hand(to, items, cards if to == s.viewer else None)
        if to == s.viewer and cards:
            s.mark_fresh(cards)
        s.relayout(self.ms(650))
        return 900

    def on_tribute_paid(self, ev: dict[str, Any]) -> int:
        return self._pass_cards(ev)

    def on_tribute_returned(self, ev: dict[str, Any]) -> int:
        return self._pass_cards(ev)

    def on_play_started(self, ev: dict[str, Any]) -> int:
        self._clear_shown()
        self.scene.clear_fresh()
        self.scene.relayout(self.ms(200))
        return 250

    def on_cards_played(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat = self._seat(ev)
        cards = parse_cards(ev["cards"])
        items = s.take_from_hand(seat, cards)
        trump = s.trump
        for item, card in zip(items, cards, strict=False):
            is_trump = trump.is_trump(Card(card)) if trump is not None else False
            if item.face_up:
                item.set_face(int(card), True, is_trump)
            else:
                item.flip_to(int(card), True, is_trump, self.ms(260))
        s.trick[seat] = items
        if seat == s.viewer:
            s.clear_fresh()
            # after a failed throw the rest of the selection goes back into the hand
            for item in s.hand:
                if item.selected or item.hinted:
                    item.set_marks(selected=False, hinted=False)
            s.selection_changed.emit()
        s.relayout(self.ms(320))
        return 430

    def on_throw_failed(self, ev: dict[str, Any]) -> int:
        return self.banner(
            tr("Throw failed"),
            tr("{who} tried {tried}; {led} is played").format(
                who=self._name(ev["seat"]),
                tried=cards_text(ev["tried"]),
                led=cards_text(ev["led"]),
            ),
            2000,
        )

    def on_trick_won(self, ev: dict[str, Any]) -> int:
        s = self.scene
        winner = self._seat(ev)
        items = [i for seat in Seat for i in s.trick[seat]]
        for seat in Seat:
            s.trick[seat] = []
        s.sweeping.extend(items)
        anchor = s.seat_anchor(winner)
        target = QPointF(anchor.x() - CARD_W * 0.2, anchor.y() - CARD_H * 0.2)
        pause, sweep = self.ms(720), self.ms(380)
        points = int(ev.get("points", 0))
        # One group for the event: a look at the full trick, then every card to the winner.
        whole = QSequentialAnimationGroup(s)
        whole.addPause(pause)
        together = QParallelAnimationGroup()
        for item in items:
            item.animate("pos", target, sweep, group=together)
            item.animate("scale", 0.4, sweep, group=together)
            item.animate("opacity", 0.0, sweep, group=together)
        whole.addAnimation(together)
        whole.finished.connect(lambda: self._finish_sweep(items))
        whole.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)
        if points:
            QTimer.singleShot(pause, lambda: s.bubble(winner, f"+{points}", self.ms(900)))
        return 720 + 380

    def _finish_sweep(self, items: list[CardItem]) -> None:
        s = self.scene
        s.sweeping = [i for i in s.sweeping if i not in items]
        s._drop(items)

    def on_claimed(self, ev: dict[str, Any]) -> int:
        s = self.scene
        seat = self._seat(ev)
        cards = parse_cards(ev["hands"].get(seat.name, ""))
        items = s.take_from_hand(seat, cards)
        for item, card in zip(items, cards, strict=False):
            item.set_face(int(card), True)
        s.trick[seat] = items
        s.relayout(self.ms(400))
        return self.banner(
            tr("Claim! (甩牌)"),
            tr("{who} takes every remaining trick").format(who=self._name(seat)),
            2200,
        )

    def on_draw(self, ev: dict[str, Any]) -> int:
        return self.banner(tr("Draw (流局)"), tr("Everybody passed"), 1800)

    def on_redeal(self, ev: dict[str, Any]) -> int:
        return self.banner(tr("Redeal"), tr("Six jokers in the kitty"), 1600)

    def on_hand_settled(self, ev: dict[str, Any]) -> int:
        return 300

    def on_match_over(self, ev: dict[str, Any]) -> int:
        return 300
