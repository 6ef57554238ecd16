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
    paths = sorted((ROOT / "shengji_desktop").rglob("*.py"))
    assert len(paths) > 100  # the package was read
    for path in paths:
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

    from PySide6.QtCore import QObject

    from shengji_desktop.ui.main import GuiThreadCollector, collect_when_built

    class Window(QObject):
        built = False

    window = Window()
    gc.disable()
    try:
        collect_when_built(window)  # type: ignore[arg-type]
        assert not hasattr(window, "collector")  # still building
        window.built = True
        qtbot.waitUntil(lambda: hasattr(window, "collector"))
        assert isinstance(window.collector, GuiThreadCollector)  # type: ignore[attr-defined]
        assert gc.get_freeze_count() > 0  # the start's objects are not scanned again
        assert not gc.isenabled()  # collections come from the GUI thread's timer
    finally:
        gc.unfreeze()
        gc.enable()


@pytest.mark.gui
def test_reference_cycles_made_on_other_threads_are_collected_on_the_gui_thread(qtbot) -> None:
    # A cycle holding Qt objects, destroyed on a table's or a save's thread, crashes the
    # program (Qt objects deleted off their thread): the window's collector runs on its own.
    import gc
    import threading

    from PySide6.QtCore import QObject

    from shengji_desktop.ui.main import GuiThreadCollector

    where: list[str] = []

    class Cycle:
        def __init__(self) -> None:
            self.me = self
            self.qt = QObject()

        def __del__(self) -> None:
            where.append(threading.current_thread().name)

    def churn() -> None:  # makes the cycles: past the first generation's threshold
        for _ in range(1000):
            Cycle()

    owner = QObject()
    gc.disable()
    try:
        collector = GuiThreadCollector(owner)
        worker = threading.Thread(target=churn, name="table")
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: len(where) == 1000, timeout=5000)
        assert set(where) == {threading.main_thread().name}
        assert collector.collections >= 1
    finally:
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
from shengji_desktop.ui.window.mainwindow import MainWindow
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


# ---------------------------------------------------------------------- the start screen's path

START_PATH = """
import sys
from shengji_desktop.cli import main
main(["--exit-after-first-paint"])
print(" ".join(sorted(sys.modules)))
"""


def start_env(home: Path) -> dict[str, str]:
    import os

    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }


def run_python(script: str, home: Path) -> str:
    """What ``script`` prints, run by this Python in a fresh process with ``home``."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", script],
        env=start_env(home),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.gui
def test_the_start_screen_loads_no_engine_computer_players_network_or_statistics(
    tmp_path,
) -> None:
    # The program's own start, to the complete window (its table, panel and start screen),
    # on a fresh home: the engine and the rest load when a game starts (issue 21).
    lines = run_python(START_PATH, tmp_path).splitlines()
    assert lines[:2] == ["first-paint", "ready"]  # the window was complete
    loaded = set(lines[-1].split())
    assert "shengji_desktop.ui.panels.info" in loaded and "shengji_desktop.ui.table.scene" in loaded
    engine = {name for name in loaded if name.startswith("shengji_desktop.engine")}
    # only where the autosave is looked for (engine/paths.py, no codec)
    assert engine == {"shengji_desktop.engine", "shengji_desktop.engine.paths"}
    for package in ("ai", "net", "stats"):
        assert not any(name.startswith(f"shengji_desktop.{package}") for name in loaded), package
    for name in (
        "shengji_desktop.rules.trick",  # the trick rules: cues and sounds at the first play
        "shengji_desktop.ui.dialogs",  # the menus' windows and dialogs: when first asked for
        "shengji_desktop.ui.windows.replay_open",
        "shengji_desktop.ui.session.stats",
        "shengji_desktop.ui.rules_window",
        "shengji_desktop.ui.aids.audio",  # the sound device's module: at the first sound
        "msgspec",
        "json",
    ):
        assert name not in loaded, name


def test_the_window_opens_without_building_the_command_line_parser(monkeypatch) -> None:
    import gc
    import sys
    import types

    from shengji_desktop import cli

    opened: list[bool] = []

    def run_gui(argv, exit_after_first_paint=False):  # type: ignore[no-untyped-def]
        opened.append(exit_after_first_paint)
        return 0

    def no_parser() -> None:
        raise AssertionError("the parser was built")

    fake = types.ModuleType("shengji_desktop.ui.main")
    fake.run_gui = run_gui  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "shengji_desktop.ui.main", fake)
    monkeypatch.setattr(cli, "build_parser", no_parser)
    try:
        assert cli.main([]) == 0
        assert cli.main(["--exit-after-first-paint"]) == 0
    finally:
        gc.enable()
    assert opened == [False, True]
    with pytest.raises(AssertionError, match="parser"):
        cli.main(["--version"])  # anything else is parsed as before


# ---------------------------------------------------------------------- Python's own import


PLAIN_IMPORTS = """
import builtins
from PySide6 import QtCore
assert builtins.__import__ is builtins.__feature_import__  # PySide's hook, as 6.11 installs it
from shengji_desktop.ui import plain_imports
plain_imports()
assert builtins.__import__ is builtins.__orig_import__, builtins.__import__
plain_imports()  # a second call changes nothing
assert builtins.__import__ is builtins.__orig_import__
# Qt code imported afterwards works as before: classes, enums, signals
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel("x")
label.setAlignment(Qt.AlignmentFlag.AlignCenter | Qt.AlignmentFlag.AlignTop)
assert label.alignment() & Qt.AlignmentFlag.AlignCenter
from shengji_desktop.ui.cards import CardPixmaps
print("ok")
"""

OTHER_HOOK = """
import builtins
from PySide6 import QtCore
theirs = builtins.__import__
def hook(*args, **kwargs):
    return theirs(*args, **kwargs)
builtins.__import__ = hook  # another program's hook over PySide's
from shengji_desktop.ui import plain_imports
plain_imports()
assert builtins.__import__ is hook
print("ok")
"""


@pytest.mark.gui
@pytest.mark.parametrize("script", [PLAIN_IMPORTS, OTHER_HOOK], ids=["pyside", "other-hook"])
def test_plain_imports_gives_python_its_own_import_back_from_pyside(tmp_path, script) -> None:
    # PySide's __feature_import__ runs Python code at every import statement and reads each
    # new module's source: the window's start goes without it (issue 21); a hook put over
    # PySide's by someone else stays.
    assert run_python(script, tmp_path).split() == ["ok"]


START_IMPORT = """
import builtins
import shengji_desktop.ui.main as main
from shengji_desktop.cli import main as cli_main
seen = []
main.run_gui = lambda argv, exit_after_first_paint=False: seen.append(builtins.__import__) or 0
cli_main([])
print(seen[0] is builtins.__orig_import__)
"""


@pytest.mark.gui
def test_the_window_starts_with_pythons_own_import(tmp_path) -> None:
    assert run_python(START_IMPORT, tmp_path).split() == ["True"]


def test_the_frozen_app_has_its_own_modules_as_pyc_files() -> None:
    # unpacking them from the zlib archive was 1.5% of the start's instructions (issue 21)
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Analysis"
    ]
    assert len(calls) == 1
    mode = next(k.value for k in calls[0].keywords if k.arg == "module_collection_mode")
    assert ast.literal_eval(mode) == {"shengji_desktop": "pyc"}


# ---------------------------------------------------------------------- the frozen app's workers


def test_the_frozen_app_leaves_out_pyinstallers_multiprocessing_hook() -> None:
    text = (ROOT / "build.spec").read_text(encoding="utf-8")
    tree = ast.parse(text)
    dropped = next(
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "DROPPED_RUNTIME_HOOKS" for t in node.targets)
    )
    assert isinstance(dropped, ast.List)
    assert [e.value for e in dropped.elts if isinstance(e, ast.Constant)] == [
        "pyi_rth_multiprocessing",
        "pyi_rth_pkgutil",
    ]
    assert (
        "a.scripts = [entry for entry in a.scripts if entry[0] not in DROPPED_RUNTIME_HOOKS]"
        in text
    )


FROZEN_START = """
import sys
import types
sys.frozen = True
fake = types.ModuleType("shengji_desktop.ui.main")
fake.run_gui = lambda argv, exit_after_first_paint=False: 0
sys.modules["shengji_desktop.ui.main"] = fake
from shengji_desktop import cli
assert cli.main([]) == 0
print("multiprocessing" in sys.modules)
"""


def test_the_frozen_apps_own_start_does_not_import_multiprocessing() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", FROZEN_START], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False"]


def test_a_worker_command_line_is_told_from_the_apps() -> None:
    from shengji_desktop.frozen_workers import helper_command, is_worker, worker_arguments

    exe = "shengji-desktop"
    spawned = [exe, "--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"]
    assert is_worker(spawned)
    assert worker_arguments(spawned) == {"tracker_fd": 5, "pipe_handle": 7}
    assert worker_arguments([exe, "--multiprocessing-fork", "parent_pid=None"]) == {
        "parent_pid": None
    }
    tracker = "from multiprocessing.resource_tracker import main;main(6)"
    flags = ["-B", "-s"]
    helper = [exe, "-s", "-B", "-c", tracker]
    assert is_worker(helper) and helper_command(helper, flags) == tracker
    assert helper_command([exe, "-c", tracker], flags) is None  # not multiprocessing's flags
    assert helper_command([exe, "-B", "-s", "-c", "import os"], flags) is None  # not a helper
    for app in ([exe], [exe, "--exit-after-first-paint"], [exe, "bench", "startup"]):
        assert not is_worker(app)
        assert worker_arguments(app) is None and helper_command(app, flags) is None


CONTINUE_OFFER = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from shengji_desktop.ui.window.mainwindow import MainWindow
from shengji_desktop.ui.main import FirstPaint
app = QApplication([])
window = MainWindow(save_path=Path(sys.argv[1]), progressive=True)
probe = FirstPaint(app, window)
window.installEventFilter(probe)
window.show()
app.exec()
print(sorted(window.table.overlay.buttons), window.table.overlay.isVisibleTo(window))
"""


@pytest.mark.gui
def test_with_a_saved_game_the_window_is_ready_once_it_offers_to_continue(tmp_path) -> None:
    # bench startup --saved: "ready" is the window with the Continue offer showing
    import subprocess
    import sys

    from shengji_desktop.startup_bench import bench_env, write_saved_game

    env = bench_env(tmp_path)
    path = write_saved_game(env)
    assert path.is_relative_to(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", CONTINUE_OFFER, str(path)],
        env=start_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["first-paint", "ready"]
    assert lines[-1] == "['continue', 'new'] True"


def test_the_benchs_saved_game_is_one_the_window_offers(tmp_path) -> None:
    from shengji_desktop.engine.record import load_saved
    from shengji_desktop.rules.options import Game
    from shengji_desktop.startup_bench import bench_env, write_saved_game

    env = bench_env(tmp_path)
    path = write_saved_game(env)
    assert path.is_relative_to(Path(env["HOME"])) and path.name == "autosave.json"
    saved = load_saved(path, "save file")
    assert saved.match.game is Game.DL and saved.match.hand_number == 2 and not saved.warnings
    assert saved.meta["ui"]["seats"][0] == "human"
    from shengji_desktop.engine.savehead import SaveHead, peek_save

    assert peek_save(path) == SaveHead(Game.DL, 2)  # offered from its head, as the window's


def test_no_code_of_the_app_lists_modules_with_pkgutil() -> None:
    # build.spec drops PyInstaller's pkgutil hook, which only teaches pkgutil.iter_modules
    # (and walk_packages) the frozen modules
    paths = sorted((ROOT / "shengji_desktop").rglob("*.py"))
    assert len(paths) > 100  # the package was read
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert "iter_modules" not in text and "walk_packages" not in text, path
