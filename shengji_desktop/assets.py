"""Where the program's data files are: the compiled Chinese catalogue and the assets (icons).

In the repository they sit at the top, beside the package: ``translations/`` (``zh_CN.ts``, the
source, and ``zh_CN.qm``, what ``scripts/translations`` compiles from it) and ``resources/``
(the icon in every size, ``.ico`` and ``.icns``, the macOS bundle's strings, the sound
effects in ``sounds/``, and ``rules/``: the rules for players, one HTML page a game and
language). A wheel and the
frozen app carry what the program reads inside the package, at ``shengji_desktop/_data/``
(``setup.py`` copies it there when it builds the package; ``build.spec`` puts it at the same
path under ``sys._MEIPASS``). A source checkout (the editable install that ``scripts/check`` and
``scripts/play`` make) has no ``_data`` folder and reads the repository's folders.

Plain Python, no Qt: ``setup.py`` runs this file to learn what to copy.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
BUNDLED_DIR = PACKAGE_DIR / "_data"

# What a wheel and the frozen app carry: folder -> file patterns. Not the catalogue's source
# (zh_CN.ts), nor the bundle's own files (resources/macos/, which build.spec puts into the
# macOS .app's Contents/Resources).
BUNDLED = {
    "translations": ("*.qm",),
    "resources": ("*.png", "*.ico", "*.icns"),
    "resources/rules": ("*.html",),  # the rules for players (ui/rules_window.py)
    "resources/sounds": ("*.wav",),  # scripts/make_sounds.py
}

# The files the program reads (the self-test checks that they are there).
DATA_FILES = (
    "translations/zh_CN.qm",
    "resources/icon-64.png",
    "resources/icon-256.png",
    *(
        f"resources/rules/{page}.{lang}.html"
        for page in ("common", "dl", "tr", "sd")
        for lang in ("zh", "en")
    ),
    "resources/sounds/play.wav",
)


def data_root() -> Path:
    """The folder holding ``translations/`` and ``resources/``."""
    return BUNDLED_DIR if BUNDLED_DIR.is_dir() else PACKAGE_DIR.parent


def bundled_files(root: Path) -> list[tuple[Path, str]]:
    """(file, folder relative to ``_data``) for each file to ship, from a checkout at ``root``."""
    found = []
    for folder, patterns in BUNDLED.items():
        for pattern in patterns:
            found += [(path, folder) for path in sorted((root / folder).glob(pattern))]
    return found


DATA_ROOT = data_root()
TRANSLATIONS_DIR = DATA_ROOT / "translations"
RESOURCES_DIR = DATA_ROOT / "resources"
