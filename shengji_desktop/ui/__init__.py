"""The PySide6 user interface; the only layer that imports Qt."""

import os


def serial_raster() -> None:
    """Keep Qt's raster painting on the GUI thread: call before the QApplication is made.

    Qt hands every large fill or image copy to a pool of helper threads and waits for them;
    for a card or a seat plate the hand-off costs more than the copy (at 2x device pixels it
    was half the table's paint time, in futex calls), and on a busy two-core machine the
    helpers wait for a turn too. ``QT_NO_GUI_THREADPOOL`` is Qt's own switch for that; a
    value already in the environment is left as it is (issue 21)."""
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
