"""Game records (seed + options + actions, versioned JSON), replay, and crash-safe saves.

A record is what ``codec.record_json`` writes; ``replay`` rebuilds the match from it. Files are
written atomically (``write_atomic``); ``Saver`` writes them off the caller's thread, so that
neither a table's loop nor the window ever waits for the disk.

A match being played is saved as a journal (``Journal``, the format is ``codec``'s): a head
line, then one line appended per action, so that a save costs the same late in a match as
early; at each hand's end the file is rewritten whole, atomically. ``load_saved`` reads a
journal, or a save of the older one-document format.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules.options import Game, Options
from . import codec
from .actions import Act, Action
from .events import Event
from .match import Match
from .paths import default_save_path as default_save_path  # the name record always had
from .phase import Phase


class RecordError(ValueError):
    """A record or save file that cannot be read; the message names the file and the fault."""


class CorruptSave(RecordError):
    """A save journal damaged beyond a cut-off last line. It has been moved out of the way
    (``aside``; None when that failed), so that the next save does not overwrite it."""

    def __init__(self, message: str, aside: Path | None) -> None:
        super().__init__(message)
        self.aside = aside


class IllegalAction(RecordError):
    """An action of a record that its match refuses: ``index`` (0 for the first), the
    ``action`` and the rules' ``error`` (a RuleError, or another ValueError)."""

    def __init__(self, index: int, action: Action, error: ValueError) -> None:
        super().__init__(f"action {index + 1} ({action}) is illegal: {error}")
        self.index = index
        self.action = action
        self.error = error


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
    if version not in (1, 2, codec.RECORD_VERSION) or isinstance(version, bool):
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
    if version != codec.RECORD_VERSION:
        actions = upgrade_actions(game, options, seed, actions)
    return game, options, seed, actions


def upgrade_actions(game: Game, options: Options, seed: int, actions: list[Action]) -> list[Action]:
    """The actions of an older record or journal with the passes it left out: the engine once
    skipped every seat that could not bury a joker after a DL burial (DL-KITTY-8, before
    version 2), or revolt or counter at the tribute (DL-TRIB-6/7, before version 3), where it
    now asks each one (offering only the pass). Played through to know where they go; an
    illegal action stops the upgrade, and the caller's replay reports it."""
    if game is not Game.DL:
        return actions
    match = Match(game, options, seed)
    out: list[Action] = []
    for i, action in enumerate(actions):
        while match.phase in (Phase.KITTY, Phase.TRIBUTE):
            seats = match.to_act()
            if len(seats) != 1:
                break
            legal = match.legal_actions(seats[0])
            passing = legal[0] if len(legal) == 1 else None
            if not isinstance(passing, Action) or passing.kind is not Act.PASS:
                break
            if action == passing:  # the record has it
                break
            match.apply(passing)
            out.append(passing)
        try:
            match.apply(action)
        except ValueError:  # RuleError included: the caller's replay says which action
            return out + actions[i:]
        out.append(action)
    return out


def applied(match: Match, actions: Iterable[Action]) -> Iterator[tuple[int, Action, list[Event]]]:
    """Apply a record's ``actions`` to ``match`` (as built from the record's game, options and
    seed) one by one: yields each action's index (0 for the first), the action and its
    events, once the match has taken it. An illegal action raises IllegalAction (a
    RecordError naming the action's number and the action) and stops there."""
    for i, action in enumerate(actions):
        try:
            events = match.apply(action)
        except ValueError as exc:  # RuleError included
            raise IllegalAction(i, action, exc) from None
        yield i, action, events


def replay(record: Any) -> tuple[Match, list[Event]]:
    """Rebuild a match from its record; returns it and every event, in order."""
    game, options, seed, actions = read_record(record)
    match = Match(game, options, seed)
    events: list[Event] = []
    for _, _, step in applied(match, actions):
        events += step
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


# ---------------------------------------------------------------------- save journals


@dataclass
class SavedMatch:
    """A save file read back: the match replayed, every event, the saver's ``meta``, and
    ``warnings`` (a cut-off last line that was left out)."""

    match: Match
    events: list[Event]
    meta: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    legacy: bool = False  # the older one-document format


Legacy = Callable[[Any], tuple[Any, dict[str, Any]]]


def legacy_record(data: Any) -> tuple[Any, dict[str, Any]]:
    """An older save of a local game: a record with the window's ``ui`` beside it."""
    ui = data.get("ui") if isinstance(data, dict) else None
    return data, ({"ui": ui} if isinstance(ui, dict) else {})


def load_saved(
    path: Path, what: str = "save file", legacy: Legacy = legacy_record, set_aside: bool = True
) -> SavedMatch:
    """The match saved in ``path``, a journal or a save of the older format (``legacy`` takes
    that document apart into a record and the meta). A cut-off last line (a crash while it
    was written) is left out with a warning; a file that is not a save raises RecordError; a
    journal damaged deeper raises CorruptSave, and the file is set aside (unless not
    ``set_aside``: a file only looked at, as by the replay viewer, stays where it is)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {what} {path}: {exc.strerror}") from None
    first, newline, rest = raw.partition(b"\n")
    head = _journal_head(first)
    if head is None or not newline:
        try:
            data = codec.decode(raw)  # a save of the older format: one JSON document
        except codec.CodecError as exc:
            raise RecordError(f"{what} {path} is corrupt or truncated: {exc}") from None
        try:
            record, meta = legacy(data)
            match, events = replay(record)
        except RecordError as exc:
            raise RecordError(f"{what} {path}: {exc}") from None
        return SavedMatch(match, events, meta, legacy=True)
    version = head.get("version")
    if version not in codec.JOURNAL_VERSIONS or isinstance(version, bool):
        raise RecordError(
            f"{what} {path}: journal version {head.get('version')!r} is not supported "
            f"(expected {codec.JOURNAL_VERSION})"
        )
    try:
        game = Game(head["game"])
        options = Options.from_dict(head.get("options", {}))
        seed, meta = head["seed"], head.get("meta", {})
        if type(seed) is not int or not isinstance(meta, dict):
            raise TypeError("seed or meta of the wrong type")
    except (KeyError, ValueError, TypeError) as exc:
        raise _corrupt(
            path, what, f"its first line is not a valid head ({exc})", set_aside
        ) from None
    lines = rest.split(b"\n")
    torn = lines.pop()  # what follows the last newline: nothing, unless a write was cut off
    actions: list[tuple[int, Action]] = []
    for number, line in enumerate(lines, start=2):
        try:
            entry = codec.journal_entry(line)
        except codec.CodecError as exc:
            raise _corrupt(path, what, f"line {number} is damaged ({exc})", set_aside) from None
        if isinstance(entry, Action):
            actions.append((number, entry))
        else:
            meta = entry
    warnings = []
    if torn:
        warnings.append(
            f"{what} {path}: its last line ({len(lines) + 2}) was cut off, as by a crash while "
            f"saving; the match goes on from the {len(actions)} actions before it"
        )
    if version != codec.JOURNAL_VERSION and actions:  # with the passes it left out
        line_of = {id(a): n for n, a in actions}
        number = actions[-1][0]
        numbered: list[tuple[int, Action]] = []
        for a in reversed(upgrade_actions(game, options, seed, [a for _, a in actions])):
            number = line_of.get(id(a), number)  # a pass put in: the next action's line
            numbered.append((number, a))
        actions = numbered[::-1]
    match = Match(game, options, seed)
    played: list[Event] = []
    try:
        for _, _, step in applied(match, [a for _, a in actions]):
            played += step
    except IllegalAction as exc:
        detail = f"the action on line {actions[exc.index][0]} is illegal: {exc.error}"
        raise _corrupt(path, what, detail, set_aside) from None
    return SavedMatch(match, played, meta, warnings)


def _journal_head(line: bytes) -> dict[str, Any] | None:
    try:
        data = codec.decode(line)
    except codec.CodecError:
        return None
    if isinstance(data, dict) and data.get("format") == codec.JOURNAL_FORMAT:
        return data
    return None


def _corrupt(path: Path, what: str, detail: str, set_aside: bool = True) -> CorruptSave:
    """The error for a damaged journal, which is moved aside (``NAME.corrupt-TIME``)."""
    if not set_aside:
        return CorruptSave(f"{what} {path} is corrupt: {detail}", None)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        os.replace(path, aside)
    except OSError as exc:
        return CorruptSave(
            f"{what} {path} is corrupt: {detail} (it could not be set aside: {exc.strerror})",
            None,
        )
    return CorruptSave(f"{what} {path} is corrupt: {detail}; it was set aside as {aside}", aside)


class Journal:
    """Saves a match as it is played, on a thread of its own. ``extend(actions)`` appends the
    actions it has not saved yet, one line each (each is encoded once, on the caller's
    thread): a save costs the same whatever the match's length. ``set_meta`` appends the
    saver's meta when it has changed. ``compact()`` (at a hand's end) has the next write
    rewrite the whole file atomically (``write_atomic``'s way): the head with the meta of now
    and every action. The first write is such a rewrite, and so is the one after a failed
    write (reported to ``on_error``), so that a torn line never stays in the middle.

    A crash loses at most what had not reached the disk yet: the action in flight."""

    def __init__(
        self,
        path: Path,
        game: Game,
        options: Options,
        seed: int,
        actions: Sequence[Action] = (),
        meta: dict[str, Any] | None = None,
        on_error: Callable[[str], None] | None = None,
        on_saved: Callable[[], None] | None = None,
    ) -> None:
        self.path = path
        self.on_error = on_error
        self.on_saved = on_saved
        self._head = (game, options, seed)
        self._meta: dict[str, Any] = dict(meta or {})
        self._lines = [codec.journal_action(a) for a in actions]  # every action, encoded
        self._pending: list[bytes] = []  # lines to append
        self._rewrite = True
        self._busy = False
        self._closed = False
        self._file: Any = None  # the file open for appending, after a rewrite
        self._cond = threading.Condition()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shengji-save")
        # What has been written, for tests and figures: full rewrites, appended lines.
        self.rewrites = 0
        self.appended_lines = 0
        self.appended_bytes = 0
        self.longest_line = 0

    def extend(self, actions: Sequence[Action], compact: bool = False) -> None:
        """Save ``actions`` (the match's list: those beyond the ones saved are new)."""
        with self._cond:
            known = len(self._lines)
            if len(actions) < known:  # not the same match any more: start the file over
                self._lines = [codec.journal_action(a) for a in actions]
                self._pending.clear()
                self._rewrite = True
            for action in actions[known:]:
                line = codec.journal_action(action)
                self._lines.append(line)
                self._pending.append(line)
            self._rewrite = self._rewrite or compact
        self._kick()

    def set_meta(self, meta: dict[str, Any]) -> None:
        with self._cond:
            if meta == self._meta:
                return
            self._meta = dict(meta)
            self._pending.append(codec.journal_meta(self._meta))
        self._kick()

    def compact(self) -> None:
        with self._cond:
            self._rewrite = True
        self._kick()

    def _kick(self) -> None:
        with self._cond:
            if self._busy or self._closed:  # closed: nothing is written any more
                return
            self._busy = True
        self._pool.submit(self._write)

    def _write(self) -> None:
        while True:
            with self._cond:
                rewrite = self._rewrite
                if not rewrite and not self._pending:
                    self._busy = False
                    self._cond.notify_all()
                    return
                if rewrite:
                    game, options, seed = self._head
                    chunks = [codec.journal_head(game, options, seed, self._meta), *self._lines]
                else:
                    chunks = list(self._pending)
                self._pending.clear()
                self._rewrite = False
            try:
                if rewrite:
                    self._replace(chunks)
                else:
                    self._append(chunks)
            except OSError as exc:
                self._close_file()
                with self._cond:
                    self._rewrite = True  # the next write starts the file over
                    self._busy = False
                    self._cond.notify_all()
                if self.on_error is not None:
                    self.on_error(f"saving to {self.path} failed: {exc}")
                return
            if self.on_saved is not None:
                self.on_saved()

    def _replace(self, chunks: list[bytes]) -> None:
        self._close_file()  # Windows cannot replace a file open here
        path = self.path
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.writelines(chunks)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self.rewrites += 1
        self._file = open(path, "ab")  # noqa: SIM115 (kept open between appends)

    def _append(self, lines: list[bytes]) -> None:
        if self._file is None:
            raise OSError(f"{self.path} is not open")
        data = b"".join(lines)
        self._file.write(data)
        self._file.flush()
        os.fsync(self._file.fileno())
        self.appended_lines += len(lines)
        self.appended_bytes += len(data)
        self.longest_line = max(self.longest_line, *map(len, lines))

    def _close_file(self) -> None:
        file, self._file = self._file, None
        if file is not None:
            with contextlib.suppress(OSError):
                file.close()

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until the file holds everything given so far."""
        with self._cond:
            self._cond.wait_for(lambda: not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
        self._pool.shutdown(wait=True)
        self._close_file()
