"""Measure a change to the normal player in a later hand of a match, paired and cheap.

The arena plays hand 1 of each deal, where both sides stand at the same level; some of normal's
decisions differ only from hand 2 on (a defender's declarations, counted by the hand's level).
Here hand 1 of each deal is played by four normal seats as the code is; then hand ``--hand`` is
played twice, A's seats by normal with the variant and B's as the code is, with the sides
swapped (as the arena pairs them). The result is the arena's: A's levels minus B's, per hand,
averaged over the two hands of a deal. A negative mean says the variant loses to the code.

    .venv/bin/python scripts/normal_variant.py own-level --game tr --deals 400 --seed 7

Variants are patches of module attributes the normal player reads when it decides, set only
while a variant seat decides (one process: nothing else runs meanwhile).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from shengji_desktop.ai import make_player, phases
from shengji_desktop.ai.arena import TEAM_SEATS, hand_result, summarise, team_levels
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.table import Player, Table
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.options import Game, Options


def _own_side_level(k: Knowledge) -> int:
    """Before 4349b3f/781acf7: a seat counted trumps by its own side's level."""
    level = k.view.levels.get(k.seat.team)
    if level is not None:
        return int(level)
    return 2 if k.game is Game.SD else 3


VARIANTS: dict[str, Callable[[], AbstractContextManager[None]]] = {}


def variant(name: str) -> Callable[[Callable[[], Iterator[None]]], Any]:
    def register(fn: Callable[[], Iterator[None]]) -> Any:
        VARIANTS[name] = contextmanager(fn)
        return fn

    return register


@variant("own-level")
def _own_level() -> Iterator[None]:
    real = phases._hand_level
    phases._hand_level = _own_side_level
    try:
        yield
    finally:
        phases._hand_level = real


class _Variant:
    """A normal seat deciding under the variant from hand ``hand`` on."""

    def __init__(
        self, player: Player, patch: Callable[[], AbstractContextManager[None]], hand: int
    ) -> None:
        self.player, self.patch, self.hand = player, patch, hand

    def decide(self, view: SeatView) -> Action | None:
        if view.hand_number < self.hand:
            return self.player.decide(view)
        with self.patch():
            return self.player.decide(view)


def play(game: Game, seed: int, a_team: str, name: str, hand: int) -> float:
    players: dict[Any, Player] = {}
    for team in ("NS", "EW"):
        for seat in TEAM_SEATS[team]:
            player = make_player("normal", f"normal-variant/{seed}/{seat.name}")
            if team == a_team:
                player = _Variant(player, VARIANTS[name], hand)
            players[seat] = player
    match = Match(game, Options(), seed)
    rng = random.Random(f"normal-variant/{seed}/driver")
    Table(match, players, rng=rng, hands=hand - 1).play()
    if match.winner is not None:
        return 0.0
    before = team_levels(match)
    Table(match, players, rng=rng, hands=hand).play()
    return hand_result(match, before, a_team)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", choices=sorted(VARIANTS))
    parser.add_argument("--game", choices=["dl", "tr"], default="tr")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--hand", type=int, default=2, help="the hand measured (2 or later)")
    args = parser.parse_args()
    game = Game(args.game)
    per_deal: list[float] = []
    changed = 0
    for i in range(args.deals):
        seed = args.seed * 1_000_003 + i
        pair = [play(game, seed, team, args.variant, args.hand) for team in ("NS", "EW")]
        # the two hands are the same deal seen from both sides: equal play gives -x and x
        per_deal.append(sum(pair) / 2)
        changed += per_deal[-1] != 0
        if (i + 1) % 50 == 0:
            print(f"  {i + 1}/{args.deals} deals  mean {sum(per_deal) / len(per_deal):+.4f}")
    mean, low, high = summarise(per_deal)
    print(
        f"{game.value} hand {args.hand}: normal with {args.variant} over normal:"
        f" {mean:+.4f} levels/hand, 95% CI [{low:+.4f}, {high:+.4f}];"
        f" {changed} of {args.deals} deals came out otherwise"
    )
    figures = {
        "variant": args.variant,
        "game": game.value,
        "hand": args.hand,
        "seed": args.seed,
        "deals": args.deals,
        "mean_diff": round(mean, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "deals_changed": changed,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
