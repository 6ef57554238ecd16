"""Which formatter speaks for which game: one ``GameText`` per ``Game``."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from shengji_desktop.rules.options import Game

from .base import GameText
from .dl import DLText
from .sd import SDText
from .tr import TRText

FORMATS: Mapping[Game, GameText] = MappingProxyType(
    {Game.DL: DLText(), Game.TR: TRText(), Game.SD: SDText()}
)


def game_text(game: Game) -> GameText:
    return FORMATS[game]
