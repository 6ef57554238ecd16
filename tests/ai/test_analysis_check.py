"""The statistical check of the analysis (issue 37): a seat played by ``random`` loses far more
per decision than its partner played by ``hard``. The full figures, in every game, come from
``bench analysis --compare`` (docs/analysis.md); this is a small SD run of it."""

from __future__ import annotations

from shengji_desktop.ai.analysis_bench import compare
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game


def test_a_random_seat_loses_far_more_per_decision_than_its_hard_partner() -> None:
    """Issue 37: three SD hands (S random, N hard, E and W normal), S and N analysed at 8
    sampled deals a decision: random's mean loss per decision is several times hard's."""
    kinds = ("random", "normal", "hard", "normal")
    tallies = compare(Game.SD, 3, seed=1, kinds=kinds, playouts=8, seats=(Seat.S, Seat.N))
    random_, hard = tallies["random"].figures(), tallies["hard"].figures()
    assert random_["decisions"] >= 20 and hard["decisions"] >= 20
    assert random_["mean_loss"] > 3 * hard["mean_loss"] + 0.2
