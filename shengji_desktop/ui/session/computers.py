"""The window's computer players, and how long the expert thinks (issue 41: "a longer default
budget (3 s, a setting)"): **Settings → Expert's time per move** (``ui.aids.thinking``), 2, 3, 5
or 10 seconds a decision.

Every computer player the window makes comes from ``make_player`` here: the seats of a game on
this computer, 托管, a LAN table's computer seats and stand-ins hosted here. An expert made so
thinks the time the setting says; a change reaches the experts already at a table from their
next decision. The other strengths are made as the ``ai`` package makes them (hard keeps its
second). The command line's experts (the arena, analysis) take ``--budget`` instead."""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings

if TYPE_CHECKING:
    from shengji_desktop.engine.table import Player

EXPERT_SECONDS_KEY = "ai/expert_seconds"
CHOICES = (2.0, 3.0, 5.0, 10.0)
DEFAULT = 3.0
"""``ai.EXPERT_BUDGET`` (a test holds them equal: the ``ai`` package loads with a game, not
with the menus)."""

_AT_TABLES: weakref.WeakSet[Any] = weakref.WeakSet()  # the experts made here, still in play
_LOCK = threading.Lock()  # a LAN table makes its stand-ins on its own thread


def expert_seconds(settings: QSettings | None = None) -> float:
    """The expert's time per decision as set (one of ``CHOICES``), else ``DEFAULT``."""
    raw = (settings or QSettings()).value(EXPERT_SECONDS_KEY, DEFAULT)
    try:
        seconds = float(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT
    return seconds if seconds in CHOICES else DEFAULT


def set_expert_seconds(seconds: float, settings: QSettings | None = None) -> None:
    """Keep the setting, and give it to the experts at the tables now."""
    if seconds not in CHOICES:
        raise ValueError(f"the expert's time must be one of {CHOICES}, not {seconds}")
    (settings or QSettings()).setValue(EXPERT_SECONDS_KEY, seconds)
    with _LOCK:
        players = list(_AT_TABLES)
    for player in players:
        player.budget = seconds  # read at its next decision (a float: one store)


def make_player(kind: str, seed: str) -> Player:
    """The window's computer player of strength ``kind`` (``engine.headless.PlayerFactory``):
    an expert thinks as long as the setting says."""
    from shengji_desktop.ai import make_player as make

    if kind != "expert":
        return make(kind, seed)
    player = make(kind, seed, budget=expert_seconds())
    with _LOCK:
        _AT_TABLES.add(player)
    return player
