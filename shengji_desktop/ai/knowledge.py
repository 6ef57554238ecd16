"""What one seat knows, read from its view: its hand, the trump, every card played, who is
void in what, which cards are still unseen and where some of them must be.

Everything here comes from ``match.view(seat)``; a player never sees more (GEN-INFO-1).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..rules.cards import Card, Rank, Seat, Suit, new_deck, parse_cards
from ..rules.options import Game, Options
from ..rules.ranking import Trump
from ..rules.sd import sd_trump
from ..rules.trick import TrickFormat, TrickRules

SEATS = tuple(Seat)


def trump_of(game: Game, level: int | None, suit: Suit | None, options: Options) -> Trump | None:
    if game is Game.SD:
        return sd_trump(suit, options) if suit is not None else None
    if level is None:
        return None
    return Trump(game, Rank(level), suit, options)


def suit_of(letter: str | None) -> Suit | None:
    return Suit("SHCD".index(letter)) if letter else None


def friends_of(game: Game, seat: Seat, dealer: Seat | None) -> frozenset[Seat]:
    """The seats on ``seat``'s side: partners in DL and TR; in SD the three defenders, or the
    declarer alone (each seat alone before there is one)."""
    if game is Game.SD:
        if dealer is None or seat == dealer:
            return frozenset({seat})
        return frozenset(s for s in SEATS if s != dealer)
    return frozenset({seat, seat.partner})


@dataclass
class Knowledge:
    game: Game
    options: Options
    seat: Seat
    phase: str
    hand: Counter[Card]
    dealer: Seat | None
    trump: Trump | None
    rules: TrickRules | None
    trick: list[tuple[Seat, tuple[Card, ...]]]
    tricks: list[dict[str, Any]]
    counts: dict[Seat, int]
    kitty: list[Card] | None  # when this seat may see it
    kitty_size: int
    won_points: dict[Seat, int]
    view: dict[str, Any]
    played: Counter[Card] = field(default_factory=Counter)
    voids: dict[Seat, set[int]] = field(default_factory=dict)
    known: dict[Seat, Counter[Card]] = field(default_factory=dict)  # cards surely in a hand

    @staticmethod
    def from_view(view: dict[str, Any]) -> Knowledge:
        game = Game(view["game"])
        options = Options.from_dict(view["match"]["options"])
        suit = suit_of(view.get("trump_suit"))
        trump = trump_of(game, view.get("level"), suit, options)
        k = Knowledge(
            game=game,
            options=options,
            seat=Seat[view["seat"]],
            phase=view["phase"],
            hand=Counter(parse_cards(view.get("hand", ""))),
            dealer=Seat[view["dealer"]] if view.get("dealer") else None,
            trump=trump,
            rules=TrickRules(trump) if trump is not None and trump.suit is not None else None,
            trick=[(Seat[s], tuple(parse_cards(c))) for s, c in view.get("trick", [])],
            tricks=view.get("tricks", []),
            counts={Seat[s]: n for s, n in view["hand_counts"].items()},
            kitty=parse_cards(view["kitty"]) if "kitty" in view else None,
            kitty_size=view.get("kitty_size", 0),
            won_points={Seat[s]: p for s, p in view.get("won_points", {}).items()},
            view=view,
        )
        k._read_play()
        return k

    # ------------------------------------------------------------------ derived facts

    def _read_play(self) -> None:
        self.voids = {s: set() for s in SEATS}
        self.known = {s: Counter() for s in SEATS}
        plays: list[list[tuple[Seat, tuple[Card, ...]]]] = [
            [(Seat[s], tuple(parse_cards(c))) for s, c in t["plays"]] for t in self.tricks
        ]
        if self.trick:
            plays.append(self.trick)
        for trick in plays:
            for _, cards in trick:
                self.played.update(cards)
        decl = self.view.get("declaration")
        if decl and decl.get("seat") and decl["seat"] != self.seat.name:
            holder = Seat[decl["seat"]]
            shown = Counter(parse_cards(decl.get("cards", "")))
            mine = Counter(c for s, t in (p for tr in plays for p in tr) if s == holder for c in t)
            self.known[holder] = +(shown - mine)
        tribute = self.view.get("tribute") or {}
        if "cards" in tribute:  # DL: the two seats involved know where these cards went
            payer, receiver = Seat[tribute["payer"]], Seat[tribute["receiver"]]
            passed = {receiver: tribute.get("cards", ""), payer: tribute.get("returned", "")}
            for holder, text in passed.items():
                if holder == self.seat:
                    continue
                played_by = Counter(c for tr in plays for s, t in tr if s == holder for c in t)
                self.known[holder] += +(Counter(parse_cards(text)) - played_by)
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
        return friends_of(self.game, self.seat, self.dealer)

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
        if self.kitty is not None and self.phase == "play":
            pool.subtract(self.kitty)
        return +pool

    def trick_format(self) -> TrickFormat | None:
        if not self.trick or self.rules is None:
            return None
        return self.rules.lead_format(self.trick[0][1])
