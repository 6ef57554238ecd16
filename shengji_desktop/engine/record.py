"""Game records (seed + options + actions, versioned JSON), replay, and crash-safe saves.

A record is what ``codec.record_json`` writes; ``replay`` rebuilds the match from it. Saves are
written atomically (``write_atomic``); ``Saver`` writes them off the caller's thread, so that
neither a table's loop nor the window ever waits for the disk.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ..rules.options import Game, Options
from . import codec
from .actions import Action
from .events import Event
from .match import Match


class RecordError(ValueError):
    """A record or save file that cannot be read; the message names the file and the fault."""


def record_json(match: Match) -> dict[str, Any]:
    return codec.record_json(match.game, match.options, match.seed, match.actions)


def summary_json(match: Match) -> dict[str, Any]:
    """The match in a few figures, as the command line prints them and records keep them."""
    out: dict[str, Any] = {
        "game": match.game.value,
        "seed": match.seed,
        "hands_played": len(match.history),
        "winner": codec.winner_json(match.winner),
    }
    levels = match.team_levels()
    dealer = match.next_dealer
    if match.game is Game.DL:
        out["levels"] = {t.value: int(r) for t, r in levels.items()}
        out["dealer"] = dealer.name if dealer is not None else None
        out["blood"] = match.blood()
    elif match.game is Game.TR:
        out["levels"] = {t.value: r.label for t, r in levels.items()}
        out["coins"] = {s.name: c for s, c in (match.coins() or {}).items()}
        out["dealer"] = dealer.name if dealer is not None else None
    else:
        out["coins"] = {s.name: c for s, c in (match.coins() or {}).items()}
    return out


def events_digest(events: list[Event]) -> str:
    h = hashlib.sha256()
    for e in events:
        h.update(json.dumps(codec.event_json(e), sort_keys=True, ensure_ascii=False).encode())
        h.update(b"\n")
    return h.hexdigest()


def read_record(record: Any) -> tuple[Game, Options, int, list[Action]]:
    """The game, options, seed and actions of a record; RecordError on anything malformed."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != codec.RECORD_FORMAT:
        raise RecordError("not a shengji-desktop record")
    version = record.get("version")
    if version != codec.RECORD_VERSION:
        raise RecordError(
            f"record version {version!r} is not supported (expected {codec.RECORD_VERSION})"
        )
    try:
        game = Game(record["game"])
        options = Options.from_dict(record.get("options", {}))
        seed = record["seed"]
        actions = [codec.action_from_json(a) for a in record["actions"]]
    except (KeyError, ValueError, TypeError) as exc:
        raise RecordError(f"malformed record: {exc}") from None
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("malformed record: seed must be an integer")
    return game, options, seed, actions


def replay(record: Any) -> tuple[Match, list[Event]]:
    """Rebuild a match from its record; returns it and every event, in order."""
    game, options, seed, actions = read_record(record)
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
    out = record_json(match)
    out["check"] = {"events": len(events), "sha256": events_digest(events)}
    out["summary"] = summary_json(match)
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
    if "summary" in record and record["summary"] != json.loads(json.dumps(summary_json(match))):
        problems.append("final summary differs")
    return problems


def write_atomic(path: Path, data: Any) -> None:
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
    write_atomic(path, record_json(match))


def read_json_file(path: Path, what: str) -> Any:
    """A JSON file's data; RecordError naming the file when it is unreadable or corrupt."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {what} {path}: {exc.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what} {path} is corrupt or truncated: {exc}") from None


def load(path: Path) -> Match:
    """Resume a saved match; a truncated or corrupt file raises RecordError naming it."""
    data = read_json_file(path, "save file")
    try:
        match, _ = replay(data)
    except RecordError as exc:
        raise RecordError(f"save file {path}: {exc}") from None
    return match


def default_save_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("shengji-desktop", appauthor=False)) / "autosave.json"


class Saver:
    """Writes the newest snapshot on a thread of its own (an fsync takes milliseconds):
    snapshots given while one is being written collapse into the latest. ``flush`` waits until
    the file holds the latest one. A failed write is reported to ``on_error`` and leaves the
    previous file whole (``write_atomic``)."""

    def __init__(
        self,
        path: Path,
        on_error: Callable[[str], None] | None = None,
        on_saved: Callable[[], None] | None = None,
    ) -> None:
        self.path = path
        self.on_error = on_error
        self.on_saved = on_saved
        self.saves = 0
        self._pending: Any = None
        self._busy = False
        self._cond = threading.Condition()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shengji-save")

    def save(self, snapshot: Any) -> None:
        with self._cond:
            self._pending = snapshot
            if self._busy:
                return
            self._busy = True
        self._pool.submit(self._write)

    def _write(self) -> None:
        while True:
            with self._cond:
                snapshot, self._pending = self._pending, None
                if snapshot is None:
                    self._busy = False
                    self._cond.notify_all()
                    return
            try:
                write_atomic(self.path, snapshot)  # mkstemp: readable by the owner only
            except OSError as exc:
                if self.on_error is not None:
                    self.on_error(f"saving to {self.path} failed: {exc}")
                continue
            self.saves += 1
            if self.on_saved is not None:
                self.on_saved()

    def flush(self, timeout: float = 30.0) -> None:
        with self._cond:
            self._cond.wait_for(lambda: not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        self._pool.shutdown(wait=True)
