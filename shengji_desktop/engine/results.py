"""What play leaves behind: finished tricks, one typed result per settled hand and game, and
who won a match."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import msgspec

from ..rules.cards import Card, Rank, Seat, Team
from ..rules.dl_settle import MatchEnd
from ..rules.sd import SDOutcome
from ..rules.tr import TRRow


class TrickRecord(msgspec.Struct, frozen=True):
    """One finished trick: who led, who played what in order, who won it and its points."""

    leader: Seat
    plays: tuple[tuple[Seat, tuple[Card, ...]], ...]
    winner: Seat
    points: int


Winner = Team | tuple[Seat, ...]
"""A match's winner: a team in DL and TR; in SD every seat with the most coins (SD-END-1 names no
tie-break), in seat order."""


def winner_seats(winner: Winner) -> tuple[Seat, ...]:
    return winner.seats if isinstance(winner, Team) else winner


class Redeal(msgspec.Struct, frozen=True):
    """DL: six jokers in the kitty, the hand is dealt again (DL-DECL-9, DL-OP-2)."""


class DLResult(msgspec.Struct, frozen=True):
    score: int  # the catchers' points S (DL-SCORE-3)
    kitty_points: int
    dug: bool
    case: Literal["A", "B", "C", "D"]  # DL-SETTLE-1
    jokers: int  # J = 2b + s in the final kitty
    levels: Mapping[Team, int]  # after this hand
    blood: int  # owed next hand
    payer: Seat | None  # who pays it
    next_dealer: Seat | None
    match_winner: Team | None
    end_reason: MatchEnd | None
    dry_pot: bool  # 干锅 (DL-KITTY-3)


class TRRowApplied(msgspec.Struct, frozen=True):
    """One row of the TR settlement tables that applied (TR-SETTLE-1..3)."""

    part: Literal["A", "B", "C"]
    row: TRRow
    team: Team


class TRResult(msgspec.Struct, frozen=True):
    defender_points: int  # D
    kitty_points: int
    last_trick: Seat
    coins: Mapping[Seat, int]
    levels: Mapping[Team, Rank]  # after this hand
    takeover: bool
    next_dealer: Seat
    match_winner: Team | None
    rows: tuple[TRRowApplied, ...]


class SDResult(msgspec.Struct, frozen=True):
    outcome: SDOutcome
    stake: int
    coins: Mapping[Seat, int]
    defender_points: int
    bid: int | None  # None: 流局
    last_trick: Seat | None
    draw_loser: Seat | None


HandResult = DLResult | Redeal | TRResult | SDResult
