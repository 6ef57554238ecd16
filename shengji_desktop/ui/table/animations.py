"""Events into motion: each event moves cards between the table's zones and animates them.

Batches of typed events arrive from the session with the seat's view after them; the animator
holds the session while it shows them, one event after another (one handler per event type),
then syncs the table to the batch's view and lets the session go on. Cards move because an
event says which ones moved. ``factor`` scales every duration; 0 is instant (no animation).
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QSequentialAnimationGroup,
    QTimer,
    Signal,
    SignalInstance,
)

from shengji_desktop.rules.cards import Card, Seat

from ..cards import CARD_H, CARD_W
from ..i18n import say, tr
from ..panels.base import declaration_word
from ..speeds import SPEEDS
from ..texts import cards_text, seat_name, suit_name
from .items import CardItem
from .layout import BACK_SCALE, SHOWN_SCALE
from .scene import TableScene

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine import events as ev
    from shengji_desktop.engine.view import SeatView

Handlers = dict[type["ev.Event"], Callable[[Any], int]]


class Source(Protocol):
    """What the animator shows: ``events_applied(events, view)``; held while it animates."""

    @property
    def events_applied(self) -> SignalInstance: ...

    def hold(self) -> None: ...

    def release(self) -> None: ...


class Animator(QObject):
    event_shown = Signal(object)  # one Event, as it is shown
    batch_done = Signal(object)  # the SeatView after a batch, once the table shows it

    def __init__(self, scene: TableScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.factor = 1.0
        self.session: Source | None = None
        self.queue: deque[tuple[Sequence[ev.Event], SeatView]] = deque()
        self.running = False
        self.showing: SeatView | None = None  # the view after the batch being shown
        self._events: deque[ev.Event] = deque()
        self._view: SeatView | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next_event)
        self._handlers: Handlers | None = None

    @property
    def handlers(self) -> Handlers:
        """One handler per event type; each starts its animations and returns how long
        (unscaled ms) to wait before the next event. Made at the first event: the events'
        module is the engine's, which the start screen does not load (issue 21)."""
        if self._handlers is None:
            self._handlers = self._make_handlers()
        return self._handlers

    def _make_handlers(self) -> Handlers:
        from shengji_desktop.engine import events as ev

        return {
            ev.HandStarted: self.on_hand_started,
            ev.CardDealt: self.on_card_dealt,
            ev.DealDone: lambda e: 150,
            ev.Declared: self.on_declared,
            ev.Passed: self.on_passed,
            ev.DeclareWindow: lambda e: 200,
            ev.BiddingStarted: self.on_bidding_started,
            ev.Bid: self.on_bid,
            ev.DealerFixed: self.on_dealer_fixed,
            ev.Draw: self.on_draw,
            ev.KittyDrawn: self.on_kitty_drawn,
            ev.KittyFlipped: self.on_kitty_flipped,
            ev.Redealt: self.on_redealt,
            ev.BottomThree: self.on_bottom_three,
            ev.TrumpFixed: self.on_trump_fixed,
            ev.TrumpChosen: self.on_trump_chosen,
            ev.TributeDue: self.on_tribute_due,
            ev.Revolt: self.on_revolt,
            ev.Countered: self.on_countered,
            ev.TributeCancelled: self.on_tribute_cancelled,
            ev.TributePaid: self.on_tribute_passed,
            ev.TributeReturned: self.on_tribute_passed,
            ev.KittyRevealed: self.on_kitty_revealed,
            ev.KittyTaken: self.on_kitty_taken,
            ev.KittyViewed: self.on_kitty_viewed,
            ev.KittyBuried: self.on_kitty_buried,
            ev.KittyShown: self.on_kitty_shown,
            ev.JokersBuried: self.on_jokers_buried,
            ev.PlayStarted: self.on_play_started,
            ev.ThrowFailed: self.on_throw_failed,
            ev.AttemptRefused: self.on_attempt_refused,
            ev.CardsPlayed: self.on_cards_played,
            ev.TrickWon: self.on_trick_won,
            ev.Claimed: self.on_claimed,
            ev.HandSettled: lambda e: 300,
            ev.MatchOver: lambda e: 300,
        }

    def attach(self, session: Source) -> None:
        self.session = session
        session.events_applied.connect(self.push)

    def detach(self) -> None:
        if self.session is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.session.events_applied.disconnect(self.push)
        self.session = None
        self.queue.clear()
        self._events.clear()
        self._timer.stop()
        self.running = False

    def set_speed(self, name: str) -> None:
        self.factor = SPEEDS.get(name, 1.0)

    def ms(self, value: float) -> int:
        return int(value * self.factor)

    # ------------------------------------------------------------------ the queue

    def push(self, events: Sequence[ev.Event], view: SeatView) -> None:
        self.queue.append((events, view))
        if self.running:
            return
        self.running = True
        if self.session is not None:
            self.session.hold()
        self._next_batch()

    def _next_batch(self) -> None:
        while self.queue:
            events, view = self.queue.popleft()
            self.showing = view
            if self.factor > 0 and events:
                self._events = deque(events)
                self._view = view
                self._next_event()
                return
            for event in events:
                self.event_shown.emit(event)
            self.scene.sync(view, 0)
            self.batch_done.emit(view)
        self.running = False
        if self.session is not None:
            self.session.release()

    def _next_event(self) -> None:
        if not self._events:
            assert self._view is not None
            self.scene.sync(self._view, self.ms(220))
            self.batch_done.emit(self._view)
            QTimer.singleShot(0, self, self._next_batch)
            return
        event = self._events.popleft()
        self.event_shown.emit(event)
        hold = self.show(event)
        if self.factor == 0 or hold <= 0:
            self._next_event()
        else:
            self._timer.start(self.ms(hold))

    # ------------------------------------------------------------------ one event

    def show(self, event: ev.Event) -> int:
        """Start the event's animations; returns how long (unscaled ms) to wait before the
        next event."""
        handler = self.handlers.get(type(event))
        return handler(event) if handler is not None else 0

    def _name(self, seat: Seat) -> str:
        return seat_name(seat, self.scene.viewer, self.scene.seated)

    def _by(self, seat: Seat, you: str, other: str) -> str:
        """The sentence of the viewer's own move ("You are the dealer"), or another seat's
        with its name filled in (the bottom seat's too, to a reader who does not play it)."""
        if seat == self.scene.viewer and self.scene.seated:
            return you
        return other.replace("{who}", self._name(seat))

    def banner(self, title: str, detail: str = "", hold: int = 1200) -> int:
        self.scene.show_banner(title, detail, self.ms(hold))
        return hold

    def on_hand_started(self, event: ev.HandStarted) -> int:
        self.scene.clear_table()
        return 0

    def on_card_dealt(self, event: ev.CardDealt) -> int:
        s = self.scene
        seat = event.seat
        start = s.pile[-1].pos() if s.pile else s.pile_pos()
        # Born at its final size: only its position animates, and it paints 1:1 in flight.
        final = s.hand_scale(len(s.hand) + 1) if seat == s.viewer else BACK_SCALE
        item = s.new_card(None, False, start, final)
        item.setRotation(s.back_rotation(seat))
        item.setZValue(3000)
        if seat == s.viewer and event.card is not None:
            s.give_to_hand(seat, [item], [event.card])
            item.set_face(None, False)
            item.flip_to(int(event.card), True, item.trump, self.ms(240))
        else:
            s.give_to_hand(seat, [item], None)
        total = (s.game.decks * 54) if s.game is not None else 0
        remaining = total - event.n
        if len(s.pile) > min(10, remaining):
            s.drop([s.pile.pop()])
        s.relayout(self.ms(260))
        return 26

    def show_cards(self, seat: Seat, cards: Sequence[Card]) -> None:
        """A seat lays cards face up before it (a declaration, a revolt)."""
        s = self.scene
        s.drop(s.shown[seat])
        anchor = s.seat_anchor(seat)
        s.shown[seat] = [s.new_card(int(c), True, anchor, SHOWN_SCALE) for c in cards]
        s.relayout(self.ms(320))

    def on_declared(self, event: ev.Declared) -> int:
        self.show_cards(event.seat, event.cards)
        word = tr("Big joker!") if event.kind == "big_joker" else declaration_word(event.kind)
        self.scene.bubble(event.seat, word, self.ms(1100))
        return 800

    def on_passed(self, event: ev.Passed) -> int:
        self.scene.bubble(event.seat, tr("Pass"), self.ms(800))
        return 380

    def on_bid(self, event: ev.Bid) -> int:
        text = tr("{n} points").format(n=event.value)
        self.scene.bubble(event.seat, text, self.ms(1100))
        return 650

    def on_bidding_started(self, event: ev.BiddingStarted) -> int:
        return self.banner(
            tr("Bidding"),
            say(lambda: self._by(event.first, tr("You bid first"), tr("{who} bids first"))),
            900,
        )

    def _clear_shown(self) -> None:
        s = self.scene
        for seat in Seat:
            s.drop(s.shown[seat])
            s.shown[seat] = []

    def on_trump_fixed(self, event: ev.TrumpFixed) -> int:
        self._clear_shown()
        return self.banner(
            say(lambda: tr("Trump: {suit}").format(suit=suit_name(event.suit))),
            say(lambda: tr("Dealer: {who}").format(who=self._name(event.dealer))),
            1400,
        )

    def on_dealer_fixed(self, event: ev.DealerFixed) -> int:
        return self.banner(
            say(lambda: self._by(event.seat, tr("You are the dealer"), tr("{who} is the dealer"))),
            say(lambda: tr("Bid: {bid} points").format(bid=event.bid)),
            1300,
        )

    def on_trump_chosen(self, event: ev.TrumpChosen) -> int:
        return self.banner(tr("Trump: {suit}").format(suit=suit_name(event.suit)), "", 1100)

    def on_bottom_three(self, event: ev.BottomThree) -> int:
        return self.banner(
            tr("Nobody declared"),
            tr("Third card from the bottom: {suit} is trump").format(suit=suit_name(event.suit)),
            1500,
        )

    def on_kitty_drawn(self, event: ev.KittyDrawn) -> int:
        return self.banner(
            tr("Nobody declared"), tr("The trump suit is drawn from the kitty"), 1300
        )

    def on_kitty_flipped(self, event: ev.KittyFlipped) -> int:
        s = self.scene
        for seat, card in event.flips:
            item = s.new_card(int(card), True, s.pile_pos(), 0.8)
            s.trick[seat].append(item)
        s.relayout(self.ms(380))
        self.banner(tr("Flipping for the deal"), tr("The highest card deals"), 1900)
        return 2000

    def on_kitty_revealed(self, event: ev.KittyRevealed) -> int:
        """DL's kitty on the undealt pile (DL-KITTY-1), or TR's buried face down, in its
        corner, at the hand's end (TR-KITTY-2, ``tr_kitty_face=down``)."""
        self.turn_kitty_over(event.kitty)
        if event.dry:
            self.banner(tr("Dry pot (干锅)"), tr("The kitty is not exchanged"), 1500)
        return 1500

    def turn_kitty_over(self, cards: Sequence[Card]) -> None:
        """Show the kitty's faces where it lies (the pile, or the corner once buried)."""
        s = self.scene
        for item, card in zip(s.pile or s.kitty, cards, strict=False):
            item.flip_to(int(card), True, False, self.ms(300))
        s.relayout(self.ms(300))

    def on_kitty_viewed(self, event: ev.KittyViewed) -> int:
        """SD-KITTY-2: the defenders look at the kitty before the declarer takes it."""
        if event.kitty is None:
            return 200
        self.turn_kitty_over(event.kitty)
        return 1800

    def on_kitty_shown(self, event: ev.KittyShown) -> int:
        """DL-KITTY-8: the kitty is shown to everybody before a pick among equal cards."""
        self.turn_kitty_over(event.kitty)
        self.scene.bubble(event.seat, tr("Buries jokers"), self.ms(1200))
        return 1800

    def on_kitty_taken(self, event: ev.KittyTaken) -> int:
        s = self.scene
        seat = event.seat
        items = list(s.pile)
        s.pile = []
        s.give_to_hand(seat, items, event.kitty)
        if seat == s.viewer and event.kitty:
            s.mark_fresh(event.kitty)
        s.relayout(self.ms(480))
        return 700

    def on_kitty_buried(self, event: ev.KittyBuried) -> int:
        s = self.scene
        cards = event.kitty
        items = s.take_from_hand(event.seat, cards if cards is not None else event.count or 0)
        if cards is not None:
            for item, card in zip(items, cards, strict=False):
                item.set_face(int(card), True)
        else:
            for item in items:
                item.set_face(None, False)
        s.clear_fresh()
        s.kitty = items
        s.relayout(self.ms(480))
        return 700

    def on_jokers_buried(self, event: ev.JokersBuried) -> int:
        s = self.scene
        seat = event.seat
        going = s.take_from_hand(seat, event.jokers)
        for item, card in zip(going, event.jokers, strict=False):
            item.set_face(int(card), True)
        coming: list[CardItem] = []
        for card in event.taken:
            match = next((i for i in s.kitty if i.card == int(card) and i not in coming), None)
            if match is None:
                match = next((i for i in reversed(s.kitty) if i not in coming), None)
            if match is not None:
                coming.append(match)
        s.kitty = [i for i in s.kitty if i not in coming] + going
        s.give_to_hand(seat, coming, event.taken if seat == s.viewer else None)
        s.relayout(self.ms(520))
        s.bubble(seat, tr("Buries jokers"), self.ms(1200))
        return 1000

    def on_tribute_due(self, event: ev.TributeDue) -> int:
        return self.banner(
            tr("Tribute (进贡)"),
            tr("{payer} pays {n} to {receiver}").format(
                payer=self._name(event.payer), receiver=self._name(event.receiver), n=event.blood
            ),
            1500,
        )

    def on_revolt(self, event: ev.Revolt) -> int:
        self.show_cards(event.seat, event.cards)
        return self.banner(tr("Revolt! (暴动)"), self._name(event.seat), 1600)

    def on_countered(self, event: ev.Countered) -> int:
        return self.banner(tr("Counter! (暴)"), self._name(event.seat), 1600)

    def on_tribute_cancelled(self, event: ev.TributeCancelled) -> int:
        self._clear_shown()
        self.scene.relayout(self.ms(200))
        return self.banner(tr("No tribute this hand"), "", 1100)

    def on_tribute_passed(self, event: ev.TributePaid | ev.TributeReturned) -> int:
        """Tribute paid or returned: the cards go from one hand to the other, face up for
        the two seats that see them (DL-TRIB-4/5)."""
        s = self.scene
        cards, to = event.cards, event.to
        items = s.take_from_hand(event.seat, cards if cards is not None else event.count)
        for item, card in zip(items, cards or (), strict=False):
            item.set_face(int(card), True)
        s.give_to_hand(to, items, cards if to == s.viewer else None)
        if to == s.viewer and cards:
            s.mark_fresh(cards)
        s.relayout(self.ms(650))
        return 900

    def on_play_started(self, event: ev.PlayStarted) -> int:
        self._clear_shown()
        self.scene.clear_fresh()
        self.scene.relayout(self.ms(200))
        return 250

    def on_cards_played(self, event: ev.CardsPlayed) -> int:
        s = self.scene
        seat = event.seat
        items = s.take_from_hand(seat, event.cards)
        trump = s.trump
        for item, card in zip(items, event.cards, strict=False):
            is_trump = trump.is_trump(card) if trump is not None else False
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

    def on_throw_failed(self, event: ev.ThrowFailed) -> int:
        return self.banner(
            tr("Throw failed"),
            say(
                lambda: self._by(
                    event.seat,
                    tr("You tried {tried}; {led} is played"),
                    tr("{who} tried {tried}; {led} is played"),
                ).format(tried=cards_text(event.tried), led=cards_text(event.led))
            ),
            2000,
        )

    def on_attempt_refused(self, event: ev.AttemptRefused) -> int:
        """TR-LEAD-5, SD-CLAIM-1: everybody sees who tried, as at a real table."""
        who = self._name(event.seat)
        if event.kind == "claim":
            return self.banner(tr("Claim refused"), tr("{who} tried to claim").format(who=who))
        return self.banner(
            tr("Throw refused"),
            tr("{who} tried {tried}").format(who=who, tried=cards_text(event.cards)),
            1600,
        )

    def on_trick_won(self, event: ev.TrickWon) -> int:
        s = self.scene
        winner = event.seat
        items = [i for seat in Seat for i in s.trick[seat]]
        for seat in Seat:
            s.trick[seat] = []
        s.sweeping.extend(items)
        anchor = s.seat_anchor(winner)
        target = QPointF(anchor.x() - CARD_W * 0.2, anchor.y() - CARD_H * 0.2)
        pause, sweep = self.ms(720), self.ms(380)
        points = event.points
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
            QTimer.singleShot(pause, s, lambda: s.bubble(winner, f"+{points}", self.ms(900)))
        return 720 + 380

    def _finish_sweep(self, items: list[CardItem]) -> None:
        s = self.scene
        s.sweeping = [i for i in s.sweeping if i not in items]
        s.drop(items)

    def on_claimed(self, event: ev.Claimed) -> int:
        s = self.scene
        seat = event.seat
        cards = event.hands.get(seat, ())
        items = s.take_from_hand(seat, cards)
        for item, card in zip(items, cards, strict=False):
            item.set_face(int(card), True)
        s.trick[seat] = items
        s.relayout(self.ms(400))
        return self.banner(
            tr("Claim!"),
            say(
                lambda: self._by(
                    seat,
                    tr("You take every remaining trick"),
                    tr("{who} takes every remaining trick"),
                )
            ),
            2200,
        )

    def on_draw(self, event: ev.Draw) -> int:
        return self.banner(tr("Draw (流局)"), tr("Everybody passed"), 1800)

    def on_redealt(self, event: ev.Redealt) -> int:
        return self.banner(tr("Redeal"), tr("Six jokers in the kitty"), 1600)
