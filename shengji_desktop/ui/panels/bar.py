"""The action bar: the prompt and the buttons of the moment, floating above the hand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from ..i18n import tr
from ..rules_window import open_rules, rule_in

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
QPushButton#rule-link { background: rgba(60, 20, 10, 200); color: #ffd27a; font-size: 13px;
    border: 1px solid #ffd27a; border-radius: 8px; padding: 2px 8px; min-height: 16px; }
"""


@dataclass
class Choice:
    key: str
    text: str
    tooltip: str
    callback: Callable[[], None]
    primary: bool = False
    enabled: bool = True


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
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(False)  # one line: the bar keeps room for exactly one
        self.notice.hide()
        top.addStretch(1)
        top.addWidget(self.prompt)
        top.addStretch(1)
        outer.addLayout(top)
        self.row = QHBoxLayout()
        self.row.setSpacing(8)
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
        self.buttons: dict[str, QPushButton] = {}
        self._signature: tuple[Any, ...] = ()

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

    def set_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(bool(text))
        self.rule = (rule_in(text) or "") if text else ""
        self.rule_button.setToolTip(f"{tr('Rules')}: {self.rule}")
        self.rule_button.setVisible(bool(self.rule))

    def open_rule(self) -> None:
        if self.rule:
            open_rules(self.window(), self.rule)

    def set_choices(self, choices: list[Choice]) -> None:
        signature = tuple((c.key, c.text, c.primary) for c in choices)
        if signature != self._signature:
            self._signature = signature
            while self.row.count():
                item = self.row.takeAt(0)
                w = item.widget() if item is not None else None
                if w is not None:
                    w.deleteLater()
            self.buttons = {}
            self.row.addStretch(1)
            for c in choices:
                button = QPushButton(c.text)
                button.setObjectName(c.key)
                button.setProperty("primary", "true" if c.primary else "false")
                button.setCursor(Qt.CursorShape.PointingHandCursor)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                self.row.addWidget(button)
                button.show()  # counted in the size hint at once, not after the next event
                self.buttons[c.key] = button
            self.row.addStretch(1)
        for c in choices:
            button = self.buttons[c.key]
            button.setToolTip(c.tooltip)
            button.setEnabled(c.enabled)
            if button.property("connected"):
                button.clicked.disconnect()
            button.clicked.connect(c.callback)
            button.setProperty("connected", True)
            button.setProperty("hinted", "false")
            button.style().unpolish(button)
            button.style().polish(button)

    def hint_button(self, key: str) -> None:
        for k, button in self.buttons.items():
            button.setProperty("hinted", "true" if k == key else "false")
            button.style().unpolish(button)
            button.style().polish(button)
