"""The phases every hand shares: the card-by-card deal and trick play, and the seat view."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..rules.cards import (
    ALL_CARDS,
    CARD_NAMES,
    CARD_POINTS,
    SEAT_NAMES,
    SEATS,
    Card,
    Seat,
    format_cards,
    new_deck,
    next_seat,
    seat_order,
)
from ..rules.errors import Reason, RuleError
from ..rules.options import Game, Options
from ..rules.ranking import Trump, sorted_cards
from ..rules.trick import Shape, TrickFormat, TrickRules
from .actions import Act, Action, cards_action
from .events import Event, new_event


class Phase:
    DEAL = "deal"  # 发牌 (declaring allowed between cards)
    DECLARE = "declare"  # post-deal declaring window (DL-DECL-8, TR-DECL-5)
    BID = "bid"  # 叫分 (SD)
    TRIBUTE = "tribute"  # 进贡 (DL)
    KITTY = "kitty"  # 扣底
    PLAY = "play"  # 出牌
    SETTLED = "settled"  # 结算 shown; the table starts the next hand
    OVER = "over"  # match (or SD session) over


@dataclass(frozen=True, slots=True)
class TrickRecord:
    leader: Seat
    plays: tuple[tuple[Seat, tuple[Card, ...]], ...]
    winner: Seat
    points: int

    # One per trick: set the slots directly rather than through the generated frozen __init__
    # (dataclass keeps a class's own __init__). Fields stay read-only.
    def __init__(
        self,
        leader: Seat,
        plays: tuple[tuple[Seat, tuple[Card, ...]], ...],
        winner: Seat,
        points: int,
    ) -> None:
        _RECORD_SLOTS[0](self, leader)
        _RECORD_SLOTS[1](self, plays)
        _RECORD_SLOTS[2](self, winner)
        _RECORD_SLOTS[3](self, points)


_RECORD_SLOTS = tuple(
    TrickRecord.__dict__[f].__set__ for f in ("leader", "plays", "winner", "points")
)


_ONLY: dict[Seat, frozenset[Seat]] = {s: frozenset({s}) for s in Seat}
# Enum members looked up once: attribute access on an Enum class is slow on hot paths.
_DEAL = Act.DEAL
_PLAY = Act.PLAY


class HandBase:
    """One hand of any game. Subclasses add their declare/bid/tribute/kitty/settle phases."""

    game: Game
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
        self.dealer: Seat | None = None
        self.trump: Trump | None = None
        self.rules: TrickRules | None = None
        self.turn: Seat | None = None
        self.trick: list[tuple[Seat, tuple[Card, ...]]] = []
        self.trick_format: TrickFormat | None = None
        self.tricks: list[TrickRecord] = []
        self._trick_views: list[dict[str, Any]] = []  # view() of each finished trick
        self.won_points: dict[Seat, int] = dict.fromkeys(SEATS, 0)
        self.result: dict[str, Any] | None = None
        self.kitty_public = False  # kitty shown to everybody
        self.kitty_known_to: set[Seat] = set()
        # During play, what each seat cannot locate (see unseen_by), kept up to date by play().
        self._unseen: dict[Seat, Counter[Card]] | None = None
        self._play_actions: dict[Seat, dict[tuple[Card, ...], Action]] = {s: {} for s in SEATS}
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
        self.hands[seat][card] += 1
        self._may_declare[seat] = None
        self.dealt = dealt = dealt + 1
        events = [
            new_event(
                "card_dealt",
                {"seat": SEAT_NAMES[seat], "n": dealt},
                {"card": CARD_NAMES[card]},
                _ONLY[seat],
            )
        ]
        if dealt == self._deal_size:
            self.kitty = self.pack[self.deal_size :]
            events.append(Event("deal_done", {"kitty_size": len(self.kitty)}))
            events += self.after_deal()
        return events

    def after_deal(self) -> list[Event]:
        raise NotImplementedError

    # ------------------------------------------------------------------ generic driver API

    def to_act(self) -> list[Seat]:
        """Seats that may act now. During the deal every seat may declare between cards."""
        if self.phase == Phase.PLAY and self.turn is not None:
            return [self.turn]
        if self.phase == Phase.DEAL:
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

    def table_action(self) -> Action | None:
        """The action the table itself takes next (dealing a card), if any."""
        if self.phase == Phase.DEAL:
            return Action(Act.DEAL)
        return None

    def legal_actions(self, seat: Seat) -> list[Action]:
        return self.seat_actions(seat)

    def seat_actions(self, seat: Seat) -> list[Action]:
        if self.phase == Phase.PLAY:
            return self.play_actions(seat)
        return self.phase_actions(seat)

    def phase_actions(self, seat: Seat) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:
        if action.kind is _DEAL:
            if self.phase != Phase.DEAL:
                raise RuleError(Reason.NOT_IN_PHASE, "GEN-TRICK-1", "the deal is over")
            return self.deal_one()
        if self.phase == Phase.DEAL:  # a declaration: forget every seat's may_declare
            self._may_declare = [None, None, None, None]
        if action.seat is None:
            raise RuleError(Reason.ACTION_INVALID, "GEN-SEAT-1", "this action needs a seat")
        if action.kind is _PLAY and self.phase == Phase.PLAY:
            return self.play(action.seat, action.cards)
        return self.apply_phase(action)

    def apply_phase(self, action: Action) -> list[Event]:
        raise NotImplementedError

    # ------------------------------------------------------------------ trick play

    def kitty_taken(self, dealer: Seat) -> Event:
        """The dealer picks up the kitty: every seat sees how many cards, the dealer which."""
        return Event(
            "kitty_taken",
            {"seat": dealer.name, "count": len(self.kitty)},
            {"kitty": format_cards(self.kitty)},
            frozenset({dealer}),
        )

    def start_play(self, leader: Seat) -> list[Event]:
        assert self.trump is not None
        self.rules = TrickRules(self.trump)
        self.phase = Phase.PLAY
        self.turn = leader
        self.trick = []
        self._unseen = {s: self._unseen_now(s) for s in Seat} if self.game is Game.TR else None
        return [Event("play_started", {"leader": leader.name})]

    def unseen_by(self, seat: Seat) -> Counter[Card]:
        """Cards ``seat`` cannot locate: the deck less his hand, played cards, known kitty."""
        if self._unseen is not None and self.phase == Phase.PLAY:
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
        if self.kitty_public or seat in self.kitty_known_to:
            seen.update(self.kitty)
        decks = self.game.decks
        pool: Counter[Card] = Counter()
        for c in ALL_CARDS:
            left = decks - seen[c]
            if left > 0:
                pool[c] = left
        return pool

    def play_actions(self, seat: Seat) -> list[Action]:
        if seat != self.turn:
            return []
        assert self.rules is not None
        hand = self.hands[seat]
        if not self.trick:
            # Throws (TR) are offered only where the seat can prove them safe from what it has
            # seen; any other throw may still be attempted and is judged by the referee.
            if self._unseen is not None:
                plays = list(self.rules.legal_leads(hand, [self._unseen[seat]]))
            else:
                plays = list(self.rules.legal_leads(hand))
        else:
            assert self.trick_format is not None
            plays = list(self.rules.legal_follows(hand, self.trick_format))
        # Actions are immutable values: one per (seat, cards) serves the whole hand (the same
        # plays come up turn after turn, and building them costs more than enumerating them).
        made = self._play_actions[seat]
        out = []
        for p in plays:
            action = made.get(p)
            if action is None:
                action = made[p] = cards_action(_PLAY, seat, p)
            out.append(action)
        return out

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
                events.append(
                    Event(
                        "throw_failed",
                        {
                            "seat": SEAT_NAMES[seat],
                            "tried": format_cards(cards),
                            "led": str(played),
                        },
                    )
                )
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
                del hand[c]
        if self._unseen is not None:
            for s, pool in self._unseen.items():
                if s != seat:
                    for c in played:
                        left = pool[c] - 1
                        if left:
                            pool[c] = left
                        else:
                            del pool[c]
        trick.append((seat, played))
        events.append(
            new_event(
                "cards_played",
                {
                    "seat": SEAT_NAMES[seat],
                    "cards": " ".join([CARD_NAMES[c] for c in played]),
                    "shape": fmt.shape._value_,
                },
            )
        )
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
        events = [
            new_event(
                "trick_won",
                {"seat": SEAT_NAMES[winner], "points": points, "trick": len(self.tricks)},
            )
        ]
        if sum(self.hands[winner].values()) == 0:
            self.turn = None
            return events + self.settle()
        self.turn = winner
        return events

    def last_trick_shape(self) -> Shape | None:
        return None

    def settle(self) -> list[Event]:
        raise NotImplementedError

    # ------------------------------------------------------------------ views

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What ``seat`` may know (None: the referee's full view)."""
        trump = self.trump
        tricks = self._trick_views
        for rec in self.tricks[len(tricks) :]:  # finished tricks never change: format once
            tricks.append(
                {
                    "leader": rec.leader.name,
                    "plays": [(s.name, format_cards(c)) for s, c in rec.plays],
                    "winner": rec.winner.name,
                    "points": rec.points,
                }
            )
        out: dict[str, Any] = {
            "game": self.game.value,
            "hand_number": self.number,
            "phase": self.phase,
            "dealer": self.dealer.name if self.dealer is not None else None,
            "trump_suit": trump.suit.letter if trump and trump.suit is not None else None,
            "level": int(trump.level) if trump else None,
            "hand_counts": {s.name: sum(self.hands[s].values()) for s in Seat},
            "cards_dealt": self.dealt,
            "turn": self.turn.name if self.turn is not None else None,
            "trick": [(s.name, format_cards(c)) for s, c in self.trick],
            "tricks_played": len(self.tricks),
            "last_trick": list(tricks[-1]["plays"]) if tricks else None,
            # Every trick so far (public: GEN-INFO-1); players count cards from it.
            "tricks": [dict(t, plays=list(t["plays"])) for t in tricks],
            "won_points": {s.name: p for s, p in self.won_points.items()},
            "kitty_size": len(self.kitty),
            "result": self.result,
        }
        if seat is None:
            out["hands"] = {s.name: format_cards(self.hands[s].elements()) for s in Seat}
        else:
            own = list(self.hands[seat].elements())
            out["hand"] = " ".join(map(str, sorted_cards(own, trump) if trump else sorted(own)))
        if seat is None or self.kitty_public or seat in self.kitty_known_to:
            out["kitty"] = format_cards(self.kitty)
        return out
