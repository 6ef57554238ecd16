"""Events: what an applied action caused, typed, with cards as ``Card`` tuples.

An event with hidden parts names them in ``SECRET`` and says who may see them in ``audience``;
``view.event_for`` is the only place that cuts them for a seat (GEN-INFO-1). The GUI moves
cards because an event says so; the wire and the records carry them through ``codec``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import msgspec

from ..rules.cards import Card, Seat, Suit
from ..rules.trick import Shape
from .results import HandResult, Winner

Cards = tuple[Card, ...]
NOBODY: frozenset[Seat] = frozenset()
EVERYONE: frozenset[Seat] = frozenset(Seat)


class Event(msgspec.Struct, frozen=True):
    """The base of every event. ``KIND`` names it on the wire and in logs."""

    KIND: ClassVar[str] = ""
    SECRET: ClassVar[tuple[str, ...]] = ()


class Secret(Event, frozen=True, kw_only=True):
    """An event whose ``SECRET`` fields only ``audience`` may see; for anyone else they are
    None (``view.event_for``)."""

    audience: frozenset[Seat] = NOBODY


# ---------------------------------------------------------------------- the deal


class HandStarted(Event, frozen=True):
    KIND = "hand_started"
    number: int


class CardDealt(Secret, frozen=True):
    KIND = "card_dealt"
    SECRET = ("card",)
    seat: Seat
    n: int  # cards dealt so far, this one included
    card: Card | None = None


class DealDone(Event, frozen=True):
    KIND = "deal_done"
    kitty_size: int


# ---------------------------------------------------------------------- declaring and bidding


class Declared(Event, frozen=True):
    """亮主 and its overcalls; in DL hand 1 the big joker shown (``kind`` "big_joker")."""

    KIND = "declared"
    seat: Seat
    cards: Cards
    kind: str  # the rules' name of the declaration's strength or kind
    suit: Suit | None = None


class Passed(Event, frozen=True):
    KIND = "passed"
    seat: Seat


class DeclareWindow(Event, frozen=True):
    KIND = "declare_window"
    first: Seat


class BiddingStarted(Event, frozen=True):
    KIND = "bidding_started"
    first: Seat


class Bid(Event, frozen=True):
    KIND = "bid"
    seat: Seat
    value: int


class DealerFixed(Event, frozen=True):
    """SD: the bidding is over; ``seat`` is the declarer at ``bid`` (SD-BID-4)."""

    KIND = "dealer_fixed"
    seat: Seat
    bid: int


class Draw(Event, frozen=True):
    """SD 流局: everyone passed; each seat's regular trumps are shown (SD-DRAW-1)."""

    KIND = "draw"
    regular_trumps: Mapping[Seat, Cards]


# ---------------------------------------------------------------------- trump


class KittyDrawn(Event, frozen=True):
    KIND = "kitty_drawn"
    count: int


class KittyFlipped(Event, frozen=True):
    """DL hand 1 without a big joker shown: the kitty turned card by card (DL-OP-2)."""

    KIND = "kitty_flipped"
    flips: tuple[tuple[Seat, Card], ...]
    extra: Cards


class Redealt(Event, frozen=True):
    KIND = "redeal"


class BottomThree(Event, frozen=True):
    """TR 底三颗: nobody declared; the kitty's third card from the bottom names trump."""

    KIND = "bottom_three"
    suit: Suit


class TrumpFixed(Event, frozen=True):
    KIND = "trump_fixed"
    suit: Suit
    dealer: Seat


class TrumpChosen(Event, frozen=True):
    KIND = "trump_chosen"
    seat: Seat
    suit: Suit


# ---------------------------------------------------------------------- tribute (DL)


class TributeDue(Event, frozen=True):
    KIND = "tribute_due"
    payer: Seat
    receiver: Seat
    blood: int


class Revolt(Event, frozen=True):
    KIND = "revolt"
    seat: Seat
    cards: Cards


class Countered(Event, frozen=True):
    KIND = "counter"
    seat: Seat
    cards: Cards


class TributeCancelled(Event, frozen=True):
    KIND = "tribute_cancelled"


class TributePaid(Secret, frozen=True):
    KIND = "tribute_paid"
    SECRET = ("cards",)
    seat: Seat
    to: Seat
    count: int
    cards: Cards | None = None


class TributeReturned(Secret, frozen=True):
    KIND = "tribute_returned"
    SECRET = ("cards",)
    seat: Seat
    to: Seat
    count: int
    cards: Cards | None = None


# ---------------------------------------------------------------------- the kitty


class KittyRevealed(Event, frozen=True):
    """The kitty turned face up for everybody: DL's when the declaration window closes
    (DL-KITTY-1; ``dry``: a 干锅, DL-KITTY-2), TR's buried face down when the hand is settled
    (TR-KITTY-2, ``tr_kitty_face=down``)."""

    KIND = "kitty_revealed"
    kitty: Cards
    dry: bool


class KittyTaken(Secret, frozen=True):
    """The dealer picks the kitty up: everyone sees how many cards, the dealer which."""

    KIND = "kitty_taken"
    SECRET = ("kitty",)
    seat: Seat
    count: int
    kitty: Cards | None = None


class KittyViewed(Secret, frozen=True):
    """SD-KITTY-2: the defenders look at the kitty before the declarer takes it."""

    KIND = "kitty_viewed"
    SECRET = ("kitty",)
    kitty: Cards | None = None


class KittyBuried(Secret, frozen=True):
    """The dealer buries: a kitty shown to all (DL-KITTY-7, TR-KITTY-2: ``audience`` is
    everyone) comes with no ``count``; a hidden one (DL, SD-KITTY-4, TR buried face down) with
    its ``count``, the cards for the dealer."""

    KIND = "kitty_buried"
    SECRET = ("kitty",)
    seat: Seat
    kitty: Cards | None = None
    count: int | None = None


class KittyShown(Event, frozen=True):
    """DL-KITTY-8: a seat burying jokers has equal candidates to take out; the kitty is shown
    before it picks."""

    KIND = "kitty_shown"
    seat: Seat
    jokers: Cards
    kitty: Cards


class JokersBuried(Event, frozen=True):
    KIND = "jokers_buried"
    seat: Seat
    jokers: Cards
    taken: Cards
    kitty: Cards


# ---------------------------------------------------------------------- play


class PlayStarted(Event, frozen=True):
    KIND = "play_started"
    leader: Seat


class ThrowFailed(Event, frozen=True):
    """A throw that could be beaten: ``led`` is what was played instead (TR-LEAD-5)."""

    KIND = "throw_failed"
    seat: Seat
    tried: Cards
    led: Cards


class AttemptRefused(Event, frozen=True):
    """A person's lead refused because of cards in other hands, announced to the whole table
    as at a real table, so that probing is neither free nor secret: a throw another hand can
    beat (``kind`` "throw", TR-LEAD-5 with ``reject``; ``cards`` the cards tried) or a claim
    (``kind`` "claim", SD-CLAIM-1; no cards: a claim names none, and it is offered exactly when
    legal, so a refused one tells the claimer nothing its view did not).

    The table emits it when it refuses the submit (``Table.submit``); nothing changed, so it is
    no action of the match and no part of its record: a replay does not show it."""

    KIND = "attempt_refused"
    seat: Seat
    kind: str  # "throw" or "claim"
    cards: Cards = ()


class CardsPlayed(Event, frozen=True):
    KIND = "cards_played"
    seat: Seat
    cards: Cards
    shape: Shape


class TrickWon(Event, frozen=True):
    KIND = "trick_won"
    seat: Seat
    points: int
    trick: int  # tricks finished so far, this one included


class Claimed(Event, frozen=True):
    """SD 甩牌: the leader lays down the rest; every hand is shown (SD-CLAIM-1)."""

    KIND = "claimed"
    seat: Seat
    hands: Mapping[Seat, Cards]
    points: int


# ---------------------------------------------------------------------- the end


class HandSettled(Event, frozen=True):
    KIND = "hand_settled"
    result: HandResult


class MatchOver(Event, frozen=True):
    KIND = "match_over"
    winner: Winner


EVENT_TYPES: dict[str, type[Event]] = {
    cls.KIND: cls
    for cls in (
        HandStarted,
        CardDealt,
        DealDone,
        Declared,
        Passed,
        DeclareWindow,
        BiddingStarted,
        Bid,
        DealerFixed,
        Draw,
        KittyDrawn,
        KittyFlipped,
        Redealt,
        BottomThree,
        TrumpFixed,
        TrumpChosen,
        TributeDue,
        Revolt,
        Countered,
        TributeCancelled,
        TributePaid,
        TributeReturned,
        KittyRevealed,
        KittyTaken,
        KittyViewed,
        KittyBuried,
        KittyShown,
        JokersBuried,
        PlayStarted,
        ThrowFailed,
        AttemptRefused,
        CardsPlayed,
        TrickWon,
        Claimed,
        HandSettled,
        MatchOver,
    )
}
"""Every event type by its ``KIND``."""
