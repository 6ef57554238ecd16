"""The hard player's search of declaring while the cards are dealt (issue 22, ``ai.deal_search``):
the model of the rest of the deal follows the rules (TR-DECL-1..3, DL-DECL-1/2), the search sees
only the seat's view, and it thinks only when its choice can have changed."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from pytest import MonkeyPatch
from test_phase_search import arrange, stop_at

from shengji_desktop.ai import deal_search
from shengji_desktop.ai.deal_search import _Race, deal_firsts, rest_of_pack
from shengji_desktop.ai.knowledge import Knowledge
from shengji_desktop.ai.players import HardPlayer, HeuristicPlayer
from shengji_desktop.ai.search import _paired, untrumped_task
from shengji_desktop.ai.task import Task
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Table
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.rules import tr
from shengji_desktop.rules.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Rank,
    Seat,
    Suit,
    new_deck,
    parse_cards,
)
from shengji_desktop.rules.dl_declare import TrumpSource
from shengji_desktop.rules.options import Game, Options


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def dealing(least: int, exact: bool = False) -> Any:
    """A seat that may declare during the deal and holds ``least`` cards or more."""

    def wanted(match: Match) -> Seat | None:
        if match.phase is not Phase.DEAL:
            return None
        for s in Seat:
            held = sum(match.hand.hands[s].values())
            if held < least or (exact and held != least):
                continue
            if any(isinstance(m, Action) and m.kind is Act.DECLARE for m in match.legal_actions(s)):
                return s
        return None

    return wanted


# ---------------------------------------------------------------------------- the model


def test_the_seat_dealt_first_is_read_from_the_view_or_the_cards_each_holds() -> None:
    """TR-DECK-2: the deal goes round in play order from a random seat, which the table sees
    (``SeatView.deal_first``); without it, the seats that hold a card more came first, and
    between rounds every seat holds as many cards, so any seat may have."""
    match, seat = stop_at(Game.TR, 6, dealing(6))
    view = seat_view(match, seat)
    assert view.deal_first == match.hand.deal_first
    assert deal_firsts(view) == (match.hand.deal_first,)
    assert view.cards_dealt % 4 != 0
    unnamed = view.__class__(**{**_fields(view), "deal_first": None})
    assert deal_firsts(unnamed) == (match.hand.deal_first,)
    counts = (view.cards_dealt // 4,) * 4
    between = {"counts": counts, "cards_dealt": 4 * counts[0], "deal_first": None}
    assert deal_firsts(view.__class__(**{**_fields(view), **between})) == tuple(Seat)


def _fields(view: SeatView) -> dict[str, Any]:
    return {f: getattr(view, f) for f in view.__struct_fields__}


def test_a_sampled_deal_fills_every_hand_and_keeps_the_shown_cards_with_their_holder() -> None:
    """DL-DECL-4: the cards a standing declaration showed stay in its holder's hand; the rest of
    the unseen cards fill the other hands to their counts, then the undealt pack and the kitty."""
    match, seat = stop_at(Game.DL, 4, dealing(6), hands=2)
    view = seat_view(match, seat)
    k = Knowledge.from_view(view)
    base = untrumped_task(k, seat, ())
    pool = Counter(base.pool)
    level_card = next(c for c in (Card.of(s, view.level) for s in Suit) if pool[c] >= 2)
    shown = Counter({level_card: 2})
    holder = next(s for s in Seat if s != seat)
    task = Task(
        **{
            **{f: getattr(base, f) for f in base.__dataclass_fields__},
            "known": ((holder, tuple(shown.elements())),),
        }
    )
    for seed in range(20):
        hands, rest = rest_of_pack(task, random.Random(seed))
        assert {s: sum(h.values()) for s, h in hands.items()} == dict(task.counts)
        assert hands[seat] == Counter(view.hand)
        total = Counter(rest)
        for h in hands.values():
            total.update(h)
        assert total == Counter(new_deck(3))
        assert not shown - hands[holder]


def race_context(mode: str, **extra: Any) -> dict[str, Any]:
    return {
        "mode": mode,
        "full": 39 if mode != "tr" else 25,
        "dealer": None,
        "standing": None,
        **extra,
    }


def _task(game: Game, level: int) -> Task:
    return Task(
        game=game,
        options=Options(),
        level=level,
        suit=Suit.SPADES,
        seat=Seat.S,
        dealer=Seat.S,
        hand=(),
        pool=(),
        counts=(),
        kitty=None,
        kitty_size=6,
        voids=(),
        known=(),
        trick=(),
        won_points=(),
        candidates=(),
        context=(),
        seed=0,
        budget=0.0,
        samples=None,
    )


def test_the_model_of_hand_ones_race_makes_the_shower_dealer_with_the_next_suit() -> None:
    """DL-DECL-1/2: the first big joker shown makes its holder dealer; the trump suit is the
    suit of the first suited card he receives afterwards, jokers skipped; nobody shows after
    him (a second big joker cannot be shown)."""
    race = _Race(race_context("race"), _task(Game.DL, 3))
    hands = {s: Counter[Card]() for s in Seat}
    hands[Seat.E][BIG_JOKER] = 1
    race.make(Seat.E, ((BIG_JOKER,), None), hands[Seat.E])
    hands[Seat.W].update([BIG_JOKER] * 2 + cards("♠2 ♥2 ♣2 ♦2 ♠3 ♥3 ♣3 ♦3 SJ SJ SJ ♠A"))
    assert race.wants(Seat.W, hands[Seat.W], 13) is None
    order = (Seat.S, Seat.E, Seat.N, Seat.W)
    for card in [SMALL_JOKER, *cards("♦7 ♠8")]:
        hands[Seat.E][card] += 1
        race.receive(Seat.E, card, hands, hands[Seat.E].total(), order)
    hands[Seat.W][BIG_JOKER] += 1
    race.receive(Seat.W, BIG_JOKER, hands, hands[Seat.W].total(), order)
    assert race.outcome([], Seat.S) == (
        Suit.DIAMONDS,
        Seat.E,
        TrumpSource.BIG_JOKER_SHOW,
    )


def test_the_model_overcalls_a_single_with_a_pair_by_normals_rule() -> None:
    """TR-DECL-1/2, TR-DEALER-1: in hand 1 a seat whose pair would make most of its hand trump
    overcalls the standing single (normal's rule of thumb: ``DEALER_SHARE`` in hand 1), and
    the overcaller becomes dealer; a seat with a weak pair does not."""
    level = Rank.ACE
    ctx = race_context("tr")
    race = _Race(ctx, _task(Game.TR, int(level)))
    hands = {s: Counter[Card]() for s in Seat}
    hands[Seat.S].update(cards("♣A ♣3 ♦5 ♠7"))
    race.make(Seat.S, ((Card.of(Suit.CLUBS, level),), Suit.CLUBS), hands[Seat.S])
    hands[Seat.E].update(cards("♠A ♠A ♣4 ♦6 ♦7 ♦8 ♦9 ♣9 ♣10 ♥3"))  # a weak pair
    hands[Seat.W].update(cards("♥A ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 BJ ♣5"))  # a long suit
    order = (Seat.S, Seat.E, Seat.N, Seat.W)
    race.answer(hands, Seat.S, order)
    standing = race._tr_standing()
    assert standing == tr.TRDeclaration(Seat.W, Suit.HEARTS, tr.TRDeclKind.PAIR)
    assert race.outcome([], Seat.S) == (Suit.HEARTS, Seat.W, None)


# ---------------------------------------------------------------------------- the search


def test_the_deal_search_sees_only_the_seats_view() -> None:
    """Swapping the cards of two other seats and of the undealt pack changes nothing the seat
    sees, and so nothing it chooses."""
    match, seat = stop_at(Game.TR, 6, dealing(6))
    view = seat_view(match, seat)
    first = HardPlayer(random.Random(2), samples=24)
    chosen = first.decide(view)
    assert first.last_search["samples"] == 24
    a, b = [s for s in Seat if s != seat and view.counts[s] == min(view.counts)][:2]
    hands = match.hand.hands
    hands[a], hands[b] = hands[b], hands[a]
    pack = match.hand.pack
    rest = pack[match.hand.dealt :]
    random.Random(3).shuffle(rest)
    pack[match.hand.dealt :] = rest
    again = seat_view(match, seat)
    assert again == view
    assert HardPlayer(random.Random(2), samples=24).decide(again) == chosen


def test_hard_thinks_during_the_deal_only_when_its_choice_can_have_changed(
    monkeypatch: MonkeyPatch,
) -> None:
    """The deal stops while a computer thinks: hard searches when what is on offer or what
    stands changes, and at a third, two thirds and all of its cards; asked between every card
    it otherwise keeps its last answer."""
    searched: Counter[Seat] = Counter()
    asked: Counter[Seat] = Counter()
    original = deal_search.declare

    def counting(k: Knowledge, *rest: Any) -> Any:
        searched[k.seat] += 1
        return original(k, *rest)

    monkeypatch.setattr(deal_search, "declare", counting)

    class Asked(HardPlayer):
        def decide(self, view: SeatView) -> Action | None:
            if view.phase is Phase.DEAL and view.legal:
                asked[view.seat] += 1
            return super().decide(view)

    match = Match(Game.TR, Options(), 8)
    players = {s: Asked(random.Random(s.value), samples=4) for s in Seat}
    table = Table(match, players, rng=random.Random(8), hands=1)
    table.watch_referee(
        lambda action, events: table.stop() if match.phase is not Phase.DEAL else None
    )
    table.play()
    assert sum(asked.values()) > 2 * sum(searched.values()) > 0
    for seat, n in searched.items():
        assert n <= 3 + 2 * asked[seat] // 4, seat


def test_hard_holds_back_a_middling_single_that_would_make_it_dealer_in_hand_1() -> None:
    """TR-DECL-1, TR-DEALER-1: in hand 1 the first single stands and makes its seat dealer. With
    eight cards, five of them hearts, normal declares its ♥A (``DEALER_SHARE``: 5/8 of the hand
    would be trump). A dealer side gains one level at most where each joker the defenders win
    the last trick with is worth two or three (TR-SETTLE-1/2), a later card may spoil the share,
    and E was dealt the first card, so E deals if nobody declares (TR-OP-3): hard waits, by a
    wide margin over its playouts."""
    match = Match(Game.TR, Options(), 5)
    assert match.hand.deal_first is Seat.E
    for _ in range(32):
        match.apply(Action(Act.DEAL))
    arrange(match, Seat.S, cards("♥A ♥K ♥J ♥9 ♥7 ♣4 ♠5 ♦6"))
    view = seat_view(match, Seat.S)
    normal = HeuristicPlayer(random.Random(1)).decide(view)
    assert normal is not None and normal.cards == tuple(cards("♥A"))
    player = HardPlayer(random.Random(1), samples=60)
    assert player.decide(view) is None
    offers, rows = player.last_search["rows"]
    mean, se = _paired(rows, offers.index(None), offers.index(((normal.cards[0],), None)))
    assert mean > 0.3 and mean > 3 * se


def test_hard_searches_hand_1s_window_and_keeps_a_weak_hand_out_of_the_deal() -> None:
    """DL-DECL-1/8, DL-OP-1: nobody showed a big joker while the cards were dealt, so the race
    goes on in the window, and a big joker shown now makes its holder dealer with a trump drawn
    from the kitty. With one big joker, a small one and a 2 among 39 low cards (normal's rule
    of thumb passes: a third of the hand 常主 it wants), hard searches the window and passes, by
    a wide margin over showing: nobody else may show, and then the flip picks the dealer
    (DL-DECL-3)."""
    match = Match(Game.DL, Options(), 1)
    while match.phase is Phase.DEAL:
        match.apply(Action(Act.DEAL))
    seat = match.hand.public_turn()
    assert match.phase is Phase.DECLARE and seat is not None
    low = [f"{s}{r}" for s in "♠♥♣♦" for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q")]
    arrange(match, seat, cards(" ".join(["BJ", "SJ", "♠2", *low[:36]])))
    view = seat_view(match, seat)
    assert deal_search.covers_window(view)
    normal = HeuristicPlayer(random.Random(1)).decide(view)
    assert normal is not None and normal.kind is Act.PASS
    player = HardPlayer(random.Random(1), samples=40)
    hard = player.decide(view)
    assert hard is not None and hard.kind is Act.PASS
    offers, rows = player.last_search["rows"]
    mean, se = _paired(rows, offers.index(None), offers.index(((BIG_JOKER,), None)))
    assert mean > 1.0 and mean > 3 * se
