"""Game → Open replay…: a record watched again on the live table's scene, panels and
animations, step by step (buttons, ←/→, a slider over the hand's tricks), forward and back,
or played at a chosen speed; from any seat's view, or with all hands of a finished hand face
up; and at any decision, what the hard player would play there (``replay_advice``).

The window's table is the main window's ``TableScreen`` (with a scene that can lay all hands
open), showing a ``Session`` over a ``ReplayLink``, which hands it the events and the view of
the next position (animated) or, after a jump, the view alone (shown at once, with the log and
the score sheet rebuilt up to there)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QThreadPool, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QColor, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QLabel,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.replay import HandSpan, RecordReplay, Source, span_of
from shengji_desktop.engine.table import Player
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Seat

from ..fit import remember
from ..i18n import tr
from ..session.session import Session
from ..table.screen import TableScreen
from ..texts import game_name, kind_name, seat_name
from .analysis import AnalysisJob, mark_colour, store_path_for, stored_analyses
from .analysis_panel import MarkedSlider

if TYPE_CHECKING:
    from shengji_desktop.ai.analysis import Decision, HandAnalysis

# speed: (animation factor, pause after a step in ms, after a card dealt)
PLAY_SPEEDS = {
    "slow": (1.6, 1200, 120),
    "normal": (1.0, 600, 60),
    "fast": (0.5, 200, 20),
    "instant": (0.0, 60, 5),
}
REPLAY_SIZE = (1280, 760)  # as the screen allows (fit)
REPLAY_GEOMETRY_KEY = "ui/replay-geometry"
ADVICE_MIN_H = 150  # the advice box's first height, at least
SHORT_COLUMN = 800  # a right column shorter than this gives an analysis all of its height
ROW_H = 34  # a bar of the controls
SLIDER_MIN_W = 160  # the slider over the hand's tricks, at its narrowest


class ReplayLink:
    """The session's table: positions of a replay, handed over by the window."""

    remote = False
    seat: Seat | None = None  # watching: nobody plays through this window

    def __init__(self, source: Source, on_shown: object) -> None:
        self.source = source
        self.session: Session | None = None
        self._on_shown = on_shown

    def start(self, session: Session) -> None:
        self.session = session

    def show(self, events: tuple[Event, ...], view: SeatView) -> None:
        if self.session is not None:
            self.session.deliver(events, view)

    def submit(self, action: Action) -> None:
        pass

    def next_hand(self) -> bool:
        return False

    def caught_up(self, shown: int) -> None:
        if callable(self._on_shown):
            self._on_shown()

    def caption(self, seat: Seat) -> str:
        kinds = getattr(self.source, "kinds", [])
        return kind_name(kinds[seat]) if len(kinds) == 4 else ""

    def kind_of(self, seat: Seat) -> str:
        kinds = getattr(self.source, "kinds", [])
        return kinds[seat] if len(kinds) == 4 else ""

    def shutdown(self) -> None:
        pass

    def flush_save(self) -> None:
        pass

    def set_autoplay(self, player: Player | None, level: str) -> bool:
        return False


class ReplayWindow(QMainWindow):
    def __init__(self, source: Source, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from .analysis_panel import AnalysisPanel
        from .replay_advice import AdviceBox
        from .replay_scene import ReplayScene

        self.source = source
        self.setWindowTitle(
            tr("Replay: {name}").format(name=title or game_name(source.game))
            if not source.live
            else tr("Replay of this match (your seat, up to now)")
        )
        self.settings = QSettings()
        # as the player left it on a screen of this size, else as large as the screen allows
        remember(self, REPLAY_GEOMETRY_KEY, REPLAY_SIZE, self.settings)
        self.table = table = TableScreen(self.settings, self, ReplayScene, interactive=False)
        table.build()
        table.view_shown.connect(self._view_shown)
        assert isinstance(table.scene, ReplayScene)
        self.scene: ReplayScene = table.scene
        table.score.reset(source.game)
        self.advice = AdviceBox(self)
        self.advice.heading.setWordWrap(True)  # the right column no wider than it must be
        self.analysis_panel = AnalysisPanel(self)
        self.analysis_panel.analyse.connect(lambda: self.analyse())
        self.analysis_panel.cancel.connect(self.cancel_analysis)
        self.analysis_panel.jump.connect(self.jump_to)
        self.analyses: dict[tuple[int, Seat], HandAnalysis] = {}
        self.job: AnalysisJob | None = None
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(table.side)
        # 复盘 and the position's alternatives under the panel, one column, scrolled: the chart
        # and the list must not make the window taller than the screen
        below = QWidget()
        column = QVBoxLayout(below)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.analysis_panel)
        column.addWidget(self.advice, 1)
        scroll = QScrollArea()
        scroll.setWidget(below)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.column, self.column_scroll = below, scroll
        right.addWidget(scroll)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        self.right = right
        # the advice a third of the height at most: on a short screen the panel needs the rest
        tall = max(1, self.height() - 2 * ROW_H)
        advice = max(ADVICE_MIN_H, min(330, tall // 3))
        advice += self.analysis_panel.sizeHint().height()
        right.setSizes([tall - advice, advice])
        splitter = QSplitter()
        splitter.addWidget(table.view)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([960, 320])
        self.setCentralWidget(splitter)
        self.link = ReplayLink(source, self._shown)
        table.own_seat = self._home()  # "You" there; "Bottom" seen from another seat
        self.session: Session = table.attach(self.link, game=source.game)
        self.session.start()
        self.seat = source.seats[0] if source.live else getattr(source, "start_seat", Seat.S)
        self.open_hands = False
        self.position = -1
        self.playing = False
        self.speed = "normal"
        self.analysis_budget: float | None = None  # seconds per decision (None: the default)
        self.analysis_playouts: int | None = None  # tests: a fixed number of samples
        self.analysis_store: Path | None = store_path_for(parent)  # where analyses are kept
        self._spans = source.spans()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._play_next)
        self._build_controls()
        self._fit_column()
        start = getattr(source, "start", 0)
        self.goto(start)

    # ------------------------------------------------------------------ controls

    def _build_controls(self) -> None:
        """Two bars at the bottom: moving through the record (hand, steps, slider) and where
        it is and how it is shown (speed, seat, face up). Side by side where the window is
        wide enough, else the second under the first (``_wrap_controls``): none is cut off."""
        bar = QToolBar(tr("Replay"))
        bar.setObjectName("replay-controls")
        bar.setMovable(False)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, bar)
        self.controls = bar
        self.hand_box = QComboBox()
        for span in self._spans:
            self.hand_box.addItem(tr("Hand {n}").format(n=span.number), span.first)
        self.hand_box.activated.connect(lambda i: self.goto(int(self.hand_box.itemData(i))))
        bar.addWidget(self.hand_box)
        self.actions_: dict[str, QAction] = {}
        for key, text, keys, fn in (
            ("start", tr("Hand start"), [QKeySequence(Qt.Key.Key_Home)], self.hand_start),
            ("back", tr("Back"), [QKeySequence(Qt.Key.Key_Left)], self.back),
            ("play", tr("Play on"), [QKeySequence(Qt.Key.Key_Space)], self.toggle_play),
            ("forward", tr("Forward"), [QKeySequence(Qt.Key.Key_Right)], self.forward),
            ("end", tr("Hand end"), [QKeySequence(Qt.Key.Key_End)], self.hand_end),
        ):
            act = QAction(text, self)
            act.setShortcuts(keys)
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            act.triggered.connect(fn)
            bar.addAction(act)
            self.actions_[key] = act
        self.slider = MarkedSlider()  # a coloured tick at each marked decision (复盘)
        self.slider.setMinimumWidth(SLIDER_MIN_W)
        self.slider.setPageStep(1)
        self.slider.valueChanged.connect(self._slider_moved)
        bar.addWidget(self.slider)
        from ..speeds import speed_names

        shown = QToolBar(tr("Replay"))
        shown.setObjectName("replay-view")
        shown.setMovable(False)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, shown)
        self.view_controls = shown
        self.where = QLabel()
        self.where.setMinimumWidth(max(150, self._where_width()))  # steady as it changes
        shown.addWidget(self.where)
        self.speed_box = QComboBox()
        for key, name in speed_names().items():
            self.speed_box.addItem(name, key)
        self.speed_box.setCurrentIndex(1)
        self.speed_box.currentIndexChanged.connect(
            lambda i: self.set_speed(str(self.speed_box.itemData(i)))
        )
        shown.addWidget(self.speed_box)
        self.seat_box = QComboBox()
        for seat in self.source.seats:
            # relative to the seat the record was kept for (issue 36 item 9: one vocabulary)
            home = getattr(self.source, "start_seat", self.source.seats[0])
            name = seat_name(seat, home)
            label = tr("Your view") if seat == home else tr("View of {seat}").format(seat=name)
            self.seat_box.addItem(label, seat)
        self.seat_box.setCurrentIndex(max(0, self.source.seats.index(self.seat)))
        self.seat_box.activated.connect(
            lambda i: self.set_viewpoint(Seat(self.seat_box.itemData(i)), self.open_hands)
        )
        shown.addWidget(self.seat_box)
        self.open_box = QCheckBox(tr("All hands face up"))
        self.open_box.toggled.connect(lambda on: self.set_viewpoint(self.seat, on))
        shown.addWidget(self.open_box)
        self.ask_action = QAction(tr("What would the computer play here?"), self)
        self.ask_action.setShortcut(QKeySequence(Qt.Key.Key_A))
        self.ask_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.ask_action.triggered.connect(self.ask_computer)
        self.addAction(self.ask_action)
        self.advice.button.setDefaultAction(self.ask_action)

    def _where_width(self) -> int:
        """The width of the longest "where" line of this record."""
        spans = self._spans or []
        longest = tr("Hand {n}, step {k} of {total}, trick {t}").format(
            n=max((s.number for s in spans), default=1),
            k=max((s.last - s.first for s in spans), default=0),
            total=max((s.last - s.first for s in spans), default=0),
            t=max((len(s.tricks) for s in spans), default=0),
        )
        metrics = self.where.fontMetrics()
        return max(metrics.horizontalAdvance(line) for line in longest.splitlines()) + 8

    def _wrap_controls(self) -> None:
        """The second bar beside the first where both fit the window's width, else under it."""
        needed = sum(b.sizeHint().width() for b in (self.controls, self.view_controls))
        wrap = needed + 16 > self.width()
        if wrap != self.toolBarBreak(self.view_controls):
            if wrap:
                self.insertToolBarBreak(self.view_controls)
            else:
                self.removeToolBarBreak(self.view_controls)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_column()  # the style's sizes are known once shown

    def resizeEvent(self, event: QResizeEvent) -> None:
        if hasattr(self, "view_controls"):  # built
            self._wrap_controls()
        super().resizeEvent(event)

    @property
    def span(self) -> HandSpan:
        return span_of(self._spans, max(0, self.position))

    def _marks(self, span: HandSpan) -> list[int]:
        """The slider's stops: the hand's start, the start of play, each trick won."""
        marks = [span.first]
        if span.play is not None and span.play > span.first:
            marks.append(span.play)
        marks += [t for t in span.tricks if t > marks[-1]]
        if span.last > marks[-1]:
            marks.append(span.last)
        return marks

    def _update_controls(self) -> None:
        span, k = self.span, self.position
        marks = self._marks(span)
        stop = max(i for i, m in enumerate(marks) if m <= k) if marks else 0
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(marks) - 1)
        self.slider.setValue(stop)
        self.slider.blockSignals(False)
        tricks = sum(1 for t in span.tricks if t <= k)
        self.where.setText(
            tr("Hand {n}, step {k} of {total}, trick {t}").format(
                n=span.number, k=k - span.first, total=span.last - span.first, t=tricks
            )
        )
        self.hand_box.blockSignals(True)
        self.hand_box.setCurrentIndex(self._spans.index(span))
        self.hand_box.blockSignals(False)
        allowed = bool(getattr(self.source, "open_allowed", lambda k: False)(k))
        self.open_box.setEnabled(allowed)
        self.open_box.setToolTip(
            "" if allowed else tr("Only a hand the record finishes can be shown face up.")
        )
        self.actions_["back"].setEnabled(k > 0)
        self.actions_["forward"].setEnabled(k < self.source.length)
        self.actions_["play"].setText(tr("Pause") if self.playing else tr("Play on"))
        self.ask_action.setEnabled(self.source.decision(k, self.seat) is not None)
        self.advice.position_changed(k)
        self.slider.set_ticks(self._analysis_ticks(span, marks))

    def _slider_moved(self, value: int) -> None:
        marks = self._marks(self.span)
        if 0 <= value < len(marks):
            self.goto(marks[value])

    # ------------------------------------------------------------------ moving

    def forward(self) -> None:
        if self.position < self.source.length:
            self.goto(self.position + 1, animate=True)

    def back(self) -> None:
        self.pause()
        if self.position > 0:
            self.goto(self.position - 1)

    def hand_start(self) -> None:
        self.pause()
        span = self.span
        self.goto(span.first if self.position > span.first else max(0, span.first - 1))

    def hand_end(self) -> None:
        self.pause()
        self.goto(self.span.last)

    def set_speed(self, key: str) -> None:
        self.speed = key if key in PLAY_SPEEDS else "normal"
        self.table.animator.factor = PLAY_SPEEDS[self.speed][0]

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.playing = True
            self._update_controls()
            self.forward()

    def pause(self) -> None:
        self.playing = False
        self._timer.stop()
        self._update_controls()

    def _shown(self) -> None:
        """The session has shown the position: when playing, the next after a pause."""
        if self.playing and not self._timer.isActive():
            if self.position >= self.source.length:
                self.pause()
                return
            played = self.source.played(self.position)
            dealt = played is not None and played.kind.value == "deal"
            _, pause, deal = PLAY_SPEEDS[self.speed]
            self._timer.start(deal if dealt else pause)

    def _play_next(self) -> None:
        if self.playing and not self.table.animator.running:
            self.forward()

    def set_viewpoint(self, seat: Seat, open_hands: bool) -> None:
        if seat not in self.source.seats:
            return
        self.seat, self.open_hands = seat, open_hands
        self.goto(self.position)

    def goto(self, k: int, animate: bool = False) -> None:
        """Show position k: animated from the position before, or at once."""
        k = max(0, min(k, self.source.length))
        frame = self.source.frame(k, self.seat, self.open_hands)
        if animate and k == self.position + 1 and not self.table.animator.running:
            self.position = k
            self.scene.expect(frame.view, frame.hands)
            self.link.show(frame.events, frame.view)
            self._update_controls()
            return
        self.position = k
        self._timer.stop()
        self.table.overlay.hide()
        # the past as the seat saw it (the record's events are cut for it already)
        self.table.rewind(self.source.events_upto(k, self.seat), self.seat, self.source.game)
        self.scene.expect(frame.view, frame.hands)
        self.link.show((), frame.view)
        self._show_declaration(frame.view)
        self._update_controls()

    def _show_declaration(self, view: SeatView) -> None:
        """What the live table shows during the deal: the standing declaration's cards."""
        d = view.declaration
        if d is not None and d.cards and view.phase in (Phase.DEAL, Phase.DECLARE):
            animator = self.table.animator
            factor, animator.factor = animator.factor, 0.0
            animator.show_cards(d.seat, d.cards)
            animator.factor = factor

    # ------------------------------------------------------------------ what the table shows

    def _view_shown(self, view: SeatView) -> None:
        """A settled hand's result, where the replay stops at it."""
        from ..panels import settlement_lines

        overlay = self.table.overlay
        last = self.position >= self.source.length
        if view.phase in (Phase.SETTLED, Phase.OVER) and (not self.playing or last):
            overlay.show_content(
                tr("Hand {n} settled").format(n=view.hand_number),
                settlement_lines(view, self.table.reader_seated),
                [("close", tr("Close"), overlay.hide, False)],
                [int(c) for c in view.kitty or ()],
            )
        elif overlay.isVisible():
            overlay.hide()

    def ask_computer(self) -> None:
        view = self.source.decision(self.position, self.seat)
        if view is not None:
            self.advice.ask(view, self.position, self.source.played(self.position))

    # ------------------------------------------------------------------ 复盘

    def analysable(self) -> bool:
        """Whether this replay holds the moves made (a record; not a live seat's trail)."""
        return isinstance(self.source, RecordReplay)

    def analyse(self, seat: Seat | None = None, hand: int | None = None) -> None:
        """The hand shown (or ``hand``), judged for the viewpoint's seat (or ``seat``): from
        the statistics database at once, else worked out off the GUI thread."""
        panel = self.analysis_panel
        if not isinstance(self.source, RecordReplay):
            panel.idle(tr("Only a record can be analysed: open the hand from Hand history."))
            return
        if self.job is not None and self.job.running:
            return
        seat = seat if seat is not None else self.seat
        hand = hand if hand is not None else self.span.number
        known = self.analyses.get((hand, seat))
        if known is not None:
            self._analysed(known)
            return
        from shengji_desktop.ai.analysis import QUICK_BUDGET

        quick = self.analysis_panel.quick_box.isChecked()
        job = AnalysisJob(
            self.source,
            hand,
            seat,
            self.analysis_store,
            self.analysis_budget if self.analysis_budget is not None or not quick else QUICK_BUDGET,
            self.analysis_playouts,
            self,
        )
        job.progress.connect(panel.step)
        job.finished.connect(self._analysed)
        job.failed.connect(
            lambda why: panel.idle(tr("The analysis failed: {error}").format(error=why))
        )
        job.cancelled.connect(lambda: panel.idle(tr("Analysis cancelled.")))
        self.job = job
        panel.running(hand, seat_name(seat, self._home()))
        job.start(self.pool)

    def cancel_analysis(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _fit_column(self) -> None:
        """The scrolled column as wide as its widest line: it scrolls down, never sideways."""
        bar = self.column_scroll.verticalScrollBar().sizeHint().width()
        box = self.advice.contentsMargins()  # its button keeps its whole text
        ask = self.advice.button.sizeHint().width() + box.left() + box.right() + 24
        self.column_scroll.setMinimumWidth(max(self.column.minimumSizeHint().width(), ask) + bar)

    def _home(self) -> Seat:
        home: Seat = getattr(self.source, "start_seat", self.source.seats[0])
        return home

    def _analysed(self, a: HandAnalysis) -> None:
        from shengji_desktop.ai.analysis import match_costliest

        self.analyses[(a.hand, a.seat)] = a
        self.analysis_panel.show_analysis(self.source.game, a, self._home())
        self._fit_column()
        # the chart and the list want room now: on a short screen, all of the column (the
        # panel comes back by its handle)
        total = sum(self.right.sizes())
        top = 0 if total < SHORT_COLUMN else total * 30 // 100
        self.right.setSizes([top, total - top])
        if isinstance(self.source, RecordReplay):  # the match's other hands analysed before
            for kept in stored_analyses(self.source, a.seat, self.analysis_store):
                self.analyses.setdefault((kept.hand, kept.seat), kept)
        mine = [x for (_, seat), x in self.analyses.items() if seat == a.seat]
        costliest = match_costliest(mine) if len(mine) > 1 else ()
        self.analysis_panel.show_costliest(self.source.game, costliest, self._home())
        self._update_controls()

    def _analysis_ticks(self, span: HandSpan, marks: list[int]) -> list[tuple[int, QColor]]:
        a = self.analyses.get((span.number, self.seat)) or next(
            (x for (n, _), x in self.analyses.items() if n == span.number), None
        )
        if a is None:
            return []
        ticks = []
        for d in a.marked():
            stop = max((i for i, m in enumerate(marks) if m <= d.position), default=0)
            ticks.append((stop, mark_colour(d.mark)))
        return ticks

    def jump_to(self, d: Decision) -> None:
        """The position of a marked decision as its seat saw it, with the alternatives the
        analysis weighed there."""
        self.pause()
        if d.seat in self.source.seats and d.seat != self.seat:
            self.seat = d.seat
            self.seat_box.setCurrentIndex(max(0, self.source.seats.index(d.seat)))
        self.open_hands = False
        self.open_box.setChecked(False)
        self.goto(d.position)
        self.advice.show_judged(self.source.game, d, self.source.played(d.position))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.pause()
        self.cancel_analysis()
        self.table.detach()
        self.advice.shutdown()
        super().closeEvent(event)


def open_source(source: RecordReplay | Source, title: str, parent: QWidget | None) -> ReplayWindow:
    window = ReplayWindow(source, title, parent)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.show()
    return window
