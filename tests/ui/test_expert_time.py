"""Settings → Expert's time per move (issue 41: the expert's "longer default budget (3 s, a
setting)"): the window's experts think as long as it says, at every table the window makes, and
a change reaches the experts already playing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from shengji_desktop import ai
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.ui.dialogs import NewGame
from shengji_desktop.ui.session import computers

pytestmark = pytest.mark.gui


def test_the_default_is_the_experts_own_and_a_stored_value_is_checked(qapp) -> None:
    assert computers.DEFAULT == ai.EXPERT_BUDGET
    s = QSettings()
    s.remove(computers.EXPERT_SECONDS_KEY)
    assert computers.expert_seconds(s) == 3.0
    for stored, read in (("5", 5.0), (10.0, 10.0), ("7", 3.0), ("soon", 3.0), ("-1", 3.0)):
        s.setValue(computers.EXPERT_SECONDS_KEY, stored)
        assert computers.expert_seconds(s) == read, stored
    with pytest.raises(ValueError):
        computers.set_expert_seconds(0.5, s)


def test_the_windows_experts_take_the_setting_and_a_change_reaches_them(qapp) -> None:
    s = QSettings()
    computers.set_expert_seconds(5.0, s)
    expert = computers.make_player("expert", "x/E")
    hard = computers.make_player("hard", "x/N")
    assert expert.budget == 5.0 and hard.budget == 1.0  # type: ignore[attr-defined]
    computers.set_expert_seconds(2.0, s)
    assert expert.budget == 2.0 and hard.budget == 1.0  # type: ignore[attr-defined]
    computers.set_expert_seconds(3.0, s)


def test_the_settings_menu_sets_the_time_of_the_experts_at_the_table(window, qtbot) -> None:
    settings_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Settings")
    (entry,) = [a for a in settings_menu.actions() if a.text() == "Expert's time per move"]
    times = [a for a in entry.menu().actions() if a.isCheckable()]
    assert [a.text() for a in times] == ["2 seconds", "3 seconds", "5 seconds", "10 seconds"]
    assert [a.isChecked() for a in times] == [False, True, False, False]
    s = window.games.start_new(
        NewGame(Game.SD, Options(), ["human", "expert", "normal", "expert"], "instant"), seed=3
    )
    players = s.link.table.players  # type: ignore[attr-defined]
    assert players[Seat.E].budget == players[Seat.W].budget == 3.0
    times[2].trigger()  # 5 seconds
    assert QSettings().value(computers.EXPERT_SECONDS_KEY) in (5.0, "5.0", "5")
    assert players[Seat.E].budget == players[Seat.W].budget == 5.0
    assert not hasattr(players[Seat.N], "budget")  # normal has none
    assert [a.isChecked() for a in times] == [False, False, True, False]
    times[1].trigger()
