"""Windows and dialogs that fit the screen they open on (issue 36).

A window asks for the size it would like (``fit_window``) and gets at most the room of the
screen it opens on: the screen's available geometry (without task bars and docks) less the
window manager's frame, which is known once a window has been shown and guessed before
(``FRAME_GUESS``). Its minimum size is lowered where it would not fit either. A window that
is no dialog (Qt centres those on their parent) is centred on its screen. Once shown, and
again when the window manager has framed it, a window whose frame still leaks out of the
screen is moved, then shrunk, back in (``KeepInside``).

Where the player left a window is kept per screen size (``save_place``, ``restore_place``):
under ``KEY/WIDTHxHEIGHT`` of the screen's available size, restored only when it fits that
screen. This module sits at the top of ``ui/`` and imports from none of its folders, so that
every window may use it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QMargins, QObject, QRect, QSettings, QSize, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QScreen

# The window manager's frame before a window has one: a title bar and thin borders (the usual
# decorations are 25 to 38 px high). Shown once, the window's own frame is measured instead.
FRAME_GUESS = QMargins(8, 38, 8, 8)
# Checks after the first show: at once, and when a window manager has put its frame on.
SETTLE_MS = (0, 250)


def screen_for(widget: QWidget) -> QScreen | None:
    """The screen the window opens on: its parent window's, else its own (the primary screen
    unless it was placed elsewhere). Found as Qt does, by the window's middle: PySide ties the
    screen that ``QWidget.screen()`` answers to the widget's wrapper, whose collection by the
    garbage collector may then delete the screen itself (a crash at the next window made)."""
    parent = widget.parentWidget()
    top = parent.window() if parent is not None else widget
    place = top.frameGeometry() if top.isVisible() else top.geometry()
    screen = QGuiApplication.screenAt(place.center())
    return screen if screen is not None else QGuiApplication.primaryScreen()


def available(widget: QWidget) -> QRect:
    """The available geometry of the screen the window opens on (an empty rect: none)."""
    screen = screen_for(widget)
    return screen.availableGeometry() if screen is not None else QRect()


def frame_margins(widget: QWidget) -> QMargins:
    """The window manager's frame around the window: measured once shown, else guessed."""
    if not widget.isVisible():
        return FRAME_GUESS
    frame, inner = widget.frameGeometry(), widget.geometry()
    return QMargins(
        inner.left() - frame.left(),
        inner.top() - frame.top(),
        frame.right() - inner.right(),
        frame.bottom() - inner.bottom(),
    )


def room(widget: QWidget, area: QRect | None = None) -> QSize:
    """The largest size of the window's contents whose frame fits ``area`` (by default the
    available geometry of the screen the window opens on)."""
    area = available(widget) if area is None else area
    margins = frame_margins(widget)
    width = area.width() - margins.left() - margins.right()
    height = area.height() - margins.top() - margins.bottom()
    return QSize(max(1, width), max(1, height))


def fitted(wanted: QSize | tuple[int, int], space: QSize) -> QSize:
    """``wanted`` as far as ``space`` allows."""
    size = QSize(*wanted) if isinstance(wanted, tuple) else QSize(wanted)
    return size.boundedTo(space)


def lower_minimum(widget: QWidget, space: QSize) -> None:
    """A minimum size beyond ``space`` comes down to it (the contents scroll, or squeeze)."""
    least = widget.minimumSize()
    if least.width() > space.width() or least.height() > space.height():
        widget.setMinimumSize(least.boundedTo(space))


def centred(size: QSize, margins: QMargins, area: QRect) -> QRect:
    """The contents' rect of a window of ``size`` whose frame is centred in ``area``."""
    outer_w = size.width() + margins.left() + margins.right()
    outer_h = size.height() + margins.top() + margins.bottom()
    x = area.x() + max(0, (area.width() - outer_w) // 2) + margins.left()
    y = area.y() + max(0, (area.height() - outer_h) // 2) + margins.top()
    return QRect(x, y, size.width(), size.height())


def fit_window(widget: QWidget, wanted: QSize | tuple[int, int], place: bool = True) -> QSize:
    """Size the window as ``wanted`` within the room of its screen, its minimum size too, and
    (``place``; dialogs excepted: Qt centres them on their parent) centre it on that screen.
    It is kept inside once shown (``KeepInside``). The size given is returned."""
    area = available(widget)
    if area.isEmpty():
        widget.resize(QSize(*wanted) if isinstance(wanted, tuple) else wanted)
        return widget.size()
    space = room(widget, area)
    lower_minimum(widget, space)
    size = fitted(wanted, space)
    if place and not widget.inherits("QDialog"):
        widget.setGeometry(centred(size, frame_margins(widget), area))
    else:
        widget.resize(size)
    keep_inside(widget)
    return size


def bring_inside(widget: QWidget) -> bool:
    """Move, then shrink, a shown window whose frame leaks out of its screen's available
    geometry back in (a maximised or full-screen window is the window manager's). Whether it
    had to."""
    if not widget.isVisible() or widget.isMaximized() or widget.isFullScreen():
        return False
    area = available(widget)
    frame = widget.frameGeometry()
    if area.isEmpty() or area.contains(frame):
        return False
    margins = frame_margins(widget)
    space = room(widget, area)
    lower_minimum(widget, space)
    size = widget.size().boundedTo(space)
    outer_w = size.width() + margins.left() + margins.right()
    outer_h = size.height() + margins.top() + margins.bottom()
    x = min(max(frame.x(), area.x()), area.x() + area.width() - outer_w)
    y = min(max(frame.y(), area.y()), area.y() + area.height() - outer_h)
    widget.resize(size)
    widget.move(x, y)  # the frame's top left corner
    return True


class KeepInside(QObject):
    """After the window's first show (and once more when a window manager has framed it),
    brings its frame inside the screen; then leaves the window to the player. A window given
    another size meanwhile (a tool's or a test's ``resize``) is left as it was made."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.setObjectName("keep-inside")
        self.widget = widget
        self.fitted = widget.size()
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget and event.type() == QEvent.Type.Show:
            watched.removeEventFilter(self)
            for ms in SETTLE_MS:
                QTimer.singleShot(ms, self, self.check)
            QTimer.singleShot(SETTLE_MS[-1] + 1, self, self.deleteLater)
        return False

    def check(self) -> None:
        # the size fitted, or grown to the minimum its contents need when shown
        if self.widget.size() == self.fitted.expandedTo(self.widget.minimumSize()):
            bring_inside(self.widget)


def keep_inside(widget: QWidget) -> None:
    """Keep the window inside its screen when it is first shown, at the size it has now."""
    keeper = widget.findChild(KeepInside, "keep-inside")
    if keeper is None:
        KeepInside(widget)
    else:
        keeper.fitted = widget.size()


# ---------------------------------------------------------------------- kept per screen size


def screen_key(key: str, area: QRect) -> str:
    """The setting that keeps a window's place for screens of ``area``'s size."""
    return f"{key}/{area.width()}x{area.height()}"


def save_place(widget: QWidget, settings: QSettings, key: str) -> None:
    """Keep the window's size and place for screens of the size of the one it is on."""
    screen = screen_for(widget)
    if screen is not None:
        settings.setValue(screen_key(key, screen.availableGeometry()), widget.saveGeometry())


def fits(widget: QWidget, area: QRect) -> bool:
    """Whether the window, as restored, lies inside ``area`` (its frame is brought in once
    shown, if a few pixels of it would not)."""
    return widget.isMaximized() or widget.isFullScreen() or area.contains(widget.geometry())


def restore_place(
    widget: QWidget, settings: QSettings, key: str, wanted: QSize | tuple[int, int]
) -> bool:
    """The window's size and place as the player left them on a screen of this size (True),
    if they fit it still; else ``wanted`` fitted to the screen, centred (False). The screen the
    window opens on is tried first, then the others."""
    own = screen_for(widget)
    screens = [own] if own is not None else []
    screens += [s for s in QGuiApplication.screens() if s is not own]
    for screen in screens:
        area = screen.availableGeometry()
        saved = settings.value(screen_key(key, area))
        if not isinstance(saved, QByteArray | bytes):
            continue
        if widget.restoreGeometry(QByteArray(saved)) and fits(widget, area):
            keep_inside(widget)
            return True
    fit_window(widget, wanted)
    return False


class KeepPlace(QObject):
    """Keeps the window's size and place for its screen's size whenever it is hidden (closed,
    accepted, rejected)."""

    def __init__(self, widget: QWidget, settings: QSettings, key: str) -> None:
        super().__init__(widget)
        self.widget, self.settings, self.key = widget, settings, key
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget and event.type() == QEvent.Type.Hide:
            save_place(self.widget, self.settings, self.key)
        return False


def natural_size(widget: QWidget) -> QSize:
    """What the window's contents ask for, at least its minimum size."""
    return widget.sizeHint().expandedTo(widget.minimumSize())


def remember(
    widget: QWidget, key: str, wanted: QSize | tuple[int, int], settings: QSettings | None = None
) -> bool:
    """Open the window where the player left it on a screen of this size, if that fits, else
    at ``wanted`` fitted to its screen (``restore_place``); and keep its place when it is
    hidden. Whether a kept place was restored. Called once its contents are built (a dialog
    may want ``natural_size``)."""
    settings = QSettings() if settings is None else settings
    KeepPlace(widget, settings, key)
    return restore_place(widget, settings, key, wanted)
