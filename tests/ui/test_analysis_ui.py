"""复盘 in the window (issue 37): the replay viewer analyses a hand off the GUI thread (progress,
cancel), marks the slider, lists the marked decisions and jumps to one showing the
alternatives as the seat saw them; an analysed hand opens again from the statistics database
at once; the settlement and the hand history offer the button."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from test_replay import _read, played_record
from ui_driver import human_turn, press_overlay, session_of, wait_turn

from shengji_desktop.engine.match import Match
from shengji_desktop.engine.replay import RecordReplay
from shengji_desktop.engine.table import Table
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.dialogs import NewGame
from shengji_desktop.ui.window.mainwindow import MainWindow
from shengji_desktop.ui.windows.replay import ReplayWindow

pytestmark = pytest.mark.gui

PLAYOUTS = 6  # sampled deals per decision: quick, and the same every run
ANALYSIS_MS = 180_000


def viewer(qtbot, replay: RecordReplay, store: Path) -> ReplayWindow:
    rw = ReplayWindow(replay, "sd")
    qtbot.addWidget(rw)
    rw.analysis_playouts = PLAYOUTS
    rw.analysis_store = store
    rw.show()
    return rw


def analysed(qtbot, rw: ReplayWindow):
    rw.analyse()
    qtbot.waitUntil(lambda: rw.job is not None and not rw.job.running, timeout=ANALYSIS_MS)
    key = (rw.span.number, rw.seat)
    assert key in rw.analyses, rw.analysis_panel.summary.text()
    return rw.analyses[key]


def test_a_replay_analyses_its_hand_marks_the_slider_and_jumps(qtbot, tmp_path) -> None:
    """The hand of a record played by random seats, analysed for South: a progress of k of n,
    the panel lists each marked decision (random play makes mistakes), the slider has a tick
    of the mark's colour per marked decision, and a click on one shows that position from the
    seat with the move made and the better one among the alternatives."""
    from shengji_desktop.ui.windows.analysis import mark_colour

    replay = RecordReplay(*_read(played_record(Game.SD, 5, 1)))
    rw = viewer(qtbot, replay, tmp_path / "stats.sqlite3")
    steps: list[tuple[int, int]] = []
    rw.analysis_panel.progress.valueChanged.connect(
        lambda v: steps.append((v, rw.analysis_panel.progress.maximum()))
    )
    a = analysed(qtbot, rw)
    assert a.seat == Seat.S and a.hand == 1 and a.decisions
    assert steps and steps[-1] == (len(a.decisions), len(a.decisions))
    marked = a.marked()
    assert marked, "random play made no mistake a search could see"
    panel = rw.analysis_panel
    assert panel.list.count() == len(marked) and not panel.list.isHidden()
    assert not panel.chart.isHidden() and panel.chart.analysis is a
    assert sorted(c.name() for _, c in rw.slider.ticks) == sorted(
        mark_colour(d.mark).name() for d in marked
    )
    item = panel.list.item(0)
    d = marked[0]
    assert item.data(Qt.ItemDataRole.UserRole) == d.position
    panel.list.itemClicked.emit(item)
    assert rw.position == d.position and rw.seat == d.seat and not rw.open_hands
    shown = rw.advice.text.text()
    assert "played" in shown and ("better" in shown or d.best.action == d.made.action)
    assert rw.source.decision(d.position, d.seat).seat == d.seat  # the seat's own view
    rw.close()


def test_an_analysed_hand_opens_again_at_once_from_the_database(qtbot, tmp_path) -> None:
    """Results are kept keyed by the record and the analysis version: a second viewer on the
    same record finds them (no search), the same judgements."""
    store = tmp_path / "stats.sqlite3"
    record = played_record(Game.SD, 8, 1)
    first = viewer(qtbot, RecordReplay(*_read(record)), store)
    a = analysed(qtbot, first)
    assert not first.job.from_store
    first.close()
    again = viewer(qtbot, RecordReplay(*_read(record)), store)
    b = analysed(qtbot, again)
    assert again.job.from_store and b == a
    again.close()


def test_cancel_stops_the_analysis_and_the_table_stays_usable(qtbot, tmp_path) -> None:
    replay = RecordReplay(*_read(played_record(Game.TR, 3, 1)))
    rw = viewer(qtbot, replay, tmp_path / "stats.sqlite3")
    rw.analysis_playouts = None
    rw.analysis_budget = 5.0  # long: the cancel comes first
    rw.analyse()
    assert rw.job is not None and rw.job.running and not rw.analysis_panel.progress.isHidden()
    rw.forward()  # the table answers meanwhile
    rw.cancel_analysis()
    qtbot.waitUntil(lambda: not rw.job.running, timeout=ANALYSIS_MS)
    assert rw.analyses == {} and rw.analysis_panel.summary.text() == "Analysis cancelled."
    assert not rw.analysis_panel.button.isHidden() and rw.analysis_panel.progress.isHidden()
    rw.close()


def test_the_settlement_offers_analyse_for_the_players_seat_only(qtbot, tmp_path, monkeypatch):
    """A local match: the settlement's Analyse opens the hand from the player's seat alone (no
    other view, no hands face up) and analyses it for that seat."""
    asked: list[tuple[Seat | None, int | None]] = []
    monkeypatch.setattr(
        ReplayWindow, "analyse", lambda self, seat=None, hand=None: asked.append((seat, hand))
    )
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    w.table.animator.set_speed("instant")
    w.games.start_new(
        NewGame(Game.SD, Options(), ["human", "random", "random", "random"], "instant"), seed=2
    )
    s = session_of(w)
    rng = random.Random(2)
    while wait_turn(w, qtbot) != "next_hand":
        human_turn(w, qtbot, rng)
    assert w.table.analysable and "analyse" in w.table.overlay.buttons
    press_overlay(w, qtbot, "analyse")
    viewers = [x for x in w.findChildren(ReplayWindow)]
    assert len(viewers) == 1 and asked == [(Seat.S, s.view.hand_number)]
    rv = viewers[0]
    assert rv.source.seats == (Seat.S,) and rv.seat_box.count() == 1
    assert not rv.source.open_allowed(rv.position) and not rv.open_box.isEnabled()
    rv.close()
    w.stop_session()


def test_the_hand_history_opens_a_hand_analysed(qtbot, tmp_path, monkeypatch) -> None:
    from shengji_desktop.engine.players import RandomPlayer
    from shengji_desktop.stats.recorder import LocalRecorder, Writer
    from shengji_desktop.ui.windows.history import HandHistoryWindow

    asked: list[Seat] = []
    monkeypatch.setattr(
        ReplayWindow, "analyse", lambda self, seat=None, hand=None: asked.append(self.seat)
    )
    db = tmp_path / "h.sqlite3"
    match = Match(Game.SD, Options(), 4)
    writer = Writer(db)
    rec = LocalRecorder(match, Seat.E, {s: "easy" for s in Seat}, writer)
    table = Table(match, {s: RandomPlayer(random.Random(s)) for s in Seat}, hands=1)
    table.watch_referee(rec.applied)
    table.play()
    writer.close()
    h = HandHistoryWindow(db)
    qtbot.addWidget(h)
    assert not h.analyse_button.isEnabled()
    h.table.selectRow(0)
    assert h.analyse_button.isEnabled()
    rw = h.open_analysis()
    assert isinstance(rw, ReplayWindow) and asked == [Seat.E] and rw.seat == Seat.E
    rw.close()


def test_the_match_s_costliest_decisions_count_the_hands_kept_before(qtbot, tmp_path) -> None:
    """Over a match: the three costliest decisions of every hand of it analysed so far, those
    kept in the database by an earlier viewer included."""
    from shengji_desktop.ai.analysis import match_costliest

    store = tmp_path / "stats.sqlite3"
    record = played_record(Game.SD, 8, 2)
    first = viewer(qtbot, RecordReplay(*_read(record)), store)
    one = analysed(qtbot, first)
    assert one.hand == 1
    first.close()
    second = viewer(qtbot, RecordReplay(*_read(record)), store)
    second.goto(second.source.spans()[1].first)
    two = analysed(qtbot, second)
    assert two.hand == 2 and set(second.analyses) == {(1, Seat.S), (2, Seat.S)}
    costliest = match_costliest([one, two])
    assert costliest, "random play made no mistake in two hands"
    shown = second.analysis_panel.costliest
    assert not shown.isHidden() and shown.text().count("Hand ") == len(costliest)
    assert {d.hand for d in costliest} <= {1, 2}
    second.close()


def test_the_quick_setting_gives_a_third_of_the_time(qtbot, tmp_path, monkeypatch) -> None:
    from shengji_desktop.ai import analysis
    from shengji_desktop.ui.windows import analysis as window_analysis

    budgets: list[float | None] = []
    monkeypatch.setattr(
        window_analysis.AnalysisJob, "start", lambda self, pool: budgets.append(self.budget)
    )
    rw = viewer(qtbot, RecordReplay(*_read(played_record(Game.SD, 3, 1))), tmp_path / "s.db")
    rw.analysis_playouts = None
    rw.analyse()
    rw.job.running = False
    rw.analysis_panel.quick_box.setChecked(True)
    rw.analyse()
    assert budgets == [None, analysis.QUICK_BUDGET]
    assert pytest.approx(analysis.DEFAULT_BUDGET / 3) == analysis.QUICK_BUDGET
    rw.close()
