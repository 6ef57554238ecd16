"""The analysis of a hand (复盘, issue 37): a move that throws away a sure result is marked a
mistake with the better move named; where every move is as good, nothing is marked; the move
made is evaluated even where the search would prune it; progress and cancelling.

The SD records are kept hands' files (``test_analysis_*_record.json``): hands of four normal
players where the analysed seat's move at ``DIG`` / ``CLAIM`` was changed, the rest played on
by the normal players. Fixed playouts: the figures are the same on every machine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from shengji_desktop.ai.analysis import (
    THRESHOLDS,
    AnalysisCancelled,
    Mark,
    analyse_hand,
    decision_positions,
    from_json,
    judge_decision,
    to_json,
)
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.search import prune
from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.replay import RecordReplay, open_file
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.rules.cards import BIG_JOKER, Seat
from shengji_desktop.rules.options import Game, Options

HERE = Path(__file__).parent
DIG = 95  # the SD dealer S, two cards left (BJ and ♠2), plays the big joker in trick 11
CLAIM = 90  # the SD dealer S could claim every trick (SD-CLAIM-1) and plays a card instead


def replay_of(name: str) -> RecordReplay:
    return open_file(HERE / f"test_analysis_{name}_record.json").replay


def plays(view: SeatView) -> list[Action]:
    return [a for a in view.legal if isinstance(a, Action) and a.kind is Act.PLAY]


def test_the_dealer_playing_away_the_sure_last_trick_is_a_mistake_with_the_better_move() -> None:
    """Issue 37, SD-DIG-1, SD-COIN-2: the SD dealer holds the big joker, sure to win the last
    trick, and one more trump; playing the joker in trick 11 hands the last trick, hence the
    hand (抠底), to the defenders. The analysis marks it 失误 and names keeping the joker."""
    replay = replay_of("dig")
    view = replay.decision(DIG, Seat.S)
    made = replay.played(DIG)
    assert view is not None and view.seat is Seat.S and view.dealer is Seat.S
    assert made == Action(Act.PLAY, Seat.S, (BIG_JOKER,)) and len(view.hand) == 2
    (keep,) = [a for a in plays(view) if a != made]
    d = judge_decision(view, made, seed=1, playouts=16, position=DIG)
    assert d is not None
    assert d.mark is Mark.MISTAKE
    assert d.best.action == keep and d.made.action == made
    assert d.loss >= THRESHOLDS[Game.SD][1] and d.loss >= 2 * d.loss_error
    assert d.trick == 11 and d.phase == "play" and d.hand == 1
    assert {e.action for e in d.alternatives} == {made, keep}


def test_the_whole_hand_puts_that_mistake_first_and_ends_its_course_at_the_result() -> None:
    """Issue 37: the hand's analysis holds the mistake among its marks and costliest
    decisions; its course ends at the hand's real result (the dealer dug: SD-COIN-2, −6), and
    it reads back from its JSON unchanged."""
    replay = replay_of("dig")
    a = analyse_hand(replay, 1, Seat.S, playouts=8)
    assert a.result is not None and round(a.result) == -6
    assert a.course[-1].mean == a.result and a.course[-1].error == 0.0
    assert a.course[-1].trick == len(replay.spans()[0].tricks)
    assert [p.trick for p in a.course] == sorted({p.trick for p in a.course})
    assert a.costliest(1)[0].position == DIG and a.costliest(1)[0].mark is Mark.MISTAKE
    assert [d.position for d in a.decisions] == decision_positions(replay, 1, Seat.S)
    assert from_json(json.loads(json.dumps(to_json(a)))) == a


def test_where_every_card_wins_every_trick_no_move_is_marked() -> None:
    """Issue 37, SD-CLAIM-1/2: the dealer (who knows the kitty) holds only cards nobody can
    beat, so every order of play wins every remaining trick: all its plays from there are
    equally good on every sampled deal, and none is marked."""
    replay = replay_of("claim")
    view = replay.decision(CLAIM, Seat.S)
    assert view is not None and view.dealer is Seat.S and len(plays(view)) >= 3
    assert any(isinstance(a, Action) and a.kind is Act.CLAIM for a in view.legal)
    d = judge_decision(view, replay.played(CLAIM) or plays(view)[0], seed=3, playouts=16)
    assert d is not None and len(d.alternatives) == len(plays(view))
    assert d.mark is Mark.GOOD and d.loss == 0.0 and d.loss_error == 0.0
    assert len({e.mean for e in d.alternatives}) == 1
    a = analyse_hand(replay, 1, Seat.S, playouts=8)
    after = [d for d in a.decisions if d.position >= CLAIM]
    assert after and all(d.mark is Mark.GOOD and d.loss == 0.0 for d in after)


def tr_first_lead(seed: int) -> SeatView:
    """A TR hand dealt out with nobody declaring, the dealer's burial made (its first 8 cards
    in card order): the dealer's view before its first lead."""
    match = Match(Game.TR, Options(), seed)
    while match.phase is Phase.DEAL:
        match.apply(Action(Act.DEAL))
    while match.phase is Phase.DECLARE:
        (seat,) = match.to_act()
        match.apply(Action(Act.PASS, seat))
    (dealer,) = match.to_act()
    (choice,) = match.legal_actions(dealer)
    assert isinstance(choice, ChooseCards)
    match.apply(choice.action(sorted(choice.hand)[:8]))
    return seat_view(match, dealer)


def test_the_move_made_is_evaluated_even_where_the_search_would_prune_it() -> None:
    """Issue 37: a lead of the TR dealer that ``search.prune`` leaves out whatever play it
    keeps first (not the cheapest nor the strongest of its kind) is among the candidates,
    with an estimate, and the others are those the hard player would weigh."""
    view = tr_first_lead(3)
    k = Knowledge.from_view(view)
    offered = {a.cards: a for a in plays(view)}
    options = list(offered)
    assert len(options) > 8
    dropped = [p for p in options if all(p not in prune(k, options, q) for q in options if q != p)]
    assert dropped
    made = offered[dropped[0]]
    d = judge_decision(view, made, seed=5, playouts=4)
    assert d is not None
    assert made in {e.action for e in d.alternatives} and d.made.action == made
    assert len(d.alternatives) == 9  # the move made and search.MAX_CANDIDATES others
    assert d.samples == 4


def test_progress_counts_the_decisions_and_cancel_stops_between_them() -> None:
    """Issue 37: ``progress(k, n)`` after each judged decision, n from ``decision_positions``;
    ``cancelled()`` turning true stops the analysis with AnalysisCancelled."""
    replay = replay_of("dig")
    n = len(decision_positions(replay, 1, Seat.S))
    calls: list[tuple[int, int]] = []
    analyse_hand(replay, 1, Seat.S, playouts=2, progress=lambda k, m: calls.append((k, m)))
    assert n > 3 and calls == [(k, n) for k in range(n + 1)]
    seen: list[tuple[int, int]] = []
    with pytest.raises(AnalysisCancelled):
        analyse_hand(
            replay,
            1,
            Seat.S,
            playouts=2,
            progress=lambda k, m: seen.append((k, m)),
            cancelled=lambda: len(seen) >= 3,
        )
    assert seen == [(0, n), (1, n), (2, n)]


def test_a_hand_the_record_does_not_hold_is_refused() -> None:
    """Issue 37: asking for hand 5 of a one-hand record is a ValueError, as is a playout
    count below 1."""
    replay = replay_of("dig")
    with pytest.raises(ValueError, match="no hand 5"):
        analyse_hand(replay, 5, Seat.S, playouts=2)
    with pytest.raises(ValueError):
        analyse_hand(replay, 1, Seat.S, playouts=0)


def test_the_same_seed_and_playouts_give_the_same_judgement() -> None:
    """Issue 37 (``--playouts`` makes it reproducible): judging a decision twice with the
    same seed and playouts gives the same figures; another seed samples other deals."""
    replay = replay_of("dig")
    position = decision_positions(replay, 1, Seat.S)[3]
    view, made = replay.decision(position, Seat.S), replay.played(position)
    assert view is not None and made is not None
    first = judge_decision(view, made, seed=random.Random(1).random(), playouts=6)
    again = judge_decision(view, made, seed=random.Random(1).random(), playouts=6)
    assert first is not None and first == again
