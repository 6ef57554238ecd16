"""The headless ``host`` and ``join`` commands: a table on a port, a computer at a seat.

Both print readable log lines and JSON lines: ``host`` prints ``{"event": "listening", ...,
"port": P}`` once it listens, and each command's last line is its JSON summary. Computer
players come from the caller's seat factory (the command line passes ``ai.make_player``).

The host's console shows what a watcher sees (events cut by ``view.watcher_event``), and the
seed only of a table given ``--seed``: whoever reads it learns no hidden card. ``join --watch``
watches a table (旁观) and prints what it sees; it never acts.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.events import Event
from ..engine.headless import PlayerFactory, describe
from ..engine.match import Match
from ..engine.record import RecordError, write_atomic
from ..engine.table import Player
from ..engine.view import SeatView, watcher_event
from ..rules.options import Game, Options
from . import protocol as p
from .client import AISeat, ClientClosed, ClientListener, TableClient
from .host import HostListener, HostSettings, TableHost

Out = Callable[[str], None]


def _print(line: str) -> None:
    print(line, flush=True)


class _PrintingListener(HostListener):
    def __init__(self, out: Out, quiet: bool) -> None:
        self.out = out
        self.quiet = quiet
        self.advertiser: Any = None
        self.host: TableHost | None = None
        self._tasks: set[asyncio.Task[None]] = set()  # keep the update tasks alive

    def on_log(self, line: str) -> None:
        self.out(line)

    def on_lobby(self, lobby: p.Lobby) -> None:
        seats = " ".join(
            f"{s.seat}:{s.name or '-'}{'*' if s.ready else ''}{'(away)' if s.standin else ''}"
            for s in lobby.seats
        )
        watching = (
            f" 旁观 {len(lobby.watchers)}: {', '.join(lobby.watchers)}" if lobby.watchers else ""
        )
        self.out(f"桌 lobby {seats}{' started' if lobby.started else ''}{watching}")
        if self.advertiser is not None and self.host is not None:
            free = 0 if lobby.started else self.host.free_seats()
            update = self.advertiser.update(free, len(lobby.watchers), lobby.started)
            self._tasks.add(asyncio.get_running_loop().create_task(update))

    def on_events(self, events: list[Event], match: Match) -> None:
        if self.quiet:
            return
        for e in events:
            line = describe(watcher_event(e))  # no hidden card on the host's console
            if line:
                self.out(line)


@dataclass
class HostConfig:
    game: Game | None
    options: Options
    seed: int | None
    seats: list[str]
    bind: str
    port: int
    save: Path | None
    resume: Path | None
    settings: HostSettings
    advertise: bool
    quiet: bool
    internet: bool = False  # map the port, a join secret, print the invite code
    identity: Path | None = None  # the TLS key and certificate (None: the user's data folder)
    igd: str | None = None  # the router's description URL (tests: a fake one; None: search)


async def serve(
    config: HostConfig, make_player: PlayerFactory, out: Out = _print
) -> dict[str, Any]:
    listener = _PrintingListener(out, config.quiet)
    from .tls import default_identity_path, load_identity

    identity = None
    if config.settings.tls:
        identity = load_identity(config.identity or default_identity_path())
    if config.resume is not None:
        host = TableHost.resume(
            config.resume,
            config.settings,
            listener,
            make_player,
            save_path=config.save or config.resume,
            identity=identity,
        )
    else:
        assert config.game is not None
        host = TableHost(
            config.game,
            config.options,
            config.seed,
            config.seats,
            config.settings,
            config.save,
            listener,
            make_player,
            identity=identity,
        )
    listener.host = host
    # A resumed table that was open to the internet is again (its file kept the join secret).
    internet = config.internet or host.settings.join_secret is not None
    if internet and host.settings.join_secret is None:
        from .invite import new_secret

        host.settings.join_secret = new_secret()
    port = await host.start(config.bind, config.port)
    listening: dict[str, Any] = {
        "event": "listening",
        "host": config.bind,
        "port": port,
        "game": host.match.game.value,
    }
    listening["fingerprint"] = host.fingerprint.hex()
    mapper = None
    if internet:
        from .portmap import PortMapper
        from .reach import open_to_internet

        assert host.settings.join_secret is not None
        reach, mapper = await open_to_internet(
            port,
            host.settings.join_secret,
            host.fingerprint,
            PortMapper(port, igd_location=config.igd, search=config.igd is None),
        )
        out(reach.advice())
        listening["code"] = reach.code
    if host.seed_public:  # --seed: the caller knows it already; a secret one deals every hand
        listening["seed"] = host.match.seed
    out(json.dumps({**listening, "resumed": config.resume is not None}))
    if config.advertise:
        from .discovery import Advertiser

        listener.advertiser = Advertiser(
            host.settings.table_name,
            port,
            host.match.game.value,
            host.free_seats(),
            bind=config.bind,  # only the addresses the table listens on
            fingerprint=host.fingerprint,  # a join from the list pins it
        )
        await listener.advertiser.start()
    loop = asyncio.get_running_loop()
    stop = loop.create_future()

    def on_signal() -> None:
        if not stop.done():
            stop.set_result(None)

    stop_on_signals(loop, on_signal)
    try:
        finished = asyncio.ensure_future(host.finished())
        await asyncio.wait([finished, stop], return_when=asyncio.FIRST_COMPLETED)
        summary = finished.result() if finished.done() else {"stopped": True}
        await asyncio.sleep(0.05)  # let the goodbyes reach the clients
    finally:
        if listener.advertiser is not None:
            await listener.advertiser.close()
        await host.close()
        if mapper is not None:
            await mapper.close()
    return summary


def stop_on_signals(loop: asyncio.AbstractEventLoop, on_signal: Callable[[], None]) -> bool:
    """Call ``on_signal`` on SIGINT and SIGTERM; False where the loop cannot (Windows: there
    Ctrl+C raises KeyboardInterrupt instead)."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, on_signal)
        except NotImplementedError:
            return False
    return True


def run_host(config: HostConfig, make_player: PlayerFactory, args: Any = None) -> int:
    """``args``: the command line's, for ``reach.add_host_arguments``'s options."""
    if args is not None:
        config.internet, config.igd = args.internet, args.igd
        config.identity = Path(args.identity) if args.identity else None
        config.settings.tls = not args.no_tls
    try:
        summary = asyncio.run(serve(config, make_player))
    except (RecordError, ValueError, OSError) as exc:
        print(f"shengji-desktop host: {exc}", file=sys.stderr)
        return 2
    _print(json.dumps(summary, ensure_ascii=False, sort_keys=True))
    return 0


# ------------------------------------------------------------------ join


def parse_address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected HOST:PORT, not {text!r}")
    return host.strip("[]"), int(port)


def _read_token(path: Path | None) -> str | None:
    if path is None or not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        token = data.get("token")
    except (OSError, json.JSONDecodeError, AttributeError):
        raise ValueError(f"token file {path} is unreadable") from None
    return token if isinstance(token, str) and token else None


class _JoiningSeat(AISeat):
    """The computer seat of ``join``: keeps its token in a file to come back after a crash."""

    def __init__(
        self,
        player: Player,
        hands: int | None,
        think_delay: float,
        out: Out,
        address: str,
        token_file: Path | None,
    ) -> None:
        super().__init__(player, hands, think_delay, out)
        self.out = out
        self.address = address
        self.token_file = token_file

    def on_welcome(self, welcome: p.Welcome) -> None:
        # The token is kept before anyone hears of the seat: a crash after "seated" finds it.
        if self.token_file is not None:
            data = {"host": self.address, "seat": welcome.seat, "token": welcome.token}
            write_atomic(self.token_file, data)
        self.out(f"入座 seated at {welcome.seat} as {welcome.name}")


@dataclass(frozen=True)
class JoinSettings:
    """What `shengji-desktop join` was asked: where (an address, or the name of a table found
    on the LAN: ``discover``), as whom, which computer player plays."""

    address: str | None
    name: str
    kind: str
    token_file: Path | None
    hands: int | None
    seat: str | None
    seed: str
    reconnect_for: float
    think_delay: float
    discover: str | None = None
    browse_for: float = 3.0
    watch: bool = False  # 旁观: no seat; ``seat`` is the one to watch from
    code: str | None = None  # an invite code: addresses, port, join secret, fingerprint


async def list_tables(browse_for: float, out: Out = _print) -> list[dict[str, Any]]:
    """The tables answering on the LAN within ``browse_for`` seconds: one line each."""
    from .discovery import browse

    found = await browse(browse_for)
    for t in found:
        state = "in play" if t.started else f"{t.free} seats free"
        if t.watching:
            state += f", {t.watching} watching"
        note = "" if t.compatible else f", protocol {t.version} (not this program's)"
        out(f"桌 table {t.name} ({t.game}) at {t.address}:{t.port}, {state}{note}")
    if not found:
        out(f"no table answered within {browse_for:g} s")
    return [{**t.__dict__, "fingerprint": t.fingerprint.hex()} for t in found]


def run_list(browse_for: float) -> int:
    try:
        tables = asyncio.run(list_tables(browse_for))
    except OSError as exc:  # no multicast here
        print(f"shengji-desktop join: cannot look for tables: {exc}", file=sys.stderr)
        return 1
    _print(json.dumps({"tables": tables}, ensure_ascii=False, sort_keys=True))
    return 0


async def _discover(name: str, browse_for: float, out: Out) -> tuple[str, bytes]:
    """The address of the table called ``name`` on the LAN, and the certificate it announced
    (pinned by the join; empty when it announced none)."""
    from .discovery import browse, pick

    table = pick(await browse(browse_for), name)
    out(f"找到 found {table.name} at {table.address}:{table.port}")
    return f"{table.address}:{table.port}", table.fingerprint


async def join(
    settings: JoinSettings, make_player: PlayerFactory, out: Out = _print
) -> dict[str, Any]:
    """Play a seat with ``make_player(settings.kind, settings.seed)`` until the table ends
    (or ``settings.hands`` hands); the result as ``join`` prints it."""
    s = settings
    reach: dict[str, Any] = {}
    if s.code is not None:
        from .invite import decode

        invite = decode(s.code)  # InviteError (a ValueError) says what is wrong
        reach = {
            "fingerprint": invite.fingerprint,
            "secret": invite.secret,
            "addresses": invite.endpoints(),
        }
        first = invite.endpoints()[0]
        address = f"[{first[0]}]:{first[1]}" if ":" in first[0] else f"{first[0]}:{first[1]}"
    elif s.discover is not None:
        address, announced = await _discover(s.discover, s.browse_for, out)
        reach = {"fingerprint": announced} if announced else {}
    elif s.address is not None:
        address = s.address
    else:
        raise ValueError("give HOST:PORT, or --discover NAME (--list shows the tables)")
    host, port = parse_address(address)
    if s.watch:
        return await _watch(s, host, port, out, reach)
    player = make_player(s.kind, s.seed)
    token = _read_token(s.token_file)
    bot = _JoiningSeat(player, s.hands, s.think_delay, out, address, s.token_file)
    client = TableClient(
        host, port, s.name, token=token, seat=s.seat, reconnect_for=s.reconnect_for, **reach
    )
    reason = await bot.play(client)
    return {
        "seat": client.seat,
        "reason": reason,
        "hands": bot.hands_seen,
        "seq": client.seq,
        "actions_sent": bot.actions_sent,
        "refused": bot.refused,
        "summary": client.bye.summary if client.bye is not None else None,
    }


class _Watching(ClientListener):
    """``join --watch``: prints what the table shows a watcher, leaves after ``hands``."""

    def __init__(self, out: Out, hands: int | None) -> None:
        self.out = out
        self.hands = hands
        self.client: TableClient | None = None
        self.updates = 0
        self.hands_seen = 0
        self.watchers: list[str] = []

    def on_welcome(self, welcome: p.Welcome) -> None:
        self.out(f"旁观 watching as {welcome.name}")

    def on_lobby(self, lobby: p.Lobby) -> None:
        if lobby.watchers != self.watchers:
            self.watchers = list(lobby.watchers)
            self.out(f"旁观 {len(self.watchers)}: {', '.join(self.watchers)}")

    def on_update(self, update: p.Update, events: tuple[Event, ...], view: SeatView) -> None:
        self.updates += 1
        for e in events:
            line = describe(e)
            if line:
                self.out(line)
        self.hands_seen = len(view.history)
        if self.hands is not None and self.hands_seen >= self.hands and self.client is not None:
            self.client.stop()

    def on_said(self, said: p.Said) -> None:
        self.out(f"快捷语 {said.watcher or said.seat}: {said.phrase}")


async def _watch(
    s: JoinSettings, host: str, port: int, out: Out, reach: dict[str, Any]
) -> dict[str, Any]:
    listener = _Watching(out, s.hands)
    client = TableClient(
        host,
        port,
        s.name,
        seat=s.seat,
        listener=listener,
        reconnect_for=s.reconnect_for,
        watch=True,
        **reach,
    )
    listener.client = client
    reason = await client.run()
    return {
        "watching": True,
        "reason": reason,
        "hands": listener.hands_seen,
        "seq": client.seq,
        "updates": listener.updates,
        "summary": client.bye.summary if client.bye is not None else None,
    }


def run_join(settings: JoinSettings, make_player: PlayerFactory) -> int:
    try:
        result = asyncio.run(join(settings, make_player))
    except ValueError as exc:
        print(f"shengji-desktop join: {exc}", file=sys.stderr)
        return 2
    except (ClientClosed, OSError) as exc:
        print(f"shengji-desktop join: {exc}", file=sys.stderr)
        return 1
    _print(json.dumps(result, ensure_ascii=False, sort_keys=True))
    return 0
