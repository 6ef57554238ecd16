"""The JSON form of the program's value types, by type: cards as the rules print them, seats
and teams by name, suits by letter, ranks by label, other enums by value, structs field by
field. The codec builds the JSON of actions, events, views and records on it.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from typing import Any, Literal, get_args, get_origin

import msgspec

from ...rules.cards import (
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
from ...rules.options import Options
from ..events import Event, Secret

Json = Any  # what json.loads gives: dicts, lists, str, int, float, bool, None


class CodecError(ValueError):
    """JSON that does not describe the value it should; the message says what is wrong."""


RANK_BY_LABEL = {r.label: r for r in Rank}
SUIT_BY_LETTER = {s.letter: s for s in Suit}
TEAM_BY_NAME = {t.value: t for t in Team}

Encoder = Callable[[Any], Json]
Decoder = Callable[[Json], Any]

# Unions with a JSON form of their own (hand results, winners, moves), by their members:
# ``codec`` fills them in.
UNION_ENCODERS: dict[frozenset[Any], Encoder] = {}
UNION_DECODERS: dict[frozenset[Any], Decoder] = {}


# ---------------------------------------------------------------------- values by type


def cards_text(cards: tuple[Card, ...]) -> str:
    """Cards as records write them: ``♠10 ♥K``, in the order given."""
    return " ".join([CARD_NAMES[c] for c in cards])


_CARD_BY_NAME: dict[str, Card] = {name: Card(i) for i, name in enumerate(CARD_NAMES)}
"""The cards by the names ``str(card)`` gives: what this program writes, read back at once."""


def cards_of(text: Json) -> tuple[Card, ...]:
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


def card_of(text: Json) -> Card:
    if not isinstance(text, str):
        raise CodecError(f"a card is written as a string, not {text!r}")
    card = _CARD_BY_NAME.get(text)
    if card is not None:
        return card
    try:
        return parse_card(text)
    except ValueError as exc:
        raise CodecError(str(exc)) from None


def by_key(table: Mapping[str, Any], what: str) -> Decoder:
    def decode(data: Json) -> Any:
        if isinstance(data, str) and data in table:
            return table[data]
        raise CodecError(f"not a {what}: {data!r}")

    return decode


def enum_of(cls: type[Enum]) -> Decoder:
    def decode(data: Json) -> Any:
        try:
            return cls(data)
        except ValueError:
            raise CodecError(f"not a {cls.__name__}: {data!r}") from None

    return decode


def exactly(kind: type) -> Decoder:
    def decode(data: Json) -> Any:
        if type(data) is not kind:
            raise CodecError(f"expected {kind.__name__}, not {data!r}")
        return data

    return decode


def same(value: Any) -> Any:
    return value


CARDS = tuple[Card, ...]
NONE_TYPE = type(None)


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
    if tp == CARDS:
        return cards_text
    if tp == Plays:
        return plays_json
    if tp is Options:
        return options_json
    if isinstance(tp, type) and issubclass(tp, Enum):
        return lambda e: e.value
    if tp in (int, str, bool, float):
        return same
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (types.UnionType, typing.Union):
        inner = frozenset(a for a in args if a is not NONE_TYPE)
        enc = UNION_ENCODERS.get(inner) or encoder(next(iter(inner)))
        if len(inner) > 1 and inner not in UNION_ENCODERS:
            raise TypeError(f"codec: no JSON form for {tp!r}")
        return lambda v: None if v is None else enc(v)
    if origin is Literal:
        return same
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
        return struct_encoder(tp)
    raise TypeError(f"codec: no JSON form for {tp!r}")


@cache
def decoder(tp: Any) -> Decoder:
    """The function that turns JSON data back into a value of type ``tp``."""
    if tp is Seat:
        return by_key(Seat.__members__, "seat")
    if tp is Suit:
        return by_key(SUIT_BY_LETTER, "suit")
    if tp is Team:
        return by_key(TEAM_BY_NAME, "team")
    if tp is Rank:
        return by_key(RANK_BY_LABEL, "rank")
    if tp is Card:
        return card_of
    if tp == CARDS:
        return cards_of
    if tp == Plays:
        return plays_of
    if tp is Options:
        return options_of
    if isinstance(tp, type) and issubclass(tp, Enum):
        return enum_of(tp)
    if tp is bool:
        return exactly(bool)
    if tp is int:
        return int_of
    if tp is str:
        return exactly(str)
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (types.UnionType, typing.Union):
        inner = frozenset(a for a in args if a is not NONE_TYPE)
        if len(inner) > 1 and inner not in UNION_DECODERS:
            raise TypeError(f"codec: no JSON form for {tp!r}")
        dec = UNION_DECODERS.get(inner) or decoder(next(iter(inner)))
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
            return lambda v: tuple(item(x) for x in as_list(v))
        parts = [decoder(a) for a in args]

        def fixed(v: Json) -> tuple[Any, ...]:
            items = as_list(v)
            if len(items) != len(parts):
                raise CodecError(f"expected {len(parts)} items, not {v!r}")
            return tuple(dec(x) for dec, x in zip(parts, items, strict=True))

        return fixed
    if origin in (Mapping, dict):
        key, value = decoder(args[0]), decoder(args[1])
        return lambda m: {key(k): value(v) for k, v in as_dict(m).items()}
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return struct_decoder(tp)
    raise TypeError(f"codec: no JSON form for {tp!r}")


def int_of(v: Json) -> int:
    if type(v) is not int:
        raise CodecError(f"expected an integer, not {v!r}")
    return v


def as_list(v: Json) -> list[Any]:
    if not isinstance(v, list):
        raise CodecError(f"expected a list, not {v!r}")
    return v


def as_dict(v: Json) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise CodecError(f"expected an object, not {v!r}")
    return v


_OPTIONS: dict[tuple[tuple[str, Any], ...], Options] = {}


def options_of(data: Json) -> Options:
    """Rule options (one object per set of values: every view carries them)."""
    try:
        key = tuple(sorted(as_dict(data).items()))
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


def options_json(options: Options) -> Json:
    return options.to_dict()


Plays = tuple[tuple[Seat, tuple[Card, ...]], ...]
SEAT_BY_NAME = dict(Seat.__members__)


def plays_json(plays: Plays) -> Json:
    return [[SEAT_NAMES[seat], cards_text(cards)] for seat, cards in plays]


def plays_of(data: Json) -> Plays:
    out = []
    for item in as_list(data):
        if not isinstance(item, list) or len(item) != 2 or item[0] not in SEAT_BY_NAME:
            raise CodecError(f"not a play: {item!r}")
        out.append((SEAT_BY_NAME[item[0]], cards_of(item[1])))
    return tuple(out)


def fields_of(cls: type[msgspec.Struct]) -> list[tuple[str, Any, bool]]:
    """(name, type, has a default) of each field, ``audience`` left out (never written)."""
    hints = typing.get_type_hints(cls)
    info = msgspec.structs.fields(cls)
    return [
        (f.name, hints[f.name], not f.required)
        for f in info
        if f.name != "audience" or not issubclass(cls, Secret)
    ]


def struct_encoder(
    cls: type[msgspec.Struct], overrides: Mapping[str, Encoder] | None = None
) -> Encoder:
    """Fields by name; ``overrides`` gives some fields another JSON form."""
    special = overrides or {}
    fields = [(name, special.get(name) or encoder(tp)) for name, tp, _ in fields_of(cls)]
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


def struct_decoder(
    cls: type[msgspec.Struct], overrides: Mapping[str, Decoder] | None = None
) -> Decoder:
    special = overrides or {}
    fields = [
        (name, special.get(name) or decoder(tp), optional) for name, tp, optional in fields_of(cls)
    ]

    def decode(data: Json) -> Any:
        data = as_dict(data)
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
