"""SD-BID-1..7: how hard's bid search models the other seats' bids (``phase_search._normal_bid``,
issue 41's follow-up). The ``"fitted"`` model must be the normal player's own bid, at every
bidding turn (first, after passes, last after three passes); the old rule of thumb
(``"thumb"``) is not, which is why the bid search was given the choice."""

from __future__ import annotations

import random
from collections import Counter

from shengji_desktop.ai import phase_search
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.players import HeuristicPlayer
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules import sd
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.sd import BidValue


class _Recorder:
    """A normal seat that keeps each bidding view with the bid it made."""

    def __init__(self, seed: str, seen: list[tuple[SeatView, BidValue]]) -> None:
        self.player, self.seen = HeuristicPlayer(random.Random(seed)), seen

    def decide(self, view: SeatView) -> Action | None:
        action = self.player.decide(view)
        if view.phase is Phase.BID and action is not None:
            self.seen.append((view, action.value if action.kind is Act.BID else sd.PASS))
        return action


_PAST = (Phase.KITTY, Phase.PLAY, Phase.SETTLED, Phase.OVER)


def _bidding_turns(seeds: range) -> list[tuple[SeatView, BidValue]]:
    seen: list[tuple[SeatView, BidValue]] = []
    for seed in seeds:
        match = Match(Game.SD, Options(), seed)
        players = {s: _Recorder(f"{seed}/{s.name}", seen) for s in Seat}
        table = Table(match, players, rng=random.Random(seed), hands=1)

        def past(action: object, events: object, t: Table = table, m: Match = match) -> None:
            if m.phase in _PAST:
                t.stop()

        table.watch_referee(past)
        table.play()
    return seen


def _state(view: SeatView) -> sd.BiddingState:
    assert view.first_bidder is not None
    return sd.BiddingState(view.first_bidder, tuple(v for _, v in view.bids), view.options)


def test_the_fitted_model_bids_as_the_normal_player_does() -> None:
    """At every bidding turn of 40 SD hands played by normal seats, the fitted model on the
    seat's hand says exactly what the normal player said; the rule of thumb differs somewhere
    (so the check can tell the two apart), and the turns cover passes, bids and a last bidder
    after three passes (SD-DRAW)."""
    seen = _bidding_turns(range(1, 41))
    thumb_differs = 0
    lasts = 0
    for view, said in seen:
        state, hand = _state(view), dict(Counter(view.hand))
        assert phase_search._normal_bid(state, hand, view.options, "fitted") == said
        thumb_differs += phase_search._normal_bid(state, hand, view.options, "thumb") != said
        lasts += len(state.bids) == 3 and all(b is sd.PASS for b in state.bids)
    assert len(seen) >= 100
    assert {said for _, said in seen} >= {sd.PASS, 60}
    assert thumb_differs > 0
    assert lasts > 0


def test_the_fitted_bidders_sample_explains_the_bids_made() -> None:
    """``bidders_sample`` with the fitted model draws hidden hands on which every earlier
    bidder's fitted bid is the one it made (within its tries), from the seat's view only."""
    seen = [(v, s) for v, s in _bidding_turns(range(1, 25)) if len(v.bids) >= 2]
    assert seen
    explained = tried = 0
    for view, _ in seen[:6]:
        task = phase_search._sd_task(Knowledge.from_view(view), {}, None)
        said = tuple(v for _, v in view.bids)
        assert view.first_bidder is not None
        rng = random.Random(5)
        for _ in range(10):
            hands, _ = phase_search.bidders_sample(task, rng, view.first_bidder, said, "fitted")
            assert hands[view.seat] == Counter(view.hand)
            state = sd.BiddingState(view.first_bidder, (), view.options)
            ok = True
            for value in said:
                turn = state.turn
                assert turn is not None
                hand = dict(+hands[turn])
                ok &= phase_search._normal_bid(state, hand, view.options, "fitted") == value
                state = state.apply(turn, value)
            explained += ok
            tried += 1
    assert explained >= 0.8 * tried
