"""Opening the replay viewer: a file (Game → Open replay…, ``shengji-desktop replay FILE``), a
kept hand (the hand history's "Open in replay"), or the live match's own history from the
player's seat (Game → Replay this match), whose trail each session keeps (``trail.follow``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QWidget

from .. import dialogs
from ..i18n import tr
from ..session.trail import trail_of

if TYPE_CHECKING:
    from ..session.session import Session
    from .replay import ReplayWindow


def replay_live(session: Session | None, parent: QWidget) -> ReplayWindow | None:
    """Game → Replay this match: the player's seat, up to now."""
    from .replay import open_source

    trail = trail_of(session)
    if trail is None or trail.length < 1:
        dialogs.show_box(parent, tr("Replay"), tr("There is no match of yours to replay yet."))
        return None
    return open_source(trail.snapshot(), "", parent)


def analyse_live(session: Session | None, hand: int, parent: QWidget) -> ReplayWindow | None:
    """The settlement's 复盘: the local match's hands so far in the viewer, from the player's
    seat alone (``only``: no other view, no hands face up), at ``hand``, analysed for that
    seat. The analysis reads the seat's own views only (``ai.analysis``)."""
    from shengji_desktop.engine.replay import RecordReplay

    from .replay import open_source

    link = getattr(session, "link", None)
    match = getattr(link, "match", None)
    seat = session.human if session is not None else None
    if match is None or seat is None:
        dialogs.show_box(parent, tr("Analyse"), tr("Only a hand played here can be analysed."))
        return None
    replay = RecordReplay(
        match.game, match.options, match.seed, list(match.actions), hand, seat, only=seat
    )
    window = open_source(replay, tr("Hand {n}").format(n=hand), parent)
    window.analyse(seat, hand)
    return window


def open_path(path: Path, parent: QWidget | None) -> ReplayWindow | None:
    """The viewer on ``path``; a file that cannot be replayed is said so, nothing opens."""
    from shengji_desktop.engine.record import RecordError
    from shengji_desktop.engine.replay import open_file

    from .replay import open_source

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
    from shengji_desktop.engine.replay import RecordReplay
    from shengji_desktop.rules.cards import Seat

    from .replay import open_source

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
    from shengji_desktop.engine.replay import open_file

    from .. import APP_NAME, ORG_NAME, i18n, serial_raster
    from .replay import ReplayWindow

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
