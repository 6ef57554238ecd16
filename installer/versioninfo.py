"""The Windows version resource (VERSIONINFO) of shengji-desktop.exe, made from ``__version__``
by build.spec: Explorer -> Properties -> Details shows it, and the Inno Setup script takes the
installer's version from it (installer/shengji-desktop.iss), so both always say the same.

The text is a PyInstaller version file (the form ``pyi-grab_version`` writes): build.spec
writes it into the build folder and passes its path to ``EXE(version=...)``. Text, not
PyInstaller's classes, because those import ``pefile``, which PyInstaller installs on Windows
only, and the tests check this text on every system.
"""

from __future__ import annotations

import re

PRODUCT = "Shengji Desktop"
COMPANY = "shengji-desktop"
DESCRIPTION = "Shengji Desktop: 升级 card games (DL, TR, SD)"
COPYRIGHT = "Copyright (c) the shengji-desktop authors. MIT License."
EXE_NAME = "shengji-desktop.exe"
# US English, Unicode: the key of the string table ("040904B0") and the Translation entry.
LANGUAGE, CODEPAGE = 0x0409, 0x04B0


def numeric_version(version: str) -> tuple[int, int, int, int]:
    """ "1.2.3" -> (1, 2, 3, 0): the four 16-bit numbers of a Windows file version. A
    pre-release or local suffix ("1.2.3rc1", "1.2.3+g1") is dropped from the numbers (the
    string fields keep it)."""
    match = re.match(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?", version)
    if match is None:
        raise ValueError(f"{version!r} does not start with a version number")
    a, b, c, d = (int(part or 0) for part in match.groups())
    if max(a, b, c, d) > 0xFFFF:
        raise ValueError(f"{version!r}: Windows versions are four numbers up to 65535")
    return a, b, c, d


def strings(version: str) -> dict[str, str]:
    return {
        "CompanyName": COMPANY,
        "FileDescription": DESCRIPTION,
        "FileVersion": version,
        "InternalName": "shengji-desktop",
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": EXE_NAME,
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }


def version_file_text(version: str) -> str:
    numbers = numeric_version(version)
    table = "\n".join(
        f"          StringStruct({key!r}, {value!r})," for key, value in strings(version).items()
    )
    return f"""# -*- coding: utf-8 -*-
# The version resource of {EXE_NAME}, written by build.spec (installer/versioninfo.py).
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers!r},
    prodvers={numbers!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo(
      [
        StringTable(
          '{LANGUAGE:04X}{CODEPAGE:04X}',
          [
{table}
          ]
        )
      ]
    ),
    VarFileInfo([VarStruct('Translation', [{LANGUAGE}, {CODEPAGE}])])
  ]
)
"""
