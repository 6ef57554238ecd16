"""The frozen app's worker processes: recognised from the command line before anything else
runs, so that the app's own start never imports multiprocessing (issue 21).

A frozen app has no Python interpreter to start workers with, so multiprocessing starts the
app's own executable again: with ``--multiprocessing-fork`` and the pipe's numbers for a worker
(the hard player's search, ``ai/search.py``, uses the spawn method), or with the interpreter's
flags and ``-c "from multiprocessing.resource_tracker import main; ..."`` for the process that
tracks named semaphores. PyInstaller's runtime hook for multiprocessing catches both, but it
imports multiprocessing (pickle, sockets, subprocess) at every start of the app, some 10 ms of
the window's start; build.spec leaves that hook out and ``cli.main`` asks ``is_worker`` first.
What it did for the app itself needs nothing here: it set ``process.ORIGINAL_DIR`` to None so
that a worker would not look for the main script relative to the start folder, and a frozen
app's main script has an absolute path (PyInstaller sets ``__main__.__file__`` so).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NoReturn

# What multiprocessing runs with ``-c`` in a helper process.
HELPER_COMMANDS = (
    "from multiprocessing.resource_tracker import main",
    "from multiprocessing.forkserver import main",
    "import sys; from multiprocessing.forkserver import main",
)


def is_worker(argv: Sequence[str]) -> bool:
    """Whether this command line is one multiprocessing made for a worker or a helper (a quick
    look: ``run_worker`` decides)."""
    return argv[1:2] == ["--multiprocessing-fork"] or "-c" in argv[1:]


def helper_command(argv: Sequence[str], interpreter_flags: Sequence[str]) -> str | None:
    """The code a helper process is to run: ``-c CODE`` after exactly the interpreter's flags
    (as multiprocessing puts them), CODE one of the helpers' own; else None."""
    args = list(argv)
    if "-c" not in args[1:]:
        return None
    at = args.index("-c", 1)
    if set(args[1:at]) != set(interpreter_flags) or at + 1 >= len(args):
        return None
    command = args[at + 1]
    return command if command.startswith(HELPER_COMMANDS) else None


def worker_arguments(argv: Sequence[str]) -> dict[str, int | None] | None:
    """The keywords of ``spawn_main`` on a spawned worker's command line
    (``--multiprocessing-fork tracker_fd=5 pipe_handle=7``), or None for another command."""
    if list(argv[1:2]) != ["--multiprocessing-fork"]:
        return None
    keywords: dict[str, int | None] = {}
    for arg in argv[2:]:
        name, value = arg.split("=")
        keywords[name] = None if value == "None" else int(value)
    return keywords


def run_worker(argv: Sequence[str]) -> None:
    """Become the worker or the helper that ``argv`` asks for (and exit when it is done);
    return at once when it asks for neither, for the command line to handle."""
    import multiprocessing.spawn
    import subprocess

    multiprocessing.process.ORIGINAL_DIR = None  # type: ignore[attr-defined]
    # the flags multiprocessing gives a helper (the standard library's own helper for it)
    flags = subprocess._args_from_interpreter_flags()  # type: ignore[attr-defined]
    command = helper_command(argv, flags)
    if command is not None:
        exec(command)  # the helper's own code, as multiprocessing wrote it
        _exit()
    keywords = worker_arguments(argv)
    if keywords is not None:
        multiprocessing.spawn.spawn_main(**keywords)  # type: ignore[arg-type]
        _exit()


def _exit() -> NoReturn:
    sys.exit()
