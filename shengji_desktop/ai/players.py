"""The easy and normal players: rules of thumb (easy) and a card-counting heuristic (normal)
for every decision of every game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine.actions import Act, Action, ChooseCards, Move
from ..engine.phase import Phase
from ..engine.view import SeatView
from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, seat_order
from ..rules.dl_kitty import big_jokers_first
from ..rules.options import Game
from ..rules.ranking import TRUMP
from . import normal, phases
from .knowledge import Knowledge
from .phases import actions
from .policy import PLAYOUT_ODDS, PULL, Cards, PoolThreats, Situation, choose_follow, choose_lead


class HeuristicPlayer:
    """``careful`` = normal (counts cards, feeds partner, plays for the last trick, keeps pairs
    whole: ``ai.normal``); otherwise easy (plausible rules of thumb, no counting)."""

    kind = "normal"

    tuned = True  # False: trick play by the playout policy alone (bench's fixed positions)

    def __init__(self, rng: random.Random, careful: bool = True) -> None:
        self.rng = rng
        self.careful = careful
        self.kind = "normal" if careful else "easy"

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
        kept = dict(hoard(k.game, k.attacking) or {}) if self.careful else {}
        set_worth, odds, pull = 0.0, PLAYOUT_ODDS, PULL
        if self.careful and self.tuned:
            kept, set_worth, odds, pull = normal.tune(k, kept)
        return Situation(
            k.rules,
            k.seat,
            k.hand,
            k.trick,
            k.friends,
            seat_order(leader, k.options.play_direction),
            PoolThreats(k.rules, k.unseen(), k.voids, k.known),
            sum(k.hand.values()),
            kept or None,
            set_worth,
            odds,
            pull,
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


class HardPlayer(HeuristicPlayer):
    """Searches trick play (``search.search``), the burial of the kitty and SD's bid and trump
    (``phase_search``), DL's 扣王, tribute return, revolt and window after the deal
    (``dl_search``), TR's window after the deal (``declare_search``), declaring during the deal
    and hand 1's window while nobody has declared (``deal_search``) for up to ``budget`` seconds
    per decision (the burial up to ``BURIAL_BUDGET`` times that), or over a fixed number of
    samples when ``samples`` is set (reproducible); normal elsewhere. With too little time it
    plays as normal. With ``beliefs`` (True, or the games in which to) its samples are weighted
    by what the other seats did (``beliefs``: their plays, SD bids, a DL tribute received) in
    every search that reads them: ``expert-believing``, and the expert in the games of
    ``ai.EXPERT_BELIEFS``."""

    MIN_BUDGET = 0.05

    def __init__(
        self,
        rng: random.Random,
        budget: float = 1.0,
        samples: int | None = None,
        beliefs: bool | frozenset[Game] | None = None,
    ) -> None:
        super().__init__(rng, careful=True)
        self.kind = "hard"
        self.budget = budget
        self.samples = samples
        self.beliefs = beliefs  # None: ``search.BELIEFS``; a set: True in those games
        self.last_search: dict[str, Any] = {}
        self._deal_key: tuple[Any, ...] | None = None  # the last search during the deal
        self._deal_answer: Action | None = None

    def searching(self) -> bool:
        return self.samples is not None or self.budget >= self.MIN_BUDGET

    def decide(self, view: SeatView) -> Action | None:
        from .search import believing

        with believing(self.believes(view.game)):  # every search of this decision (issue 41)
            return self._decide(view)

    def believes(self, game: Game) -> bool | None:
        """Whether this player's searches in ``game`` weigh by beliefs (None: as
        ``search.BELIEFS`` says)."""
        if isinstance(self.beliefs, frozenset):
            return game in self.beliefs
        return self.beliefs

    def _decide(self, view: SeatView) -> Action | None:
        action = super().decide(view)
        if view.phase is Phase.DEAL and view.legal and self.searching():
            return self.declare_during_deal(view, action)
        if action is None or not self.searching():
            return action
        from . import deal_search, declare_search, dl_search, phase_search

        kinds = {a.kind for a in view.legal}
        search = None
        if view.game is Game.SD and Act.BID in kinds:
            search = phase_search.bid
        elif view.game is Game.SD and Act.CHOOSE_TRUMP in kinds:
            search = phase_search.choose_trump
        elif Act.DECLARE in kinds and deal_search.covers_window(view):
            # hand 1, nobody has declared: the race for the deal goes on in the window
            chosen, self.last_search = deal_search.declare(
                Knowledge.from_view(view), view.legal, action, self.rng, self.budget, self.samples
            )
            return chosen or action
        elif view.game is Game.TR and view.phase is Phase.DECLARE and Act.DECLARE in kinds:
            search = declare_search.declare
        elif view.game is Game.DL and view.phase is Phase.DECLARE and Act.DECLARE in kinds:
            search = dl_search.declare
        elif view.game is Game.DL and Act.REVOLT in kinds:
            search = dl_search.revolt
        if search is not None:
            k = Knowledge.from_view(view)
            action, self.last_search = search(
                k, view.legal, action, self.rng, self.budget, self.samples
            )
        return action

    def declare_during_deal(self, view: SeatView, preferred: Action | None) -> Action | None:
        """Wait (None) or declare, by ``deal_search``: searched again only when the choice can
        have changed (what is on offer, what stands) or at a checkpoint of the deal; between
        those, the last answer."""
        from . import deal_search

        key = (
            view.hand_number,
            view.declaration,
            view.big_joker_shown_by,
            view.legal,
            deal_search.checkpoint(view),
        )
        if key == self._deal_key:
            return self._deal_answer
        k = Knowledge.from_view(view)
        action, self.last_search = deal_search.declare(
            k, view.legal, preferred, self.rng, self.budget, self.samples
        )
        self._deal_key, self._deal_answer = key, action
        return action

    def give(self, k: Knowledge, kind: Act, n: int) -> tuple[Card, ...]:
        preferred = super().give(k, kind, n)
        if kind is Act.RETURN and self.searching() and k.trump is not None:
            return self.tribute_return(k, preferred)
        if kind is not Act.BURY or not self.searching() or k.dealer is None:
            return preferred
        if k.trump is None or k.trump.suit is None:
            return preferred
        from . import phase_search

        choice = next(m for m in k.view.legal if isinstance(m, ChooseCards) and m.kind is kind)
        budget = self.budget * phase_search.BURIAL_BUDGET
        cards, self.last_search = phase_search.bury(
            k, choice, preferred, self.rng, budget, self.samples
        )
        return cards

    def tribute_return(self, k: Knowledge, preferred: tuple[Card, ...]) -> tuple[Card, ...]:
        """DL-TRIB-5: the cards to return, by ``dl_search.tribute_return``."""
        from .dl_search import tribute_return

        choice = next(
            m for m in k.view.legal if isinstance(m, ChooseCards) and m.kind is Act.RETURN
        )
        cards, self.last_search = tribute_return(
            k, choice, preferred, self.rng, self.budget, self.samples
        )
        return cards

    def other_joker_burial(self, k: Knowledge, legal: Sequence[Move]) -> Action:
        preferred = super().other_joker_burial(k, legal)
        if not self.searching() or k.dealer is None or k.trump is None or k.trump.suit is None:
            return preferred
        from .dl_search import joker_burial

        action, self.last_search = joker_burial(
            k, legal, preferred, self.rng, self.budget, self.samples
        )
        return action

    def choose_cards(self, k: Knowledge, plays: list[Cards]) -> Cards:
        preferred = super().choose_cards(k, plays)
        if len(plays) == 1 or not self.searching():
            return preferred
        if k.trump is None or k.trump.suit is None or k.dealer is None:
            return preferred
        from .search import search

        cards, self.last_search = search(
            k, plays, preferred, self.rng, self.budget, self.samples, self.believes(k.game)
        )
        return cards
