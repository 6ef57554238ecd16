"""Does more time change the hard player's trick-play choices? (The gate of a stronger expert,
after issue 41: three times hard's time gained nothing in any game.)

At trick-play positions of seeded hands played by normal seats (``ai.bench.positions``, the
positions ``bench ai`` times), the hard player decides three times: twice at ``--short``
seconds with different seeds, once at ``--long``. The share of positions where the two short
decisions differ is the search's own noise at that budget; the share where a short and the long
decision differ is what the longer time changes. If the two shares are close, the extra time
only re-draws noise, and a stronger player must search differently, not longer. The share where
a decision leaves the normal player's play is printed for scale.

    .venv/bin/python scripts/time_agreement.py --game tr --positions 40
    .venv/bin/python scripts/time_agreement.py --game dl --positions 40 --short 1 --long 3

Ends with one JSON line of the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys

from shengji_desktop.ai.bench import Position, _spread, positions
from shengji_desktop.ai.players import HardPlayer
from shengji_desktop.rules.cards import Card
from shengji_desktop.rules.options import Game


def decide(p: Position, budget: float, seed: str) -> tuple[Card, ...]:
    player = HardPlayer(random.Random(seed), budget)
    return tuple(sorted(player.choose_cards(p.knowledge, p.plays), key=str))


def share(hits: int, n: int) -> tuple[float, float]:
    """A share and its standard error."""
    q = hits / n
    return q, math.sqrt(q * (1 - q) / n)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=[g.value for g in Game], required=True)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--hands", type=int, default=4, help="seeded hands to take positions from")
    ap.add_argument("--short", type=float, default=1.0)
    ap.add_argument("--long", type=float, default=3.0)
    args = ap.parse_args(argv)
    game = Game(args.game)
    found = _spread(positions(game, args.hands), args.positions)
    n = len(found)
    noise = change = left = 0
    for i, p in enumerate(found):
        normal = tuple(sorted(p.preferred, key=str))
        a = decide(p, args.short, f"agree/a/{i}")
        b = decide(p, args.short, f"agree/b/{i}")
        c = decide(p, args.long, f"agree/c/{i}")
        noise += a != b
        change += a != c
        left += a != normal
        print(
            f"  {i + 1}/{n}: short/short {'differ' if a != b else 'agree'}, "
            f"short/long {'differ' if a != c else 'agree'}",
            file=sys.stderr,
        )
    figures = {
        "game": game.value,
        "positions": n,
        "short_s": args.short,
        "long_s": args.long,
        "short_vs_short_differ": round(noise / n, 3),
        "short_vs_long_differ": round(change / n, 3),
        "short_leaves_normal": round(left / n, 3),
    }
    for name, hits in (
        (f"{args.short:g} s against {args.short:g} s (another seed)", noise),
        (f"{args.short:g} s against {args.long:g} s", change),
        (f"{args.short:g} s against the normal player's play", left),
    ):
        q, se = share(hits, n)
        print(f"{game.name}: {name}: differ at {hits} of {n} positions ({q:.0%} ± {se:.0%})")
    print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
