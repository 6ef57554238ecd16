"""The normal player's trick play at a real seat, beyond the playout policy (issue 22).

``policy.choose_lead`` / ``choose_follow`` are also the hard player's playout policy, which
``fastplay`` mirrors card for card (tests/ai/test_playout.py); what is here only tunes the
``Situation`` a real seat plays from, so the playouts stay as they are:

- **feed a partner who is probably winning, try a probable winner** (``ODDS``): the odds that
  a winner not sure to stay so stays so are higher than the playouts' (GEN-TRICK-6: the trick's
  winner takes its points);
- **keep sets whole** (``SET_POINTS``): a follow or discard that breaks up a pair (TR, DL) or a
  triple (DL) costs points, so a loose card goes first (TR-LEAD-1/2, DL-FOLLOW-3..5: pairs and
  triples win tricks a single card cannot);
- **play for the last trick** (``dig_hoard``): near the end of a hand, the seat's top trump is
  kept for the last trick when what that trick decides (``LAST_TRICK``: the kitty's points in TR
  and DL, GEN-TRICK-7, TR-SCORE-1, DL-SCORE-2, and the levels or the whole SD hand riding on it)
  is worth more than the trick now, by either side: the catchers to dig, the dealer's side to
  hold it. The hard player's playouts play by the same rule with the hands known
  (``playout.keep_top``, ``keep_worth``: ``DIG_CARDS`` and ``LAST_TRICK`` serve both).

Everything comes from the seat's own knowledge (``Knowledge``: its hand, the public play, a kitty
it may see).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ..rules.cards import Card, card_points
from ..rules.options import Game
from ..rules.ranking import TRUMP
from ..rules.trick import TrickRules
from .knowledge import Knowledge
from .policy import SPEND

SET_POINTS = {Game.TR: 1.0, Game.DL: 2.0, Game.SD: 0.0}
"""Points one pair kept whole is worth to the normal player (a DL triple: 2.5 pairs). DL's 2
(was 1): arena, 300 deals against ``baseline`` (seed 7), +0.10 → +0.12 levels per hand."""

ODDS = {Game.TR: (0.6, 0.85), Game.DL: (0.75, 0.75), Game.SD: (0.5, 0.6)}
"""The odds that a winner not sure to stay so (a partner's, this seat's own) does stay so. The
threats a real seat counts with are the worst case (any unseen card could be in any opponent's
hand), so the odds are better than the playouts' 0.5 and 0.35 (``policy.PLAYOUT_ODDS``): a
partner probably winning is fed points, a probable winner of one's own is tried. Chosen by
short arena runs against ``baseline`` (60-200 deals, seeds 1-11), not by a long one; DL's
0.75 (was 0.65) by 300 deals of seed 7: +0.12 → +0.13 levels per hand."""

DIG_CARDS = 5
"""From how many cards left in the hand the normal player keeps a trump for the last trick."""

LAST_TRICK = {Game.TR: 40.0, Game.DL: 50.0, Game.SD: 60.0}
"""Points the last trick is worth beyond the kitty it moves: it decides levels — DL's 保底 or
抠底 (DL-SETTLE-1: the dealer side goes up only by winning it, the catchers only by digging),
TR's joker digs (TR-SETTLE-2) — and in SD the whole hand (SD-DIG-1). Arena, 300 deals against
``baseline`` (DL, seed 7): +0.13 levels per hand without it, +0.15 with 20 to 100, +0.16 with it
kept from 5 cards left instead of 3; TR (200 deals, seed 7) +0.30 → +0.34."""


def kitty_stake(k: Knowledge) -> float:
    """Points the last trick moves through the kitty (GEN-TRICK-7): its points times the
    multiplier (TR-SCORE-1: ``tr_kitty_multiplier``; DL-SCORE-2: doubled). A kitty the seat may
    see counts as it is (TR-KITTY-2: face up); else the unseen points' share of it."""
    if k.game is Game.SD or k.kitty_size == 0:
        return 0.0  # SD-KITTY-5: kitty points count for nobody
    factor = 2 if k.game is Game.DL else int(k.options.tr_kitty_multiplier)
    if k.kitty:
        return float(factor * card_points(k.kitty))
    unseen = k.unseen()
    cards = sum(unseen.values())
    if cards == 0:
        return 0.0
    points = sum(card_points([c]) * n for c, n in unseen.items())
    return factor * points * min(1.0, k.kitty_size / cards)


def dig_hoard(
    rules: TrickRules, hand: Mapping[Card, int], unseen: Counter[Card], stake: float
) -> dict[Card, float]:
    """The extra worth (in ``Situation.hoard`` units) of keeping the hand's top trump to the
    last trick, only when no unseen trump beats it, so it surely wins a trump trick."""
    classes, strengths = rules.trump.classes, rules.trump.strengths
    trumps = [c for c, n in hand.items() if n > 0 and classes[c] == TRUMP]
    if not trumps or stake <= 0:
        return {}
    top = max(trumps, key=lambda c: strengths[c])
    if any(
        n > 0 and classes[c] == TRUMP and strengths[c] > strengths[top] for c, n in unseen.items()
    ):
        return {}
    # choose_follow spends SPEND / 4 per unit near the end: this makes playing it cost ``stake``.
    return {top: stake / (SPEND / 4)}


PULL = {Game.TR: 15.0, Game.DL: 15.0, Game.SD: 40.0}
"""What a trump lead is worth to the dealer's side with half its hand or more in trumps (the
playouts: ``policy.PULL``, 15). SD's dealer plays alone against three, who score with what they
ruff: drawing their trumps first protects the side winners and the last trick (SD-DIG-1).
Arena, 1000 deals against ``baseline``: 15 made +0.86/+0.84 coins per hand (seeds 7/11), 40
+1.08/+0.88, 60 +1.04/+0.84."""


def tune(
    k: Knowledge, hoard: dict[Card, float]
) -> tuple[dict[Card, float], float, tuple[float, float], float]:
    """The normal player's hoard, set worth, odds and trump pull for this decision."""
    assert k.rules is not None
    left = sum(k.hand.values())
    if left <= DIG_CARDS:
        stake = kitty_stake(k) + LAST_TRICK[k.game]
        for card, worth in dig_hoard(k.rules, k.hand, k.unseen(), stake).items():
            hoard[card] = max(hoard.get(card, 0.0), worth)
    return hoard, SET_POINTS[k.game], ODDS[k.game], PULL[k.game]
