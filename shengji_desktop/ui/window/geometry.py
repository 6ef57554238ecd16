"""The main window's size and place, kept in the settings between runs per screen size
(``ui/geometry/1024x600``, the screen's available size; ``fit``): restored at start when the
place kept for a screen of that size fits it, else the default size fitted to the screen the
window opens on and centred there. A place kept by an older version under ``ui/geometry``
itself is taken once, if it fits."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QWidget

from ..fit import available, fit_window, fits, keep_inside, restore_place, save_place

GEOMETRY_KEY = "ui/geometry"


def save_geometry(window: QWidget, settings: QSettings) -> None:
    save_place(window, settings, GEOMETRY_KEY)


def restore_geometry(window: QWidget, settings: QSettings, default: tuple[int, int]) -> bool:
    """Give the window the size and place kept for a screen of this size (True); with none
    kept, or one that would not fit now, the default size as far as the screen allows, centred
    on it (False)."""
    if restore_place(window, settings, GEOMETRY_KEY, default):
        return True
    legacy = settings.value(GEOMETRY_KEY)  # one place for every screen (before issue 36)
    if isinstance(legacy, QByteArray | bytes):
        if window.restoreGeometry(QByteArray(legacy)) and fits(window, available(window)):
            keep_inside(window)
            return True
        fit_window(window, default)
    return False
