"""Trick play for all three games: legal leads and follows, their enumeration, the trick winner.

A trick's format is computed once from the lead (shape, suit class, components); it then checks
follows and finds the winner. DL, TR and SD differ only in the shapes they allow (GEN-TRICK-*,
DL-LEAD/FOLLOW/WIN, TR-LEAD/FOLLOW/WIN, SD-LEAD/FOLLOW/WIN).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import ALL_CARDS, Card, Rank, Suit
from .errors import Reason, RuleError
from .options import Game
from .ranking import NO_POSITION, TRUMP, Trump

Cards = tuple[Card, ...]
_PairLimits = tuple[int, list[int]]


class Shape(Enum):
    SINGLE = "single"
    PAIR = "pair"  # 对子 / 棒子
    TRIPLE = "triple"  # 滚子 (DL)
    TRACTOR = "tractor"  # 连对 (TR)
    THROW = "throw"  # 甩牌 (TR)


@dataclass(frozen=True, slots=True)
class Unit:
    """One component of a lead: a single, a pair, a triple or a tractor of ``length`` pairs."""

    shape: Shape
    cards: Cards
    length: int
    top: int  # strength of the card that ranks the unit (TR-WIN-1: its highest card)

    # Made for every lead: set the slots directly rather than through the generated frozen
    # __init__ (dataclass keeps a class's own __init__). Fields stay read-only.
    def __init__(self, shape: Shape, cards: Cards, length: int, top: int) -> None:
        _UNIT_SLOTS[0](self, shape)
        _UNIT_SLOTS[1](self, cards)
        _UNIT_SLOTS[2](self, length)
        _UNIT_SLOTS[3](self, top)

    @property
    def size(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class TrickFormat:
    """What was led: the suit class *C*, the number of cards *n*, the shape and its components."""

    lead: Cards
    suit_class: int
    shape: Shape
    units: tuple[Unit, ...]

    def __init__(self, lead: Cards, suit_class: int, shape: Shape, units: tuple[Unit, ...]) -> None:
        _FORMAT_SLOTS[0](self, lead)  # see Unit.__init__
        _FORMAT_SLOTS[1](self, suit_class)
        _FORMAT_SLOTS[2](self, shape)
        _FORMAT_SLOTS[3](self, units)

    @property
    def size(self) -> int:
        return len(self.lead)


_UNIT_SLOTS = tuple(Unit.__dict__[f].__set__ for f in ("shape", "cards", "length", "top"))
_FORMAT_SLOTS = tuple(
    TrickFormat.__dict__[f].__set__ for f in ("lead", "suit_class", "shape", "units")
)


# Enum members looked up once: attribute access on an Enum class is slow on hot paths.
_SINGLE = Shape.SINGLE
_PAIR = Shape.PAIR
_TRIPLE = Shape.TRIPLE
_TRACTOR = Shape.TRACTOR
_THROW = Shape.THROW


# Per-trump tables derived by TrickRules (a few hundred trumps exist at most).
_DERIVED: dict[
    tuple[tuple[int, ...], tuple[int, ...], int], tuple[tuple[Cards, ...], tuple[Cards, ...]]
] = {}


def _class_name(cls: int) -> str:
    return "trumps" if cls == TRUMP else Suit(cls).symbol


class TrickRules:
    """The trick referee for one hand, bound to its trump (and through it, game and options)."""

    def __init__(self, trump: Trump) -> None:
        self.trump = trump
        self.game = trump.game
        self.options = trump.options
        self._cls = trump.classes
        self._str = trump.strengths
        self._pos = trump.positions
        self._is_tr = trump.game is Game.TR
        self._is_dl = trump.game is Game.DL
        self._is_sd = trump.game is Game.SD
        self._dead = self._is_dl and trump.options.dl_follow_mode == "dead"
        key = (self._cls, self._str, int(trump.level))
        derived = _DERIVED.get(key)
        if derived is None:
            derived = _DERIVED[key] = self._derived()
        # per plain suit: its cards strongest first; the cards of its three highest ranks
        self._desc, self._top3 = derived

    def _derived(self) -> tuple[tuple[Cards, ...], tuple[Cards, ...]]:
        strength = self._str
        desc = tuple(
            tuple(
                sorted(
                    (c for c in ALL_CARDS if self._cls[c] == suit),
                    key=strength.__getitem__,
                    reverse=True,
                )
            )
            for suit in range(4)
        )
        top3 = tuple(  # TR-LEAD-3 (浑甩)
            tuple(Card.of(suit, r) for r in self._top_plain_ranks(int(suit))) for suit in Suit
        )
        return desc, top3

    # ------------------------------------------------------------------ shapes

    def _identical(self, cards: Sequence[Card]) -> bool:
        first = cards[0]
        return all(c == first for c in cards)

    def tractor_top(self, cards: Sequence[Card]) -> int | None:
        """If ``cards`` are a tractor (TR-LEAD-2), the strength of its top pair, else None."""
        if not self._is_tr or len(cards) < 4 or len(cards) % 2:
            return None
        counts = Counter(cards)
        if len(counts) * 2 != len(cards) or any(n != 2 for n in counts.values()):
            return None
        kinds = list(counts)
        cls = self._cls[kinds[0]]
        if any(self._cls[k] != cls for k in kinds):
            return None
        pos = self.trump.tractor_position
        positions = sorted(pos(k) for k in kinds)
        if NO_POSITION in positions:
            return None
        if positions[-1] - positions[0] == len(positions) - 1:
            top = max(kinds, key=pos)
            return self._str[top]
        if self.options.tr_a2_tractor:
            return self._a2_tractor_top(kinds)
        return None

    def _a2_tractor_top(self, kinds: list[Card]) -> int | None:
        """TR-OP-6 ``tr_a2_tractor``: A may sit below 2 (AA22 ranks below 3322)."""
        aces = [k for k in kinds if k.rank == Rank.ACE and self.trump.level != Rank.ACE]
        twos = [k for k in kinds if k.rank == Rank.TWO and self.trump.level != Rank.TWO]
        if len(aces) != 1 or len(twos) != 1:
            return None
        pos = self.trump.tractor_position
        rest = sorted(pos(k) for k in kinds if k not in aces)
        low = pos(twos[0])
        if rest[0] != low or rest[-1] - rest[0] != len(rest) - 1:
            return None
        return self._str[max((k for k in kinds if k not in aces), key=pos)]

    def _runs(self, pair_kinds: Iterable[Card]) -> list[list[Card]]:
        """Maximal runs of consecutive tractor positions, each sorted low → high."""
        pos = self._pos
        ordered = sorted((k for k in pair_kinds if pos[k] != NO_POSITION), key=pos.__getitem__)
        runs: list[list[Card]] = []
        last = NO_POSITION
        for k in ordered:
            p = pos[k]
            if runs and p == last + 1:
                runs[-1].append(k)
            else:
                runs.append([k])
            last = p
        return runs

    def decompose(self, cards: Sequence[Card]) -> tuple[Unit, ...]:
        """TR-LEAD-4: longest tractors first (highest first), then pairs, then singles."""
        counts = Counter(cards)
        pairs = [k for k, n in counts.items() if n >= 2]
        units: list[Unit] = []
        used: set[Card] = set()
        runs = [r for r in self._runs(pairs) if len(r) >= 2]
        runs.sort(key=lambda r: (len(r), self._str[r[-1]]), reverse=True)
        for run in runs:
            units.append(
                Unit(
                    _TRACTOR,
                    tuple(c for k in run for c in (k, k)),
                    len(run),
                    self._str[run[-1]],
                )
            )
            used.update(run)
        for k in sorted(pairs, key=lambda k: self._str[k], reverse=True):
            if k not in used:
                units.append(Unit(_PAIR, (k, k), 1, self._str[k]))
                used.add(k)
        for k in sorted(counts, key=lambda k: self._str[k], reverse=True):
            left = counts[k] - (2 if k in used else 0)
            units.extend(Unit(_SINGLE, (k,), 1, self._str[k]) for _ in range(left))
        return tuple(units)

    # ------------------------------------------------------------------ leads

    def lead_format(self, cards: Sequence[Card]) -> TrickFormat:
        """The format of a lead, checking its shape only (not a throw's beatability)."""
        cards = tuple(sorted(cards))
        n = len(cards)
        if n == 0:
            raise RuleError(Reason.WRONG_NUMBER_OF_CARDS, "GEN-TRICK-2", "a lead needs cards")
        cls = self._cls[cards[0]]
        top = self._str[cards[-1]]
        if n == 1:
            return TrickFormat(cards, cls, _SINGLE, (Unit(_SINGLE, cards, 1, top),))
        game = self.game
        if game is Game.SD:
            raise RuleError(
                Reason.ILLEGAL_LEAD_SHAPE, "SD-LEAD-1", "only single cards may be led", cards=cards
            )
        if self._identical(cards) and (n == 2 or (n == 3 and game is Game.DL)):
            shape = _PAIR if n == 2 else _TRIPLE
            s = self._str[cards[0]]
            return TrickFormat(cards, cls, shape, (Unit(shape, cards, 1, s),))
        if game is Game.DL:
            raise RuleError(
                Reason.ILLEGAL_LEAD_SHAPE,
                "DL-LEAD-2",
                "lead a single, a pair or a triple of identical cards",
                cards=cards,
            )
        ttop = self.tractor_top(cards)
        if ttop is not None:
            unit = Unit(_TRACTOR, cards, n // 2, ttop)
            return TrickFormat(cards, cls, _TRACTOR, (unit,))
        if any(self._cls[c] != cls for c in cards):
            raise RuleError(
                Reason.THROW_MIXED_SUITS, "TR-LEAD-3", "a throw must be of one suit", cards=cards
            )
        if cls == TRUMP:
            raise RuleError(
                Reason.THROW_OF_TRUMPS, "TR-LEAD-3", "trumps can never be thrown", cards=cards
            )
        return TrickFormat(cards, cls, _THROW, self.decompose(cards))

    def _unit_beaten(self, unit: Unit, cls: int, other: Mapping[Card, int]) -> bool:
        """TR-LEAD-4: does ``other`` hold a same-type component strictly higher in class ``cls``?"""
        strength = self._str
        kinds = [k for k, n in other.items() if n > 0 and self._cls[k] == cls]
        if unit.shape is _SINGLE:
            return any(strength[k] > unit.top for k in kinds)
        pairs = [k for k in kinds if other[k] >= 2]
        if unit.shape is _PAIR:
            return any(strength[k] > unit.top for k in pairs)
        return any(
            len(run) >= unit.length and strength[run[-1]] > unit.top for run in self._runs(pairs)
        )

    def _top_plain_ranks(self, suit: int) -> list[Rank]:
        level = self.trump.level
        ranks = [r for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK) if r != level]
        return ranks[:3]

    def throw_problems(self, fmt: TrickFormat, others: Sequence[Mapping[Card, int]]) -> list[Unit]:
        """The components of a throw that another hand can beat; empty means the throw stands
        (清甩, or 浑甩 when nobody else holds the suit's three highest ranks, TR-LEAD-3)."""
        suit = fmt.suit_class
        top3 = self._top3[suit]
        if not any(o.get(c, 0) for o in others for c in top3):
            return []  # 浑甩
        return [u for u in fmt.units if any(self._unit_beaten(u, suit, o) for o in others)]

    def check_lead(
        self,
        hand: Mapping[Card, int],
        cards: Sequence[Card],
        others: Sequence[Mapping[Card, int]] | None = None,
    ) -> TrickFormat:
        """Validate a lead and return the format of the play that stands.

        A throw needs ``others`` (the other three hands: the referee's knowledge). With
        ``tr_throw_check=penalty`` a failed throw returns the format of the smallest beatable
        component (TR-LEAD-5); the caller plays those cards and the rest stay in hand.
        """
        _check_in_hand(hand, cards)
        fmt = self.lead_format(cards)
        if fmt.shape is not _THROW:
            return fmt
        if others is None:
            raise ValueError("validating a throw needs the other hands")
        beatable = self.throw_problems(fmt, others)
        if not beatable:
            return fmt
        if self.options.tr_throw_check == "penalty":
            order = {_SINGLE: 0, _PAIR: 1, _TRACTOR: 2}
            unit = min(beatable, key=lambda u: (order[u.shape], u.length, u.top))
            return self.lead_format(unit.cards)
        # Which part can be beaten tells what other hands hold: the refusal does not say.
        raise RuleError(
            Reason.THROW_BEATABLE,
            "TR-LEAD-5",
            "throw refused: a part of this throw can be beaten",
            cards=tuple(cards),
        )

    def legal_leads(
        self, hand: Mapping[Card, int], others: Sequence[Mapping[Card, int]] | None = None
    ) -> Iterator[Cards]:
        """Every distinct legal lead. TR throws are yielded only when ``others`` is given."""
        kinds = sorted(k for k, n in hand.items() if n > 0)
        for k in kinds:
            yield (k,)
        if self._is_sd:
            return
        for k in kinds:
            if hand[k] >= 2:
                yield (k, k)
        if self._is_dl:
            for k in kinds:
                if hand[k] >= 3:
                    yield (k, k, k)
            return
        pairs = [k for k in kinds if hand[k] >= 2]
        yield from self.tractors_in(pairs)
        if others is None:
            return
        cls = self._cls
        by_suit: tuple[dict[Card, int], ...] = ({}, {}, {}, {})
        for k in kinds:
            c = cls[k]
            if c != TRUMP:
                by_suit[c][k] = hand[k]
        for suit, suit_hand in enumerate(by_suit):
            if len(suit_hand) < 2 and not any(n >= 2 for n in suit_hand.values()):
                continue  # fewer than two cards: no throw
            if any(n > 2 for n in suit_hand.values()):
                yield from self._legal_throws(suit_hand, suit, others)
            else:
                yield from self._standing_throws(suit_hand, suit, others)

    def tractors_in(self, pair_kinds: list[Card]) -> Iterator[Cards]:
        """Every tractor (TR-LEAD-2, TR-OP-6) of ``pair_kinds`` (sorted kinds held twice), in
        the order ``legal_leads`` yields them."""
        by_class: dict[int, list[Card]] = {}
        for k in pair_kinds:
            by_class.setdefault(self._cls[k], []).append(k)
        seen: set[Cards] = set()
        for kinds in by_class.values():
            for run in self._runs(kinds):
                for i in range(len(run)):
                    for j in range(i + 2, len(run) + 1):
                        t = tuple(sorted(c for k in run[i:j] for c in (k, k)))
                        seen.add(t)
                        yield t
            if self.options.tr_a2_tractor:
                for t in self._a2_tractors(kinds):
                    if t not in seen:
                        seen.add(t)
                        yield t

    def _a2_tractors(self, kinds: list[Card]) -> Iterator[Cards]:
        aces = [k for k in kinds if k.rank == Rank.ACE and self.trump.level != Rank.ACE]
        twos = [k for k in kinds if k.rank == Rank.TWO and self.trump.level != Rank.TWO]
        for ace in aces:
            for two in twos:
                for run in self._runs(kinds):
                    if run[0] != two:
                        continue
                    for j in range(1, len(run) + 1):
                        yield tuple(sorted(c for k in [ace, *run[:j]] for c in (k, k)))

    def _legal_throws(
        self, hand: Mapping[Card, int], suit: int, others: Sequence[Mapping[Card, int]]
    ) -> Iterator[Cards]:
        """Throws of ``suit`` that stand, by trying each multiset (the general route, for
        hands with more than two copies of a card; two-deck hands go by _standing_throws)."""
        suit_hand = {k: n for k, n in hand.items() if n > 0 and self._cls[k] == suit}
        for size in range(2, sum(suit_hand.values()) + 1):
            for combo in multisets(suit_hand, size):
                fmt = self.lead_format(combo)
                if fmt.shape is _THROW and not self.throw_problems(fmt, others):
                    yield combo

    def _single_limit(self, suit: int, others: Sequence[Mapping[Card, int]]) -> int | None:
        """The strength of the other hands' highest card of plain ``suit`` (-1: none), which
        a thrown single must not be below (TR-LEAD-4); None for 浑甩: nobody else holds any
        of the suit's three highest ranks, so no component can be beaten (TR-LEAD-3)."""
        top3 = self._top3[suit]
        if not any(o.get(k, 0) for o in others for k in top3):
            return None
        best = -1
        for o in others:
            for k in self._desc[suit]:
                if o.get(k, 0) > 0:
                    if self._str[k] > best:
                        best = self._str[k]
                    break
        return best

    def _pair_limits(self, suit: int, others: Sequence[Mapping[Card, int]]) -> _PairLimits:
        """What the other hands beat a thrown pair or tractor of ``suit`` with (TR-LEAD-4):
        their highest pair, and per tractor length the top of their highest tractor at least
        that long (index = length)."""
        strength = self._str
        pair = -1
        tractor = [-1, -1]
        for o in others:
            pairs = [k for k in self._desc[suit] if o.get(k, 0) >= 2]
            for k in pairs:
                if strength[k] > pair:
                    pair = strength[k]
            if len(pairs) < 2:
                continue
            for run in self._runs(pairs):
                top = strength[run[-1]]
                if len(run) >= len(tractor):
                    tractor.extend([-1] * (len(run) + 1 - len(tractor)))
                for length in range(2, len(run) + 1):
                    if top > tractor[length]:
                        tractor[length] = top
        return pair, tractor

    def _standing_throws(
        self, suit_hand: Mapping[Card, int], suit: int, others: Sequence[Mapping[Card, int]]
    ) -> Iterator[Cards]:
        """Throws of plain ``suit`` (at most two copies of a card) that stand against
        ``others``, in the order of ``multisets`` by size: what ``lead_format`` plus
        ``throw_problems`` accept, without building each format."""
        strength = self._str
        single = self._single_limit(suit, others)
        # The choices per card, most copies first. A card thrown once is a single component:
        # unless nothing can be beaten (浑甩), it must be unbeatable as one.
        parts: list[tuple[Cards, ...]] = []
        for k in sorted(suit_hand):
            once = single is None or strength[k] >= single
            if suit_hand[k] >= 2:
                parts.append(((k, k), (k,), ()) if once else ((k, k), ()))
            elif once:
                parts.append(((k,), ()))
        if len(parts) < 2:
            return  # at most one card kind: a single or a pair, never a throw
        # itertools.product(*parts), each joined into one play (first part slowest)
        joined: list[Cards] = [()]
        for part in parts:
            joined = [c + p for c in joined for p in part]
        combos = [c for c in joined if len(c) >= 2]
        combos.sort()
        combos.sort(key=len)  # by size, then in card order (stable): as multisets gives them
        limits: _PairLimits | None = None
        for combo in combos:
            n = len(combo)
            pairs = [combo[i] for i in range(1, n) if combo[i] == combo[i - 1]]
            if n == 2 * len(pairs) and (n == 2 or self.tractor_top(combo) is not None):
                continue  # a pair or a tractor, not a throw
            if single is not None and pairs:
                if limits is None:
                    limits = self._pair_limits(suit, others)
                if not self._pairs_stand(pairs, limits):
                    continue
            yield combo

    def _pairs_stand(self, pairs: list[Card], limits: _PairLimits) -> bool:
        """The pairs of a throw, as it decomposes them (runs are tractors, TR-LEAD-4), are
        each unbeatable against ``limits``."""
        strength = self._str
        pair_max, tractor = limits
        pos = self._pos
        for k in pairs:
            if pos[k] == NO_POSITION and pair_max > strength[k]:
                return False  # never in a run: a pair component (not in plain suits today)
        for run in self._runs(pairs):
            top = strength[run[-1]]
            length = len(run)
            if length == 1:
                if pair_max > top:
                    return False
            elif length < len(tractor) and tractor[length] > top:
                return False
        return True

    # ------------------------------------------------------------------ follows

    def check_follow(
        self, hand: Mapping[Card, int], fmt: TrickFormat, cards: Sequence[Card]
    ) -> None:
        """Raise RuleError unless ``cards`` is a legal follow to ``fmt`` from ``hand``."""
        _check_in_hand(hand, cards)
        n, cls = len(fmt.lead), fmt.suit_class
        if len(cards) != n:
            raise RuleError(
                Reason.WRONG_NUMBER_OF_CARDS,
                "GEN-TRICK-2",
                f"play exactly {n} card{'s' if n > 1 else ''}",
                expected=n,
            )
        classes = self._cls
        played = 0
        for c in cards:
            if classes[c] == cls:
                played += 1
        held = n  # what matters is min(n, held): only counted when short of n
        if played < n:
            held = 0
            for k, m in hand.items():
                if m > 0 and classes[k] == cls:
                    held += m
        if played < n and played < held:  # played < min(n, held)
            own = {k: m for k, m in hand.items() if m > 0 and classes[k] == cls}
            left = Counter(own)
            left.subtract(c for c in cards if self._cls[c] == cls)
            example = next(k for k, m in sorted(left.items()) if m > 0)
            rule = {Game.DL: "DL-FOLLOW-1", Game.TR: "TR-FOLLOW-1", Game.SD: "SD-FOLLOW-1"}
            if held < n:
                raise RuleError(
                    Reason.MUST_PLAY_ALL_OF_SUIT,
                    "GEN-TRICK-3",
                    f"must play all your {_class_name(cls)}: you hold {example}",
                    suit_class=cls,
                    example=example,
                    also=rule[self.game],
                )
            raise RuleError(
                Reason.MUST_FOLLOW_SUIT,
                "GEN-TRICK-3",
                f"must follow {_class_name(cls)}: you hold {example}",
                suit_class=cls,
                example=example,
                also=rule[self.game],
            )
        if self._dead:
            own = {k: m for k, m in hand.items() if m > 0 and classes[k] == cls}
            self._check_dead(own, fmt, cards)

    def _check_dead(self, own: Mapping[Card, int], fmt: TrickFormat, cards: Sequence[Card]) -> None:
        """死棒 shape obligations (DL-FOLLOW-4/5); void followers have none (DL-FOLLOW-6)."""
        cls = fmt.suit_class
        in_class = Counter(c for c in cards if self._cls[c] == cls)
        if fmt.shape is _PAIR:
            if any(m == 2 for m in own.values()) and not any(m >= 2 for m in in_class.values()):
                raise RuleError(
                    Reason.MUST_FOLLOW_PAIR,
                    "DL-FOLLOW-4",
                    f"死棒: you hold a pair of {_class_name(cls)} and must play a pair",
                )
        elif fmt.shape is _TRIPLE:
            if any(m >= 3 for m in own.values()):
                if not any(m >= 3 for m in in_class.values()):
                    raise RuleError(
                        Reason.MUST_FOLLOW_TRIPLE,
                        "DL-FOLLOW-5",
                        f"死棒: you hold a triple of {_class_name(cls)} and must play a triple",
                    )
            elif any(m == 2 for m in own.values()) and not any(m >= 2 for m in in_class.values()):
                raise RuleError(
                    Reason.MUST_FOLLOW_PAIR_IN_TRIPLE,
                    "DL-FOLLOW-5",
                    f"死棒: you hold a pair of {_class_name(cls)}; play it and one more card",
                )

    def legal_follows(self, hand: Mapping[Card, int], fmt: TrickFormat) -> Iterator[Cards]:
        """Every distinct legal follow (identical copies grouped, so 3 decks do not explode)."""
        n, cls = len(fmt.lead), fmt.suit_class
        classes = self._cls
        own = {k: m for k, m in hand.items() if m > 0 and classes[k] == cls}
        held = sum(own.values())
        if held < n:
            base = tuple(c for k, m in sorted(own.items()) for c in (k,) * m)
            rest = {k: m for k, m in hand.items() if m > 0 and classes[k] != cls}
            for extra in multisets(rest, n - held):
                yield tuple(sorted(base + extra))
            return
        if self._dead and n > 1:
            yield from self._dead_follows(own, fmt)
            return
        yield from multisets(own, n)

    def follow_list(self, hand: Mapping[Card, int], fmt: TrickFormat) -> list[Cards]:
        """``list(legal_follows(hand, fmt))``, faster: the engine asks it every turn
        (tests/rules/test_trick_lists.py pins the two together)."""
        n, cls = len(fmt.lead), fmt.suit_class
        classes = self._cls
        kinds = [k for k, m in hand.items() if m > 0 and classes[k] == cls]
        kinds.sort()
        if n == 1 and kinds:
            one = _ONE
            return [one[k] for k in kinds]
        held = 0
        for k in kinds:
            held += hand[k]
        if held < n:  # every card of the class, and any others to make up the number
            base = tuple(c for k in kinds for c in (k,) * hand[k])
            rest = sorted(k for k, m in hand.items() if m > 0 and classes[k] != cls)
            extras = _multiset_list(rest, [hand[k] for k in rest], n - held)
            if not base:
                return extras  # sorted already
            return [tuple(sorted(base + extra)) for extra in extras]
        if self._dead:
            return list(self._dead_follows({k: hand[k] for k in kinds}, fmt))
        return _multiset_list(kinds, [hand[k] for k in kinds], n)

    def lead_list(
        self, hand: Mapping[Card, int], others: Sequence[Mapping[Card, int]] | None = None
    ) -> list[Cards]:
        """``list(legal_leads(hand, others))``, faster for DL and SD (see ``follow_list``)."""
        if self._is_tr:
            return list(self.legal_leads(hand, others))
        kinds = [k for k, n in hand.items() if n > 0]
        kinds.sort()
        one = _ONE
        out: list[Cards] = [one[k] for k in kinds]
        if self._is_sd:
            return out
        out += [(k, k) for k in kinds if hand[k] >= 2]
        out += [(k, k, k) for k in kinds if hand[k] >= 3]  # DL
        return out

    def _dead_follows(self, own: Mapping[Card, int], fmt: TrickFormat) -> Iterator[Cards]:
        if fmt.shape is _PAIR:
            if any(m == 2 for m in own.values()):
                for k in sorted(own):
                    if own[k] >= 2:
                        yield (k, k)
                return
            yield from multisets(own, 2)
            return
        # triple led, follower holds at least 3 cards of the class
        if any(m >= 3 for m in own.values()):
            for k in sorted(own):
                if own[k] >= 3:
                    yield (k, k, k)
            return
        if any(m == 2 for m in own.values()):
            seen: set[Cards] = set()
            for k in sorted(own):
                if own[k] >= 2:
                    for j in sorted(own):
                        if j != k or own[k] >= 3:
                            t = tuple(sorted((k, k, j)))
                            if t not in seen:
                                seen.add(t)
                                yield t
            return
        yield from multisets(own, 3)

    # ------------------------------------------------------------------ winner

    def play_key(self, fmt: TrickFormat, cards: Sequence[Card]) -> int | None:
        """How strongly ``cards`` compete for the trick, or None if they cannot win
        (GEN-TRICK-4, DL-WIN, TR-WIN, SD-WIN-1). A thrown lead itself has no key: see winner."""
        cls = fmt.suit_class
        classes = self._cls
        c0 = cards[0]
        first = classes[c0]
        if first != cls and (first != TRUMP or cls == TRUMP):
            return None
        shape = fmt.shape
        if shape is _SINGLE and len(cards) == 1:
            return self._str[c0]
        if shape is _PAIR or shape is _TRIPLE:
            for c in cards:  # identical cards (so of one class)
                if c != c0:
                    return None
            return self._str[c0]
        for c in cards:
            if classes[c] != first:
                return None
        if shape is _SINGLE:
            return self._str[c0]
        if shape is _TRACTOR:
            top = self.tractor_top(cards)
            if top is None or len(cards) != fmt.size:
                return None
            return top
        # THROW: never beaten by the thrown suit, only by a ruff (TR-WIN-2)
        if first != TRUMP:
            return None
        return self.ruff_key(fmt, cards)

    def ruff_key(self, fmt: TrickFormat, cards: Sequence[Card]) -> int | None:
        """TR-WIN-2: an all-trump play matching every tractor and pair of the throw."""
        tractors = sorted((u.length for u in fmt.units if u.shape is _TRACTOR), reverse=True)
        pairs = sum(1 for u in fmt.units if u.shape is _PAIR)
        counts = Counter(cards)
        best = self._match(counts, tractors, pairs)
        if best is None:
            return None
        return best

    def _match(self, counts: Counter[Card], tractors: list[int], pairs: int) -> int | None:
        """Best key of a disjoint matching, or None: the top of the first matched component."""
        strength = self._str
        if tractors:
            k = tractors[0]
            best: int | None = None
            pair_kinds = [c for c, m in counts.items() if m >= 2]
            for run in self._runs(pair_kinds):
                for i in range(len(run) - k + 1):
                    part = run[i : i + k]
                    rest = counts.copy()
                    for c in part:
                        rest[c] -= 2
                    if self._match(rest, tractors[1:], pairs) is not None:
                        key = strength[part[-1]]
                        best = key if best is None else max(best, key)
            return best
        pair_kinds = sorted((c for c, m in counts.items() if m >= 2), key=lambda c: strength[c])
        if len(pair_kinds) < pairs:
            return None
        if pairs:
            return strength[pair_kinds[-1]]
        # Nothing left over (a throw of tractors only, matched exactly): the match stands.
        return max((strength[c] for c, m in counts.items() if m > 0), default=0)

    def winner(self, fmt: TrickFormat, plays: Sequence[Sequence[Card]]) -> int:
        """Index in ``plays`` (the lead first, then in play order) of the trick's winner.
        Equal keys: the earlier play wins (GEN-TRICK-5)."""
        lead_key = -1 if fmt.shape is _THROW else self.play_key(fmt, plays[0])
        assert lead_key is not None
        best, best_key = 0, lead_key
        for i in range(1, len(plays)):
            key = self.play_key(fmt, plays[i])
            if key is not None and key > best_key:
                best, best_key = i, key
        return best


_ONE: tuple[Cards, ...] = tuple((c,) for c in ALL_CARDS)
"""``_ONE[card] == (card,)``: the single-card plays, built once."""


def _check_in_hand(hand: Mapping[Card, int], cards: Sequence[Card]) -> None:
    if len(cards) == 1:
        c = cards[0]
        if hand.get(c, 0) < 1:
            raise RuleError(Reason.CARDS_NOT_IN_HAND, "GEN-TRICK-2", f"you do not hold {c}", card=c)
        return
    need: dict[Card, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    for c, n in need.items():  # first missing card in play order, as Counter(cards) gives
        if hand.get(c, 0) < n:
            raise RuleError(Reason.CARDS_NOT_IN_HAND, "GEN-TRICK-2", f"you do not hold {c}", card=c)


def multisets(counts: Mapping[Card, int], size: int) -> Iterator[Cards]:
    """Distinct sub-multisets of ``counts`` with ``size`` cards, as sorted tuples, in
    lexicographic order (more copies of a lower card first)."""
    kinds = sorted(k for k, n in counts.items() if n > 0)
    return iter(_multiset_list(kinds, [counts[k] for k in kinds], size))


def _multiset_list(kinds: Sequence[Card], avail: Sequence[int], size: int) -> list[Cards]:
    """The work of ``multisets`` over sorted ``kinds`` with ``avail`` copies each."""
    out: list[Cards] = []
    if size == 1:
        return [(k,) for k in kinds]
    if size == 2:
        for i, k in enumerate(kinds):
            if avail[i] >= 2:
                out.append((k, k))
            out.extend((k, j) for j in kinds[i + 1 :])
        return out
    # suffix sums let us prune branches that cannot reach ``size``
    n = len(kinds)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + avail[i]
    if size > suffix[0] or size < 0:
        return out
    if size == 0:
        return [()]
    # The plays of kinds[i:] with ``left`` cards, made once per (i, left) and shared: for each
    # number of copies of kinds[i], most first, that many before each play of the rest.
    done: dict[int, list[Cards]] = {}

    def rest(i: int, left: int) -> list[Cards]:
        # invariant: 0 < left <= suffix[i]
        key = i * 256 + left
        found = done.get(key)
        if found is not None:
            return found
        k = kinds[i]
        after = suffix[i + 1]
        found = []
        for take in range(min(avail[i], left), max(left - after, 0) - 1, -1):
            if take == left:
                found.append((k,) * take)
            elif take:
                head = (k,) * take
                found += [head + t for t in rest(i + 1, left - take)]
            else:
                found += rest(i + 1, left)
        done[key] = found
        return found

    return rest(0, size)
