"""The hard player's search task: everything a worker process needs for one decision.

A small picklable snapshot (no views, no hidden truth) that ``search`` makes and sends to its
workers, and that the playouts (``playout``, ``fastplay``) read. Its own module so that the
search and the playouts it runs need not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.cards import Card, Seat, Suit
from ..rules.options import Game, Options
from .policy import Cards


@dataclass(frozen=True)
class Window:
    """The declaring window as it closed (DL-DECL-8, TR-DECL-5): it closes only after every
    seat in turn passed with no new declaration, so each seat passed with ``standing`` on the
    table and its whole hand dealt. ``beliefs`` judges those passes."""

    standing: tuple[Seat, Suit, str, tuple[Card, ...]] | None  # seat, suit, kind, cards shown
    judged: tuple[Seat, ...]  # the other seats whose hand at the window a sample rebuilds
    hand_one: bool  # TR hand 1: the declaration that stands makes its declarer dealer


@dataclass(frozen=True)
class Task:
    """Everything a worker needs for one decision (picklable, no views, no hidden truth)."""

    game: Game
    options: Options
    level: int
    suit: Suit
    seat: Seat
    dealer: Seat
    hand: tuple[Card, ...]
    pool: tuple[Card, ...]  # cards to place: other hands (+ the kitty when unknown)
    counts: tuple[tuple[Seat, int], ...]
    kitty: tuple[Card, ...] | None
    kitty_size: int
    voids: tuple[tuple[Seat, frozenset[int]], ...]
    known: tuple[tuple[Seat, tuple[Card, ...]], ...]
    trick: tuple[tuple[Seat, Cards], ...]
    won_points: tuple[tuple[Seat, int], ...]
    candidates: tuple[Cards, ...]
    context: tuple[tuple[str, Any], ...]  # per game: levels, bid, dry pot
    seed: int
    budget: float  # seconds: no sample is finished after this (one at least, when `first`)
    samples: int | None
    soft: float | None = None  # seconds: no sample is started after this
    first: bool = True  # the first slice of a decision: it brings one sample at least
    held_or_buried: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()  # in that hand or the kitty
    tricks: tuple[tuple[tuple[Seat, Cards], ...], ...] = ()  # the hand's finished tricks, in order
    beliefs: bool = False  # samples weighted by what the plays say (``beliefs``)
    bids: tuple[tuple[Seat, int | None], ...] = ()  # SD: the auction, in order (None: a pass)
    window: Window | None = None  # DL and TR, with beliefs: the declaring window's passes
