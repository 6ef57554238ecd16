"""Game records (seed + options + actions, versioned JSON), replay, and crash-safe saves."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..rules.options import Game, Options
from .actions import Action
from .events import Event
from .match import RECORD_VERSION, Match


class RecordError(ValueError):
    """A record or save file that cannot be read; the message names the file and the fault."""


def events_digest(events: list[Event]) -> str:
    h = hashlib.sha256()
    for e in events:
        h.update(json.dumps(e.for_seat(None), sort_keys=True, ensure_ascii=False).encode())
        h.update(b"\n")
    return h.hexdigest()


def replay(record: dict[str, Any]) -> tuple[Match, list[Event]]:
    """Rebuild a match from its record; returns it and every event, in order."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != "shengji-desktop record":
        raise RecordError("not a shengji-desktop record")
    version = record.get("version")
    if version != RECORD_VERSION:
        raise RecordError(
            f"record version {version!r} is not supported (expected {RECORD_VERSION})"
        )
    try:
        game = Game(record["game"])
        options = Options.from_dict(record.get("options", {}))
        seed = record["seed"]
        actions = [Action.from_json(a) for a in record["actions"]]
    except (KeyError, ValueError, TypeError) as exc:
        raise RecordError(f"malformed record: {exc}") from None
    if not isinstance(seed, int):
        raise RecordError("malformed record: seed must be an integer")
    match = Match(game, options, seed)
    events: list[Event] = []
    for i, action in enumerate(actions):
        try:
            events += match.apply(action)
        except ValueError as exc:  # RuleError included
            raise RecordError(f"action {i + 1} ({action}) is illegal: {exc}") from None
    return match, events


def with_check(match: Match, events: list[Event]) -> dict[str, Any]:
    """The record plus what a replay must reproduce (``replay --check``)."""
    out = match.record()
    out["check"] = {"events": len(events), "sha256": events_digest(events)}
    out["summary"] = match.summary()
    return out


def check(record: dict[str, Any]) -> list[str]:
    """Differences between a replay and the record's stored check; empty when identical."""
    match, events = replay(record)
    problems = []
    stored = record.get("check")
    if isinstance(stored, dict):
        if stored.get("events") != len(events):
            problems.append(f"events: recorded {stored.get('events')}, replayed {len(events)}")
        if stored.get("sha256") != events_digest(events):
            problems.append("event digest differs")
    if "summary" in record and record["summary"] != json.loads(json.dumps(match.summary())):
        problems.append("final summary differs")
    return problems


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename: a crash
    leaves either the old file or the new one, never a torn one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(match: Match, path: Path) -> None:
    write_atomic(path, match.record())


def load(path: Path) -> Match:
    """Resume a saved match; a truncated or corrupt file raises RecordError naming it."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read save file {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"save file {path} is corrupt or truncated: {exc}") from None
    try:
        match, _ = replay(data)
    except RecordError as exc:
        raise RecordError(f"save file {path}: {exc}") from None
    return match


def default_save_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("shengji-desktop", appauthor=False)) / "autosave.json"


class AutosavedMatch:
    """A match that saves itself after every applied action (crash-safe, see write_atomic).

    The GUI calls ``apply`` off its UI thread; a failed write never loses the previous save.
    """

    def __init__(self, match: Match, path: Path | None = None) -> None:
        self.match = match
        self.path = path or default_save_path()

    def apply(self, action: Action) -> list[Event]:
        events = self.match.apply(action)  # an illegal action raises before anything is saved
        save(self.match, self.path)
        return events

    @classmethod
    def resume(cls, path: Path | None = None) -> AutosavedMatch:
        target = path or default_save_path()
        return cls(load(target), target)
