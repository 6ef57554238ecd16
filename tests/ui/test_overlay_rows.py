"""The settlement box shows only the rows of the settlement it shows: the last hand's labels go
from the screen at once (they were left visible until the event loop deleted them, and a
screenshot of hand 2's settlement showed hand 1's numbers through it); in both languages no
value is wrapped by its label in the middle of a line."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from shengji_desktop.rules.cards import Seat, Team
from shengji_desktop.rules.options import Game
from shengji_desktop.ui import i18n
from shengji_desktop.ui.panels.formats import game_text
from shengji_desktop.ui.panels.overlay import Overlay
from shengji_desktop.ui.texts import seat_name


def shown_texts(overlay: Overlay) -> set[str]:
    return {w.text() for w in overlay.findChildren(QLabel) if w.isVisibleTo(overlay)}


def test_a_new_settlement_hides_the_last_ones_rows_at_once(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    overlay = Overlay(parent)
    overlay.show_content("第1局结算", [("抓分方得分", "65"), ("下局庄家", "右家")], [])
    assert {"65", "右家"} <= shown_texts(overlay)
    overlay.show_content("第2局结算", [("抓分方得分", "95"), ("下局庄家", "左家")], [])
    shown = shown_texts(overlay)  # before the event loop runs: no deferred delete yet
    assert {"95", "左家"} <= shown and not {"65", "右家"} & shown


@pytest.fixture
def both(qapp):
    i18n.install("both")
    yield
    i18n.install("en")


def test_in_both_languages_the_settlement_values_are_not_wrapped_by_their_labels(
    qtbot, both
) -> None:
    """In 中文 + English a value reads "中文 / English" on one line only where that fits the
    value's width, else Chinese and English on lines of their own, every line of a value alike.
    (A TR settlement's coins, two seats a line, read "你 -6 · 右家 +6 / You -6 ·" wrapped
    before "Right +6", over "对家 -6 · 左家 +6" and "Across -6 · Left +6" on two lines; SD's
    "庄家完成叫分 / Dealer made the bid" was wrapped before "bid", and "Kitty dug and flipped
    (抠底翻牌)", English alone as it names the term, in the middle of the term.)"""
    parent = QWidget()
    parent.resize(735, 550)  # the table's part of a 1024×600 window
    qtbot.addWidget(parent)
    overlay = Overlay(parent)
    text = game_text(Game.TR)
    coins = {Seat.S: -6, Seat.E: 6, Seat.N: -6, Seat.W: 6}
    rows = i18n.say_rows(
        lambda: [
            (i18n.tr("Dealer"), seat_name(Seat.S, Seat.S)),
            (i18n.tr("Result"), i18n.tr("Dealer made the bid")),  # 34 columns, 278 px
            (i18n.tr("Result"), i18n.tr("Kitty dug and flipped (抠底翻牌)")),  # English alone
            text.levels_line({Team.NS: 2, Team.EW: 4}, Seat.S),
            text.coins_line(coins, Seat.S),
        ],
        overlay.value_fits,
    )
    parent.show()
    overlay.show_content("第1局结算 / Hand 1 settled", rows, [])
    values = [
        w
        for w in overlay.findChildren(QLabel)
        if w.property("role") == "value" and w.isVisibleTo(overlay)
    ]
    assert [v.text() for v in values[:2]] == ["你 / You", "庄家完成叫分\nDealer made the bid"]
    assert values[2].text() == "Kitty dug and flipped (抠底翻牌)"  # not broken in the term
    coins_lines = values[4].text().replace("\xa0", " ").split("\n")
    assert coins_lines == ["你 -6 · 右家 +6", "You -6 · Right +6", "对家 -6 · 左家 +6",
                           "Across -6 · Left +6"]  # fmt: skip
    for value in values:
        room = value.contentsRect().width()
        for line in value.text().split("\n"):
            assert value.fontMetrics().horizontalAdvance(line) <= room, line


def test_a_value_of_several_lines_puts_every_line_on_two_when_one_needs_two() -> None:
    fits = lambda line: len(line) <= 8  # noqa: E731
    both = i18n.join("甲\n乙乙乙乙", "A\nBBBB", sentence=True, fits=fits, alike=True)
    assert both == "甲\nA\n乙乙乙乙\nBBBB"
    assert i18n.join("甲\n乙", "A\nB", sentence=True, fits=fits, alike=True) == "甲 / A\n乙 / B"
    # a panel's label keeps every pair that fits on one line: a shorter panel
    assert (
        i18n.join("甲\n乙乙乙乙", "A\nBBBB", sentence=True, fits=fits) == "甲 / A\n乙乙乙乙\nBBBB"
    )


def test_in_both_languages_a_long_title_takes_two_lines_and_the_box_stays_on_the_table(
    qtbot, both
) -> None:
    """SD-END-1: three seats may win an SD session together. "比赛结束：右家、对家和左家获胜 /
    Match over, won by Right, Across and Left" is wider than a 1024×600 window's table in the
    title's font: it was cut at both ends, and the box stood out over the side panel. It now
    reads Chinese above English, and the box keeps inside the table."""
    from shengji_desktop.ui.texts import winner_object

    parent = QWidget()
    parent.resize(735, 550)  # the table's part of a 1024×600 window
    qtbot.addWidget(parent)
    overlay = Overlay(parent)
    winners = (Seat.E, Seat.N, Seat.W)
    title = i18n.say(
        lambda: i18n.tr("Match over, won by {winner}").format(winner=winner_object(winners)),
        overlay.title_fits,
    )
    assert title.split("\n") == [
        "比赛结束：右家、对家和左家获胜",
        "Match over, won by Right, Across and Left",
    ]
    overlay.show_content(title, [(i18n.tr("Dealer"), seat_name(Seat.S, Seat.S))], [])
    assert overlay.x() >= 0 and overlay.geometry().right() < parent.width()
    short = i18n.say(lambda: i18n.tr("Hand {n} settled").format(n=3), overlay.title_fits)
    assert "\n" not in short  # a title that fits stays on one line


def dl_settlement_in_both() -> list[tuple[str, str]]:
    """The rows of a DL settlement in 中文 + English, as a 1024×600 window showed them."""
    return [
        ("庄家 Dealer", "左家 / Left"),
        ("结果 Result", "抓分方上台 / Catchers take over"),
        ("抓分方得分 Catchers' points", "140"),
        ("底分 Kitty points", "10"),
        ("抠底 Kitty dug", "否 / no"),
        ("扣王数 Jokers buried", "大王：0 · 小王：1\nBig jokers: 0 · small jokers: 1"),
        ("扣王值 Joker value", "1（大王算2，小王算1）\n1 (a big joker counts 2, a small joker 1)"),
        ("级别 Levels", "我方 3 · 对方 3\nYour team 3 · Opponents 3"),
        ("下局血 Blood next hand", "1，由左家进贡 / 1, paid by Left"),
        ("下局庄家 Next dealer", "你 / You"),
    ]


def test_a_settlement_taller_than_the_table_closes_up_and_stays_on_it(qtbot, both) -> None:
    """A DL settlement in both languages was taller than a 1024×600 window's table: the box's
    foot and its margin under the buttons were cut off by the window's edge. Where the box
    would not fit, its lines close up (less space between rows and round the box) and it
    fits; where it fits, it keeps its room."""
    from PySide6.QtWidgets import QPushButton

    from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER

    parent = QWidget()
    parent.resize(735, 500)  # the table's part of a 1024×600 screen, a taskbar below
    qtbot.addWidget(parent)
    overlay = Overlay(parent)
    parent.show()
    buttons = [("analyse", "复盘 Analyse", lambda: None, True), ("next", "下一局 Next hand",
               lambda: None, False)]  # fmt: skip
    cards = [3, 3, 15, 27, 40, SMALL_JOKER, BIG_JOKER][:6]
    overlay.show_content("第1局结算 / Hand 1 settled", dl_settlement_in_both(), buttons, cards)
    assert overlay.y() >= 0 and overlay.geometry().bottom() < parent.height(), overlay.geometry()
    for button in overlay.findChildren(QPushButton):
        if button.isVisibleTo(overlay):
            bottom = button.mapTo(parent, button.rect().bottomLeft()).y()
            assert bottom < parent.height() - 4, "a button's foot would be cut"
    tight = overlay.layout_.spacing()
    parent.resize(735, 900)  # room enough
    overlay.recentre()
    assert overlay.layout_.spacing() > tight
    assert overlay.geometry().bottom() < parent.height()
