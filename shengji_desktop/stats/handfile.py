"""One kept hand as a file, to take to another machine: the engine's record of its match up to
the hand's end (``engine.record``, written by the codec) with ``hand`` (its number) and
``seat`` (whose hand it was). Reading one replays it: a file that is not JSON, not a record,
holds an illegal action or does not end at that hand's settlement is refused with a clear
``HandFileError``, and nothing is kept."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from shengji_desktop.engine.actions import Act
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.record import (
    RecordError,
    applied,
    read_json_file,
    read_record,
    write_atomic,
)
from shengji_desktop.engine.view import events_for, seat_view
from shengji_desktop.rules.cards import Seat

from .facts import HandFacts, Tally

SUFFIX = ".shengji-hand.json"


class HandFileError(ValueError):
    """A hand file that cannot be imported; the message names the file and the fault."""


def write_hand_file(path: Path, record: dict[str, Any]) -> None:
    write_atomic(path, record)


def hand_facts(record: dict[str, Any], strength: str = "") -> HandFacts:
    """Replay a hand's record; the facts of its hand for its seat. RecordError or
    HandFileError when it is not the record of a settled hand."""
    game, options, seed, actions = read_record(record)
    number = record.get("hand")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise HandFileError('no hand number ("hand") in the file')
    seat_name = record.get("seat", "S")
    if seat_name not in Seat.__members__:
        raise HandFileError(f"unknown seat {seat_name!r}")
    seat = Seat[seat_name]
    key = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:32]
    match = Match(game, options, seed)
    tally = Tally(key, game, options, seat, strength)
    tally.levels = dict(seat_view(match, seat).levels)
    facts = None
    for _, action, events in applied(match, actions):
        settled = match.phase in (Phase.SETTLED, Phase.OVER) and action.kind is not Act.NEXT_HAND
        view = seat_view(match, seat) if settled else None
        found = tally.feed(events_for(events, seat), view)
        if found is not None and match.hand_number == number:
            facts = found
    if facts is None or match.hand_number != number or match.phase not in _ENDS:
        raise HandFileError(f"the record does not end at the settlement of hand {number}")
    return facts


_ENDS = (Phase.SETTLED, Phase.OVER)


def read_hand_file(path: Path) -> tuple[dict[str, Any], HandFacts]:
    """The record in a hand file and the facts of its hand; HandFileError naming the file."""
    try:
        record = read_json_file(path, "hand file")
        if not isinstance(record, dict):
            raise RecordError("a record is a JSON object")
        return record, hand_facts(record)
    except (RecordError, HandFileError) as exc:
        raise HandFileError(f"{path.name}: {exc}") from None
