"""The PySide6 user interface; the only layer that imports Qt. In rooms by job: the window shell
(window/), the secondary windows (windows/), LAN tables (lan/) and table aids (aids/) over the
table screen (table/), over the session (session/), over the panels (panels/); what all share
stays here (words, i18n, card art, tasks, speeds, dialogs, the rules window, main)."""

import builtins
import os

APP_NAME = "Shengji Desktop"
ORG_NAME = "shengji-desktop"  # with APP_NAME, where QSettings keeps the player's settings


def serial_raster() -> None:
    """Keep Qt's raster painting on the GUI thread: call before the QApplication is made.

    Qt hands every large fill or image copy to a pool of helper threads and waits for them;
    for a card or a seat plate the hand-off costs more than the copy (at 2x device pixels it
    was half the table's paint time, in futex calls), and on a busy two-core machine the
    helpers wait for a turn too. ``QT_NO_GUI_THREADPOOL`` is Qt's own switch for that; a
    value already in the environment is left as it is (issue 21)."""
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def plain_imports() -> None:
    """Give Python its own ``import`` back from PySide: call once Qt is to be used, before the
    program's own modules load.

    Importing ``PySide6.QtCore`` replaces ``builtins.__import__`` with PySide's
    ``__feature_import__``, which serves ``from __feature__ import snake_case`` (and
    ``true_property``): it runs two Python functions at every import statement the program
    executes and reads each newly imported module's source to see whether it names PySide6.
    This program uses no such feature, so with the original import every module is seen with
    PySide's default (no feature), as it would have been: 44 million instructions of the
    window's start from source (4%; 10 million in the frozen app, which has no sources to
    read; issue 21). Nothing is changed where another import hook was
    installed over PySide's."""
    from PySide6 import QtCore  # noqa: F401  (the hook comes with it)

    feature_import = getattr(builtins, "__feature_import__", None)
    original = getattr(builtins, "__orig_import__", None)
    if original is not None and builtins.__import__ is feature_import:
        builtins.__import__ = original
