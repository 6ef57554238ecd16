"""Tractor's words: declarations by kind, defenders, levels with coins, the settlement rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options

from ..i18n import tr
from ..texts import level_text, seat_name
from .base import Cards, GameText, ScoreRow, signed

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.results import HandResult, TRResult, Winner


def tr_result(result: HandResult) -> TRResult:
    from shengji_desktop.engine.results import TRResult

    assert isinstance(result, TRResult), result
    return result


class TRText(GameText):
    game = Game.TR

    def outcome(self, result: HandResult) -> str:
        if tr_result(result).takeover:
            return tr("Defenders take over")
        return tr("Dealer side keeps")

    def result_lines(
        self, result: HandResult, viewer: Seat, kitty: Cards | None = None, seated: bool = True
    ) -> list[tuple[str, str]]:
        r = tr_result(result)
        return [
            (tr("Defenders' points"), str(r.defender_points)),
            (tr("Kitty points"), str(r.kitty_points)),
            (tr("Last trick"), seat_name(r.last_trick, viewer, seated)),
            self.levels_line(r.levels, viewer, seated),
        ]

    def result_coins(self, result: HandResult) -> Mapping[Seat, int] | None:
        return tr_result(result).coins

    def next_dealer(self, result: HandResult) -> Seat | None:
        return tr_result(result).next_dealer

    def match_winner(self, result: HandResult) -> Winner | None:
        return tr_result(result).match_winner

    def score_columns(self, viewer: Seat, seated: bool = True) -> list[str]:
        return [
            *self.score_start_columns(),
            tr("Points"),
            tr("Result"),
            *self.team_columns(seated),
            tr("Coins"),
        ]

    def score_cells(self, row: ScoreRow, viewer: Seat, seated: bool = True) -> list[str]:
        r = tr_result(row.result)
        return [
            *self.score_start(row, viewer, seated),
            str(r.defender_points),
            self.outcome(r),
            level_text(r.levels.get(viewer.team)),
            level_text(r.levels.get(viewer.team.other)),
            signed(r.coins, viewer),
        ]

    def bury_rule(self, options: Options | None = None) -> str:
        if options is not None and options.tr_kitty_face == "down":
            return tr("Any 8 cards; the kitty stays face down until the hand ends (TR-KITTY-2).")
        return tr("Any 8 cards; the kitty is shown face up (TR-KITTY-2).")
