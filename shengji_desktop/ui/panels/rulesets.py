"""The rule set of a game in words: a preset's name and what it sets (rules/presets.py), and
the rules tab's rows, the rule set first, then every option of the game."""

from __future__ import annotations

from shengji_desktop.rules.options import OPTION_SPECS, Game, Options
from shengji_desktop.rules.presets import Preset, preset_of

from ..i18n import tr
from ..texts import option_label, value_text


def preset_name(preset: Preset | None) -> str:
    """A preset's name for players; None: options chosen one by one (Custom)."""
    if preset is None:
        return tr("Custom")
    return {
        "original": tr("Original rules"),
        "mainstream": tr("Mainstream (as played online)"),
    }.get(preset.name, preset.name)


def preset_help(preset: Preset | None) -> str:
    """One line on what a preset sets, for its tooltip."""
    if preset is None:
        return tr("Rule options chosen one by one.")
    return {
        "original": tr("Every option at its default: the rules as the rule pages give them."),
        "mainstream": tr(
            "Levels 2 to A, a dug kitty counts double, failed throws played, kitty face down."
        ),
    }.get(preset.name, "")


def options_summary(game: Game, options: Options) -> list[tuple[str, str]]:
    """(label, value) of the rule set (its preset, or Custom) and every option that applies to
    the game, for the side panel's rules tab."""
    return [
        (tr("Rule set"), preset_name(preset_of(game, options))),
        *(
            (option_label(spec.name), value_text(spec, getattr(options, spec.name)))
            for spec in OPTION_SPECS
            if spec.applies(game)
        ),
    ]
