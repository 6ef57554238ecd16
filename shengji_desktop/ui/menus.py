"""The window's menus: Game (new, continue, host, resume, join, quit), Settings (language,
animation speed, sound) and Help."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from . import i18n
from .i18n import tr
from .speeds import speed_names

if TYPE_CHECKING:
    from .app import MainWindow


def build_menus(w: MainWindow) -> None:
    """Build (or rebuild, after a language switch) the menu bar and its actions."""
    bar = w.menuBar()
    bar.clear()
    game_menu = bar.addMenu(tr("&Game"))
    w.new_game_action = QAction(tr("&New game…"), w)
    w.new_game_action.setShortcuts(QKeySequence.StandardKey.New)
    w.new_game_action.triggered.connect(w.ask_new_game)
    game_menu.addAction(w.new_game_action)
    w.continue_action = QAction(tr("&Continue saved game"), w)
    w.continue_action.setEnabled(w.games.offer is not None)
    w.continue_action.triggered.connect(w.continue_saved)
    game_menu.addAction(w.continue_action)
    game_menu.addSeparator()
    w.host_action = QAction(tr("&Host a table…"), w)
    w.host_action.triggered.connect(lambda: w.built_then(w.lan.ask_host))
    game_menu.addAction(w.host_action)
    w.resume_host_action = QAction(tr("&Resume the hosted table"), w)
    w.resume_host_action.triggered.connect(lambda: w.built_then(w.lan.ask_resume_host))
    game_menu.addAction(w.resume_host_action)
    game_menu.aboutToShow.connect(w.lan.update_resume_action)
    w.join_action = QAction(tr("&Join a table…"), w)
    w.join_action.triggered.connect(lambda: w.built_then(w.lan.ask_join))
    game_menu.addAction(w.join_action)
    game_menu.addSeparator()
    w.aids.add_to_game_menu(game_menu)  # 记牌器, 托管 (ui/aids.py)
    stats = game_menu.addAction(tr("&Statistics…"))
    stats.triggered.connect(lambda: open_statistics(w))
    history = game_menu.addAction(tr("Hand &history…"))
    history.triggered.connect(lambda: open_history(w))
    open_replay = game_menu.addAction(tr("Open &replay…"))
    open_replay.triggered.connect(lambda: ask_open_replay(w))
    replay_live = game_menu.addAction(tr("Replay this &match"))
    replay_live.triggered.connect(lambda: replay_live_match(w))
    game_menu.addSeparator()
    w.quit_action = QAction(tr("&Quit"), w)
    w.quit_action.setShortcuts(QKeySequence.StandardKey.Quit)
    w.quit_action.triggered.connect(w.close)
    game_menu.addAction(w.quit_action)

    settings_menu = bar.addMenu(tr("&Settings"))
    lang_menu = settings_menu.addMenu(tr("Language"))
    group = QActionGroup(w)
    mode = i18n.current_mode()
    w.language_actions = {}
    for key, name in i18n.language_names().items():
        act = QAction(name, w, checkable=True)
        act.setChecked(key == mode)
        act.triggered.connect(lambda _=False, k=key: w.set_language(k))
        group.addAction(act)
        lang_menu.addAction(act)
        w.language_actions[key] = act
    speed_menu = settings_menu.addMenu(tr("Animation speed"))
    sgroup = QActionGroup(w)
    current = str(w.settings.value("ui/speed", "normal"))
    w.speed_actions = {}
    for key, name in speed_names().items():
        act = QAction(name, w, checkable=True)
        act.setChecked(key == current)
        act.triggered.connect(lambda _=False, k=key: w.set_speed(k))
        sgroup.addAction(act)
        speed_menu.addAction(act)
        w.speed_actions[key] = act
    w.aids.add_to_settings_menu(settings_menu)
    w.cues.add_to_settings_menu(settings_menu)  # four colours, the hand's sort (ui/cues.py)
    w.sounds.add_to_settings_menu(settings_menu)  # mute, volume, reminder (ui/sound.py)

    help_menu = bar.addMenu(tr("&Help"))
    rules = help_menu.addAction(tr("&Rules…"))
    rules.setObjectName("rules")
    rules.triggered.connect(lambda: show_rules(w))
    keys = QAction(tr("&Keyboard"), w)
    keys.triggered.connect(w.show_keys)
    help_menu.addAction(keys)
    w.about_action = QAction(tr("&About"), w)
    w.about_action.triggered.connect(w.show_about)
    help_menu.addAction(w.about_action)


# The windows and dialogs behind the menus load when first asked for, not with the start
# screen (issue 21).


def open_statistics(w: MainWindow) -> None:
    from . import stats_link

    stats_link.open_statistics(w)


def open_history(w: MainWindow) -> None:
    from . import stats_link

    stats_link.open_history(w)


def ask_open_replay(w: MainWindow) -> None:
    from . import replay_open

    replay_open.ask_open(w)


def replay_live_match(w: MainWindow) -> None:
    from . import replay_open

    replay_open.replay_live(w)


def show_rules(w: MainWindow) -> None:
    from .rules_window import open_rules

    open_rules(w)
