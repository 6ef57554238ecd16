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

from typing import get_args

import msgspec

from ...rules.cards import Card, Rank, Seat, Suit, Team
from ...rules.options import Game, Options
from ...rules.ranking import Trump
from ...rules.tr import TRRow
from ..actions import Act, Action, ChooseCards, Constraint, Move
from ..events import EVENT_TYPES, Event, HandSettled, MatchOver
from ..results import (
    DLResult,
    HandResult,
    Redeal,
    SDResult,
    TrickRecord,
    TRResult,
    TRRowApplied,
    Winner,
)
from ..view import SeatView
from .forms import (
    SEAT_BY_NAME,
    SUIT_BY_LETTER,
    TEAM_BY_NAME,
    UNION_DECODERS,
    UNION_ENCODERS,
    CodecError,
    Decoder,
    Encoder,
    Json,
    as_dict,
    as_list,
    cards_of,
    cards_text,
    decoder,
    encoder,
    plays_of,
    struct_decoder,
    struct_encoder,
)

__all__ = ["CodecError", "Json", "cards_text"]

RECORD_FORMAT = "shengji-desktop record"
RECORD_VERSION = 3
"""2: every other seat says whether it buries jokers after a DL burial (DL-KITTY-8); 3: both
paying seats say whether they revolt, and after three small jokers both receiving seats whether
they counter (DL-TRIB-6/7). Older records skipped the seats that could not, and are read with
their passes put in (``record.upgrade_actions``)."""

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
        cards = cards_of(data.get("c", ""))
        suit = SUIT_BY_LETTER[data["suit"]] if "suit" in data else None
        value = data.get("v")
        taken = cards_of(data.get("t", ""))
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
    for text in as_list(data):
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
    data = as_dict(data)
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
    if data in TEAM_BY_NAME:
        return TEAM_BY_NAME[data]
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
    data = as_dict(data)
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
        level, suit = [*as_list(trump), None, None][:2]
        if type(level) is not int or not 2 <= level <= 14:
            raise CodecError(f"SeatView.trump: not a trump {trump!r}")
        made = Trump(view.game, Rank(level), decoder(Suit | None)(suit), view.options)
    moves = tuple(move_from_json(m, view.hand) for m in as_list(data.get("legal", [])))
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


# ---------------------------------------------------------------------- save journals

# the format and versions live beside the head reader, which must not load the codec
from ..savehead import JOURNAL_FORMAT as JOURNAL_FORMAT  # noqa: E402
from ..savehead import JOURNAL_VERSIONS as JOURNAL_VERSIONS  # noqa: E402

JOURNAL_VERSION = JOURNAL_VERSIONS[-1]  # as RECORD_VERSION; older ones are read the same way


def journal_head(game: Game, options: Options, seed: int, meta: Json) -> bytes:
    """A save journal's first line: the match's game, options and seed and the saver's own
    ``meta`` (a table's seats, the window's seat kinds). One line follows per action
    (``journal_action``), or a ``{"meta": ...}`` line when the meta changes (``journal_meta``).
    """
    head = {
        "format": JOURNAL_FORMAT,
        "version": JOURNAL_VERSION,
        "game": game.value,
        "options": options.to_dict(),
        "seed": seed,
        "meta": meta,
    }
    return encode(head) + b"\n"


def journal_action(action: Action) -> bytes:
    """One action's line of a save journal: ``action_json`` and a newline."""
    return encode(action_json(action)) + b"\n"


def journal_meta(meta: Json) -> bytes:
    return encode({"meta": meta}) + b"\n"


def journal_entry(line: bytes) -> Action | dict[str, Json]:
    """A journal line after the head: the action, or the new meta; CodecError when corrupt."""
    data = decode(line)
    if isinstance(data, dict) and "meta" in data and len(data) == 1:
        meta = data["meta"]
        if not isinstance(meta, dict):
            raise CodecError(f"malformed meta line: {data!r}")
        return meta
    return action_from_json(data)


def encode(data: Json) -> bytes:
    """JSON bytes of JSON data (msgspec)."""
    return msgspec.json.encode(data)


def decode(raw: bytes | str) -> Json:
    try:
        return msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise CodecError(f"not JSON: {exc}") from None


UNION_ENCODERS.update(
    {
        frozenset(get_args(HandResult)): result_json,
        frozenset(get_args(Winner)): _winner_json,
        frozenset(get_args(Move)): move_json,
    }
)
UNION_DECODERS.update(
    {
        frozenset(get_args(HandResult)): result_from_json,
        frozenset(get_args(Winner)): _winner_of,
        frozenset(get_args(Move)): move_from_json,
    }
)
_RESULT_ENCODERS: dict[type, Encoder] = {
    DLResult: struct_encoder(DLResult),
    TRResult: struct_encoder(TRResult, {"rows": _rows_json}),
    SDResult: struct_encoder(SDResult),
}
_RESULT_DECODERS: dict[type, Decoder] = {
    DLResult: struct_decoder(DLResult),
    TRResult: struct_decoder(TRResult, {"rows": _rows_of}),
    SDResult: struct_decoder(SDResult),
}
_TRICK_ENCODER = struct_encoder(TrickRecord)
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
    d = as_dict(data)
    try:
        leader, winner, points = SEAT_BY_NAME[d["leader"]], SEAT_BY_NAME[d["winner"]], d["points"]
        plays = d["plays"]
    except (KeyError, TypeError):
        raise CodecError(f"not a finished trick: {data!r}") from None
    if type(points) is not int:
        raise CodecError(f"not a finished trick: {data!r}")
    return TrickRecord(leader, plays_of(plays), winner, points)


def _tricks_of(data: Json) -> tuple[TrickRecord, ...]:
    return tuple([_trick_of(t) for t in as_list(data)])


_VIEW_ENCODER = struct_encoder(SeatView, {"trump": _trump_json, "tricks": _tricks_json})
_VIEW_DECODER = struct_decoder(
    SeatView, {"trump": lambda _: None, "legal": lambda _: (), "tricks": _tricks_of}
)
