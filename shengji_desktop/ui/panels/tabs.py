"""The side panel's lower half, made to fit a narrow panel: tabs that take a second row
rather than hide behind scroll arrows, a log whose lines wrap, a score sheet whose columns fit
the panel's width (its headings wrap, its longest cells too)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QGridLayout,
    QHeaderView,
    QListView,
    QPushButton,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

TABS_QSS = """
QPushButton#tab { background: #1c3025; color: #e8efe9; padding: 4px 8px; border: 1px solid #2c4a37;
    border-bottom: none; border-top-left-radius: 6px; border-top-right-radius: 6px; }
QPushButton#tab:checked { background: #f7f5ee; color: #14231a; }
QStackedWidget#pane { border: 1px solid #2c4a37; background: #f7f5ee; }
"""


class Tabs(QWidget):
    """Pages under a row of tab buttons; the buttons take two rows when one row is too
    narrow for them, so every tab stays in sight."""

    currentChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(TABS_QSS)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(2)
        self.grid.setVerticalSpacing(2)
        outer.addLayout(self.grid)
        self.stack = QStackedWidget()
        self.stack.setObjectName("pane")
        outer.addWidget(self.stack, 1)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.group.idClicked.connect(self.setCurrentIndex)
        self.tab_buttons: list[QPushButton] = []
        self.rows = 1

    def addTab(self, page: QWidget, text: str) -> int:
        index = len(self.tab_buttons)
        button = QPushButton(text)
        button.setObjectName("tab")
        button.setCheckable(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.group.addButton(button, index)
        self.tab_buttons.append(button)
        self.stack.addWidget(page)
        if index == 0:
            button.setChecked(True)
        self._arrange()
        return index

    def count(self) -> int:
        return len(self.tab_buttons)

    def tabText(self, index: int) -> str:
        return self.tab_buttons[index].text()

    def currentIndex(self) -> int:
        return self.stack.currentIndex()

    def currentWidget(self) -> QWidget | None:
        return self.stack.currentWidget()

    def setCurrentIndex(self, index: int) -> None:
        if 0 <= index < self.count():
            self.tab_buttons[index].setChecked(True)
            if index != self.stack.currentIndex():
                self.stack.setCurrentIndex(index)
                self.currentChanged.emit(index)

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self) -> None:
        """One row when the buttons fit the width, else two."""
        buttons = self.tab_buttons
        needed = sum(b.sizeHint().width() for b in buttons) + 2 * max(0, len(buttons) - 1)
        rows = 1 if needed <= max(1, self.width()) else 2
        if rows == self.rows and self.grid.count() == len(buttons):
            return
        self.rows = rows
        per_row = -(-len(buttons) // rows)
        for b in buttons:
            self.grid.removeWidget(b)
        for i, b in enumerate(buttons):
            self.grid.addWidget(b, i // per_row, i % per_row)


def wrapped_height(text: str, font: QFont, width: int) -> int:
    """The height of ``text`` wrapped at ``width`` as an item view lays it out (lines of
    the font's full height, leading included)."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    height = 0.0
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(1, width))
        height += line.height()
    layout.endLayout()
    return int(height + 0.999)


class WrapDelegate(QStyledItemDelegate):
    """List items as tall as their text wrapped at the list's width (never cut with "…")."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        width = max(40, self.view.viewport().width() - 4)
        # the text is drawn inside the item's margins: wrapped narrower than the item
        return QSize(width, wrapped_height(text, option.font, width - 12) + 5)


def wrapping_list(view: QListView) -> None:
    """Make ``view``'s lines wrap at its width."""
    view.setWordWrap(True)
    view.setUniformItemSizes(False)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setItemDelegate(WrapDelegate(view))


class WrapHeader(QHeaderView):
    """Column headings that wrap between words ("记分 Points" over two lines), so that a
    column is no wider than its widest word or cell."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)

    def _text(self, logical: int) -> str:
        model = self.model()
        if model is None:
            return ""
        return str(model.headerData(logical, self.orientation()) or "")

    def sectionSizeFromContents(self, logical: int) -> QSize:
        text = self._text(logical)
        fm = self.fontMetrics()
        width = max((fm.horizontalAdvance(w) for w in text.split()), default=0) + 10
        rect = fm.boundingRect(QRect(0, 0, width, 1000), int(Qt.TextFlag.TextWordWrap), text)
        return QSize(width, rect.height() + 8)

    def paintSection(self, painter: QPainter, rect: QRect, logical: int) -> None:
        painter.save()
        painter.fillRect(rect, QColor("#e6e1d3"))
        painter.setPen(QColor("#1b1b1b"))
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignCenter)
        painter.drawText(rect.adjusted(3, 2, -3, -2), flags, self._text(logical))
        painter.restore()


class FitTable(QTableView):
    """A table whose columns fit its width: headings wrap, the cells wrap too, the widest
    columns give up width first; never a sideways scroll."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A viewport made here, as the table view's (ui/table/view.py): for Qt's own, the
        # first viewport() call has PySide look through the widget classes for its type
        # (about 10 ms of the window's start, issue 21).
        self.setViewport(QWidget())
        header = WrapHeader(self)
        self.setHorizontalHeader(header)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setMinimumSectionSize(18)

    def setModel(self, model) -> None:  # type: ignore[no-untyped-def]
        super().setModel(model)
        # connected to this view's own slot: the connection ends with the view
        for signal in (model.modelReset, model.layoutChanged, model.rowsInserted):
            signal.connect(self.refit)
        model.dataChanged.connect(self.refit)
        self.refit()

    def refit(self, *_: object) -> None:
        fit_columns(self)

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().resizeEvent(event)
        fit_columns(self)


def fit_columns(view: QTableView) -> None:
    """Give each column its natural width, then, while the row is wider than the view, take
    width from the widest column (its cells wrap)."""
    model = view.model()
    if model is None:
        return
    header = view.horizontalHeader()
    n = model.columnCount()
    if n == 0:
        return
    natural = [
        max(header.sectionSizeFromContents(c).width(), view.sizeHintForColumn(c)) for c in range(n)
    ]
    floor = [header.sectionSizeFromContents(c).width() for c in range(n)]
    room = max(n * 18, view.viewport().width() or view.width())
    widths = list(natural)
    while sum(widths) > room:
        widest = max(range(n), key=lambda c: widths[c] - floor[c])
        if widths[widest] <= floor[widest]:
            widest = max(range(n), key=lambda c: widths[c])
            if widths[widest] <= 18:
                break
        widths[widest] -= max(1, (sum(widths) - room) // 2 if n == 1 else 4)
        widths[widest] = max(widths[widest], 18)
    extra = room - sum(widths)
    if extra > 0:
        widths[max(range(n), key=lambda c: natural[c])] += extra
    for c, w in enumerate(widths):
        header.resizeSection(c, w)
    view.resizeRowsToContents()
