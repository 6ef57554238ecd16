"""Qt models: the score sheet (hand by hand), the game log, and the seats of a new game."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from shengji_desktop.rules.cards import Seat

from .i18n import tr
from .texts import SUIT_SYMBOLS, describe_event, kind_name, seat_name

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()


def outcome_text(game: str, result: dict[str, Any], viewer: Seat = Seat.S) -> str:
    """One phrase for how a hand ended."""
    if result.get("redeal"):
        return tr("Redeal")
    if game == "dl":
        case = str(result.get("case", ""))
        text: str = {
            "A": tr("Dealer side holds the kitty and goes up"),
            "B": tr("Kitty dug: no change"),
            "C": tr("Catchers take over"),
            "D": tr("Catchers dig and go up"),
        }.get(case, case)
        if result.get("dry_pot"):
            text += " · " + tr("dry pot")
        return text
    if game == "tr":
        return tr("Defenders take over") if result.get("takeover") else tr("Dealer side keeps")
    outcome = str(result.get("outcome", ""))
    words: dict[str, str] = {
        "dig_flip": tr("Kitty dug and flipped (抠底翻牌)"),
        "dig": tr("Kitty dug (抠底)"),
        "clean": tr("Clean sweep for the dealer (光牌)"),
        "flip": tr("Flipped (翻牌)"),
        "break": tr("Broken (破牌)"),
        "made": tr("Dealer made the bid"),
        "draw": tr("Draw (流局)"),
    }
    return words.get(outcome, outcome)


class ScoreSheetModel(QAbstractTableModel):
    """Hand by hand: dealer, trump, points, result, levels (DL/TR) or coins (SD).

    Built from events (live as they are shown, or from a replay when a game resumes), so it
    needs nothing the viewer may not see."""

    def __init__(self, game: str = "dl", viewer: Seat = Seat.S) -> None:
        super().__init__()
        self.game = game
        self.viewer = viewer
        self.rows: list[dict[str, Any]] = []
        self._current: dict[str, Any] = {}
        self._coins = dict.fromkeys(Seat, 0)

    def reset(self, game: str) -> None:
        self.beginResetModel()
        self.game = game
        self.rows = []
        self._current = {}
        self._coins = dict.fromkeys(Seat, 0)
        self.endResetModel()

    def columns(self) -> list[str]:
        common = [tr("Hand"), tr("Dealer"), tr("Trump")]
        if self.game == "dl":
            return [*common, tr("Points"), tr("Result"), tr("Us"), tr("Them"), tr("Blood")]
        if self.game == "tr":
            return [*common, tr("Points"), tr("Result"), tr("Us"), tr("Them"), tr("Coins")]
        seats = [seat_name(Seat((self.viewer + i) % 4), self.viewer) for i in range(4)]
        return [*common, tr("Bid"), tr("Points"), tr("Result"), *seats]

    # -- feeding

    def feed(self, ev: dict[str, Any]) -> None:
        kind = ev["event"]
        cur = self._current
        if kind == "hand_started":
            self._current = {"number": ev["number"]}
        elif kind == "trump_fixed":
            cur["dealer"] = ev["dealer"]
            cur["suit"] = ev["suit"]
        elif kind == "dealer_fixed":
            cur["dealer"] = ev["seat"]
            cur["bid"] = ev["bid"]
        elif kind == "trump_chosen":
            cur["suit"] = ev["suit"]
        elif kind == "hand_settled":
            self.add(dict(ev), cur)

    def add(self, result: dict[str, Any], cur: dict[str, Any]) -> None:
        row = {
            "number": cur.get("number", len(self.rows) + 1),
            "dealer": cur.get("dealer"),
            "suit": cur.get("suit"),
            "bid": cur.get("bid"),
            "result": result,
        }
        if self.game == "sd" or self.game == "tr":
            for seat in Seat:
                self._coins[seat] += int(result.get("coins", {}).get(seat.name, 0))
            row["total"] = dict(self._coins)
        self.beginInsertRows(ROOT, len(self.rows), len(self.rows))
        self.rows.append(row)
        self.endInsertRows()
        self._current = {"number": row["number"] + 1}

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

    def cell(self, row: dict[str, Any], column: int) -> str:
        result = row["result"]
        dealer = row["dealer"]
        base = [
            str(row["number"]),
            seat_name(dealer, self.viewer) if dealer else "—",
            SUIT_SYMBOLS.get(row["suit"] or "", "—"),
        ]
        ours = "NS" if self.viewer % 2 == 0 else "EW"
        theirs = "EW" if ours == "NS" else "NS"
        if self.game == "dl":
            levels = result.get("levels", {})
            cells = [
                *base,
                str(result.get("score", "—")),
                outcome_text("dl", result, self.viewer),
                str(levels.get(ours, "—")),
                str(levels.get(theirs, "—")),
                str(result.get("blood", "—")),
            ]
        elif self.game == "tr":
            levels = result.get("levels", {})
            coins = result.get("coins", {}).get(self.viewer.name, 0)
            cells = [
                *base,
                str(result.get("defender_points", "—")),
                outcome_text("tr", result, self.viewer),
                str(levels.get(ours, "—")),
                str(levels.get(theirs, "—")),
                f"{coins:+d}",
            ]
        else:
            coins = result.get("coins", {})
            seats = [Seat((self.viewer + i) % 4) for i in range(4)]
            cells = [
                *base,
                str(row.get("bid") or "—"),
                str(result.get("defender_points", "—")),
                outcome_text("sd", result, self.viewer),
                *[f"{int(coins.get(s.name, 0)):+d}" for s in seats],
            ]
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
            return outcome_text(self.game, row["result"], self.viewer)
        return None


class LogModel(QAbstractListModel):
    """The game log: one line per event worth reading, newest last. The events are kept and
    put into words when shown, so that the whole log follows a change of language."""

    LIMIT = 3000

    def __init__(self, viewer: Seat = Seat.S) -> None:
        super().__init__()
        self.viewer = viewer
        self.events: list[dict[str, Any]] = []

    @property
    def lines(self) -> list[str]:
        return [self.line(i) for i in range(len(self.events))]

    def line(self, row: int) -> str:
        return describe_event(self.events[row], self.viewer) or ""

    def clear(self) -> None:
        self.beginResetModel()
        self.events = []
        self.endResetModel()

    def feed(self, ev: dict[str, Any]) -> None:
        if not describe_event(ev, self.viewer):
            return  # nothing worth a line
        if len(self.events) >= self.LIMIT:
            self.beginRemoveRows(ROOT, 0, 499)
            del self.events[:500]
            self.endRemoveRows()
        self.beginInsertRows(ROOT, len(self.events), len(self.events))
        self.events.append(ev)
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


SEAT_KINDS = ("human", "easy", "normal", "hard")


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
                return tr("Human: you play this seat. Easy, normal, hard: computer players.")
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
