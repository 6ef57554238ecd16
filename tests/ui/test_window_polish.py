"""The window around the table (issue 17, item 12): a new game asks before it replaces the
match in progress; the window's size and place are kept; whose turn it is has one source;
the settlement box leaves the seat box across free; the tribute passed lies on the table."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PySide6.QtCore import QRectF
from ui_driver import WAIT_MS, Seen, human_turn
from ui_driver import play_until as drive
from ui_matches import Played, play_until

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.ui import dialogs
from shengji_desktop.ui.session.session import Session
from shengji_desktop.ui.table.seatplate import SeatPlate
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


def prepare(game: Game, wanted: Callable[[SeatView], bool], seeds: range) -> Match:
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


# ---------------------------------------------------------------------- a new game


def test_a_new_game_asks_before_it_replaces_the_match_in_progress(
    window, qtbot, monkeypatch
) -> None:
    match = prepare(Game.TR, lambda v: v.phase is Phase.PLAY, range(1, 10))
    s, _ = start(window, qtbot, match)
    monkeypatch.setattr(dialogs.NewGameDialog, "exec", lambda self: 1)  # Start pressed
    asked: list[str] = []
    answer = [False]

    def question(parent, title, text, yes, no):
        asked.append(text)
        return answer[0]

    monkeypatch.setattr(dialogs, "ask_box", question)
    window.ask_new_game()
    assert len(asked) == 1 and window.session is s  # No: the match goes on
    answer[0] = True
    window.ask_new_game()
    assert len(asked) == 2 and window.session is not s and window.session is not None


# ---------------------------------------------------------------------- size and place


def test_the_window_keeps_its_size_and_place(qtbot, tmp_path) -> None:
    first = MainWindow(save_path=tmp_path / "a.json", check_save=False)
    qtbot.addWidget(first)
    first.show()
    first.resize(700, 520)
    first.move(30, 40)
    qtbot.waitUntil(lambda: first.size().width() == 700, timeout=WAIT_MS)
    where = first.geometry()
    first.close()
    second = MainWindow(save_path=tmp_path / "a.json", check_save=False)
    qtbot.addWidget(second)
    assert second.size() == where.size()
    moved = second.pos() - first.pos()  # (a window frame may round its place by a pixel)
    assert abs(moved.x()) <= 4 and abs(moved.y()) <= 4, (first.pos(), second.pos())
    second.close()


def test_a_place_off_every_screen_comes_back_to_one(qtbot, tmp_path) -> None:
    from PySide6.QtGui import QGuiApplication

    first = MainWindow(save_path=tmp_path / "a.json", check_save=False)
    qtbot.addWidget(first)
    first.show()
    first.resize(700, 520)
    first.move(9000, 7000)  # a screen since unplugged
    first.close()
    second = MainWindow(save_path=tmp_path / "a.json", check_save=False)
    qtbot.addWidget(second)
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert area.intersects(second.frameGeometry()) and area.contains(second.geometry().center())


# ---------------------------------------------------------------------- whose turn


def test_the_panel_and_the_bar_name_the_same_turn(window, qtbot) -> None:
    match = prepare(Game.TR, lambda v: v.phase is Phase.PLAY and not v.trick, range(1, 10))
    s, _ = start(window, qtbot, match)
    window.table.animator.set_speed("slow")  # the table lags behind the match
    human_turn_started = s.waiting == "human"
    assert human_turn_started
    seen: list[tuple[str, str]] = []

    def look() -> None:
        plates = [s for s, p in window.table.scene.plates.items() if p.turn]
        seen.append((window.table.bar.prompt.text(), window.table.panel.turn_label.text()))
        if window.table.bar.prompt.text().startswith("Waiting for"):
            assert len(plates) == 1 and plates[0] is not Seat.S, plates  # and the plates

    s.prompt_changed.connect(look)
    human_turn(window, qtbot, random.Random(1))

    def waited() -> list[tuple[str, str]]:
        return [(prompt, panel) for prompt, panel in seen if prompt.startswith("Waiting for ")]

    qtbot.waitUntil(lambda: bool(waited()), timeout=WAIT_MS)
    for prompt, panel in waited():  # one at least: the waitUntil above
        who = prompt.removeprefix("Waiting for ").rstrip("…")
        assert f"Turn: {who}" in panel, (prompt, panel)


# ---------------------------------------------------------------------- the settlement


def test_the_settlement_leaves_the_seat_box_across_free(window, qtbot) -> None:
    match = prepare(Game.DL, lambda v: v.phase is Phase.PLAY and len(v.hand) <= 2, range(1, 20))
    s, _ = start(window, qtbot, match)
    drive(window, qtbot, lambda: s.waiting in ("next_hand", "over"), random.Random(2))
    qtbot.waitUntil(window.table.overlay.isVisible, timeout=WAIT_MS)
    window.table.place_bar()
    view = window.table.view
    box = window.table.overlay.geometry()
    for seat, plate in window.table.scene.plates.items():
        rect = view.mapFromScene(
            plate.mapRectToScene(QRectF(0, 0, SeatPlate.WIDTH, SeatPlate.HEIGHT))
        ).boundingRect()
        assert not box.intersects(rect), (seat, box, rect)
    # and every value line is as tall as its wrapped text
    wrapped = 0
    for label in window.table.overlay.body.findChildren(type(window.table.overlay.title)):
        if label.wordWrap():
            assert label.height() >= label.heightForWidth(label.width()), label.text()
            wrapped += 1
    assert wrapped, "the settlement shows no wrapped value line: none was checked"


# ---------------------------------------------------------------------- tribute on the table


def test_the_tribute_paid_lies_on_the_table_face_up_for_its_payer(window, qtbot) -> None:
    match = prepare(
        Game.DL, lambda v: bool([m for m in v.legal if m.kind is Act.TRIBUTE]), range(1, 120)
    )
    s, seen = start(window, qtbot, match)
    receiver = s.view.tribute.receiver
    # What the table shows as the tribute is laid down: the computer seats play on at once, and
    # the passes leave the table when trick play starts.
    passes = window.table.scene.passes
    laid: list = []
    add = passes.add

    def add_and_look(*args, **kwargs):
        add(*args, **kwargs)
        laid.append(passes.texts())

    passes.add = add_and_look
    paid = human_turn(window, qtbot, random.Random(3))
    shown = laid[0] if laid else []
    assert shown, "nothing of the tribute on the table"
    giver, caption, cards = shown[0]
    names = {Seat.E: "Right", Seat.N: "Across", Seat.W: "Left"}
    assert giver is Seat.S and caption == f"Tribute to {names[receiver]}"
    assert sorted(cards) == sorted(int(c) for c in paid.cards)


def test_other_seats_tribute_shows_who_gave_how_many_to_whom(window, qtbot) -> None:
    def others_pay(v: SeatView) -> bool:
        # the dealer's 上家 pays the dealer (DL-TRIB-2): with North or West dealing, South
        # is neither
        return (
            v.phase is Phase.DECLARE
            and v.hand_number >= 2
            and v.dealer in (Seat.N, Seat.W)
            and v.blood > 0
            and bool([m for m in v.legal if m.kind is Act.PASS])
        )

    match = prepare(Game.DL, others_pay, range(1, 150))
    s, seen = start(window, qtbot, match)
    # Read the table as each tribute is laid: the computer seats play on at once, and a later
    # hand's tribute may have South as its receiver (who sees the cards).
    passes = window.table.scene.passes
    laid: list = []
    add = passes.add

    def add_and_look(*args, **kwargs):
        add(*args, **kwargs)
        paid = [e for e in seen if isinstance(e, ev.TributePaid)]
        laid.append((paid[0] if paid else None, passes.texts()))

    passes.add = add_and_look

    def shows(paid, texts) -> bool:
        return paid is not None and paid.seat in [giver for giver, _, _ in texts]

    drive(window, qtbot, lambda: any(shows(*look) for look in laid), random.Random(4))
    paid, texts = next(look for look in laid if shows(*look))
    # the first tribute is this hand's: North or West deals, South neither pays nor receives
    assert paid.cards is None  # hidden from this seat
    rows = {giver: (caption, cards) for giver, caption, cards in texts}
    caption, cards = rows[paid.seat]
    assert cards == [None] * paid.count  # backs: how many, not which
    assert caption.startswith("Tribute to ")
