"""Write the app icon (drawn by shengji_desktop.ui.cards.paint_icon) as PNG files into
shengji_desktop/ui/resources/, for packaging and desktop entries.

    QT_QPA_PLATFORM=offscreen python scripts/render_icon.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter


def main() -> int:
    app = QGuiApplication(sys.argv[:1])
    from shengji_desktop.ui.cards import paint_icon

    out = Path(__file__).resolve().parents[1] / "shengji_desktop" / "ui" / "resources"
    out.mkdir(parents=True, exist_ok=True)
    for size in (64, 256):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        paint_icon(painter, float(size))
        painter.end()
        image.save(str(out / f"icon-{size}.png"))
        print(out / f"icon-{size}.png")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
