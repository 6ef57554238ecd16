"""The table's cues (issue 18): callouts when a tractor, a throw, a ruff, an overcall or a claim
happens, a marker on the play that is winning the trick, four-colour suits and the hand's sort.

The cues read the typed events the animator shows and the ``SeatView`` after each batch; what
happened is decided with the rules (the lead's shape, the cards' suit class, the trick winner),
never from text. Callouts are animations: with the animation speed at "instant" there are none.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    QSettings,
    Qt,
    QTimer,
)
from PySide6.QtGui import QAction, QActionGroup, QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QMenu, QStyleOptionGraphicsItem, QWidget

from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.ranking import TRUMP, Trump

from ..cards import CARD_W, font, four_colours, set_four_colours
from ..i18n import tr
from ..table.handorder import SORT_KEY, SORTS

if TYPE_CHECKING:  # the engine and the trick rules load when a game starts (issue 21)
    from shengji_desktop.engine import events as ev
    from shengji_desktop.engine.view import SeatView

    from ..table.items import CardItem
    from ..table.screen import TableScreen

FOUR_COLOUR_KEY = "cues/four_colours"
BUBBLE_HALF = 150.0  # half a seat's bubble at the widest (two languages), beside a callout
KINDS = ("tractor", "throw", "ruff", "overcall", "claim")
Plays = Sequence[tuple[Seat, Sequence[Card]]]


def cue_text(kind: str, game: Game | None) -> str:
    """The callout's words; an overcall is 正主 in TR (TR-DECL-2) and 反主 in DL (DL-DECL-5)."""
    if kind == "overcall":
        return tr("Overcall (反主)") if game is Game.DL else tr("Overcall (正主)")
    return {
        "tractor": tr("Tractor (拖拉机)"),
        "throw": tr("Throw (甩牌)"),
        "ruff": tr("Ruff (毙了)"),
        "claim": tr("Claim!"),
    }[kind]


CUE_COLOURS = {
    "tractor": QColor("#ffd166"),
    "throw": QColor("#9be7ff"),
    "ruff": QColor("#ff8a80"),
    "overcall": QColor("#ffb74d"),
    "claim": QColor("#c5e1a5"),
}


def trick_winner(trump: Trump, plays: Plays) -> Seat | None:
    """The seat whose play wins the trick so far (the rules' winner of the typed plays)."""
    from shengji_desktop.rules.errors import RuleError
    from shengji_desktop.rules.trick import TrickRules

    if not plays or not plays[0][1]:
        return None
    rules = TrickRules(trump)
    try:
        fmt = rules.lead_format(tuple(plays[0][1]))
    except RuleError:
        return None
    return plays[rules.winner(fmt, [tuple(cards) for _, cards in plays])][0]


class CueTracker:
    """Follows the events of a hand: the trick so far and the standing declaration, and says
    which cue (if any) an event makes."""

    def __init__(self) -> None:
        self.plays: list[tuple[Seat, tuple[Card, ...]]] = []
        self.standing: tuple[Seat, object] | None = None  # (seat, suit) declared last

    def feed(self, event: ev.Event, game: Game | None, trump: Trump | None) -> str | None:
        from shengji_desktop.engine import events as ev

        if isinstance(event, ev.HandStarted):
            self.plays, self.standing = [], None
        elif isinstance(event, ev.PlayStarted | ev.TrickWon):
            self.plays = []
        elif isinstance(event, ev.Declared):
            return self._declared(event, game)
        elif isinstance(event, ev.Claimed):
            return "claim"
        elif isinstance(event, ev.CardsPlayed):
            return self._played(event, trump)
        return None

    def _declared(self, event: ev.Declared, game: Game | None) -> str | None:
        before, self.standing = self.standing, (event.seat, event.suit)
        if game is Game.TR:
            return "overcall" if event.kind == "正主" else None  # TR-DECL-2
        # DL-DECL-5: a stronger declaration over a standing one is 反; the standing declarer
        # showing more of the same suit only reinforces (加固, DL-DECL-7).
        dl = game is Game.DL and event.kind != "big_joker"
        return "overcall" if dl and before not in (None, (event.seat, event.suit)) else None

    def _played(self, event: ev.CardsPlayed, trump: Trump | None) -> str | None:
        from shengji_desktop.rules.trick import Shape

        lead = not self.plays
        self.plays.append((event.seat, tuple(event.cards)))
        if lead:
            if event.shape is Shape.THROW:
                return "throw"
            if event.shape is Shape.TRACTOR:
                return "tractor"
            return None
        if trump is None or not event.cards:
            return None
        led = self.plays[0][1]
        # A plain suit led, the follower plays only trumps: void in it, it ruffs (毙).
        if trump.suit_class(led[0]) != TRUMP and all(
            trump.suit_class(c) == TRUMP for c in event.cards
        ):
            return "ruff"
        return None


class Callout(QGraphicsObject):
    """A word that pops up near a seat and fades ("拖拉机", "毙了")."""

    def __init__(self, kind: str, text: str, size: float = 34) -> None:
        super().__init__()
        self.kind = kind
        self.text = text
        self.size = size
        self.colour = CUE_COLOURS.get(kind, QColor("#fff7d6"))
        self.setZValue(960)
        metrics = QFontMetricsF(font(size, bold=True))
        self._w = metrics.horizontalAdvance(text) + size * 1.4
        self._h = size * 1.8

    def boundingRect(self) -> QRectF:
        return QRectF(-self._w / 2 - 3, -self._h / 2 - 3, self._w + 6, self._h + 6)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(-self._w / 2, -self._h / 2, self._w, self._h)
        painter.setPen(QPen(QColor(40, 20, 0, 200), 2.5))
        painter.setBrush(self.colour)
        painter.drawRoundedRect(rect, 12, 12)
        painter.setPen(QColor("#241405"))
        painter.setFont(font(self.size, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text)

    def play(self, ms: int) -> QSequentialAnimationGroup:
        """Pop in, stay, fade out, then leave the scene."""
        group = QSequentialAnimationGroup(self)
        pop = QPropertyAnimation(self, b"scale", group)
        pop.setStartValue(0.4)
        pop.setEndValue(1.0)
        pop.setDuration(max(1, ms // 5))
        pop.setEasingCurve(QEasingCurve.Type.OutBack)
        group.addAnimation(pop)
        group.addPause(max(1, ms * 3 // 5))
        fade = QPropertyAnimation(self, b"opacity", group)
        fade.setStartValue(1.0)
        fade.setEndValue(0.0)
        fade.setDuration(max(1, ms // 5))
        group.addAnimation(fade)
        group.finished.connect(self._leave)
        self.setScale(0.4)
        group.start()
        return group

    def _leave(self) -> None:
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)


class WinMarker(QGraphicsObject):
    """A gold crown badge on the card winning the trick (a child of that card: it moves with it)."""

    R = 17.0

    def boundingRect(self) -> QRectF:
        r = self.R + 2
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#5a3d00"), 2))
        painter.setBrush(QColor("#f5c518"))
        painter.drawEllipse(QPointF(0, 0), self.R, self.R)
        painter.setPen(QColor("#3b2800"))
        painter.setFont(font(20, bold=True))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, "★")


class TableCues:
    """The cues' settings (four colours, the hand's sort) and what they show on the table."""

    def __init__(self, screen: TableScreen, settings: QSettings) -> None:
        self.screen = screen
        self.settings = settings
        self.tracker = CueTracker()
        self.marker: WinMarker | None = None
        self.callouts: list[Callout] = []  # the ones showing (tests look)
        self.shown: list[tuple[Seat, str]] = []  # every cue shown, for tests and tools
        set_four_colours(str(settings.value(FOUR_COLOUR_KEY, "false")).lower() == "true")
        self.four_action = QAction(screen)
        self.four_action.setCheckable(True)
        self.four_action.setChecked(four_colours())
        self.four_action.toggled.connect(self.set_four_colours)
        self.sort_group = QActionGroup(screen)
        self.sort_actions = {k: QAction(screen, checkable=True) for k in ("suit", "rank")}
        for key, act in self.sort_actions.items():
            self.sort_group.addAction(act)
            act.triggered.connect(lambda _=False, k=key: self.set_sort(k))
        sort = str(settings.value(SORT_KEY, "suit"))
        self.sort_actions[sort if sort in SORTS else "suit"].setChecked(True)
        self.sort_menu: QMenu | None = None
        screen.built.connect(self.build)
        screen.event_shown.connect(self.on_event)
        screen.view_shown.connect(self.on_batch)

    def add_to_menus(self, game_menu: QMenu, menu: QMenu) -> None:
        """Four colours and the hand's sort, in Settings."""
        self.four_action.setText(tr("Four-colour suits"))
        self.sort_actions["suit"].setText(tr("By suit (trumps first)"))
        self.sort_actions["rank"].setText(tr("By rank"))
        menu.addAction(self.four_action)
        self.sort_menu = menu.addMenu(tr("Sort the hand"))
        for act in self.sort_actions.values():
            self.sort_menu.addAction(act)

    def build(self) -> None:
        """Once the table exists."""
        self.sort_actions[self.screen.scene.order.sort].setChecked(True)

    # ------------------------------------------------------------------ settings

    def set_four_colours(self, on: bool) -> None:
        self.settings.setValue(FOUR_COLOUR_KEY, "true" if on else "false")
        set_four_colours(on)
        if self.four_action.isChecked() != on:
            self.four_action.setChecked(on)
        screen = self.screen
        if screen.is_built:
            screen.pixmaps.clear()
            screen.scene.update()
            if screen.last_view is not None:
                screen.panel.update_view(screen.last_view, screen.scene.acting)  # the trump

    def set_sort(self, sort: str) -> None:
        screen = self.screen
        if not screen.is_built:  # the hand's order is read from the settings when it comes
            self.settings.setValue(SORT_KEY, sort if sort in SORTS else "suit")
            return
        screen.scene.order.set_sort(sort)
        self.sort_actions[screen.scene.order.sort].setChecked(True)
        view = screen.last_view
        if view is not None and screen.session is not None:
            screen.scene.sync(view, 200)

    # ------------------------------------------------------------------ events

    def on_event(self, event: ev.Event) -> None:
        from shengji_desktop.engine import events as ev

        scene = self.screen.scene
        kind = self.tracker.feed(event, scene.game, scene.trump)
        if kind is not None and self.screen.animator.factor > 0:
            seat = getattr(event, "seat", None)
            if isinstance(seat, Seat):
                self.callout(seat, kind)
        if isinstance(event, ev.CardsPlayed | ev.TrickWon | ev.HandStarted | ev.PlayStarted):
            # after the animator's handler has put the cards in the trick
            QTimer.singleShot(0, self.screen, lambda: self.place_marker(self.tracker.plays))

    def on_batch(self, view: SeatView) -> None:
        # The view is the truth (a table joined or resumed mid-trick): follow it from here.
        self.tracker.plays = [(seat, tuple(cards)) for seat, cards in view.trick]
        decl = view.declaration
        if decl is not None and decl.kind != "big_joker":
            self.tracker.standing = (decl.seat, decl.suit)
        self.place_marker(view.trick)

    def callout(self, seat: Seat, kind: str) -> Callout:
        scene = self.screen.scene
        item = Callout(kind, cue_text(kind, scene.game))
        at = scene.geo.bubble_pos(seat, scene.back_count(seat), len(scene.hand))
        rel = scene.geo.rel(seat)
        # Beside the seat's bubble (a declaration's words, 过), towards the table's middle:
        # never on it, nor on the seat's cards (issue 36: 反主 and 亮主 were stacked on the
        # left seat's fan); the viewer's above it, where the hand leaves room.
        if rel in (1, 2, 3):
            gap = item.boundingRect().width() / 2 + BUBBLE_HALF
            item.setPos(at.x() + (gap if rel == 3 else -gap), at.y())
        else:
            item.setPos(at.x(), at.y() - 62)
        scene.addItem(item)
        self.callouts = [c for c in self.callouts if _alive(c)] + [item]
        self.shown.append((seat, kind))
        item.play(self.screen.animator.ms(1300))
        return item

    def place_marker(self, plays: Plays) -> None:
        """The marker on the top card of the play winning the trick (none without a trick)."""
        self.clear_marker()
        scene = self.screen.scene
        trump = scene.trump
        seat = trick_winner(trump, plays) if trump is not None else None
        items: list[CardItem] = scene.trick[seat] if seat is not None else []
        if not items:
            return
        self.marker = WinMarker(items[-1])
        self.marker.setPos(CARD_W - 6, 8)

    def clear_marker(self) -> None:
        if self.marker is not None:
            with contextlib.suppress(RuntimeError):  # gone with its card
                self.marker.setParentItem(None)  # type: ignore[arg-type]
                scene = self.marker.scene()
                if scene is not None:
                    scene.removeItem(self.marker)
            self.marker = None

    def marked_card(self) -> CardItem | None:
        """The card the marker sits on (tests)."""
        if self.marker is None:
            return None
        try:
            parent = self.marker.parentItem()
        except RuntimeError:
            return None
        return parent  # type: ignore[return-value]


def _alive(item: Callout) -> bool:
    try:
        return item.scene() is not None
    except RuntimeError:
        return False
