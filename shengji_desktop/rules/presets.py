"""Named rule presets: a name and a set of option values (RULES.md §5), nothing else.

A preset has no rule of its own: choosing it sets options, and the options decide the game. A
match's preset is not stored anywhere; it is read back from the match's options
(``preset_of``), so a saved game, a record or a LAN table shows the preset it was played with.
Options that do not apply to a game do not count for it (a DL match is "original" whatever its
TR options say); options that match no preset are a custom set (``preset_of`` gives None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .options import DEFAULT_OPTIONS, OPTION_SPECS, Game, Options


@dataclass(frozen=True, slots=True)
class Preset:
    """``name`` (a key, not a player's word: the GUI names presets in the player's language)
    and the options it sets: those it names, every other one at its default."""

    name: str
    options: Options = DEFAULT_OPTIONS

    def games(self) -> tuple[Game, ...]:
        """The games whose options the preset changes (none: the defaults)."""
        return tuple(g for g in Game if self.options.for_game(g) != DEFAULT_OPTIONS.for_game(g))


ORIGINAL: Final = Preset("original")
"""The rules as the seeds write them: every default (RULES.md §5)."""

MAINSTREAM: Final = Preset(
    "mainstream",
    Options(
        tr_level_base="2_low",  # levels from 2 up to A (TR-DECK-3)
        tr_kitty_multiplier=2,  # the kitty's points doubled when dug (TR-SCORE-1)
        tr_throw_check="penalty",  # a failed throw is played, its smallest part (TR-LEAD-5)
        tr_kitty_face="down",  # the kitty buried face down (TR-KITTY-2)
    ),
)
"""TR as most players learned it on QQ 升级 or 欢乐升级."""

PRESETS: Final[tuple[Preset, ...]] = (ORIGINAL, MAINSTREAM)
"""Every preset, the default first."""


def presets_for(game: Game) -> tuple[Preset, ...]:
    """The presets that differ for ``game``: the default, then each one that changes an option
    of the game (a TR preset is not offered for DL, where it would be the defaults again)."""
    return tuple(p for p in PRESETS if p is ORIGINAL or game in p.games())


def preset_of(game: Game, options: Options) -> Preset | None:
    """The preset whose values ``options`` has for every option of ``game`` (global ones
    included); None for a custom set."""
    wanted = options.for_game(game)
    for preset in presets_for(game):
        if preset.options.for_game(game) == wanted:
            return preset
    return None


def with_preset(
    preset: Preset, options: Options = DEFAULT_OPTIONS, game: Game | None = None
) -> Options:
    """``options`` with every option of ``game`` (all games: None) set as ``preset`` has it."""
    changes = {
        s.name: getattr(preset.options, s.name)
        for s in OPTION_SPECS
        if game is None or s.applies(game)
    }
    return options.with_(**changes)
