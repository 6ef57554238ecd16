"""The action bar fits the table at 1024×600 (issue 17, item 6): in every phase of every game
where the human has buttons, each button lies within the table's view, overlaps no seat box
and shows its whole label, in the default 中文 + English mode (the longest words) and in 中文.
Positions are prepared with the engine (searched over seeds, never assumed) and played
through the window."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtWidgets import QAbstractButton
from ui_driver import WAIT_MS
from ui_matches import Played, play_until

from shengji_desktop.engine.actions import Act
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.ui import i18n
from shengji_desktop.ui.table.seatplate import SeatPlate
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


def moves(view: SeatView, kind: Act) -> list:
    return [m for m in view.legal if m.kind is kind]


def kinds(*wanted: Act, at_least: int = 1) -> Callable[[SeatView], bool]:
    return lambda v: sum(len(moves(v, k)) for k in wanted) >= at_least


# (game, what the position needs, seeds known to reach it)
POSITIONS: dict[str, tuple[Game, Callable[[SeatView], bool], range]] = {
    "dl-declare": (
        Game.DL,
        lambda v: v.phase is Phase.DECLARE and kinds(Act.DECLARE)(v),
        range(1, 200),
    ),
    "dl-declare-many": (
        Game.DL,
        lambda v: v.phase is Phase.DECLARE and kinds(Act.DECLARE, at_least=3)(v),
        range(1, 300),
    ),
    "dl-revolt": (Game.DL, kinds(Act.REVOLT), range(1, 300)),
    "dl-tribute": (Game.DL, kinds(Act.TRIBUTE), range(1, 120)),
    "dl-return": (Game.DL, kinds(Act.RETURN), range(1, 120)),
    "dl-bury": (Game.DL, kinds(Act.BURY), range(1, 60)),
    "dl-bury-jokers": (Game.DL, kinds(Act.BURY_JOKERS, at_least=2), range(1, 300)),
    "dl-play": (Game.DL, lambda v: kinds(Act.PLAY)(v) and bool(v.trick), range(1, 30)),
    "tr-declare": (
        Game.TR,
        lambda v: v.phase is Phase.DECLARE and kinds(Act.DECLARE)(v),
        range(1, 200),
    ),
    "tr-bury": (Game.TR, kinds(Act.BURY), range(1, 60)),
    "tr-lead": (Game.TR, lambda v: kinds(Act.PLAY)(v) and not v.trick, range(1, 30)),
    "sd-bid": (Game.SD, kinds(Act.BID, at_least=4), range(1, 100)),
    "sd-trump": (Game.SD, kinds(Act.CHOOSE_TRUMP), range(1, 100)),
    "sd-bury": (Game.SD, kinds(Act.BURY), range(1, 100)),
    "sd-claim": (Game.SD, kinds(Act.CLAIM), range(1, 300)),
}


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


def bar_problems(window: MainWindow) -> list[str]:
    """What is wrong with the action bar's buttons as they are on screen."""
    view = window.table.view
    vp = view.viewport()
    plates = []
    for plate in window.table.scene.plates.values():
        if plate.isVisible():
            box = plate.mapRectToScene(QRectF(0, 0, SeatPlate.WIDTH, SeatPlate.HEIGHT))
            plates.append(view.mapFromScene(box).boundingRect())
    problems = []
    buttons = [
        b for b in window.table.bar.findChildren(QAbstractButton) if b.isVisibleTo(window.table.bar)
    ]
    assert buttons, "no buttons on the bar"
    for b in buttons:
        rect = QRect(b.mapTo(vp, QPoint(0, 0)), b.size())
        if not vp.rect().contains(rect):
            problems.append(f"{b.text()!r} {rect} leaves the table {vp.rect()}")
        for box in plates:
            if rect.intersects(box):
                problems.append(f"{b.text()!r} {rect} covers a seat box {box}")
        if b.width() < b.sizeHint().width():
            problems.append(f"{b.text()!r} is cut: {b.width()} < {b.sizeHint().width()}")
    return problems


def open_at(qtbot, tmp_path, match: Match, size: tuple[int, int]) -> MainWindow:
    window = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.table.animator.set_speed("instant")
    s = window.games.start_match(match, ["human", "random", "random", "random"], [])
    qtbot.waitUntil(lambda: s.waiting == "human" and not s.busy, timeout=WAIT_MS)
    window.table.refresh_actions()
    return window


@pytest.mark.parametrize(
    ("size", "mode"), [((1024, 600), "both"), ((1024, 600), "zh"), ((1280, 720), "both")]
)
@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_the_buttons_fit_the_table(qtbot, tmp_path, position, size, mode) -> None:
    game, wanted, seeds = POSITIONS[position]
    match = prepare(game, wanted, seeds)
    i18n.install(mode)
    window = None
    try:
        window = open_at(qtbot, tmp_path, match, size)
        assert window.table.view.viewport().width() < size[0] - 250
        problems = bar_problems(window)
        assert not problems, problems
    finally:
        if window is not None:
            window.stop_session()
        i18n.install("en")


def test_joker_burials_fold_into_a_chooser_that_buries(qtbot, tmp_path) -> None:
    from ui_driver import Seen, press

    from shengji_desktop.engine import events as ev
    from shengji_desktop.ui.panels.choices import button_key

    game, wanted, seeds = POSITIONS["dl-bury-jokers"]
    match = prepare(game, wanted, seeds)
    i18n.install("both")
    window = None
    try:
        window = open_at(qtbot, tmp_path, match, (1024, 600))
        s = window.session
        seen = Seen(s)
        burials = moves(s.view, Act.BURY_JOKERS)
        keys = [button_key(a) for a in burials]
        assert all(k in window.table.bar.menu_actions for k in keys), sorted(
            window.table.bar.buttons
        )
        chooser = window.table.bar.buttons[keys[-1]]
        assert chooser.menu() is not None and len(chooser.menu().actions()) == len(keys)
        jokers = burials[-1].cards  # grouped: 大王×2, not 大王 大王
        text = window.table.bar.menu_actions[keys[-1]].text()
        assert ("×" in text) == (len(set(jokers)) < len(jokers)), text
        press(window, qtbot, keys[-1])
        qtbot.waitUntil(lambda: any(isinstance(e, ev.JokersBuried) for e in seen), timeout=WAIT_MS)
        done = next(e for e in seen if isinstance(e, ev.JokersBuried))
        assert done.seat is Seat.S and tuple(done.jokers) == tuple(burials[-1].cards)
    finally:
        if window is not None:
            window.stop_session()
        i18n.install("en")


@pytest.mark.parametrize("mode", ["both", "zh", "en"])
def test_a_long_notice_keeps_clear_of_the_seat_boxes(qtbot, tmp_path, mode) -> None:
    """At 1024×600 in 中文 + English the notice "Passing is your only move: passing for you in a
    moment (Settings)" ran under the viewer's seat box, hiding its card count: a notice wider
    than the room beside the seat box is wrapped to it."""
    game, wanted, seeds = POSITIONS["dl-declare"]
    match = prepare(game, wanted, seeds)
    i18n.install(mode)
    window = None
    try:
        window = open_at(qtbot, tmp_path, match, (1024, 600))
        window.table.bar.set_notice(
            i18n.tr("Passing is your only move: passing for you in a moment (Settings)")
        )
        window.table.place_bar()
        notice = window.table.bar.notice
        vp = window.table.view.viewport()
        rect = QRect(notice.mapTo(vp, QPoint(0, 0)), notice.size())
        assert vp.rect().contains(rect), (rect, vp.rect())
        for plate in window.table.scene.plates.values():
            box = plate.mapRectToScene(QRectF(0, 0, SeatPlate.WIDTH, SeatPlate.HEIGHT))
            assert not rect.intersects(window.table.view.mapFromScene(box).boundingRect()), rect
        # the whole text is shown: every line of it fits the label's width
        assert notice.heightForWidth(notice.width()) <= notice.height() or not notice.wordWrap()
    finally:
        if window is not None:
            window.stop_session()
        i18n.install("en")
