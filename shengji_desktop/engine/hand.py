"""The phases every hand shares: the card-by-card deal and trick play, and the seat view."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..rules.cards import (
    ALL_CARDS,
    CARD_POINTS,
    SEATS,
    Card,
    Rank,
    Seat,
    new_deck,
    next_seat,
    seat_order,
)
from ..rules.errors import Reason, RuleError
from ..rules.options import Game, Options
from ..rules.ranking import Trump
from ..rules.trick import TrickFormat, TrickRules
from . import events as ev
from .actions import Act, Action, ChooseCards, Constraint, Move, cards_action
from .events import Event
from .phase import Phase, Step
from .results import HandResult, TrickRecord

_ONLY: dict[Seat, frozenset[Seat]] = {s: frozenset({s}) for s in Seat}
# Enum members looked up once: attribute access on an Enum class is slow on hot paths.
_DEAL = Act.DEAL
_PLAY = Act.PLAY
_PHASE_DEAL = Phase.DEAL
_PHASE_PLAY = Phase.PLAY

# The Action of each play, per seat, shared by every hand (actions are immutable values; the
# same plays come up turn after turn and hand after hand, and building one costs more than
# enumerating it). Bounded (a void follow of three decks lists hundreds of plays, most of
# them never seen again): forgotten at 4096 plays a seat, about a megabyte.
_PLAY_ACTIONS: tuple[dict[tuple[Card, ...], Action], ...] = ({}, {}, {}, {})
_PLAY_ACTIONS_MAX = 4096


_SINGLE_PLAYS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(cards_action(_PLAY, seat, (card,)) for card in ALL_CARDS) for seat in SEATS
)
"""``_SINGLE_PLAYS[seat][card]``: the Action of playing that one card."""


def _new_play(made: dict[tuple[Card, ...], Action], seat: Seat, cards: tuple[Card, ...]) -> Action:
    action = made[cards] = cards_action(_PLAY, seat, cards)
    return action


@dataclass
class KittyAccess:
    """Who may see the kitty, and what seats were shown of it and keep knowing."""

    public: bool = False  # the kitty as it is now is face up for everybody
    seats: set[Seat] = field(default_factory=set)  # seats that may see it as it is now
    shown: tuple[Card, ...] = ()  # the kitty shown to ``shown_to`` before the pick-up
    shown_to: frozenset[Seat] = frozenset()  # (SD-KITTY-2; DL-KITTY-1: everybody)
    taken: tuple[Card, ...] = ()  # the kitty the dealer picked up

    def allows(self, seat: Seat) -> bool:
        """Whether ``seat`` may see the kitty as it is now."""
        return self.public or seat in self.seats


def in_order(action: Action) -> Action:
    """``action`` with its cards in card order: a live game and its replay from the record
    (which writes cards in order) then build the same kitty, card for card."""
    cards, taken = action.cards, action.taken
    if list(cards) == sorted(cards) and list(taken) == sorted(taken):
        return action
    return Action(
        action.kind,
        action.seat,
        tuple(sorted(cards)),
        action.suit,
        action.value,
        tuple(sorted(taken)),
    )


class HandBase:
    """One hand of any game: the deal, trick play and what every game's view shows.
    Subclasses add their declare/bid/tribute/kitty/settle phases."""

    game: Game
    level: Rank  # the hand's level (级牌)
    _deal_first: Seat
    _deal_order: list[Seat]

    def __init__(self, options: Options, rng: random.Random, number: int) -> None:
        self.options = options
        self.rng = rng
        self.number = number
        self.direction = options.play_direction
        self._next_seat = tuple(next_seat(s, self.direction) for s in SEATS)  # 下家 of each
        self.hands: dict[Seat, Counter[Card]] = {s: Counter() for s in SEATS}
        self.kitty: list[Card] = []
        self.pack: list[Card] = new_deck(self.game.decks)
        rng.shuffle(self.pack)
        self.dealt = 0
        self._deal_size = 4 * self.game.hand_size
        self.deal_first = Seat.S
        self.phase = Phase.DEAL
        self.step = Step.NONE
        self.dealer: Seat | None = None
        self.trump: Trump | None = None
        self.rules: TrickRules | None = None
        self.turn: Seat | None = None
        self.trick: list[tuple[Seat, tuple[Card, ...]]] = []
        self.trick_format: TrickFormat | None = None
        self.tricks: list[TrickRecord] = []
        self.won_points: dict[Seat, int] = dict.fromkeys(SEATS, 0)
        self.result: HandResult | None = None
        self.kitty_access = KittyAccess()
        # During play, what each seat cannot locate (see unseen_by), kept up to date by play().
        self._unseen: dict[Seat, Counter[Card]] | None = None
        self._may_declare: list[bool | None] = [None, None, None, None]  # see to_act()

    # ------------------------------------------------------------------ dealing

    @property
    def deal_size(self) -> int:
        return self._deal_size

    @property
    def deal_first(self) -> Seat:
        """The seat dealt the first card; the deal goes on in play order."""
        return self._deal_first

    @deal_first.setter
    def deal_first(self, seat: Seat) -> None:
        self._deal_first = seat
        self._deal_order = seat_order(seat, self.direction)

    def deal_seat(self, i: int) -> Seat:
        return self._deal_order[i % 4]

    def deal_one(self) -> list[Event]:
        dealt = self.dealt
        card = self.pack[dealt]
        seat = self._deal_order[dealt % 4]
        hand = self.hands[seat]
        hand[card] = hand.get(card, 0) + 1  # not +=: Counter.__missing__ is Python code
        self._may_declare[seat] = None
        self.dealt = dealt = dealt + 1
        events: list[Event] = [ev.CardDealt(seat, dealt, card, audience=_ONLY[seat])]
        if dealt == self._deal_size:
            self.kitty = self.pack[self.deal_size :]
            events.append(ev.DealDone(len(self.kitty)))
            events += self.after_deal()
        return events

    def after_deal(self) -> list[Event]:
        raise NotImplementedError

    # ------------------------------------------------------------------ generic driver API

    def to_act(self) -> list[Seat]:
        """Seats that may act now. During the deal every seat may declare between cards."""
        if self.phase is _PHASE_PLAY and self.turn is not None:
            return [self.turn]
        if self.phase is _PHASE_DEAL:
            # Between two cards only the seat dealt to changes (apply() forgets them all),
            # so each seat's answer is kept until then.
            may = self._may_declare
            out = []
            for s in SEATS:
                m = may[s]
                if m is None:
                    m = may[s] = self.may_declare(s)
                if m:
                    out.append(s)
            return out
        return [s for s in SEATS if self.seat_actions(s)]

    def may_declare(self, seat: Seat) -> bool:
        """During the deal: whether ``seat`` has a declaration to make now, i.e. whether
        ``seat_actions(seat)`` is not empty. Asked for every seat between every card, so
        games answer it without building the actions."""
        return bool(self.seat_actions(seat))

    def public_turn(self) -> Seat | None:
        """The seat the table waits for, where every seat can tell (whatever the cards)."""
        return self.turn

    def legal_actions(self, seat: Seat) -> list[Move]:
        return self.seat_actions(seat)

    def seat_actions(self, seat: Seat) -> list[Move]:
        if self.phase is _PHASE_PLAY:
            return self.play_actions(seat)
        return self.phase_actions(seat)

    def phase_actions(self, seat: Seat) -> list[Move]:
        raise NotImplementedError

    def burial(self, seat: Seat, constraint: Constraint) -> ChooseCards:
        """The dealer's choice of the cards to bury."""
        return ChooseCards(
            Act.BURY, seat, self.game.kitty_size, constraint, tuple(self.hands[seat].elements())
        )

    def chosen(self, action: Action) -> ChooseCards:
        """The card choice ``action`` answers, as the legal moves offer it (judged by it)."""
        assert action.seat is not None
        for move in self.legal_actions(action.seat):
            if isinstance(move, ChooseCards) and move.kind is action.kind:
                return move
        raise RuleError(
            Reason.NOT_YOUR_TURN, "GEN-SEAT-1", f"{action.kind.value} is not yours to make now"
        )

    def apply(self, action: Action) -> list[Event]:
        if action.kind is _DEAL:
            if self.phase is not _PHASE_DEAL:
                raise RuleError(Reason.NOT_IN_PHASE, "GEN-TRICK-1", "the deal is over")
            return self.deal_one()
        if self.phase is _PHASE_DEAL:  # a declaration: forget every seat's may_declare
            self._may_declare = [None, None, None, None]
        if action.seat is None:
            raise RuleError(Reason.ACTION_INVALID, "GEN-SEAT-1", "this action needs a seat")
        if action.kind is _PLAY and self.phase is _PHASE_PLAY:
            return self.play(action.seat, action.cards)
        return self.apply_phase(in_order(action))

    def apply_phase(self, action: Action) -> list[Event]:
        raise NotImplementedError

    # ------------------------------------------------------------------ trick play

    def kitty_taken(self, dealer: Seat) -> Event:
        """The dealer picks up the kitty: every seat sees how many cards, the dealer which."""
        taken = self.kitty_access.taken = tuple(sorted(self.kitty))
        return ev.KittyTaken(dealer, len(self.kitty), taken, audience=_ONLY[dealer])

    def start_play(self, leader: Seat) -> list[Event]:
        assert self.trump is not None
        self.rules = TrickRules(self.trump)
        self.phase = Phase.PLAY
        self.step = Step.NONE
        self.turn = leader
        self.trick = []
        self._unseen = {s: self._unseen_now(s) for s in Seat} if self.game is Game.TR else None
        return [ev.PlayStarted(leader)]

    def unseen_by(self, seat: Seat) -> Counter[Card]:
        """Cards ``seat`` cannot locate: the deck less his hand, played cards, known kitty."""
        if self._unseen is not None and self.phase is _PHASE_PLAY:
            return Counter(self._unseen[seat])
        return self._unseen_now(seat)

    def _unseen_now(self, seat: Seat) -> Counter[Card]:
        """``unseen_by`` counted from scratch (in card order)."""
        seen = Counter(self.hands[seat])
        for rec in self.tricks:
            for _, cards in rec.plays:
                seen.update(cards)
        for _, cards in self.trick:
            seen.update(cards)
        if self.kitty_access.allows(seat):
            seen.update(self.kitty)
        decks = self.game.decks
        pool: Counter[Card] = Counter()
        for c in ALL_CARDS:
            left = decks - seen[c]
            if left > 0:
                pool[c] = left
        return pool

    def play_actions(self, seat: Seat) -> list[Move]:
        if seat != self.turn:
            return []
        assert self.rules is not None
        hand = self.hands[seat]
        if not self.trick:
            # Throws (TR) are offered only where the seat can prove them safe from what it has
            # seen; any other throw may still be attempted and is judged by the referee.
            if self._unseen is not None:
                plays = self.rules.lead_list(hand, [self._unseen[seat]])
            else:
                plays = self.rules.lead_list(hand)
        else:
            fmt = self.trick_format
            assert fmt is not None
            plays = self.rules.follow_list(hand, fmt)
            if len(fmt.lead) == 1:  # every follow is one card
                singles = _SINGLE_PLAYS[seat]
                return [singles[p[0]] for p in plays]
        made = _PLAY_ACTIONS[seat]
        if len(made) > _PLAY_ACTIONS_MAX:
            made.clear()
        get = made.get
        return [get(p) or _new_play(made, seat, p) for p in plays]

    def others(self, seat: Seat) -> list[Counter[Card]]:
        return [self.hands[s] for s in SEATS if s != seat]

    def play(self, seat: Seat, cards: tuple[Card, ...]) -> list[Event]:
        if seat != self.turn:
            raise RuleError(
                Reason.NOT_YOUR_TURN,
                "GEN-TRICK-1",
                f"it is {self.turn.name if self.turn is not None else '-'}'s turn to play",
            )
        rules = self.rules
        assert rules is not None
        hand = self.hands[seat]
        trick = self.trick
        events: list[Event] = []
        if not trick:
            fmt = rules.check_lead(hand, cards, self.others(seat))
            played = fmt.lead  # sorted
            if played != tuple(sorted(cards)):
                events.append(ev.ThrowFailed(seat, tuple(sorted(cards)), played))
            self.trick_format = fmt
        else:
            assert self.trick_format is not None
            fmt = self.trick_format
            rules.check_follow(hand, fmt, cards)
            played = tuple(sorted(cards))
        for c in played:  # validated above: every copy is held
            left = hand[c] - 1
            if left:
                hand[c] = left
            else:
                hand.pop(c)  # not del: Counter.__delitem__ is Python code
        if self._unseen is not None:
            for s, pool in self._unseen.items():
                if s != seat:
                    for c in played:
                        left = pool[c] - 1
                        if left:
                            pool[c] = left
                        else:
                            pool.pop(c)
        trick.append((seat, played))
        events.append(ev.CardsPlayed(seat, played, fmt.shape))
        if len(trick) < 4:
            self.turn = self._next_seat[seat]
            return events
        return events + self.finish_trick()

    def finish_trick(self) -> list[Event]:
        assert self.rules is not None and self.trick_format is not None
        plays = [cards for _, cards in self.trick]
        winner = self.trick[self.rules.winner(self.trick_format, plays)][0]
        points = sum([CARD_POINTS[c] for p in plays for c in p])
        self.won_points[winner] += points
        self.tricks.append(TrickRecord(self.trick[0][0], tuple(self.trick), winner, points))
        self.trick = []
        self.trick_format = None
        events: list[Event] = [ev.TrickWon(winner, points, len(self.tricks))]
        if sum(self.hands[winner].values()) == 0:
            self.turn = None
            return events + self.settle()
        self.turn = winner
        return events

    def settle(self) -> list[Event]:
        raise NotImplementedError
