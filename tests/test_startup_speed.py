"""Issue 21's complete window: what the frozen app leaves out, and what the window's start
does not pay for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def excluded_modules() -> list[str]:
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "EXCLUDED_MODULES"
            for target in node.targets
        ):
            assert isinstance(node.value, ast.List)
            return [elt.value for elt in node.value.elts if isinstance(elt, ast.Constant)]
    raise AssertionError("build.spec has no EXCLUDED_MODULES list")


def test_the_frozen_app_leaves_the_build_tools_out() -> None:
    # bundled, PyInstaller's setuptools runtime hook imports setuptools and distutils on every
    # start: a third of the start's Python time
    excluded = excluded_modules()
    for name in ("setuptools", "distutils", "_distutils_hack", "pkg_resources"):
        assert name in excluded, name


def test_no_code_the_app_runs_imports_the_build_tools() -> None:
    for path in (ROOT / "shengji_desktop").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                root = name.split(".")[0]
                assert root not in ("setuptools", "distutils", "pkg_resources"), (path, name)


@pytest.mark.gui
def test_the_score_sheet_has_a_viewport_of_its_own(qapp) -> None:
    # Qt's own viewport: the first viewport() call (fitting the columns at the window's
    # start) has PySide look through the widget classes for its type, some 10 ms
    from shengji_desktop.ui.panels.tabs import FitTable

    table = FitTable()
    assert table.viewport().objectName() != "qt_scrollarea_viewport"


@pytest.mark.gui
def test_the_collector_resumes_once_the_window_is_complete(qtbot) -> None:
    import gc

    from shengji_desktop.ui.main import collect_when_built

    class Window:
        built = False

    window = Window()
    gc.disable()
    try:
        collect_when_built(window)  # type: ignore[arg-type]
        assert not gc.isenabled()  # still building
        window.built = True
        qtbot.waitUntil(gc.isenabled)
        assert gc.get_freeze_count() > 0  # the start's objects are not scanned again
    finally:
        gc.unfreeze()
        gc.enable()


def test_the_window_starts_with_the_collector_off(monkeypatch) -> None:
    import gc
    import sys
    import types

    from shengji_desktop import cli

    seen: list[bool] = []
    fake = types.ModuleType("shengji_desktop.ui.main")

    def run_gui(argv, exit_after_first_paint=False):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return 0

    fake.run_gui = run_gui  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "shengji_desktop.ui.main", fake)
    try:
        assert cli.main([]) == 0
    finally:
        gc.enable()
    assert seen == [False]


CHECK_START = """
import sys
from PySide6.QtWidgets import QApplication
from shengji_desktop.ui.app import MainWindow
app = QApplication([])
window = MainWindow(check_save=False)
window.games.check_saved_game()  # no autosave in this home
print(sorted(name for name in sys.modules if name.startswith("shengji_desktop.engine.")))
"""


@pytest.mark.gui
def test_looking_for_the_autosave_does_not_load_the_record_and_its_codec(tmp_path) -> None:
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [sys.executable, "-c", CHECK_START], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    loaded = done.stdout.strip().splitlines()[-1]
    assert "shengji_desktop.engine.record" not in loaded
    assert "shengji_desktop.engine.codec" not in loaded
    assert "shengji_desktop.engine.paths" in loaded  # it did look
