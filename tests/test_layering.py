"""Layering by reading the source: rules ← engine ← (ai | net) ← ui, ai and net never import
each other, only ui imports Qt, nobody outside the engine reaches into its state, nobody
imports another module's private names, and cards are parsed only at the edges.

import-linter checks the layer contracts from pyproject.toml; this test keeps them enforced by
plain pytest too, and counts every import statement, including those inside functions and
`if TYPE_CHECKING:` blocks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = "shengji_desktop"
PACKAGE_DIR = Path(__file__).resolve().parents[1] / PACKAGE

QT_PACKAGES = ("PySide6", "shiboken6")
# For each headless layer, the layers of shengji_desktop it must not import. None of them may
# import Qt.
FORBIDDEN_LAYERS: dict[str, frozenset[str]] = {
    "rules": frozenset({"engine", "ai", "net", "ui"}),
    "engine": frozenset({"ai", "net", "ui"}),
    "ai": frozenset({"net", "ui", "stats"}),
    "net": frozenset({"ai", "ui", "stats"}),
    "stats": frozenset({"ai", "net", "ui"}),
}
# The engine's state (hands, match plumbing): only the engine itself imports these.
ENGINE_INTERNALS = frozenset(
    f"{PACKAGE}.engine.{name}"
    for name in ("hand", "dl_hand", "tr_hand", "sd_hand", "dl_match", "tr_match", "sd_match")
)
# Where card text may be parsed: the rules (which define it), the codec, the command line.
PARSERS = ("rules/", "engine/codec/", "cli.py")
MAX_LINES = 600


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == PACKAGE else None


def _imported_modules(module: str, tree: ast.AST, *, is_package: bool) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in the tree, relative ones resolved."""
    package_parts = module.split(".") if is_package else module.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package_parts[: len(package_parts) - (node.level - 1)]
                base = ".".join([*base_parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            found.append((node.lineno, base))
            # `from shengji_desktop import ui` imports the subpackage ui.
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def layering_violations(module: str, source: str, *, is_package: bool = False) -> list[str]:
    """The imports in `source`, the text of `module`, that break the layering rules."""
    layer = _layer(module)
    tree = ast.parse(source, filename=module)
    found = _imported_modules(module, tree, is_package=is_package)
    internal = [
        f"{module}:{line}: {layer} imports the engine's internals ({imported})"
        for line, imported in found
        if imported in ENGINE_INTERNALS and layer != "engine"
    ]
    if layer not in FORBIDDEN_LAYERS:
        return internal
    # One report per statement and forbidden target: `from PySide6 import QtCore` names both
    # PySide6 and PySide6.QtCore.
    violations: dict[tuple[int, str], str] = {}
    for line, imported in found:
        if imported.split(".")[0] in QT_PACKAGES:
            target = "Qt"
        else:
            target = _layer(imported)
            target = target if target in FORBIDDEN_LAYERS[layer] else None
        if target is not None:
            violations.setdefault(
                (line, target), f"{module}:{line}: {layer} imports {target} ({imported})"
            )
    return [violations[key] for key in sorted(violations)] + internal


def private_imports(module: str, source: str) -> list[str]:
    """``from x import _name``: a private name of another module (dunders are not private)."""
    out = []
    for node in ast.walk(ast.parse(source, filename=module)):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                name = alias.name
                if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
                    out.append(f"{module}:{node.lineno}: imports {name} from {node.module}")
    return out


def _package_modules() -> list[tuple[str, Path, bool]]:
    modules = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        modules.append((".".join(parts), path, is_package))
    return modules


def test_package_respects_layers() -> None:
    modules = _package_modules()
    assert any(name == f"{PACKAGE}.cli" for name, _, _ in modules)
    violations = [
        violation
        for name, path, is_package in modules
        for violation in layering_violations(
            name, path.read_text(encoding="utf-8"), is_package=is_package
        )
    ]
    assert violations == []


@pytest.mark.parametrize(
    ("module", "source", "is_package", "expected"),
    [
        ("shengji_desktop.rules.cards", "import PySide6.QtCore", False, "rules imports Qt"),
        ("shengji_desktop.engine", "from PySide6 import QtWidgets", True, "engine imports Qt"),
        ("shengji_desktop.net.lan", "import shiboken6", False, "net imports Qt"),
        (
            "shengji_desktop.rules.play",
            "def f():\n    from shengji_desktop.engine import game\n",
            False,
            "rules imports engine",
        ),
        ("shengji_desktop.engine.game", "from ..ui import app", False, "engine imports ui"),
        ("shengji_desktop.engine", "from .. import ai", True, "engine imports ai"),
        ("shengji_desktop.ai.search", "import shengji_desktop.net.client", False, "ai imports net"),
        ("shengji_desktop.net", "from shengji_desktop import ui", True, "net imports ui"),
        ("shengji_desktop.net.host", "from ..ai import make_player", False, "net imports ai"),
        (
            "shengji_desktop.net.headless",
            "def f():\n    from shengji_desktop.ai import make_player\n",
            False,
            "net imports ai",
        ),
        (
            "shengji_desktop.ui.window.mainwindow",
            "from shengji_desktop.engine.hand import HandBase",
            False,
            "ui imports the engine's internals",
        ),
        (
            "shengji_desktop.cli",
            "def f():\n    from .engine import dl_hand\n",
            False,
            "cli imports the engine's internals",
        ),
        (
            "shengji_desktop.rules.trick",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import shengji_desktop.ui\n",
            False,
            "rules imports ui",
        ),
    ],
)
def test_checker_reports_bad_imports(
    module: str, source: str, is_package: bool, expected: str
) -> None:
    violations = layering_violations(module, source, is_package=is_package)
    assert len(violations) == 1
    assert expected in violations[0]


@pytest.mark.parametrize(
    ("module", "source", "is_package"),
    [
        ("shengji_desktop.engine.game", "from shengji_desktop.rules import cards", False),
        ("shengji_desktop.engine.game", "from ..rules.cards import Card", False),
        ("shengji_desktop.ai", "from . import search\nfrom ..engine import game", True),
        ("shengji_desktop.net.lan", "import json\nfrom shengji_desktop.engine import game", False),
        (
            "shengji_desktop.ui.window.mainwindow",
            "import PySide6.QtWidgets\nimport shengji_desktop.ai",
            False,
        ),
        ("shengji_desktop.engine.view", "from .dl_hand import DLHand", False),
        ("shengji_desktop.ui.lan.link", "from shengji_desktop.engine.view import SeatView", False),
        ("shengji_desktop.cli", "def f():\n    from .ui.app import run_gui\n", False),
    ],
)
def test_checker_accepts_allowed_imports(module: str, source: str, is_package: bool) -> None:
    assert layering_violations(module, source, is_package=is_package) == []


def test_no_private_name_is_imported_from_another_module() -> None:
    found = [
        problem
        for name, path, _ in _package_modules()
        for problem in private_imports(name, path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_private_import_check_finds_one() -> None:
    assert private_imports("m", "from .hand import _ONLY, __version__, Card") == [
        "m:1: imports _ONLY from hand"
    ]


def test_no_module_outside_the_rules_is_over_600_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE_DIR)): n
        for _, path, _ in _package_modules()
        if not path.relative_to(PACKAGE_DIR).as_posix().startswith("rules/")
        and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_cards_are_parsed_only_at_the_edges() -> None:
    """Inside, cards travel as ``Card`` values: text is parsed only by the rules (which define
    it), the codec (files, the wire) and the command line."""
    parsing = sorted(
        path.relative_to(PACKAGE_DIR).as_posix()
        for _, path, _ in _package_modules()
        if "parse_card" in path.read_text(encoding="utf-8")
        and not path.relative_to(PACKAGE_DIR).as_posix().startswith(PARSERS)
    )
    assert parsing == []


# ---------------------------------------------------------------------- the house's shape


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports, counting every import statement (inside
    functions and under ``if TYPE_CHECKING:`` too). ``from pkg import a, b`` imports the
    modules ``pkg.a`` and ``pkg.b``, and ``pkg`` itself unless every name is a module."""
    modules = _package_modules()
    known = {name for name, _, _ in modules}
    graph: dict[str, set[str]] = {}
    for name, path, is_package in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found: set[str] = set()
        package_parts = name.split(".") if is_package else name.split(".")[:-1]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base_parts = package_parts[: len(package_parts) - (node.level - 1)]
                    base = ".".join([*base_parts, *([node.module] if node.module else [])])
                else:
                    base = node.module or ""
                subs = {f"{base}.{alias.name}" for alias in node.names}
                found |= subs & known
                if not subs <= known:
                    found.add(base)
        graph[name] = {m for m in found if m in known and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_of_the_package_imports_itself_round_a_circle() -> None:
    graph = import_graph()
    assert len(graph) > 100 and sum(map(len, graph.values())) > 300  # the package was read
    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle_through_a_type_checking_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


UI = f"{PACKAGE}.ui"
SHELL = f"{UI}.window"


def test_only_the_shell_and_main_know_the_main_window() -> None:
    graph = import_graph()
    main_window = f"{SHELL}.mainwindow"
    importers = {m for m, imported in graph.items() if main_window in imported}
    assert f"{UI}.main" in importers
    assert {m for m in importers if not m.startswith(SHELL)} == {f"{UI}.main"}


def test_the_top_of_the_window_layer_holds_what_everything_shares() -> None:
    top = sorted(p.stem for p in (PACKAGE_DIR / "ui").glob("*.py"))
    assert "main" in top and len(top) <= 14, top
    folders = {p.name for p in (PACKAGE_DIR / "ui").iterdir() if (p / "__init__.py").exists()}
    assert folders >= {"window", "table", "session", "lan", "aids", "panels", "windows"}
    for folder in folders:  # each says its job
        doc = ast.get_docstring(
            ast.parse((PACKAGE_DIR / "ui" / folder / "__init__.py").read_text())
        )
        assert doc and len(doc.splitlines()) <= 3, folder


def test_the_replay_viewer_shows_its_record_on_the_table_screen() -> None:
    source = (PACKAGE_DIR / "ui" / "windows" / "replay.py").read_text(encoding="utf-8")
    assert "TableScreen(" in source
    built_here = ("TableView(", "Animator(", "InfoPanel(", "Overlay(", "ScoreSheetModel(")
    assert not [name for name in built_here if name in source]
