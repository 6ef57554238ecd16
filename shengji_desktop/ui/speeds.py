"""Animation speeds: factors of the normal durations, and their names in the menus."""

from __future__ import annotations

from .i18n import tr

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


def speed_names() -> dict[str, str]:
    return {
        "slow": tr("Slow"),
        "normal": tr("Normal"),
        "fast": tr("Fast"),
        "instant": tr("Instant"),
    }
