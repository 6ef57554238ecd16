"""Help → Rules: each game's rules written for players (resources/rules/, Chinese and English),
the rule options of the match marked where they apply; ``open_rules`` opens a rule's paragraph.

The pages are HTML files, one a game and language (``dl.zh.html`` …), and one for the rules the
three games share (``common.zh.html``), which each game's page takes in at ``{{common}}``. Every
paragraph carries its rule ID as an anchor (``<a name="TR-LEAD-5">``) and every rule option its
own (``opt-tr_throw_check``). The pages name no rule IDs in their words; three marks are filled
in when a page is shown: ``{{banner}}`` (whose options are marked), ``{{state}}`` (the same,
short, in an option's heading) and ``{{mark:OPTION=VALUE}}`` (● the value in force, ○ another).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.assets import RESOURCES_DIR
from shengji_desktop.rules.options import DEFAULT_OPTIONS, OPTION_SPECS, Game, Options

from . import i18n
from .fit import remember
from .i18n import tr
from .texts import game_name

RULES_DIR = RESOURCES_DIR / "rules"
RULES_SIZE = (820, 760)  # as the screen allows (fit)
RULES_GEOMETRY_KEY = "ui/rules-geometry"
LANGUAGES = ("zh", "en")
# A rule ID as RULES.md writes it (GEN-TRICK-3, DL-OP-4), and an option's anchor.
RULE_ID = re.compile(r"\b(?:GEN|DL|TR|SD)-[A-Z]+-\d+\b")
ANCHOR = re.compile(r'<a name="([^"]+)"')
_MARK = re.compile(r"\{\{mark:(\w+)=(\w+)\}\}")

# Whose options a page marks: the match being played, the New game dialog's choice, or the
# defaults. Page text like the pages themselves, in the page's language.
MATCH, DIALOG, DEFAULTS = "match", "dialog", "defaults"
_STATE = {
    "en": {MATCH: "this match", DIALOG: "as chosen in New game", DEFAULTS: "default"},
    "zh": {MATCH: "本局", DIALOG: "新游戏中的选择", DEFAULTS: "默认"},
}
_UNLIMITED = {"en": "unlimited", "zh": "不限"}
_BANNER = {
    "en": {
        MATCH: "● marks the rule options of the match being played.",
        DIALOG: "● marks the rule options chosen in the New game dialog.",
        DEFAULTS: "No match of this game is being played: ● marks the default rule options.",
    },
    "zh": {
        MATCH: "● 表示当前这局比赛所用的规则选项。",
        DIALOG: "● 表示“新游戏”对话框中选定的规则选项。",
        DEFAULTS: "当前没有进行这一游戏的比赛：● 表示默认的规则选项。",
    },
}


def page_file(name: str, lang: str) -> Path:
    return RULES_DIR / f"{name}.{lang}.html"


def render_page(
    game: Game, lang: str, options: Options = DEFAULT_OPTIONS, whose: str = DEFAULTS
) -> str:
    """The page of ``game`` in ``lang`` with the options of ``options`` marked."""
    text = page_file(game.value, lang).read_text(encoding="utf-8")
    text = text.replace("{{common}}", page_file("common", lang).read_text(encoding="utf-8"))
    encoded = options.to_dict()

    def mark(m: re.Match[str]) -> str:
        return "●" if encoded.get(m.group(1)) == m.group(2) else "○"

    text = _MARK.sub(mark, text)
    for spec in OPTION_SPECS:  # integer options show their value
        value = _UNLIMITED[lang] if encoded[spec.name] == "unlimited" else encoded[spec.name]
        text = text.replace(f"{{{{value:{spec.name}}}}}", html.escape(value))
    text = text.replace("{{state}}", _STATE[lang][whose])
    text = text.replace("{{banner}}", _BANNER[lang][whose])
    return STYLE + text


STYLE = """<style>
h1 { color: #2a4d3a; } h2 { color: #2a4d3a; margin-top: 18px; }
th { background: #e6efe8; } p.state { color: #6b5b00; }
</style>
"""


def anchors(page: str) -> list[str]:
    """The anchor names of a page, in order (duplicates kept, for the tests)."""
    return ANCHOR.findall(page)


def game_of(anchor: str) -> Game | None:
    """The game whose page holds the anchor; None for the rules all games share."""
    head = anchor.removeprefix("opt-").split("-")[0].split("_")[0].lower()
    for game in Game:
        if head == game.value:
            return game
    return None


def rule_in(text: str) -> str | None:
    """The rule ID a message cites (its last one), if any."""
    found = RULE_ID.findall(text)
    return found[-1] if found else None


def page_language(mode: str | None = None) -> str:
    """The pages follow the Settings language; "both" reads the English page, whose sentences
    carry the Chinese terms, as the rest of the window does (i18n)."""
    mode = mode or i18n.current_mode()
    return "zh" if mode == "zh" else "en"


class RulesWindow(QWidget):
    """The rules of the three games, one tab each, a language switch and a search field."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("rules-window")
        remember(self, RULES_GEOMETRY_KEY, RULES_SIZE)  # as left on a screen of this size
        self.options = DEFAULT_OPTIONS
        self.context: Game | None = None  # the game the marked options belong to
        self.whose = DEFAULTS
        self.anchor = ""  # the last anchor scrolled to
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.language = QComboBox()
        self.language.setObjectName("rules-language")
        for key, name in (("zh", "中文"), ("en", "English")):  # untranslated, as in Settings
            self.language.addItem(name, key)
        self.find_field = QLineEdit()
        self.find_field.setObjectName("rules-find")
        self.find_field.setClearButtonEnabled(True)
        self.find_field.returnPressed.connect(self.find_next)
        top.addWidget(self.find_field, 1)
        top.addWidget(self.language)
        layout.addLayout(top)
        self.tabs = QTabWidget()
        self.browsers: dict[Game, QTextBrowser] = {}
        for game in Game:
            browser = QTextBrowser()
            browser.setObjectName(f"rules-{game.value}")
            browser.setOpenLinks(False)  # the pages link nowhere; nothing may navigate away
            self.browsers[game] = browser
            self.tabs.addTab(browser, "")
        layout.addWidget(self.tabs, 1)
        self.set_language(page_language())
        self.language.currentIndexChanged.connect(lambda _: self.refresh())
        self.retranslate()

    @property
    def lang(self) -> str:
        return str(self.language.currentData())

    @property
    def game(self) -> Game:
        return list(Game)[self.tabs.currentIndex()]

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Rules"))
        self.find_field.setPlaceholderText(tr("Find"))
        for i, game in enumerate(Game):
            self.tabs.setTabText(i, game_name(game))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.set_language(page_language())
        super().changeEvent(event)

    def set_language(self, lang: str) -> None:
        index = self.language.findData(lang)
        if index != self.language.currentIndex():
            self.language.setCurrentIndex(index)  # refreshes
        else:
            self.refresh()

    def set_context(self, game: Game | None, options: Options, whose: str) -> None:
        """Mark ``options`` on ``game``'s page (the other games' pages show their defaults)."""
        self.context, self.options, self.whose = game, options, whose
        self.refresh()

    def refresh(self) -> None:
        for game, browser in self.browsers.items():
            ours = game is self.context
            options = self.options if ours else DEFAULT_OPTIONS
            whose = self.whose if ours else DEFAULTS
            bar = browser.verticalScrollBar()
            at = bar.value()
            browser.setHtml(render_page(game, self.lang, options, whose))
            bar.setValue(at)
        if self.anchor:
            self.show_anchor(self.anchor)

    def show_anchor(self, anchor: str, game: Game | None = None) -> None:
        """Bring the page of the anchor's game (or ``game``, or the match's game for a shared
        rule) to the front, scrolled to the anchor."""
        game = game_of(anchor) or game or self.context or self.game
        self.tabs.setCurrentIndex(list(Game).index(game))
        self.anchor = anchor
        browser = self.browsers[game]
        # Lay the whole page out first: the scroll range grows with the layout, which a new
        # page does in steps, and a paragraph beyond it would only be scrolled near.
        doc = browser.document()
        doc.documentLayout().blockBoundingRect(doc.lastBlock())
        browser.scrollToAnchor(anchor)

    def find_next(self) -> bool:
        """Find the search text in the page shown, from the cursor on, starting over at the end;
        the hit is scrolled to a third of the way down the page's view."""
        text = self.find_field.text()
        browser = self.browsers[self.game]
        if not text:
            return False
        # The whole page laid out first: a hit beyond the part laid out so far would be
        # scrolled to where the layout guessed it, not where it is.
        doc = browser.document()
        doc.documentLayout().blockBoundingRect(doc.lastBlock())
        found = browser.find(text)
        if not found:
            cursor = browser.textCursor()
            cursor.movePosition(cursor.MoveOperation.Start)
            browser.setTextCursor(cursor)
            found = browser.find(text, QTextDocument.FindFlag(0))
        if found:
            self.show_hit(browser)
        return found

    @staticmethod
    def show_hit(browser: QTextBrowser) -> None:
        """Scroll the hit (the selection) to a third of the way down the view, above its
        bottom edge and clear of it, where the eye looks first."""
        hit = browser.cursorRect()
        bar = browser.verticalScrollBar()
        bar.setValue(bar.value() + hit.top() - browser.viewport().height() // 3)


def _match_of(widget: QWidget | None) -> tuple[Game, Options] | None:
    """The game and options of the match the main window's table screen shows, if any."""
    while widget is not None:
        view = getattr(getattr(widget, "table", None), "last_view", None)
        if view is not None:
            return view.game, view.options
        widget = widget.parentWidget()
    return None


def open_rules(
    parent: QWidget,
    anchor: str = "",
    game: Game | None = None,
    options: Options | None = None,
) -> RulesWindow:
    """Show the rules window of ``parent`` (made the first time), at ``anchor`` (a rule ID or
    ``opt-NAME``). ``options`` (the New game dialog's choice for ``game``) are marked; without
    them, those of the match the window shows, if any."""
    window = parent.findChild(RulesWindow, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if window is None:
        window = RulesWindow(parent)
    if options is not None:
        window.set_context(game, options, DIALOG)
    else:
        match = _match_of(parent)
        if match is not None:
            window.set_context(match[0], match[1], MATCH)
        else:
            window.set_context(None, DEFAULT_OPTIONS, DEFAULTS)
    window.show()
    window.raise_()
    window.activateWindow()
    if anchor:
        window.show_anchor(anchor, game)
    elif game is not None:
        window.tabs.setCurrentIndex(list(Game).index(game))
    return window
