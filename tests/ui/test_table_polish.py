"""What the table shows (issue 17, items 5–12): the trump box, the settlement's jokers, the
hint and Enter, the declaration's words, the action bar that stays put, the tribute on the
table, one source for whose turn it is. Positions are prepared with the engine (searched over
seeds, never assumed) and played through the window."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_driver import WAIT_MS, Seen
from ui_matches import Played, play_until

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.ui import i18n
from shengji_desktop.ui.session.session import Session
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.table.animator.set_speed("instant")
    yield w
    w.stop_session()


@pytest.fixture
def both(qapp):
    """The default 中文 + English mode (the longest texts), English again afterwards."""
    i18n.install("both")
    yield
    i18n.install("en")


def prepare(game: Game, wanted: Callable[[SeatView], bool], seeds: range) -> Match:
    """A match where South, the human, has a decision outside the deal and ``wanted``."""

    def position(p: Played) -> bool:
        view = p.view
        return (
            view.phase not in (Phase.DEAL, Phase.SETTLED, Phase.OVER)
            and p.match.to_act() == [Seat.S]
            and bool(view.legal)
            and wanted(view)
        )

    return play_until(game, position, Seat.S, seeds).match


def start(window: MainWindow, qtbot, match: Match) -> tuple[Session, Seen]:
    s = window.games.start_match(match, ["human", "random", "random", "random"], [])
    seen = Seen(s)
    qtbot.waitUntil(lambda: s.waiting == "human" and not s.busy, timeout=WAIT_MS)
    return s, seen


def moves(view: SeatView, kind: Act) -> list:
    return [m for m in view.legal if m.kind is kind]


# ---------------------------------------------------------------------- item 8


def test_enter_does_what_the_hint_shows_a_claim(window, qtbot) -> None:
    match = prepare(Game.SD, lambda v: bool(moves(v, Act.CLAIM)), range(1, 300))
    s, seen = start(window, qtbot, match)
    claim = next(m for m in s.human_legal if isinstance(m, Action) and m.kind is Act.CLAIM)
    window.table.show_hint(claim)  # what the hint's answer does
    assert window.table.bar.buttons["claim"].property("hinted") == "true"
    QTest.keyClick(window.table.view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(isinstance(e, ev.Claimed) for e in seen), timeout=WAIT_MS)
    assert [e.seat for e in seen if isinstance(e, ev.Claimed)] == [Seat.S]


def test_the_claim_banner_says_claim_once(window, qtbot, both) -> None:
    match = prepare(Game.SD, lambda v: bool(moves(v, Act.CLAIM)), range(1, 300))
    s, seen = start(window, qtbot, match)
    window.table.animator.set_speed("fast")  # instant play shows no banners
    titles: list[str] = []
    original = window.table.scene.show_banner
    window.table.scene.show_banner = lambda t, d="", ms=1200: (titles.append(t), original(t, d, ms))
    window.table.bar.buttons["claim"].click()
    qtbot.waitUntil(lambda: any(isinstance(e, ev.Claimed) for e in seen), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: bool(titles), timeout=WAIT_MS)
    title = titles[0]
    assert title.count("摊牌") == 1 and title.count("Claim") == 1, title


# ---------------------------------------------------------------------- item 9


@pytest.fixture
def chinese(qapp):
    i18n.install("zh")
    yield
    i18n.install("en")


@pytest.mark.parametrize("mode", ["zh", "both"])
def test_tr_bubble_and_panel_name_an_overcall_alike(qtbot, mode) -> None:
    """TR-DECL-2: a pair of level cards overcalls, 正主; the bubble and the panel agree."""
    from shengji_desktop.ui.cards import CardPixmaps
    from shengji_desktop.ui.panels import InfoPanel
    from shengji_desktop.ui.panels.models import LogModel, ScoreSheetModel
    from shengji_desktop.ui.table.animations import Animator
    from shengji_desktop.ui.table.items import Bubble
    from shengji_desktop.ui.table.scene import TableScene

    def overcalled(p: Played) -> bool:
        d = p.view.declaration
        return d is not None and d.kind == "正主" and p.view.phase is Phase.DEAL

    played = play_until(Game.TR, overcalled, Seat.S, range(1, 200))
    event = next(
        e for e in reversed(played.events) if isinstance(e, ev.Declared) and e.kind == "正主"
    )
    i18n.install(mode)
    try:
        panel = InfoPanel(ScoreSheetModel(), LogModel())
        qtbot.addWidget(panel)
        panel.resize(290, 600)
        panel.update_view(played.view)
        scene = TableScene(CardPixmaps())
        animator = Animator(scene)
        animator.on_declared(event)
        bubbles = [i.text for i in scene.items() if isinstance(i, Bubble)]
        text = panel.decl_label.text()
    finally:
        i18n.install("en")
    assert len(bubbles) == 1
    assert bubbles[0] in text, (bubbles, text)
    if mode == "zh":
        assert bubbles[0] == "正主"
    assert "反主" not in text + bubbles[0]
    # the suit symbol goes with its word: no line break may leave it alone
    symbol = played.view.declaration.suit.symbol
    assert f"\u00a0{symbol}" in text and f" {symbol}" not in text, repr(text)


# ---------------------------------------------------------------------- item 7


def test_dl_settlement_counts_the_buried_jokers_and_names_their_value() -> None:
    """DL-SETTLE-2: J = 2 × big jokers + small jokers; the summary shows the count of each
    and J, each under its own name (not J under a count's label)."""
    from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER
    from shengji_desktop.ui.panels import settlement_lines

    def big_joker_buried(p: Played) -> bool:
        v = p.view
        return (
            v.phase is Phase.SETTLED
            and v.kitty is not None
            and BIG_JOKER in v.kitty
            and not v.result.dry_pot
        )

    view = play_until(Game.DL, big_joker_buried, Seat.S, range(1, 200)).view
    big, small = view.kitty.count(BIG_JOKER), view.kitty.count(SMALL_JOKER)
    assert view.result.jokers == 2 * big + small
    lines = dict(settlement_lines(view))
    assert lines["Jokers buried"] == f"Big jokers: {big} · small jokers: {small}"
    assert lines["Joker value"].startswith(f"{view.result.jokers} ")
    assert "big joker counts 2" in lines["Joker value"]


# ---------------------------------------------------------------------- item 5


def test_the_trump_box_shows_a_standing_declaration_as_such(qtbot) -> None:
    from shengji_desktop.ui.panels import InfoPanel
    from shengji_desktop.ui.panels.models import LogModel, ScoreSheetModel

    def standing(p: Played) -> bool:
        return p.view.phase is Phase.DEAL and p.view.declaration is not None

    view = play_until(Game.TR, standing, Seat.S, range(1, 100)).view
    assert view.trump is None  # declared, not fixed: the hand is sorted by it already
    suit = view.declaration.suit
    assert view.sort_trump.suit is suit
    panel = InfoPanel(ScoreSheetModel(), LogModel())
    qtbot.addWidget(panel)
    panel.update_view(view)
    assert panel.trump_symbol.text() == suit.symbol
    text = panel.trump_label.text()
    assert "none" not in text and suit.symbol in text
    assert "(declared, not yet fixed)" in text


def test_the_trump_box_says_fixed_while_the_trump_banner_shows(window, qtbot) -> None:
    """DL, hand 2: the declaring window closes, the banner names the trump, and the trump
    box says the same at that moment (not "none" until the batch is over)."""
    import random

    from ui_driver import play_until as drive

    def declaring(v: SeatView) -> bool:
        return v.phase is Phase.DECLARE and v.hand_number >= 2 and bool(moves(v, Act.PASS))

    match = prepare(Game.DL, declaring, range(1, 120))
    s, seen = start(window, qtbot, match)
    window.table.animator.set_speed("fast")  # banners need animations
    shown: list[tuple[str, str, str]] = []
    panel = window.table.panel
    original = window.table.scene.show_banner

    def banner(title: str, detail: str = "", ms: int = 1200) -> None:
        if title.startswith("Trump:"):
            shown.append((title, panel.trump_symbol.text(), panel.trump_label.text()))
        original(title, detail, ms)

    window.table.scene.show_banner = banner
    drive(window, qtbot, lambda: bool(shown), random.Random(1))
    title, symbol, text = shown[0]
    fixed = next(e for e in seen if isinstance(e, ev.TrumpFixed))
    assert fixed.suit is not None and symbol == fixed.suit.symbol, (title, symbol, text)
    assert "(fixed)" in text and fixed.suit.symbol in text, text


# ---------------------------------------------------------------------- item 11


def test_the_action_bar_keeps_its_place_when_the_dl_hand_wraps(window, qtbot) -> None:
    """The hand wraps to a second row at 31 cards: the bar above it does not move."""

    def dealt(n: int) -> Callable[[Played], bool]:
        return lambda p: p.view.phase is Phase.DEAL and len(p.view.hand) == n

    few = play_until(Game.DL, dealt(20), Seat.S, range(1, 5)).view
    many = play_until(Game.DL, dealt(39), Seat.S, range(1, 5)).view
    tops = []
    for view in (few, many):
        window.table.scene.sync(view)
        window.table.place_bar()
        tops.append(window.table.bar.y())
    assert window.table.scene.hand_rows() == 2
    assert tops[0] == tops[1], tops


def test_a_button_under_the_pointer_keeps_its_words_for_a_moment(qtbot) -> None:
    import time

    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QEnterEvent
    from PySide6.QtWidgets import QApplication

    from shengji_desktop.ui.panels import ActionBar, Choice
    from shengji_desktop.ui.panels.bar import HOLD_S

    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.show()
    pressed: list[str] = []
    one = Choice("declare_1", "Declare ♥A", "", lambda: pressed.append("one"), primary=True)
    two = Choice("declare_2", "Declare ♥A ♥A", "", lambda: pressed.append("two"), primary=True)
    bar.set_choices([one])
    button = bar.buttons["declare_1"]
    arrived = time.monotonic()
    QApplication.sendEvent(button, QEnterEvent(QPointF(5, 5), QPointF(5, 5), QPointF(5, 5)))
    bar.set_choices([two])  # the deal brought a second ♥A just now
    assert bar.buttons.get("declare_1") is button and button.text() == "Declare ♥A"
    button.click()  # the click aimed at what the button said
    assert pressed == ["one"]
    qtbot.waitUntil(lambda: "declare_2" in bar.buttons, timeout=5000)
    assert time.monotonic() - arrived >= HOLD_S * 0.9
    assert bar.buttons["declare_2"].text() == "Declare ♥A ♥A"
    # away from the pointer a change shows at once
    QApplication.sendEvent(bar.buttons["declare_2"], QEvent(QEvent.Type.Leave))
    bar.set_choices([one])
    assert "declare_1" in bar.buttons


# ---------------------------------------------------------------------- item 10


@pytest.fixture
def window_1280(qtbot, tmp_path, both):
    """A TR hand in play at the default 1280×720 in the default language mode: coins, point
    cards captured and the kitty in the panel, a hand on the score sheet, a log."""
    from shengji_desktop.ui.panels.info import captured_points

    def playing(p: Played) -> bool:
        v = p.view
        return (
            v.phase is Phase.PLAY
            and v.hand_number >= 2
            and v.kitty is not None
            and len(captured_points(v)) > 3
            and p.match.to_act() == [Seat.S]
        )

    played = play_until(Game.TR, playing, Seat.S, range(1, 60))
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    w.table.animator.set_speed("instant")
    s = w.games.start_match(played.match, ["human", "random", "random", "random"], played.events)
    qtbot.waitUntil(lambda: s.waiting == "human" and not s.busy, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: w.table.panel.kitty_cards.isVisible(), timeout=WAIT_MS)
    yield w
    w.stop_session()


def laid_out(qtbot, check: Callable[[], None]) -> None:
    """``check`` (it asserts) once the layouts have run: the events queued now (layout
    requests, the panel's refit on a 0 ms timer) are handled, then ``check`` is asserted until
    it holds, which fails after WAIT_MS (a wait for the condition, never for a time)."""
    from PySide6.QtWidgets import QApplication

    def settled() -> None:
        QApplication.processEvents()
        check()

    qtbot.waitUntil(settled, timeout=WAIT_MS)


def tab_rects(panel) -> tuple[list, object]:
    tabs = panel.tabs
    buttons = getattr(tabs, "tab_buttons", None)
    if buttons is not None:
        return [b.geometry() for b in buttons], tabs.rect()
    bar = tabs.tabBar()  # a QTabWidget
    return [bar.tabRect(i) for i in range(bar.count())], bar.rect()


def test_every_tab_of_the_panel_is_in_sight(window_1280, qtbot) -> None:
    rects, room = tab_rects(window_1280.table.panel)
    assert len(rects) == 4
    for rect in rects:
        assert room.contains(rect), (rect, room)


def test_the_panel_shows_its_kitty_row_without_a_scroll_bar(window_1280, qtbot) -> None:
    panel = window_1280.table.panel
    cards = panel.kitty_cards

    def whole() -> None:
        assert not panel.info_scroll.verticalScrollBar().isVisible()
        shown = cards.visibleRegion().boundingRect()
        assert shown.height() == cards.height() and cards.height() > 20, (shown, cards.size())

    laid_out(qtbot, whole)


def test_the_score_sheet_fits_the_panel_width(window_1280, qtbot) -> None:
    w = window_1280
    view = w.score_view if hasattr(w, "score_view") else w.table.panel.score_view
    assert w.table.score.rowCount() >= 1
    w.table.panel.tabs.setCurrentIndex(1)
    qtbot.waitUntil(view.isVisible, timeout=WAIT_MS)
    header = view.horizontalHeader()

    def fits() -> None:
        total = sum(header.sectionSize(c) for c in range(w.table.score.columnCount()))
        width = view.viewport().width()
        assert total > 0 and view.horizontalScrollBar().maximum() == 0, total
        assert total <= width, (total, width)

    laid_out(qtbot, fits)


def test_the_last_trick_shows_whole_readable_cards(window_1280, qtbot) -> None:
    """At 1280×720 in 中文 + English the tabs get little height: each play of the last trick
    sits beside its seat's name (Chinese above English), its cards drawn whole inside the tab
    and tall enough to read (30 px or more), never under a name (before, the names stood above
    the cards, which were cut off and overlapped by the next row's names)."""
    panel = window_1280.table.panel

    def readable() -> None:
        tab = panel.last_trick.rect()
        names = [n.geometry() for n in panel.last_names]
        for name, row in zip(panel.last_names, panel.last_cards, strict=True):
            box = row.geometry()
            assert row.cards and tab.contains(box), (box, tab)
            assert min(row.card_h, box.height() - 2) >= 30, box
            assert not any(box.intersects(n) for n in names)
            assert "\n" in name.text() and tab.contains(name.geometry())

    laid_out(qtbot, readable)


def test_opening_the_rules_tab_does_not_move_the_tabs(window_1280, qtbot) -> None:
    panel = window_1280.table.panel
    before = panel.tabs.mapTo(panel, panel.tabs.rect().topLeft())
    panel.tabs.setCurrentIndex(3)

    def in_place() -> None:
        page = panel.tabs.currentWidget()  # the rules, shown and laid out
        assert panel.tabs.currentIndex() == 3 and page.isVisible() and not page.size().isEmpty()
        assert panel.tabs.mapTo(panel, panel.tabs.rect().topLeft()) == before

    laid_out(qtbot, in_place)


def test_log_lines_wrap_instead_of_being_cut(window_1280, qtbot) -> None:
    from PySide6.QtGui import QTextLayout, QTextOption

    from shengji_desktop.rules.cards import BIG_JOKER, Card

    w = window_1280
    # a line three lines long at the panel's width
    w.table.log.feed(
        ev.JokersBuried(
            seat=Seat.W, jokers=(BIG_JOKER,) * 3, taken=tuple(Card(i) for i in range(6)), kitty=()
        )
    )
    w.table.panel.tabs.setCurrentIndex(2)
    view = w.table.panel.log_view
    qtbot.waitUntil(view.isVisible, timeout=WAIT_MS)
    model = view.model()
    fm = view.fontMetrics()

    def long_rows() -> list[int]:
        width = view.viewport().width()
        return [
            r
            for r in range(model.rowCount())
            if fm.horizontalAdvance(model.index(r, 0).data()) > width
        ]

    def assert_wraps(r: int) -> None:
        width = view.viewport().width()
        index = model.index(r, 0)
        view.scrollTo(index)
        rect = view.visualRect(index)
        # the whole text, laid out as the view draws it within the item, fits its height
        layout = QTextLayout(index.data(), view.font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        needed = 0.0
        layout.beginLayout()
        while (line := layout.createLine()).isValid():
            line.setLineWidth(rect.width() - 8)
            needed += line.height()
        layout.endLayout()
        # (Qt draws the text a little inside the item: it elides a last line that only
        # just fits, so the item keeps a margin of 2 px above and below its text)
        assert rect.width() <= width and rect.height() >= needed + 4, (r, rect, needed)

    def wrapped() -> None:
        assert model.rowCount() - 1 in long_rows()
        for r in long_rows()[-5:]:
            assert_wraps(r)

    laid_out(qtbot, wrapped)


def test_the_panel_refits_its_height_when_its_words_change(qtbot, chinese) -> None:
    """From the deal to the joker burial the panel's lines change: the last of them (the
    kitty's) stays in sight above the tabs."""
    from shengji_desktop.ui.panels import InfoPanel
    from shengji_desktop.ui.panels.models import LogModel, ScoreSheetModel

    def at(phase: Phase) -> Callable[[Played], bool]:
        return lambda p: p.view.phase is phase and (
            phase is not Phase.DEAL or p.view.cards_dealt > 100
        )

    deal = play_until(Game.DL, at(Phase.DEAL), Seat.S, range(1, 5)).view
    kitty = play_until(Game.DL, at(Phase.KITTY), Seat.S, range(1, 5)).view
    panel = InfoPanel(ScoreSheetModel(), LogModel())
    qtbot.addWidget(panel)
    panel.resize(290, 675)
    panel.show()
    qtbot.waitExposed(panel)
    for view in (deal, kitty):
        panel.update_view(view)

        def in_sight(phase: Phase = view.phase) -> None:
            label = panel.kitty_label
            shown = label.visibleRegion().boundingRect()
            assert label.isVisible() and shown.height() == label.height() > 5, (phase, shown)

        laid_out(qtbot, in_sight)


def test_an_sd_plate_in_both_languages_shows_its_coins_whole(window, qtbot, both) -> None:
    """The dealer's plate (its badge takes room) read "玩家 Human · -18分 / -18 c": in both,
    where "分 / coins" does not fit beside who plays the seat, the coins are said in Chinese
    alone; where it fits, in both."""
    import msgspec

    match = prepare(Game.SD, lambda v: v.phase is Phase.PLAY and v.dealer is Seat.S, range(1, 200))
    window.resize(1600, 900)  # where both fit beside the other seats' names
    start(window, qtbot, match)
    view = window.session.view
    coins = {Seat.S: -18, Seat.E: 6, Seat.N: 6, Seat.W: 6}
    window.table.scene.update_plates(msgspec.structs.replace(view, coins=coins))
    lines = {seat: plate.second_line() for seat, plate in window.table.scene.plates.items()}
    assert lines[Seat.S].endswith("·  -18分") and lines[Seat.S].startswith("玩家")
    assert lines[Seat.E].endswith("·  6分 / 6 coins")
    assert not any("…" in line for line in lines.values())


def test_a_plates_title_too_long_for_its_room_is_cut_with_an_ellipsis(qapp) -> None:
    """Beside the dealer's badge and the cards left, "对家 Across" (both languages, the type of
    a 1024×600 table, under Xvfb) was clipped to "对家 Acros", which reads as a misspelling: a
    title that does not fit ends in "…" within its room; one that fits is drawn whole."""
    from PySide6.QtGui import QFontMetrics

    from shengji_desktop.ui.table.seatplate import SeatPlate, plate_zoom

    long = "对家 Across · 王大锤 Wang Dachui"  # a LAN player's name beside the seat's
    plate = SeatPlate()
    plate.set_state(title=long, subtitle="普通 Normal", count=20, dealer=True)
    plate.zoom = plate_zoom(0.5)  # a small table: larger type in the same width
    room = plate.title_rect().width()
    drawn = plate.title_text()
    assert QFontMetrics(plate.title_font()).horizontalAdvance(drawn) <= room
    assert drawn.endswith("…") and len(drawn) > 3 and long.startswith(drawn[:-1])
    plate.set_state(dealer=False, count=None)  # more room
    assert plate.title_rect().width() > room
    plate.set_state(title="对家 Across")
    assert plate.title_text() == "对家 Across"  # it fits: whole
