"""What a player stumbles on (issue 36): the bar never waits for a seat whose cards are on the
table (item 12), Esc takes the hint's words off the bar (item 7). Played through the window."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_driver import WAIT_MS, human_turn, press_overlay, session_of, wait_turn

from shengji_desktop.engine.actions import Act
from shengji_desktop.engine.phase import Phase
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui import i18n
from shengji_desktop.ui.dialogs import NewGame
from shengji_desktop.ui.texts import seat_name

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("game", [Game.TR, Game.SD])
def test_the_bar_never_waits_for_a_seat_whose_cards_are_on_the_table(window, qtbot, game) -> None:
    """Item 12: while a trick's plays are shown one by one, "Waiting for X…" never names a
    seat that has already played to the trick on the table."""
    table = window.table
    waits: list[tuple[Seat, bool]] = []

    def look() -> None:
        s = table.session
        if s is None or s.phase is not Phase.PLAY:
            return
        text = table.bar.prompt.text()
        for seat in Seat:
            if seat != table.viewer and text == f"Waiting for {seat_name(seat, table.viewer)}…":
                waits.append((seat, bool(table.scene.trick[seat])))

    table.refreshed.connect(look)
    seats = ["human", "random", "random", "random"]
    window.games.start_new(NewGame(game, Options(), seats, "fast"), seed=5)
    s = session_of(window)
    rng = random.Random(5)
    while len(s.view.tricks if s.view is not None else ()) < 3:
        if wait_turn(window, qtbot) == "next_hand":
            press_overlay(window, qtbot, "next")
            continue
        human_turn(window, qtbot, rng)
    assert len(waits) >= 6, waits  # the bar waited for others, many times
    assert not [seat for seat, played in waits if played], waits


def test_esc_takes_the_hint_off_the_bar(window, qtbot) -> None:
    """Item 7: the hint selects its cards and says so on the bar; Esc clears the selection,
    and the hint's words go with it."""
    table = window.table
    table.animator.set_speed("instant")
    seats = ["human", "random", "random", "random"]
    window.games.start_new(NewGame(Game.TR, Options(), seats, "instant"), seed=3)
    s = session_of(window)
    rng = random.Random(3)
    while not (s.waiting == "human" and any(m.kind is Act.PLAY for m in s.human_legal)):
        if wait_turn(window, qtbot) == "human" and s.phase is not Phase.PLAY:
            human_turn(window, qtbot, rng)
    table.hint()
    qtbot.waitUntil(lambda: table.hint_shown is not None, timeout=WAIT_MS)
    said = table.bar.notice_text
    assert said.startswith("Hint:") and table.scene.selected_cards()
    QTest.keyClick(table.view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not table.scene.selected_cards(), timeout=WAIT_MS)
    assert table.hint_shown is None
    assert not table.bar.notice_text.startswith("Hint:"), table.bar.notice_text


def test_a_claim_is_named_apart_from_a_throw_in_chinese(qapp) -> None:
    """Item 10: SD-CLAIM-1 lays the whole hand down (摊牌); SD-LEAD-1 forbids throws (甩牌). The
    option about a claim's points, the claim's button and callout say 摊牌, not 甩牌."""
    from shengji_desktop.rules.errors import Reason, RuleError
    from shengji_desktop.ui.aids.cues import cue_text
    from shengji_desktop.ui.texts import option_label, reason_text

    i18n.install("zh")
    try:
        assert option_label("sd_claim_points") == "摊牌计分"
        assert "摊牌" in cue_text("claim", Game.SD) and "甩牌" not in cue_text("claim", Game.SD)
        assert i18n.tr("Claim") == "摊牌"
        lead = reason_text(RuleError(Reason.ILLEGAL_LEAD_SHAPE, "SD-LEAD-1", "one card"))
        assert "不能甩牌" in lead and lead.endswith("[SD-LEAD-1]")
    finally:
        i18n.install("en")


def test_hosting_from_a_game_in_progress_asks_and_then_shows_nothing_of_it(
    window, qtbot, monkeypatch
) -> None:
    """Item 8: a table hosted while a match is in progress asks first; once hosted, the lobby
    stands before a panel and plates that show nothing of the match left."""
    from test_lan import host

    from shengji_desktop.ui import dialogs
    from shengji_desktop.ui.lan import dialogs as lan_dialogs

    table = window.table
    table.animator.set_speed("instant")
    seats = ["human", "random", "random", "random"]
    window.games.start_new(NewGame(Game.TR, Options(), seats, "instant"), seed=4)
    s = session_of(window)
    rng = random.Random(4)
    while not (s.view is not None and s.view.tricks):
        if wait_turn(window, qtbot) == "human":
            human_turn(window, qtbot, rng)
    assert table.panel.hand_label.text() and any(p.count for p in table.scene.plates.values())

    asked: list[str] = []
    monkeypatch.setattr(lan_dialogs.HostDialog, "exec", lambda self: 0)  # the dialog: Cancel
    window.lan.ask_host()
    assert not asked and window.session is s
    monkeypatch.setattr(lan_dialogs.HostDialog, "exec", lambda self: 1)  # the dialog: Host
    monkeypatch.setattr(dialogs, "ask_box", lambda *a: asked.append(a[2]) or False)
    window.lan.ask_host()
    assert asked == ["Host a table? The game in progress will be lost."]
    assert window.session is s  # "Keep playing": the match goes on

    lan = host(window, ["open", "random", "random", "random"])  # as the dialog's Host does
    link = lan.link
    qtbot.waitUntil(lambda: getattr(link, "lobby", None) is not None, timeout=WAIT_MS)
    assert window.session is lan and lan.view is None  # the lobby: no match yet
    assert table.panel.game_label.text().startswith("Three against one")
    assert table.panel.hand_label.text() == ""
    assert not any(p.count or p.dealer or p.extra for p in table.scene.plates.values())


def test_the_replay_says_hand_and_trick_as_the_table_does(qapp) -> None:
    """Item 9: a hand is 局 and a trick 轮 everywhere, the replay's controls included (it said
    第1手 and 墩)."""
    i18n.install("zh")
    try:
        words = [
            i18n.tr("Hand {n}").format(n=1),
            i18n.tr("Hand {n}, step {k} of {total}, trick {t}").format(n=1, k=2, total=9, t=3),
            i18n.tr("Hand start"),
            i18n.tr("Hand end"),
            i18n.tr("Hand {n} settled").format(n=1),
        ]
        assert all("局" in w and "手" not in w for w in words), words
        assert "第 3 轮" in words[1] and "墩" not in words[1]
    finally:
        i18n.install("en")


def test_the_host_dialog_lobby_and_replay_name_seats_as_the_table_does(qtbot) -> None:
    """Item 9: one set of seat names. The table says 你/右家/对家/左家 (``texts.seat_name``);
    the host dialog, the lobby and the replay's viewpoint box said 南/东/北/西 and "View of
    South". Now they name each seat as the player sees it, and no window names a compass point."""
    import pathlib
    import re

    from test_replay import _read, played_record

    from shengji_desktop.engine.replay import RecordReplay
    from shengji_desktop.ui.lan.dialogs import HostDialog
    from shengji_desktop.ui.windows.replay import ReplayWindow

    i18n.install("zh")
    try:
        d = HostDialog()
        qtbot.addWidget(d)
        grid = d.seat_boxes[0].parentWidget().layout()
        labels = [grid.itemAtPosition(row, 0).widget().text() for row in range(4)]
        assert labels == ["你", "右家", "对家", "左家"]
        assert labels == [seat_name(s, Seat.S) for s in Seat]

        replay = RecordReplay(*_read(played_record(Game.SD, 3, 1)))
        rw = ReplayWindow(replay, "sd")
        qtbot.addWidget(rw)
        shown = [rw.seat_box.itemText(i) for i in range(rw.seat_box.count())]
        assert shown == ["你的视角", "右家的视角", "对家的视角", "左家的视角"]
        assert [rw.seat_box.itemData(i) for i in range(4)] == list(Seat)
        rw.close()
    finally:
        i18n.install("en")
    ui = pathlib.Path(__file__).parents[2] / "shengji_desktop" / "ui"
    compass = re.compile(r"""tr\(\s*["'](South|East|North|West)["']""")
    named = [str(p) for p in ui.rglob("*.py") if compass.search(p.read_text(encoding="utf-8"))]
    assert named == []  # the lobby's names come from seat_name too (lan/dialogs.show_lobby)


def test_a_wrapped_notice_never_breaks_its_rule_tag(qapp) -> None:
    """Item 11: "[SD-BID-4]" broke over two lines at its hyphens when the notice wrapped. The
    label shows the tag with word joiners (nothing drawn); laid out at every width from the
    tag's own width up, the tag lies on one line, while the plain text breaks inside it at
    some width."""
    from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption

    from shengji_desktop.ui.panels.bar import unbroken_tags

    text = "出价必须高于当前叫分 [SD-BID-4]"

    def tag_split(shown: str, width: int) -> bool:
        layout = QTextLayout(shown, QFont())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        layout.beginLayout()
        starts = []
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            starts.append(line.textStart())
        layout.endLayout()
        first, last = shown.index("["), shown.index("]")
        return any(first < s <= last for s in starts)

    shown = unbroken_tags(text)
    assert shown.replace("\u2060", "") == text and unbroken_tags("no tag - here") == "no tag - here"
    tag_width = QFontMetrics(QFont()).horizontalAdvance("[SD-BID-4]") + 2  # it fits a line
    widths = range(tag_width, 400, 2)
    assert not any(tag_split(shown, w) for w in widths)
    assert any(tag_split(text, w) for w in widths)  # what it did before
