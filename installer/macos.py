"""The macOS bundle's Info.plist for build.spec, and the lowest macOS it runs on.

LSMinimumSystemVersion is not guessed: it is the highest minimum among the binaries that go
into the bundle, read from the platform tags of the installed wheels (PySide6 6.11's wheels
are tagged ``macosx_13_0_universal2``: Qt 6.11 needs macOS 13) and from the platform the
Python interpreter was built for (``sysconfig.get_platform()``), on the machine that builds.

Plain Python: the tests check it on any system.
"""

from __future__ import annotations

import re
import sysconfig
from collections.abc import Iterable
from importlib.metadata import distributions

APP_NAME = "Shengji Desktop"
BUNDLE_ID = "io.github.shengji-desktop"
# The DNS-SD service a table announces (shengji_desktop/net/discovery.py, without ".local.").
BONJOUR_SERVICE = "_shengji._tcp"
# English here; the bundle's en.lproj and zh-Hans.lproj InfoPlist.strings (resources/macos/)
# give it in each language.
LOCAL_NETWORK_USAGE = (
    "Shengji Desktop finds and hosts card tables on your local network, so that players on "
    "other computers can join."
)
LOCALIZATIONS = ("en", "zh-Hans")
# macOS 11 is the first that runs on Apple silicon: no bundle of ours can need less.
FLOOR = (11, 0)
_MACOS_TAG = re.compile(r"macosx[_-](\d+)[_.](\d+)[_-]")


def macos_versions(tags: Iterable[str]) -> list[tuple[int, int]]:
    """The minimum macOS of each platform tag that names one ("macosx_13_0_universal2",
    "macosx-10.9-universal2")."""
    return [
        (int(match[1]), int(match[2])) for tag in tags if (match := _MACOS_TAG.search(tag + "_"))
    ]


def minimum_macos(tags: Iterable[str]) -> str:
    """ "13.0": the highest minimum among the tags, and at least FLOOR."""
    major, minor = max([FLOOR, *macos_versions(tags)])
    return f"{major}.{minor}"


def installed_platform_tags() -> list[str]:
    """The platform tags of every installed distribution's wheel (its WHEEL file's Tag lines)
    and the interpreter's own platform."""
    tags = [sysconfig.get_platform()]
    for dist in distributions():
        wheel = dist.read_text("WHEEL") or ""
        tags += [
            line.split(":", 1)[1].strip() for line in wheel.splitlines() if line.startswith("Tag:")
        ]
    return tags


def info_plist(version: str, minimum: str) -> dict[str, object]:
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundleDevelopmentRegion": "en",
        "CFBundleLocalizations": list(LOCALIZATIONS),
        "LSApplicationCategoryType": "public.app-category.card-games",
        "LSMinimumSystemVersion": minimum,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "Copyright (c) the shengji-desktop authors. MIT License.",
        # macOS 14 and 15 ask before an app reaches the local network, with this sentence;
        # Bonjour browsing needs the service named here, or it is refused.
        "NSLocalNetworkUsageDescription": LOCAL_NETWORK_USAGE,
        "NSBonjourServices": [BONJOUR_SERVICE],
    }
