"""The replay viewer (offscreen): stepped back and forth, its table and panel equal the live
game's at the same action; seat views, all hands of a finished hand, a live match only from
the player's seat and up to now; the computer's advice; files, the hand history, the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from ui_driver import WAIT_MS, human_turn, press_overlay, session_of, wait_turn

from shengji_desktop.engine import codec
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import RecordError
from shengji_desktop.engine.replay import RecordReplay, SeatTrail, open_file
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui import i18n
from shengji_desktop.ui.dialogs import NewGame
from shengji_desktop.ui.i18n import tr
from shengji_desktop.ui.windows.replay import ReplayWindow
from shengji_desktop.ui.windows.replay_open import replay_live, trail_of

pytestmark = pytest.mark.gui


def table_state(scene, panel) -> dict:
    """What the table and the panel show: the cards of every zone, the other seats' counts,
    the panel's texts (positions depend on the window's size, zones do not)."""

    def faces(items):
        return [(i.card if i.face_up else None) for i in items]

    return {
        "viewer": scene.viewer,
        "hand": sorted(i.card for i in scene.hand),
        "trick": {s: sorted(faces(scene.trick[s]), key=str) for s in Seat},
        "backs": {s: scene.back_count(s) + len(scene.incoming[s]) for s in Seat},
        "pile": faces(scene.pile),
        "kitty": sorted(faces(scene.kitty), key=str),
        "panel": [
            label.text()
            for label in (
                panel.game_label,
                panel.hand_label,
                panel.trump_label,
                panel.decl_label,
                panel.teams_label,
                panel.coins_label,
                panel.points_label,
                panel.turn_label,
                panel.kitty_label,
            )
        ],
    }


def settle(qtbot, rw: ReplayWindow) -> None:
    qtbot.waitUntil(lambda: not rw.table.animator.running, timeout=WAIT_MS)


def live_states(window, qtbot, game: Game, seed: int, turns: int) -> tuple[dict, Match]:
    """Play the human seat ``turns`` times; the table and panel at each of its turns, by the
    number of actions applied then."""
    seats = ["human", "easy", "easy", "easy"]
    window.games.start_new(NewGame(game, Options(), seats, "instant"), seed=seed)
    s = session_of(window)
    link = s.link
    rng = random.Random(seed)
    states: dict[int, dict] = {}
    while len(states) < turns:
        waiting = wait_turn(window, qtbot)
        if waiting == "next_hand":
            press_overlay(window, qtbot, "next")
            qtbot.waitUntil(lambda: s.waiting != "next_hand", timeout=WAIT_MS)
            continue
        assert waiting == "human"
        qtbot.waitUntil(lambda: not window.table.animator.running, timeout=WAIT_MS)
        k = len(link.match.actions)
        states[k] = table_state(window.table.scene, window.table.panel)
        human_turn(window, qtbot, rng)
    return states, link.match


def test_a_replay_stepped_back_and_forth_shows_the_live_table(window, qtbot) -> None:
    states, match = live_states(window, qtbot, Game.TR, 5, 8)
    record = codec.record_json(match.game, match.options, match.seed, list(match.actions))
    replay = RecordReplay(*_read(record))
    rw = ReplayWindow(replay, "test")
    qtbot.addWidget(rw)
    rw.show()
    rw.set_speed("instant")
    order = sorted(states)
    assert any(k > replay.spans()[0].play for k in order if replay.spans()[0].play)
    for k in [*reversed(order), *order]:  # back, then forth: jumps shown at once
        rw.goto(k)
        settle(qtbot, rw)
        assert table_state(rw.scene, rw.table.panel) == states[k], k
    # Stepping forward, animated, into a live position from three actions before it.
    rw.set_speed("fast")
    for k in order[-3:]:
        rw.goto(k - 3)
        for _ in range(3):
            settle(qtbot, rw)
            rw.forward()
        settle(qtbot, rw)
        assert rw.position == k
        assert table_state(rw.scene, rw.table.panel) == states[k], k
    # Back one step by the arrow key, then forward again by the arrow key.
    from PySide6.QtCore import Qt

    qtbot.keyClick(rw, Qt.Key.Key_Left)
    assert rw.position == order[-1] - 1
    qtbot.keyClick(rw, Qt.Key.Key_Right)
    settle(qtbot, rw)
    assert table_state(rw.scene, rw.table.panel) == states[order[-1]]
    # The live match's own replay, from the trail its session kept, shows the same.
    trail = trail_of(window.session)
    assert trail is not None
    lw = replay_live(window.session, window)
    assert lw is not None  # a window of its own, deleted on close
    lw.set_speed("instant")
    for k in [order[-1], order[0], order[len(order) // 2]]:
        lw.goto(k)
        settle(qtbot, lw)
        assert table_state(lw.scene, lw.table.panel) == states[k], k
    rw.close()
    lw.close()


def test_a_live_match_replays_only_from_the_players_seat_up_to_now(window, qtbot) -> None:
    states, match = live_states(window, qtbot, Game.SD, 3, 3)
    trail = trail_of(window.session)
    assert isinstance(trail, SeatTrail) and trail.seats == (Seat.S,)
    lw = replay_live(window.session, window)
    now = len(match.actions)
    assert lw.source.length <= now  # up to now (the table waits for the player)
    assert not hasattr(lw.source, "actions") and not hasattr(lw.source, "match_at")
    assert lw.seat_box.count() == 1 and not lw.open_box.isEnabled()
    lw.set_viewpoint(Seat.E, False)  # refused: the player's seat only
    assert lw.seat == Seat.S
    lw.set_viewpoint(Seat.S, True)
    lw.goto(lw.source.length)
    assert not any(lw.scene.open[s] for s in Seat)
    for k in range(lw.source.length + 1):
        frame = lw.source.frame(k, Seat.E, True)
        assert frame.view.seat == Seat.S and frame.hands is None
    lw.goto(10**6)
    assert lw.position == lw.source.length  # nothing beyond now
    lw.close()


def played_record(game: Game, seed: int, hands: int) -> dict:
    match = Match(game, Options(), seed)
    Table(match, {s: RandomPlayer(random.Random(s)) for s in Seat}, hands=hands).play()
    return codec.record_json(match.game, match.options, match.seed, list(match.actions))


def test_seat_views_and_all_hands_of_a_finished_hand(qtbot) -> None:
    record = played_record(Game.TR, 7, 1)
    full = RecordReplay(*_read(record))
    span = full.spans()[0]
    k = span.tricks[4] + 1  # mid-trick
    rw = ReplayWindow(full, "tr")
    qtbot.addWidget(rw)
    rw.show()
    rw.goto(k)
    match = full.match_at(k)
    home = rw.table.own_seat
    assert home is not None
    for seat in Seat:
        rw.set_viewpoint(seat, False)
        settle(qtbot, rw)
        assert rw.scene.viewer == seat
        assert sorted(i.card for i in rw.scene.hand) == sorted(seat_view(match, seat).hand)
        assert not any(rw.scene.open[s] for s in Seat)
        # the record's own seat is "You"; seen from another, the bottom one is "Bottom"
        assert rw.scene.names[seat][0] == (tr("You") if seat == home else tr("Bottom"))
        assert any(line.startswith(rw.scene.names[seat][0] + " ") for line in rw.table.log.lines)
    assert rw.open_box.isEnabled()
    rw.open_box.setChecked(True)
    settle(qtbot, rw)
    for seat in Seat:
        if seat != rw.seat:
            shown = sorted(i.card for i in rw.scene.open[seat] if i.face_up)
            assert shown == sorted(seat_view(match, seat).hand), seat
    # A record that stops inside the hand: no hand is shown face up.
    cut = dict(record, actions=record["actions"][:k])
    part = RecordReplay(*_read(cut))
    assert not part.spans()[0].finished and not part.open_allowed(k - 1)
    assert part.frame(k - 1, Seat.S, True).hands is None
    pw = ReplayWindow(part, "cut")
    qtbot.addWidget(pw)
    pw.goto(k - 1)
    assert not pw.open_box.isEnabled()
    pw.set_viewpoint(Seat.S, True)
    assert not any(pw.scene.open[s] for s in Seat)
    rw.close()
    pw.close()


def _read(record: dict):
    from shengji_desktop.engine.record import read_record

    return read_record(record)


def test_the_computer_says_what_it_would_play(qtbot) -> None:
    from shengji_desktop.ai.advice import ranking

    assert ranking([(1,), (2,)], [[1.0, 0.0], [3.0, 0.0]]) == [((1,), 2.0, 1.0), ((2,), 0.0, 0.0)]
    record = played_record(Game.TR, 11, 1)
    replay = RecordReplay(*_read(record))
    rw = ReplayWindow(replay, "tr")
    qtbot.addWidget(rw)
    rw.show()
    rw.advice.playouts = 12  # reproducible and quick
    span = replay.spans()[0]
    k = next(
        t
        for t in span.tricks
        if (v := replay.decision(t, rw.seat)) is not None and len(v.legal) > 2
    )
    rw.goto(k)
    assert rw.ask_action.isEnabled()
    rw.ask_action.trigger()
    qtbot.waitUntil(lambda: rw.advice.result is not None, timeout=120000)
    advice = rw.advice.result
    view = replay.decision(k, rw.seat)
    assert advice.seat_view == view and advice.choice in view.legal
    assert len(advice.alternatives) >= 2 and advice.samples >= 12
    assert all(a.action in view.legal for a in advice.alternatives)
    assert [a.mean for a in advice.alternatives] == sorted(
        (a.mean for a in advice.alternatives), reverse=True
    )
    text = rw.advice.text.text()
    assert "Would play" in text and "levels" in text and "Played in the game" in text
    rw.forward()  # the answer belongs to its position
    assert rw.advice.result is None
    rw.close()


def test_files_and_a_clear_error(tmp_path: Path) -> None:
    good = tmp_path / "game.json"
    good.write_text(json.dumps(played_record(Game.SD, 2, 2)), encoding="utf-8")
    opened = open_file(good)
    assert opened.replay.length == len(json.loads(good.read_text())["actions"])
    assert [s.number for s in opened.replay.spans()] == [1, 2]
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "shengji-desktop record", "vers', encoding="utf-8")
    with pytest.raises(RecordError, match="broken.json"):
        open_file(broken)
    bad = json.loads(good.read_text())
    bad["actions"][3] = bad["actions"][2] = {"kind": "next_hand"}
    (tmp_path / "illegal.json").write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(RecordError, match="illegal"):
        open_file(tmp_path / "illegal.json")
    # A damaged save journal is refused and left where it is (the viewer only looks).
    from shengji_desktop.engine.record import Journal

    match = Match(Game.SD, Options(), 3)
    Table(match, {s: RandomPlayer(random.Random(s)) for s in Seat}, hands=1).play()
    journal = Journal(tmp_path / "save", match.game, match.options, match.seed, match.actions)
    journal.extend(match.actions)
    journal.close()
    assert open_file(tmp_path / "save").replay.length == len(match.actions)
    lines = (tmp_path / "save").read_bytes().split(b"\n")
    lines[5] = b"{garbage"
    (tmp_path / "save").write_bytes(b"\n".join(lines))
    with pytest.raises(RecordError, match="line 6"):
        open_file(tmp_path / "save")
    assert (tmp_path / "save").exists() and not list(tmp_path.glob("save.corrupt-*"))


def test_the_hand_history_opens_a_kept_hand(qtbot, tmp_path: Path) -> None:
    from shengji_desktop.stats.recorder import LocalRecorder, Writer
    from shengji_desktop.ui.windows.history import HandHistoryWindow

    db = tmp_path / "h.sqlite3"
    match = Match(Game.TR, Options(), 9)
    writer = Writer(db)
    rec = LocalRecorder(match, Seat.N, {s: "easy" for s in Seat}, writer)
    table = Table(match, {s: RandomPlayer(random.Random(s)) for s in Seat}, hands=2)
    table.watch_referee(rec.applied)
    table.play()
    writer.close()
    w = HandHistoryWindow(db)
    qtbot.addWidget(w)
    assert not w.replay_button.isEnabled()
    w.table.selectRow(0)  # the newest: hand 2
    assert w.replay_button.isEnabled() and w.selected().number == 2
    rw = w.open_replay()
    assert isinstance(rw, ReplayWindow)
    span = rw.span
    assert span.number == 2 and rw.position == span.first and rw.seat == Seat.N
    assert span.finished and rw.open_box.isEnabled()
    rw.close()
    # The same hand exported to a file (another machine's), opened by Open replay….
    out = tmp_path / "sent.shengji-hand.json"
    w.export_to(w.selected(), out)
    opened = open_file(out).replay
    assert opened.start == span.first and opened.start_seat == Seat.N


def test_the_command_line_opens_the_viewer(tmp_path: Path, monkeypatch, capsys) -> None:
    from PySide6.QtWidgets import QApplication

    from shengji_desktop.cli import main

    good = tmp_path / "game.json"
    good.write_text(json.dumps(played_record(Game.DL, 4, 1)), encoding="utf-8")
    shown: list[ReplayWindow] = []
    monkeypatch.setattr(ReplayWindow, "show", lambda self: shown.append(self))
    monkeypatch.setattr(QApplication, "exec", lambda *a: 0)
    monkeypatch.setattr(i18n, "saved_language", lambda: "en")  # the viewer installs it
    assert main(["replay", str(good)]) == 0
    (rw,) = shown
    assert rw.source.length == len(json.loads(good.read_text())["actions"])
    assert rw.windowTitle().endswith("game.json")
    rw.close()
    rw.deleteLater()
    (tmp_path / "junk.json").write_text("not json", encoding="utf-8")
    assert main(["replay", str(tmp_path / "junk.json")]) == 2
    assert "junk.json" in capsys.readouterr().err
    assert len(shown) == 1  # no window for a file that cannot be replayed
    assert main(["replay", str(good), "--check"]) == 0  # as before


def test_play_at_a_speed_then_pause_and_the_slider_over_tricks(qtbot) -> None:
    replay = RecordReplay(*_read(played_record(Game.SD, 5, 1)))
    rw = ReplayWindow(replay, "sd")
    qtbot.addWidget(rw)
    rw.show()
    span = replay.spans()[0]
    marks = rw._marks(span)
    assert marks[0] == span.first and marks[1] == span.play and marks[2] == span.tricks[0]
    rw.slider.setValue(3)  # the end of the second trick
    assert rw.position == span.tricks[1]
    assert "trick 2" in rw.where.text()
    rw.slider.setValue(0)
    assert rw.position == span.first
    rw.speed_box.setCurrentIndex(rw.speed_box.findData("instant"))
    assert rw.speed == "instant" and rw.table.animator.factor == 0.0
    rw.toggle_play()
    assert rw.playing and rw.actions_["play"].text() == "Pause"
    qtbot.waitUntil(lambda: rw.position >= 20, timeout=WAIT_MS)
    rw.toggle_play()
    stopped = rw.position
    # nothing moves once paused: the step in flight is shown (where, playing, the window would
    # set out the next), and no next step is due
    settle(qtbot, rw)
    assert rw.position == stopped and not rw.playing and not rw._timer.isActive()
    rw.speed_box.setCurrentIndex(rw.speed_box.findData("fast"))
    rw.goto(span.last - 2)
    rw.toggle_play()  # runs to the end of the record and stops there
    qtbot.waitUntil(lambda: not rw.playing, timeout=WAIT_MS)
    assert rw.position == replay.length
    settle(qtbot, rw)
    assert rw.table.overlay.isVisible()  # the settlement, as at the table
    rw.back()
    assert not rw.table.overlay.isVisible()
    rw.close()


@pytest.mark.parametrize(("game", "cards_left"), [(Game.TR, 25), (Game.TR, 14), (Game.DL, 39)])
def test_hands_laid_open_keep_off_the_plates_in_even_rows(qtbot, game, cards_left) -> None:
    """Issue 36 item 18: across, the open hand lies right of its plate (it covered the plate
    and its 庄 badge); beside, a hand's rows are even (13 cards and 1 left one alone)."""
    import math

    from shengji_desktop.ui.windows.replay_scene import OPEN_ROW

    record = played_record(game, 7, 1)
    full = RecordReplay(*_read(record))
    span = full.spans()[0]
    k = next(i for i in range(span.first, span.last) if full.match_at(i).hand.phase.name == "PLAY")
    while len(seat_view(full.match_at(k), Seat.E).hand) > cards_left:
        k += 1
    rw = ReplayWindow(full, game.value)
    qtbot.addWidget(rw)
    rw.show()
    rw.goto(k)
    rw.open_box.setChecked(True)
    settle(qtbot, rw)
    scene = rw.scene
    plate = scene.plates[Seat.N]
    box = plate.mapRectToScene(plate.boundingRect())
    across = [i.mapRectToScene(i.boundingRect()) for i in scene.open[Seat.N]]
    assert across and not [r for r in across if r.intersects(box)]
    right = scene.open_spots(Seat.E, cards_left)
    rows: dict[float, int] = {}
    for spot in right:
        rows[spot.y()] = rows.get(spot.y(), 0) + 1
    assert len(rows) == math.ceil(cards_left / OPEN_ROW)
    assert max(rows.values()) - min(rows.values()) <= 1, rows
    rw.close()
