"""The codec, the only JSON of the program: every event type, seat views of every game and
phase, actions, legal moves, results and records go to JSON and come back equal, on real
matches; malformed JSON is a CodecError that says what is wrong."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

import msgspec
import pytest
from engine_testkit import deal_out, random_players, run_table

from shengji_desktop.engine import codec
from shengji_desktop.engine import events as ev
from shengji_desktop.engine.actions import Act, Action, ChooseCards, Constraint, Move
from shengji_desktop.engine.codec import CodecError
from shengji_desktop.engine.events import EVENT_TYPES, Event, Secret
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase, Step
from shengji_desktop.engine.record import read_record, record_json, replay
from shengji_desktop.engine.results import DLResult, Redeal, SDResult, TRResult
from shengji_desktop.engine.view import SeatView, event_for, seat_view
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat, Suit, Team, parse_cards
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.trick import Shape


def wire(data: Any) -> Any:
    """JSON data as it comes back from a file or the wire."""
    return codec.decode(codec.encode(data))


class Corpus:
    """Events, views, actions and results of real matches."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.views: list[SeatView] = []
        self.matches: list[Match] = []
        self.where: set[tuple[Game, Phase, Step]] = set()

    def watch(self, match: Match, action: Action, events: Sequence[Event]) -> None:
        self.events += events
        where = (match.game, match.phase, match.hand.step)
        if where not in self.where or len(match.actions) % 97 == 0:
            self.where.add(where)
            self.views += [seat_view(match, s) for s in Seat]

    def play(self, match: Match, hands: int) -> None:
        run_table(match, random_players(match.seed), hands=hands, check=self.watch)
        self.matches.append(match)

    def apply(self, match: Match, action: Action) -> list[Event]:
        events = match.apply(action)
        self.watch(match, action, events)
        return events

    def deal(self, match: Match) -> None:
        for _ in range(match.hand.deal_size - match.hand.dealt):
            self.apply(match, Action(Act.DEAL))

    def all_pass(self, match: Match, phase: Phase) -> None:
        while match.phase is phase:
            (seat,) = match.to_act()
            self.apply(match, Action(Act.PASS, seat))


@cache
def corpus() -> Corpus:
    c = Corpus()
    for game in Game:
        for seed in range(4):
            c.play(Match(game, Options(), seed), 2)
    c.play(Match(Game.SD, Options(sd_hands_per_session=2), 1), 2)  # to the session's end
    c.play(Match(Game.DL, Options(dl_tribute_return="weakest"), 2), 3)
    seed = 10
    while not any(isinstance(e, ev.KittyShown) for e in c.events):  # DL-KITTY-8's pick
        assert seed < 40, "no joker burial with a choice of cards to take out"
        c.play(Match(Game.DL, Options(), seed), 3)
        seed += 1
    # What random players rarely do, by hand: nobody declares (TR-DECL-6, DL-OP-2, DL-DECL-9),
    # everybody passes the bidding (SD-DRAW-1), a low bid the defenders may look at
    # (SD-KITTY-2), throws that fail (TR-LEAD-5), a revolt (DL-TRIB-6).
    for game in (Game.TR, Game.DL):
        match = Match(game, Options(), 7)
        c.deal(match)
        c.all_pass(match, Phase.DECLARE)
        c.matches.append(match)
    match = Match(Game.DL, Options(), 8)
    run_table(match, random_players(8), hands=1)
    c.apply(match, Action(Act.NEXT_HAND))
    c.deal(match)
    c.all_pass(match, Phase.DECLARE)
    sd = Match(Game.SD, Options(), 3)
    c.deal(sd)
    c.all_pass(sd, Phase.BID)
    sd = Match(Game.SD, Options(), 4)
    c.deal(sd)
    c.apply(sd, Action(Act.BID, sd.to_act()[0], value=60))
    c.all_pass(sd, Phase.BID)
    c.matches.append(throws_that_fail(c))
    c.matches.append(revolt(c))
    return c


def throws_that_fail(c: Corpus) -> Match:
    """A TR match where, at every lead, the leader tries all cards of a plain suit at once."""
    match = Match(Game.TR, Options(tr_throw_check="penalty"), 5)
    players = random_players(5)
    while not any(isinstance(e, ev.ThrowFailed) for e in c.events):
        assert match.phase is not Phase.OVER and len(match.history) < 3, "no throw failed"
        if match.phase is Phase.SETTLED:
            c.apply(match, Action(Act.NEXT_HAND))
            continue
        if match.phase is Phase.DEAL:
            c.apply(match, Action(Act.DEAL))
            continue
        seat = match.to_act()[0]
        view = seat_view(match, seat)
        if view.phase is Phase.PLAY and not view.trick and view.trump is not None:
            suits = {view.trump.suit_class(card) for card in view.hand}
            for suit in sorted(suits):
                cards = tuple(card for card in view.hand if view.trump.suit_class(card) == suit)
                if len(cards) > 1:
                    try:
                        c.apply(match, Action(Act.PLAY, seat, cards))
                        break
                    except RuleError:
                        continue
            else:
                c.apply(match, players[seat].decide(view))  # type: ignore[arg-type]
            continue
        c.apply(match, players[seat].decide(view))  # type: ignore[arg-type]
    return match


def revolt(c: Corpus) -> Match:
    """A DL hand whose payer's side may revolt (DL-TRIB-6), found by seed; it revolts."""
    for seed in range(200):
        match = Match(Game.DL, Options(), seed)
        run_table(match, random_players(seed), hands=1)
        if match.phase is Phase.OVER:  # DL-END-2..4 can end a match in its first hand
            continue
        match.apply(Action(Act.NEXT_HAND))
        deal_out(match)
        while match.phase is Phase.DECLARE:
            (seat,) = match.to_act()
            match.apply(Action(Act.PASS, seat))
        while match.phase is Phase.TRIBUTE and match.hand.step is Step.REVOLT:
            (seat,) = match.to_act()  # both paying seats are asked (DL-TRIB-6)
            legal = match.legal_actions(seat)
            revolt = next((a for a in legal if a.kind is Act.REVOLT), None)
            if revolt is None:
                c.apply(match, Action(Act.PASS, seat))
                continue
            assert isinstance(revolt, Action)
            c.apply(match, revolt)
            return match
    raise AssertionError("no seed below 200 offers a revolt")


# A type real matches (practically) never make: built by hand.
RARE = {
    ev.Countered: ev.Countered(Seat.E, (BIG_JOKER,) * 3),  # DL-TRIB-7 after a revolt
    ev.Redealt: ev.Redealt(),  # DL-DECL-9: six jokers in the kitty
    ev.TributeCancelled: ev.TributeCancelled(),
    # TR-LEAD-5, SD-CLAIM-1: a person's refused attempt (no action, so no match makes one)
    ev.AttemptRefused: ev.AttemptRefused(Seat.W, "throw", tuple(parse_cards("♠A ♠Q"))),
}


def without_audience(event: Event) -> Event:
    """The wire does not carry who else may see an event's hidden part."""
    if isinstance(event, Secret):
        return msgspec.structs.replace(event, audience=frozenset())
    return event


def test_real_matches_make_every_event_type_but_the_rare_ones() -> None:
    made = {type(e) for e in corpus().events}
    assert made | set(RARE) == set(EVENT_TYPES.values()), set(EVENT_TYPES.values()) - made


def test_every_event_round_trips_as_each_seat_sees_it() -> None:
    """``event_from_json(event_json(e)) == e`` for the referee's event and each seat's cut of
    it (the wire leaves out ``audience``, the list of who may see the hidden part)."""
    events = [*corpus().events, *RARE.values()]
    by_kind: dict[str, int] = {}
    for e in events:
        for seat in (None, *Seat):
            seen = event_for(e, seat)
            data = wire(codec.event_json(seen))
            assert data["event"] == e.KIND
            assert codec.event_from_json(data) == without_audience(seen), data
        by_kind[e.KIND] = by_kind.get(e.KIND, 0) + 1
    assert set(by_kind) == set(EVENT_TYPES)


def test_event_json_leaves_out_what_a_seat_may_not_see() -> None:
    """A cut event's JSON has no key for its hidden parts (the records' digest format)."""
    dealt = next(e for e in corpus().events if isinstance(e, ev.CardDealt))
    other = next(s for s in Seat if s != dealt.seat)
    assert "card" in codec.event_json(event_for(dealt, dealt.seat))
    assert codec.event_json(event_for(dealt, other)) == {
        "event": "card_dealt",
        "seat": dealt.seat.name,
        "n": dealt.n,
    }


def test_seat_views_of_every_game_and_phase_round_trip() -> None:
    """``view_from_json(view_json(v)) == v`` for every seat's view in every phase and step of
    every game, legal moves included (a card choice chooses from the same cards, in the same
    order: the order a player's choice may depend on)."""
    c = corpus()
    phases = {(g, p) for g, p, _ in c.where}
    assert phases >= {(g, p) for g in Game for p in Phase if p is not Phase.OVER} - {
        (Game.TR, Phase.BID),
        (Game.SD, Phase.DECLARE),
        (Game.DL, Phase.BID),
        (Game.TR, Phase.TRIBUTE),
        (Game.SD, Phase.TRIBUTE),
    }
    assert (Game.SD, Phase.OVER, Step.NONE) in c.where
    differing: dict[tuple[str, str], set[str]] = {}
    for view in c.views:
        back = codec.view_from_json(wire(codec.view_json(view)))
        assert isinstance(back, SeatView)
        fields = {f for f in view.__struct_fields__ if getattr(view, f) != getattr(back, f)}
        if fields:
            differing.setdefault((view.game.value, view.phase.value), set()).update(fields)
    assert differing == {}


def test_actions_and_legal_moves_round_trip() -> None:
    """Every action of every real match, and every legal move offered in the views."""
    c = corpus()
    actions = [a for m in c.matches for a in m.actions]
    assert {a.kind for a in actions} == set(Act) - {Act.COUNTER}
    actions.append(Action(Act.COUNTER, Seat.E, (BIG_JOKER,) * 3))  # DL-TRIB-7: rare
    for action in actions:
        assert codec.action_from_json(wire(codec.action_json(action))) == action
    moves: list[Move] = [m for v in c.views for m in v.legal]
    assert any(isinstance(m, ChooseCards) for m in moves)
    for move in moves:
        hand = move.hand if isinstance(move, ChooseCards) else ()
        assert codec.move_from_json(wire(codec.move_json(move)), hand) == move


def test_results_round_trip() -> None:
    results = [r for m in corpus().matches for r in m.history]
    assert {type(r) for r in results} == {DLResult, TRResult, SDResult}
    for result in [*results, Redeal()]:
        assert codec.result_from_json(wire(codec.result_json(result))) == result


def test_records_round_trip_and_replay() -> None:
    """A record read back gives the match's game, options, seed and actions; replayed, the
    same events and results."""
    for match in corpus().matches[:13]:
        data = wire(record_json(match))
        assert read_record(data) == (match.game, match.options, match.seed, match.actions)
        again, _ = replay(data)
        assert again.history == match.history and again.winner == match.winner
        assert [seat_view(again, s) for s in Seat] == [seat_view(match, s) for s in Seat]


# ---------------------------------------------------------------------- malformed JSON


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "JSON object"),
        ({"s": "S"}, "'a'"),
        ({"a": "fly", "s": "S"}, "fly"),
        ({"a": "play", "s": "Q"}, "Q"),
        ({"a": "play", "s": "S", "c": "♠3 XX"}, "XX"),
        ({"a": "play", "s": "S", "c": 3}, "string"),
        ({"a": "bid", "s": "S", "v": "60"}, "integer"),
        ({"a": "bid", "s": "S", "v": True}, "integer"),
        ({"a": "choose_trump", "s": "S", "suit": "X"}, "X"),
    ],
)
def test_a_malformed_action_is_a_clear_codec_error(data: Any, words: str) -> None:
    with pytest.raises(CodecError, match=words):
        codec.action_from_json(data)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("cards_played", "object"),
        ({"seat": "S"}, "unknown event None"),
        ({"event": "fireworks"}, "fireworks"),
        ({"event": "cards_played", "seat": "S", "shape": "single"}, "'cards' is missing"),
        ({"event": "cards_played", "seat": 0, "cards": "♠3", "shape": "single"}, "seat"),
        ({"event": "cards_played", "seat": "S", "cards": "♠3 ♠", "shape": "single"}, "cards"),
        ({"event": "cards_played", "seat": "S", "cards": "♠3", "shape": "blob"}, "blob"),
        ({"event": "trick_won", "seat": "S", "points": "10", "trick": 1}, "points"),
        ({"event": "claimed", "seat": "S", "hands": ["♠3"], "points": 0}, "hands"),
        ({"event": "hand_settled", "score": "a lot"}, "score"),
        ({"event": "hand_settled"}, "not a hand result"),
        ({"event": "match_over", "winner": "NE"}, "NE"),
        ({"event": "kitty_flipped", "flips": [["S"]], "extra": ""}, "2 items"),
    ],
)
def test_a_malformed_event_is_a_clear_codec_error(data: Any, words: str) -> None:
    with pytest.raises(CodecError, match=words):
        codec.event_from_json(data)


def test_malformed_views_moves_and_bytes_are_clear_codec_errors() -> None:
    view = corpus().views[-1]
    data = wire(codec.view_json(view))
    for field, bad, words in [
        ("hand", "♠3 ZZ", "hand"),
        ("phase", "napping", "napping"),
        ("trump", [99, "S"], "trump"),
        ("legal", [{"a": "bury", "s": "S", "n": 99, "k": "sd_burial"}], "count"),
    ]:
        with pytest.raises(CodecError, match=words):
            codec.view_from_json({**data, field: bad})
    missing = {k: v for k, v in data.items() if k != "seat"}
    with pytest.raises(CodecError, match="'seat' is missing"):
        codec.view_from_json(missing)
    with pytest.raises(CodecError, match="count"):
        codec.move_from_json({"a": "bury", "s": "S", "n": 0, "k": "sd_burial"})
    with pytest.raises(CodecError, match="card choice"):
        codec.move_from_json({"a": "bury", "s": "S", "n": 6, "k": "any"})
    with pytest.raises(CodecError, match="not JSON"):
        codec.decode(b'{"a": "play", "s"')


@pytest.mark.parametrize("field", ["counts", "won_points"])
def test_a_view_is_refused_unless_it_has_a_figure_for_each_seat(field: str) -> None:
    """``counts`` and ``won_points`` are indexed by Seat: a view with other than four entries
    would fail only where a reader indexes it."""
    data = wire(codec.view_json(corpus().views[-1]))
    with pytest.raises(CodecError, match=field):
        codec.view_from_json({**data, field: data[field][:2]})


def test_codec_writes_cards_as_the_rules_print_them() -> None:
    """Cards as text, in the order given (``♠10 ♥K``); seats and suits by name and letter."""
    cards = (Card.of(Suit.SPADES, 10), SMALL_JOKER, BIG_JOKER)  # type: ignore[arg-type]
    assert codec.cards_text(cards) == "♠10 SJ BJ"
    played = ev.CardsPlayed(Seat.W, cards, Shape.SINGLE)
    assert codec.event_json(played) == {
        "event": "cards_played",
        "seat": "W",
        "cards": "♠10 SJ BJ",
        "shape": "single",
    }
    choice = ChooseCards(Act.BURY, Seat.N, 8, Constraint.TR_BURIAL, cards)
    data = codec.move_json(choice)
    assert {"a": "bury", "s": "N", "n": 8, "k": "tr_burial"}.items() <= data.items()
    assert codec.winner_json(Team.NS) == "NS" and codec.winner_json((Seat.S, Seat.W)) == "S+W"
    assert codec.winner_json(None) is None
    assert json.loads(json.dumps(codec.action_json(Action(Act.PASS, Seat.E)))) == {
        "a": "pass",
        "s": "E",
    }
