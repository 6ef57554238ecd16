"""The candidates of one decision and their sampled results, from the deciding seat's view alone
(issue 37, the 复盘's searches).

``sampled(view, made, seed, budget, samples)`` runs the hard player's search of the decision
(``search``, ``phase_search``, ``dl_search``, ``declare_search``, ``deal_search``) with the move
made as candidate 0, so that it is always evaluated, even where the search would prune it (the
searches keep their ``preferred`` move first). Every candidate is played out on the same sampled
deals (``search.gather``: common random numbers), and each sample's result for the seat's side
comes back per candidate: levels in DL and TR, coins in SD (the trick-play and burial playouts
score SD in stakes, turned into coins here by SD-COIN-1).

Nothing here sees a record or another seat's cards: a view (GEN-INFO-1), the move made and a seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.actions import Act, Action, ChooseCards
from ..engine.phase import Phase, Step
from ..engine.view import SeatView
from ..rules import sd
from ..rules.cards import Card
from ..rules.options import Game
from . import deal_search, declare_search, dl_search, phase_search
from .knowledge import Knowledge
from .phases import actions
from .players import HeuristicPlayer
from .search import gather, make_task, prune

MAX_BURIALS = 9
"""Burials evaluated: the one made, normal's and the hard player's variants of it."""


@dataclass(frozen=True)
class Sampled:
    """A decision's candidates (the move made first) and, per sampled deal, each candidate's
    result for the seat's side (levels in DL and TR, coins in SD)."""

    actions: tuple[Action, ...]
    rows: list[list[float]]


def record_form(action: Action) -> Action:
    """``action`` as a record holds it (cards sorted): the form estimates name moves in."""
    return Action(
        action.kind,
        action.seat,
        tuple(sorted(action.cards)),
        action.suit,
        action.value,
        tuple(sorted(action.taken)),
    )


def as_legal(view: SeatView, made: Action) -> Action | None:
    """The legal move of ``view`` that ``made`` is (cards in any order), None if none is."""
    want = record_form(made)
    for m in view.legal:
        if isinstance(m, Action):
            if record_form(m) == want:
                return m
        elif m.kind is made.kind and m.seat == made.seat and m.accepts(made.cards):
            return m.action(made.cards)
    return None


def real_choice(view: SeatView, made: Action) -> bool:
    """Whether the seat had more than one legal option for the move it made (a claim, which
    wins every remaining trick by SD-CLAIM-2, is not weighed against plays)."""
    if made.kind is Act.PLAY:
        return sum(1 for a in actions(view.legal) if a.kind is Act.PLAY) > 1
    if any(isinstance(m, ChooseCards) and m.kind is made.kind for m in view.legal):
        return True
    return len(actions(view.legal)) > 1


def searched(view: SeatView, made: Action) -> bool:
    """Whether the hard player searches this kind of decision (``HardPlayer.decide``); the
    others (paying tribute, a counter-revolt, the cards a 扣王 takes out, a claim) are left
    out of the analysis."""
    kind, phase = made.kind, view.phase
    if kind in (Act.PLAY, Act.BURY):
        return True
    if kind is Act.RETURN:
        return view.game is Game.DL
    if view.game is Game.SD:
        return (phase is Phase.BID and kind in (Act.BID, Act.PASS)) or kind is Act.CHOOSE_TRUMP
    if phase is Phase.DEAL:
        return kind is Act.DECLARE
    if phase is Phase.DECLARE:
        return kind in (Act.DECLARE, Act.PASS)
    if view.game is Game.DL and view.step is Step.REVOLT:
        return kind in (Act.REVOLT, Act.PASS)
    if view.game is Game.DL and view.step is Step.JOKERS:
        offered = actions(view.legal)
        return kind in (Act.PASS, Act.BURY_JOKERS) and any(a.kind is Act.PASS for a in offered)
    return False


def sampled(
    view: SeatView,
    made: Action,
    seed: int | str,
    budget: float,
    samples: int | None,
    only: Sequence[Action] | None = None,
) -> Sampled | None:
    """The candidates of the decision ``made`` answered in ``view`` (``made`` first) and their
    results on common sampled deals, within ``budget`` seconds or over ``samples`` deals (then
    the same seed gives the same figures); ``only``: keep just these candidates where the
    search allows it (a confirmation). None where no search covers the decision."""
    legal_made = as_legal(view, made)
    if legal_made is None or not searched(view, legal_made):
        return None
    rng = random.Random(seed)
    keep = {record_form(a) for a in only} if only is not None else None
    kind = legal_made.kind
    if kind is Act.PLAY:
        found = _plays(view, legal_made, rng, budget, samples, keep)
    elif kind is Act.BURY:
        found = _burial(view, legal_made, rng, budget, samples, keep)
    else:
        found = _phase(view, legal_made, rng, budget, samples)
    if found is None or not found.rows:
        return None
    scale = _stake(view) if kind in (Act.PLAY, Act.BURY) else 1.0
    rows = [[v * scale for v in row] for row in found.rows] if scale != 1.0 else found.rows
    return Sampled(tuple(record_form(a) for a in found.actions), rows)


def _stake(view: SeatView) -> float:
    """SD's playouts score a hand in stakes (SD-COIN-2's factors); a stake is SD-COIN-1's U."""
    if view.game is not Game.SD or view.bid is None:
        return 1.0
    return float(sd.hand_stake(view.bid, view.options))


def _searchable(k: Knowledge) -> bool:
    return k.trump is not None and k.trump.suit is not None and k.dealer is not None


def _plays(
    view: SeatView,
    made: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
    keep: set[Action] | None,
) -> Sampled | None:
    """Trick play (``search.search``): the play made, then normal's choice and the plays
    ``search.prune`` keeps for it (at most ``MAX_CANDIDATES``); a forced play alone."""
    k = Knowledge.from_view(view)
    if not _searchable(k):
        return None  # no trump suit: the hard player plays as normal (no search)
    offered = [a for a in actions(view.legal) if a.kind is Act.PLAY]
    by_cards = {a.cards: a for a in offered}
    plays = list(by_cards)
    candidates = [made.cards]
    if len(plays) > 1:
        normal = HeuristicPlayer(rng).choose_cards(k, plays)
        candidates += [p for p in prune(k, plays, normal) if p != made.cards]
    if keep is not None:
        candidates = [made.cards, *[p for p in candidates[1:] if record_form(by_cards[p]) in keep]]
    rows = gather(make_task(k, candidates, 0, budget, None), rng, budget, samples)
    return Sampled(tuple(by_cards[p] for p in candidates), rows)


def _burial(
    view: SeatView,
    made: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
    keep: set[Action] | None,
) -> Sampled | None:
    """The kitty buried (``phase_search.bury``): the burial made, normal's, and the variants
    the hard player weighs against normal's (``burial_candidates``)."""
    k = Knowledge.from_view(view)
    choice = next(
        (m for m in view.legal if isinstance(m, ChooseCards) and m.kind is Act.BURY), None
    )
    if choice is None or not _searchable(k):
        return None
    normal = HeuristicPlayer(rng).give(k, Act.BURY, choice.count)
    found: list[tuple[Card, ...]] = [tuple(sorted(made.cards))]
    for cards in [tuple(sorted(normal)), *phase_search.burial_candidates(k, choice, normal)]:
        if cards not in found and choice.accepts(cards):
            found.append(cards)
    found = found[:MAX_BURIALS]
    if keep is not None:
        found = [found[0], *[c for c in found[1:] if record_form(choice.action(c)) in keep]]
    base = replace(make_task(k, found, 0, budget, None), kitty=(), kitty_size=0)
    rows = gather(base, rng, budget, samples, phase_search.run_burial)
    return Sampled(tuple(choice.action(c) for c in found), rows)


def _phase(
    view: SeatView, made: Action, rng: random.Random, budget: float, samples: int | None
) -> Sampled | None:
    """The decisions before trick play, by the hard player's own searches with the move made
    as their ``preferred`` (candidate 0); each search's candidates named back as moves."""
    k = Knowledge.from_view(view)
    legal = view.legal
    offered = actions(legal)
    candidates: list[Action]
    info: dict[str, Any]
    if made.kind is Act.RETURN:
        choice = next(m for m in legal if isinstance(m, ChooseCards) and m.kind is Act.RETURN)
        if k.trump is None:
            return None
        _, info = dl_search.tribute_return(k, choice, made.cards, rng, budget, samples)
        labels = info.get("rows", ([], []))[0]
        candidates = [choice.action(c) for c in labels]
    elif view.game is Game.SD and made.kind is Act.CHOOSE_TRUMP:
        suits = [a for a in offered if a.suit is not None]
        candidates = _first(made, suits)
        _, info = phase_search.choose_trump(k, legal, made, rng, budget, samples)
    elif view.game is Game.SD:
        bids = [a for a in offered if a.kind in (Act.BID, Act.PASS)]
        candidates = _first(made, bids)
        _, info = phase_search.bid(k, legal, made, rng, budget, samples)
    elif view.step is Step.JOKERS and view.phase is Phase.KITTY:
        if not _searchable(k):
            return None
        candidates = _joker_candidates(made, offered)
        _, info = dl_search.joker_burial(k, legal, made, rng, budget, samples)
    elif view.step is Step.REVOLT and view.phase is Phase.TRIBUTE:
        kinds = (Act.REVOLT, Act.PASS)
        other = next((a for a in offered if a.kind in kinds and a.kind != made.kind), None)
        if other is None:
            return None
        candidates = [made, other]
        _, info = dl_search.revolt(k, legal, made, rng, budget, samples)
    else:
        return _declaring(view, k, made, rng, budget, samples)
    return _named(candidates, info)


def _first(made: Action, offered: list[Action]) -> list[Action]:
    return [made, *[a for a in offered if a != made]]


def _joker_candidates(made: Action, offered: list[Action]) -> list[Action]:
    """``dl_search.joker_burial``'s candidates (one per set of jokers), as moves."""
    by_jokers: dict[tuple[Card, ...], Action] = {}
    for a in (made, *[a for a in offered if a.kind in (Act.PASS, Act.BURY_JOKERS)]):
        jokers = a.cards if a.kind is Act.BURY_JOKERS else ()
        if a is made or len(jokers) <= dl_search.MAX_JOKERS:
            by_jokers.setdefault(jokers, a)
    return list(by_jokers.values())


def _declaring(
    view: SeatView,
    k: Knowledge,
    made: Action,
    rng: random.Random,
    budget: float,
    samples: int | None,
) -> Sampled | None:
    """Declaring: during the deal and in hand 1's open window (``deal_search``), in the window
    after the deal (TR: ``declare_search``, DL: ``dl_search.declare``)."""
    legal = view.legal
    info: dict[str, Any]
    if view.phase is Phase.DEAL or deal_search.covers_window(view):
        preferred = None if made.kind is Act.PASS else made
        offers = deal_search.offers(k, legal, preferred)
        share = deal_search.DEAL_SHARE if view.phase is Phase.DEAL else 1.0
        _, info = deal_search.declare(k, legal, made, rng, budget / share, samples)
        candidates = [_offered(view, made, o) for o in offers]
    elif view.game is Game.TR:
        stands = declare_search.outcomes(view, legal, made)
        candidates = list(stands.values())
        _, info = declare_search.declare(k, legal, made, rng, budget, samples)
    else:
        if k.dealer is None or view.big_joker_shown_by is not None:
            return None
        candidates = list(dl_search.stands(k, legal, made).values())
        _, info = dl_search.declare(k, legal, made, rng, budget, samples)
    return _named(candidates, info)


def _offered(view: SeatView, made: Action, offer: deal_search.Offer) -> Action:
    """A candidate of ``deal_search`` as a move: waiting is the pass (during the deal, where no
    pass is offered, a pass stands for declaring later or never)."""
    if offer is None:
        if made.kind is Act.PASS:
            return made
        passing = next((a for a in actions(view.legal) if a.kind is Act.PASS), None)
        return passing if passing is not None else Action(Act.PASS, view.seat)
    if made.kind is Act.DECLARE and (tuple(made.cards), made.suit) == offer:
        return made
    return next(
        a
        for a in actions(view.legal)
        if a.kind is Act.DECLARE and (tuple(a.cards), a.suit) == offer
    )


def _named(candidates: list[Action], info: dict[str, Any]) -> Sampled | None:
    """A search's figures (``info["rows"]``: its candidates' labels and the rows) with its
    candidates named as moves; None when it did not search (a single candidate)."""
    found = info.get("rows")
    if not found:
        return None
    labels, rows = found
    if len(labels) != len(candidates) or not rows:
        return None
    return Sampled(tuple(candidates), [list(r) for r in rows])
