"""The statistics of the window's games: where the database is (next to the autosave), the one
writer thread of each database, and recording the player's hands of a local or LAN game."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal

from ..i18n import tr

if TYPE_CHECKING:
    from shengji_desktop.engine.events import Event
    from shengji_desktop.engine.match import Match
    from shengji_desktop.stats.recorder import Writer
    from shengji_desktop.stats.store import SetAside, Store

    from .local import LocalTable
    from .session import Session

KEEP_KEY = "history/keep"  # hands kept in the history (setting)
# The statistics modules (sqlite3 and all) are imported when first used, not at start.


Say = Callable[[str, int], None]  # a message for the status bar, shown for so many ms


def db_path(save_path: Path) -> Path:
    """Next to the autosave."""
    from shengji_desktop.stats.store import DB_NAME

    return save_path.with_name(DB_NAME)


def keep_setting(settings: QSettings | None = None) -> int:
    from shengji_desktop.stats.store import KEEP_HANDS

    settings = settings or QSettings()
    try:
        value = int(str(settings.value(KEEP_KEY, KEEP_HANDS)))
    except ValueError:
        return KEEP_HANDS
    return max(1, min(value, 100_000))


def notice_text(notice: SetAside | str) -> str:
    from shengji_desktop.stats.store import SetAside

    if isinstance(notice, SetAside):
        return tr(
            "The statistics database could not be read ({reason}); it was set aside as"
            " {name} and a new one started."
        ).format(reason=notice.reason, name=notice.aside.name)
    return tr("The statistics could not be saved: {error}").format(error=notice)


def open_store(path: Path, say: Callable[[str], None]) -> Store | None:
    """The database for a window (Statistics, Hand history), or None with the reason said; a
    damaged file set aside on the way is said too."""
    from shengji_desktop.stats.store import Store, StoreError

    try:
        store = Store(path)
    except StoreError as exc:
        say(str(exc))
        return None
    if store.notice is not None:
        say(notice_text(store.notice))
    return store


class _Notices(QObject):
    """Carries the writer thread's notices to the GUI thread, to the newest window's status
    bar (held weakly: a window is never kept by its statistics)."""

    said = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.say: weakref.WeakMethod[Say] | None = None
        self.said.connect(self._show)

    def _show(self, notice: SetAside | str) -> None:
        say = self.say() if self.say is not None else None
        if say is not None:
            say(notice_text(notice), 15000)


_WRITERS: dict[Path, tuple[Writer, _Notices]] = {}
_SEATS: weakref.WeakKeyDictionary[Session, object] = weakref.WeakKeyDictionary()


def writer_for(path: Path, settings: QSettings, say: Say) -> Writer:
    """The database's writer (one for each file, for the program's life); its notices go to
    ``say`` (a method, held weakly), the status bar of the window that plays."""
    from shengji_desktop.stats.recorder import Writer

    entry = _WRITERS.get(path)
    if entry is None:
        notices = _Notices()
        entry = _WRITERS[path] = (Writer(path, notices.said.emit), notices)
    writer, notices = entry
    notices.say = weakref.WeakMethod(say)
    writer.keep = keep_setting(settings)
    return writer


def record_local(
    link: LocalTable,
    match: Match,
    past: Sequence[Event],
    path: Path,
    settings: QSettings,
    say: Say,
) -> object | None:
    """Record the hands of the player's seat of a local match (none when only computers
    play): a referee watcher of the link's table, set before the table starts."""
    from shengji_desktop.rules.cards import Seat

    if link.seat is None:
        return None
    try:
        from shengji_desktop.stats.recorder import LocalRecorder
    except ImportError as exc:  # a build without sqlite3: play on without statistics
        _unavailable(say, exc)
        return None
    kinds = {s: link.kind_of(s) for s in Seat}
    recorder = LocalRecorder(match, link.seat, kinds, writer_for(path, settings, say), past)
    link.table.watch_referee(recorder.applied)
    return recorder


def _unavailable(say: Say, exc: Exception) -> None:
    say(tr("Statistics are not available: {error}").format(error=exc), 15000)


def record_seat(session: Session, path: Path, settings: QSettings, say: Say) -> object | None:
    """Record the hands of the window's seat at a LAN table, from its events and views."""
    try:
        from shengji_desktop.stats.recorder import SeatRecorder
    except ImportError as exc:
        _unavailable(say, exc)
        return None
    recorder = SeatRecorder(writer_for(path, settings, say))
    session.events_applied.connect(recorder.feed)
    _SEATS[session] = recorder  # lives as long as the session
    return recorder
