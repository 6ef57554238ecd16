"""Qt models: the score sheet (hand by hand), the game log, and the seats of a new game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from shengji_desktop.rules.cards import Seat, Suit
from shengji_desktop.rules.options import Game

from ..i18n import tr
from ..log_words import describe_event
from ..texts import kind_help, kind_name, seat_name
from .base import ScoreRow
from .formats import game_text

if TYPE_CHECKING:  # the engine loads when a game starts (issue 21)
    from shengji_desktop.engine.events import Event

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()


class ScoreSheetModel(QAbstractTableModel):
    """Hand by hand: dealer, trump, points, result, levels (DL/TR) or coins (SD); the columns
    are the game's formatter's (``panels.formats``).

    Built from events (live as they are shown, or from a replay when a game resumes), so it
    needs nothing the viewer may not see."""

    def __init__(self, game: Game = Game.DL, viewer: Seat = Seat.S) -> None:
        super().__init__()
        self.game = game
        self.viewer = viewer
        self.seated = True  # the reader plays the viewer's seat (``texts.seat_name``)
        self.rows: list[ScoreRow] = []
        self._number = 1
        self._dealer: Seat | None = None
        self._suit: Suit | None = None
        self._bid: int | None = None

    def reset(self, game: Game) -> None:
        self.beginResetModel()
        self.game = game
        self.rows = []
        self._start(1)
        self.endResetModel()

    def _start(self, number: int) -> None:
        self._number, self._dealer, self._suit, self._bid = number, None, None, None

    def columns(self) -> list[str]:
        return game_text(self.game).score_columns(self.viewer, self.seated)

    # -- feeding

    def feed(self, event: Event) -> None:
        from shengji_desktop.engine.events import (
            DealerFixed,
            HandSettled,
            HandStarted,
            TrumpChosen,
            TrumpFixed,
        )

        match event:
            case HandStarted(number=number):
                self._start(number)
            case TrumpFixed(suit=suit, dealer=dealer):
                self._dealer, self._suit = dealer, suit
            case DealerFixed(seat=seat, bid=bid):
                self._dealer, self._bid = seat, bid
            case TrumpChosen(suit=suit):
                self._suit = suit
            case HandSettled(result=result):
                self.add(ScoreRow(self._number, self._dealer, self._suit, self._bid, result))

    def add(self, row: ScoreRow) -> None:
        self.beginInsertRows(ROOT, len(self.rows), len(self.rows))
        self.rows.append(row)
        self.endInsertRows()
        self._start(row.number + 1)

    # -- the model

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.columns())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            cols = self.columns()
            return cols[section] if section < len(cols) else None
        return None

    def cell(self, row: ScoreRow, column: int) -> str:
        cells = game_text(self.game).score_cells(row, self.viewer, self.seated)
        return cells[column] if column < len(cells) else ""

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(row, index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ForegroundRole:
            text = self.cell(row, index.column())
            if text.startswith("+") and text != "+0":
                return QBrush(QColor("#15803d"))
            if text.startswith("-"):
                return QBrush(QColor("#b91c1c"))
        if role == Qt.ItemDataRole.ToolTipRole:
            return game_text(self.game).outcome(row.result)
        return None


class LogModel(QAbstractListModel):
    """The game log: one line per event worth reading, newest last. The events are kept and
    put into words when shown, so that the whole log follows a change of language."""

    LIMIT = 3000

    def __init__(self, viewer: Seat = Seat.S) -> None:
        super().__init__()
        self.viewer = viewer
        self.seated = True  # the reader plays the viewer's seat (``log_words.describe_event``)
        self.events: list[Event] = []

    @property
    def lines(self) -> list[str]:
        return [self.line(i) for i in range(len(self.events))]

    def line(self, row: int) -> str:
        return describe_event(self.events[row], self.viewer, self.seated) or ""

    def clear(self) -> None:
        self.beginResetModel()
        self.events = []
        self.endResetModel()

    def feed(self, event: Event) -> None:
        if not describe_event(event, self.viewer):
            return  # nothing worth a line
        if len(self.events) >= self.LIMIT:
            self.beginRemoveRows(ROOT, 0, 499)
            del self.events[:500]
            self.endRemoveRows()
        self.beginInsertRows(ROOT, len(self.events), len(self.events))
        self.events.append(event)
        self.endInsertRows()

    def retranslate(self) -> None:
        if self.events:
            self.dataChanged.emit(self.index(0), self.index(len(self.events) - 1))

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self.events)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.events):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.line(index.row())
        if role == Qt.ItemDataRole.ForegroundRole and self.line(index.row()).startswith("—"):
            return QBrush(QColor("#b45309"))
        return None


SEAT_KINDS = ("human", "easy", "normal", "hard", "expert")


class SeatListModel(QAbstractTableModel):
    """The four seats of a new game: who sits there (human or a computer level). Only the
    bottom seat may be the human; the kind column is editable with a combo box."""

    def __init__(self, kinds: list[str] | None = None) -> None:
        super().__init__()
        self.kinds = list(kinds or ["human", "normal", "normal", "normal"])

    def set_kinds(self, kinds: list[str]) -> None:
        self.beginResetModel()
        self.kinds = list(kinds)
        self.endResetModel()

    def allowed(self, row: int) -> tuple[str, ...]:
        return SEAT_KINDS if row == 0 else SEAT_KINDS[1:]

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else 4

    def columnCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else 2

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return [tr("Seat"), tr("Player")][section]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if col == 0 and role == Qt.ItemDataRole.DisplayRole:
            return seat_name(Seat(row), Seat.S)
        if col == 1:
            if role == Qt.ItemDataRole.DisplayRole:
                return kind_name(self.kinds[row])
            if role == Qt.ItemDataRole.EditRole:
                return self.kinds[row]
            if role == Qt.ItemDataRole.ToolTipRole:
                return kind_help(self.kinds[row])
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.isValid() and index.column() == 1:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.column() != 1 or role != Qt.ItemDataRole.EditRole:
            return False
        if value not in self.allowed(index.row()):
            return False
        self.kinds[index.row()] = str(value)
        self.dataChanged.emit(index, index)
        return True
