"""Rule presets (rules/presets.py): a preset is a name and option values of RULES.md §5, valid
options and nothing else; the original rules are the defaults; the mainstream set is TR as
played on QQ and 欢乐升级 (TR-DECK-3 levels 2 to A, TR-SCORE-1 kitty ×2, TR-LEAD-5 failed throw
penalty, TR-KITTY-2 kitty face down); a match's preset is read back from its options."""

from __future__ import annotations

import pytest

from shengji_desktop.rules.options import DEFAULT_OPTIONS, OPTION_SPECS, Game, Options
from shengji_desktop.rules.presets import (
    MAINSTREAM,
    ORIGINAL,
    PRESETS,
    preset_of,
    presets_for,
    with_preset,
)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_each_presets_values_are_valid_options(preset) -> None:
    """Every value a preset sets is one of its option's documented values (RULES.md §5) and
    reads back from its documented spelling; the names are unique."""
    assert len({p.name for p in PRESETS}) == len(PRESETS)
    options = preset.options
    assert isinstance(options, Options)
    for spec in OPTION_SPECS:
        value = getattr(options, spec.name)
        assert spec.values is None or value in spec.values, (preset.name, spec.name)
    assert Options.from_dict(options.to_dict()) == options
    for game in Game:  # a preset is the preset of its own options, in each game it is for
        assert preset_of(game, options) is (preset if preset in presets_for(game) else ORIGINAL)


def test_the_original_rules_are_the_defaults_and_the_mainstream_set_is_tr_as_played_online() -> (
    None
):
    """TR-DECK-3/TR-OP-1, TR-SCORE-1/TR-OP-9, TR-LEAD-5/TR-OP-7, TR-KITTY-2: the mainstream
    preset changes these four TR options and nothing else."""
    assert ORIGINAL.options == DEFAULT_OPTIONS and PRESETS[0] is ORIGINAL
    changed = {
        name: value
        for name, value in MAINSTREAM.options.to_dict().items()
        if value != DEFAULT_OPTIONS.to_dict()[name]
    }
    assert changed == {
        "tr_level_base": "2_low",
        "tr_kitty_multiplier": "2",
        "tr_throw_check": "penalty",
        "tr_kitty_face": "down",
    }
    assert MAINSTREAM.games() == (Game.TR,) and ORIGINAL.games() == ()


def test_a_matchs_preset_is_read_from_its_options() -> None:
    """Only the options of the match's game count; one option changed makes a custom set
    (None); a preset put on other options sets the game's options only."""
    assert presets_for(Game.TR) == (ORIGINAL, MAINSTREAM)
    assert presets_for(Game.DL) == presets_for(Game.SD) == (ORIGINAL,)
    assert preset_of(Game.TR, Options()) is ORIGINAL
    assert preset_of(Game.TR, MAINSTREAM.options) is MAINSTREAM
    assert preset_of(Game.DL, MAINSTREAM.options) is ORIGINAL  # TR's options do not count
    assert preset_of(Game.TR, MAINSTREAM.options.with_(tr_kitty_face="up")) is None
    assert preset_of(Game.TR, Options(tr_kitty_face="down")) is None
    assert preset_of(Game.DL, Options(dl_revolt=False)) is None
    assert preset_of(Game.TR, Options(dl_revolt=False)) is ORIGINAL
    assert preset_of(Game.TR, Options(play_direction="cw")) is None  # global options count
    mine = Options(dl_revolt=False, sd_room="match", play_direction="cw")
    tr = with_preset(MAINSTREAM, mine, Game.TR)
    assert preset_of(Game.TR, tr) is MAINSTREAM
    assert (tr.dl_revolt, tr.sd_room, tr.play_direction) == (False, "match", "ccw")
    assert with_preset(MAINSTREAM, mine) == MAINSTREAM.options  # every game's options
