"""The action bar: the prompt and the buttons of the moment, floating above the hand.

The buttons fit the room the window gives them (``set_room``: the table's width between the
viewer's seat box and the edge): when they would not, the choices of one kind (declarations,
joker burials, bids) fold into one button that opens a menu of them, a chooser. A button the
pointer has just come to keeps its words for ``HOLD_S``; a change meanwhile waits.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..i18n import colon, tr

NO_LIMIT = (1 << 24) - 1  # Qt's QWIDGETSIZE_MAX, which PySide does not export

BAR_QSS = """
QWidget#actionbar { background: transparent; }
QLabel#prompt { color: #fff8e1; font-size: 15px; font-weight: bold;
    background: rgba(8, 18, 12, 170); border-radius: 10px; padding: 5px 12px; }
QLabel#notice { color: #ffd27a; font-size: 13px; font-weight: bold;
    background: rgba(60, 20, 10, 200); border-radius: 8px; padding: 4px 10px; }
QPushButton { background: #24352b; color: #f1f5f2; border: 1px solid #6b8f78;
    border-radius: 9px; padding: 6px 14px; font-size: 14px; font-weight: bold; min-height: 22px; }
QPushButton:hover { background: #2f4a3a; }
QPushButton:disabled { background: rgba(40, 50, 44, 160); color: #8a9a90; border-color: #4a5a50; }
QPushButton[primary="true"] { background: #d4a017; color: #201600; border: 1px solid #f3d27a; }
QPushButton[primary="true"]:hover { background: #e6b422; }
QPushButton[primary="true"]:disabled { background: rgba(120, 100, 40, 150); color: #3b3220; }
QPushButton[hinted="true"] { border: 3px solid #ffb300; }
QPushButton::menu-indicator { subcontrol-position: right center; right: 6px; }
QPushButton[chooser="true"] { padding-right: 24px; }
QPushButton#rule-link { background: rgba(60, 20, 10, 200); color: #ffd27a; font-size: 13px;
    border: 1px solid #ffd27a; border-radius: 8px; padding: 2px 8px; min-height: 16px; }
"""

# A button the pointer has just come to keeps its words this long (seconds): a click aimed
# at "Declare ♥A" must not land on the "Declare ♥A ♥A" that replaced it meanwhile.
HOLD_S = 0.3
SPACING = 8


WORD_JOINER = "\u2060"
_TAG = re.compile(r"\[[A-Z]+(?:-[A-Z0-9]+)+\]")


def unbroken_tags(text: str) -> str:
    """``text`` with a word joiner after each hyphen of its rule tags, so that a wrapped notice
    never breaks "[SD-BID-4]" over two lines (issue 36 item 11); it draws nothing."""
    return _TAG.sub(lambda m: m.group(0).replace("-", "-" + WORD_JOINER), text)


@dataclass
class Choice:
    key: str
    text: str
    tooltip: str
    callback: Callable[[], None]
    primary: bool = False
    enabled: bool = True
    # Choices of one group fold into a chooser named ``group`` when the row is too wide.
    group: str = ""


class ActionBar(QWidget):
    """The prompt and the buttons of the moment, floating above the hand."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionbar")
        self.setStyleSheet(BAR_QSS)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(4)
        top = QHBoxLayout()
        top.setSpacing(8)
        self.prompt = QLabel("")
        self.prompt.setObjectName("prompt")
        self.prompt.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.notice = QLabel("")
        self.notice_text = ""
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(False)  # wrapped only where wider than the room (_fit_notice)
        self.notice.hide()
        # Busy while a computer seat thinks for long (the burial of the kitty, issue 22).
        self.busy = QProgressBar()
        self.busy.setObjectName("busy")
        self.busy.setRange(0, 0)  # no known end: Qt's busy indicator
        self.busy.setTextVisible(False)
        self.busy.setFixedSize(90, 8)
        self.busy.hide()
        top.addStretch(1)
        top.addWidget(self.prompt)
        top.addWidget(self.busy)
        top.addStretch(1)
        outer.addLayout(top)
        self.row = QHBoxLayout()
        self.row.setSpacing(SPACING)
        outer.addLayout(self.row)
        # "?" beside a notice that cites a rule opens the rules at its paragraph.
        self.rule_button = QPushButton("?")
        self.rule_button.setObjectName("rule-link")
        self.rule_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.rule_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.rule_button.clicked.connect(self.open_rule)
        self.rule_button.hide()
        self.rule = ""
        notice_row = QHBoxLayout()
        notice_row.addStretch(1)
        notice_row.addWidget(self.notice)
        notice_row.addWidget(self.rule_button)
        notice_row.addStretch(1)
        outer.addLayout(notice_row)
        outer.addStretch(1)
        # key → its button, or the chooser its choice folded into (its menu: menu_actions)
        self.buttons: dict[str, QPushButton] = {}
        self.menu_actions: dict[str, QAction] = {}
        self.room = 0  # the width the buttons may take (0: no limit)
        self._choices: list[Choice] = []
        self._signature: tuple[Any, ...] = ()
        self._hover: tuple[str, float] | None = None  # the words under the pointer, since
        self._pending: list[Choice] | None = None
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.timeout.connect(self._apply_pending)

    # ------------------------------------------------------------------ the pointer

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.Enter, QEvent.Type.Leave) and isinstance(watched, QPushButton):
            if kind == QEvent.Type.Enter:
                self._hover = (watched.text(), time.monotonic())
            elif self._hover is not None and self._hover[0] == watched.text():
                self._hover = None
        return super().eventFilter(watched, event)

    def held_for(self, choices: list[Choice]) -> float:
        """How much longer (seconds) ``choices`` must wait: the pointer came to a button
        less than ``HOLD_S`` ago, and they would change its words."""
        if self._hover is None:
            return 0.0
        words, since = self._hover
        left = HOLD_S - (time.monotonic() - since)
        if left <= 0 or words in {c.text for c in choices} | {c.group for c in choices}:
            return 0.0
        return left

    def _apply_pending(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None:
            self.set_choices(pending)

    # ------------------------------------------------------------------ prompt and notice

    def nominal_height(self) -> int:
        """Prompt, buttons and one line of notice: the room the bar keeps above the hand."""
        prompt = max(self.prompt.sizeHint().height(), 30)
        buttons = max((b.sizeHint().height() for b in self.buttons.values()), default=36)
        layout = self.layout()
        spacing = layout.spacing() if layout is not None else 4
        return prompt + max(buttons, 36) + 30 + 2 * spacing

    def set_prompt(self, text: str) -> None:
        self.prompt.setText(text)
        self.prompt.setVisible(bool(text))

    def set_busy(self, on: bool) -> None:
        self.busy.setVisible(on)

    def set_notice(self, text: str) -> None:
        # the rules window (and its pages) loads with the first notice, not at start (issue 21)
        from ..rules_window import rule_in

        self.notice_text = text  # as given; the label shows its rule tags unbroken
        self.notice.setText(unbroken_tags(text))
        self.notice.setVisible(bool(text))
        self.rule = (rule_in(text) or "") if text else ""
        self.rule_button.setToolTip(f"{tr('Rules')}{colon()}{self.rule}")
        self.rule_button.setVisible(bool(self.rule))
        self._fit_notice()

    def _fit_notice(self) -> None:
        """A notice wider than the room beside the viewer's seat box is wrapped to that room,
        the bar growing down over the hand's edge ("Passing is your only move: …" in 中文 +
        English ran under the seat box at 1024×600); one that fits keeps its lines."""
        text = self.notice.text()
        self.notice.ensurePolished()  # the style sheet's font
        metrics = self.notice.fontMetrics()
        widest = max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)
        beside = self.rule_button.sizeHint().width() + 8 if self.rule else 0
        room = self.room - beside
        if self.room and text and widest + 24 > room:  # 24: the padding, as the style sheet has it
            self.notice.setWordWrap(True)
            self.notice.setFixedWidth(max(120, room))
        else:
            self.notice.setWordWrap(False)
            self.notice.setMinimumWidth(0)
            self.notice.setMaximumWidth(NO_LIMIT)

    def open_rule(self) -> None:
        from ..rules_window import open_rules

        if self.rule:
            open_rules(self.window(), self.rule)

    # ------------------------------------------------------------------ the buttons

    def set_room(self, width: int) -> None:
        """The width the buttons may take; they are laid out again when it changes."""
        if width != self.room:
            self.room = width
            self._fit_notice()
            if self._choices:
                self._signature = ()
                self.set_choices(self._choices)

    def set_choices(self, choices: list[Choice]) -> None:
        signature = tuple((c.key, c.text, c.primary, c.group) for c in choices)
        wait = self.held_for(choices) if signature != self._signature else 0.0
        if wait > 0:
            self._pending = choices
            self._hold.start(max(1, int(wait * 1000) + 1))
            return
        self._pending = None
        self._hold.stop()
        self._choices = choices
        if signature != self._signature:
            self._signature = signature
            self._build(choices)
        for c in choices:
            action = self.menu_actions.get(c.key)
            if action is not None:
                action.setEnabled(c.enabled)
                action.setToolTip(c.tooltip)
                continue
            button = self.buttons[c.key]
            button.setToolTip(c.tooltip)
            button.setEnabled(c.enabled)
            if button.property("connected"):
                button.clicked.disconnect()
            button.clicked.connect(c.callback)
            button.setProperty("connected", True)
        self.hint_button("")

    def _build(self, choices: list[Choice]) -> None:
        while self.row.count():
            item = self.row.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        self.buttons, self.menu_actions = {}, {}
        made = {c.key: self._button(c.text, c.primary) for c in choices}
        widths = {key: b.sizeHint().width() for key, b in made.items()}
        folded: set[str] = set()
        groups = list(dict.fromkeys(c.group for c in choices if c.group))
        chooser_widths = {}
        for group in groups:
            probe = self._button(group, True, chooser=True)
            chooser_widths[group] = probe.sizeHint().width()
            probe.deleteLater()

        def width() -> int:
            seen: set[str] = set()
            total = 0
            for c in choices:
                if c.group in folded:
                    if c.group not in seen:
                        seen.add(c.group)
                        total += chooser_widths[c.group]
                else:
                    total += widths[c.key]
            return total + SPACING * max(0, len(choices) - 1)

        # the widest groups fold first, until the row fits
        groups.sort(key=lambda g: -sum(widths[c.key] for c in choices if c.group == g))
        for group in groups:
            if not self.room or width() <= self.room:
                break
            if sum(1 for c in choices if c.group == group) > 1:
                folded.add(group)
        self.row.addStretch(1)
        choosers: dict[str, QPushButton] = {}
        for c in choices:
            if c.group in folded:
                chooser = choosers.get(c.group)
                if chooser is None:
                    chooser = self._button(c.group, c.primary, chooser=True)
                    chooser.setObjectName("chooser")
                    chooser.setMenu(QMenu(chooser))
                    choosers[c.group] = chooser
                    self._add(chooser)
                menu = chooser.menu()
                assert menu is not None
                action = menu.addAction(c.text)
                action.triggered.connect(c.callback)
                self.menu_actions[c.key] = action
                self.buttons[c.key] = chooser
                made[c.key].deleteLater()
                continue
            button = made[c.key]
            button.setObjectName(c.key)
            self._add(button)
            self.buttons[c.key] = button
        self.row.addStretch(1)

    def _button(self, text: str, primary: bool, chooser: bool = False) -> QPushButton:
        """A button of the bar's style (made hidden: the row shows it, ``_add``)."""
        button = QPushButton(text, self)
        button.hide()
        button.setProperty("primary", "true" if primary else "false")
        button.setProperty("chooser", "true" if chooser else "false")
        if chooser:
            button.setMenu(QMenu(button))  # measured with its arrow
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.ensurePolished()
        return button

    def _add(self, button: QPushButton) -> None:
        button.installEventFilter(self)
        self.row.addWidget(button)
        button.show()  # counted in the size hint at once, not after the next event

    def press(self, key: str) -> bool:
        """Press the choice ``key`` (its button, or its entry in a chooser) if enabled."""
        action = self.menu_actions.get(key)
        if action is not None:
            if action.isEnabled():
                action.trigger()
                return True
            return False
        button = self.buttons.get(key)
        if button is not None and button.isEnabled():
            button.click()
            return True
        return False

    def hint_button(self, key: str) -> None:
        """Mark the button (or the chooser) of the hint's choice."""
        hinted = self.buttons.get(key)
        for button in set(self.buttons.values()):
            button.setProperty("hinted", "true" if button is hinted else "false")
            button.style().unpolish(button)
            button.style().polish(button)
