"""What a player can read on the screen: the text of every visible widget of the window and of
its open dialogs (labels, buttons, tabs, menus, combo boxes, tooltips, list and table cells),
of the table's items (seat plates, labels, banners and speech bubbles), and the status bar; and
the Latin words in it that a 中文 player would not expect."""

from __future__ import annotations

import getpass
import re
from collections.abc import Iterable, Iterator

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabBar,
    QWidget,
)

from shengji_desktop.ui.table import items, seatplate

# Rule IDs are shown on purpose (a player can look them up in the rules): GEN-TRICK-2,
# DL-KITTY-6, SD-BID-4, TR-FOLLOW-2, DL-OP-5.
RULE_ID = re.compile(r"\b(?:GEN|DL|TR|SD)(?:-[A-Z]+)+-\d+[a-z]?\b")
# Card names as the table prints them: ♠A ♥K ♦Q ♣J 10 (jokers are written 大王/小王), and the
# levels J Q K A. On their own or after a suit symbol.
CARD = re.compile(r"[♠♥♦♣]?(?:10|[2-9JQKA])(?![A-Za-z])")
# The only Latin words a 中文 screen may show, each for a reason:
ALLOWED = {
    # the program's name and version line in the About box (a proper name)
    "Shengji",
    "Desktop",
    # keys, named as printed on the keyboard
    "Enter",
    "Esc",
    "H",
    "T",  # the card tracker
    "Ctrl",  # Ctrl+T: 托管
    "Shift",  # Shift+drag: move a card within the hand
    # the language menu names each language in its own words so that everybody finds theirs
    "English",
    # an address example in the join dialog (host:port is what one types)
    "host",
    "port",
    # the player's own name (the host dialog starts from the computer's user name)
    *re.findall(r"[A-Za-z]+", getpass.getuser()),
}
# A file's path, named as the system names it (the log's, in the About box): two separators
# or more, no spaces ("A / B" is a pair of words, not a path).
PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][^\s<\\/]+){2,}")
# A menu's keyboard shortcut letter, which Chinese menus show as "游戏(&G)".
MNEMONIC = re.compile(r"\(&?[A-Z]\)")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
TAG = re.compile(r"<[^>]*>|&[a-z]+;")


def latin_words(text: str) -> list[str]:
    """The Latin words of ``text`` that are not a rule ID, a card or an allowed name."""
    text = TAG.sub(" ", text)
    text = PATH.sub(" ", text)
    text = MNEMONIC.sub(" ", text)
    text = RULE_ID.sub(" ", text)
    text = CARD.sub(" ", text)
    return [w for w in WORD.findall(text) if w not in ALLOWED]


def _model_texts(view: QAbstractItemView) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    root = QModelIndex()
    rows = model.rowCount(root)
    try:
        cols = model.columnCount(root)
    except TypeError:  # a list model
        cols = 1
    for c in range(cols):
        yield str(model.headerData(c, Qt.Orientation.Horizontal) or "")
    for r in range(min(rows, 400)):
        for c in range(cols):
            yield str(model.data(model.index(r, c, root)) or "")


def _menu_texts(menu: QMenu) -> Iterator[str]:
    yield menu.title()
    for action in menu.actions():
        yield action.text().replace("&", "")
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from _menu_texts(sub)


def widget_texts(top: QWidget) -> Iterator[str]:
    """The texts of ``top`` and of its visible children."""
    yield top.windowTitle()
    if isinstance(top, QMainWindow):
        for action in top.menuBar().actions():
            menu = action.menu()
            if isinstance(menu, QMenu):
                yield from _menu_texts(menu)
        yield top.statusBar().currentMessage()
    if isinstance(top, QMessageBox):
        yield top.text()
        yield top.informativeText()
    for w in [top, *top.findChildren(QWidget)]:
        if not w.isVisibleTo(top) and w is not top:
            continue
        yield w.toolTip()
        if isinstance(w, QLabel):
            yield w.text().replace("\u2060", "")  # word joiners keep rule tags whole, unseen
        elif isinstance(w, QAbstractButton):
            yield w.text().replace("&", "")
        elif isinstance(w, QGroupBox):
            yield w.title()
        elif isinstance(w, QTabBar):
            yield from (w.tabText(i) for i in range(w.count()))
        elif isinstance(w, QComboBox):
            yield from (w.itemText(i) for i in range(w.count()))
        elif isinstance(w, QLineEdit):
            yield w.text()
            yield w.placeholderText()
        elif isinstance(w, QAbstractSpinBox):
            yield w.text()
            yield w.specialValueText() if hasattr(w, "specialValueText") else ""
        elif isinstance(w, QAbstractItemView):
            yield from _model_texts(w)


def scene_texts(scene) -> Iterator[str]:
    """The words painted on the table: seat plates, labels, banners, bubbles."""
    for item in scene.items():
        if not item.isVisible():
            continue
        if isinstance(item, seatplate.SeatPlate):
            yield from (item.title, item.subtitle, item.extra)
        elif isinstance(item, items.Banner):
            yield from (item.title, item.detail)
        elif isinstance(item, items.Bubble | items.Label):
            yield item.text


def screen_texts(window) -> list[str]:
    """Everything readable now: the window, its scene, and every open top-level window."""
    texts = list(widget_texts(window))
    if window.built:
        texts += scene_texts(window.table.scene)
    for top in QApplication.topLevelWidgets():
        if top is not window and top.isVisible():
            texts += widget_texts(top)
    return [t for t in texts if t]


def english(texts: Iterable[str]) -> dict[str, list[str]]:
    """Each text that shows Latin words, with those words."""
    found = {}
    for text in texts:
        words = latin_words(text)
        if words:
            found[text] = words
    return found
