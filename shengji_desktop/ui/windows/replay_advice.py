"""The replay's box "What would the computer play here?": the hard player's choice for the
deciding seat's view, its alternatives and their estimated outcome, worked out off the GUI
thread (``ai.advice``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.options import Game

from ..i18n import tr
from ..panels.choices import describe_action
from ..tasks import Task
from ..texts import seat_name

MAX_SHOWN = 5  # alternatives listed


def outcome_text(game: Game, mean: float, error: float) -> str:
    if game is Game.SD:
        return tr("{mean:+.2f} coins (± {error:.2f})").format(mean=mean, error=error)
    return tr("{mean:+.2f} levels (± {error:.2f})").format(mean=mean, error=error)


def advice_html(advice: Any, played: Action | None) -> str:
    """The box's text for an ``ai.advice.Advice``."""
    view: SeatView = advice.seat_view
    who = seat_name(view.seat, None)
    lines = ["<b>" + tr("The computer (hard) for {seat}").format(seat=who) + "</b>"]
    if advice.choice is None:
        lines.append(tr("No decision here."))
    else:
        lines.append(tr("Would {what}.").format(what=describe_action(advice.choice)))
    if advice.alternatives:
        lines.append(
            tr("Estimated result of the hand for {seat}'s side, over {n} sampled deals:").format(
                seat=who, n=advice.samples
            )
        )
        rows = []
        for alt in advice.alternatives[:MAX_SHOWN]:
            mark = " ◀" if advice.choice is not None and alt.action == advice.choice else ""
            rows.append(
                f"<tr><td>{describe_action(alt.action)}</td>"
                f"<td align='right'>{outcome_text(view.game, alt.mean, alt.error)}{mark}</td></tr>"
            )
        lines.append("<table cellspacing='4'>" + "".join(rows) + "</table>")
    elif advice.choice is not None:
        lines.append(tr("Decided by rules of thumb (the computer searches only in trick play)."))
    if played is not None and played.seat == view.seat:
        lines.append(tr("Played in the game: {what}.").format(what=describe_action(played)))
    return "<br>".join(lines)


class AdviceBox(QFrame):
    """Asks on a worker (the hard player thinks about a second, its own processes doing the
    sampling); the answer is shown while the replay stays at that position."""

    def __init__(self, parent: QWidget | None = None, budget: float | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("advice")
        self.budget = budget
        self.playouts: int | None = None  # tests: a fixed number of samples
        layout = QVBoxLayout(self)
        self.heading = QLabel("<b>" + tr("What would the computer play here?") + "</b>")
        self.text = QLabel(tr("At a decision, press the button (A) to ask the hard player."))
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.button = QToolButton()
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        layout.addWidget(self.heading)
        layout.addWidget(self.button)
        scroll = QScrollArea()
        scroll.setWidget(self.text)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout.addWidget(scroll, 1)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.asked_at: int | None = None
        self.result: Any = None
        self._tasks: set[Task] = set()

    def ask(self, view: SeatView, position: int, played: Action | None) -> None:
        from shengji_desktop.ai.advice import advise

        self.asked_at, self.result = position, None
        self.text.setText(tr("Thinking…"))
        budget, playouts = self.budget, self.playouts
        task = Task(lambda: advise(view, f"replay/{position}", budget, playouts))
        self._tasks.add(task)

        def done(result: Any) -> None:
            self._tasks.discard(task)
            if self.asked_at != position:
                return  # the replay moved on meanwhile
            if isinstance(result, Exception):
                self.text.setText(tr("The computer could not answer: {error}").format(error=result))
                return
            self.result = result
            self.text.setText(advice_html(result, played))

        task.signals.done.connect(done)
        self.pool.start(task)

    def show_judged(self, game: Game, d: Any, played: Action | None) -> None:
        """The alternatives the analysis (复盘) weighed at a decision, ``d`` an
        ``ai.analysis.Decision``: each with its estimate, the move made and the best marked."""
        from .analysis import mark_name, result_text

        self.asked_at, self.result = d.position, d
        who = seat_name(d.seat, None)
        lines = [
            "<b>"
            + tr("{mark} — judged for {seat}").format(mark=mark_name(d.mark), seat=who)
            + "</b>",
            tr("Estimated result of the hand for {seat}'s side, over {n} sampled deals:").format(
                seat=who, n=d.samples
            ),
        ]
        rows = []
        shown = list(d.alternatives[:MAX_SHOWN])
        if all(alt.action != d.made.action for alt in shown):
            shown.append(d.made)  # the move made, however far down
        for alt in shown:
            tags = []
            if alt.action == d.made.action:
                tags.append(tr("played"))
            if alt.action == d.best.action and alt.action != d.made.action:
                tags.append(tr("better"))
            tag = f" ◀ {', '.join(tags)}" if tags else ""
            rows.append(
                f"<tr><td>{describe_action(alt.action)}</td>"
                f"<td align='right'>{result_text(game, alt.mean, alt.error)}{tag}</td></tr>"
            )
        lines.append("<table cellspacing='4'>" + "".join(rows) + "</table>")
        lines.append(tr("Loss: {loss}").format(loss=result_text(game, d.loss, d.loss_error)))
        self.text.setText("<br>".join(lines))

    def position_changed(self, position: int) -> None:
        if self.asked_at is not None and position != self.asked_at:
            self.asked_at, self.result = None, None
            self.text.setText(tr("At a decision, press the button (A) to ask the hard player."))

    def shutdown(self) -> None:
        self.asked_at = None
        self.pool.clear()
        self.pool.waitForDone(10000)
