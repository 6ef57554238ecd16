"""Whole hands of each game played through the window: the human seat clicks cards and
presses buttons, the computer seats are random players, animations are instant."""

from __future__ import annotations

import random

import pytest
from ui_driver import play_until

from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.dialogs import NewGame

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(
    ("game", "seed"),
    [(Game.SD, 3), (Game.TR, 5), pytest.param(Game.DL, 11, marks=pytest.mark.slow)],
)
def test_a_whole_hand_through_the_widgets(window, qtbot, game, seed) -> None:
    s = window.games.start_new(
        NewGame(game, Options(), ["human", "random", "random", "random"], "instant"), seed=seed
    )
    assert window.session is s and not s.remote
    rng = random.Random(seed)
    decisions = play_until(window, qtbot, lambda: bool(s.view and s.view.history), rng)
    assert decisions > 0
    qtbot.waitUntil(lambda: s.waiting in ("next_hand", "over"), timeout=30000)
    assert window.table.overlay.isVisible()
    assert window.table.last_view is s.view and len(s.view.history) == 1
    assert window.table.score.rowCount() == 1
    assert window.table.log.rowCount() > 10
