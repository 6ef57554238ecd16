"""Where the frozen ``baseline`` players come from: ``benchmarks/baseline/`` of a source
checkout, not the program.

The baseline (``baseline`` and ``baseline-easy``: the normal and easy players as they were
before issue 22, never edited) is a fixed point for the arena's figures, for the command line
only, so the installed program and the frozen app do not carry it. ``load_baseline`` imports
it from the repository's ``benchmarks`` folder beside this package (as the top-level package
``MODULE``); elsewhere it says that the baseline needs a source checkout.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPOSITORY = Path(__file__).resolve().parents[2]
"""The source checkout this package lies in (when it is one: see ``load_baseline``)."""
BASELINE_DIR = REPOSITORY / "benchmarks" / "baseline"
MODULE = "shengji_baseline"
"""The name the baseline package is imported under (its modules: ``shengji_baseline.players``,
``.phases``, ``.knowledge``, ``.policy``)."""


class BaselineMissing(ValueError):
    """The baseline players cannot be loaded here: no source checkout (an installed or frozen
    program)."""


def load_baseline(module: str | None = None) -> ModuleType:
    """The baseline package (``make_baseline``, ``BASELINE_KINDS``), or its submodule
    ``module`` (``"players"``, ``"phases"``, ...), imported from ``BASELINE_DIR`` once."""
    package = sys.modules.get(MODULE)
    if package is None:
        package = _import_package()
    if module is None:
        return package
    return importlib.import_module(f"{MODULE}.{module}")


def _import_package() -> ModuleType:
    init = BASELINE_DIR / "__init__.py"
    if getattr(sys, "frozen", False) or not (
        init.is_file() and (REPOSITORY / "pyproject.toml").is_file()
    ):
        raise BaselineMissing(
            "the baseline players (baseline, baseline-easy) are not part of the installed"
            " program: they load from benchmarks/baseline/ of a source checkout of"
            f" shengji-desktop, which is not there ({BASELINE_DIR})"
        )
    spec = importlib.util.spec_from_file_location(
        MODULE, init, submodule_search_locations=[str(BASELINE_DIR)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[MODULE] = package
    try:
        spec.loader.exec_module(package)
    except BaseException:
        del sys.modules[MODULE]
        raise
    return package
