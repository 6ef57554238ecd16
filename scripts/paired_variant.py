"""Measure a change to one of the hard player's decisions before trick play, paired and cheap.

The arena (``shengji_desktop/ai/arena.py``) plays hand 1 of each deal twice, A's kind against B's
with the sides swapped. A change to a decision taken before trick play (DL's 扣王, a burial, a
declaration) alters only the hands where it chooses otherwise, so:

1. **scan**: each hand is played up to trick play; at every decision of A's seats that the
   variant concerns, A decides twice from the same random state, by the code as it is and by the
   variant. A hand where the two differ is marked (and the scan of it stops there: what follows
   would differ). This costs a search per decision, not a hand.
2. **paired**: only the marked hands are played out, once by the code as it is and once with the
   variant, with a fixed number of playouts (reproducible). Every other hand would come out the
   same, so the mean change per deal is the sum of the changes over the marked hands divided by
   the deals (each deal is two hands).

The variants are written below as patches of module attributes the hard player reads when it
decides (in this process: the searches' workers get the candidates from here). Seeds 7, 11 and
13 are for tuning; seed 1 is kept for the arena's journals.

    .venv/bin/python scripts/paired_variant.py three-jokers --seed 7 --deals 150
    .venv/bin/python scripts/paired_variant.py dealer-jokers --seed 11 --deals 150 --out run.jsonl
    .venv/bin/python scripts/paired_variant.py sd-fitted-bidders --game SD --seed 7 --deals 150

In SD a hand's result is the arena's: coins (over the room base) of A's seats minus B's.

``--hand 2`` measures hand 2 of each deal instead (hand 1 played by four baseline seats first):
DL's window after the deal is searched only from hand 2 (``no-dl-window`` turns that search off,
so its figures are the search's worth with the sign turned). Single hands are noisy where few
change; ``scripts/judge_decision.py`` judges one changed decision on many deals instead.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

from shengji_desktop.ai import deal_search, dl_search, make_player, phase_search
from shengji_desktop.ai.arena import TEAM_SEATS, hand_result, team_levels
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.players import HardPlayer
from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Player, Table
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game, Options

# ---------------------------------------------------------------------------- the variants


def _offers_joker_burial(view: SeatView) -> bool:
    return any(isinstance(m, Action) and m.kind is Act.BURY_JOKERS for m in view.legal)


def _buries(view: SeatView) -> bool:
    return any(isinstance(m, ChooseCards) and m.kind is Act.BURY for m in view.legal)


@contextmanager
def three_jokers() -> Iterator[None]:
    """DL-KITTY-8: the 扣王 search also weighs burying three jokers."""
    kept = dl_search.MAX_JOKERS
    dl_search.MAX_JOKERS = 3
    try:
        yield
    finally:
        dl_search.MAX_JOKERS = kept


@contextmanager
def dealer_jokers() -> Iterator[None]:
    """DL-KITTY-5/6: the dealer's burial search also weighs normal's burial with one or two
    more jokers (big ones first), its dearest plain cards kept in the hand instead."""
    original = phase_search.burial_candidates

    def candidates(
        k: Knowledge, choice: ChooseCards, preferred: tuple[Card, ...]
    ) -> list[tuple[Card, ...]]:
        found = original(k, choice, preferred)
        if k.game is not Game.DL:
            return found
        spare = Counter({c: k.hand[c] for c in (BIG_JOKER, SMALL_JOKER)})
        spare -= Counter(c for c in preferred if c.is_joker)
        plain = sorted((c for c in preferred if not c.is_joker), key=int, reverse=True)
        for extra in (1, 2):
            jokers = [BIG_JOKER] * min(extra, spare[BIG_JOKER])
            jokers += [SMALL_JOKER] * min(extra - len(jokers), spare[SMALL_JOKER])
            if len(jokers) < extra or len(plain) < extra:
                break
            kept = Counter(plain[:extra])
            cards = tuple(sorted([*(Counter(preferred) - kept).elements(), *jokers]))
            try:
                choice.check(cards)
            except RuleError:
                continue
            if cards not in found:
                found.append(cards)
        return found

    phase_search.burial_candidates = candidates
    try:
        yield
    finally:
        phase_search.burial_candidates = original


def _declares(view: SeatView) -> bool:
    return view.phase is Phase.DECLARE and any(
        isinstance(m, Action) and m.kind is Act.DECLARE for m in view.legal
    )


@contextmanager
def no_dl_window() -> Iterator[None]:
    """DL-DECL-4..8: hard takes normal's choice in DL's window after the deal (hand 2 on)
    instead of searching it. Its figures are the search's worth with the sign turned."""
    original = dl_search.declare

    def normal(k: Any, legal: Any, preferred: Action, *rest: Any) -> tuple[Action, dict[str, Any]]:
        return preferred, {}

    dl_search.declare = normal  # type: ignore[assignment]
    try:
        yield
    finally:
        dl_search.declare = original


def _deals(view: SeatView) -> bool:
    if view.phase is Phase.DEAL:
        return bool(view.legal)
    return deal_search.covers_window(view)


@contextmanager
def no_deal_search() -> Iterator[None]:
    """TR-DECL-1..3, DL-DECL-1/2 and 4..7: hard takes normal's choice while the cards are dealt
    and in hand 1's window while nobody has declared, instead of searching them. Its figures are
    the search's worth with the sign turned."""
    original = HardPlayer.declare_during_deal
    covers = deal_search.covers_window

    def normal(self: HardPlayer, view: SeatView, preferred: Action | None) -> Action | None:
        return preferred

    HardPlayer.declare_during_deal = normal  # type: ignore[method-assign]
    deal_search.covers_window = lambda view: False
    try:
        yield
    finally:
        HardPlayer.declare_during_deal = original  # type: ignore[method-assign]
        deal_search.covers_window = covers


def _returns(view: SeatView) -> bool:
    return any(isinstance(m, ChooseCards) and m.kind is Act.RETURN for m in view.legal)


@contextmanager
def no_return_search() -> Iterator[None]:
    """DL-TRIB-5: hard returns normal's cards for the tribute instead of searching them. Its
    figures are the search's worth with the sign turned."""
    original = HardPlayer.tribute_return

    def normal(self: HardPlayer, k: Knowledge, preferred: tuple[Card, ...]) -> tuple[Card, ...]:
        return preferred

    HardPlayer.tribute_return = normal  # type: ignore[method-assign]
    try:
        yield
    finally:
        HardPlayer.tribute_return = original  # type: ignore[method-assign]


def _bids(view: SeatView) -> bool:
    return any(isinstance(m, Action) and m.kind is Act.BID for m in view.legal)


@contextmanager
def sd_fitted_bidders() -> Iterator[None]:
    """SD-BID: hard's bid search models the other seats' bids (explaining the bids made and
    playing the rest of the auction) by the normal player's fitted model
    (``sd_bidding.normal_bid``) instead of the old rule of thumb (``NORMAL_LIMITS``)."""
    kept = phase_search.OTHERS_BID
    phase_search.OTHERS_BID = "fitted"
    try:
        yield
    finally:
        phase_search.OTHERS_BID = kept


VARIANTS: dict[str, tuple[Callable[[], Any], Callable[[SeatView], bool]]] = {
    "sd-fitted-bidders": (sd_fitted_bidders, _bids),
    "three-jokers": (three_jokers, _offers_joker_burial),
    "dealer-jokers": (dealer_jokers, _buries),
    "no-dl-window": (no_dl_window, _declares),
    "no-deal-search": (no_deal_search, _deals),
    "no-return-search": (no_return_search, _returns),
}


# ---------------------------------------------------------------------------- playing


class _Stop(Exception):
    pass


class _Scanner:
    """One of A's seats in a scan: decides as the code is, and where the variant concerns the
    decision, also by the variant from the same random state; stops at a difference or at trick
    play."""

    def __init__(self, player: HardPlayer, name: str, marks: list[dict[str, Any]]) -> None:
        self.player, self.name, self.marks = player, name, marks

    def decide(self, view: SeatView) -> Action | None:
        if view.phase is Phase.PLAY:
            raise _Stop
        patch, concerns = VARIANTS[self.name]
        if not concerns(view):
            return self.player.decide(view)
        state = self.player.rng.getstate()
        ours = self.player.decide(view)
        self.player.rng.setstate(state)
        with patch():
            theirs = self.player.decide(view)
        if _key(ours) != _key(theirs):
            self.marks.append({"seat": view.seat.name, "as_is": str(ours), "variant": str(theirs)})
            raise _Stop
        return ours


def _key(action: Action | None) -> tuple[Any, ...] | None:
    """What a decision chose (None: waiting, during the deal)."""
    return None if action is None else (action.kind, action.cards, action.suit)


class _Later:
    """A seat played by ``early`` (baseline) in the hands before ``hand``, by ``player`` from it."""

    def __init__(self, player: Any, early: Player, hand: int) -> None:
        self.player, self.early, self.hand = player, early, hand

    def decide(self, view: SeatView) -> Action | None:
        if view.hand_number < self.hand:
            return self.early.decide(view)
        return self.player.decide(view)  # type: ignore[no-any-return]


def _players(
    seed: int,
    a_team: str,
    playouts: int,
    wrap: Callable[[Any], Player] | None = None,
    hand: int = 1,
) -> dict[Any, Player]:
    players: dict[Any, Player] = {}
    b_team = "EW" if a_team == "NS" else "NS"
    for team, label, kind in ((a_team, "A", "hard"), (b_team, "B", "baseline")):
        for seat in TEAM_SEATS[team]:
            player = make_player(kind, f"arena/{seed}/{label}/{seat.name}", playouts=playouts)
            player = wrap(player) if wrap is not None and label == "A" else player
            if hand > 1:
                early = make_player("baseline", f"arena/{seed}/early/{seat.name}")
                player = _Later(player, early, hand)
            players[seat] = player
    return players


GAME = [Game.DL]
"""The game measured (``--game``)."""


def _before(seed: int, players: dict[Any, Player], hand: int) -> Match:
    """The match of ``seed`` with the hands before ``hand`` played (by baseline seats)."""
    match = Match(GAME[0], Options(), seed)
    if hand > 1:
        Table(match, players, rng=random.Random(f"arena/{seed}/early"), hands=hand - 1).play()
    return match


def scan(seed: int, a_team: str, name: str, playouts: int, hand: int = 1) -> list[dict[str, Any]]:
    marks: list[dict[str, Any]] = []
    players = _players(seed, a_team, playouts, lambda p: _Scanner(p, name, marks), hand)
    match = _before(seed, players, hand)
    if match.winner is not None:
        return marks
    with suppress(_Stop):  # the scan of this hand ends at trick play or at a difference
        Table(match, players, rng=random.Random(f"arena/{seed}/driver"), hands=hand).play()
    return marks


def play(seed: int, a_team: str, playouts: int, hand: int = 1) -> float:
    """A's result in the hand, as the arena counts it (levels, in SD coins over the room base;
    A's team minus B's)."""
    players = _players(seed, a_team, playouts, hand=hand)
    match = _before(seed, players, hand)
    before = team_levels(match) if match.game is not Game.SD else {}
    Table(match, players, rng=random.Random(f"arena/{seed}/driver"), hands=hand).play()
    return hand_result(match, before, a_team)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", choices=sorted(VARIANTS))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--playouts", type=int, default=24)
    parser.add_argument("--hand", type=int, default=1, help="the hand measured (before: baseline)")
    parser.add_argument("--game", choices=["DL", "TR", "SD"], default="DL")
    parser.add_argument("--out", help="append each marked hand's result here (JSON lines)")
    args = parser.parse_args()
    patch, _ = VARIANTS[args.variant]
    GAME[0] = Game[args.game]
    deltas: list[float] = []
    for deal in range(args.deals):
        deal_seed = args.seed * 1_000_003 + deal  # the arena's deals
        for key, a_team in (("first", "NS"), ("second", "EW")):
            marks = scan(deal_seed, a_team, args.variant, args.playouts, args.hand)
            if not marks:
                continue
            before = play(deal_seed, a_team, args.playouts, args.hand)
            with patch():
                after = play(deal_seed, a_team, args.playouts, args.hand)
            deltas.append(after - before)
            line = {"deal": deal, "hand": key, "marks": marks, "as_is": before, "variant": after}
            print(json.dumps(line, ensure_ascii=False), flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(line, ensure_ascii=False) + "\n")
    n = len(deltas)
    unit = "coins" if GAME[0] is Game.SD else "levels"
    per_deal = sum(deltas) / 2 / args.deals if args.deals else 0.0
    mean = sum(deltas) / n if n else 0.0
    half = (
        1.96 * math.sqrt(sum((d - mean) ** 2 for d in deltas) / (n - 1) / n) if n > 1 else math.nan
    )
    print(
        f"{args.variant}, {args.game}, seed {args.seed}, {args.deals} deals at "
        f"{args.playouts} playouts: "
        f"{n} hands changed, {mean:+.3f} ± {half:.3f} {unit} per changed hand, "
        f"{per_deal:+.3f} {unit} per deal"
    )
    figures = {"variant": args.variant, "game": args.game, "seed": args.seed, "deals": args.deals}
    figures |= {"changed_hands": n, "per_changed_hand": mean, "per_deal": per_deal}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
