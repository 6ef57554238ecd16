"""Where the program keeps its saved game: apart from ``record`` (and the codec it loads), so
that the window can look for the autosave at its start without loading them (issue 21)."""

from __future__ import annotations

from pathlib import Path


def default_save_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("shengji-desktop", appauthor=False)) / "autosave.json"
