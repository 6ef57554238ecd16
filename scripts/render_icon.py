"""Draw the app icon (shengji_desktop.ui.cards.paint_icon) into resources/: the PNG files the
program loads (icon-64.png, icon-256.png), icon.ico for the Windows exe and installer (16 to
256 px) and icon.icns for the macOS bundle (16 to 1024 px). The icon's source is that
function; run this again when it changes, and commit what it writes.

    QT_QPA_PLATFORM=offscreen python scripts/render_icon.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "installer"))
from icons import ICNS_SIZES, ICO_SIZES, dib, icns_bytes, ico_bytes  # noqa: E402

PNG_FILES = (64, 256)  # what the program itself loads (shengji_desktop/ui/cards.py)


def draw(size: int) -> QImage:
    from shengji_desktop.ui.cards import paint_icon

    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_icon(painter, float(size))
    painter.end()
    return image


def png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def bgra(image: QImage) -> bytes:
    """Straight-alpha BGRA rows, top first (QImage's ARGB32 in little-endian memory)."""
    plain = image.convertToFormat(QImage.Format.Format_ARGB32)
    row = plain.width() * 4
    bits = bytes(plain.constBits())
    stride = plain.bytesPerLine()
    return b"".join(bits[y * stride : y * stride + row] for y in range(plain.height()))


def main() -> int:
    app = QGuiApplication(sys.argv[:1])
    out = ROOT / "resources"
    out.mkdir(parents=True, exist_ok=True)
    images = {size: draw(size) for size in sorted({*ICO_SIZES, *ICNS_SIZES, *PNG_FILES})}
    pngs = {size: png(image) for size, image in images.items()}
    written = {f"icon-{size}.png": pngs[size] for size in PNG_FILES}
    ico = {size: pngs[size] if size >= 256 else dib(size, bgra(images[size])) for size in ICO_SIZES}
    written["icon.ico"] = ico_bytes(ico)
    written["icon.icns"] = icns_bytes({size: pngs[size] for size in ICNS_SIZES})
    for name, data in written.items():
        (out / name).write_bytes(data)
        print(out / name, f"{len(data)} bytes")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
