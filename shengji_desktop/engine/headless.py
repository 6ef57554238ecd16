"""Headless play: computer seats play whole matches at a table; a readable log and a JSON
summary."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..rules.cards import Seat
from ..rules.options import Game, Options
from . import codec
from . import events as ev
from .actions import Action
from .events import Event
from .match import Match
from .names import SEAT_ZH, cards_zh
from .players import RandomPlayer
from .record import summary_json, with_check, write_atomic
from .table import Player, Table

# A factory makes the seat's player from its kind ("random", "easy", ...) and a seed string.
PlayerFactory = Callable[[str, str], Player]


def random_only(kind: str, seed: str) -> Player:
    """The engine knows only random seats; the ai package supplies the others."""
    if kind == "random":
        return RandomPlayer(random.Random(seed))
    raise ValueError(f"unknown player kind {kind!r} (available: random)")


def describe(event: Event) -> str | None:
    """One log line for an event (the referee's log: hidden parts included); None to skip."""
    if isinstance(event, ev.CardDealt):
        return None
    seat = getattr(event, "seat", None)
    who = f"{seat.name} {SEAT_ZH[seat]}" if isinstance(seat, Seat) else ""
    if isinstance(event, ev.CardsPlayed):
        return f"  {who} 出牌 plays {codec.cards_text(event.cards)}  ({cards_zh(event.cards)})"
    if isinstance(event, ev.TrickWon):
        return f"  -> {who} 赢 wins trick {event.trick} (+{event.points} 分 points)"
    if isinstance(event, ev.Declared):
        return f"  {who} 亮主 declares {codec.cards_text(event.cards)} ({cards_zh(event.cards)})"
    if isinstance(event, ev.HandSettled):
        return "  结算 settled: " + json.dumps(codec.result_json(event.result), ensure_ascii=False)
    if isinstance(event, ev.HandStarted):
        return f"第 {event.number} 局 hand {event.number}"
    d = codec.event_json(event)
    fields = " ".join(f"{k}={v}" for k, v in d.items() if k not in ("event", "seat"))
    return f"  {who} {event.KIND} {fields}".rstrip()


def play_headless(
    game: Game,
    options: Options,
    seed: int,
    seat_kinds: Sequence[str],
    hands: int,
    record: Path | None = None,
    out: Callable[[str], None] = print,
    make_player: PlayerFactory = random_only,
) -> dict[str, Any]:
    match = Match(game, options, seed)
    players = {
        seat: make_player(kind, f"{seed}/player/{seat.name}")
        for seat, kind in zip(Seat, seat_kinds, strict=True)
    }
    out(f"第 1 局 hand 1 — {game.value} seed {seed}")
    events: list[Event] = []

    def log(action: Action, batch: Sequence[Event]) -> None:
        events.extend(batch)
        for e in batch:
            line = describe(e)
            if line:
                out(line)

    table = Table(match, players, rng=random.Random(f"{seed}/driver"), hands=hands)
    table.watch_referee(log)
    table.play()
    summary = summary_json(match)
    if record is not None:
        write_atomic(record, with_check(match, events))
    out(json.dumps(summary, ensure_ascii=False, sort_keys=True))
    return summary
