"""Wraps the frozen one-folder app in a Debian package: `scripts/build --deb` runs it.

    python packaging/linux/deb.py "dist/Shengji Desktop" --out dist

What the package holds (nothing else, and no maintainer scripts):
- /opt/shengji-desktop/: the frozen folder as PyInstaller left it.
- /usr/bin/shengji-desktop: a relative symlink to the folder's executable. Relative, so that
  the package unpacked into another root (`dpkg -x`, a test) starts from there too.
- /usr/share/applications/APP_ID.desktop and /usr/share/metainfo/APP_ID.metainfo.xml, from the
  templates beside this file.
- /usr/share/icons/hicolor/NxN/apps/APP_ID.png, 16 to 512 px: taken from resources/icon.icns
  (PNGs) and resources/icon.ico (24 and 48 px, 32-bit DIBs turned into PNGs here).
- /usr/share/doc/shengji-desktop/copyright.

The player's data (saved game, statistics, hosted table, settings) lives in their home, made
by the program when it runs; the package owns none of it, so removing or purging the package
leaves it. The desktop and icon caches are refreshed by dpkg triggers of the packages that
own them, so the package needs no postinst.

The Depends are the libraries and fonts Qt loads (QT_DEBIAN_PACKAGES of scripts/lib.sh, the
list scripts/check and scripts/play install). Only the standard library is used: the release
workflow runs this with the runner's Python.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "installer"))
from icons import png_size, read_icns, read_ico  # noqa: E402

PACKAGE = "shengji-desktop"
APP_ID = "io.github.shengji_desktop.shengji_desktop"  # AppStream id, desktop file and icon name
INSTALL_DIR = "opt/shengji-desktop"
EXECUTABLE = "shengji-desktop"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SCREENSHOT = "docs/images/table.png"
# Used when neither --repository, $GITHUB_REPOSITORY nor a github.com origin says better.
FALLBACK_REPOSITORY = "shengji-desktop/shengji-desktop"
# Where Debian and Ubuntu renamed a library (the 64-bit time_t transition), either name does.
RENAMED = {"libglib2.0-0": "libglib2.0-0t64 | libglib2.0-0"}
# Qt's Wayland platform (the bundle carries it; without these Qt falls back to X11), and the
# sound: miniaudio opens ALSA or PulseAudio when the first sound plays.
RECOMMENDS = "libwayland-client0, libwayland-cursor0, libasound2t64 | libasound2, libpulse0"
DESCRIPTION = """\
升级 (Shengji) card games: Dalian 打滚子, tractor, 三打一
 Three games of the 升级 ("level up") family: Dalian 打滚子 with three decks,
 two-deck tractor (拖拉机) and one-deck 三打一 with bidding. Play against
 computer players of three strengths, or host and join tables on a LAN.
 .
 The window speaks Chinese, English or both. It has a card tracker, 托管
 auto-play, the rules of each game, replays, statistics and a hand history."""


def qt_packages() -> list[str]:
    """QT_DEBIAN_PACKAGES as scripts/lib.sh lists them."""
    text = (ROOT / "scripts" / "lib.sh").read_text(encoding="utf-8")
    found = re.search(r"^QT_DEBIAN_PACKAGES=\((.*?)^\)", text, re.S | re.M)
    if found is None:
        raise SystemExit("scripts/lib.sh has no QT_DEBIAN_PACKAGES=( ... )")
    return found.group(1).split()


def depends() -> str:
    return ", ".join(RENAMED.get(name, name) for name in qt_packages())


def repository(given: str | None) -> str:
    """owner/name on GitHub: given, the workflow's $GITHUB_REPOSITORY, the origin remote."""
    if given:
        return given
    if os.environ.get("GITHUB_REPOSITORY"):
        return os.environ["GITHUB_REPOSITORY"]
    try:
        url = subprocess.run(
            ["git", "-C", str(ROOT), "remote", "get-url", "origin"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        url = ""
    found = re.search(r"github\.com[:/]([^/]+/[^/]+?)(?:\.git)?$", url)
    if found:
        return found.group(1)
    print(f"deb.py: no GitHub repository known; the metainfo names {FALLBACK_REPOSITORY}")
    return FALLBACK_REPOSITORY


def version() -> str:
    text = (ROOT / "shengji_desktop" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if found is None:
        raise SystemExit("shengji_desktop/__init__.py has no __version__")
    return found.group(1)


def architecture() -> str:
    done = subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def release_date() -> str:
    """Today, or $SOURCE_DATE_EPOCH's day (a reproducible build)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = (
        datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
        if epoch
        else datetime.datetime.now(datetime.UTC)
    )
    return when.date().isoformat()


def png_from_dib(side: int, data: bytes) -> bytes:
    """A PNG of a 32-bit icon DIB (BGRA rows bottom-up, after a 40-byte header)."""
    stride = side * 4
    pixels = data[40 : 40 + stride * side]
    rows = [pixels[i * stride : (i + 1) * stride] for i in reversed(range(side))]
    raw = b"".join(b"\0" + bytes(_rgba(row)) for row in rows)  # filter 0 on each row

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _rgba(bgra: bytes) -> bytearray:
    out = bytearray(bgra)
    out[0::4], out[2::4] = bgra[2::4], bgra[0::4]
    return out


def icons() -> dict[int, bytes]:
    """A PNG for each of ICON_SIZES, from the icon files in resources/."""
    found: dict[int, bytes] = {}
    for data in read_icns((ROOT / "resources" / "icon.icns").read_bytes()).values():
        side, _ = png_size(data)
        found.setdefault(side, data)
    for side, kind, data in read_ico((ROOT / "resources" / "icon.ico").read_bytes()):
        if side not in found:
            found[side] = data if kind == "png" else png_from_dib(side, data)
    missing = [side for side in ICON_SIZES if side not in found]
    if missing:
        raise SystemExit(f"no icon of {missing} px in resources/icon.icns or icon.ico")
    return {side: found[side] for side in ICON_SIZES}


def fill(template: str, values: dict[str, str]) -> str:
    text = (HERE / template).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace(f"@{key}@", value)
    left = re.findall(r"@[A-Z_]+@", text)
    if left:
        raise SystemExit(f"{template}: nothing fills {left}")
    return text


def stage(app: Path, root: Path, values: dict[str, str]) -> None:
    """The package's files under ``root``, with the modes dpkg should install."""
    shutil.copytree(app, root / INSTALL_DIR, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / EXECUTABLE).symlink_to(f"../../{INSTALL_DIR}/{EXECUTABLE}")
    share = root / "usr" / "share"
    files = {
        share / "applications" / f"{APP_ID}.desktop": fill(f"{PACKAGE}.desktop", values),
        share / "metainfo" / f"{APP_ID}.metainfo.xml": fill(f"{PACKAGE}.metainfo.xml", values),
        share / "doc" / PACKAGE / "copyright": (
            f"Shengji Desktop {values['VERSION']}\n"
            f"Source: {values['HOMEPAGE']}\n\n"
            "Copyright (c) the shengji-desktop authors.\n"
            "License: MIT\n\n"
            "/opt/shengji-desktop holds the program frozen with PyInstaller, with the Python,\n"
            "Qt (LGPL-3.0, PySide6) and library files it runs on, each under its own license.\n"
        ),
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for side, data in icons().items():
        path = share / "icons" / "hicolor" / f"{side}x{side}" / "apps" / f"{APP_ID}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        executable = path.is_dir() or path.stat().st_mode & 0o111
        path.chmod(0o755 if executable else 0o644)


def installed_size_kb(root: Path) -> int:
    return sum((p.lstat().st_size + 1023) // 1024 for p in root.rglob("*") if not p.is_dir()) + sum(
        1 for p in root.rglob("*") if p.is_dir()
    )


def build(app: Path, out: Path, repo: str | None = None, level: int = 6) -> Path:
    if not (app / EXECUTABLE).is_file():
        raise SystemExit(f"{app / EXECUTABLE} is missing: build the app first (scripts/build)")
    name = repository(repo)
    homepage = f"https://github.com/{name}"
    values = {
        "APP_ID": APP_ID,
        "VERSION": version(),
        "DATE": release_date(),
        "HOMEPAGE": homepage,
        "SCREENSHOT": f"https://raw.githubusercontent.com/{name}/v{version()}/{SCREENSHOT}",
    }
    arch = architecture()
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{PACKAGE}_{values['VERSION']}_{arch}.deb"
    with tempfile.TemporaryDirectory(prefix="shengji-deb-") as tmp:
        root = Path(tmp) / "root"
        root.mkdir()
        stage(app, root, values)
        control = root / "DEBIAN" / "control"
        control.parent.mkdir(mode=0o755)
        control.write_text(
            f"Package: {PACKAGE}\n"
            f"Version: {values['VERSION']}\n"
            f"Architecture: {arch}\n"
            "Maintainer: The shengji-desktop authors\n"
            f"Installed-Size: {installed_size_kb(root)}\n"
            f"Depends: {depends()}\n"
            f"Recommends: {RECOMMENDS}\n"
            "Section: games\n"
            "Priority: optional\n"
            f"Homepage: {homepage}\n"
            f"Description: {DESCRIPTION}\n",
            encoding="utf-8",
        )
        control.chmod(0o644)
        sums = root / "DEBIAN" / "md5sums"
        sums.write_text(
            "".join(
                f"{hashlib.md5(p.read_bytes()).hexdigest()}  {p.relative_to(root)}\n"
                for p in sorted(root.rglob("*"))
                if p.is_file() and not p.is_symlink() and p.parts[len(root.parts)] != "DEBIAN"
            ),
            encoding="utf-8",
        )
        sums.chmod(0o644)
        subprocess.run(
            [
                "dpkg-deb",
                "--root-owner-group",
                "-Zxz",
                f"-z{level}",
                "--build",
                str(root),
                str(deb),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return deb


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("app", type=Path, help='the frozen folder ("dist/Shengji Desktop")')
    parser.add_argument("--out", type=Path, default=Path("dist"), help="where the .deb goes")
    parser.add_argument(
        "--repository", help="owner/name on GitHub, for the metainfo's links and screenshot"
    )
    parser.add_argument(
        "--level", type=int, default=6, choices=range(10), help="xz level (6; the tests: 1)"
    )
    args = parser.parse_args()
    deb = build(args.app, args.out, args.repository, args.level)
    print(deb)
    return 0


if __name__ == "__main__":
    sys.exit(main())
