"""The replay's 复盘 column: the analysis of the hand shown, for one seat — its progress and
cancel while it runs, the course of the hand as a chart with the marked decisions on it, the
list of marked decisions (the move made, the better one, both estimates; a click jumps there)
and, over the match, the costliest decisions analysed so far. Below it, the position's
alternatives (``replay_advice.AdviceBox``) as the analysis judged them, or asked anew.

Also the replay's slider with a coloured tick at each marked decision (``MarkedSlider``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSettings, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSlider,
    QStyle,
    QStyleOptionSlider,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game

from ..i18n import tr
from ..panels.choices import describe_action
from ..texts import seat_name
from .analysis import mark_colour, mark_name, result_text, where_text

if TYPE_CHECKING:
    from shengji_desktop.ai.analysis import Decision, HandAnalysis

CHART_H = 120  # the course chart's height
QUICK_KEY = "analysis/quick"  # the quick setting: a third of the time per decision
DOT = 5.0  # a marked decision's dot on the chart (radius)


class MarkedSlider(QSlider):
    """A horizontal slider with a coloured tick under each of ``ticks`` (value, colour)."""

    def __init__(self) -> None:
        super().__init__(Qt.Orientation.Horizontal)
        self.ticks: list[tuple[int, QColor]] = []

    def set_ticks(self, ticks: list[tuple[int, QColor]]) -> None:
        self.ticks = ticks
        self.update()

    def tick_x(self, value: int) -> float:
        """Where the handle's middle stands at ``value``."""
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        style = self.style()
        handle = style.subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, self
        )
        span = self.width() - handle.width()
        x = QStyle.sliderPositionFromValue(self.minimum(), self.maximum(), value, span)
        return x + handle.width() / 2

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.ticks:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for value, colour in self.ticks:
            x = self.tick_x(value)
            p.setPen(QPen(colour, 3))
            p.drawLine(QPointF(x, self.height() - 6), QPointF(x, self.height() - 1))
        p.end()


class CourseChart(QWidget):
    """The estimated result for the seat's side through the hand (after each trick), with a
    band of ± one standard error and a dot at each marked decision; clicking a dot asks to
    jump to that decision (``picked``)."""

    picked = Signal(object)  # Decision

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.analysis: HandAnalysis | None = None
        self.setMinimumHeight(CHART_H)
        self.setMaximumHeight(CHART_H + 40)
        self._dots: list[tuple[QPointF, Decision]] = []

    def set_analysis(self, analysis: HandAnalysis | None) -> None:
        self.analysis = analysis
        self.update()

    def _frame(self) -> QRectF:
        return QRectF(self.rect()).adjusted(40, 8, -8, -22)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#fbfbf8"))
        a = self.analysis
        rect = self._frame()
        self._dots = []
        if a is None or not a.course:
            p.setPen(QColor("#555"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, tr("No course yet."))
            p.end()
            return
        points = a.course
        lows = [pt.mean - pt.error for pt in points]
        highs = [pt.mean + pt.error for pt in points]
        top = max(0.5, max(highs))
        bottom = min(-0.5, min(lows))
        span = top - bottom
        last = max(1, points[-1].trick)

        def x_of(trick: float) -> float:
            return rect.left() + rect.width() * trick / last

        def y_of(value: float) -> float:
            return rect.top() + rect.height() * (top - value) / span

        p.setPen(QPen(QColor("#999"), 1))
        p.drawLine(QPointF(rect.left(), y_of(0)), QPointF(rect.right(), y_of(0)))
        p.setPen(QColor("#333"))
        labelled: list[float] = []
        for value in (0.0, top, bottom):  # the scale, each label clear of the others
            y = y_of(value)
            if all(abs(y - other) >= 14 for other in labelled):
                p.drawText(QRectF(0, y - 8, 36, 16), Qt.AlignmentFlag.AlignRight, f"{value:+.1f}")
                labelled.append(y)
        p.drawText(
            QRectF(rect.left(), rect.bottom() + 4, rect.width(), 16),
            Qt.AlignmentFlag.AlignCenter,
            tr("after each trick"),
        )
        band = QColor("#4a7fb5")
        band.setAlpha(50)
        for i in range(1, len(points)):
            a0, a1 = points[i - 1], points[i]
            x0, x1 = x_of(a0.trick), x_of(a1.trick)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(band)
            p.drawPolygon(
                [
                    QPointF(x0, y_of(a0.mean + a0.error)),
                    QPointF(x1, y_of(a1.mean + a1.error)),
                    QPointF(x1, y_of(a1.mean - a1.error)),
                    QPointF(x0, y_of(a0.mean - a0.error)),
                ]
            )
            p.setPen(QPen(QColor("#1f4e79"), 2))
            p.drawLine(QPointF(x0, y_of(a0.mean)), QPointF(x1, y_of(a1.mean)))
        by_trick = {pt.trick: pt for pt in points}
        for d in a.marked():
            trick = (d.trick - 1) if d.trick is not None else 0  # decided before that trick's end
            pt = by_trick.get(trick) or points[0]
            centre = QPointF(x_of(pt.trick), y_of(pt.mean))
            p.setPen(QPen(QColor("white"), 1))
            p.setBrush(mark_colour(d.mark))
            p.drawEllipse(centre, DOT, DOT)
            self._dots.append((centre, d))
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        at = event.position()
        for centre, d in self._dots:
            if (centre - at).manhattanLength() <= 2 * DOT + 2:
                self.picked.emit(d)
                return
        super().mousePressEvent(event)


def decision_text(game: Game, d: Decision, viewer: Seat | None) -> str:
    """One marked decision, two lines: when, the mark and the loss; the move made and the
    better one with their estimates."""
    head = tr("{when} · {mark} · {loss}").format(
        when=where_text(d), mark=mark_name(d.mark), loss=result_text(game, -d.loss, d.loss_error)
    )
    made = tr("Played: {move} ({value})").format(
        move=describe_action(d.made.action), value=result_text(game, d.made.mean)
    )
    best = tr("Better: {move} ({value})").format(
        move=describe_action(d.best.action), value=result_text(game, d.best.mean)
    )
    return "\n".join((head, made, best))


class AnalysisPanel(QWidget):
    """What the window shows of an analysis; it asks the window to start, cancel and jump."""

    analyse = Signal()
    cancel = Signal()
    jump = Signal(object)  # Decision

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("analysis")
        self.game = Game.DL
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        top = QHBoxLayout()
        self.heading = QLabel("<b>" + tr("Analysis (复盘)") + "</b>")
        self.heading.setWordWrap(True)
        top.addWidget(self.heading, 1)
        self.quick_box = QCheckBox(tr("Quick"))
        self.quick_box.setToolTip(tr("A third of the time per decision; rougher estimates"))
        settings = QSettings()
        self.quick_box.setChecked(settings.value(QUICK_KEY, "false") == "true")
        self.quick_box.toggled.connect(
            lambda on: QSettings().setValue(QUICK_KEY, "true" if on else "false")
        )
        top.addWidget(self.quick_box)
        self.button = QPushButton(tr("Analyse"))
        self.button.setObjectName("analyse")
        self.button.clicked.connect(self.analyse.emit)
        top.addWidget(self.button)
        self.cancel_button = QPushButton(tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel.emit)
        self.cancel_button.hide()
        top.addWidget(self.cancel_button)
        layout.addLayout(top)
        self.progress = QProgressBar()
        self.progress.setFormat(tr("decision %v of %m"))
        self.progress.hide()
        layout.addWidget(self.progress)
        self.summary = QLabel(tr("Press Analyse to judge each decision of this hand."))
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.chart = CourseChart()
        self.chart.picked.connect(self.jump.emit)
        self.chart.hide()
        layout.addWidget(self.chart)
        self.list = QListWidget()
        self.list.setObjectName("marks")
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.itemActivated.connect(self._item_picked)
        self.list.itemClicked.connect(self._item_picked)
        self.list.hide()
        layout.addWidget(self.list, 1)
        self.costliest = QLabel()
        self.costliest.setWordWrap(True)
        self.costliest.hide()
        layout.addWidget(self.costliest)
        self.analysis: HandAnalysis | None = None

    # ------------------------------------------------------------------ states

    def running(self, hand: int, seat_text: str) -> None:
        self.heading.setText(
            "<b>" + tr("Analysing hand {n} for {seat}…").format(n=hand, seat=seat_text) + "</b>"
        )
        self.button.hide()
        self.quick_box.hide()
        self.cancel_button.show()
        self.progress.setRange(0, 0)  # busy until the first decision is counted
        self.progress.show()
        self.summary.setText(tr("The table stays yours meanwhile."))

    def step(self, k: int, n: int) -> None:
        self.progress.setRange(0, max(1, n))
        self.progress.setValue(k)

    def idle(self, text: str) -> None:
        self.heading.setText("<b>" + tr("Analysis (复盘)") + "</b>")
        self.button.show()
        self.quick_box.show()
        self.cancel_button.hide()
        self.progress.hide()
        self.summary.setText(text)

    def show_analysis(self, game: Game, a: HandAnalysis, viewer: Seat | None) -> None:
        self.game, self.analysis = game, a
        self.idle("")
        self.heading.setText(
            "<b>"
            + tr("Hand {n} analysed for {seat}").format(n=a.hand, seat=seat_name(a.seat, viewer))
            + "</b>"
        )
        marked = a.marked()
        mistakes = sum(1 for d in marked if d.mark.value == "mistake")
        summary = tr("{n} decisions judged · mistakes: {m} · inaccuracies: {i}").format(
            n=len(a.decisions), m=mistakes, i=len(marked) - mistakes
        )
        if a.result is not None:
            summary += "\n" + tr("Result of the hand: {value}").format(
                value=result_text(game, a.result)
            )
        self.summary.setText(summary)
        self.chart.set_analysis(a)
        self.chart.show()
        self.list.clear()
        for d in marked:
            item = QListWidgetItem(decision_text(game, d, viewer))
            item.setForeground(mark_colour(d.mark))
            item.setData(Qt.ItemDataRole.UserRole, d.position)
            self.list.addItem(item)
        if not marked:
            self.list.addItem(QListWidgetItem(tr("No mistake found: every decision was good.")))
        self.list.show()

    def show_costliest(
        self, game: Game, decisions: tuple[Decision, ...], viewer: Seat | None
    ) -> None:
        """Over the match: the costliest decisions among the hands analysed so far."""
        if not decisions:
            self.costliest.hide()
            return
        lines = [
            tr("Hand {n}, {when}: {loss}").format(
                n=d.hand, when=where_text(d), loss=result_text(game, -d.loss)
            )
            for d in decisions
        ]
        self.costliest.setText(
            "<b>" + tr("The match's costliest decisions so far:") + "</b><br>" + "<br>".join(lines)
        )
        self.costliest.show()

    def _item_picked(self, item: QListWidgetItem) -> None:
        position = item.data(Qt.ItemDataRole.UserRole)
        a = self.analysis
        if a is None or position is None:
            return
        d = next((d for d in a.decisions if d.position == position), None)
        if d is not None:
            self.jump.emit(d)
