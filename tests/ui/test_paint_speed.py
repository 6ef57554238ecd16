"""Issue 21's table paint: the text items are drawn once per look and size, then copied, and
Qt's raster painting stays on the GUI thread."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

from shengji_desktop.ui import main, serial_raster
from shengji_desktop.ui.table.items import Banner, Bubble, Label
from shengji_desktop.ui.table.seatplate import SeatPlate

pytestmark = pytest.mark.gui


class CountingPlate(SeatPlate):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def paint(self, painter, option, widget=None) -> None:  # type: ignore[no-untyped-def]
        self.paints += 1
        super().paint(painter, option, widget)


def shown_scene(qtbot, *items) -> QGraphicsView:  # type: ignore[no-untyped-def]
    scene = QGraphicsScene(QRectF(0, 0, 400, 200))
    for item in items:
        scene.addItem(item)
    view = QGraphicsView(scene)
    view.kept = scene  # type: ignore[attr-defined]  # the view does not own its scene
    view.resize(420, 220)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()  # the scene indexes its new items
    view.viewport().repaint()
    return view


def test_a_seat_plate_is_painted_once_and_again_only_when_it_changes(qtbot) -> None:
    plate = CountingPlate()
    plate.set_state(title="South", subtitle="you", count=25, turn=True, dealer=True)
    view = shown_scene(qtbot, plate)
    first = plate.paints
    assert first >= 1
    for _ in range(3):
        view.viewport().repaint()
    assert plate.paints == first  # the table's other repaints copy the plate
    plate.set_state(count=24)
    view.viewport().repaint()
    assert plate.paints == first + 1  # a change shows


def test_the_tables_text_items_keep_a_device_cache(qapp) -> None:
    from PySide6.QtWidgets import QGraphicsItem

    for item in (SeatPlate(), Label("Kitty"), Banner(), Bubble("Pass")):
        assert item.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache, item


def test_serial_raster_keeps_a_value_already_set() -> None:
    before = os.environ.get("QT_NO_GUI_THREADPOOL")
    try:
        os.environ.pop("QT_NO_GUI_THREADPOOL", None)
        serial_raster()
        assert os.environ["QT_NO_GUI_THREADPOOL"] == "1"
        os.environ["QT_NO_GUI_THREADPOOL"] = "yes"
        serial_raster()
        assert os.environ["QT_NO_GUI_THREADPOOL"] == "yes"
    finally:
        os.environ.pop("QT_NO_GUI_THREADPOOL", None)
        if before is not None:
            os.environ["QT_NO_GUI_THREADPOOL"] = before


def test_the_program_keeps_paint_on_the_gui_thread_before_its_application(monkeypatch) -> None:
    seen: dict[str, str | None] = {}

    class Made(Exception):
        pass

    def application(argv):  # type: ignore[no-untyped-def]
        seen["value"] = os.environ.get("QT_NO_GUI_THREADPOOL")
        raise Made

    before = os.environ.pop("QT_NO_GUI_THREADPOOL", None)
    monkeypatch.setattr(main.signal, "signal", lambda *args: None)
    monkeypatch.setattr(main, "QApplication", application)
    try:
        with pytest.raises(Made):
            main.run_gui(["shengji-desktop"])
    finally:
        os.environ.pop("QT_NO_GUI_THREADPOOL", None)
        if before is not None:
            os.environ["QT_NO_GUI_THREADPOOL"] = before
    assert seen["value"] == "1"
