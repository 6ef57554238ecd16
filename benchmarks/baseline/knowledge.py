"""Frozen copy of ai/knowledge.py at d3603ff (issue 22): never edit.

What one seat knows, read from its view: its hand, the trump, every card played, who is
void in what, which cards are still unseen and where some of them must be.

Everything here comes from the seat's ``SeatView``; a player never sees more (GEN-INFO-1).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.view import SeatView, side_of
from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, new_deck
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import Trump
from shengji_desktop.rules.sd import sd_trump
from shengji_desktop.rules.trick import TrickFormat, TrickRules

SEATS = tuple(Seat)


def trump_of(game: Game, level: int | None, suit: Suit | None, options: Options) -> Trump | None:
    if game is Game.SD:
        return sd_trump(suit, options) if suit is not None else None
    if level is None:
        return None
    return Trump(game, Rank(level), suit, options)


Play = tuple[Seat, tuple[Card, ...]]


@dataclass
class Knowledge:
    game: Game
    options: Options
    seat: Seat
    phase: Phase
    hand: Counter[Card]
    dealer: Seat | None
    trump: Trump | None
    rules: TrickRules | None
    trick: list[Play]
    tricks: list[list[Play]]  # every finished trick's plays, in order
    counts: dict[Seat, int]
    kitty: list[Card] | None  # when this seat may see it
    kitty_size: int
    won_points: dict[Seat, int]
    view: SeatView
    played: Counter[Card] = field(default_factory=Counter)
    voids: dict[Seat, set[int]] = field(default_factory=dict)
    known: dict[Seat, Counter[Card]] = field(default_factory=dict)  # cards surely in a hand

    @staticmethod
    def from_view(view: SeatView) -> Knowledge:
        trump = view.trump
        k = Knowledge(
            game=view.game,
            options=view.options,
            seat=view.seat,
            phase=view.phase,
            hand=Counter(view.hand),
            dealer=view.dealer,
            trump=trump,
            rules=TrickRules(trump) if trump is not None and trump.suit is not None else None,
            trick=list(view.trick),
            tricks=[list(t.plays) for t in view.tricks],
            counts={s: view.counts[s] for s in SEATS},
            kitty=list(view.kitty) if view.kitty is not None else None,
            kitty_size=view.kitty_size,
            won_points={s: view.won_points[s] for s in SEATS},
            view=view,
        )
        k._read_play()
        return k

    # ------------------------------------------------------------------ derived facts

    def _read_play(self) -> None:
        self.voids = {s: set() for s in SEATS}
        self.known = {s: Counter() for s in SEATS}
        plays: list[list[Play]] = list(self.tricks)
        if self.trick:
            plays.append(self.trick)
        for trick in plays:
            for _, cards in trick:
                self.played.update(cards)
        decl = self.view.declaration
        if decl is not None and decl.seat != self.seat:
            holder = decl.seat
            shown = Counter(decl.cards)
            mine = Counter(c for s, t in (p for tr in plays for p in tr) if s == holder for c in t)
            self.known[holder] = +(shown - mine)
        tribute = self.view.tribute
        if tribute is not None and tribute.cards is not None:
            # DL: the two seats involved know where these cards went.
            passed = {tribute.receiver: tribute.cards, tribute.payer: tribute.returned or ()}
            for holder, cards in passed.items():
                if holder == self.seat:
                    continue
                played_by = Counter(c for tr in plays for s, t in tr if s == holder for c in t)
                self.known[holder] += +(Counter(cards) - played_by)
        if self.trump is None:
            return
        classes = self.trump.classes
        for trick in plays:
            lead = trick[0][1]
            cls = classes[lead[0]]
            n = len(lead)
            for seat, cards in trick[1:]:
                same = sum(1 for c in cards if classes[c] == cls)
                if same < n:  # did not follow fully: out of the led class (GEN-TRICK-3)
                    self.voids[seat].add(cls)

    @property
    def friends(self) -> frozenset[Seat]:
        return side_of(self.game, self.seat, self.dealer)

    @property
    def attacking(self) -> bool:
        """True for the side that collects points (DL catchers, TR/SD defenders)."""
        if self.dealer is None:
            return False
        if self.game is Game.SD:
            return self.seat != self.dealer
        return self.seat.team is not self.dealer.team

    def unseen(self) -> Counter[Card]:
        """Cards this seat cannot place: the deck less own hand, played cards, known kitty."""
        pool = Counter(new_deck(self.game.decks))
        pool.subtract(self.hand)
        pool.subtract(self.played)
        if self.kitty is not None and self.phase is Phase.PLAY:
            pool.subtract(self.kitty)
        return +pool

    def trick_format(self) -> TrickFormat | None:
        if not self.trick or self.rules is None:
            return None
        return self.rules.lead_format(self.trick[0][1])
