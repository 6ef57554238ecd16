"""Game → Statistics…: the player's figures per game and opponent strength over a period, a
chart of the last matches (drawn with QPainter: QtCharts is not part of PySide6-Essentials),
Reset (after a confirmation) and Export (CSV)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.rules.options import Game
from shengji_desktop.stats.facts import HandFacts
from shengji_desktop.stats.figures import (
    ALL,
    PERIODS,
    Figures,
    MatchPoint,
    csv_text,
    match_series,
    period_start,
    strengths,
    tabulate,
)
from shengji_desktop.stats.store import Store

from .. import dialogs
from ..fit import remember
from ..i18n import tr
from ..session.stats import open_store
from ..texts import game_name, kind_name


def period_names() -> dict[str, str]:
    return {
        "all": tr("All time"),
        "today": tr("Today"),
        "7d": tr("Last 7 days"),
        "30d": tr("Last 30 days"),
        "365d": tr("Last year"),
    }


def strength_name(strength: str) -> str:
    if strength == ALL:
        return tr("All")
    if strength == "mixed":
        return tr("Mixed")
    if strength == "lan":
        return tr("LAN table")
    return kind_name(strength)


def figure_labels() -> dict[str, str]:
    return {
        "hands": tr("Hands"),
        "matches": tr("Matches"),
        "matches_finished": tr("Matches finished"),
        "matches_won": tr("Matches won"),
        "dealer_hands": tr("Hands as dealer"),
        "dealer_won": tr("Won as dealer"),
        "catcher_hands": tr("Hands as catchers"),
        "catcher_won": tr("Won as catchers"),
        "levels_per_hand": tr("Levels gained per hand"),
        "coins_per_hand": tr("Coins per hand"),
        "coins_sd": tr("Coins, standard deviation"),
        "dry_pots": tr("干锅 (dry pot) hands"),
        "drank": tr("喝血: tribute received (hands)"),
        "drank_cards": tr("喝血: tribute cards received"),
        "paid": tr("Tribute paid (hands)"),
        "paid_cards": tr("Tribute cards paid"),
        "revolts_ours": tr("暴动 by our side"),
        "revolts_theirs": tr("暴动 by the opponents"),
        "j_to_bottom_ours": tr("J到底 by our side"),
        "j_to_bottom_theirs": tr("J到底 against us"),
        "q_halfway_ours": tr("Q半截 by our side"),
        "q_halfway_theirs": tr("Q半截 against us"),
        "k_flip_ours": tr("K翻天 by our side"),
        "k_flip_theirs": tr("K翻天 against us"),
        "bids": tr("Bids won (as declarer)"),
        "bids_made": tr("Bids made"),
        "bid_success": tr("Bid success rate"),
        "bids_by_value": tr("Made / won, by bid"),
    }


def value_text(key: str, value: object) -> str:
    if value is None:
        return "–"
    if key == "bid_success" and isinstance(value, float):
        return f"{value:.0%}"
    return str(value)


BAR_MAX = 36.0  # px: a bar's width at most
LABELLED_BARS = 24  # up to so many matches, each bar says its figure


def chart_range(values: list[int]) -> tuple[int, int]:
    """The chart's top and bottom: zero and every value within, never a span of nothing (one
    match of 0 is drawn on a scale from -1 to +1)."""
    top, bottom = max(0, *values), min(0, *values)
    if top == bottom:
        return 1, -1
    return top, bottom


def signed_text(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


class MatchChart(QWidget):
    """Bars of one figure per match, oldest left; positive up, negative down."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[MatchPoint] = []
        self.caption = ""
        self.setMinimumHeight(170)

    def set_points(self, points: list[MatchPoint], caption: str) -> None:
        self.points, self.caption = points, caption
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(36, 30, -10, -36)  # below: a loss's figure, then
        # the line under the chart
        p.fillRect(self.rect(), QColor("#fbfbf8"))
        p.setPen(QColor("#333"))
        p.drawText(QRectF(8, 2, self.width() - 16, 18), Qt.AlignmentFlag.AlignLeft, self.caption)
        if not self.points:
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, tr("No finished hands yet."))
            p.end()
            return
        values = [pt.value for pt in self.points]
        top, bottom = chart_range(values)
        span = top - bottom
        zero_y = rect.top() + rect.height() * top / span
        p.setPen(QPen(QColor("#999"), 1))
        p.drawLine(QPointF(rect.left(), zero_y), QPointF(rect.right(), zero_y))
        for value, y in ((top, rect.top()), (0, zero_y), (bottom, rect.bottom())):
            p.drawText(QRectF(0, y - 8, 32, 16), Qt.AlignmentFlag.AlignRight, signed_text(value))
        slot = rect.width() / len(values)
        bar = min(slot * 0.7, BAR_MAX)  # one match is a bar, not the whole chart
        labelled = len(values) <= LABELLED_BARS
        for i, v in enumerate(values):
            h = rect.height() * abs(v) / span
            x = rect.left() + i * slot + (slot - bar) / 2
            y = zero_y - h if v > 0 else zero_y
            colour = QColor("#2e7d32" if v > 0 else "#c62828" if v < 0 else "#777")
            p.fillRect(QRectF(x, y, bar, max(h, 1.0)), colour)
            if labelled:  # each match's figure, above a gain and below a loss
                p.setPen(QColor("#333"))
                at = QRectF(x - 12, y - 16 if v >= 0 else y + h, bar + 24, 16)
                p.drawText(at, Qt.AlignmentFlag.AlignCenter, signed_text(v))
        p.setPen(QColor("#555"))
        p.drawText(
            QRectF(rect.left(), rect.bottom() + 18, rect.width(), 16),
            Qt.AlignmentFlag.AlignCenter,
            tr("last {n} matches, oldest left").format(n=len(values)),
        )
        p.end()


class StatisticsWindow(QDialog):
    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Statistics"))
        self.path = path
        self.hands: list[HandFacts] = []
        self.figures: dict[tuple[Game, str], Figures] = {}
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Period:")))
        self.period = QComboBox()
        for key in PERIODS:
            self.period.addItem(period_names()[key], key)
        self.period.currentIndexChanged.connect(self.refresh)
        top.addWidget(self.period)
        top.addStretch(1)
        self.export_button = QPushButton(tr("Export CSV…"))
        self.export_button.clicked.connect(self.ask_export)
        self.reset_button = QPushButton(tr("Reset…"))
        self.reset_button.clicked.connect(self.ask_reset)
        top.addWidget(self.export_button)
        top.addWidget(self.reset_button)
        layout.addLayout(top)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.hide()
        layout.addWidget(self.notice)
        self.tabs = QTabWidget()
        self.tables: dict[Game, QTableWidget] = {}
        for game in Game:
            table = QTableWidget()
            table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            self.tables[game] = table
            self.tabs.addTab(table, game_name(game))
        self.tabs.currentChanged.connect(self.refresh_chart)
        layout.addWidget(self.tabs, 1)
        chart_bar = QHBoxLayout()
        chart_bar.addWidget(QLabel(tr("Chart:")))
        self.measure = QComboBox()
        self.measure.currentIndexChanged.connect(self.refresh_chart)
        chart_bar.addWidget(self.measure)
        chart_bar.addWidget(QLabel(tr("Matches:")))
        self.last = QSpinBox()
        self.last.setRange(2, 200)
        self.last.setValue(20)
        self.last.valueChanged.connect(self.refresh_chart)
        chart_bar.addWidget(self.last)
        chart_bar.addStretch(1)
        layout.addLayout(chart_bar)
        self.chart = MatchChart()
        layout.addWidget(self.chart)
        self.store: Store | None = open_store(path, self._say)
        self.refresh()
        remember(self, "ui/stats-geometry", (760, 640))  # as left, or as the screen allows

    def _say(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.show()

    @property
    def game(self) -> Game:
        return list(Game)[self.tabs.currentIndex()]

    @property
    def period_key(self) -> str:
        return str(self.period.currentData())

    def refresh(self) -> None:
        since = period_start(self.period_key)
        self.hands = self.store.hands(since) if self.store is not None else []
        self.figures = tabulate(self.hands)
        labels = figure_labels()
        for game, table in self.tables.items():
            columns = strengths(self.figures, game)
            keys = [k for k, _ in Figures(game, ALL).rows()]
            table.clear()
            table.setRowCount(len(keys))
            table.setColumnCount(max(1, len(columns)))
            table.setVerticalHeaderLabels([labels[k] for k in keys])
            if not columns:
                table.setHorizontalHeaderLabels([tr("No hands")])
                continue
            table.setHorizontalHeaderLabels([strength_name(s) for s in columns])
            for c, strength in enumerate(columns):
                values = dict(self.figures[(game, strength)].rows())
                for r, key in enumerate(keys):
                    item = QTableWidgetItem(value_text(key, values.get(key)))
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    table.setItem(r, c, item)
        self.refresh_chart()

    def refresh_chart(self) -> None:
        game = self.game
        measures = {
            Game.DL: ["levels"],
            Game.TR: ["levels", "coins"],
            Game.SD: ["coins"],
        }[game]
        current = self.measure.currentData()
        self.measure.blockSignals(True)
        self.measure.clear()
        for m in measures:
            self.measure.addItem(
                tr("Levels per match") if m == "levels" else tr("Coins per match"), m
            )
        if current in measures:
            self.measure.setCurrentIndex(measures.index(current))
        self.measure.blockSignals(False)
        measure = str(self.measure.currentData())
        points = match_series(self.hands, game, measure, self.last.value())
        self.chart.set_points(points, f"{game_name(game)} · {self.measure.currentText()}")

    # ------------------------------------------------------------------ actions

    def csv(self) -> str:
        return csv_text(self.figures, self.period_key)

    def export_to(self, path: Path) -> None:
        path.write_text(self.csv(), encoding="utf-8")

    def ask_export(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, tr("Export statistics"), "shengji-statistics.csv", tr("CSV files (*.csv)")
        )
        if not name:
            return
        try:
            self.export_to(Path(name))
        except OSError as exc:
            dialogs.show_box(
                self,
                tr("Statistics"),
                tr("Could not write {path}: {error}").format(path=name, error=exc.strerror),
                "warning",
            )

    def reset(self) -> None:
        if self.store is not None:
            self.store.reset()
        self.refresh()

    def ask_reset(self) -> None:
        if dialogs.ask_box(
            self,
            tr("Reset statistics"),
            tr("Forget every recorded hand and match? The hand history is kept."),
            tr("Reset"),
            tr("Cancel"),
        ):
            self.reset()

    def done(self, result: int) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None
        super().done(result)
