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
def _add_play(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("play", help="play computer seats without a window")
    parser.add_argument("--headless", action="store_true", required=True)
    parser.add_argument("--game", choices=["dl", "tr", "sd"], required=True)
    parser.add_argument("--seats", default="random,random,random,random", help="S,E,N,W kinds")
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )
    parser.add_argument("--record", help="write the game record (JSON) to this file")
    parser.set_defaults(handler=_play)


def _play(args: argparse.Namespace) -> int:
    from pathlib import Path

    from shengji_desktop.ai import make_player
    from shengji_desktop.engine.headless import play_headless
    from shengji_desktop.rules.options import Game, Options

    try:
        pairs = dict(_split_option(o) for o in args.option)
        options = Options.from_dict(pairs)
        seats = args.seats.split(",")
        if len(seats) != 4:
            raise ValueError("--seats needs four kinds: S,E,N,W")
        if args.hands < 1:
            raise ValueError("--hands must be at least 1")
        play_headless(
            Game(args.game),
            options,
            args.seed,
            seats,
            args.hands,
            Path(args.record) if args.record else None,
            make_player=make_player,
        )
    except ValueError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    return 0


def _split_option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"--option needs KEY=VALUE, not {text!r}")
    return key.strip(), value.strip()


def _add_replay(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("replay", help="replay a game record")
    parser.add_argument("file")
    parser.add_argument("--check", action="store_true", help="exit 1 if the replay differs")
    parser.set_defaults(handler=_replay)


def _replay(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from shengji_desktop.engine.headless import describe
    from shengji_desktop.engine.record import RecordError, check, replay

    path = Path(args.file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if args.check:
            problems = check(data)
            for p in problems:
                print(f"{path}: {p}", file=sys.stderr)
            print("replay differs" if problems else "replay identical")
            return 1 if problems else 0
        match, events = replay(data)
    except (OSError, json.JSONDecodeError, RecordError) as exc:
        print(f"{PROG}: {path}: {exc}", file=sys.stderr)
        return 2
    for e in events:
        line = describe(e)
        if line:
            print(line)
    print(json.dumps(match.summary(), ensure_ascii=False, sort_keys=True))
    return 0


def _add_bench(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("bench", help="print speed figures, JSON last")
    parser.add_argument("what", choices=["rules", "engine", "ui"])
    parser.add_argument("--hands", type=int, default=50)
    parser.set_defaults(handler=_bench)


def _bench(args: argparse.Namespace) -> int:
    if args.what == "ui":
        import time

        started = time.perf_counter()  # before Qt and the window are imported
        started_cpu = time.process_time()
        from shengji_desktop.ui.bench import run as run_ui

        run_ui(started, started_cpu)
        return 0
    from shengji_desktop.engine.bench import run

    run(args.what, args.hands)
    return 0


SUBCOMMANDS: tuple[Callable[[Subparsers], None], ...] = (_add_play, _add_replay, _add_bench)


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
