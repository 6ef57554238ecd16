"""The layout the design names: the catalogue in translations/, the icons in resources/, both
beside the package in the repository and inside it (shengji_desktop/_data/) once installed.

The wheel is built from a copy of the project without build isolation (no download), then
unpacked as pip would install it, and a fresh interpreter started outside the repository finds
the catalogue and the icons in it. The frozen app's side is tests/test_frozen.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from shengji_desktop import assets

ROOT = Path(__file__).resolve().parents[1]
PROJECT_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
PROJECT_DIRS = ("shengji_desktop", "translations", "resources")


def test_the_repository_has_the_layout_the_design_names() -> None:
    for name in ("pyproject.toml", "README.md", "build.spec"):
        assert (ROOT / name).is_file(), name
    for name in ("shengji_desktop", "resources", "translations", "tests"):
        assert (ROOT / name).is_dir(), name
    assert (ROOT / "translations" / "zh_CN.ts").is_file()
    assert (ROOT / "translations" / "zh_CN.qm").is_file()
    assert not (ROOT / "shengji_desktop" / "ui" / "translations").exists()
    assert not (ROOT / "shengji_desktop" / "ui" / "resources").exists()
    for name in ("icon-64.png", "icon-256.png", "icon.ico", "icon.icns"):
        assert (ROOT / "resources" / name).is_file(), name


def test_a_checkout_reads_the_repository_folders() -> None:
    assert not assets.BUNDLED_DIR.exists(), "a stray shengji_desktop/_data hides translations/"
    assert assets.TRANSLATIONS_DIR == ROOT / "translations"
    assert assets.RESOURCES_DIR == ROOT / "resources"
    for name in assets.DATA_FILES:
        assert (assets.DATA_ROOT / name).is_file(), name


def build_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    for name in PROJECT_FILES:
        shutil.copy2(ROOT / name, source / name)
    for name in PROJECT_DIRS:
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "wheel"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    command += ["--no-index", "-q", "-w", str(out), str(source)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = out.glob("shengji_desktop-*.whl")
    return wheel


def test_the_wheel_carries_the_catalogue_and_icons_and_the_installed_program_finds_them(
    tmp_path,
) -> None:
    wheel = build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        f"shengji_desktop/_data/{folder}/{path.name}" for path, folder in assets.bundled_files(ROOT)
    }
    assert "shengji_desktop/_data/translations/zh_CN.qm" in expected
    assert "shengji_desktop/_data/resources/icon.ico" in expected
    assert expected <= names, sorted(expected - names)
    assert not any(name.endswith(".ts") for name in names)

    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = """
import sys
from PySide6.QtCore import QTranslator
import shengji_desktop
from shengji_desktop import assets
from shengji_desktop.selftest import check_bundle
translator = QTranslator()
assert translator.load(str(assets.TRANSLATIONS_DIR / "zh_CN.qm")), assets.TRANSLATIONS_DIR
print(shengji_desktop.__file__)
print(assets.TRANSLATIONS_DIR)
print(assets.RESOURCES_DIR)
print(translator.translate("", "New game"))
print(check_bundle())
from shengji_desktop.rules.options import Game
from shengji_desktop.ui.rules_window import RULES_DIR, anchors, render_page
print(RULES_DIR, "TR-LEAD-5" in anchors(render_page(Game.TR, "zh")))
"""
    env = {**os.environ, "PYTHONPATH": str(site), "QT_QPA_PLATFORM": "offscreen"}
    env["PYTHONIOENCODING"] = "utf-8"  # the probe prints Chinese (Windows: not the ANSI page)
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    package, translations, resources, translated, bundle, rules = done.stdout.splitlines()
    data = site.resolve() / "shengji_desktop" / "_data"
    assert Path(package).resolve().parent == site.resolve() / "shengji_desktop"
    assert Path(translations) == data / "translations"
    assert Path(resources) == data / "resources"
    assert translated == "新游戏"
    assert str(data) in bundle
    assert rules == f"{data / 'resources' / 'rules'} True"  # the rules pages, from the wheel
