"""The Statistics and Hand history windows (offscreen), and the local table recording the
player's settled hands."""

from __future__ import annotations

import csv
import io
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest
from ui_driver import play_until, session_of

from shengji_desktop.engine.record import replay
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.tr import TRRow
from shengji_desktop.stats.facts import HandFacts, Role
from shengji_desktop.stats.store import Store
from shengji_desktop.ui.dialogs import NewGame
from shengji_desktop.ui.session import stats as stats_link
from shengji_desktop.ui.window.mainwindow import MainWindow
from shengji_desktop.ui.windows.history import HandHistoryWindow, result_text
from shengji_desktop.ui.windows.stats import StatisticsWindow

pytestmark = pytest.mark.gui
NOW = time.time()


@pytest.fixture(autouse=True)
def english():
    """The figures' labels as written (an earlier test may have left another language)."""
    from shengji_desktop.ui import i18n

    i18n.install("en")
    yield


def hand(game: Game, match: str, number: int, age_days: float, **kw: object) -> HandFacts:
    base = HandFacts(
        match, number, game, "normal", Seat.S, NOW - age_days * 86400, Role.DEALER, True
    )
    return replace(base, **kw)  # type: ignore[arg-type]


def filled(path: Path) -> Path:
    store = Store(path)
    for f in (
        # an old TR match against hard computers, with a J到底 for us (TR-SETTLE-2)
        hand(Game.TR, "t1", 1, 40, strength="hard", levels=0, coins=20, role=Role.CATCHER,
             special=TRRow.J_TO_BOTTOM, special_ours=True),
        # this week: SD bids of 65 (made, U=2: +6) and 75 (broken, U=4: −12), SD-COIN-1/2
        hand(Game.SD, "s1", 1, 1, coins=6, bid=65),
        hand(Game.SD, "s1", 2, 1, coins=-12, bid=75, won=False),
        hand(Game.SD, "s2", 1, 0.5, coins=-1, role=Role.CATCHER, won=False),
    ):  # fmt: skip
        store.record_hand(f)
    store.close()
    return path


def cell(table, row_label: str, column_label: str) -> str:
    rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    cols = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    return table.item(rows.index(row_label), cols.index(column_label)).text()


def test_the_window_shows_filters_and_exports(qtbot, tmp_path: Path) -> None:
    w = StatisticsWindow(filled(tmp_path / "stats.sqlite3"))
    qtbot.addWidget(w)
    w.show()
    sd, tr = w.tables[Game.SD], w.tables[Game.TR]
    assert cell(sd, "Bids won (as declarer)", "Normal") == "2"
    assert cell(sd, "Bid success rate", "All") == "50%"
    assert cell(sd, "Coins per hand", "Normal") == "-2.33"  # (6 − 12 − 1) / 3
    assert cell(tr, "J到底 by our side", "Hard") == "1"
    # The last 7 days leave the TR match out.
    w.period.setCurrentIndex(w.period.findData("7d"))
    assert tr.horizontalHeaderItem(0).text() == "No hands"
    assert cell(sd, "Hands", "All") == "3"
    text = w.csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["period"], r["game"], r["strength"]) for r in rows] == [
        ("7d", "sd", "normal"),
        ("7d", "sd", "all"),
    ]
    assert rows[1]["bids"] == "2" and rows[1]["bids_made"] == "1"
    out = tmp_path / "out.csv"
    w.export_to(out)
    assert out.read_text(encoding="utf-8") == text
    # The chart: SD coins of the last matches, oldest first (s1: 6 − 12, s2: −1).
    w.tabs.setCurrentIndex(list(Game).index(Game.SD))
    assert [(p.match, p.value) for p in w.chart.points] == [("s1", -6), ("s2", -1)]
    w.chart.grab()  # paints
    w.tabs.setCurrentIndex(list(Game).index(Game.TR))
    assert w.measure.count() == 2  # levels or coins


def test_reset_asks_first(qtbot, tmp_path: Path, monkeypatch) -> None:
    from shengji_desktop.ui import dialogs

    path = filled(tmp_path / "stats.sqlite3")
    w = StatisticsWindow(path)
    qtbot.addWidget(w)
    answers = [False, True]  # Cancel, then Reset
    monkeypatch.setattr(dialogs, "ask_box", lambda *a, **k: answers.pop(0))
    w.ask_reset()
    assert len(Store(path).hands()) == 4  # cancelled
    w.ask_reset()
    assert Store(path).hands() == []
    assert w.tables[Game.SD].horizontalHeaderItem(0).text() == "No hands"


def test_a_corrupt_database_is_reported_in_the_window(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"\x00garbage" * 1000)
    w = StatisticsWindow(path)
    qtbot.addWidget(w)
    assert "set aside" in w.notice.text() and not w.notice.isHidden()
    assert list(tmp_path.glob("stats.corrupt-*.sqlite3"))


def test_a_local_hand_is_recorded_and_kept(
    window: MainWindow, qtbot, tmp_path, monkeypatch
) -> None:
    seats = ["human", "random", "random", "random"]
    window.games.start_new(NewGame(Game.SD, Options(), seats, "instant"), seed=4)
    s = session_of(window)
    play_until(window, qtbot, lambda: s.waiting == "next_hand", random.Random(4))
    result = s.view.result
    writer = stats_link.writer_for(window.games.stats_path(), window.settings, window.games.say)
    qtbot.waitUntil(
        lambda: (writer.flush() or True) and bool(Store(window.games.stats_path()).hands()),
        timeout=30000,
    )
    store = Store(window.games.stats_path())
    (h,) = store.hands()
    assert (h.game, h.seat, h.strength, h.number) == (Game.SD, Seat.S, "random", 1)
    assert h.coins == result.coins[Seat.S]
    (kept,) = store.history()
    record = store.hand_record(kept.id)
    match, _ = replay(record)
    assert match.history == [result]  # the kept hand replays to the same settlement
    # Game → Statistics… opens the window on the same database.
    menu = window.menuBar().actions()[0].menu()
    action = next(a for a in menu.actions() if a.text() == "&Statistics…")
    action.trigger()
    (sw,) = [c for c in window.findChildren(StatisticsWindow) if c.isVisible()]
    assert cell(sw.tables[Game.SD], "Hands", "Random") == "1"
    next(a for a in menu.actions() if a.text() == "Hand &history…").trigger()
    (hw,) = [c for c in window.findChildren(HandHistoryWindow) if c.isVisible()]
    assert hw.table.rowCount() == 1 and hw.table.item(0, 3).text() == result_text(kept)
    sw.close()
    hw.close()


def test_history_exports_and_imports_hands(qtbot, tmp_path: Path, monkeypatch) -> None:
    import random as rnd

    from shengji_desktop.engine.match import Match
    from shengji_desktop.engine.players import RandomPlayer
    from shengji_desktop.engine.table import Table
    from shengji_desktop.stats.recorder import LocalRecorder, Writer

    here = tmp_path / "here.sqlite3"
    match = Match(Game.TR, Options(), 9)
    writer = Writer(here)
    rec = LocalRecorder(match, Seat.S, {s: "easy" for s in Seat}, writer)
    table = Table(match, {s: RandomPlayer(rnd.Random(s)) for s in Seat}, rng=rnd.Random(9), hands=2)
    table.watch_referee(rec.applied)
    table.play()
    writer.close()
    w = HandHistoryWindow(here)
    qtbot.addWidget(w)
    assert w.table.rowCount() == 2 and w.table.item(0, 2).text() == "2"
    w.table.selectRow(1)
    assert w.export_button.isEnabled() and w.selected().number == 1
    out = tmp_path / "hand1.shengji-hand.json"
    w.export_to(w.selected(), out)
    # Another machine: an empty database imports the file.
    there = HandHistoryWindow(tmp_path / "there.sqlite3")
    qtbot.addWidget(there)
    there.import_from(out)
    assert there.table.rowCount() == 1 and "(imported)" in there.table.item(0, 0).text()
    assert there.table.item(0, 3).text() == w.table.item(1, 3).text()
    # A corrupt file: a clear message and nothing kept.
    from PySide6.QtWidgets import QFileDialog

    from shengji_desktop.ui import dialogs

    bad = tmp_path / "bad.json"
    bad.write_text(out.read_text(encoding="utf-8")[:300], encoding="utf-8")
    warnings: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    monkeypatch.setattr(dialogs, "show_box", lambda _p, _t, text, *a: warnings.append(text))
    there.ask_import()
    assert len(warnings) == 1 and "bad.json" in warnings[0]
    assert "corrupt or truncated" in warnings[0]
    assert there.table.rowCount() == 1


@pytest.mark.parametrize(("values", "scale"), [([0], ("+1", "-1")), ([2], ("+2", "0"))])
def test_a_chart_of_one_match_says_something(qtbot, values, scale) -> None:
    """Issue 36 item 19: one match is one narrow bar on a scale that is not 0 to 0 (a 0 was
    a flat line with both axis labels 0; a gain was one bar filling the chart)."""
    from PySide6.QtGui import QColor

    from shengji_desktop.stats.figures import MatchPoint
    from shengji_desktop.ui.windows.stats import BAR_MAX, MatchChart, chart_range, signed_text

    assert tuple(signed_text(v) for v in chart_range(values)) == scale
    chart = MatchChart()
    qtbot.addWidget(chart)
    chart.resize(600, 200)
    chart.set_points([MatchPoint("m1", 1.0, v, 3) for v in values], "levels")
    image = chart.grab().toImage()
    bar = QColor("#2e7d32") if values[0] > 0 else None
    if bar is not None:
        columns = {
            x
            for x in range(image.width())
            for y in range(image.height())
            if image.pixelColor(x, y) == bar
        }
        assert 0 < len(columns) <= BAR_MAX + 1, len(columns)
