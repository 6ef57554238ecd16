"""Widgets around the table: the information panel, the action bar above the hand, and the
overlays (start screen, settlement summary, match over)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, card_points, parse_cards
from shengji_desktop.rules.options import Game

from .cards import CARD_H, CARD_W, render_card_image
from .i18n import tr
from .models import LogModel, ScoreSheetModel, outcome_text
from .table import display_trump
from .texts import (
    LIST_SEP,
    SUIT_SYMBOLS,
    cards_text,
    game_name,
    level_text,
    options_summary,
    phase_name,
    seat_name,
    suit_name,
    team_name,
    winner_text,
)

PANEL_QSS = """
QFrame#panel, QWidget#info, QScrollArea, QScrollArea > QWidget > QWidget { background: #14231a; }
QFrame#panel QLabel { color: #e8efe9; }
QLabel[role="heading"] { color: #d4a017; font-weight: bold; font-size: 12px;
    letter-spacing: 1px; padding-top: 4px; }
QLabel[role="big"] { font-size: 17px; font-weight: bold; color: #ffe9a8; }
QLabel[role="small"] { color: #a7b8ac; font-size: 11px; }
QFrame[role="box"] { background: #1c3025; border: 1px solid #2c4a37; border-radius: 8px; }
QTabWidget::pane { border: 1px solid #2c4a37; background: #f7f5ee; }
QTabBar::tab { background: #1c3025; color: #e8efe9; padding: 5px 10px; border: 1px solid #2c4a37;
    border-bottom: none; border-top-left-radius: 6px; border-top-right-radius: 6px; }
QTabBar::tab:selected { background: #f7f5ee; color: #14231a; }
QTableView, QListView { background: #f7f5ee; color: #1b1b1b; border: none;
    selection-background-color: #d4a017; }
QHeaderView::section { background: #e6e1d3; color: #1b1b1b; border: none; padding: 3px; }
"""

BAR_QSS = """
QWidget#actionbar { background: transparent; }
QLabel#prompt { color: #fff8e1; font-size: 15px; font-weight: bold;
    background: rgba(8, 18, 12, 170); border-radius: 10px; padding: 5px 12px; }
QLabel#notice { color: #ffd27a; font-size: 13px; font-weight: bold;
    background: rgba(60, 20, 10, 200); border-radius: 8px; padding: 4px 10px; }
QPushButton { background: #24352b; color: #f1f5f2; border: 1px solid #6b8f78;
    border-radius: 9px; padding: 6px 14px; font-size: 14px; font-weight: bold; min-height: 22px; }
QPushButton:hover { background: #2f4a3a; }
QPushButton:disabled { background: rgba(40, 50, 44, 160); color: #8a9a90; border-color: #4a5a50; }
QPushButton[primary="true"] { background: #d4a017; color: #201600; border: 1px solid #f3d27a; }
QPushButton[primary="true"]:hover { background: #e6b422; }
QPushButton[primary="true"]:disabled { background: rgba(120, 100, 40, 150); color: #3b3220; }
QPushButton[hinted="true"] { border: 3px solid #ffb300; }
"""

OVERLAY_QSS = """
QFrame#overlay { background: rgba(10, 22, 15, 228); border: 2px solid #d4a017;
    border-radius: 18px; }
QFrame#overlay QLabel { color: #f3f6f4; }
QLabel#overlayTitle { color: #ffe9a8; font-size: 26px; font-weight: bold; }
QLabel[role="key"] { color: #a9c2b1; font-size: 14px; }
QLabel[role="value"] { color: #ffffff; font-size: 15px; font-weight: bold; }
QPushButton { background: #d4a017; color: #201600; border: 1px solid #f3d27a; border-radius: 10px;
    padding: 8px 22px; font-size: 16px; font-weight: bold; }
QPushButton:hover { background: #e6b422; }
QPushButton[secondary="true"] { background: #24352b; color: #f1f5f2; border-color: #6b8f78; }
"""


class MiniCards(QWidget):
    """A row of small overlapping cards (captured points, the kitty, the last trick)."""

    _cache: ClassVar[dict[tuple[int, bool, int], QPixmap]] = {}

    def __init__(
        self,
        height: int = 44,
        step: int = 15,
        parent: QWidget | None = None,
        hide_when_empty: bool = False,
    ) -> None:
        super().__init__(parent)
        self.cards: list[int] = []
        self.card_h = height
        self.step = step
        # A row in the side panel takes no room while it has no cards (the panel is short
        # at the default window size); rows in a grid keep their place.
        self.hide_when_empty = hide_when_empty
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(height + 2)
        if hide_when_empty:
            self.hide()

    def set_cards(self, cards: list[int]) -> None:
        if cards != self.cards:
            self.cards = list(cards)
            self.updateGeometry()
            self.update()
        if self.hide_when_empty:
            self.setVisible(bool(self.cards))

    def sizeHint(self) -> QSize:
        width = int(self.card_h * CARD_W / CARD_H) + self.step * max(0, len(self.cards) - 1)
        return QSize(width, self.card_h + 2)

    def pixmap(self, card: int) -> QPixmap:
        dpr = self.devicePixelRatioF()
        h = round(self.card_h * dpr)
        key = (card, False, h)
        pm = self._cache.get(key)
        if pm is None:
            pm = QPixmap.fromImage(render_card_image(card, False, h))
            pm.setDevicePixelRatio(dpr)
            self._cache[key] = pm
        return pm

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.cards:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        w = self.card_h * CARD_W / CARD_H
        step = self.step
        if len(self.cards) > 1 and w + step * (len(self.cards) - 1) > self.width():
            step = max(3, int((self.width() - w) / (len(self.cards) - 1)))
        for i, card in enumerate(self.cards):
            p.drawPixmap(QRectF(i * step, 1, w, self.card_h), self.pixmap(card), QRectF())
        p.end()


def _label(text: str = "", role: str = "", wrap: bool = False) -> QLabel:
    label = QLabel(text)
    if role:
        label.setProperty("role", role)
    label.setWordWrap(wrap)
    return label


class InfoPanel(QFrame):
    """Always visible: game and options, trump and level card, levels or coins, dealer,
    declaration, points captured with the point cards, whose turn, tricks, the kitty when it
    may be seen, the last trick; below, the score sheet, the log and the rule options."""

    def __init__(self, score: ScoreSheetModel, log: LogModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_QSS)
        self.viewer = Seat.S
        self.seen_kitty = ""  # an original kitty the viewer was shown (SD-KITTY-2)
        self.taken_kitty = ""  # the kitty the viewer, as dealer, has just picked up
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        # The information scrolls when the window is short; the tabs keep the rest.
        info = QWidget()
        info.setObjectName("info")
        layout = QVBoxLayout(info)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        scroll = QScrollArea()
        scroll.setWidget(info)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.info_scroll = scroll
        self.info_layout = layout
        outer.addWidget(scroll, 5)

        self.game_label = _label("", "big", wrap=True)
        self.hand_label = _label("", "small")
        layout.addWidget(self.game_label)
        layout.addWidget(self.hand_label)

        box = QFrame()
        box.setProperty("role", "box")
        grid = QGridLayout(box)
        grid.setContentsMargins(8, 6, 8, 6)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        self.trump_symbol = QLabel("—")
        self.trump_symbol.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.trump_symbol.setMinimumWidth(44)
        self.trump_symbol.setStyleSheet("font-size: 34px; font-weight: bold;")
        self.level_card = MiniCards(48, 15)
        self.level_card.setFixedWidth(36)
        self.trump_label = _label("", "", wrap=True)
        self.decl_label = _label("", "small", wrap=True)
        grid.addWidget(self.trump_symbol, 0, 0, 2, 1)
        grid.addWidget(self.level_card, 0, 1, 2, 1)
        grid.addWidget(self.trump_label, 0, 2)
        grid.addWidget(self.decl_label, 1, 2)
        grid.setColumnStretch(2, 1)
        layout.addWidget(box)

        self.teams_label = _label("", "", wrap=True)
        self.teams_label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.teams_label)

        layout.addWidget(_label(tr("Points captured"), "heading"))
        self.points_label = _label("", "", wrap=True)
        layout.addWidget(self.points_label)
        self.point_cards = MiniCards(40, 12, hide_when_empty=True)
        layout.addWidget(self.point_cards)

        self.turn_label = _label("", "", wrap=True)
        layout.addWidget(self.turn_label)

        self.kitty_heading = _label(tr("Kitty"), "heading")
        layout.addWidget(self.kitty_heading)
        self.kitty_label = _label("", "small", wrap=True)
        layout.addWidget(self.kitty_label)
        self.kitty_cards = MiniCards(40, 16, hide_when_empty=True)
        layout.addWidget(self.kitty_cards)

        layout.addStretch(1)
        # The last trick, on its own tab: who played what, in order.
        self.last_trick = QWidget()
        self.last_trick.setObjectName("lasttrick")
        self.last_trick.setStyleSheet("QWidget#lasttrick { background: #f7f5ee; }")
        lt = QGridLayout(self.last_trick)
        lt.setContentsMargins(8, 6, 8, 6)
        lt.setHorizontalSpacing(10)
        lt.setVerticalSpacing(2)
        self.last_names: list[QLabel] = []
        self.last_cards: list[MiniCards] = []
        for i in range(4):
            name = _label("", "small")
            name.setStyleSheet("color: #1b1b1b; font-weight: bold;")
            cards = MiniCards(52, 18)
            self.last_names.append(name)
            self.last_cards.append(cards)
            lt.addWidget(name, (i // 2) * 2, i % 2)
            lt.addWidget(cards, (i // 2) * 2 + 1, i % 2)
        lt.setRowStretch(4, 1)

        self.tabs = QTabWidget()
        self.score_view = QTableView()
        self.score_view.setModel(score)
        self.score_view.verticalHeader().hide()
        self.score_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.score_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.score_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.log_view = QListView()
        self.log_view.setModel(log)
        self.log_view.setWordWrap(True)
        self.log_view.setUniformItemSizes(False)
        # Connected to the view's own slot, so that the connection ends with the view (a
        # language switch replaces the panel; a lambda would outlive it and call a dead view).
        log.rowsInserted.connect(self.log_view.scrollToBottom)
        self.options_label = _label("", "", wrap=True)
        self.options_label.setStyleSheet("color: #1b1b1b; padding: 6px;")
        self.options_label.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.tabs.addTab(self.last_trick, tr("Last trick"))
        self.tabs.addTab(self.score_view, tr("Score sheet"))
        self.tabs.addTab(self.log_view, tr("Log"))
        self.tabs.addTab(self.options_label, tr("Rules"))
        self.tabs.setMinimumHeight(150)
        tabs_box = QWidget()
        tl = QVBoxLayout(tabs_box)
        tl.setContentsMargins(8, 0, 8, 8)
        tl.addWidget(self.tabs)
        outer.addWidget(tabs_box, 2)
        self.clear()

    def _show_details(self, on: bool) -> None:
        """Everything below the title, hidden while no game is on."""
        layout = self.info_layout
        for i in range(2, layout.count()):
            item = layout.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setVisible(on)
        self.tabs.setVisible(on)

    def clear(self) -> None:
        self._show_details(False)
        self.game_label.setText(tr("No game"))
        self.hand_label.setText(tr("Start a new game from the Game menu."))
        self.trump_symbol.setText("—")
        self.level_card.set_cards([])
        self.trump_label.setText("")
        self.decl_label.setText("")
        self.teams_label.setText("")
        self.points_label.setText("")
        self.point_cards.set_cards([])
        self.turn_label.setText("")
        self.kitty_label.setText("")
        self.kitty_cards.set_cards([])
        for name, cards in zip(self.last_names, self.last_cards, strict=True):
            name.setText("")
            cards.set_cards([])

    def update_view(self, view: dict[str, Any], acting: str = "") -> None:
        if not self.tabs.isVisibleTo(self):
            self._show_details(True)
        game = view["game"]
        match = view.get("match", {})
        viewer = Seat[view["seat"]] if view.get("seat") else Seat.S
        self.viewer = viewer
        self.game_label.setText(game_name(game))
        self.hand_label.setText(
            tr("Hand {n} · {phase}").format(n=view["hand_number"], phase=phase_name(view["phase"]))
        )
        rows = options_summary(Game(game), match.get("options", {}))
        self.options_label.setText("\n".join(f"{k}: {v}" for k, v in rows))
        # trump and level card
        suit = view.get("trump_suit")
        level = view.get("level")
        if level is None and game != "sd":
            level = int(display_trump(view).level)
        if suit:
            colour = "#ef4444" if suit in ("H", "D") else "#f3f4f6"
            self.trump_symbol.setText(SUIT_SYMBOLS[suit])
            self.trump_symbol.setStyleSheet(f"font-size: 34px; font-weight: bold; color: {colour};")
        else:
            self.trump_symbol.setText("?")
            self.trump_symbol.setStyleSheet("font-size: 30px; font-weight: bold; color: #9ca3af;")
        if suit and level and game != "sd":
            s = {"S": Suit.SPADES, "H": Suit.HEARTS, "C": Suit.CLUBS, "D": Suit.DIAMONDS}[suit]
            self.level_card.set_cards([int(Card.of(s, Rank(int(level))))])
        else:
            self.level_card.set_cards([])
        if game == "sd":
            bid = view.get("bid")
            self.trump_label.setText(
                tr("Trump: {suit}").format(suit=suit_name(suit))
                + ("\n" + tr("Bid: {bid} points").format(bid=bid) if bid else "")
            )
        else:
            self.trump_label.setText(
                tr("Trump: {suit}").format(suit=suit_name(suit))
                + "\n"
                + tr("Level: {level}").format(level=level_text(level) if level else "—")
            )
        self.decl_label.setText(self._declaration_text(view))
        # teams / coins and dealer
        dealer = view.get("dealer")
        self.teams_label.setText(self._teams_html(view, dealer))
        # points captured by the side against the dealer
        won, cards = self._captured(view)
        total = Game(game).total_points
        if dealer:
            self.points_label.setText(
                tr("{side}: {points} of {total}").format(
                    side=self._catchers_name(view), points=won, total=total
                )
            )
        else:
            self.points_label.setText(tr("No dealer yet"))
        self.point_cards.set_cards([int(c) for c in cards])
        # turn and tricks
        turn = view.get("turn") or acting
        counts = view.get("hand_counts", {})
        left = counts.get(viewer.name, 0)
        turn_text = tr("Turn: {who}").format(who=seat_name(turn, viewer)) if turn else ""
        tricks = tr("Tricks played: {n} · your cards: {left}").format(
            n=view.get("tricks_played", 0), left=left
        )
        self.turn_label.setText("\n".join(t for t in (turn_text, tricks) if t))
        # kitty
        size = view.get("kitty_size", 0)
        if view["phase"] == "deal":
            self.kitty_label.setText(tr("The last cards of the pack"))
            self.kitty_cards.set_cards([])
        elif view.get("kitty"):
            self.kitty_label.setText(tr("{n} cards, visible to you").format(n=size))
            self.kitty_cards.set_cards([int(c) for c in parse_cards(view["kitty"])])
        elif self.taken_kitty and view["phase"] == "kitty":
            self.kitty_label.setText(tr("The cards you took from the kitty"))
            self.kitty_cards.set_cards([int(c) for c in parse_cards(self.taken_kitty)])
        elif self.seen_kitty and view["game"] == "sd":
            self.kitty_label.setText(tr("The original kitty you were shown"))
            self.kitty_cards.set_cards([int(c) for c in parse_cards(self.seen_kitty)])
        else:
            self.kitty_label.setText(
                tr("{n} cards, face down").format(n=size) if size else tr("With the dealer")
            )
            self.kitty_cards.set_cards([])
        # the last trick
        last = view.get("last_trick") or []
        for i in range(4):
            if i < len(last):
                seat, played = last[i]
                self.last_names[i].setText(seat_name(seat, viewer))
                self.last_cards[i].set_cards([int(c) for c in parse_cards(played)])
            else:
                self.last_names[i].setText("")
                self.last_cards[i].set_cards([])

    def _declaration_text(self, view: dict[str, Any]) -> str:
        viewer = self.viewer
        decl = view.get("declaration")
        if view["game"] == "sd":
            bids = view.get("bids") or []
            if not bids:
                return ""
            parts = [
                f"{seat_name(s, viewer)} {v if v is not None else tr('pass')}" for s, v in bids
            ]
            return tr("Bids: {bids}").format(bids=", ".join(parts))
        if view.get("big_joker_shown_by"):
            return tr("Big joker shown by {who}").format(
                who=seat_name(view["big_joker_shown_by"], viewer)
            )
        if not decl:
            return tr("No declaration yet")
        cards = decl.get("cards")
        if cards:
            what = cards_text(cards)
        else:  # TR shows the kind (亮主, 正主, 封主) and the suit
            what = f"{decl.get('kind', '')} {SUIT_SYMBOLS.get(decl.get('suit') or '', '')}"
        return tr("Declared by {who}: {what}").format(
            who=seat_name(decl["seat"], viewer), what=what
        )

    def _teams_html(self, view: dict[str, Any], dealer: str | None) -> str:
        viewer = self.viewer
        game = view["game"]
        match = view.get("match", {})
        lines = []
        if game in ("dl", "tr"):
            levels = match.get("levels") or view.get("levels") or {}
            ours = "NS" if viewer % 2 == 0 else "EW"
            for team in (ours, "EW" if ours == "NS" else "NS"):
                mark = ""
                if dealer and Seat[dealer].team.value == team:
                    mark = " <span style='color:#d4a017'>(" + tr("dealer side") + ")</span>"
                level = levels.get(team, "—")
                lines.append(
                    f"<b>{team_name(team, viewer)}</b>: "
                    + tr("level {level}").format(level=level_text(level))
                    + mark
                )
            if game == "dl" and match.get("blood"):
                lines.append(tr("Blood owed: {n}").format(n=match["blood"]))
        coins = match.get("coins")
        if coins is not None:
            cells = []
            for i in range(4):
                seat = Seat((viewer + i) % 4)
                cells.append(
                    f"<td>{seat_name(seat, viewer)}</td>"
                    f"<td align='right'><b>{int(coins.get(seat.name, 0)):+d}</b></td>"
                )
            table = "<tr>" + cells[0] + "<td>&nbsp;&nbsp;</td>" + cells[1] + "</tr>"
            table += "<tr>" + cells[2] + "<td></td>" + cells[3] + "</tr>"
            lines.append(f"{tr('Coins')}:<table cellspacing='0' cellpadding='1'>{table}</table>")
        lines.append(
            tr("Dealer: {who}").format(who=seat_name(dealer, viewer) if dealer else tr("not yet"))
        )
        return "<br>".join(lines)

    def _catchers(self, view: dict[str, Any]) -> set[str]:
        dealer = view.get("dealer")
        if not dealer:
            return set()
        d = Seat[dealer]
        if view["game"] == "sd":
            return {s.name for s in Seat if s != d}
        return {s.name for s in Seat if s.team != d.team}

    def _catchers_name(self, view: dict[str, Any]) -> str:
        if view["game"] == "sd":
            return tr("Defenders")
        return tr("Catchers") if view["game"] == "dl" else tr("Defenders")

    def _captured(self, view: dict[str, Any]) -> tuple[int, list[Card]]:
        catchers = self._catchers(view)
        won = sum(p for s, p in (view.get("won_points") or {}).items() if s in catchers)
        cards: list[Card] = []
        for trick in view.get("tricks") or []:
            if trick["winner"] in catchers:
                for _, played in trick["plays"]:
                    cards.extend(c for c in parse_cards(played) if card_points([c]))
        cards.sort(key=lambda c: (c.rank, c.suit if c.suit is not None else 9))
        return won, cards


# ---------------------------------------------------------------------- action bar


@dataclass
class Choice:
    key: str
    text: str
    tooltip: str
    callback: Callable[[], None]
    primary: bool = False
    enabled: bool = True


class ActionBar(QWidget):
    """The prompt and the buttons of the moment, floating above the hand."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionbar")
        self.setStyleSheet(BAR_QSS)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(4)
        top = QHBoxLayout()
        top.setSpacing(8)
        self.prompt = QLabel("")
        self.prompt.setObjectName("prompt")
        self.prompt.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.notice = QLabel("")
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(False)  # one line: the bar keeps room for exactly one
        self.notice.hide()
        top.addStretch(1)
        top.addWidget(self.prompt)
        top.addStretch(1)
        outer.addLayout(top)
        self.row = QHBoxLayout()
        self.row.setSpacing(8)
        outer.addLayout(self.row)
        outer.addWidget(self.notice, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        self.buttons: dict[str, QPushButton] = {}
        self._signature: tuple[Any, ...] = ()

    def nominal_height(self) -> int:
        """Prompt, buttons and one line of notice: the room the bar keeps above the hand."""
        prompt = max(self.prompt.sizeHint().height(), 30)
        buttons = max((b.sizeHint().height() for b in self.buttons.values()), default=36)
        layout = self.layout()
        spacing = layout.spacing() if layout is not None else 4
        return prompt + max(buttons, 36) + 30 + 2 * spacing

    def set_prompt(self, text: str) -> None:
        self.prompt.setText(text)
        self.prompt.setVisible(bool(text))

    def set_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def set_choices(self, choices: list[Choice]) -> None:
        signature = tuple((c.key, c.text, c.primary) for c in choices)
        if signature != self._signature:
            self._signature = signature
            while self.row.count():
                item = self.row.takeAt(0)
                w = item.widget() if item is not None else None
                if w is not None:
                    w.deleteLater()
            self.buttons = {}
            self.row.addStretch(1)
            for c in choices:
                button = QPushButton(c.text)
                button.setObjectName(c.key)
                button.setProperty("primary", "true" if c.primary else "false")
                button.setCursor(Qt.CursorShape.PointingHandCursor)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                self.row.addWidget(button)
                button.show()  # counted in the size hint at once, not after the next event
                self.buttons[c.key] = button
            self.row.addStretch(1)
        for c in choices:
            button = self.buttons[c.key]
            button.setToolTip(c.tooltip)
            button.setEnabled(c.enabled)
            if button.property("connected"):
                button.clicked.disconnect()
            button.clicked.connect(c.callback)
            button.setProperty("connected", True)
            button.setProperty("hinted", "false")
            button.style().unpolish(button)
            button.style().polish(button)

    def hint_button(self, key: str) -> None:
        for k, button in self.buttons.items():
            button.setProperty("hinted", "true" if k == key else "false")
            button.style().unpolish(button)
            button.style().polish(button)


# ---------------------------------------------------------------------- overlays


class Overlay(QFrame):
    """A framed card in the middle of the table: title, key/value lines, buttons."""

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("overlay")
        self.setStyleSheet(OVERLAY_QSS)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(28, 20, 28, 20)
        self.layout_.setSpacing(10)
        self.title = QLabel("")
        self.title.setObjectName("overlayTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.layout_.addWidget(self.title)
        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(18)
        self.grid.setVerticalSpacing(5)
        self.layout_.addWidget(self.body)
        self.extra = MiniCards(56, 22)
        self.layout_.addWidget(self.extra, 0, Qt.AlignmentFlag.AlignHCenter)
        self.button_row = QHBoxLayout()
        self.layout_.addLayout(self.button_row)
        self.buttons: dict[str, QPushButton] = {}
        self.centre_at = 0.4  # the overlay's middle, as a fraction of the table's height
        self.hide()

    def show_content(
        self,
        title: str,
        lines: list[tuple[str, str]],
        buttons: list[tuple[str, str, Callable[[], None], bool]],
        cards: list[int] | None = None,
    ) -> None:
        self.title.setText(title)
        self.title.setVisible(bool(title))
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        for row, (key, value) in enumerate(lines):
            k = QLabel(key)
            k.setProperty("role", "key")
            v = QLabel(value)
            v.setProperty("role", "value")
            v.setWordWrap(True)
            self.grid.addWidget(k, row, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            self.grid.addWidget(v, row, 1)
            # Shown now, not when the layout gets round to it: adjustSize below leaves hidden
            # widgets out, and an overlay already on screen would shrink to its margins.
            k.show()
            v.show()
        self.extra.set_cards(cards or [])
        self.extra.setVisible(bool(cards))
        while self.button_row.count():
            item = self.button_row.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        self.buttons = {}
        self.button_row.addStretch(1)
        for key, text, callback, secondary in buttons:
            b = QPushButton(text)
            b.setObjectName(key)
            b.setProperty("secondary", "true" if secondary else "false")
            b.setCursor(Qt.CursorShape.PointingHandCursor)
            b.clicked.connect(callback)
            self.button_row.addWidget(b)
            b.show()
            self.buttons[key] = b
        self.button_row.addStretch(1)
        self.adjustSize()
        self.show()
        self.raise_()
        self.recentre()

    def recentre(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        self.adjustSize()
        x = (parent.width() - self.width()) // 2
        y = int(parent.height() * self.centre_at - self.height() / 2)
        self.move(max(0, x), max(0, y))


def settlement_lines(view: dict[str, Any], viewer: Seat) -> list[tuple[str, str]]:
    """What the settlement summary says, game by game."""
    game = view["game"]
    r = view.get("result") or {}
    lines: list[tuple[str, str]] = []
    dealer = view.get("dealer")
    if dealer:
        lines.append((tr("Dealer"), seat_name(dealer, viewer)))
    if r.get("redeal"):
        lines.append((tr("Result"), tr("Six jokers in the kitty: the same dealer deals again")))
        return lines
    lines.append((tr("Result"), outcome_text(game, r, viewer)))
    if game == "dl":
        dug = tr("yes, kitty points doubled") if r.get("dug") else tr("no")
        lines += [
            (tr("Catchers' points"), str(r.get("score"))),
            (tr("Kitty points"), str(r.get("kitty_points"))),
            (tr("Kitty dug"), dug),
            (tr("Jokers buried"), str(r.get("jokers", 0))),
        ]
        levels = r.get("levels", {})
        ours = "NS" if viewer % 2 == 0 else "EW"
        theirs = "EW" if ours == "NS" else "NS"
        lines.append(
            (
                tr("Levels"),
                f"{team_name(ours, viewer)} {levels.get(ours)} · "
                f"{team_name(theirs, viewer)} {levels.get(theirs)}",
            )
        )
        if r.get("blood"):
            lines.append(
                (
                    tr("Blood next hand"),
                    tr("{n}, paid by {who}").format(
                        n=r["blood"], who=seat_name(r["payer"], viewer) if r.get("payer") else "—"
                    ),
                )
            )
    elif game == "tr":
        lines += [
            (tr("Defenders' points"), str(r.get("defender_points"))),
            (tr("Kitty points"), str(r.get("kitty_points"))),
            (tr("Last trick"), seat_name(r["last_trick"], viewer) if r.get("last_trick") else "—"),
        ]
        levels = r.get("levels", {})
        ours = "NS" if viewer % 2 == 0 else "EW"
        theirs = "EW" if ours == "NS" else "NS"
        lines.append(
            (
                tr("Levels"),
                f"{team_name(ours, viewer)} {levels.get(ours)} · "
                f"{team_name(theirs, viewer)} {levels.get(theirs)}",
            )
        )
    else:
        if r.get("bid"):
            lines += [
                (tr("Bid"), str(r.get("bid"))),
                (tr("Defenders' points"), str(r.get("defender_points"))),
                (tr("Stake"), str(r.get("stake"))),
            ]
        if r.get("draw_loser"):
            lines.append((tr("Loses the draw"), seat_name(r["draw_loser"], viewer)))
    coins = r.get("coins")
    if coins:
        parts = []
        for i in range(4):
            seat = Seat((viewer + i) % 4)
            parts.append(f"{seat_name(seat, viewer)}\u00a0{int(coins.get(seat.name, 0)):+d}")
        # two seats a line: a wrap made by the label could split a seat's name from its coins
        lines.append((tr("Coins"), "\n".join(LIST_SEP.join(parts[i : i + 2]) for i in (0, 2))))
    winner = view.get("match", {}).get("winner") or r.get("match_winner")
    nxt = r.get("next_dealer")
    if nxt and not winner:  # no next hand after the match's last one
        lines.append((tr("Next dealer"), seat_name(nxt, viewer)))
    if winner:
        lines.append((tr("Match winner"), winner_text(winner, viewer)))
    return lines


def trump_colour(suit: str | None) -> QColor:
    return QColor("#ef4444") if suit in ("H", "D") else QColor("#f3f4f6")
