"""Sentences for the rules that surprise players of other tables, where such a rule decides
a move: TR's pair follows (TR-FOLLOW-2) and SD's bids (SD-BID-2..4)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Card
from shengji_desktop.rules.options import Game

from ..i18n import say, tr
from ..texts import plural


def follow_note(view: SeatView, cards: Iterable[Card]) -> str:
    """TR-FOLLOW-2, where it decides a follow: a pair (or tractor) led, a pair of the suit in
    hand, and the cards chosen break it up. Players of other tables expect to be made to
    follow a pair with a pair; in Tractor nobody is. "" where the rule decides nothing."""
    if view.game is not Game.TR or not view.trick or view.trump is None:
        return ""
    lead = view.trick[0][1]
    trump = view.trump
    cls = trump.suit_class(lead[0])
    if len(lead) < 2 or any(trump.suit_class(c) != cls for c in lead):
        return ""
    if len(set(lead)) == len(lead):
        return ""  # a throw of singles: no pair to answer
    own = Counter(c for c in view.hand if trump.suit_class(c) == cls)
    chosen = Counter(c for c in cards if trump.suit_class(c) == cls)
    if not any(m >= 2 for m in own.values()) or any(m >= 2 for m in chosen.values()):
        return ""
    return (
        say(
            lambda: tr("In Tractor you need not answer a pair with a pair, even when you hold one.")
        )
        + " [TR-FOLLOW-2]"
    )


def bid_note(view: SeatView, offered: Iterable[int]) -> str:
    """SD's bids, which surprise players of other games: 60 to 75 points (SD-BID-2), above
    the highest bid so far (SD-BID-3), from 65 or 70 after passes (SD-BID-4)."""
    values = sorted(offered)
    if view.game is not Game.SD or not values:
        return ""
    made = [v for _, v in view.bids if v is not None]
    passes = len(view.bids)
    lowest = values[0]

    rule = "SD-BID-3" if made else "SD-BID-4" if passes and lowest > 60 else "SD-BID-2"

    def words() -> str:
        text = tr("You alone must take the points you bid.")
        if rule == "SD-BID-3":
            return text  # the buttons offer only bids above the highest so far
        if rule == "SD-BID-4":
            more = plural(
                passes,
                tr("After a pass the bidding here starts at {low}."),
                tr("After {n} passes the bidding here starts at {low}."),
            ).format(low=lowest)
        else:
            more = tr("Bids go from {low} to {high}.").format(low=lowest, high=values[-1])
        return f"{text} {more}"

    return say(words) + f" [{rule}]"
