"""Opening the replay viewer: a file (Game → Open replay…, ``shengji-desktop replay FILE``), a
kept hand (the hand history's "Open in replay"), or the live match's own history from the
player's seat (Game → Replay this match), whose trail each session keeps (``follow``)."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QWidget

from . import dialogs
from .i18n import tr

if TYPE_CHECKING:
    from shengji_desktop.engine.events import Event
    from shengji_desktop.engine.view import SeatView

    from .app import MainWindow
    from .replay import SeatTrail
    from .replay_window import ReplayWindow
    from .session import Session

_TRAILS: weakref.WeakKeyDictionary[Session, _Follower] = weakref.WeakKeyDictionary()
Batch = tuple[tuple["Event", ...], "SeatView"]


class _Follower:
    """Keeps the trail of one session's seat (held weakly: the session goes, it goes)."""

    def __init__(self, session: Session, past: Callable[[], list[Batch]] | None) -> None:
        self.session = weakref.ref(session)
        self.past = past
        self.trail: SeatTrail | None = None

    def add(self, events: tuple[Event, ...], view: SeatView) -> None:
        from .replay import SeatTrail

        session = self.session()
        if session is None or session.human is None:
            return
        if self.trail is None:
            self.trail = SeatTrail(view.seat, view.game)
            for batch in self.past() if self.past is not None else ():
                self.trail.add(*batch)
            if self.trail.batches and not events:
                return  # the state now, which the past ends with
        self.trail.add(events, view)


def follow(session: Session, link: object = None) -> None:
    """Keep what ``session`` shows its seat, for Replay this match (a person's seat only).
    A resumed local match (``link.match``) starts with what the seat was shown of its past,
    cut for the seat by the engine (``replay.seat_batches``)."""
    from .replay import seat_batches

    match = getattr(link, "match", None)
    seat = getattr(link, "seat", None)
    past = None
    if match is not None and seat is not None and match.actions:
        head = (match.game, match.options, match.seed, list(match.actions), seat)
        past = lambda: seat_batches(*head)  # noqa: E731
    follower = _Follower(session, past)
    _TRAILS[session] = follower
    session.events_applied.connect(follower.add)


def trail_of(session: Session | None) -> SeatTrail | None:
    follower = _TRAILS.get(session) if session is not None else None
    return follower.trail if follower is not None else None


def replay_live(w: MainWindow) -> ReplayWindow | None:
    """Game → Replay this match: the player's seat, up to now."""
    from .replay_window import open_source

    trail = trail_of(w.session)
    if trail is None or trail.length < 1:
        dialogs.show_box(w, tr("Replay"), tr("There is no match of yours to replay yet."))
        return None
    return open_source(trail.snapshot(), "", w)


def open_path(path: Path, parent: QWidget | None) -> ReplayWindow | None:
    """The viewer on ``path``; a file that cannot be replayed is said so, nothing opens."""
    from shengji_desktop.engine.record import RecordError

    from .replay import open_file
    from .replay_window import open_source

    try:
        opened = open_file(path)
    except RecordError as exc:
        dialogs.show_box(
            parent,
            tr("Replay"),
            tr("This file cannot be replayed: {error}").format(error=exc),
            "warning",
        )
        return None
    window = open_source(opened.replay, path.name, parent)
    for warning in opened.warnings:
        window.statusBar().showMessage(warning, 15000)
    return window


def ask_open(w: QWidget) -> ReplayWindow | None:
    name, _ = QFileDialog.getOpenFileName(
        w, tr("Open replay"), "", tr("Records and saves (*.json *.jsonl);;All files (*)")
    )
    return open_path(Path(name), w) if name else None


def open_record(record: dict[str, Any], title: str, parent: QWidget | None) -> ReplayWindow | None:
    """A kept hand's record (``Store.hand_record``), at its hand, from its seat."""
    from shengji_desktop.engine.record import RecordError, read_record
    from shengji_desktop.rules.cards import Seat

    from .replay import RecordReplay
    from .replay_window import open_source

    try:
        game, options, seed, actions = read_record(record)
        seat = record.get("seat", "S")
        replay = RecordReplay(
            game,
            options,
            seed,
            actions,
            int(record.get("hand", 1)),
            Seat[seat] if seat in Seat.__members__ else Seat.S,
        )
    except (RecordError, ValueError) as exc:
        dialogs.show_box(
            parent,
            tr("Replay"),
            tr("This hand cannot be replayed: {error}").format(error=exc),
            "warning",
        )
        return None
    return open_source(replay, title, parent)


def run_viewer(argv: list[str], path: Path) -> int:
    """``shengji-desktop replay FILE``: the viewer on its own; a file that cannot be
    replayed is an error on stderr (exit 2) before any window."""
    import sys

    from PySide6.QtWidgets import QApplication

    from shengji_desktop.engine.record import RecordError

    from . import i18n, serial_raster
    from .app import APP_NAME, ORG_NAME
    from .replay import open_file
    from .replay_window import ReplayWindow

    try:
        opened = open_file(path)
    except RecordError as exc:
        print(f"shengji-desktop: {exc}", file=sys.stderr)
        return 2
    serial_raster()  # as the program does (ui/main.py)
    app = QApplication.instance() or QApplication(argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORG_NAME)
    i18n.install(i18n.saved_language())
    window = ReplayWindow(opened.replay, path.name)
    for warning in opened.warnings:
        window.statusBar().showMessage(warning, 15000)
    window.show()
    return int(app.exec())
