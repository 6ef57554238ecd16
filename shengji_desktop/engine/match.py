"""A match: a seed, options and a list of actions, turned into hands, events and views.

``Match.apply`` is the one entry point: an action from a seat (or the table's own DEAL /
NEXT_HAND) → the events it caused. An illegal action raises the rules' RuleError and changes
nothing. A match is fully determined by (game, options, seed, actions): that is the record.
"""

from __future__ import annotations

import random
from typing import Any

from ..rules.cards import Seat
from ..rules.errors import Reason, RuleError
from ..rules.options import Game, Options
from .actions import Act, Action
from .events import Event
from .hand import HandBase, Phase

RECORD_VERSION = 1
_NEXT_HAND = Act.NEXT_HAND  # Enum attribute access is slow on the hot path


class Match:
    def __init__(self, game: Game, options: Options | None = None, seed: int = 0) -> None:
        self.game = game
        self.options = options or Options()
        self.seed = seed
        self.actions: list[Action] = []
        self.hand_number = 0
        self.history: list[dict[str, Any]] = []  # one settled result per hand
        self.winner: str | None = None  # team or seat name once the match/session is over
        self.state: Any = _new_state(game)
        self._options_view: dict[str, str] | None = None  # options never change in a match
        self.hand: HandBase = self._new_hand()

    # ------------------------------------------------------------------ hands

    def _hand_rng(self) -> random.Random:
        return random.Random(f"{self.game.value}/{self.seed}/{self.hand_number}")

    def _new_hand(self) -> HandBase:
        self.hand_number += 1
        hand: HandBase = _plumbing(self.game).new_hand(self)
        return hand

    @property
    def phase(self) -> str:
        if self.winner is not None and self.hand.phase == Phase.SETTLED:
            return Phase.OVER
        return self.hand.phase

    # ------------------------------------------------------------------ driving

    def table_action(self) -> Action | None:
        """The action the table takes next by itself (deal a card, start the next hand)."""
        if self.phase == Phase.SETTLED:
            return Action(Act.NEXT_HAND)
        if self.phase == Phase.OVER:
            return None
        return self.hand.table_action()

    def to_act(self) -> list[Seat]:
        if self.hand.phase == Phase.SETTLED:  # or Phase.OVER, which needs a settled hand
            return []
        return self.hand.to_act()

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every legal action of ``seat`` now. Choices of N cards (bury, tribute, return) appear
        once with ``value`` = N and no cards: pick the cards, ``apply`` judges them."""
        if self.hand.phase == Phase.SETTLED:  # or Phase.OVER, which needs a settled hand
            return []
        return self.hand.legal_actions(seat)

    def apply(self, action: Action) -> list[Event]:
        hand = self.hand
        settled = hand.phase == Phase.SETTLED
        if settled and self.winner is not None:  # Phase.OVER
            raise RuleError(Reason.NOT_IN_PHASE, "GEN-SEAT-1", "the match is over")
        if action.kind is _NEXT_HAND:
            if not settled:
                raise RuleError(Reason.NOT_IN_PHASE, "GEN-TRICK-7", "the hand is not over")
            self.actions.append(action)
            self.hand = self._new_hand()
            return [Event("hand_started", {"number": self.hand_number})]
        if settled:
            raise RuleError(Reason.NOT_IN_PHASE, "GEN-TRICK-7", "the hand is over")
        events = hand.apply(action)
        self.actions.append(action)
        if hand.phase == Phase.SETTLED:
            events += self._hand_settled()
        return events

    def _hand_settled(self) -> list[Event]:
        result = self.hand.result
        assert result is not None
        _plumbing(self.game).settled(self)
        self.history.append(dict(result, number=self.hand_number))
        if self.winner is not None:
            return [Event("match_over", {"winner": self.winner})]
        return []

    # ------------------------------------------------------------------ views

    def view(self, seat: Seat | None) -> dict[str, Any]:
        out = self.hand.view(seat)
        out["phase"] = self.phase
        out["match"] = self.match_view()
        if seat is not None:
            out["seat"] = seat.name
            out["legal"] = [a.to_json() for a in self.legal_actions(seat)]
        return out

    def match_view(self) -> dict[str, Any]:
        return {
            "game": self.game.value,
            "options": dict(self._game_options()),
            "hand_number": self.hand_number,
            "winner": self.winner,
            "history": list(self.history),
            **_plumbing(self.game).view(self),
        }

    def _game_options(self) -> dict[str, str]:
        if self._options_view is None:
            self._options_view = self.options.for_game(self.game)
        return self._options_view

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game.value,
            "seed": self.seed,
            "hands_played": len(self.history),
            "winner": self.winner,
            **_plumbing(self.game).view(self),
        }

    # ------------------------------------------------------------------ records

    def record(self) -> dict[str, Any]:
        return {
            "format": "shengji-desktop record",
            "version": RECORD_VERSION,
            "game": self.game.value,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
        }


# Per-game plumbing lives in dl_match / tr_match / sd_match: State, new_hand, settled, view.
def _plumbing(game: Game) -> Any:
    if game is Game.DL:
        from . import dl_match

        return dl_match
    if game is Game.TR:
        from . import tr_match

        return tr_match
    from . import sd_match

    return sd_match


def _new_state(game: Game) -> Any:
    return _plumbing(game).State()
