"""The `shengji-desktop` command line: the GUI by default, headless subcommands later."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from shengji_desktop import __version__

if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

PROG = "shengji-desktop"

# What a subcommand runs: it gets the parsed arguments and returns the exit code.
Handler = Callable[[argparse.Namespace], int]

# One function per subcommand (play, replay, arena, bench, host, join, ...). Each adds its
# parser and sets `handler=` as a default, for example:
#
#     def _add_replay(subparsers: Subparsers) -> None:
#         parser = subparsers.add_parser("replay", help="replay a saved game")
#         parser.add_argument("file")
#         parser.set_defaults(handler=_replay)
#
# and is registered by adding it to this tuple. A headless subcommand imports what it needs
# inside its handler, so that it never loads Qt.
SUBCOMMANDS: tuple[Callable[[Subparsers], None], ...] = ()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="升级 (Shengji) card games. With no command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    # argparse shows an empty subcommand group as a bogus COMMAND argument, so the group is
    # only made once there is something to put in it.
    if SUBCOMMANDS:
        subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
        for add_subcommand in SUBCOMMANDS:
            add_subcommand(subparsers)
    parser.set_defaults(handler=_open_gui)
    return parser


def _open_gui(args: argparse.Namespace) -> int:
    # Imported here so that the headless subcommands and --version never import Qt.
    from shengji_desktop.ui.app import run_gui

    return run_gui([sys.argv[0] if sys.argv and sys.argv[0] else PROG])


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version and usage errors end inside argparse
        return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    handler: Handler = args.handler
    return handler(args)
