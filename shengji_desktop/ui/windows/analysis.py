"""复盘 off the GUI thread: a finished hand analysed for one seat (``ai.analysis``), looked up
first in the statistics database (keyed by the record's digest and the analysis version), else
worked out on a pool thread whose samples run in the search's worker processes, with progress
(decision k of n) and cancel; the result is kept in the database for next time.

What a mark looks like (its colour and name) is said here once, for the slider's ticks, the
chart and the list."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThreadPool, Signal
from PySide6.QtGui import QColor

from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game

from ..i18n import tr
from ..tasks import Task

if TYPE_CHECKING:
    from shengji_desktop.ai.analysis import Decision, HandAnalysis, Mark
    from shengji_desktop.engine.replay import RecordReplay

MARK_COLOURS = {"mistake": "#c62828", "inaccuracy": "#ef8f00", "good": "#2e7d32"}


def mark_colour(mark: Mark) -> QColor:
    return QColor(MARK_COLOURS.get(mark.value, "#777"))


def mark_name(mark: Mark) -> str:
    """失误 / 疑问 / ✓: the words of the issue, one place."""
    names = {"mistake": tr("Mistake"), "inaccuracy": tr("Inaccuracy"), "good": "✓"}
    return names.get(mark.value, mark.value)


def result_text(game: Game, mean: float, error: float | None = None) -> str:
    """An estimated result of the hand for the seat's side, in the game's unit."""
    if error is None:
        if game is Game.SD:
            return tr("{mean:+.2f} coins").format(mean=mean)
        return tr("{mean:+.2f} levels").format(mean=mean)
    if game is Game.SD:
        return tr("{mean:+.2f} coins (± {error:.2f})").format(mean=mean, error=error)
    return tr("{mean:+.2f} levels (± {error:.2f})").format(mean=mean, error=error)


def where_text(d: Decision) -> str:
    """When the decision was made: its trick, or the phase before play."""
    from ..texts import phase_name

    if d.trick is not None:
        return tr("Trick {t}").format(t=d.trick)
    try:
        from shengji_desktop.engine.phase import Phase

        return phase_name(Phase(d.phase))
    except ValueError:
        return d.phase


def hand_key(replay: RecordReplay, hand: int) -> str:
    """The record of a hand, as the database knows it: a digest of the game, its options, the
    seed and every action up to the hand's end (the same hand from the history or from the
    table it was played at has the same key; no seed is stored)."""
    from shengji_desktop.stats.store import analysis_key

    span = next(s for s in replay.spans() if s.number == hand)
    actions = replay.actions[: span.last]
    return analysis_key(replay.game, replay.options, replay.seed, actions)


def stored_analyses(
    replay: RecordReplay, seat: Seat, store_path: Path | None
) -> list[HandAnalysis]:
    """The analyses the database keeps of this record's finished hands for ``seat`` (for the
    match's costliest decisions): a few indexed reads."""
    from shengji_desktop.ai.analysis import HandAnalysis
    from shengji_desktop.stats.store import Store, StoreError

    if store_path is None or not store_path.exists():
        return []
    try:
        store = Store(store_path)
    except (StoreError, OSError):
        return []
    try:
        found = (
            store.load_analysis(hand_key(replay, span.number), span.number, seat, HandAnalysis)
            for span in replay.spans()
            if span.finished
        )
        return [a for a in found if a is not None]
    finally:
        store.close()


class AnalysisJob(QObject):
    """One hand for one seat: ``start`` answers from the database at once (``finished``) or
    runs the analysis on a pool thread (``progress`` k, n; then ``finished`` or ``failed``;
    ``cancel`` ends it between two decisions, ``cancelled``)."""

    progress = Signal(int, int)
    finished = Signal(object)  # HandAnalysis
    failed = Signal(str)
    cancelled = Signal()

    def __init__(
        self,
        replay: RecordReplay,
        hand: int,
        seat: Seat,
        store_path: Path | None,
        budget: float | None = None,
        playouts: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.replay, self.hand, self.seat = replay, hand, seat
        self.store_path = store_path
        self.budget, self.playouts = budget, playouts
        self.running = False
        self.from_store = False
        self._stop = threading.Event()
        self._task: Task | None = None

    def start(self, pool: QThreadPool) -> None:
        self.running = True
        task = Task(self._work)
        self._task = task  # kept until it reports
        task.signals.done.connect(self._done)
        pool.start(task)

    def cancel(self) -> None:
        self._stop.set()

    def _work(self) -> Any:
        """On the pool thread: the database (its own connection), else the analysis."""
        from shengji_desktop.ai.analysis import analyse_hand
        from shengji_desktop.engine.replay import RecordReplay

        key = hand_key(self.replay, self.hand)
        cached = self._load(key)
        if cached is not None:
            self.from_store = True
            return cached
        # its own copy: the window steps its replay (a match it keeps) on the GUI thread
        r = self.replay
        own = RecordReplay(r.game, r.options, r.seed, list(r.actions), only=r.only)
        analysis = analyse_hand(
            own,
            self.hand,
            self.seat,
            budget=self.budget,
            playouts=self.playouts,
            progress=lambda k, n: self.progress.emit(k, n),
            cancelled=self._stop.is_set,
        )
        self._save(key, analysis)
        return analysis

    def _load(self, key: str) -> HandAnalysis | None:
        if self.store_path is None:
            return None
        from shengji_desktop.ai.analysis import HandAnalysis
        from shengji_desktop.stats.store import Store, StoreError

        try:
            store = Store(self.store_path)
        except (StoreError, OSError):
            return None
        try:
            return store.load_analysis(key, self.hand, self.seat, HandAnalysis)
        finally:
            store.close()

    def _save(self, key: str, analysis: HandAnalysis) -> None:
        if self.store_path is None:
            return
        from shengji_desktop.stats.store import Store, StoreError

        try:
            store = Store(self.store_path)
        except (StoreError, OSError):
            return  # the analysis is shown all the same; it is worked out again next time
        try:
            store.save_analysis(key, analysis)
        finally:
            store.close()

    def _done(self, result: Any) -> None:
        from shengji_desktop.ai.analysis import AnalysisCancelled

        self.running = False
        self._task = None
        if isinstance(result, AnalysisCancelled):
            self.cancelled.emit()
        elif isinstance(result, Exception):
            self.failed.emit(str(result) or type(result).__name__)
        else:
            self.finished.emit(result)


def store_path_for(widget: object) -> Path:
    """The statistics database of the window that opened ``widget`` (its ``games``), else
    the one next to the default autosave (a viewer on its own, ``replay FILE``)."""
    while widget is not None:
        games = getattr(widget, "games", None)
        if games is not None and hasattr(games, "stats_path"):
            path: Path = games.stats_path()
            return path
        parent: Callable[[], object] | None = getattr(widget, "parent", None)
        widget = parent() if callable(parent) else None
    from shengji_desktop.engine.paths import default_save_path

    from ..session.stats import db_path

    return db_path(default_save_path())
