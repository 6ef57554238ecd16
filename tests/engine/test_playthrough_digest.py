"""Pinned playthroughs: seeded random matches give exactly the stream of legal actions, choices
and events (as every seat sees them) that the engine gave before its speed work.

The digests below were computed with the engine as it stood before the performance changes
(commit a153a02) and reproduced by the optimised one. They pin what golden records cannot: the
legal-action lists and their order, which random players and the GUI depend on. A deliberate
change of behaviour changes them; update the digests then, saying why.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.hand import Phase
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options

CASES = {
    "dl-default": (Game.DL, Options(), 3),
    "dl-dead": (Game.DL, Options(dl_follow_mode="dead", dl_tribute_return="weakest"), 4),
    "tr-default": (Game.TR, Options(), 3),
    "tr-penalty-a2": (
        Game.TR,
        Options(tr_throw_check="penalty", tr_a2_tractor=True, tr_level_tractor_mode="numeric"),
        4,
    ),
    "sd-default": (Game.SD, Options(), 3),
    "sd-match-cw": (Game.SD, Options(sd_room="match", play_direction="cw"), 4),
}

# dl-default and dl-dead were updated when joker-burial offers stopped naming hidden kitty cards
# (DL-KITTY-8, GEN-INFO-1): the legal lists of those turns changed; nothing else did.
DIGESTS = {
    "dl-default": "2d38ef9e9dbd263ebe83f0bfe79534a54347729e89d859ebd2529d242743baf6",
    "dl-dead": "8830e589db266679883ba2f6add7fdbc3630249d12418f4c28505e402f31e83f",
    "tr-default": "bb53c539acbaa112a1a9c2c6b7e180db50c64100773a5fb2c18093e52bd7f5b9",
    "tr-penalty-a2": "b65c326ca0cc69e3b556e89aa526fc135228a0bff217591404474838ff6118ed",
    "sd-default": "25dfdebe137ceed7813e35f42511eef23648174df3bffed34586b6de5b6004f2",
    "sd-match-cw": "d4126633d9422cf60fc7b7e57f4332e52bd2ad27ca4ab0413b5b059ce8fa3d50",
}


def playthrough_digest(game: Game, options: Options, seed: int, hands: int = 3) -> str:
    """Play ``hands`` hands with random players (declaring between cards now and then) and
    hash every legal-action list, every choice and every event as each seat sees it."""
    match = Match(game, options, seed)
    players = {s: RandomPlayer(random.Random(f"{seed}/{s.name}")) for s in Seat}
    rng = random.Random(seed)
    h = hashlib.sha256()

    def put(text: str) -> None:
        h.update(text.encode())
        h.update(b"\n")

    def apply(action: Action) -> None:
        put(f"do {action}")
        for event in match.apply(action):
            for seat in (None, *Seat):
                put(json.dumps(event.for_seat(seat), sort_keys=True, ensure_ascii=False))

    while match.phase != Phase.OVER:
        if match.phase == Phase.SETTLED:
            if len(match.history) >= hands:
                break
            apply(Action(Act.NEXT_HAND))
        elif match.phase == Phase.DEAL:
            seats = match.to_act()
            put(f"to_act {[s.name for s in seats]}")
            rng.shuffle(seats)
            for seat in seats:
                legal = match.legal_actions(seat)
                put(" | ".join(map(str, legal)))
                if legal and players[seat].wants_to_act(legal):
                    apply(players[seat].choose(match, seat, legal))
                    break
            else:
                apply(Action(Act.DEAL))
        else:
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            put(f"{seat.name}: " + " | ".join(map(str, legal)))
            apply(players[seat].choose(match, seat, legal))
    put(json.dumps(match.summary(), sort_keys=True, ensure_ascii=False))
    return h.hexdigest()


@pytest.mark.parametrize("case", sorted(CASES))
def test_playthrough_matches_the_pinned_digest(case: str) -> None:
    game, options, seed = CASES[case]
    assert playthrough_digest(game, options, seed) == DIGESTS[case]
