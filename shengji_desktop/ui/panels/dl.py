"""Dalian Da Gunzi's words: the big joker race, catchers and blood, the four settlement cases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Seat
from shengji_desktop.rules.options import Game, Options

from ..i18n import tr
from ..texts import seat_object
from .base import Cards, GameText, ScoreRow

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.results import DLResult, HandResult, Redeal, Winner
    from shengji_desktop.engine.view import SeatView


def dl_result(result: HandResult) -> DLResult | Redeal:
    from shengji_desktop.engine.results import DLResult, Redeal

    assert isinstance(result, DLResult | Redeal), result
    return result


class DLText(GameText):
    game = Game.DL

    def declaration_text(self, view: SeatView, seated: bool = True) -> str:
        if view.big_joker_shown_by is not None:  # hand 1: the race to show a big joker
            return tr("Big joker shown by {who}").format(
                who=seat_object(view.big_joker_shown_by, view.seat, seated)
            )
        return super().declaration_text(view, seated)

    def standing_lines(self, view: SeatView, seated: bool = True) -> list[str]:
        lines = super().standing_lines(view, seated)
        if view.blood:
            lines.append(tr("Blood owed: {n}").format(n=view.blood))
        return lines

    def catchers_name(self) -> str:
        return tr("Catchers")

    def outcome(self, result: HandResult) -> str:
        from shengji_desktop.engine.results import Redeal

        r = dl_result(result)
        if isinstance(r, Redeal):
            return tr("Redeal")
        text = {
            "A": tr("Dealer side holds the kitty and goes up"),
            "B": tr("Kitty dug: no change"),
            "C": tr("Catchers take over"),
            "D": tr("Catchers dig and go up"),
        }[r.case]
        if r.dry_pot:
            text += " · " + tr("dry pot")
        return text

    def result_lines(
        self, result: HandResult, viewer: Seat, kitty: Cards | None = None, seated: bool = True
    ) -> list[tuple[str, str]]:
        from shengji_desktop.engine.results import Redeal

        r = dl_result(result)
        if isinstance(r, Redeal):
            return []
        dug = tr("yes, kitty points doubled") if r.dug else tr("no")
        lines = [
            (tr("Catchers' points"), str(r.score)),
            (tr("Kitty points"), str(r.kitty_points)),
            (tr("Kitty dug"), dug),
            *self.joker_lines(r, kitty),
            self.levels_line(r.levels, viewer, seated),
        ]
        if r.blood:
            who = seat_object(r.payer, viewer, seated) if r.payer is not None else "—"
            lines.append(
                (tr("Blood next hand"), tr("{n}, paid by {who}").format(n=r.blood, who=who))
            )
        return lines

    @staticmethod
    def joker_lines(r: DLResult, kitty: Cards | None) -> list[tuple[str, str]]:
        """The jokers in the final kitty, counted and named, and what they are worth:
        J = 2 × big jokers + small jokers (DL-SETTLE-2, 0 in a dry pot)."""
        lines = []
        if kitty is not None and not r.dry_pot:
            big, small = kitty.count(BIG_JOKER), kitty.count(SMALL_JOKER)
            if 2 * big + small == r.jokers:
                lines.append(
                    (
                        tr("Jokers buried"),
                        tr("Big jokers: {b} · small jokers: {s}").format(b=big, s=small),
                    )
                )
        value = tr("{j} (a big joker counts 2, a small joker 1)").format(j=r.jokers)
        lines.append((tr("Joker value"), value))
        return lines

    def next_dealer(self, result: HandResult) -> Seat | None:
        from shengji_desktop.engine.results import Redeal

        r = dl_result(result)
        return None if isinstance(r, Redeal) else r.next_dealer

    def match_winner(self, result: HandResult) -> Winner | None:
        from shengji_desktop.engine.results import Redeal

        r = dl_result(result)
        return None if isinstance(r, Redeal) else r.match_winner

    def score_columns(self, viewer: Seat, seated: bool = True) -> list[str]:
        return [
            *self.score_start_columns(),
            tr("Points"),
            tr("Result"),
            *self.team_columns(seated),
            tr("Blood"),
        ]

    def score_cells(self, row: ScoreRow, viewer: Seat, seated: bool = True) -> list[str]:
        from shengji_desktop.engine.results import Redeal

        r = dl_result(row.result)
        start = self.score_start(row, viewer, seated)
        if isinstance(r, Redeal):
            return [*start, "—", self.outcome(r), "—", "—", "—"]
        return [
            *start,
            str(r.score),
            self.outcome(r),
            str(r.levels.get(viewer.team, "—")),
            str(r.levels.get(viewer.team.other, "—")),
            str(r.blood),
        ]

    def bury_rule(self, options: Options | None = None) -> str:
        return tr("Any cards; a small joker only when you keep no big joker (DL-KITTY-6).")
