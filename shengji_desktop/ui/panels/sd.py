"""Three against one's words: bids instead of levels, the declarer alone, coins per hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options

from ..i18n import tr
from ..texts import seat_name
from .base import Cards, GameText, ScoreRow, around, signed, trump_line

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.results import HandResult, SDResult
    from shengji_desktop.engine.view import SeatView


def sd_result(result: HandResult) -> SDResult:
    from shengji_desktop.engine.results import SDResult

    assert isinstance(result, SDResult), result
    return result


class SDText(GameText):
    game = Game.SD

    def trump_text(self, view: SeatView) -> str:
        """SD has no levels (its 2s are always trumps): the trump suit and the bid."""
        text = trump_line(view)
        if view.bid:
            text += "\n" + tr("Bid: {bid} points").format(bid=view.bid)
        return text

    def shows_level_card(self) -> bool:
        return False

    def declaration_text(self, view: SeatView, seated: bool = True) -> str:
        """SD bids for the deal instead of declaring (SD-BID-1)."""
        if not view.bids:
            return ""
        parts = [
            f"{seat_name(s, view.seat, seated)} {v if v is not None else tr('pass')}"
            for s, v in view.bids
        ]
        return tr("Bids: {bids}").format(bids=", ".join(parts))

    def standing_lines(self, view: SeatView, seated: bool = True) -> list[str]:
        return []  # no teams: the coins say it all

    def outcome(self, result: HandResult) -> str:
        from shengji_desktop.rules.sd import SDOutcome

        return {
            SDOutcome.DIG_FLIP: tr("Kitty dug and flipped (抠底翻牌)"),
            SDOutcome.DIG: tr("Kitty dug (抠底)"),
            SDOutcome.CLEAN: tr("Clean sweep for the dealer (光牌)"),
            SDOutcome.FLIP: tr("Flipped (翻牌)"),
            SDOutcome.BREAK: tr("Broken (破牌)"),
            SDOutcome.MADE: tr("Dealer made the bid"),
            SDOutcome.DRAW: tr("Draw (流局)"),
        }[sd_result(result).outcome]

    def result_lines(
        self, result: HandResult, viewer: Seat, kitty: Cards | None = None, seated: bool = True
    ) -> list[tuple[str, str]]:
        r = sd_result(result)
        lines = []
        if r.bid:
            lines += [
                (tr("Bid"), str(r.bid)),
                (tr("Defenders' points"), str(r.defender_points)),
                (tr("Stake"), str(r.stake)),
            ]
        if r.draw_loser is not None:
            lines.append((tr("Loses the draw"), seat_name(r.draw_loser, viewer, seated)))
        return lines

    def result_coins(self, result: HandResult) -> Mapping[Seat, int] | None:
        return sd_result(result).coins

    def score_columns(self, viewer: Seat, seated: bool = True) -> list[str]:
        seats = [seat_name(s, viewer, seated) for s in around(viewer)]
        return [*self.score_start_columns(), tr("Bid"), tr("Points"), tr("Result"), *seats]

    def score_cells(self, row: ScoreRow, viewer: Seat, seated: bool = True) -> list[str]:
        r = sd_result(row.result)
        return [
            *self.score_start(row, viewer, seated),
            str(row.bid or "—"),
            str(r.defender_points),
            self.outcome(r),
            *[signed(r.coins, s) for s in around(viewer)],
        ]

    def bury_rule(self, options: Options | None = None) -> str:
        return tr("Any 6 cards; the kitty is never shown (SD-KITTY-4).")
