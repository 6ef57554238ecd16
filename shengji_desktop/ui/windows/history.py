"""Game → Hand history…: the finished hands kept (the last 200 by default, a setting), with
date, game and result; one hand exported to a file, or a hand file imported."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.stats.facts import Role
from shengji_desktop.stats.handfile import SUFFIX, HandFileError, read_hand_file, write_hand_file
from shengji_desktop.stats.store import HistoryRow, Store

from .. import dialogs
from ..fit import remember
from ..i18n import tr
from ..session.stats import KEEP_KEY, keep_setting, open_store
from ..texts import game_name


def result_text(row: HistoryRow) -> str:
    """The hand's result for the player: won or lost, as dealer or catchers, with levels
    (DL, TR) or coins (TR, SD)."""
    if row.role is Role.NONE:
        text = tr("No bid (流局)")
    elif row.role is Role.DEALER:
        text = tr("Won as dealer") if row.won else tr("Lost as dealer")
    else:
        text = tr("Won as catchers") if row.won else tr("Lost as catchers")
    if row.levels is not None:
        text = tr("{result}, {detail}").format(
            result=text, detail=tr("{n:+d} levels").format(n=row.levels)
        )
    if row.coins is not None:
        text = tr("{result}, {detail}").format(
            result=text, detail=tr("{n:+d} coins").format(n=row.coins)
        )
    return text


class HandHistoryWindow(QDialog):
    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Hand history"))
        self.settings = QSettings()
        layout = QVBoxLayout(self)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.hide()
        layout.addWidget(self.notice)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels([tr("Date"), tr("Game"), tr("Hand"), tr("Result")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        layout.addWidget(self.table, 1)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(tr("Keep the last")))
        self.keep = QSpinBox()
        self.keep.setRange(1, 100_000)
        self.keep.setValue(keep_setting(self.settings))
        self.keep.setSuffix(" " + tr("hands"))
        self.keep.editingFinished.connect(self._keep_changed)
        bar.addWidget(self.keep)
        bar.addStretch(1)
        self.import_button = QPushButton(tr("Import…"))
        self.import_button.clicked.connect(self.ask_import)
        self.export_button = QPushButton(tr("Export…"))
        self.export_button.clicked.connect(self.ask_export)
        self.export_button.setEnabled(False)
        self.replay_button = QPushButton(tr("Open in replay"))
        self.replay_button.clicked.connect(self.open_replay)
        self.replay_button.setEnabled(False)
        bar.addWidget(self.replay_button)
        self.analyse_button = QPushButton(tr("Analyse"))  # 复盘: the replay, then its analysis
        self.analyse_button.setObjectName("analyse")
        self.analyse_button.clicked.connect(self.open_analysis)
        self.analyse_button.setEnabled(False)
        bar.addWidget(self.analyse_button)
        bar.addWidget(self.import_button)
        bar.addWidget(self.export_button)
        layout.addLayout(bar)
        self.rows: list[HistoryRow] = []
        self.store: Store | None = open_store(path, self._say)
        self.refresh()
        remember(self, "ui/history-geometry", (940, 520))  # as left, or as the screen allows

    def _say(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.show()

    def refresh(self) -> None:
        self.rows = self.store.history() if self.store is not None else []
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            date = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.kept_at))
            if row.imported:
                date += " " + tr("(imported)")
            cells = [date, game_name(row.game), str(row.number), result_text(row)]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self._selection_changed()

    def selected(self) -> HistoryRow | None:
        rows = self.table.selectionModel().selectedRows()
        return self.rows[rows[0].row()] if rows else None

    def _selection_changed(self) -> None:
        self.export_button.setEnabled(self.selected() is not None)
        self.replay_button.setEnabled(self.selected() is not None)
        self.analyse_button.setEnabled(self.selected() is not None)

    def open_replay(self) -> QWidget | None:
        """The selected hand in the replay viewer, at its hand, from the player's seat."""
        from .replay_open import open_record

        row = self.selected()
        if row is None or self.store is None:
            return None
        title = tr("{game}, hand {n}").format(game=game_name(row.game), n=row.number)
        return open_record(self.store.hand_record(row.id), title, self.parentWidget())

    def open_analysis(self) -> QWidget | None:
        """The selected hand in the replay viewer, analysed for the player's seat (复盘)."""
        from .replay import ReplayWindow

        window = self.open_replay()
        if isinstance(window, ReplayWindow):
            window.analyse()
        return window

    def _keep_changed(self) -> None:
        self.settings.setValue(KEEP_KEY, self.keep.value())
        if self.store is not None:
            self.store.set_keep(self.keep.value())
        self.refresh()

    # ------------------------------------------------------------------ files

    def export_to(self, row: HistoryRow, path: Path) -> None:
        assert self.store is not None
        write_hand_file(path, self.store.hand_record(row.id))

    def import_from(self, path: Path) -> None:
        """Keep the hand in ``path``; HandFileError (nothing kept) when it cannot be read."""
        record, facts = read_hand_file(path)
        if self.store is None:
            raise HandFileError(tr("The hand history is not available."))
        self.store.keep_imported(facts, record, self.keep.value())
        self.refresh()

    def ask_export(self) -> None:
        row = self.selected()
        if row is None:
            return
        default = f"{row.game.value}-hand{row.number}{SUFFIX}"
        name, _ = QFileDialog.getSaveFileName(
            self, tr("Export hand"), default, tr("Hand files (*.json)")
        )
        if not name:
            return
        try:
            self.export_to(row, Path(name))
        except OSError as exc:
            dialogs.show_box(
                self,
                tr("Hand history"),
                tr("Could not write {path}: {error}").format(path=name, error=exc.strerror),
                "warning",
            )

    def ask_import(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, tr("Import hand"), "", tr("Hand files (*.json);;All files (*)")
        )
        if not name:
            return
        try:
            self.import_from(Path(name))
        except HandFileError as exc:
            dialogs.show_box(
                self,
                tr("Hand history"),
                tr("This hand cannot be imported: {error}").format(error=exc),
                "warning",
            )

    def done(self, result: int) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None
        super().done(result)
