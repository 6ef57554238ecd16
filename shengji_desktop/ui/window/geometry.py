"""The window's size and place, kept in the settings between runs: restored at start when
it still lies on a screen (the screens may have changed since), else the default size in the
middle of the primary screen."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QPoint, QRect, QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

GEOMETRY_KEY = "ui/geometry"


def save_geometry(window: QWidget, settings: QSettings) -> None:
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())


def on_a_screen(rect: QRect) -> bool:
    """Whether the middle of the window's top edge (its title bar) lies on a screen, with a
    quarter of the window at least, and the window is no larger than that screen."""
    top = QPoint(rect.center().x(), rect.top() + 5)
    for screen in QGuiApplication.screens():
        area = screen.availableGeometry()
        if area.contains(top):
            shown = area.intersected(rect)
            big = rect.width() > area.width() + 40 or rect.height() > area.height() + 40
            return not big and 4 * shown.width() * shown.height() >= rect.width() * rect.height()
    return False


def restore_geometry(window: QWidget, settings: QSettings, default: tuple[int, int]) -> bool:
    """Give the window its saved size and place (True); with none saved, the default size;
    with one that would not be on a screen now, the default size centred on the primary
    screen (False both)."""
    saved = settings.value(GEOMETRY_KEY)
    if not isinstance(saved, QByteArray | bytes):
        window.resize(*default)
        return False
    if window.restoreGeometry(QByteArray(saved)) and on_a_screen(window.frameGeometry()):
        return True
    screen = QGuiApplication.primaryScreen()
    window.resize(*default)
    if screen is not None:
        area = screen.availableGeometry()
        w, h = min(default[0], area.width()), min(default[1], area.height())
        x, y = area.x() + (area.width() - w) // 2, area.y() + (area.height() - h) // 2
        window.setGeometry(QRect(x, y, w, h))
    return False
