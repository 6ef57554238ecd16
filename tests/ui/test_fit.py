"""Windows that fit the screen (issue 36).

Every window and dialog is opened on a 1024×600 and on a 1280×720 screen (the offscreen
platform given that one screen, in a process of its own: ``python test_fit.py WxH`` prints
what it saw as JSON): its frame lies inside the screen's available geometry and its key
controls are shown whole (visible, clipped by no parent, inside the window). The table's hand
and bar lie inside the table; the seat plates' second line is drawn large enough to read (its
type's size on the screen and the height of its ink, measured in a grab of the table); the
docked card tracker leaves the table most of the window; a search in the rules scrolls a hit
into sight. In this process: where a window was left is kept per screen size and restored
only where it fits."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

SIZES = ("1024x600", "1280x720")
LINE_PX = 10.0  # the plates' second line's type, at least (seatplate.MIN_LINE_PX)
INK_PX = 9  # the height of that line's ink (CJK glyphs fill some 0.9 of the type's size)


# ---------------------------------------------------------------------- the probe (a process)


def _fully_shown(widget: Any, window: Any) -> tuple[bool, str]:
    """Whether the widget is visible, whole inside each of its parents and the window."""
    from PySide6.QtCore import QPoint, QRect

    if not widget.isVisible():
        return False, "hidden"
    rect = QRect(QPoint(0, 0), widget.size())
    child = widget
    while child is not window and child.parentWidget() is not None:
        parent = child.parentWidget()
        rect = rect.translated(child.pos())
        if not parent.rect().contains(rect):
            return False, f"{rect.getRect()} cut by {type(parent).__name__} {parent.rect()}"
        child = parent
    if rect.width() < 4 or rect.height() < 4:
        return False, f"squeezed to {rect.getRect()}"
    return True, ""


def _look(name: str, window: Any, controls: dict[str, Any]) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from shengji_desktop.ui.fit import available

    QApplication.processEvents()
    area = available(window)
    frame = window.frameGeometry()
    seen: dict[str, Any] = {
        "name": name,
        "frame": frame.getRect(),
        "area": area.getRect(),
        "inside": area.contains(frame),
        "controls": {},
    }
    for key, widget in controls.items():
        shown, why = _fully_shown(widget, window)
        seen["controls"][key] = why if not shown else "ok"
    return seen


def _wait(condition: Any, seconds: float = 20.0) -> bool:
    import time

    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        if condition():
            return True
        time.sleep(0.01)
    return bool(condition())


def _settle(ms: int = 350) -> None:
    """Let the windows' first-show checks (fit.SETTLE_MS) run."""
    _wait(lambda: False, ms / 1000)


def _table(window: Any) -> dict[str, Any]:
    """The hand's cards and the bar's buttons inside the table's view; the plates' second
    line: its type's size on the screen and the height of its ink."""
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QAbstractButton

    table = window.table
    view, scene = table.view, table.scene
    vp = view.viewport().rect()
    out: dict[str, Any] = {"viewport": vp.getRect(), "cut": []}
    for item in scene.hand:
        box = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        if not vp.contains(box):
            out["cut"].append(f"card {box.getRect()}")
    if table.interactive:
        for b in table.bar.findChildren(QAbstractButton):
            if b.isVisibleTo(table.bar):
                shown, why = _fully_shown(b, view.viewport())
                if not shown:
                    out["cut"].append(f"button {b.text()!r}: {why}")
    scale = view.transform().m11()
    image = view.viewport().grab().toImage()
    plates = []
    for plate in scene.plates.values():
        if not plate.isVisible():
            continue
        box = view.mapFromScene(plate.mapRectToScene(plate.line_rect())).boundingRect()
        if not vp.contains(view.mapFromScene(plate.sceneBoundingRect()).boundingRect()):
            out["cut"].append(f"plate {plate.title}")
        rows = [
            y
            for y in range(max(0, box.top()), min(image.height(), box.bottom() + 1))
            if any(
                QColor(image.pixel(x, y)).lightness() > 140
                for x in range(max(0, box.left()), min(image.width(), box.right() + 1))
            )
        ]
        plates.append(
            {
                "line": plate.second_line(),
                "px": plate.line_font().pixelSize() * scale,
                "ink": (rows[-1] - rows[0] + 1) if rows else 0,
            }
        )
    out["plates"] = plates
    return out


def probe(size: str, home: Path) -> dict[str, Any]:
    """Open every window and dialog on the screen this process was given."""
    from PySide6.QtCore import QObject, QSettings, Signal
    from PySide6.QtWidgets import QApplication, QPushButton

    app = QApplication([sys.argv[0]])
    app.setOrganizationName("shengji-desktop-fit-test")
    app.setApplicationName("shengji-desktop-fit-test")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(home))
    from shengji_desktop.ui import i18n

    i18n.install("both")  # the longest texts
    from shengji_desktop.ui.aids import sound

    sound.make_backend = sound.RecordingBackend  # type: ignore[assignment]
    from shengji_desktop.ui.aids.autopass import AUTO_PASS_KEY

    QSettings().setValue(AUTO_PASS_KEY, "false")
    from shengji_desktop.rules.options import Game, Options
    from shengji_desktop.ui.dialogs import NewGame, NewGameDialog, message_box
    from shengji_desktop.ui.window.mainwindow import MainWindow, about_text

    looks: list[dict[str, Any]] = []
    result: dict[str, Any] = {"size": size, "looks": looks}
    main = MainWindow(save_path=home / "autosave.json", check_save=False)
    main.show()
    _settle()
    start = {
        f"start:{b.text()}": b
        for b in main.table.overlay.findChildren(QPushButton)
        if b.isVisibleTo(main.table.overlay)
    }
    looks.append(
        _look(
            "main window",
            main,
            {
                "menu bar": main.menuBar(),
                "status bar": main.statusBar(),
                "table": main.table.view,
                "side panel": main.table.side,
                **start,
            },
        )
    )
    s = main.games.start_new(
        NewGame(Game.SD, Options(), ["human", "random", "random", "random"], "instant"), seed=5
    )
    _wait(lambda: s.waiting == "human" and not s.busy and not main.table.animator.running)
    _settle(100)
    result["table"] = _table(main)
    looks.append(_look("main window, a game", main, {"table": main.table.view}))

    main.tracker.action.setChecked(True)  # the docked 记牌器
    _settle()
    dock = main.tracker.dock
    assert dock is not None
    looks.append(_look("card tracker", main, {"tracker": dock, "table": main.table.view}))
    result["tracker"] = {
        "window": main.width(),
        "table": main.table.view.width(),
        "dock": dock.width(),
    }
    main.tracker.action.setChecked(False)

    dialog = NewGameDialog(parent=main)
    dialog.show()
    _settle()
    looks.append(_look("new game", dialog, {"start": dialog.findChild(QPushButton, "start")}))
    dialog.close()

    box = message_box(main, "About", about_text(), "about")
    box.show()
    _settle()
    looks.append(_look("about", box, {"ok": box.buttons()[0]}))
    box.close()

    result["replay"] = _replay(main, looks)
    result["rules"] = _rules(main, looks)

    from shengji_desktop.ui.windows.history import HandHistoryWindow
    from shengji_desktop.ui.windows.stats import StatisticsWindow

    stats = StatisticsWindow(main.games.stats_path(), main)
    stats.show()
    _settle()
    looks.append(
        _look(
            "statistics",
            stats,
            {
                "period": stats.period,
                "export": stats.export_button,
                "reset": stats.reset_button,
                "tables": stats.tabs,
                "measure": stats.measure,
                "chart": stats.chart,
            },
        )
    )
    stats.close()
    history = HandHistoryWindow(main.games.stats_path(), main)
    history.show()
    _settle()
    looks.append(
        _look(
            "hand history",
            history,
            {
                "hands": history.table,
                "keep": history.keep,
                "replay": history.replay_button,
                "import": history.import_button,
                "export": history.export_button,
            },
        )
    )
    history.close()

    from shengji_desktop.ui.lan.dialogs import HostDialog, JoinDialog
    from shengji_desktop.ui.lan.lobby import LobbyDialog

    host = HostDialog(main)
    host.show()
    _settle()
    looks.append(
        _look(
            "host a table",
            host,
            {
                "open the table": host.findChild(QPushButton, "host"),
                "game": host.game_box,
                "time per move": host.move_time_box,
                "internet": host.internet_box,
                **{f"seat {i}": b for i, b in enumerate(host.seat_boxes)},
                "rule options": host.options_form,
            },
        )
    )
    host.close()
    join = JoinDialog(main, browse_seconds=0)
    join.show()
    _settle()
    looks.append(
        _look(
            "join a table",
            join,
            {
                "join": join.findChild(QPushButton, "join"),
                "tables": join.list,
                "address": join.address_edit,
                "code": join.code_edit,
            },
        )
    )
    join.close()

    class Link(QObject):  # what the lobby reads of a table's connection
        lobby_changed = Signal(object)
        connection_changed = Signal(bool, str)
        status, lobby, seat = "", None, None

        def set_ready(self, ready: bool) -> None:
            pass

    lobby = LobbyDialog(Link(), None, main)  # type: ignore[arg-type]
    lobby.show()
    _settle()
    looks.append(
        _look(
            "table lobby",
            lobby,
            {"seats": lobby.table, "ready": lobby.ready_box, "leave": lobby.leave_button},
        )
    )
    lobby.closing = True
    lobby.close()

    class Runner(QObject):  # a table open to the internet whose router said no (the most text)
        announced_changed, reach_changed = Signal(bool), Signal(object)
        announced, internet, fingerprint, reach = False, True, bytes(range(32)), _reach()

    lobby = LobbyDialog(Link(), Runner(), main)  # type: ignore[arg-type]
    lobby.show()
    _settle()
    panel = lobby.invite
    controls = {"code": panel.code_edit, "copy": panel.copy_button, "qr": panel.qr}
    looks.append(_look("lobby with a code", lobby, {**controls, "leave": lobby.leave_button}))
    lobby.closing = True
    lobby.close()
    main.stop_session()
    main.close()
    return result


def _reach() -> Any:
    from shengji_desktop.net import invite as inv
    from shengji_desktop.net.portmap import MapResult
    from shengji_desktop.net.reach import Reach

    invite = inv.make_invite(["2001:db8::7", "192.168.1.20"], 47000, "00" * 6, bytes(32))
    return Reach(inv.encode(invite), invite, MapResult("", None, 47000, "UPnP: refused"))


def _replay(main: Any, looks: list[dict[str, Any]]) -> dict[str, Any]:
    import random

    from shengji_desktop.engine import codec
    from shengji_desktop.engine.match import Match
    from shengji_desktop.engine.players import RandomPlayer
    from shengji_desktop.engine.record import read_record
    from shengji_desktop.engine.replay import RecordReplay
    from shengji_desktop.engine.table import Table
    from shengji_desktop.rules.cards import Seat
    from shengji_desktop.rules.options import Game, Options
    from shengji_desktop.ui.windows.replay import open_source

    match = Match(Game.DL, Options(), 7)
    Table(match, {s: RandomPlayer(random.Random(s)) for s in Seat}, hands=1).play()
    record = codec.record_json(match.game, match.options, match.seed, list(match.actions))
    source = RecordReplay(*read_record(record))
    window = open_source(source, "dl", main)
    window.goto(source.spans()[0].play or 0)  # the whole hand of a DL deal
    _settle()
    _wait(lambda: not window.table.animator.running)
    controls = {
        "hand": window.hand_box,
        **{key: window.controls.widgetForAction(act) for key, act in window.actions_.items()},
        "slider": window.slider,
        "where": window.where,
        "speed": window.speed_box,
        "viewpoint": window.seat_box,
        "face up": window.open_box,
        "ask": window.advice.button,
        "table": window.table.view,
        "side panel": window.table.side,
    }
    looks.append(_look("replay", window, controls))
    table = _table(window)
    # 复盘 shown (issue 37): the chart, the list and the advice keep the window on the screen
    window._analysed(_analysis_of(source, Seat.S))
    _settle()
    panel = window.analysis_panel
    # the analysis is what the column shows now: the panel and the advice scroll into sight
    below = {k: v for k, v in controls.items() if k not in ("side panel", "ask")}
    analysed = {"analyse": panel.button, "chart": panel.chart, "marks": panel.list, **below}
    looks.append(_look("replay analysed", window, analysed))
    window.close()
    return table


def _analysis_of(source: Any, seat: Any) -> Any:
    """An analysis of hand 1 for ``seat`` as the window shows one (its figures made up: the
    layout is what is measured here), with four marked decisions and a course of every trick."""
    from shengji_desktop.ai.analysis import (
        ANALYSIS_VERSION,
        CoursePoint,
        Decision,
        Estimate,
        HandAnalysis,
        Mark,
        decision_positions,
    )

    decisions = []
    for i, k in enumerate(decision_positions(source, 1, seat)[:8]):
        view, made = source.decision(k, seat), source.played(k)
        trick = len(view.tricks) + 1 if view.phase.value == "play" else None
        mark = (Mark.MISTAKE, Mark.INACCURACY, Mark.GOOD, Mark.GOOD)[i % 4]
        mine = Estimate(made, -1.0 - i / 10, 0.1)
        decisions.append(
            Decision(k, 1, trick, view.phase.value, seat, mine, mine, (mine,), 0.4, 0.1, 8, mark)
        )
    span = source.spans()[0]
    course = tuple(CoursePoint(t, k, 0.5 - t / 10, 0.2) for t, k in enumerate(span.tricks))
    return HandAnalysis(
        ANALYSIS_VERSION, source.game, seat, 1, tuple(decisions), course, -2.0, 1.0, None, 1.0
    )


def _rules(main: Any, looks: list[dict[str, Any]]) -> list[bool]:
    from shengji_desktop.ui.rules_window import open_rules

    rules = open_rules(main)
    _settle()
    browser = rules.browsers[rules.game]
    controls = {
        "find": rules.find_field,
        "language": rules.language,
        "tabs": rules.tabs.tabBar(),
        "page": browser,
        "scroll bar": browser.verticalScrollBar(),
    }
    looks.append(_look("rules", rules, controls))
    rules.find_field.setText("甩牌")
    hits = []
    for _ in range(4):  # each hit in sight, the first ones and the next
        found = rules.find_next()
        hit = browser.cursorRect()
        hits.append(found and browser.viewport().rect().contains(hit))
    rules.close()
    return hits


def run_probe(size: str) -> subprocess.Popen[str]:
    """This file as a program, on the offscreen platform with one screen of ``size``."""
    width, height = (int(n) for n in size.split("x"))
    home = Path(tempfile.mkdtemp(prefix=f"fit-{size}-"))
    config = home / "screen.json"
    screen = {"name": size, "x": 0, "y": 0, "width": width, "height": height}
    config.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96, "dpr": 1}]}))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
    }
    return subprocess.Popen(
        [sys.executable, __file__, size, str(home)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


# ---------------------------------------------------------------------- the tests


@pytest.fixture(scope="module")
def seen() -> dict[str, dict[str, Any]]:
    """What the probe saw on each screen (the two processes run side by side)."""
    runs = {size: run_probe(size) for size in SIZES}
    out = {}
    for size, process in runs.items():
        stdout, stderr = process.communicate(timeout=240)
        assert process.returncode == 0, stderr[-4000:]
        out[size] = json.loads(stdout.strip().splitlines()[-1])
    return out


@pytest.mark.parametrize("size", SIZES)
def test_every_window_and_dialog_lies_inside_the_screen(seen, size) -> None:
    looks = seen[size]["looks"]
    assert len(looks) >= 12
    outside = [(look["name"], look["frame"], look["area"]) for look in looks if not look["inside"]]
    assert not outside, outside


@pytest.mark.parametrize("size", SIZES)
def test_each_windows_key_controls_are_shown_whole(seen, size) -> None:
    problems = [
        f"{look['name']}: {key}: {why}"
        for look in seen[size]["looks"]
        for key, why in look["controls"].items()
        if why != "ok"
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_the_bar_and_the_plates_lie_on_the_table(seen, size) -> None:
    for where in ("table", "replay"):
        table = seen[size][where]
        assert table["plates"], where
        assert not table["cut"], (where, table["cut"])


@pytest.mark.parametrize("size", SIZES)
def test_the_plates_second_line_can_be_read(seen, size) -> None:
    """At 1024×600 it was drawn 6 px high (玩家 · -6分, its ink some 6 px): now at least
    ``LINE_PX``, its ink as tall as such type's is, on the live table and in the replay."""
    for where in ("table", "replay"):
        for plate in seen[size][where]["plates"]:
            assert plate["px"] >= LINE_PX - 0.3, (where, plate)
            assert plate["ink"] >= INK_PX or not plate["line"].strip(), (where, plate)
    lines = [p["line"] for p in seen[size]["table"]["plates"]]
    assert all("分" in line for line in lines), lines  # SD: the coins are shown


def test_the_docked_tracker_leaves_the_table_most_of_the_window(seen) -> None:
    """At 1280×720 the docked 记牌器 left the table some 650 px: it takes a sixth of the
    window now (at least 210 px), the table well over half of it."""
    tracker = seen["1280x720"]["tracker"]
    assert tracker["table"] >= 0.55 * tracker["window"], tracker
    assert 210 <= tracker["dock"] <= 0.2 * tracker["window"] + 10, tracker
    small = seen["1024x600"]["tracker"]
    assert small["table"] >= 0.45 * small["window"] and small["dock"] >= 210, small


@pytest.mark.parametrize("size", SIZES)
def test_a_search_in_the_rules_shows_each_hit(seen, size) -> None:
    hits = seen[size]["rules"]
    assert hits and all(hits), hits


# ---------------------------------------------------------------------- kept per screen size


def test_a_window_is_kept_per_screen_size_and_restored_where_it_fits(qtbot) -> None:
    from PySide6.QtCore import QRect, QSettings
    from PySide6.QtWidgets import QWidget

    from shengji_desktop.ui import fit

    settings = QSettings()
    first = QWidget()
    qtbot.addWidget(first)
    area = fit.available(first)
    key = fit.screen_key("test/geometry", area)
    assert key == f"test/geometry/{area.width()}x{area.height()}"
    assert not fit.restore_place(first, settings, "test/geometry", (5000, 4000))
    room = fit.room(first)
    assert first.width() <= room.width() and first.height() <= room.height()  # never larger
    assert area.contains(first.geometry())  # and centred on the screen
    first.setGeometry(QRect(area.x() + 40, area.y() + 60, 300, 200))
    fit.save_place(first, settings, "test/geometry")
    assert settings.value(key) is not None

    second = QWidget()
    qtbot.addWidget(second)
    assert fit.restore_place(second, settings, "test/geometry", (400, 300))
    assert second.geometry() == first.geometry()

    # kept for another screen size only: not this screen's
    other = fit.screen_key("test/other", QRect(0, 0, area.width() + 100, area.height()))
    settings.setValue(other, first.saveGeometry())
    third = QWidget()
    qtbot.addWidget(third)
    assert not fit.restore_place(third, settings, "test/other", (400, 300))
    assert third.size().width() == min(400, room.width())

    # kept for this size but larger than the screen (written by hand): brought inside it
    big = QWidget()
    big.setGeometry(QRect(area.x(), area.y(), area.width() + 300, area.height() + 300))
    settings.setValue(key, big.saveGeometry())
    big.close()
    fourth = QWidget()
    qtbot.addWidget(fourth)
    fit.restore_place(fourth, settings, "test/geometry", (400, 300))
    assert area.contains(fourth.geometry()), (fourth.geometry(), area)


def test_a_minimum_beyond_the_screen_comes_down_and_the_frame_is_brought_in(qtbot) -> None:
    from PySide6.QtWidgets import QWidget

    from shengji_desktop.ui import fit

    window = QWidget()
    qtbot.addWidget(window)
    area = fit.available(window)
    window.setMinimumSize(area.width() + 200, area.height() + 200)
    fit.fit_window(window, (area.width() * 2, area.height() * 2))
    room = fit.room(window)
    assert window.minimumWidth() <= room.width() and window.minimumHeight() <= room.height()
    window.show()
    qtbot.waitExposed(window)
    window.move(area.right() - 50, area.bottom() - 50)  # mostly off the screen
    assert fit.bring_inside(window)
    assert area.contains(window.frameGeometry()), (window.frameGeometry(), area)


if __name__ == "__main__":  # the probe: python test_fit.py WIDTHxHEIGHT HOME
    from shengji_desktop.ui import plain_imports

    plain_imports()  # as in the program and the tests' own process
    seen_here = probe(sys.argv[1], Path(sys.argv[2]))
    sys.stdout.flush()
    print(json.dumps(seen_here), flush=True)
    os._exit(0)  # the windows' worker threads need no orderly end here
