"""The frozen baseline: the easy and normal players as they were at d3603ff (issue 22), for
every decision of every game. Never change this package: arena figures against ``baseline``
measure every later player against this fixed point (tests/ai/test_baseline.py pins it)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from shengji_desktop.engine.actions import Act, Action, ChooseCards, Move
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, seat_order
from shengji_desktop.rules.dl_kitty import big_jokers_first
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.ranking import TRUMP

from . import phases
from .knowledge import Knowledge
from .phases import actions
from .policy import Cards, PoolThreats, Situation, choose_follow, choose_lead


class BaselinePlayer:
    """``careful`` = normal (counts cards, feeds partner, plays for the last trick); otherwise
    easy (plausible rules of thumb, no counting)."""

    kind = "baseline"

    def __init__(self, rng: random.Random, careful: bool = True) -> None:
        self.rng = rng
        self.careful = careful
        self.kind = "baseline" if careful else "baseline-easy"

    # ------------------------------------------------------------------ the one entry point

    def decide(self, view: SeatView) -> Action | None:
        legal = view.legal
        if not legal:
            return None
        k = Knowledge.from_view(view)
        kinds = {a.kind for a in legal}
        if view.phase is Phase.DEAL:
            return phases.declare(k, legal, self.careful)
        if kinds & {Act.PLAY, Act.CLAIM}:
            return self.play(k, legal)
        if Act.DECLARE in kinds:
            return phases.declare(k, legal, self.careful) or actions(legal)[0]
        if Act.BID in kinds:
            return phases.bid(k, legal, self.careful)
        if Act.CHOOSE_TRUMP in kinds:
            return phases.choose_trump(k, legal)
        if Act.REVOLT in kinds:
            return next(a for a in actions(legal) if a.kind is Act.REVOLT)  # cancels our tribute
        if Act.COUNTER in kinds:
            return next(a for a in actions(legal) if a.kind is Act.COUNTER)  # restores it
        if Act.BURY_JOKERS in kinds:
            return self.other_joker_burial(k, legal)
        for a in legal:
            if isinstance(a, ChooseCards):
                return a.action(self.give(k, a.kind, a.count))
        if kinds <= {Act.TRIBUTE, Act.RETURN}:
            return phases.pick_choice(k, legal)
        return actions(legal)[0]

    # ------------------------------------------------------------------ cards given away

    def give(self, k: Knowledge, kind: Act, n: int) -> tuple[Card, ...]:
        if kind is Act.BURY:
            # SD: points in the kitty count for nobody (SD-SCORE-1), so bury them.
            cards = phases.give_away(k, n, keep_points=k.game is not Game.SD, rng=self.rng)
            if k.game is Game.DL and self.careful:
                cards = self.dl_bury_jokers(k, cards)
            return cards
        return phases.give_away(k, n, keep_points=True, rng=self.rng)

    def dl_bury_jokers(self, k: Knowledge, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """DL-SETTLE-1/2: a big joker in a kitty the dealer side keeps is worth 2 more levels.
        Bury one when the hand is long in trumps and holds big jokers to spare."""
        if k.hand[BIG_JOKER] < 2 or phases.trump_share(k, k.trump.suit if k.trump else None) < 0.5:
            return cards
        chosen = (BIG_JOKER, *sorted(cards, key=lambda c: -int(c))[1:])
        if not big_jokers_first(k.hand, chosen):
            return cards
        return tuple(sorted(chosen))

    def other_joker_burial(self, k: Knowledge, legal: Sequence[Move]) -> Action:
        """DL-KITTY-8: jokers buried by others help whoever wins the last trick. The dealer's
        partner adds one big joker when our side is long in trumps; catchers keep theirs."""
        offered = actions(legal)
        passing = next((a for a in offered if a.kind is Act.PASS), None)
        if passing is None:  # jokers committed, kitty shown: pick the cards to take out
            return offered[0]
        if not self.careful or k.attacking or k.trump is None:
            return passing
        one_bj = [a for a in offered if a.kind is Act.BURY_JOKERS and a.cards == (BIG_JOKER,)]
        trumps = sum(n for c, n in k.hand.items() if k.trump.classes[c] == TRUMP)
        if one_bj and k.hand[BIG_JOKER] >= 2 and trumps * 2 >= sum(k.hand.values()):
            return one_bj[0]
        return passing

    # ------------------------------------------------------------------ trick play

    def situation(self, k: Knowledge) -> Situation:
        assert k.rules is not None
        leader = k.trick[0][0] if k.trick else k.seat
        return Situation(
            k.rules,
            k.seat,
            k.hand,
            k.trick,
            k.friends,
            seat_order(leader, k.options.play_direction),
            PoolThreats(k.rules, k.unseen(), k.voids, k.known),
            sum(k.hand.values()),
            hoard(k.game, k.attacking) if self.careful else None,
        )

    def play(self, k: Knowledge, legal: Sequence[Move]) -> Action:
        offered = actions(legal)
        claims = [a for a in offered if a.kind is Act.CLAIM]
        if claims:
            return claims[0]  # offered only when every remaining trick is ours (SD-CLAIM)
        cards = self.choose_cards(k, [a.cards for a in offered if a.kind is Act.PLAY])
        return next(a for a in offered if a.kind is Act.PLAY and a.cards == cards)

    def choose_cards(self, k: Knowledge, plays: list[Cards]) -> Cards:
        if len(plays) == 1:
            return plays[0]
        sit = self.situation(k)
        fmt = k.trick_format()
        if fmt is None:
            return choose_lead(sit, plays, k.voids, not k.attacking, self.careful)
        return choose_follow(sit, fmt, self.careful)


def hoard(game: Game, attacking: bool) -> dict[Card, float] | None:
    """TR-SETTLE-2: defenders who win the last trick with a joker gain 3 (big) or 2 (small)
    levels per joker, so they keep their jokers for it."""
    if game is Game.TR and attacking:
        return {BIG_JOKER: 60.0, SMALL_JOKER: 40.0}
    return None
