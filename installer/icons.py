"""The icon files of the Windows exe and installer (.ico) and of the macOS bundle (.icns),
written from PNG and raw pixel data without any imaging library, and read back for the tests.

``scripts/render_icon.py`` draws the icon (``shengji_desktop.ui.cards.paint_icon``) at each size
and writes ``resources/icon.ico`` and ``resources/icon.icns`` with these functions.

- .ico: a directory of images. Following Microsoft's guidance, the 256 px image is stored as
  PNG and the smaller ones as 32-bit DIBs (BGRA rows bottom-up, then a 1-bit AND mask), which
  every version of Windows and every resource tool reads.
- .icns: "icns", the file's length, then (type, length, PNG data) for each size; the types of
  the PNG sizes from 16 px (icp4) to 1024 px (ic10), and the Retina doubles (ic11 to ic14).
"""

from __future__ import annotations

import struct
from collections.abc import Mapping

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns type -> pixels; ic11..ic14 are the @2x variants of 16, 32, 128 and 256 points.
ICNS_TYPES = {
    "icp4": 16,
    "icp5": 32,
    "icp6": 64,
    "ic07": 128,
    "ic08": 256,
    "ic09": 512,
    "ic10": 1024,
    "ic11": 32,
    "ic12": 64,
    "ic13": 256,
    "ic14": 512,
}
ICNS_SIZES = tuple(sorted(set(ICNS_TYPES.values())))
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def dib(size: int, bgra: bytes) -> bytes:
    """A 32-bit icon DIB from ``size`` rows of ``size`` BGRA pixels, top row first
    (non-premultiplied alpha)."""
    if len(bgra) != size * size * 4:
        raise ValueError(f"{len(bgra)} bytes are not {size}x{size} BGRA pixels")
    stride = size * 4
    rows = [bgra[i * stride : (i + 1) * stride] for i in range(size)]
    mask_stride = ((size + 31) // 32) * 4  # 1 bit a pixel, rows padded to 32 bits
    # BITMAPINFOHEADER: the height counts the colour rows and the mask rows.
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    # The alpha channel decides; the AND mask is all 0 (opaque) for the 32-bit image.
    return header + b"".join(reversed(rows)) + b"\0" * (mask_stride * size)


def ico_bytes(images: Mapping[int, bytes]) -> bytes:
    """An .ico of the given images (size -> PNG or DIB bytes), smallest first."""
    sizes = sorted(images)
    directory, payload = b"", b""
    offset = 6 + 16 * len(sizes)
    for size in sizes:
        data = images[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        payload += data
        offset += len(data)
    return struct.pack("<HHH", 0, 1, len(sizes)) + directory + payload


def read_ico(data: bytes) -> list[tuple[int, str, bytes]]:
    """(size in px, "png" or "dib", the image's bytes) for each image of an .ico."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    if reserved != 0 or kind != 1:
        raise ValueError("not an .ico")
    found = []
    for i in range(count):
        width, height, _, _, _, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        image = data[offset : offset + length]
        if len(image) != length:
            raise ValueError(f"image {i} runs past the end of the file")
        side = width or 256
        if image[:8] == PNG_SIGNATURE:
            if png_size(image) != (side, height or 256):
                raise ValueError(f"image {i}: PNG of {png_size(image)}, listed as {side} px")
            found.append((side, "png", image))
        else:
            _, w, h, _, bpp = struct.unpack("<IiiHH", image[:16])
            if (w, h, bpp, bits) != (side, 2 * side, 32, 32):
                raise ValueError(f"image {i}: DIB {w}x{h}/{bpp} bit, listed as {side} px")
            found.append((side, "dib", image))
    return found


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An .icns holding every type of ICNS_TYPES, from PNGs of each size in ICNS_SIZES."""
    body = b""
    for kind, size in ICNS_TYPES.items():
        data = pngs[size]
        if png_size(data) != (size, size):
            raise ValueError(f"the PNG for {kind} is {png_size(data)}, not {size} px")
        body += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_icns(data: bytes) -> dict[str, bytes]:
    """The entries of an .icns, by type."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an .icns (or its length is wrong)")
    found, at = {}, 8
    while at < len(data):
        kind = data[at : at + 4].decode("ascii")
        (length,) = struct.unpack(">I", data[at + 4 : at + 8])
        if length < 8 or at + length > len(data):
            raise ValueError(f"entry {kind} runs past the end of the file")
        found[kind] = data[at + 8 : at + length]
        at += length
    return found
