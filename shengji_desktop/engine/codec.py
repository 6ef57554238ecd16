"""JSON at the edges: actions, events, seat views, records and summaries to JSON and back.

The only place the program's typed values become text for a file or the wire, and the only
place outside the rules and the command line that parses cards. Cards are written as the rules
print them (``♠10``), several cards as one space-separated string; seats and teams by name
(``S``, ``NS``), suits by letter, ranks by label, other enums by value. The JSON of actions,
events and records is the format of record version 1, so old saves and records read as before
and the digest a record keeps of its events (``replay --check``) stays valid.

Every ``*_from_json`` raises ``CodecError`` (a ValueError) naming what is malformed.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from typing import Any, Literal, get_args, get_origin

import msgspec

from ..rules.cards import (
    CARD_NAMES,
    SEAT_NAMES,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    parse_card,
    parse_cards,
)
from ..rules.options import Game, Options
from ..rules.ranking import Trump
from ..rules.tr import TRRow
from .actions import Act, Action, ChooseCards, Constraint, Move
from .events import EVENT_TYPES, Event, HandSettled, MatchOver, Secret
from .results import (
    DLResult,
    HandResult,
    Redeal,
    SDResult,
    TrickRecord,
    TRResult,
    TRRowApplied,
    Winner,
)
from .view import SeatView

RECORD_FORMAT = "shengji-desktop record"
RECORD_VERSION = 1

Json = Any  # what json.loads gives: dicts, lists, str, int, float, bool, None


class CodecError(ValueError):
    """JSON that does not describe the value it should; the message says what is wrong."""


_RANK_BY_LABEL = {r.label: r for r in Rank}
_SUIT_BY_LETTER = {s.letter: s for s in Suit}
_TEAM_BY_NAME = {t.value: t for t in Team}

Encoder = Callable[[Any], Json]
Decoder = Callable[[Json], Any]


# ---------------------------------------------------------------------- values by type


def cards_text(cards: tuple[Card, ...]) -> str:
    """Cards as records write them: ``♠10 ♥K``, in the order given."""
    return " ".join([CARD_NAMES[c] for c in cards])


_CARD_BY_NAME: dict[str, Card] = {name: Card(i) for i, name in enumerate(CARD_NAMES)}
"""The cards by the names ``str(card)`` gives: what this program writes, read back at once."""


def _cards_of(text: Json) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise CodecError(f"cards are written as a string, not {text!r}")
    names = text.split()
    try:
        return tuple([_CARD_BY_NAME[name] for name in names])
    except KeyError:  # written another way (``S10``, no spaces): the rules' parser
        pass
    try:
        return tuple(parse_cards(text))
    except ValueError as exc:
        raise CodecError(str(exc)) from None


def _card_of(text: Json) -> Card:
    if not isinstance(text, str):
        raise CodecError(f"a card is written as a string, not {text!r}")
    card = _CARD_BY_NAME.get(text)
    if card is not None:
        return card
    try:
        return parse_card(text)
    except ValueError as exc:
        raise CodecError(str(exc)) from None


def _by_key(table: Mapping[str, Any], what: str) -> Decoder:
    def decode(data: Json) -> Any:
        if isinstance(data, str) and data in table:
            return table[data]
        raise CodecError(f"not a {what}: {data!r}")

    return decode


def _enum_of(cls: type[Enum]) -> Decoder:
    def decode(data: Json) -> Any:
        try:
            return cls(data)
        except ValueError:
            raise CodecError(f"not a {cls.__name__}: {data!r}") from None

    return decode


def _exactly(kind: type) -> Decoder:
    def decode(data: Json) -> Any:
        if type(data) is not kind:
            raise CodecError(f"expected {kind.__name__}, not {data!r}")
        return data

    return decode


def _same(value: Any) -> Any:
    return value


_CARDS = tuple[Card, ...]
_NONE = type(None)


@cache
def encoder(tp: Any) -> Encoder:
    """The function that turns a value of type ``tp`` into JSON data."""
    if tp is Seat:
        return SEAT_NAMES.__getitem__
    if tp is Suit:
        return lambda s: s.letter
    if tp is Rank:
        return lambda r: r.label
    if tp is Card:
        return CARD_NAMES.__getitem__
    if tp == _CARDS:
        return cards_text
    if tp == Plays:
        return _plays_json
    if tp is Options:
        return _options_json
    if isinstance(tp, type) and issubclass(tp, Enum):
        return lambda e: e.value
    if tp in (int, str, bool, float):
        return _same
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (types.UnionType, typing.Union):
        inner = frozenset(a for a in args if a is not _NONE)
        enc = _UNION_ENCODERS.get(inner) or encoder(next(iter(inner)))
        if len(inner) > 1 and inner not in _UNION_ENCODERS:
            raise TypeError(f"codec: no JSON form for {tp!r}")
        return lambda v: None if v is None else enc(v)
    if origin is Literal:
        return _same
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = encoder(args[0])
            return lambda v: [item(x) for x in v]
        parts = [encoder(a) for a in args]
        return lambda v: [enc(x) for enc, x in zip(parts, v, strict=True)]
    if origin in (Mapping, dict):
        key, value = encoder(args[0]), encoder(args[1])
        return lambda m: {key(k): value(v) for k, v in m.items()}
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _struct_encoder(tp)
    raise TypeError(f"codec: no JSON form for {tp!r}")


@cache
def decoder(tp: Any) -> Decoder:
    """The function that turns JSON data back into a value of type ``tp``."""
    if tp is Seat:
        return _by_key(Seat.__members__, "seat")
    if tp is Suit:
        return _by_key(_SUIT_BY_LETTER, "suit")
    if tp is Team:
        return _by_key(_TEAM_BY_NAME, "team")
    if tp is Rank:
        return _by_key(_RANK_BY_LABEL, "rank")
    if tp is Card:
        return _card_of
    if tp == _CARDS:
        return _cards_of
    if tp == Plays:
        return _plays_of
    if tp is Options:
        return _options_of
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _enum_of(tp)
    if tp is bool:
        return _exactly(bool)
    if tp is int:
        return _int_of
    if tp is str:
        return _exactly(str)
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (types.UnionType, typing.Union):
        inner = frozenset(a for a in args if a is not _NONE)
        if len(inner) > 1 and inner not in _UNION_DECODERS:
            raise TypeError(f"codec: no JSON form for {tp!r}")
        dec = _UNION_DECODERS.get(inner) or decoder(next(iter(inner)))
        return lambda v: None if v is None else dec(v)
    if origin is Literal:

        def literal(v: Json) -> Any:
            if v not in args:
                raise CodecError(f"expected one of {args}, not {v!r}")
            return v

        return literal
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = decoder(args[0])
            return lambda v: tuple(item(x) for x in _list(v))
        parts = [decoder(a) for a in args]

        def fixed(v: Json) -> tuple[Any, ...]:
            items = _list(v)
            if len(items) != len(parts):
                raise CodecError(f"expected {len(parts)} items, not {v!r}")
            return tuple(dec(x) for dec, x in zip(parts, items, strict=True))

        return fixed
    if origin in (Mapping, dict):
        key, value = decoder(args[0]), decoder(args[1])
        return lambda m: {key(k): value(v) for k, v in _dict(m).items()}
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _struct_decoder(tp)
    raise TypeError(f"codec: no JSON form for {tp!r}")


def _int_of(v: Json) -> int:
    if type(v) is not int:
        raise CodecError(f"expected an integer, not {v!r}")
    return v


def _list(v: Json) -> list[Any]:
    if not isinstance(v, list):
        raise CodecError(f"expected a list, not {v!r}")
    return v


def _dict(v: Json) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise CodecError(f"expected an object, not {v!r}")
    return v


_OPTIONS: dict[tuple[tuple[str, Any], ...], Options] = {}


def _options_of(data: Json) -> Options:
    """Rule options (one object per set of values: every view carries them)."""
    try:
        key = tuple(sorted(_dict(data).items()))
        options = _OPTIONS.get(key)
    except TypeError:  # a value that is not hashable: malformed, the options say why
        key, options = (), None
    if options is None:
        try:
            options = Options.from_dict(data)
        except (ValueError, TypeError) as exc:
            raise CodecError(f"rule options: {exc}") from None
        if key:
            if len(_OPTIONS) > 64:
                _OPTIONS.clear()
            _OPTIONS[key] = options
    return options


def _options_json(options: Options) -> Json:
    return options.to_dict()


Plays = tuple[tuple[Seat, tuple[Card, ...]], ...]
_SEAT_BY_NAME = dict(Seat.__members__)


def _plays_json(plays: Plays) -> Json:
    return [[SEAT_NAMES[seat], cards_text(cards)] for seat, cards in plays]


def _plays_of(data: Json) -> Plays:
    out = []
    for item in _list(data):
        if not isinstance(item, list) or len(item) != 2 or item[0] not in _SEAT_BY_NAME:
            raise CodecError(f"not a play: {item!r}")
        out.append((_SEAT_BY_NAME[item[0]], _cards_of(item[1])))
    return tuple(out)


def _fields(cls: type[msgspec.Struct]) -> list[tuple[str, Any, bool]]:
    """(name, type, has a default) of each field, ``audience`` left out (never written)."""
    hints = typing.get_type_hints(cls)
    info = msgspec.structs.fields(cls)
    return [
        (f.name, hints[f.name], not f.required)
        for f in info
        if f.name != "audience" or not issubclass(cls, Secret)
    ]


def _struct_encoder(
    cls: type[msgspec.Struct], overrides: Mapping[str, Encoder] | None = None
) -> Encoder:
    """Fields by name; ``overrides`` gives some fields another JSON form."""
    special = overrides or {}
    fields = [(name, special.get(name) or encoder(tp)) for name, tp, _ in _fields(cls)]
    skip_none = issubclass(cls, Event)  # an event leaves out what it does not say

    def encode(obj: Any) -> dict[str, Json]:
        out: dict[str, Json] = {}
        for name, enc in fields:
            value = getattr(obj, name)
            if value is None:
                if not skip_none:
                    out[name] = None
                continue
            out[name] = enc(value)
        return out

    return encode


def _struct_decoder(
    cls: type[msgspec.Struct], overrides: Mapping[str, Decoder] | None = None
) -> Decoder:
    special = overrides or {}
    fields = [
        (name, special.get(name) or decoder(tp), optional) for name, tp, optional in _fields(cls)
    ]

    def decode(data: Json) -> Any:
        data = _dict(data)
        kwargs: dict[str, Any] = {}
        for name, dec, optional in fields:
            if name in data:
                try:
                    kwargs[name] = dec(data[name])
                except CodecError as exc:
                    raise CodecError(f"{cls.__name__}.{name}: {exc}") from None
            elif not optional:
                raise CodecError(f"{cls.__name__}: {name!r} is missing")
        return cls(**kwargs)

    return decode


# ---------------------------------------------------------------------- actions and moves


def action_json(action: Action) -> dict[str, Json]:
    """An action as records and the wire write it: ``{"a": kind, "s": seat, "c": cards, ...}``."""
    out: dict[str, Json] = {"a": action.kind.value}
    if action.seat is not None:
        out["s"] = action.seat.name
    if action.cards:
        out["c"] = cards_text(tuple(sorted(action.cards)))
    if action.suit is not None:
        out["suit"] = action.suit.letter
    if action.value is not None:
        out["v"] = action.value
    if action.taken:
        out["t"] = cards_text(tuple(sorted(action.taken)))
    return out


def action_from_json(data: Json) -> Action:
    """One action; raises CodecError with a clear message on anything malformed."""
    if not isinstance(data, dict):
        raise CodecError(f"an action is a JSON object, not {type(data).__name__}")
    try:
        kind = Act(data["a"])
        seat = Seat[data["s"]] if "s" in data else None
        cards = _cards_of(data.get("c", ""))
        suit = _SUIT_BY_LETTER[data["suit"]] if "suit" in data else None
        value = data.get("v")
        taken = _cards_of(data.get("t", ""))
    except (KeyError, ValueError, TypeError) as exc:
        raise CodecError(f"malformed action {data!r}: {exc}") from None
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise CodecError(f"malformed action {data!r}: value must be an integer")
    return Action(kind, seat, cards, suit, value, taken)


def move_json(move: Move) -> dict[str, Json]:
    """A legal move: an action, or a card choice ``{"a": kind, "s": seat, "n": count, "k":
    constraint}`` (the cards to choose from are the view's hand)."""
    if isinstance(move, Action):
        return action_json(move)
    return {"a": move.kind.value, "s": move.seat.name, "n": move.count, "k": move.constraint.value}


def move_from_json(data: Json, hand: tuple[Card, ...] = ()) -> Move:
    if isinstance(data, dict) and "n" in data:
        try:
            kind, seat = Act(data["a"]), Seat[data["s"]]
            count, constraint = data["n"], Constraint(data["k"])
        except (KeyError, ValueError, TypeError) as exc:
            raise CodecError(f"malformed card choice {data!r}: {exc}") from None
        if type(count) is not int or not 0 < count <= 64:
            raise CodecError(f"malformed card choice {data!r}: bad count")
        return ChooseCards(kind, seat, count, constraint, hand)
    return action_from_json(data)


# ---------------------------------------------------------------------- results and winners


def _rows_json(rows: tuple[TRRowApplied, ...]) -> list[str]:
    return [f"{r.part}:{r.row.value}:{r.team.value}" for r in rows]


def _rows_of(data: Json) -> tuple[TRRowApplied, ...]:
    out = []
    for text in _list(data):
        try:
            part, row, team = str(text).split(":")
            out.append(TRRowApplied(part, TRRow(row), Team(team)))  # type: ignore[arg-type]
        except ValueError:
            raise CodecError(f"not a settlement row: {text!r}") from None
    return tuple(out)


def result_json(result: HandResult) -> dict[str, Json]:
    """A settled hand's result, as the ``hand_settled`` event and records write it."""
    if isinstance(result, Redeal):
        return {"redeal": True}
    out: dict[str, Json] = _RESULT_ENCODERS[type(result)](result)
    return out


def result_from_json(data: Json) -> HandResult:
    data = _dict(data)
    if data.get("redeal") is True:
        return Redeal()
    for key, cls in (("score", DLResult), ("takeover", TRResult), ("outcome", SDResult)):
        if key in data:
            result: HandResult = _RESULT_DECODERS[cls](data)
            return result
    raise CodecError(f"not a hand result: {data!r}")


def _winner_json(winner: Winner) -> str:
    if isinstance(winner, Team):
        return winner.value
    return "+".join(s.name for s in winner)


def _winner_of(data: Json) -> Winner:
    if data in _TEAM_BY_NAME:
        return _TEAM_BY_NAME[data]
    if not isinstance(data, str):
        raise CodecError(f"not a winner: {data!r}")
    try:
        return tuple(Seat[name] for name in data.split("+"))
    except KeyError:
        raise CodecError(f"not a winner: {data!r}") from None


def winner_json(winner: Winner | None) -> str | None:
    return None if winner is None else _winner_json(winner)


# ---------------------------------------------------------------------- events


def event_json(event: Event) -> dict[str, Json]:
    """An event as records digest it and the wire carries it: ``{"event": kind, ...}``. A cut
    event (``view.event_for``) leaves its hidden parts out."""
    if isinstance(event, HandSettled):
        return {"event": event.KIND, **result_json(event.result)}
    if isinstance(event, MatchOver):
        return {"event": event.KIND, "winner": _winner_json(event.winner)}
    return {"event": event.KIND, **encoder(type(event))(event)}


def event_from_json(data: Json) -> Event:
    data = _dict(data)
    kind = data.get("event")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CodecError(f"unknown event {kind!r}")
    if cls is HandSettled:
        return HandSettled(result_from_json({k: v for k, v in data.items() if k != "event"}))
    if cls is MatchOver:
        return MatchOver(_winner_of(data.get("winner")))
    event: Event = decoder(cls)({k: v for k, v in data.items() if k != "event"})
    return event


# ---------------------------------------------------------------------- seat views


def _trump_json(trump: Trump) -> Json:
    return [int(trump.level), None if trump.suit is None else trump.suit.letter]


def view_json(view: SeatView) -> dict[str, Json]:
    """A seat's view for the wire (nothing in it is hidden from that seat)."""
    out: dict[str, Json] = _VIEW_ENCODER(view)
    return out


def view_from_json(data: Json) -> SeatView:
    """A seat's view from the wire: the trump is rebuilt with the view's game and options, the
    card choices among its moves choose from its hand."""
    view = _VIEW_DECODER(data)
    assert isinstance(view, SeatView)
    trump = data.get("trump")
    made: Trump | None = None
    if trump is not None:
        level, suit = [*_list(trump), None, None][:2]
        if type(level) is not int or not 2 <= level <= 14:
            raise CodecError(f"SeatView.trump: not a trump {trump!r}")
        made = Trump(view.game, Rank(level), decoder(Suit | None)(suit), view.options)
    moves = tuple(move_from_json(m, view.hand) for m in _list(data.get("legal", [])))
    return msgspec.structs.replace(view, trump=made, legal=moves)


# ---------------------------------------------------------------------- records and summaries


def record_json(game: Game, options: Options, seed: int, actions: list[Action]) -> dict[str, Json]:
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game.value,
        "options": options.to_dict(),
        "seed": seed,
        "actions": [action_json(a) for a in actions],
    }


def encode(data: Json) -> bytes:
    """JSON bytes of JSON data (msgspec)."""
    return msgspec.json.encode(data)


def decode(raw: bytes | str) -> Json:
    try:
        return msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise CodecError(f"not JSON: {exc}") from None


_UNION_ENCODERS: dict[frozenset[Any], Encoder] = {
    frozenset(get_args(HandResult)): result_json,
    frozenset(get_args(Winner)): _winner_json,
    frozenset(get_args(Move)): move_json,
}
_UNION_DECODERS: dict[frozenset[Any], Decoder] = {
    frozenset(get_args(HandResult)): result_from_json,
    frozenset(get_args(Winner)): _winner_of,
    frozenset(get_args(Move)): move_from_json,
}
_RESULT_ENCODERS: dict[type, Encoder] = {
    DLResult: _struct_encoder(DLResult),
    TRResult: _struct_encoder(TRResult, {"rows": _rows_json}),
    SDResult: _struct_encoder(SDResult),
}
_RESULT_DECODERS: dict[type, Decoder] = {
    DLResult: _struct_decoder(DLResult),
    TRResult: _struct_decoder(TRResult, {"rows": _rows_of}),
    SDResult: _struct_decoder(SDResult),
}
_TRICK_ENCODER = _struct_encoder(TrickRecord)
_TRICKS: dict[int, tuple[TrickRecord, Json]] = {}


def _tricks_json(tricks: tuple[TrickRecord, ...]) -> Json:
    """Finished tricks never change: each is written once (every view carries them all)."""
    out = []
    for record in tricks:
        entry = _TRICKS.get(id(record))
        if entry is None or entry[0] is not record:
            if len(_TRICKS) > 4096:
                _TRICKS.clear()
            entry = _TRICKS[id(record)] = (record, _TRICK_ENCODER(record))
        out.append(entry[1])
    return out


def _trick_of(data: Json) -> TrickRecord:
    d = _dict(data)
    try:
        leader, winner, points = _SEAT_BY_NAME[d["leader"]], _SEAT_BY_NAME[d["winner"]], d["points"]
        plays = d["plays"]
    except (KeyError, TypeError):
        raise CodecError(f"not a finished trick: {data!r}") from None
    if type(points) is not int:
        raise CodecError(f"not a finished trick: {data!r}")
    return TrickRecord(leader, _plays_of(plays), winner, points)


def _tricks_of(data: Json) -> tuple[TrickRecord, ...]:
    return tuple([_trick_of(t) for t in _list(data)])


_VIEW_ENCODER = _struct_encoder(SeatView, {"trump": _trump_json, "tricks": _tricks_json})
_VIEW_DECODER = _struct_decoder(
    SeatView, {"trump": lambda _: None, "legal": lambda _: (), "tricks": _tricks_of}
)
