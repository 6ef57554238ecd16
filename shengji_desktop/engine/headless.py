"""Headless play: computer seats drive whole matches; a readable log and a JSON summary."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..rules.cards import Seat
from ..rules.options import Game, Options
from .actions import Act, Action
from .events import Event
from .hand import Phase
from .match import Match
from .names import SEAT_ZH, cards_zh
from .players import Player, RandomPlayer
from .record import with_check, write_atomic

# A factory makes the seat's player from its kind ("random", "easy", ...) and a seed string.
PlayerFactory = Callable[[str, str], Player]


def random_only(kind: str, seed: str) -> Player:
    """The engine knows only random seats; the ai package supplies the others."""
    if kind == "random":
        return RandomPlayer(random.Random(seed))
    raise ValueError(f"unknown player kind {kind!r} (available: random)")


def describe(event: Event) -> str | None:
    """One log line for an event (the referee's log: hidden parts included); None to skip."""
    d = event.for_seat(None)
    kind = d["event"]
    seat = d.get("seat")
    who = f"{seat} {SEAT_ZH[Seat[seat]]}" if seat else ""
    if kind == "card_dealt":
        return None
    if kind == "cards_played":
        return f"  {who} 出牌 plays {d['cards']}  ({cards_zh(d['cards'])})"
    if kind == "trick_won":
        return f"  -> {who} 赢 wins trick {d['trick']} (+{d['points']} 分 points)"
    if kind == "declared":
        return f"  {who} 亮主 declares {d['cards']} ({cards_zh(d['cards'])})"
    if kind == "hand_settled":
        return "  结算 settled: " + json.dumps(
            {k: v for k, v in d.items() if k != "event"}, ensure_ascii=False
        )
    if kind == "hand_started":
        return f"第 {d['number']} 局 hand {d['number']}"
    fields = " ".join(f"{k}={v}" for k, v in d.items() if k not in ("event", "seat"))
    return f"  {who} {kind} {fields}".rstrip()


def drive(
    match: Match,
    players: dict[Seat, Player],
    driver_rng: random.Random,
    hands: int,
    on_events: Callable[[list[Event]], None] | None = None,
) -> list[Event]:
    """Run the match until it ends or ``hands`` hands are settled; return every event."""
    all_events: list[Event] = []

    def apply(action: Action) -> None:
        events = match.apply(action)
        all_events.extend(events)
        if on_events:
            on_events(events)

    while match.phase != Phase.OVER:
        if match.phase == Phase.SETTLED:
            if len(match.history) >= hands:
                break
            apply(Action(Act.NEXT_HAND))
            continue
        if match.phase == Phase.DEAL:
            seats = match.to_act()
            driver_rng.shuffle(seats)
            for seat in seats:
                legal = match.legal_actions(seat)
                if not legal:
                    continue
                action = players[seat].decide(match.view(seat), legal)
                if action is not None:
                    apply(action)
                    break
            else:
                apply(Action(Act.DEAL))
            continue
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        action = players[seat].decide(match.view(seat), legal)
        if action is None:
            raise RuntimeError(f"{seat.name} returned no action in phase {match.phase}")
        apply(action)
    return all_events


def play_headless(
    game: Game,
    options: Options,
    seed: int,
    seat_kinds: list[str],
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

    def log(events: list[Event]) -> None:
        for e in events:
            line = describe(e)
            if line:
                out(line)

    events = drive(match, players, random.Random(f"{seed}/driver"), hands, log)
    summary = match.summary()
    if record is not None:
        write_atomic(record, with_check(match, events))
    out(json.dumps(summary, ensure_ascii=False, sort_keys=True))
    return summary
