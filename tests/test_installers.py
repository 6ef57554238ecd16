"""What the Windows installer and the macOS bundle are made of, checked on any system (the
release workflow that builds them runs only on a hosted CI service): the icon files, the exe's
version resource, the Inno Setup script and build.spec, the Info.plist and its strings.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

import shengji_desktop
from shengji_desktop.net.discovery import SERVICE_TYPE

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "installer"))
import icons  # noqa: E402
import macos  # noqa: E402
import versioninfo  # noqa: E402

ISS = (ROOT / "installer" / "shengji-desktop.iss").read_text(encoding="ascii")
SPEC = (ROOT / "build.spec").read_text(encoding="utf-8")
RESOURCES = ROOT / "resources"


def iss_setup() -> dict[str, str]:
    section = ISS.split("[Setup]", 1)[1].split("\n[", 1)[0]
    pairs = (line.split("=", 1) for line in section.splitlines() if "=" in line)
    return {key.strip(): value.strip() for key, value in pairs if not key.startswith(";")}


# ---------------------------------------------------------------------------------- icons


def test_the_ico_has_every_size_from_16_to_256_px() -> None:
    images = icons.read_ico((RESOURCES / "icon.ico").read_bytes())
    assert [size for size, _, _ in images] == list(icons.ICO_SIZES)
    assert icons.ICO_SIZES[0] == 16 and icons.ICO_SIZES[-1] == 256
    kinds = {size: kind for size, kind, _ in images}
    assert kinds[256] == "png" and all(kinds[size] == "dib" for size in icons.ICO_SIZES[:-1])
    # the same drawing as the PNG the program loads (scripts/render_icon.py writes both)
    assert (
        dict((s, data) for s, _, data in images)[256] == (RESOURCES / "icon-256.png").read_bytes()
    )


def test_the_icns_has_every_type_at_its_size() -> None:
    entries = icons.read_icns((RESOURCES / "icon.icns").read_bytes())
    assert set(entries) == set(icons.ICNS_TYPES)
    for kind, data in entries.items():
        size = icons.ICNS_TYPES[kind]
        assert icons.png_size(data) == (size, size), kind
    assert entries["ic08"] == (RESOURCES / "icon-256.png").read_bytes()


def test_a_dib_is_bottom_up_with_its_mask() -> None:
    top, bottom = b"\x01\x02\x03\x04" * 2, b"\x05\x06\x07\x08" * 2
    data = icons.dib(2, top + bottom)
    assert data[40:48] == bottom and data[48:56] == top  # rows bottom-up after the header
    assert len(data) == 40 + 16 + 2 * 4  # two mask rows of 32 bits
    with pytest.raises(ValueError):
        icons.dib(2, top)


# ------------------------------------------------------------------------------- version


def test_the_version_resource_is_made_from_the_version() -> None:
    version = shengji_desktop.__version__
    text = versioninfo.version_file_text(version)
    tree = ast.parse(text)  # PyInstaller evaluates the file as a Python expression
    assert isinstance(tree.body[0], ast.Expr)
    numbers = versioninfo.numeric_version(version)
    assert f"filevers={numbers!r}" in text and f"prodvers={numbers!r}" in text
    for key in ("CompanyName", "FileDescription", "LegalCopyright", "ProductName"):
        assert re.search(rf"StringStruct\('{key}', '[^']+'\)", text), key
    for key in ("FileVersion", "ProductVersion"):
        assert f"StringStruct({key!r}, {version!r})" in text
    assert "StringStruct('OriginalFilename', 'shengji-desktop.exe')" in text


def test_windows_version_numbers() -> None:
    assert versioninfo.numeric_version("0.1.0") == (0, 1, 0, 0)
    assert versioninfo.numeric_version("1.2.3rc1") == (1, 2, 3, 0)
    assert versioninfo.numeric_version("2") == (2, 0, 0, 0)
    for bad in ("v1", "70000.1"):
        with pytest.raises(ValueError):
            versioninfo.numeric_version(bad)


# -------------------------------------------------------------------------------- the .iss


def test_the_installer_has_the_icon_the_version_and_the_architectures() -> None:
    setup = iss_setup()
    assert setup["SetupIconFile"] == r"..\resources\icon.ico"
    assert (ROOT / "installer" / setup["SetupIconFile"].replace("\\", "/")).is_file()
    assert setup["ArchitecturesAllowed"] == "x64compatible"
    assert setup["ArchitecturesInstallIn64BitMode"] == "x64compatible"
    # the installer's version is the exe's (made from __version__), never a second copy
    assert re.search(r'#define ExeVersion GetStringFileInfo\(AppExePath, "ProductVersion"\)', ISS)
    assert "#define AppVersion ExeVersion" in ISS and "#if AppVersion != ExeVersion" in ISS
    assert setup["AppVersion"] == "{#AppVersion}"
    assert setup["VersionInfoVersion"] == "{#ExeVersionNumbers}"
    assert not re.search(r'#define AppVersion "\d', ISS), "a hard-coded version"
    assert setup["UninstallDisplayIcon"] == r"{app}\{#AppExe}"
    assert '#define AppExe "shengji-desktop.exe"' in ISS
    assert 'EXE_NAME = "shengji-desktop"' in SPEC


def test_the_uninstaller_says_truthfully_what_stays_and_removes_data_only_on_request() -> None:
    assert "removes everything" not in ISS
    from shengji_desktop.ui import ORG_NAME

    # the data folder of platformdirs' user_data_dir("shengji-desktop", appauthor=False) and
    # QSettings' registry key (HKCU\Software\<organization>)
    assert '#define DataFolder "shengji-desktop"' in ISS
    assert f'#define SettingsKey "Software\\{ORG_NAME}"' in ISS
    code = ISS.split("[Code]", 1)[1]
    assert "MB_YESNO or MB_DEFBUTTON2" in code  # "No" is the default answer
    assert "{param:REMOVEDATA|no}" in code  # a silent uninstall keeps the data
    assert "DelTree(ExpandConstant('{localappdata}\\{#DataFolder}')" in code
    assert "RegDeleteKeyIncludingSubkeys(HKEY_CURRENT_USER, '{#SettingsKey}')" in code


def test_the_firewall_rule_is_offered_only_elevated_and_never_ticked() -> None:
    task = next(line for line in ISS.splitlines() if line.startswith('Name: "firewall"'))
    assert "Flags: unchecked" in task and "Check: IsAdminInstallMode" in task
    run = [line for line in ISS.splitlines() if "netsh.exe" in line]
    assert len(run) == 3 and all("Tasks: firewall" in line for line in run)
    assert any("add rule" in line and "profile=private" in line for line in run)
    uninstall = ISS.split("[UninstallRun]", 1)[1].split("\n[", 1)[0]
    assert "delete rule" in uninstall and "RunOnceId" in uninstall


# ------------------------------------------------------------------------- spec and plist


def test_the_spec_gives_the_exe_and_the_bundle_their_icon_version_and_plist() -> None:
    assert 'icon = [str(RESOURCES / "icon.ico")]' in SPEC
    assert 'icon = [str(RESOURCES / "icon.icns")]' in SPEC
    assert "version_file_text(__version__)" in SPEC and "version=version_file," in SPEC
    assert "info_plist=info_plist(__version__, minimum)" in SPEC
    assert "minimum_macos(installed_platform_tags())" in SPEC
    assert 'glob("*.lproj/InfoPlist.strings")' in SPEC
    assert "bundled_files(ROOT)" in SPEC and "shengji_desktop/_data/{folder}" in SPEC
    assert 'os.environ.get("SHENGJI_CODESIGN_IDENTITY")' in SPEC
    assert (RESOURCES / "macos" / "entitlements.plist").is_file()


def test_the_plist_explains_local_network_use_and_names_the_bonjour_service() -> None:
    plist = macos.info_plist("1.2.3", "13.0")
    assert plist["NSBonjourServices"] == [SERVICE_TYPE.removesuffix(".local.")]
    assert plist["NSLocalNetworkUsageDescription"] == macos.LOCAL_NETWORK_USAGE
    assert plist["LSMinimumSystemVersion"] == "13.0"
    assert plist["CFBundleShortVersionString"] == "1.2.3"
    assert plist["CFBundleLocalizations"] == ["en", "zh-Hans"]


def strings_file(path: Path) -> dict[str, str]:
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    pairs = re.findall(r'"([^"]+)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;', text)
    assert len(pairs) == text.count(";"), f'{path}: a line that is not "key" = "value";'
    return dict(pairs)


def test_the_usage_sentence_is_there_in_english_and_chinese() -> None:
    en = strings_file(RESOURCES / "macos" / "en.lproj" / "InfoPlist.strings")
    zh = strings_file(RESOURCES / "macos" / "zh-Hans.lproj" / "InfoPlist.strings")
    assert en["NSLocalNetworkUsageDescription"] == macos.LOCAL_NETWORK_USAGE
    assert set(zh) == set(en)
    assert re.search(r"[\u4e00-\u9fff]{10}", zh["NSLocalNetworkUsageDescription"])
    assert [name.removesuffix(".lproj") for name in ("en.lproj", "zh-Hans.lproj")] == list(
        macos.LOCALIZATIONS
    )


def test_the_lowest_macos_is_the_highest_that_a_bundled_binary_needs() -> None:
    # The tags of what the bundle carries (pip download --platform ..., December 2026):
    # PySide6-Essentials/shiboken6 6.11.3, msgspec 0.23 (arm64 / x86_64), PyInstaller's
    # bootloader, and python.org's universal2 interpreter that setup-python installs.
    tags = [
        "cp310-abi3-macosx_13_0_universal2",
        "cp311-cp311-macosx_11_0_arm64",
        "cp311-cp311-macosx_10_9_x86_64",
        "py3-none-macosx_10_13_universal2",
        "py3-none-any",
        "macosx-10.9-universal2",
    ]
    assert macos.minimum_macos(tags) == "13.0"
    assert macos.minimum_macos(["py3-none-any", "macosx-10.9-x86_64"]) == "11.0"  # the floor
    assert macos.minimum_macos([*tags, "cp311-cp311-macosx_14_2_arm64"]) == "14.2"
    assert isinstance(macos.installed_platform_tags(), list)
