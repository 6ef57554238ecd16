"""What every game's formatter says alike, and what each must say for itself.

A ``GameText`` turns one game's typed views and results into the words of the side panel,
the settlement summary and the score sheet. The three games override only what differs;
``panels.formats.game_text`` picks the one for a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shengji_desktop.rules.cards import Card, Seat, Suit, Team
from shengji_desktop.rules.options import Game, Options

from ..i18n import colon, tr
from ..texts import LIST_SEP, card_text, level_text, seat_name, seat_object, suit_name, team_name

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.results import HandResult, Winner
    from shengji_desktop.engine.view import SeatView

Cards = tuple[Card, ...]


@dataclass
class ScoreRow:
    """One settled hand on the score sheet, from the events the viewer saw."""

    number: int
    dealer: Seat | None
    suit: Suit | None
    bid: int | None
    result: HandResult


def declaration_word(kind: str) -> str:
    """A kind of declaration by its rules' name (TR-DECL-1..3: 亮主 a single, 正主 a pair that
    overcalls, 封主 the seal): one word for the table's bubble and the side panel alike."""
    return {"正主": tr("Overcall"), "封主": tr("Seal")}.get(kind, tr("Declare"))


def with_symbol(word: str, suit: Suit) -> str:
    """A word and a suit symbol that a line break never parts ("正主 ♣")."""
    return f"{word}\u00a0{suit.symbol}"


def shown_trump(view: SeatView) -> tuple[Suit | None, bool]:
    """The trump suit to show and whether it is fixed: the trump once fixed; before, the
    standing declaration's suit (the hand is already sorted by it)."""
    if view.trump is not None:
        return view.trump.suit, True
    if view.declaration is not None:
        return view.declaration.suit, False
    return None, False


def trump_line(view: SeatView) -> str:
    """ "Trump: ♠ Spades (fixed)", "(declared, not yet fixed)" or "Trump: none"."""
    suit, fixed = shown_trump(view)
    if fixed:
        return tr("Trump: {suit} (fixed)").format(suit=suit_name(suit))
    if suit is not None:
        return tr("Trump: {suit} (declared, not yet fixed)").format(suit=suit_name(suit))
    return tr("Trump: {suit}").format(suit=suit_name(None))


def around(viewer: Seat) -> list[Seat]:
    """The seats from the viewer round the table (the viewer first)."""
    return [Seat((viewer + i) % 4) for i in range(4)]


def signed(coins: Mapping[Seat, int], seat: Seat) -> str:
    return f"{int(coins.get(seat, 0)):+d}"


class GameText:
    """The words of one game. The defaults are those of the games with teams and levels."""

    game: Game

    # ------------------------------------------------------------------ the side panel

    def trump_text(self, view: SeatView) -> str:
        """Beside the trump symbol: the trump suit and the hand's level."""
        return trump_line(view) + "\n" + tr("Level: {level}").format(level=level_text(view.level))

    def shows_level_card(self) -> bool:
        """Whether the panel shows the level card of the trump suit."""
        return True

    def declaration_text(self, view: SeatView, seated: bool = True) -> str:
        """Who declared what (``seated``: the reader plays the view's seat, see
        ``texts.seat_name``; every method here that names seats takes it)."""
        viewer = view.seat
        decl = view.declaration
        if decl is None:
            return tr("No declaration yet")
        # DL shows the cards; TR names the kind (亮主, 正主, 封主) and the suit
        what = (
            "\u00a0".join(card_text(c) for c in decl.cards)  # the cards shown stay together
            if decl.cards
            else with_symbol(declaration_word(decl.kind), decl.suit)
        )
        who = seat_object(decl.seat, viewer, seated)
        return tr("Declared by {who}: {what}").format(who=who, what=what)

    def standing_lines(self, view: SeatView, seated: bool = True) -> list[str]:
        """The match so far, above the coins: each team's level, the dealer's side marked."""
        viewer = view.seat
        lines = []
        for team in (viewer.team, viewer.team.other):
            mark = ""
            if view.dealer is not None and view.dealer.team is team:
                mark = " <span style='color:#d4a017'>(" + tr("dealer side") + ")</span>"
            lines.append(
                f"<b>{team_name(team, viewer, seated)}</b>{colon()}"
                + tr("level {level}").format(level=level_text(view.levels.get(team)))
                + mark
            )
        return lines

    def catchers_name(self) -> str:
        """The side that collects points against the dealer."""
        return tr("Defenders")

    # ------------------------------------------------------------------ the settlement

    def outcome(self, result: HandResult) -> str:
        """One phrase for how a hand ended."""
        raise NotImplementedError

    def result_lines(
        self, result: HandResult, viewer: Seat, kitty: Cards | None = None, seated: bool = True
    ) -> list[tuple[str, str]]:
        """The settlement's lines between the outcome and the coins (``kitty``: the final
        kitty, when the viewer sees it)."""
        raise NotImplementedError

    def result_coins(self, result: HandResult) -> Mapping[Seat, int] | None:
        """The coins the hand won or lost, seat by seat (None: a game without coins)."""
        return None

    def next_dealer(self, result: HandResult) -> Seat | None:
        return None

    def match_winner(self, result: HandResult) -> Winner | None:
        """The match's winner, where the hand's result names it."""
        return None

    def levels_line(
        self, levels: Mapping[Team, int], viewer: Seat, seated: bool = True
    ) -> tuple[str, str]:
        ours, theirs = viewer.team, viewer.team.other
        return (
            tr("Levels"),
            f"{team_name(ours, viewer, seated)} {level_text(levels.get(ours))} · "
            f"{team_name(theirs, viewer, seated)} {level_text(levels.get(theirs))}",
        )

    def coins_line(
        self, coins: Mapping[Seat, int], viewer: Seat, seated: bool = True
    ) -> tuple[str, str]:
        parts = [f"{seat_name(s, viewer, seated)}\u00a0{signed(coins, s)}" for s in around(viewer)]
        # two seats a line: a wrap made by the label could split a seat's name from its coins
        return (tr("Coins"), "\n".join(LIST_SEP.join(parts[i : i + 2]) for i in (0, 2)))

    # ------------------------------------------------------------------ the score sheet

    def score_columns(self, viewer: Seat, seated: bool = True) -> list[str]:
        raise NotImplementedError

    def score_cells(self, row: ScoreRow, viewer: Seat, seated: bool = True) -> list[str]:
        raise NotImplementedError

    @staticmethod
    def team_columns(seated: bool) -> list[str]:
        """The score sheet's two level columns: the bottom seat's team, the other."""
        if seated:
            return [tr("Us"), tr("Them")]
        return [tr("Bottom+Across"), tr("Left+Right")]

    def score_start_columns(self) -> list[str]:
        return [tr("Hand"), tr("Dealer"), tr("Trump")]

    def score_start(self, row: ScoreRow, viewer: Seat, seated: bool = True) -> list[str]:
        """The first cells of every game's row: hand, dealer, trump suit."""
        return [
            str(row.number),
            seat_name(row.dealer, viewer, seated) if row.dealer is not None else "—",
            row.suit.symbol if row.suit is not None else "—",
        ]

    # ------------------------------------------------------------------ the action bar

    def bury_rule(self, options: Options | None = None) -> str:
        """The notice while the dealer chooses the cards to bury (``options``: the match's,
        where the rule depends on one)."""
        raise NotImplementedError
