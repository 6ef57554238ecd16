"""The card tracker's panel (记牌器): what the viewer's seat has counted, from its view only
(``ai.tracker``): per suit class the cards still out and the viewer's own, the points out and
captured, who is void or can hold no pair or triple of a class, and the kitty it saw."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from shengji_desktop.ai.tracker import ClassCount, Tracker, track
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Card, Rank, Seat, Suit
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.ranking import TRUMP

from ..i18n import colon, tr
from ..texts import LIST_SEP, seat_name, team_name
from .info import PANEL_QSS
from .scrollbar import dark_scrollbar

RED = "#ff8a80"
DIM = "#5d7264"


def class_label(suit_class: int) -> str:
    return tr("Trumps") if suit_class == TRUMP else Suit(suit_class).symbol


def card_label(card: Card, in_trumps: bool) -> str:
    """Short: the rank in a plain suit; in trumps the suit too (level cards), jokers named."""
    if card.rank is Rank.BIG_JOKER:
        return tr("BJ")
    if card.rank is Rank.SMALL_JOKER:
        return tr("SJ")
    return str(card) if in_trumps else card.rank.label


def _html_card(card: Card, n: int, decks: int, in_trumps: bool) -> str:
    text = escape(card_label(card, in_trumps))
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS) or card.rank is Rank.BIG_JOKER
    if n == 0:
        return f'<span style="color:{DIM}"><s>{text}</s></span>'
    colour = f' style="color:{RED}"' if red else ""
    count = f"<sub>×{n}</sub>" if decks > 1 and n > 1 else ""
    return f"<span{colour}>{text}</span>{count}"


def out_html(cls: ClassCount, decks: int) -> str:
    """The class's cards, strongest first, each with its copies out (none out: struck)."""
    trumps = cls.suit_class == TRUMP
    return " ".join(_html_card(c.card, c.out, decks, trumps) for c in cls.cards)


def mine_html(cls: ClassCount, decks: int) -> str:
    trumps = cls.suit_class == TRUMP
    held = [_html_card(c.card, c.mine, decks, trumps) for c in cls.cards if c.mine]
    return " ".join(held) or "—"


def classes_text(classes: frozenset[int]) -> str:
    return " ".join(class_label(c) for c in sorted(classes, key=lambda c: (c != TRUMP, c)))


def seat_facts(t: Tracker, seat: Seat) -> str:
    """What play has shown of ``seat``'s hand: voids, and classes with no pair or triple left
    (those that are not voids)."""
    void = t.void_in(seat)
    parts = []
    if void:
        parts.append(tr("void: {classes}").format(classes=classes_text(void)))
    no_pair = t.no_pair_in(seat) - void
    if no_pair:
        parts.append(tr("no pair: {classes}").format(classes=classes_text(no_pair)))
    no_triple = t.no_triple_in(seat) - void - no_pair
    if no_triple:
        parts.append(tr("no triple: {classes}").format(classes=classes_text(no_triple)))
    return LIST_SEP.join(parts) or "—"


def side_text(
    t: Tracker, side: frozenset[Seat], viewer: Seat, dealer: Seat | None, seated: bool = True
) -> str:
    if t.game is Game.SD and dealer is not None:
        return tr("Declarer") if dealer in side else tr("Defenders")
    if not seated:
        return team_name(viewer.team if viewer in side else viewer.team.other, viewer, False)
    return tr("Your side") if viewer in side else tr("Opponents")


def kitty_when(when: str) -> str:
    return {
        "shown": tr("Kitty shown"),
        "taken": tr("Kitty picked up"),
        "now": tr("Kitty now"),
    }.get(when, when)


def _label(role: str = "", wrap: bool = True) -> QLabel:
    label = QLabel()
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.RichText)
    if role:
        label.setProperty("role", role)
    return label


class TrackerPanel(QFrame):
    """The panel; ``update_view(view)`` with the view the table shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_QSS)
        self.tracker: Tracker | None = None
        self.seated = True  # the reader plays the view's seat (no: 旁观, ``texts.seat_name``)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        inner = QWidget()
        inner.setObjectName("info")
        self.box = QVBoxLayout(inner)
        self.box.setContentsMargins(8, 6, 8, 6)
        self.box.setSpacing(3)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        dark_scrollbar(scroll)
        outer.addWidget(scroll)
        self.note = _label("small")
        self.note.setText(tr("Counted from what your seat has seen."))
        self.box.addWidget(self.note)
        self.cards_heading = self._heading(tr("Cards out"))
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(1)
        self.box.addLayout(self.grid)
        self.class_rows: dict[int, tuple[QLabel, QLabel, QLabel]] = {}
        self._heading(tr("Points"))
        self.points = _label()
        self.box.addWidget(self.points)
        self._heading(tr("Shown by play"))
        self.seats = _label()
        self.box.addWidget(self.seats)
        self.kitty_heading = self._heading(tr("Kitty"))
        self.kitty = _label()
        self.box.addWidget(self.kitty)
        self.box.addStretch(1)
        self.clear()

    def _heading(self, text: str) -> QLabel:
        label = QLabel(text)
        label.setProperty("role", "heading")
        self.box.addWidget(label)
        return label

    def clear(self) -> None:
        self.tracker = None
        for name, mine, out in self.class_rows.values():
            for w in (name, mine, out):
                self.grid.removeWidget(w)
                w.deleteLater()
        self.class_rows = {}
        self.points.setText("—")
        self.seats.setText("—")
        self.kitty.setText("—")

    def update_view(self, view: SeatView, seated: bool = True) -> None:
        """Show what ``view``'s seat has counted (``seated``: the reader plays that seat)."""
        t = track(view)
        if t == self.tracker and seated == self.seated:
            return
        self.seated = seated
        self.tracker = t
        shown = {c.suit_class for c in t.classes}
        if set(self.class_rows) != shown:
            self.clear()
            self.tracker = t
            for row, cls in enumerate(t.classes):
                name = _label("heading", wrap=False)
                out = _label()
                mine = _label("small")
                self.grid.addWidget(name, 2 * row, 0, 2, 1, Qt.AlignmentFlag.AlignTop)
                self.grid.addWidget(out, 2 * row, 1)
                self.grid.addWidget(mine, 2 * row + 1, 1)
                self.class_rows[cls.suit_class] = (name, mine, out)
            self.grid.setColumnStretch(1, 1)
        for cls in t.classes:
            name, mine, out = self.class_rows[cls.suit_class]
            name.setText(f"{escape(class_label(cls.suit_class))} {cls.out}")
            out.setText(out_html(cls, t.decks))
            whose = tr("Yours:") if self.seated else seat_name(view.seat, view.seat, False) + ":"
            mine.setText(escape(whose) + " " + mine_html(cls, t.decks))
        self.points.setText(self._points_text(t, view))
        lines = [
            f"<b>{escape(seat_name(s, view.seat, self.seated))}</b>"
            f"{colon()}{escape(seat_facts(t, s))}"
            for s, _ in t.voids
        ]
        self.seats.setText("<br>".join(lines))
        kitty = [
            f"{escape(kitty_when(k.when))}{colon()}"
            + " ".join(_html_card(c, 1, 1, True) for c in k.cards)
            for k in t.kitty
        ]
        self.kitty.setText("<br>".join(kitty) or escape(tr("not seen")))

    def _points_text(self, t: Tracker, view: SeatView) -> str:
        lines = [
            escape(
                tr("Out: {out} (not played: {left} of {total})").format(
                    out=t.points_out, left=t.points_unplayed, total=t.points_total
                )
            )
        ]
        if t.game is Game.DL:
            counts = dict(t.point_cards_out)
            lines.append(
                escape(
                    tr("5s out: {fives} · 10s: {tens} · Ks: {kings}").format(
                        fives=counts[Rank.FIVE], tens=counts[Rank.TEN], kings=counts[Rank.KING]
                    )
                )
            )
        sides = LIST_SEP.join(
            f"{side_text(t, side, view.seat, view.dealer, self.seated)} {n}"
            for side, n in t.captured
        )
        lines.append(escape(tr("Captured: {sides}").format(sides=sides)))
        return "<br>".join(lines)
