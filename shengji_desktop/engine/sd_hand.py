"""One SD (三打一) hand: deal from the first bidder, bid, kitty and trump, play, claim, coins."""

from __future__ import annotations

import random
from collections import Counter

from ..rules import sd
from ..rules.cards import Rank, Seat
from ..rules.errors import Reason, RuleError
from ..rules.options import Game, Options
from . import events as ev
from .actions import Act, Action, Constraint, Move
from .events import Event
from .hand import HandBase
from .phase import Phase, Step
from .results import SDResult

_DEAL, _BID = Phase.DEAL, Phase.BID  # to_act is asked after every action: no Enum lookup there


class SDHand(HandBase):
    game = Game.SD

    def __init__(
        self, options: Options, rng: random.Random, number: int, previous_first: Seat | None
    ) -> None:
        super().__init__(options, rng, number)
        self.first_bidder = sd.first_bidder(options, rng, previous_first)
        self.deal_first = self.first_bidder  # SD-DECK-2
        self.bidding = sd.BiddingState(self.first_bidder, (), options)
        self.level = Rank.TWO  # SD's 2s stand in the level tiers (SD-RANK-2)
        self.bid: int | None = None
        self.claim_points = 0
        self.claimer: Seat | None = None
        self.coins: dict[Seat, int] = {}

    def after_deal(self) -> list[Event]:
        self.phase = Phase.BID
        return [ev.BiddingStarted(self.first_bidder)]

    def to_act(self) -> list[Seat]:
        phase = self.phase
        if phase is _DEAL:
            return []  # nobody declares in SD (see may_declare)
        if phase is _BID:  # one bidder at a time (SD-BID-1)
            turn = self.bidding.turn
            return [turn] if turn is not None and self.phase_actions(turn) else []
        return HandBase.to_act(self)  # not super(): asked after every action

    def may_declare(self, seat: Seat) -> bool:
        return False  # SD has no declarations: the deal runs straight through (SD-DECK-2)

    def public_turn(self) -> Seat | None:
        # Whose decision the table waits for where the rules name the seat whatever the
        # cards (public, as at a real table): the bidder in turn (SD-BID-1), the declarer
        # with the kitty (SD-KITTY-3).
        if self.phase is Phase.BID and self.bidding.turn is not None:
            return self.bidding.turn
        if self.phase is Phase.KITTY and self.dealer is not None:
            return self.dealer
        return super().public_turn()

    def phase_actions(self, seat: Seat) -> list[Move]:
        if self.phase is Phase.BID:
            if seat != self.bidding.turn:
                return []
            return [
                Action(Act.PASS, seat) if v is None else Action(Act.BID, seat, value=v)
                for v in self.bidding.legal_bids()
            ]
        if self.phase is Phase.KITTY and seat == self.dealer:
            if self.step is Step.TRUMP:
                return [Action(Act.CHOOSE_TRUMP, seat, suit=s) for s in sd.trump_choices()]
            if self.step is Step.BURY:
                return [self.burial(seat, Constraint.SD_BURIAL)]
        return []

    def play_actions(self, seat: Seat) -> list[Move]:
        actions = HandBase.play_actions(self, seat)  # not super(): every turn
        if seat == self.turn and not self.trick and self.claim_legal(seat):
            actions.append(Action(Act.CLAIM, seat))
        return actions

    def claim_legal(self, seat: Seat) -> bool:
        assert self.trump is not None
        return sd.claim_is_legal(self.trump, self.hands[seat], self.others(seat))

    def apply_phase(self, action: Action) -> list[Event]:
        seat = action.seat
        assert seat is not None
        if self.phase is Phase.BID and action.kind in (Act.BID, Act.PASS):
            value = action.value if action.kind is Act.BID else None
            self.bidding = self.bidding.apply(seat, value)
            events: list[Event] = [ev.Bid(seat, value) if value is not None else ev.Passed(seat)]
            if self.bidding.is_closed:
                events += self.bidding_closed()
            return events
        if self.phase is Phase.KITTY and seat == self.dealer:
            if self.step is Step.TRUMP and action.kind is Act.CHOOSE_TRUMP:
                suit = sd.check_trump_choice(action.suit)
                self.trump = sd.sd_trump(suit, self.options)
                self.step = Step.BURY
                return [ev.TrumpChosen(seat, suit)]
            if self.step is Step.BURY and action.kind is Act.BURY:
                self.burial(seat, Constraint.SD_BURIAL).check(action.cards)
                self.hands[seat] = sd.bury(self.hands[seat], action.cards)
                self.kitty = list(action.cards)
                self.kitty_access.public = False
                self.kitty_access.seats = {seat}  # SD-KITTY-4: never shown
                self.step = Step.NONE
                buried = tuple(sorted(action.cards))
                only = frozenset({seat})
                events = [ev.KittyBuried(seat, buried, len(buried), audience=only)]
                return events + self.start_play(seat)  # GEN-TRICK-1
        if self.phase is Phase.PLAY and action.kind is Act.CLAIM:
            return self.claim(seat)
        raise RuleError(
            Reason.NOT_IN_PHASE,
            "SD-BID-1",
            f"{action.kind.value} is not possible now ({self.phase.value})",
        )

    def bidding_closed(self) -> list[Event]:
        result = self.bidding.result()
        if result.status is sd.BiddingStatus.DRAW:
            settlement = sd.settle_draw(self.hands, self.first_bidder, self.options)
            shown = {
                s: tuple(sorted(c for c in self.hands[s].elements() if sd.is_regular_trump(c)))
                for s in Seat
            }
            return [ev.Draw(shown), *self.finish(settlement, None)]
        assert result.dealer is not None and result.bid is not None
        dealer, self.bid = result.dealer, result.bid
        self.dealer = dealer
        events: list[Event] = [ev.DealerFixed(dealer, self.bid)]
        defenders = frozenset(s for s in Seat if s != dealer)
        if sd.defenders_may_view_kitty(self.bid):
            # SD-KITTY-2: the look happens before the dealer picks the kitty up.
            access = self.kitty_access
            access.seats |= defenders
            access.shown, access.shown_to = tuple(sorted(self.kitty)), defenders
            events.append(ev.KittyViewed(access.shown, audience=defenders))
        self.hands[dealer] = sd.take_kitty(self.hands[dealer], self.kitty)
        self.kitty_access.seats.add(dealer)
        events.append(self.kitty_taken(dealer))
        self.kitty = []
        self.phase = Phase.KITTY
        self.step = Step.TRUMP
        return events

    def claim(self, seat: Seat) -> list[Event]:
        if seat != self.turn or self.trick:
            raise RuleError(Reason.NOT_YOUR_TURN, "SD-CLAIM-1", "only the leader may claim")
        assert self.trump is not None and self.dealer is not None
        sd.check_claim(self.trump, self.hands[seat], self.others(seat))
        result = sd.resolve_claim(seat, self.dealer, self.hands, self.options)
        shown = {s: tuple(sorted(self.hands[s].elements())) for s in Seat}
        self.claimer = seat
        self.claim_points = result.points_to_defenders
        for s in Seat:
            self.hands[s] = Counter()
        self.turn = None
        events: list[Event] = [ev.Claimed(seat, shown, self.claim_points)]
        return events + self.settle()

    def defender_points(self) -> int:
        assert self.dealer is not None
        tricks = sum(p for s, p in self.won_points.items() if s != self.dealer)
        return tricks + self.claim_points

    def settle(self) -> list[Event]:
        assert self.dealer is not None and self.bid is not None
        last = self.claimer if self.claimer is not None else self.tricks[-1].winner
        settlement = sd.settle(
            sd.SDHandResult(self.dealer, self.bid, self.defender_points(), last), self.options
        )
        return self.finish(settlement, last)

    def finish(self, settlement: sd.SDSettlement, last: Seat | None) -> list[Event]:
        self.coins = dict(settlement.coins)
        self.phase = Phase.SETTLED
        self.result = SDResult(
            outcome=settlement.outcome,
            stake=settlement.stake,
            coins=dict(settlement.coins),
            defender_points=self.defender_points() if self.dealer is not None else 0,
            bid=self.bid,
            last_trick=last,
            draw_loser=settlement.draw_loser,
        )
        return [ev.HandSettled(self.result)]
