"""The `shengji-desktop` command line: the GUI by default, headless subcommands later."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from shengji_desktop import __version__
from shengji_desktop.cli_net import add_host_arguments, add_join_arguments

if TYPE_CHECKING:
    import argparse

    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

PROG = "shengji-desktop"

# What a subcommand runs: it gets the parsed arguments and returns the exit code.
Handler = Callable[["argparse.Namespace"], int]


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
    parser = subparsers.add_parser("replay", help="watch a game record again (the viewer)")
    parser.add_argument("file")
    parser.add_argument("--check", action="store_true", help="exit 1 if the replay differs")
    parser.add_argument(
        "--print", action="store_true", dest="print_", help="print the events, no window"
    )
    parser.set_defaults(handler=_replay)


def _replay(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from shengji_desktop.engine import codec
    from shengji_desktop.engine.headless import describe
    from shengji_desktop.engine.record import RecordError, check, load_saved, replay, summary_json

    path = Path(args.file)
    if not args.check and not args.print_:
        from shengji_desktop.ui import plain_imports

        plain_imports()  # as the window does (_open_window)
        from shengji_desktop.ui.windows.replay_open import run_viewer  # the viewer (Qt)

        argv0 = sys.argv[0] if sys.argv and sys.argv[0] else PROG
        return run_viewer([argv0], path)
    try:
        raw = path.read_bytes()
        if not args.check and codec.JOURNAL_FORMAT.encode() in raw.partition(b"\n")[0]:
            saved = load_saved(path)  # a save journal
            for warning in saved.warnings:
                print(f"{PROG}: {warning}", file=sys.stderr)
            match, events = saved.match, saved.events
        else:
            data = json.loads(raw.decode("utf-8"))
            if args.check:
                problems = check(data)
                for p in problems:
                    print(f"{path}: {p}", file=sys.stderr)
                print("replay differs" if problems else "replay identical")
                return 1 if problems else 0
            match, events = replay(data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecordError) as exc:
        print(f"{PROG}: {path}: {exc}", file=sys.stderr)
        return 2
    for e in events:
        line = describe(e)
        if line:
            print(line)
    print(json.dumps(summary_json(match), ensure_ascii=False, sort_keys=True))
    return 0


def _add_bench(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("bench", help="print speed figures, JSON last")
    parser.add_argument(
        "what",
        choices=[
            "rules",
            "engine",
            "ai",
            "phases",
            "analysis",
            "net",
            "flood",
            "memory",
            "ui",
            "startup",
        ],
    )
    parser.add_argument("--quick", action="store_true", help="analysis: the quick setting only")
    parser.add_argument(
        "--compare",
        action="store_true",
        help="analysis: the random seat's losses against its hard partner's (--hands per game)",
    )
    parser.add_argument("--hands", type=int, help="hands per game (50; net, ai: 2; flood: 10)")
    parser.add_argument(
        "--start-at-hand", type=int, default=0, metavar="H", help="net: a table H hands in"
    )
    parser.add_argument("--watchers", action="store_true", help="net: p95 with 0 and 8 watchers")
    parser.add_argument("--game", choices=["dl", "tr", "sd"], default="tr", help="flood: game")
    parser.add_argument(
        "--kind", choices=["sync", "ping", "garbage", "all"], default="all", help="flood: what"
    )
    parser.add_argument("--rate", type=int, help="flood, memory: lines a second per socket (10000)")
    parser.add_argument("--conns", type=int, default=32, help="memory: sockets that never read")
    parser.add_argument("--seconds", type=float, default=20.0, help="memory: how long")
    parser.add_argument(
        "--decisions",
        type=int,
        default=10,
        help="ai: hard decisions timed per game (0: none); phases: per kind",
    )
    parser.add_argument("--runs", type=int, default=9, help="startup: runs of each program")
    parser.add_argument(
        "--saved", action="store_true", help="startup: a saved game in the home (Continue)"
    )
    parser.add_argument(
        "--dist", default="dist", help="startup: the folder the frozen programs were built in"
    )
    parser.add_argument(
        "--callgrind",
        action="store_true",
        help="startup: count each program's instructions with valgrind instead (load-independent)",
    )
    parser.set_defaults(handler=_bench)


def _bench(args: argparse.Namespace) -> int:
    if args.what == "startup":
        from pathlib import Path

        from shengji_desktop.startup_bench import BenchError, run_callgrind
        from shengji_desktop.startup_bench import run as run_startup

        try:
            if args.callgrind:
                run_callgrind(Path(args.dist), saved=args.saved)
            else:
                run_startup(Path(args.dist), args.runs, saved=args.saved)
        except BenchError as exc:
            print(f"{PROG}: {exc}", file=sys.stderr)
            return 2
        return 0
    if args.what in ("flood", "memory"):
        from shengji_desktop.net import stress

        if args.what == "flood":
            kinds = list(stress.FLOODS) if args.kind == "all" else [args.kind]
            stress.run_flood(args.game, args.hands or 10, kinds, args.rate or 10_000)
        else:
            stress.run_memory(args.conns, args.seconds, args.rate or 10_000)
        return 0
    if args.what == "net":
        from shengji_desktop.net.bench import run as run_net

        run_net(args.hands or 2, max(0, args.start_at_hand), watchers=args.watchers)
        return 0
    if args.what == "ai":
        from shengji_desktop.ai.bench import run as run_ai

        run_ai(hands=args.hands or 2, decisions=args.decisions)
        return 0
    if args.what == "phases":
        from shengji_desktop.ai.phase_bench import run as run_phases

        run_phases(decisions=args.decisions)
        return 0
    if args.what == "analysis":
        from shengji_desktop.ai import analysis_bench

        if args.compare:
            analysis_bench.run_compare(args.hands)
        else:
            analysis_bench.run(quick=args.quick)
        return 0
    if args.what == "ui":
        import time

        started = time.perf_counter()  # before Qt and the window are imported
        started_cpu = time.process_time()
        from shengji_desktop.ui.bench import run as run_ui

        run_ui(started, started_cpu)
        return 0
    from shengji_desktop.engine.bench import run

    run(args.what, args.hands or 50)
    return 0


def _add_arena(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "arena", help="duplicate deals between two computer players, JSON last"
    )
    parser.add_argument("--game", choices=["dl", "tr", "sd"], required=True)
    parser.add_argument(
        "--a",
        default="normal",
        help="kind of player A: random, easy, normal, hard, expert; to measure: baseline,"
        " baseline-easy, expert-plain, expert-believing (the expert with beliefs off / on)",
    )
    parser.add_argument("--b", default="easy", help="kind of player B")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="hard: seconds per decision")
    parser.add_argument(
        "--playouts", type=int, default=None, help="hard: fixed determinizations (reproducible)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )
    parser.add_argument(
        "--journal",
        type=Path,
        default=None,
        metavar="FILE",
        help="append each deal's result to FILE; the same command goes on from it later",
    )
    parser.add_argument(
        "--accept-code-change",
        action="store_true",
        help="go on with a journal written by other code (the change is noted in it)",
    )
    parser.set_defaults(handler=_arena)


def _arena(args: argparse.Namespace) -> int:
    from shengji_desktop.ai import make_player
    from shengji_desktop.ai.arena import JournalError, run_arena
    from shengji_desktop.rules.options import Game, Options

    try:
        options = Options.from_dict(dict(_split_option(o) for o in args.option))
        if args.deals < 1:
            raise ValueError("--deals must be at least 1")
        for kind in (args.a, args.b):
            make_player(kind, 0, budget=args.budget, playouts=args.playouts)
    except ValueError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2

    def make(kind: str, seed: str):  # type: ignore[no-untyped-def]
        return make_player(kind, seed, budget=args.budget, playouts=args.playouts)

    settings = {"budget": args.budget, "playouts": args.playouts}
    try:
        run_arena(
            Game(args.game),
            args.a,
            args.b,
            args.deals,
            args.seed,
            make,
            options,
            journal=args.journal,
            settings=settings,
            accept_code_change=args.accept_code_change,
        )
    except JournalError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    return 0


def _add_analyse(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "analyse", help="复盘: judge one seat's decisions in a hand of a record, JSON last"
    )
    parser.add_argument("file", help="a record, a kept hand's file or a save")
    parser.add_argument("--hand", type=int, help="the hand (default: the last finished one)")
    parser.add_argument(
        "--seat", choices=["S", "E", "N", "W"], help="default: the human player's, else S"
    )
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--budget", type=float, help="seconds per decision at most (default 1)")
    how.add_argument(
        "--playouts", type=int, help="sampled deals per decision (reproducible results)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampled deals")
    parser.set_defaults(handler=_analyse)


def _analyse(args: argparse.Namespace) -> int:
    from pathlib import Path

    from shengji_desktop.ai.analysis_report import AnalyseError, run
    from shengji_desktop.rules.cards import Seat

    try:
        if args.playouts is not None and args.playouts < 1:
            raise AnalyseError("--playouts must be at least 1")
        if args.budget is not None and not args.budget > 0:
            raise AnalyseError("--budget must be more than 0 seconds")
        seat = Seat[args.seat] if args.seat else None
        run(Path(args.file), args.hand, seat, args.budget, args.playouts, args.seed)
    except AnalyseError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    return 0


def _add_host(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "host", help="host a LAN table without a window (prints the port as JSON)"
    )
    parser.add_argument("--game", choices=["dl", "tr", "sd"], help="required unless --resume")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (default)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    parser.add_argument(
        "--seats", default="open,open,open,open", help="S,E,N,W: open (a human) or a level"
    )
    parser.add_argument("--seed", type=int, help="deal seed (default: random)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option"
    )
    parser.add_argument("--hands", type=int, help="stop after this many hands")
    parser.add_argument("--save", help="autosave the table here after every action")
    parser.add_argument("--resume", help="restart the table saved in this file")
    parser.add_argument("--name", default="升级", help="table name shown to others")
    parser.add_argument("--deal-pace", type=float, default=0.12, help="seconds between cards")
    parser.add_argument("--settle-pause", type=float, default=3.0, help="seconds after a hand")
    parser.add_argument(
        "--standin-after", type=float, default=30.0, help="seconds before a computer plays"
    )
    parser.add_argument("--standin", default="normal", help="level of that computer")
    parser.add_argument(
        "--move-time",
        type=float,
        help="seconds a person has for each move (twice that to bury); default: no limit",
    )
    parser.add_argument(
        "--start-when-full", action="store_true", help="start once every open seat is taken"
    )
    parser.add_argument(
        "--advertise", action="store_true", help="announce the table on the LAN (mDNS)"
    )
    parser.add_argument("--quiet", action="store_true", help="no per-card log")
    add_host_arguments(parser)  # --internet, --identity (cli_net.py)
    parser.set_defaults(handler=_host)


def _host(args: argparse.Namespace) -> int:
    from pathlib import Path

    from shengji_desktop.ai import make_player
    from shengji_desktop.net.headless import HostConfig, run_host
    from shengji_desktop.net.host import HostSettings
    from shengji_desktop.rules.options import Game, Options

    try:
        if args.game is None and args.resume is None:
            raise ValueError("--game is required (or --resume FILE)")
        if args.hands is not None and args.hands < 1:
            raise ValueError("--hands must be at least 1")
        if args.move_time is not None and not args.move_time > 0:
            raise ValueError("--move-time must be more than 0 seconds")
        seats = [s.strip() for s in args.seats.split(",")]
        if len(seats) != 4:
            raise ValueError("--seats needs four kinds: S,E,N,W")
        options = Options.from_dict(dict(_split_option(o) for o in args.option))
        config = HostConfig(
            game=Game(args.game) if args.game else None,
            options=options,
            seed=args.seed,
            seats=seats,
            bind=args.bind,
            port=args.port,
            save=Path(args.save) if args.save else None,
            resume=Path(args.resume) if args.resume else None,
            settings=HostSettings(
                deal_pace=args.deal_pace,
                settle_pause=args.settle_pause,
                standin_after=args.standin_after,
                standin_kind=args.standin,
                move_time=args.move_time,
                start_when_full=args.start_when_full,
                hands=args.hands,
                table_name=args.name,
            ),
            advertise=args.advertise,
            quiet=args.quiet,
        )
    except ValueError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    return run_host(config, make_player, args)


def _add_join(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("join", help="play a seat of a LAN table with a computer")
    parser.add_argument("address", metavar="HOST:PORT", nargs="?", help="or --discover NAME")
    parser.add_argument("--list", action="store_true", help="list the tables on the LAN (mDNS)")
    parser.add_argument("--discover", metavar="NAME", help="join the LAN table of this name")
    parser.add_argument(
        "--browse-for", type=float, default=3.0, help="seconds to look for tables (mDNS)"
    )
    parser.add_argument("--name", help="your name at the table (required to join)")
    parser.add_argument("--ai", default="normal", help="random, easy, normal or hard")
    parser.add_argument("--seat", choices=["S", "E", "N", "W"], help="ask for this seat")
    parser.add_argument("--watch", action="store_true", help="旁观: no seat, watch from --seat")
    parser.add_argument("--token-file", help="keep the seat's token here; reused to rejoin")
    parser.add_argument("--hands", type=int, help="leave after this many hands")
    parser.add_argument("--seed", default="join", help="seed of the computer's choices")
    parser.add_argument(
        "--reconnect-for", type=float, default=30.0, help="seconds to retry a lost connection"
    )
    parser.add_argument(
        "--think-delay", type=float, default=0.0, help="seconds to wait before each move"
    )
    add_join_arguments(parser)  # --code
    parser.set_defaults(handler=_join)


def _join(args: argparse.Namespace) -> int:
    from pathlib import Path

    from shengji_desktop.ai import make_player
    from shengji_desktop.net.headless import JoinSettings, run_join, run_list

    if args.list:
        return run_list(args.browse_for)
    problem = None
    if args.name is None:
        problem = "--name is required to join"
    elif [args.address, args.discover, args.code].count(None) != 2:
        problem = "give HOST:PORT, --discover NAME or --code CODE (one; --list shows tables)"
    if problem is not None:
        print(f"{PROG} join: {problem}", file=sys.stderr)
        return 2
    return run_join(
        JoinSettings(
            address=args.address,
            discover=args.discover,
            browse_for=args.browse_for,
            name=args.name,
            kind=args.ai,
            token_file=Path(args.token_file) if args.token_file else None,
            hands=args.hands,
            seat=args.seat,
            seed=args.seed,
            reconnect_for=args.reconnect_for,
            think_delay=args.think_delay,
            watch=args.watch,
            code=args.code,
        ),
        make_player,
    )


SUBCOMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    _add_play,
    _add_replay,
    _add_arena,
    _add_analyse,
    _add_bench,
    _add_host,
    _add_join,
)


def build_parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog=PROG,
        description="升级 (Shengji) card games. With no command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check that this installation works (the window offscreen, one hand of each"
        " game, translations, card art, the hard player's workers); exit 0 if it does",
    )
    parser.add_argument(
        "--self-test-report", metavar="FILE", help="also write the self-test's lines to FILE"
    )
    # For `bench startup`: open the window as usual, then quit once it has painted.
    parser.add_argument("--exit-after-first-paint", action="store_true", help=argparse.SUPPRESS)
    # argparse shows an empty subcommand group as a bogus COMMAND argument, so the group is
    # only made once there is something to put in it.
    if SUBCOMMANDS:
        subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
        for add_subcommand in SUBCOMMANDS:
            add_subcommand(subparsers)
    parser.set_defaults(handler=_open_gui)
    return parser


def _open_gui(args: argparse.Namespace) -> int:
    return _open_window(args.exit_after_first_paint)


def _open_window(exit_after_first_paint: bool = False) -> int:
    import gc

    # The start makes many objects and frees few: no collections until the window is
    # complete (ui/main.py turns the collector back on; some 15 ms of the start, issue 21).
    gc.disable()
    # Imported here so that the headless subcommands and --version never import Qt.
    from shengji_desktop.ui import plain_imports

    plain_imports()  # before the window's modules load
    from shengji_desktop.ui.main import run_gui

    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else PROG
    return run_gui([argv0], exit_after_first_paint=exit_after_first_paint)


def main(argv: Sequence[str] | None = None) -> int:
    if getattr(sys, "frozen", False):
        from shengji_desktop import frozen_workers

        # A frozen app's worker processes (the hard player's search) re-run this entry point:
        # they become workers instead of new apps, and only they import multiprocessing.
        if frozen_workers.is_worker(sys.argv):
            frozen_workers.run_worker(sys.argv)
    given = sys.argv[1:] if argv is None else list(argv)
    if given in ([], ["--exit-after-first-paint"]):
        # The window, with nothing to parse: argparse and the commands' parsers are left
        # alone (issue 21); parse_args would come to the same.
        return _open_window(exit_after_first_paint=bool(given))
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version and usage errors end inside argparse
        return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    if args.self_test:
        from shengji_desktop.selftest import run as run_self_test

        return run_self_test(args.self_test_report)
    handler: Handler = args.handler
    return handler(args)
