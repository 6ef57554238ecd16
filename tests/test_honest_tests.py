"""Tests that prove what their names say: a mechanical look, with ``ast``, at every test file
for three ways a test can pass while checking nothing.

* A counter (``compared = 0`` ... ``compared += 1``) that no ``assert`` reads: the test counts
  what it checked and never requires that it checked anything.
* ``assert compared == 0 or ...``: the same, as a way out of the assertion.
* ``for path in folder.glob(...)``: a loop whose assertions all pass when the glob matches
  nothing (collect the paths first and assert there are some).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).parent
GLOBS = {"glob", "rglob", "iglob"}

# Findings left for later, by test ("file::test": what): none now. A mended one must leave this
# list: the check fails on a stale entry too.
KNOWN: dict[str, str] = {}

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _tests_in(tree: ast.Module) -> Iterator[Function]:
    """The module's tests: ``test*`` functions, and ``test*`` methods of ``Test*`` classes."""
    for node in tree.body:
        if isinstance(node, Function) and node.name.startswith("test"):
            yield node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, Function) and sub.name.startswith("test"):
                    yield sub


def counters(test: Function) -> set[str]:
    """Names set to 0 and increased with ``+=`` in the test (nested functions included)."""
    zeroed, increased = set(), set()
    for node in ast.walk(test):
        if isinstance(node, ast.Assign | ast.AnnAssign) and _is_int(node.value, 0):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            zeroed |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
            if isinstance(node.target, ast.Name):
                increased.add(node.target.id)
    return zeroed & increased


def _is_int(node: ast.expr | None, value: int) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == value


def _says_none(node: ast.expr, names: set[str]) -> bool:
    """``n == 0``, ``n < 1``, ``n <= 0`` or ``not n`` for a counter ``n``."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return isinstance(node.operand, ast.Name) and node.operand.id in names
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
        return False
    left, op, right = node.left, node.ops[0], node.comparators[0]
    if not (isinstance(left, ast.Name) and left.id in names):
        return False
    return (
        (isinstance(op, ast.Eq) and _is_int(right, 0))
        or (isinstance(op, ast.Lt) and _is_int(right, 1))
        or (isinstance(op, ast.LtE) and _is_int(right, 0))
    )


def _globbed(node: ast.expr) -> bool:
    """A glob call, maybe inside sorted(), list(), ..."""
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"sorted", "list", "tuple", "set", "enumerate"}
        and node.args
    ):
        node = node.args[0]
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (isinstance(func, ast.Attribute) and func.attr in GLOBS) or (
        isinstance(func, ast.Name) and func.id in GLOBS
    )


def _way_out(node: ast.expr, names: set[str]) -> bool:
    """``a or b or ...`` of which one says that a counter counted nothing."""
    return (
        isinstance(node, ast.BoolOp)
        and isinstance(node.op, ast.Or)
        and any(_says_none(v, names) for v in node.values)
    )


def findings(source: str) -> list[tuple[str, str, str]]:
    """(test name, kind, what) for each way out found in a test file's ``source``."""
    out = []
    for test in _tests_in(ast.parse(source)):
        names = counters(test)
        read: set[str] = set()
        for node in ast.walk(test):
            if isinstance(node, ast.Assert):
                read |= {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
                if _way_out(node.test, names):
                    what = f"line {node.lineno}: assert {ast.unparse(node.test)}"
                    out.append((test.name, "way out", what))
            elif isinstance(node, ast.For | ast.AsyncFor) and _globbed(node.iter):
                what = f"line {node.lineno}: for ... in {ast.unparse(node.iter)}"
                out.append((test.name, "glob", what))
        for name in sorted(names - read):
            out.append((test.name, "counter", f"{name} is counted but no assert reads it"))
    return out


def test_no_test_counts_without_asserting_or_loops_over_a_glob_unchecked() -> None:
    files = sorted(TESTS.rglob("test_*.py"))
    assert len(files) > 50, TESTS
    found: dict[str, list[str]] = {}
    for path in files:
        rel = path.relative_to(TESTS.parent).as_posix()
        source = path.read_text(encoding="utf-8")
        if "+=" not in source and "glob(" not in source:
            continue  # nothing to find: skip the parse
        for name, kind, what in findings(source):
            found.setdefault(f"{rel}::{name}", []).append(f"{kind}: {what}")
    new = {key: whats for key, whats in found.items() if key not in KNOWN}
    assert not new, "\n".join(f"{key}: {'; '.join(whats)}" for key, whats in sorted(new.items()))
    mended = sorted(
        key for key in KNOWN if not any(w.startswith(KNOWN[key]) for w in found.get(key, []))
    )
    assert not mended, f"mended: take them out of KNOWN: {mended}"


# ---------------------------------------------------------------------- the check itself


def test_the_check_finds_each_way_out() -> None:
    source = """
def test_counts_only():
    compared = 0
    def follow():
        nonlocal compared
        compared += 1
    follow()

def test_way_out():
    compared = 0
    for _ in range(3):
        compared += 1
    assert compared == 0 or changed

def test_globs(tmp):
    for path in sorted(tmp.glob("*.py")):
        assert path.read_text()

class TestGrouped:
    def test_not(self):
        n = 0
        n += 1
        assert not n or ok
"""
    assert findings(source) == [
        ("test_counts_only", "counter", "compared is counted but no assert reads it"),
        ("test_way_out", "way out", "line 13: assert compared == 0 or changed"),
        ("test_globs", "glob", "line 16: for ... in sorted(tmp.glob('*.py'))"),
        ("test_not", "way out", "line 23: assert not n or ok"),
    ]


def test_the_check_lets_honest_tests_be() -> None:
    source = """
def test_required(tmp):
    compared = 0
    for _ in range(3):
        compared += 1
    assert compared > 0 or stopped_on_purpose
    paths = sorted(tmp.glob("*.py"))
    assert paths
    for path in paths:
        assert path.exists()
    names = {p.stem for p in tmp.glob("*.py")}
    assert names

def helper():
    n = 0
    n += 1
    return n

def test_total():
    total = 0
    total += 2
    assert total == 2
"""
    assert findings(source) == []
