"""What the self-test's two halves share (no Qt): the report its checks run in, and where a
frozen app's files are.

``shengji_desktop.selftest`` runs the checks that need no window and then the window checks of
``shengji_desktop.ui.selftest``; both import these from here, so the window checks need not
import ``shengji_desktop.selftest`` (which imports them).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO


@dataclass
class Report:
    """Runs checks, each a function that returns what it saw or raises what went wrong."""

    streams: list[TextIO] = field(default_factory=list)
    results: list[tuple[str, bool, str]] = field(default_factory=list)
    started: float = field(default_factory=time.perf_counter)

    def say(self, line: str) -> None:
        for stream in self.streams:
            stream.write(line + "\n")
            stream.flush()

    def check(self, name: str, fn: Callable[[], str]) -> bool:
        t0 = time.perf_counter()
        try:
            detail, ok = fn(), True
        except Exception as exc:  # every failure is reported, and the other checks still run
            detail, ok = f"{type(exc).__name__}: {exc}", False
        seconds = time.perf_counter() - t0
        self.results.append((name, ok, detail))
        self.say(f"{'ok  ' if ok else 'FAIL'} {name}: {detail} ({seconds:.1f} s)")
        return ok

    @property
    def failed(self) -> list[str]:
        return [name for name, ok, _ in self.results if not ok]

    def close(self) -> int:
        seconds = time.perf_counter() - self.started
        n = len(self.results)
        if self.failed:
            self.say(
                f"self-test FAILED: {len(self.failed)} of {n} checks failed"
                f" ({', '.join(self.failed)}) in {seconds:.1f} s"
            )
            return 1
        self.say(f"self-test passed: {n} checks in {seconds:.1f} s")
        return 0


def is_frozen() -> bool:
    return bool(getattr(sys, "frozen", False))


def bundle_dir() -> Path | None:
    """Where a frozen app's files are (PyInstaller's ``sys._MEIPASS``), else None."""
    base = getattr(sys, "_MEIPASS", None)
    return Path(base).resolve() if base else None


def app_root() -> Path | None:
    """The frozen app's own folder, which holds all of its files: the folder above
    ``sys._MEIPASS`` ("Shengji Desktop/" above its "_internal/"; in a macOS .app, "Contents/",
    whose "Resources/" holds the data files that "Frameworks/" links to)."""
    base = bundle_dir()
    return base.parent if base is not None else None


def in_app(path: Path) -> bool:
    root = app_root()
    return root is not None and root in path.resolve().parents
