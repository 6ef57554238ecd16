"""The side panel: the game, trump and level, the match so far, points captured, whose turn,
the kitty as far as the viewer may see it, the last trick; below, the score sheet, the log
and the rule options. Each game's words come from its formatter (``panels.formats``)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QLabel,
    QListView,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.rules.cards import Card, Seat, Suit
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.ranking import Trump

from ..cards import panel_suit_colour
from ..i18n import colon, installed_language, say, speaking, stacked, tr
from ..texts import game_name, phase_name, seat_name
from .base import GameText, around, shown_trump, signed
from .formats import game_text
from .minicards import MiniCards
from .rulesets import options_summary
from .scrollbar import dark_scrollbar
from .tabs import FitTable, Tabs, wrapping_list

if TYPE_CHECKING:  # the engine (and msgspec) load when a game starts (issue 21)
    from shengji_desktop.engine.view import SeatView

    from .models import LogModel, ScoreSheetModel

PANEL_QSS = """
QFrame#panel, QWidget#info, QScrollArea, QScrollArea > QWidget > QWidget { background: #14231a; }
QFrame#panel QLabel { color: #e8efe9; }
QLabel[role="heading"] { color: #d4a017; font-weight: bold; font-size: 12px;
    letter-spacing: 1px; padding-top: 2px; }
QLabel[role="big"] { font-size: 16px; font-weight: bold; color: #ffe9a8; }
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


TABS_MIN_H = 130  # the tabs keep at least this much of the panel's height


def _names_width(label: QLabel) -> int:
    """The width of the longest seat name in Chinese or in English, in ``label``'s font."""
    label.ensurePolished()
    metrics = label.fontMetrics()
    names = []
    for mode in ("zh", "en"):
        with speaking(mode):
            names += [seat_name(seat, Seat.S, seated) for seat in Seat for seated in (True, False)]
    return max(metrics.horizontalAdvance(n) for n in names) + 4


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

    # The widgets below the title (the details and the tabs), made when first shown: the
    # start screen shows only the title (issue 21). Asking for one of them makes them.
    DETAILS = frozenset(
        "trump_symbol level_card trump_label decl_label teams_label coins_label points_label"
        " point_cards"
        " turn_label kitty_heading kitty_label kitty_cards last_trick last_names last_cards"
        " tabs score_view log_view options_label".split()
    )

    def __init__(
        self, score: ScoreSheetModel, log: LogModel, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_QSS)
        self._models = (score, log)
        self._built = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        # The information scrolls when the window is short; the tabs keep the rest.
        info = QWidget()
        info.setObjectName("info")
        layout = QVBoxLayout(info)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(2)
        scroll = QScrollArea()
        scroll.setWidget(info)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        dark_scrollbar(scroll)
        self.info_scroll = scroll
        self.info_layout = layout
        outer.addWidget(scroll, 0)  # as tall as its contents (fit_info); the tabs the rest

        self.game_label = _label("", "big", wrap=True)
        self.hand_label = _label("", "small", wrap=True)  # "No game"'s hint is a sentence
        layout.addWidget(self.game_label)
        layout.addWidget(self.hand_label)
        layout.addStretch(1)  # the details go above it (_build_details)
        self.tabs_box = QWidget()
        self.tabs_layout = QVBoxLayout(self.tabs_box)
        self.tabs_layout.setContentsMargins(8, 0, 8, 8)
        outer.addWidget(self.tabs_box, 1)
        self._view: SeatView | None = None
        self.seated = True  # the reader plays the view's seat (no: 旁观, ``texts.seat_name``)
        self._tricks: tuple[int, int] | None = None  # tricks played, the viewer's cards left
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.timeout.connect(self._fit_info)
        self.clear()

    def __getattr__(self, name: str) -> object:
        # only for what normal lookup did not find: a detail not made yet
        if name in InfoPanel.DETAILS and not self.__dict__.get("_built", True):
            self._build_details()
            return getattr(self, name)
        raise AttributeError(name)

    def _build_details(self) -> None:
        """The details under the title and the tabs, hidden (``_show_details`` shows them)."""
        if self._built:
            return
        self._built = True
        with installed_language():  # its words as if made with the panel
            self._make_details()

    def _make_details(self) -> None:
        score, log = self._models
        layout = self.info_layout
        details: list[QWidget] = []
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
        details.append(box)

        self.teams_label = _label("", "", wrap=True)
        self.teams_label.setTextFormat(Qt.TextFormat.RichText)
        details.append(self.teams_label)
        # The coins' table on its own: in both languages a label with a table is shown as
        # made in both (its words are labels), the others are said in Chinese, then English.
        self.coins_label = _label("", "", wrap=True)
        self.coins_label.setTextFormat(Qt.TextFormat.RichText)
        details.append(self.coins_label)

        details.append(_label(tr("Points captured"), "heading"))
        self.points_label = _label("", "", wrap=True)
        details.append(self.points_label)
        self.point_cards = MiniCards(36, 12, hide_when_empty=True)
        details.append(self.point_cards)

        self.turn_label = _label("", "", wrap=True)
        details.append(self.turn_label)

        self.kitty_heading = _label(tr("Kitty"), "heading")
        details.append(self.kitty_heading)
        self.kitty_label = _label("", "small", wrap=True)
        details.append(self.kitty_label)
        self.kitty_cards = MiniCards(36, 16, hide_when_empty=True)
        details.append(self.kitty_cards)
        for i, widget in enumerate(details):
            widget.hide()  # until _show_details
            layout.insertWidget(2 + i, widget)

        # The last trick, on its own tab: who played what, in order.
        self.last_trick = QWidget()
        self.last_trick.setObjectName("lasttrick")
        self.last_trick.setStyleSheet("QWidget#lasttrick { background: #f7f5ee; }")
        # Two plays a row, each seat's name left of its cards: the cards keep the height of
        # the row, which at the default window size is all the tab has for two rows of cards
        # (names above them left cards too small to read, or cut off). The names' column is
        # as wide as the longest name in one language: in both, each name on two lines.
        lt = QGridLayout(self.last_trick)
        lt.setContentsMargins(8, 4, 8, 2)
        lt.setHorizontalSpacing(6)
        lt.setVerticalSpacing(2)
        self.last_names: list[QLabel] = []
        self.last_cards: list[MiniCards] = []
        for i in range(4):
            name = _label("", "small")
            name.setStyleSheet("color: #1b1b1b; font-weight: bold;")
            name.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            name.setFixedWidth(_names_width(name))
            cards = MiniCards(40, 13, shrink=True)
            self.last_names.append(name)
            self.last_cards.append(cards)
            lt.addWidget(name, i // 2, (i % 2) * 2)
            lt.addWidget(cards, i // 2, (i % 2) * 2 + 1)
        lt.setColumnStretch(1, 1)
        lt.setColumnStretch(3, 1)
        lt.setRowStretch(2, 1)

        self.tabs = Tabs()
        self.tabs.hide()  # until _show_details
        self.score_view = FitTable()
        self.score_view.setModel(score)
        self.score_view.verticalHeader().hide()
        self.score_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.score_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.log_view = QListView()
        self.log_view.setModel(log)
        wrapping_list(self.log_view)
        # Connected to the view's own slot, so that the connection ends with the view (a
        # language switch replaces the panel; a lambda would outlive it and call a dead view).
        log.rowsInserted.connect(self.log_view.scrollToBottom)
        self.options_label = _label("", "", wrap=True)
        self.options_label.setStyleSheet("color: #1b1b1b; padding: 6px;")
        self.options_label.setAlignment(Qt.AlignmentFlag.AlignTop)
        # in a scroll area of its own: a long list of rules must not make the tabs grow
        rules = QScrollArea()
        rules.setObjectName("rules")
        rules.setWidget(self.options_label)
        rules.setWidgetResizable(True)
        rules.setFrameShape(QFrame.Shape.NoFrame)
        rules.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        rules.setStyleSheet(
            "QScrollArea#rules, QScrollArea#rules > QWidget > QWidget " "{ background: #f7f5ee; }"
        )
        self.tabs.addTab(self.last_trick, tr("Last trick"))
        self.tabs.addTab(self.score_view, tr("Score sheet"))
        self.tabs.addTab(self.log_view, tr("Log"))
        self.tabs.addTab(rules, tr("Rules"))
        self.tabs.setMinimumHeight(TABS_MIN_H)
        self.tabs_layout.addWidget(self.tabs)
        self._clear_details()

    def _show_details(self, on: bool) -> None:
        """Everything below the title, hidden while no game is on."""
        if on:
            self._build_details()
        if self._built:
            layout = self.info_layout
            for i in range(2, layout.count()):
                item = layout.itemAt(i)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.setVisible(on)
            self.tabs.setVisible(on)
        if not on:
            self._view = None

    def clear(self, game: Game | None = None) -> None:
        """Nothing of a match: no game at all, or ``game``'s table before its first view (a
        LAN lobby, a game being read)."""
        self._show_details(False)
        if game is None:
            self.game_label.setText(tr("No game"))
            self.hand_label.setText(tr("Start a new game from the Game menu."))
        else:
            self.game_label.setText(game_name(game))
            self.hand_label.setText("")
        if self._built:
            self._clear_details()

    def _clear_details(self) -> None:
        self.trump_symbol.setText("—")
        self.level_card.set_cards([])
        self.trump_label.setText("")
        self.decl_label.setText("")
        self.teams_label.setText("")
        self.coins_label.setText("")
        self.points_label.setText("")
        self.point_cards.set_cards([])
        self.turn_label.setText("")
        self.kitty_label.setText("")
        self.kitty_cards.set_cards([])
        for name, cards in zip(self.last_names, self.last_cards, strict=True):
            name.setText("")
            cards.set_cards([])

    def update_view(self, view: SeatView, acting: Seat | None = None, seated: bool = True) -> None:
        """Show ``view``; ``acting``: whose decision the table waits for when the view does
        not name the turn; ``seated``: whether the reader plays the view's seat (no: a LAN
        watcher behind it, a table of computers: "Bottom", not "You")."""
        self.seated = seated
        if not self.tabs.isVisibleTo(self):
            self._show_details(True)
        self._view = view
        text = game_text(view.game)
        viewer = view.seat
        self.game_label.setText(game_name(view.game))
        self.hand_label.setText(
            tr("Hand {n} · {phase}").format(n=view.hand_number, phase=phase_name(view.phase))
        )
        rows = options_summary(view.game, view.options)
        self.options_label.setText("\n".join(f"{k}{colon()}{v}" for k, v in rows))
        self.show_trump(view, text)
        self.decl_label.setText(text.declaration_text(view, self.seated))
        self.teams_label.setText(self.teams_html(view, text))
        coins = self.coins_html(view)
        self.coins_label.setText(coins)
        self.coins_label.setVisible(bool(coins))
        # points captured by the side against the dealer
        if view.dealer is not None:
            self.points_label.setText(
                tr("{side}: {points} of {total}").format(
                    side=text.catchers_name(),
                    points=sum(view.won_points[s] for s in view.catchers),
                    total=view.game.total_points,
                )
            )
        else:
            self.points_label.setText(tr("No dealer yet"))
        self.point_cards.set_cards(captured_points(view))
        # turn and tricks
        self._tricks = (len(view.tricks), view.counts[viewer])
        self.show_turn(view.turn if view.turn is not None else acting, viewer)
        self.show_kitty(view)
        self.fit_info()
        # the last trick
        last = view.tricks[-1].plays if view.tricks else ()
        for i in range(4):
            if i < len(last):
                seat, played = last[i]
                self.last_names[i].setText(stacked(partial(seat_name, seat, viewer, self.seated)))
                self.last_cards[i].set_cards(played)
            else:
                self.last_names[i].setText("")
                self.last_cards[i].set_cards([])

    def trump_fixed(self, suit: Suit | None) -> None:
        """The trump was fixed (an event the table shows now, before the view after it
        comes): the trump box says so at once, while the banner says it."""
        import msgspec

        view = self._view
        if view is None:
            return
        trump = Trump(view.game, view.level, suit, view.options)
        self.show_trump(msgspec.structs.replace(view, trump=trump), game_text(view.game))
        self.fit_info()

    def show_turn(self, turn: Seat | None, viewer: Seat) -> None:
        """Whose turn it is (the window's one source, ``Choices.turn``) over the tricks."""
        if self._view is None:
            return
        tricks = self._tricks

        def words() -> str:  # made now, in the language(s) spoken now (not kept from a pass)
            who = seat_name(turn, viewer, self.seated) if turn is not None else ""
            text = tr("Turn: {who}").format(who=who) if turn is not None else ""
            played = ""
            if tricks is not None and self.seated:
                played = tr("Tricks played: {n} · your cards: {left}").format(
                    n=tricks[0], left=tricks[1]
                )
            elif tricks is not None:  # a watcher's: the bottom seat's cards
                played = tr("Tricks played: {n} · {who}'s cards: {left}").format(
                    n=tricks[0], who=seat_name(viewer, viewer, False), left=tricks[1]
                )
            return "\n".join(t for t in (text, played) if t)

        self.turn_label.setText(say(words))

    def fit_info(self) -> None:
        """Refit the information's height once the labels' new texts are laid out (after
        the events queued now)."""
        if not self._fit_timer.isActive():
            self._fit_timer.start(0)

    def _fit_info(self) -> None:
        """The information above the tabs takes the height of its contents (no scroll bar
        hiding its last rows), as far as the tabs leave room."""
        layout = self.info_layout
        layout.invalidate()  # the labels' texts changed: no cached heights
        layout.activate()
        width = self.width()  # the scroll area's, without a scroll bar (the panel may be
        # resizing: its children have their old widths yet)
        needed = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else 0
        needed = max(needed, layout.totalSizeHint().height())
        room = max(60, self.height() - TABS_MIN_H - 10)
        fits = needed <= room
        self.info_scroll.setMinimumHeight(min(needed, room))
        self.info_scroll.setMaximumHeight(needed if fits else 16777215)
        # a scroll bar only when it must be (once shown it narrows the contents, which then
        # wrap taller and keep it)
        self.info_scroll.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fits else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().resizeEvent(event)
        self.fit_info()

    def show_trump(self, view: SeatView, text: GameText) -> None:
        """The trump suit's symbol, the level card and the words beside them: the trump once
        fixed, before that the standing declaration's suit."""
        suit, _ = shown_trump(view)
        if suit is not None:
            colour = panel_suit_colour(suit)  # four colours too, when chosen
            self.trump_symbol.setText(suit.symbol)
            self.trump_symbol.setStyleSheet(f"font-size: 34px; font-weight: bold; color: {colour};")
        else:
            self.trump_symbol.setText("?")
            self.trump_symbol.setStyleSheet("font-size: 30px; font-weight: bold; color: #9ca3af;")
        if suit is not None and text.shows_level_card():
            self.level_card.set_cards([Card.of(suit, view.level)])
        else:
            self.level_card.set_cards([])
        self.trump_label.setText(text.trump_text(view))

    def show_kitty(self, view: SeatView) -> None:
        """The kitty as far as the viewer may see it: the pack's last cards during the deal,
        the kitty itself when visible, the cards the dealer picked up while burying, the
        original kitty an SD defender was shown (SD-KITTY-2), or only how many cards."""
        from shengji_desktop.engine.phase import Phase

        size = view.kitty_size
        if view.phase is Phase.DEAL:
            self.kitty_label.setText(tr("The last cards of the pack"))
            self.kitty_cards.set_cards([])
        elif view.kitty:
            self.kitty_label.setText(tr("{n} cards, visible to you").format(n=size))
            self.kitty_cards.set_cards(view.kitty)
        elif view.kitty_taken and view.phase is Phase.KITTY:
            self.kitty_label.setText(tr("The cards you took from the kitty"))
            self.kitty_cards.set_cards(view.kitty_taken)
        elif view.kitty_seen:
            self.kitty_label.setText(tr("The original kitty you were shown"))
            self.kitty_cards.set_cards(view.kitty_seen)
        else:
            self.kitty_label.setText(
                tr("{n} cards, face down").format(n=size) if size else tr("With the dealer")
            )
            self.kitty_cards.set_cards([])

    def teams_html(self, view: SeatView, text: GameText) -> str:
        """Levels (DL, TR), blood (DL) and the dealer."""
        viewer = view.seat
        lines = text.standing_lines(view, self.seated)
        dealer = (
            seat_name(view.dealer, viewer, self.seated)
            if view.dealer is not None
            else tr("not yet")
        )
        lines.append(tr("Dealer: {who}").format(who=dealer))
        return "<br>".join(lines)

    def coins_html(self, view: SeatView) -> str:
        """The coins so far (TR, SD), seat by seat; empty in DL."""
        if view.coins is None:
            return ""
        cells = [
            f"<td>{seat_name(seat, view.seat, self.seated)}</td>"
            f"<td align='right'><b>{signed(view.coins, seat)}</b></td>"
            for seat in around(view.seat)
        ]
        table = "<tr>" + cells[0] + "<td>&nbsp;&nbsp;</td>" + cells[1] + "</tr>"
        table += "<tr>" + cells[2] + "<td></td>" + cells[3] + "</tr>"
        return f"{tr('Coins')}{colon()}<table cellspacing='0' cellpadding='1'>{table}</table>"


def captured_points(view: SeatView) -> list[Card]:
    """The point cards of the tricks the catchers (DL) or defenders (TR, SD) have won."""
    catchers = view.catchers
    cards = [
        c
        for trick in view.tricks
        if trick.winner in catchers
        for _, played in trick.plays
        for c in played
        if c.points
    ]
    cards.sort(key=lambda c: (c.rank, c.suit if c.suit is not None else 9))
    return cards
