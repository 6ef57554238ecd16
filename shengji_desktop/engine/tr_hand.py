"""One TR hand: deal with 亮主/正主/封主 between cards, 底三颗, the kitty buried face up (or face
down, ``tr_kitty_face``), play, settle."""

from __future__ import annotations

import random

from ..rules import tr
from ..rules.cards import Card, Rank, Seat, Suit, Team
from ..rules.errors import Reason, RuleError
from ..rules.options import Game, Options
from ..rules.ranking import Trump
from . import events as ev
from .actions import Act, Action, Constraint, Move
from .events import Event
from .hand import HandBase
from .phase import Phase, Step
from .results import TRResult, TRRowApplied

_LEVEL_CARDS: dict[Rank, tuple[Card, ...]] = {}
_DECLARE = Phase.DECLARE  # to_act is asked after every action: no Enum lookup there


def _level_cards(level: Rank) -> tuple[Card, ...]:
    """The four cards of rank ``level``, in suit order."""
    cards = _LEVEL_CARDS.get(level)
    if cards is None:
        cards = _LEVEL_CARDS[level] = tuple(Card.of(s, level) for s in Suit)
    return cards


class TRHand(HandBase):
    game = Game.TR

    def __init__(
        self,
        options: Options,
        rng: random.Random,
        number: int,
        dealer: Seat | None,
        levels: dict[Team, Rank],
    ) -> None:
        super().__init__(options, rng, number)
        self.deal_first = Seat(rng.randrange(4))  # TR-DECK-2: random every hand
        self.dealer = dealer
        self.levels = dict(levels)
        # Hand 1: no dealer yet, but both teams start at the same level (TR-DECK-3).
        self.level = levels[dealer.team] if dealer is not None else levels[Team.NS]
        self.standing: tr.TRDeclaration | None = None
        self.window: tr.TRDeclarationWindow | None = None
        self.settlement: tr.TRSettlement | None = None
        self._declarations: dict[tuple[object, ...], list[Move]] = {}

    def declarations(self, seat: Seat) -> list[Move]:
        # Asked for every seat that may declare between every card: the answer depends only
        # on the seat, the standing declaration, the level and how many of each level card the
        # seat holds (TR-DECL-1..3), so it is made once per such situation in the hand.
        level = self.level
        hand = self.hands[seat]
        held = [hand.get(c, 0) for c in _level_cards(level)]
        key = (seat, level, self.standing, *held)
        made = self._declarations.get(key)
        if made is None:
            decls = tr.legal_declarations(seat, hand, self.standing, level, self.options)
            made = self._declarations[key] = [
                Action(Act.DECLARE, seat, d.cards(level)) for d in decls
            ]
        return list(made)

    def may_declare(self, seat: Seat) -> bool:
        return tr.can_declare(seat, self.hands[seat], self.standing, self.level, self.options)

    def after_deal(self) -> list[Event]:
        self.phase = Phase.DECLARE
        self.window = tr.TRDeclarationWindow.start(self.dealer, self.deal_first, self.options)
        return [ev.DeclareWindow(self.window.to_act)]

    def to_act(self) -> list[Seat]:
        if self.phase is _DECLARE and self.window is not None:
            return [self.window.to_act]
        return HandBase.to_act(self)  # not super(): asked after every action

    def public_turn(self) -> Seat | None:
        if self.phase is Phase.DECLARE and self.window is not None:
            return self.window.to_act
        if self.phase is Phase.KITTY:
            return self.dealer
        return super().public_turn()

    def phase_actions(self, seat: Seat) -> list[Move]:
        if self.phase is Phase.DEAL:
            return self.declarations(seat)
        if self.phase is Phase.DECLARE:
            assert self.window is not None
            if seat != self.window.to_act:
                return []
            return [Action(Act.PASS, seat), *self.declarations(seat)]
        if self.phase is Phase.KITTY and seat == self.dealer:
            return [self.burial(seat, Constraint.TR_BURIAL)]
        return []

    def apply_phase(self, action: Action) -> list[Event]:
        seat = action.seat
        assert seat is not None
        if action.kind is Act.DECLARE and self.phase in (Phase.DEAL, Phase.DECLARE):
            if self.phase is Phase.DECLARE:
                assert self.window is not None
                self.window.check_turn(seat)
            decl = tr.declaration_from_cards(
                seat, action.cards, self.standing, self.hands[seat], self.level, self.options
            )
            self.standing = decl
            events: list[Event] = [
                ev.Declared(seat, tuple(sorted(action.cards)), decl.kind.value, decl.suit)
            ]
            if self.phase is Phase.DECLARE:
                assert self.window is not None
                self.window = self.window.after_declaration(seat)
            return events
        if action.kind is Act.PASS and self.phase is Phase.DECLARE:
            assert self.window is not None
            self.window = self.window.after_pass(seat)
            events = [ev.Passed(seat)]
            if self.window.closed:
                events += self.window_closed()
            return events
        if action.kind is Act.BURY and self.phase is Phase.KITTY and seat == self.dealer:
            return self.bury(seat, action)
        raise RuleError(
            Reason.NOT_IN_PHASE, "TR-DECL-5", f"{action.kind.value} is not possible now"
        )

    def window_closed(self) -> list[Event]:
        suit = tr.final_trump_suit(self.standing, self.kitty)
        events: list[Event] = []
        if self.standing is None:
            events.append(ev.BottomThree(suit))  # 底三颗, TR-DECL-6
        if self.dealer is None:
            self.dealer = tr.first_hand_dealer(self.standing, self.deal_first)
            self.level = self.levels[self.dealer.team]
        self.trump = Trump(Game.TR, self.level, suit, self.options)
        dealer = self.dealer
        self.hands[dealer].update(self.kitty)
        self.kitty_access.seats = {dealer}
        events += [ev.TrumpFixed(suit, dealer), self.kitty_taken(dealer)]
        self.kitty = []
        self.phase = Phase.KITTY
        self.step = Step.BURY
        return events

    def bury(self, seat: Seat, action: Action) -> list[Event]:
        self.burial(seat, Constraint.TR_BURIAL).check(action.cards)
        self.hands[seat].subtract(action.cards)
        self.hands[seat] = +self.hands[seat]
        self.kitty = sorted(action.cards)
        buried = tuple(self.kitty)
        self.step = Step.NONE
        events: list[Event]
        if self.options.tr_kitty_face == "up":
            self.kitty_access.public = True  # TR-KITTY-2: face up for the whole hand
            events = [ev.KittyBuried(seat, buried, audience=ev.EVERYONE)]
        else:  # face down (暗扣): the dealer's alone until the hand ends
            self.kitty_access.seats = {seat}
            events = [ev.KittyBuried(seat, buried, len(buried), audience=frozenset({seat}))]
        return events + self.start_play(seat)

    def settle(self) -> list[Event]:
        assert self.dealer is not None and self.trump is not None and self.trump.suit is not None
        last = self.tricks[-1]
        defenders = self.dealer.team.other
        trick_points = sum(p for s, p in self.won_points.items() if s.team is defenders)
        winning_play = next(c for s, c in last.plays if s == last.winner)
        self.settlement = s = tr.settle(
            tr.TRHandResult(
                dealer=self.dealer,
                levels=self.levels,
                trump_suit=self.trump.suit,
                trick_points=trick_points,
                last_trick_winner=last.winner.team,
                last_winning_play=winning_play,
                kitty=tuple(self.kitty),
            ),
            self.options,
        )
        self.phase = Phase.SETTLED
        self.result = TRResult(
            defender_points=s.points,
            kitty_points=sum(c.points for c in self.kitty),
            last_trick=last.winner,
            coins=dict(s.coins),
            levels=dict(s.levels),
            takeover=s.takeover,
            next_dealer=s.next_dealer,
            match_winner=s.match_winner,
            rows=tuple(TRRowApplied(i.part, i.row, i.team) for i in s.items),
        )
        events: list[Event] = []
        if not self.kitty_access.public:  # a kitty buried face down is shown now (TR-KITTY-2)
            self.kitty_access.public = True
            events.append(ev.KittyRevealed(tuple(self.kitty), False))
        return [*events, ev.HandSettled(self.result)]
