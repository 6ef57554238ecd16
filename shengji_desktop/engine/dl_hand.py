"""One DL (大连打滚子) hand: deal with the BJ race or level-card declarations, the flip or kitty
draw, tribute with revolt and return, kitty exchange and others' joker burial, play, settle."""

from __future__ import annotations

import random

from ..rules import dl, dl_declare, dl_kitty, dl_settle, dl_tribute
from ..rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Seat, Suit, Team, next_seat
from ..rules.errors import Reason, RuleError
from ..rules.options import Game, Options
from . import events as ev
from .actions import Act, Action, ChooseCards, Constraint, Move
from .events import Event
from .hand import HandBase
from .phase import Phase, Step
from .results import DLResult, Redeal

_PLAY, _DEAL = Phase.PLAY, Phase.DEAL  # asked after every action: no Enum lookup
_DECLARE = Phase.DECLARE
_LEVEL_CARDS: dict[Rank, tuple[Card, ...]] = {}


def _level_cards(level: Rank) -> tuple[Card, ...]:
    """The four cards of rank ``level``, in suit order."""
    cards = _LEVEL_CARDS.get(level)
    if cards is None:
        cards = _LEVEL_CARDS[level] = tuple(Card.of(s, level) for s in Suit)
    return cards


class DLHand(HandBase):
    game = Game.DL

    def __init__(
        self,
        options: Options,
        rng: random.Random,
        number: int,
        dealer: Seat | None,
        levels: dl.TeamLevels,
        blood: int,
    ) -> None:
        super().__init__(options, rng, number)
        self.first_hand = dealer is None
        self.levels = levels
        self.blood = blood
        # DL-DECK-2: hand 1 deals from a random stand-in, later hands from the dealer.
        self.stand_in = Seat(rng.randrange(4)) if dealer is None else dealer
        self.deal_first = self.stand_in
        self.dealer = dealer
        self.level = Rank(levels.of(dealer.team)) if dealer is not None else Rank.THREE
        self.bj_shown_by: Seat | None = None
        self.after_show: list[Card] = []
        self.standing: dl_declare.Declaration | None = None
        self.window_turn: Seat | None = None
        self.window_passes = 0
        self.source: dl_declare.TrumpSource | None = None
        self.due: dl_tribute.TributeDue | None = None
        self.pending: list[Seat] = []  # who still decides in a revolt/counter/burial round
        # DL-KITTY-8 with a hidden kitty: the seat that buries k jokers sees the kitty and then
        # picks among equal candidates (seat, k); None otherwise.
        self.pickup: tuple[Seat, int] | None = None
        self.revolt: dl_tribute.Revolt | None = None
        self.tribute_cards: tuple[Card, ...] = ()
        self.returned_cards: tuple[Card, ...] = ()
        self.dry_pot = False
        self.settlement: dl_settle.DLSettlement | None = None
        self.redeal = False
        self._declarations: dict[tuple[object, ...], list[Move]] = {}

    # ------------------------------------------------------------------ declaring

    def deal_one(self) -> list[Event]:
        if self.bj_shown_by is not None and self.deal_seat(self.dealt) == self.bj_shown_by:
            self.after_show.append(self.pack[self.dealt])
        return HandBase.deal_one(self)  # not super(): once per card

    def declarations(self, seat: Seat) -> list[Move]:
        hand = self.hands[seat]
        if self.first_hand:
            if dl_declare.can_show_big_joker(hand, self.bj_shown_by):
                return [Action(Act.DECLARE, seat, (BIG_JOKER,))]
            return []
        # Asked for every seat that may declare between every card: the answer depends only
        # on the seat, the standing declaration, the level and how many level cards and jokers
        # the seat holds (DL-DECL-4..7), so it is made once per such situation in the hand.
        level = self.level
        key = (
            seat,
            self.standing,
            level,
            *[hand.get(c, 0) for c in _level_cards(level)],
            hand.get(SMALL_JOKER, 0),
            hand.get(BIG_JOKER, 0),
        )
        made = self._declarations.get(key)
        if made is None:
            decls = dl_declare.legal_declarations(seat, hand, level, self.standing)
            made = self._declarations[key] = [
                Action(Act.DECLARE, seat, d.cards, suit=d.suit) for d in decls
            ]
        return list(made)

    def may_declare(self, seat: Seat) -> bool:
        hand = self.hands[seat]
        if self.first_hand:
            return dl_declare.can_show_big_joker(hand, self.bj_shown_by)
        return dl_declare.can_declare(seat, hand, self.level, self.standing)

    def declare(self, seat: Seat, action: Action) -> list[Event]:
        hand = self.hands[seat]
        if self.first_hand:
            if action.cards != (BIG_JOKER,):
                raise RuleError(
                    Reason.DECLARATION_INVALID, "DL-DECL-1", "hand 1 is a race to show a BJ"
                )
            dl_declare.validate_big_joker_show(seat, hand, self.bj_shown_by)
            self.bj_shown_by = seat
            return [ev.Declared(seat, (BIG_JOKER,), "big_joker")]
        decl = dl_declare.Declaration.make(seat, action.cards, self.level, action.suit)
        dl_declare.validate_declaration(decl, self.standing, hand, self.level)
        self.standing = decl
        return [ev.Declared(seat, tuple(sorted(decl.cards)), decl.strength.name.lower(), decl.suit)]

    def after_deal(self) -> list[Event]:
        self.phase = Phase.DECLARE  # DL-DECL-8: the post-deal window
        self.window_turn = self.stand_in
        self.window_passes = 0
        return [ev.DeclareWindow(self.stand_in)]

    def window_closed(self) -> list[Event]:
        events: list[Event] = []
        if self.first_hand:
            if self.bj_shown_by is not None:
                self.dealer = self.bj_shown_by
                draw = dl_declare.resolve_race_trump(self.after_show, self.kitty, self.rng)
                suit = draw.suit
                self.source = dl_declare.TrumpSource.BIG_JOKER_SHOW
                if draw.drawn:
                    events.append(ev.KittyDrawn(len(draw.drawn)))
            else:
                flip = dl_declare.flip_for_dealer(self.kitty, self.stand_in, self.options)
                events.append(ev.KittyFlipped(tuple(flip.flips), tuple(sorted(flip.extra))))
                self.dealer, suit = flip.dealer, flip.trump
                self.source = dl_declare.TrumpSource.FLIP
        else:
            if self.standing is not None:
                suit = self.standing.suit
                self.source = dl_declare.TrumpSource.DECLARATION
            else:
                draw = dl_declare.draw_trump_from_kitty(self.kitty, self.rng)
                suit = draw.suit
                self.source = dl_declare.TrumpSource.KITTY_DRAW
                events.append(ev.KittyDrawn(len(draw.drawn)))
        if suit is None:  # six jokers in the kitty: redeal (DL-DECL-9, DL-OP-2)
            self.redeal = True
            self.phase = Phase.SETTLED
            self.result = Redeal()
            return [*events, ev.Redealt()]
        dealer = self.dealer
        assert dealer is not None
        self.trump = dl.dl_trump(int(self.level), suit, self.options)
        events.append(ev.TrumpFixed(suit, dealer))
        self.due = dl_tribute.tribute_due(dealer, self.blood, self.first_hand, self.options)
        if self.due is not None:
            self.phase = Phase.TRIBUTE
            events.append(ev.TributeDue(self.due.payer, dealer, self.blood))
            # DL-TRIB-6: both paying seats are asked, also one that cannot revolt (it is offered
            # only the pass): skipping it would tell the table who holds no three jokers
            # (GEN-INFO-1). With revolts off (DL-OP-6) nobody is asked.
            self.pending = (
                [self.due.payer, self.due.payer.partner] if self.options.dl_revolt else []
            )
            self.step = Step.REVOLT
            return events + self.advance_tribute()
        return events + self.open_kitty()

    # ------------------------------------------------------------------ tribute

    def advance_tribute(self) -> list[Event]:
        assert self.due is not None
        if self.step is Step.REVOLT and not self.pending:
            self.step = Step.PAY
        if self.step is Step.COUNTER and not self.pending:
            # DL-TRIB-6: an uncountered revolt cancels the tribute for good (DL-TRIB-9).
            return [ev.TributeCancelled(), *self.open_kitty()]
        return []

    # ------------------------------------------------------------------ kitty

    def open_kitty(self) -> list[Event]:
        assert self.trump is not None and self.source is not None and self.dealer is not None
        events: list[Event] = []
        revealed = dl_declare.kitty_revealed(self.source)
        self.dry_pot = dl_kitty.hand_is_dry_pot(self.source, self.kitty, self.trump)
        if revealed:
            self.kitty_access.public = True
            events.append(ev.KittyRevealed(tuple(sorted(self.kitty)), self.dry_pot))
        self.phase = Phase.KITTY
        if self.dry_pot:  # 干锅: no exchange, nobody buries jokers (DL-KITTY-3)
            return events + self.start_play(self.dealer)
        if revealed:  # every seat saw the kitty the dealer now picks up, and keeps knowing it
            self.kitty_access.shown = tuple(sorted(self.kitty))
            self.kitty_access.shown_to = frozenset(Seat)
        self.hands[self.dealer].update(self.kitty)
        events.append(self.kitty_taken(self.dealer))
        self.kitty = []
        self.kitty_access.public = False
        self.step = Step.BURY
        return events

    def others_bury(self) -> list[Event]:
        """DL-KITTY-8: every other seat in turn says whether it buries jokers, also one that
        cannot (it is offered only the pass): skipping it would tell the table that it holds
        no joker it could bury, or that the hidden kitty has no room (GEN-INFO-1)."""
        assert self.trump is not None and self.dealer is not None
        if self.pending:
            return []
        return self.start_play(self.dealer)

    # ------------------------------------------------------------------ driver API

    def to_act(self) -> list[Seat]:
        if self.phase is _DECLARE and self.window_turn is not None:
            return [self.window_turn]
        return HandBase.to_act(self)  # not super(): asked after every action

    def public_turn(self) -> Seat | None:
        # Who revolts, counters or buries jokers depends on the cards: not named.
        phase = self.phase
        if phase is _PLAY or phase is _DEAL:
            return self.turn
        if phase is Phase.DECLARE:
            return self.window_turn
        if phase is Phase.TRIBUTE and self.due is not None:
            if self.step is Step.PAY:
                return self.due.payer
            if self.step is Step.RETURN:
                return self.due.receiver
        if phase is Phase.KITTY and self.step is Step.BURY:
            return self.dealer
        return self.turn

    def phase_actions(self, seat: Seat) -> list[Move]:
        if self.phase is Phase.DEAL:
            return self.declarations(seat)
        if self.phase is Phase.DECLARE:
            if seat != self.window_turn:
                return []
            return [Action(Act.PASS, seat), *self.declarations(seat)]
        if self.phase is Phase.TRIBUTE:
            return self.tribute_actions(seat)
        if self.phase is Phase.KITTY:
            if self.step is Step.BURY and seat == self.dealer:
                return [self.burial(seat, Constraint.DL_BURIAL)]
            if self.step is Step.JOKERS and self.pending and seat == self.pending[0]:
                return self.joker_burial_actions(seat)
        return []

    def joker_burial_actions(self, seat: Seat) -> list[Move]:
        """DL-KITTY-8. A seat that cannot see the kitty is offered the jokers it may bury
        without the cards it would take out: those name hidden kitty cards (GEN-INFO-1). If
        equal candidates remain for the pick, the kitty is shown and the seat picks them."""
        assert self.trump is not None and self.dealer is not None
        burials = dl_kitty.legal_joker_burials(
            seat, self.hands[seat], self.kitty, self.dealer, self.trump, self.dry_pot
        )
        if self.pickup is not None:
            _, k = self.pickup
            return [
                Action(Act.BURY_JOKERS, seat, tuple(sorted(b.jokers)), taken=tuple(sorted(b.taken)))
                for b in burials
                if len(b.jokers) == k
            ]
        moves: list[Move] = [Action(Act.PASS, seat)]
        if self.kitty_access.allows(seat):
            moves += [
                Action(Act.BURY_JOKERS, seat, tuple(sorted(b.jokers)), taken=tuple(sorted(b.taken)))
                for b in burials
            ]
            return moves
        # Only the count is offered (bounded by DL-KITTY-9, so every offer is legal: the one
        # thing the offers tell is how many jokers the kitty has room for).
        counts = sorted({len(b.jokers) for b in burials})
        held = self.hands[seat]
        moves += [
            Action(Act.BURY_JOKERS, seat, tuple(sorted(dl_kitty.jokers_for_burial(held, k))))
            for k in counts
        ]
        return moves

    def tribute_actions(self, seat: Seat) -> list[Move]:
        due, trump = self.due, self.trump
        assert due is not None and trump is not None
        if self.step is Step.REVOLT or self.step is Step.COUNTER:
            if not self.pending or seat != self.pending[0]:
                return []
            offers: list[Move] = [Action(Act.PASS, seat)]
            if self.step is Step.REVOLT:
                revolts = dl_tribute.revolts_available(seat, self.hands[seat], due, self.options)
                return offers + [Action(Act.REVOLT, seat, (r.joker,) * 3) for r in revolts]
            assert self.revolt is not None
            if dl_tribute.counter_available(seat, self.hands[seat], self.revolt, due):
                offers.append(Action(Act.COUNTER, seat, (BIG_JOKER,) * 3))
            return offers
        if self.step is Step.PAY and seat == due.payer:
            choice = dl_tribute.tribute_choice(self.hands[seat], due.blood, trump)
            return [Action(Act.TRIBUTE, seat, c) for c in choice.choices()]
        if self.step is Step.RETURN and seat == due.receiver:
            n = len(self.tribute_cards)
            if self.options.dl_tribute_return == "any":
                return [self.any_return(seat, n)]
            choice = dl_tribute.return_choice(self.hands[seat], n, trump, self.options)
            return [Action(Act.RETURN, seat, c) for c in choice.choices()]
        return []

    def any_return(self, seat: Seat, n: int) -> ChooseCards:
        """DL-OP-5 "any": the dealer returns any ``n`` of his cards."""
        held = tuple(self.hands[seat].elements())
        return ChooseCards(Act.RETURN, seat, n, Constraint.ANY_RETURN, held)

    def apply_phase(self, action: Action) -> list[Event]:
        seat = action.seat
        assert seat is not None
        kind = action.kind
        if kind is Act.DECLARE and self.phase is Phase.DEAL:
            return self.declare(seat, action)
        if self.phase is Phase.DECLARE and kind in (Act.DECLARE, Act.PASS):
            if seat != self.window_turn:
                raise RuleError(
                    Reason.NOT_YOUR_TURN, "DL-DECL-8", f"{self.window_turn}'s turn to declare"
                )
            if kind is Act.DECLARE:
                events = self.declare(seat, action)
                self.window_passes = 0
            else:
                events = [ev.Passed(seat)]
                self.window_passes += 1
            self.window_turn = next_seat(seat, self.direction)
            if self.window_passes >= 4:
                self.window_turn = None
                events += self.window_closed()
            return events
        if self.phase is Phase.TRIBUTE:
            return self.apply_tribute(seat, action)
        if self.phase is Phase.KITTY:
            return self.apply_kitty(seat, action)
        raise RuleError(Reason.NOT_IN_PHASE, "DL-DECL-8", f"{kind.value} is not possible now")

    def apply_tribute(self, seat: Seat, action: Action) -> list[Event]:
        due, trump = self.due, self.trump
        assert due is not None and trump is not None and self.dealer is not None
        kind = action.kind
        in_round = self.step is Step.REVOLT or self.step is Step.COUNTER
        if in_round and self.pending and seat == self.pending[0]:
            if kind is Act.PASS:
                self.pending.pop(0)
                return [ev.Passed(seat), *self.advance_tribute()]
            if self.step is Step.REVOLT and kind is Act.REVOLT and action.cards:
                revolt = dl_tribute.Revolt(seat, action.cards[0])
                dl_tribute.validate_revolt(revolt, self.hands[seat], due, self.options)
                self.revolt = revolt
                events: list[Event] = [ev.Revolt(seat, tuple(sorted(action.cards)))]
                # DL-TRIB-7: only three small jokers can be countered (by three big ones); then
                # both receiving seats are asked, as above, so nobody learns who holds them.
                counterable = revolt.joker == SMALL_JOKER
                self.pending = [due.receiver, due.receiver.partner] if counterable else []
                self.step = Step.COUNTER
                return events + self.advance_tribute()
            if self.step is Step.COUNTER and kind is Act.COUNTER and self.revolt is not None:
                dl_tribute.validate_counter(seat, self.hands[seat], self.revolt, due)
                self.pending = []
                self.step = Step.PAY
                return [ev.Countered(seat, (BIG_JOKER,) * 3)]
        if self.step is Step.PAY and seat == due.payer and kind is Act.TRIBUTE:
            dl_tribute.validate_tribute(self.hands[seat], action.cards, due.blood, trump)
            self.hands[seat].subtract(action.cards)
            self.hands[seat] = +self.hands[seat]
            self.hands[due.receiver].update(action.cards)
            self.tribute_cards = tuple(action.cards)
            self.step = Step.RETURN
            both = frozenset({seat, due.receiver})
            given = tuple(sorted(action.cards))
            return [ev.TributePaid(seat, due.receiver, len(given), given, audience=both)]
        if self.step is Step.RETURN and seat == due.receiver and kind is Act.RETURN:
            n = len(self.tribute_cards)
            if self.options.dl_tribute_return == "any":
                self.any_return(seat, n).check(action.cards)
            else:
                dl_tribute.validate_return(self.hands[seat], action.cards, n, trump, self.options)
            self.hands[seat].subtract(action.cards)
            self.hands[seat] = +self.hands[seat]
            self.hands[due.payer].update(action.cards)
            self.returned_cards = tuple(action.cards)
            both = frozenset({seat, due.payer})
            back = tuple(sorted(action.cards))
            returned: list[Event] = [ev.TributeReturned(seat, due.payer, n, back, audience=both)]
            return returned + self.open_kitty()
        raise RuleError(Reason.NOT_YOUR_TURN, "DL-TRIB-2", f"{kind.value} is not yours to make now")

    def apply_kitty(self, seat: Seat, action: Action) -> list[Event]:
        assert self.trump is not None and self.dealer is not None
        kind = action.kind
        if self.step is Step.BURY and seat == self.dealer and kind is Act.BURY:
            self.burial(seat, Constraint.DL_BURIAL).check(action.cards)
            shown = dl_kitty.kitty_visible(action.cards)
            self.hands[seat].subtract(action.cards)
            self.hands[seat] = +self.hands[seat]
            self.kitty = list(action.cards)
            self.kitty_access.seats = {seat}
            self.kitty_access.public = shown  # DL-KITTY-7
            buried = tuple(sorted(self.kitty))
            if shown:
                events: list[Event] = [ev.KittyBuried(seat, buried, audience=ev.EVERYONE)]
            else:
                only = frozenset({seat})
                events = [ev.KittyBuried(seat, buried, len(buried), audience=only)]
            self.step = Step.JOKERS
            self.pending = list(dl_kitty.joker_burial_order(seat, self.options))
            return events + self.others_bury()
        if self.step is Step.JOKERS and self.pending and seat == self.pending[0]:
            if kind is Act.PASS and self.pickup is None:
                self.pending.pop(0)
                return [ev.Passed(seat), *self.others_bury()]
            if kind is Act.BURY_JOKERS and not action.taken:
                return self.bury_jokers_blind(seat, action.cards)
            if kind is Act.BURY_JOKERS:
                if self.pickup is not None and len(action.cards) != self.pickup[1]:
                    raise RuleError(
                        Reason.BURY_ILLEGAL,
                        "DL-KITTY-8",
                        f"you chose to bury {self.pickup[1]} joker(s); pick the cards to take",
                    )
                burial = dl_kitty.JokerBurial(seat, action.cards, action.taken)
                new_kitty = dl_kitty.validate_joker_burial(
                    burial, self.hands[seat], self.kitty, self.dealer, self.trump, self.dry_pot
                )
                self.hands[seat].subtract(action.cards)
                self.hands[seat].update(action.taken)
                self.hands[seat] = +self.hands[seat]
                self.kitty = list(new_kitty)
                self.kitty_access.public = True  # DL-KITTY-8: then the kitty is shown
                self.pickup = None
                self.pending.pop(0)
                jokers, taken = tuple(sorted(action.cards)), tuple(sorted(action.taken))
                buried_jokers: list[Event] = [
                    ev.JokersBuried(seat, jokers, taken, tuple(sorted(self.kitty)))
                ]
                return buried_jokers + self.others_bury()
        raise RuleError(
            Reason.NOT_YOUR_TURN, "DL-KITTY-8", f"{kind.value} is not yours to make now"
        )

    def bury_jokers_blind(self, seat: Seat, jokers: tuple[Card, ...]) -> list[Event]:
        """Jokers named without the cards to take out (the kitty hidden from the seat)."""
        assert self.trump is not None and self.dealer is not None
        if self.pickup is not None:
            raise RuleError(Reason.BURY_ILLEGAL, "DL-KITTY-8", "pick the kitty cards to take out")
        try:
            dl_kitty.validate_joker_burial(
                dl_kitty.JokerBurial(seat, jokers, ()),
                self.hands[seat],
                self.kitty,
                self.dealer,
                self.trump,
                self.dry_pot,
            )
        except RuleError as exc:
            if exc.reason is not Reason.PICKUP_WRONG_CARDS:
                raise
        choices = list(dl_kitty.pickup_choice(self.kitty, len(jokers), self.trump).choices())
        if len(choices) == 1:
            return self.apply_kitty(seat, Action(Act.BURY_JOKERS, seat, jokers, taken=choices[0]))
        self.pickup = (seat, len(jokers))
        self.kitty_access.public = True  # the kitty is shown now (DL-KITTY-8), before the pick
        return [ev.KittyShown(seat, tuple(sorted(jokers)), tuple(sorted(self.kitty)))]

    # ------------------------------------------------------------------ settle

    def settle(self) -> list[Event]:
        assert self.dealer is not None
        last = self.tricks[-1]
        catchers = self.dealer.team.other
        trick_points = sum(p for s, p in self.won_points.items() if s.team is catchers)
        self.settlement = s = dl_settle.settle(
            dl_settle.DLHandOutcome(
                dealer=self.dealer,
                levels=self.levels,
                trick_points=trick_points,
                last_trick=last.winner.team,
                kitty=tuple(self.kitty),
                dry_pot=self.dry_pot,
                options=self.options,
            )
        )
        self.phase = Phase.SETTLED
        self.result = DLResult(
            score=s.score,
            kitty_points=s.kitty_points,
            dug=s.dug,
            case=s.case,
            jokers=s.jokers,
            levels={Team.NS: s.levels.ns, Team.EW: s.levels.ew},
            blood=s.blood,
            payer=s.payer,
            next_dealer=s.next_dealer,
            match_winner=s.match_winner,
            end_reason=s.end_reason,
            dry_pot=self.dry_pot,
        )
        return [ev.HandSettled(self.result)]
