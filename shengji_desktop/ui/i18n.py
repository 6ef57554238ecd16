"""Languages: English sources in tr(), Simplified Chinese from the compiled catalogue, or both.

Every user-visible string goes through ``tr`` (context ""), so pyside6-lupdate finds it. The
installed translator answers in Chinese, in English (the source), or in both. Both is the
default outside a Chinese locale: the game's terms are Chinese words that players know by their
Chinese names, and the sentences around them are said in Chinese, then in English.

In both, a label reads "出牌 Play". A sentence is made twice by ``say``: once in Chinese with
Chinese words in its fields, once in English with English ones ("提示：出 ♣2 / Hint: play ♣2");
a sentence put together without ``say`` still shows both (its template is "中文 / English"),
but the words in its fields are then bilingual labels. Words that stay on screen are kept as
how to make them (``Words``), not as the text made, so that a change of language says them
again.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QSettings, QTranslator

from shengji_desktop.assets import TRANSLATIONS_DIR as TRANSLATIONS_DIR

LANGUAGES = ("both", "zh", "en")
LANGUAGE_KEY = "ui/language"
# In "both", texts up to this length without fields or line breaks are labels ("出牌 Play");
# longer ones and those with fields are sentences, said in Chinese and then in English.
SHORT = 30
# Between a sentence in Chinese and the same in English, on one line; longer than LINE
# columns together, on two lines.
BETWEEN = " / "
LINE = 80
ROW = 36  # the same for the value of a row (a settlement's), which sits beside its label

# Words that stay on screen, made again in the language of the moment.
Words = Callable[[], str]

_speaking = threading.local()


def tr(text: str) -> str:
    return QCoreApplication.translate("", text)


def language_names() -> dict[str, str]:
    # Shown untranslated so that everybody can find their language.
    return {"both": "中文 + English", "zh": "中文", "en": "English"}


def default_language() -> str:
    return "zh" if QLocale.system().language() == QLocale.Language.Chinese else "both"


def saved_language(settings: QSettings | None = None) -> str:
    settings = settings or QSettings()
    value = str(settings.value(LANGUAGE_KEY, "") or "")
    return value if value in LANGUAGES else default_language()


def is_label(source: str) -> bool:
    """A short text without fields or line breaks: "出牌 Play" in both."""
    return "{" not in source and "\n" not in source and len(source) <= SHORT


def width(text: str) -> int:
    """How many columns ``text`` takes: a Chinese character two, other characters one."""
    return sum(2 if "\u2e80" <= ch <= "\uffef" else 1 for ch in text)


RULE_AT_END = re.compile(r"\s*\[[A-Z]+(?:-[A-Z0-9]+)+[^\]]*\]$")
LINE_BREAK = re.compile(r"\n|<br>")


def join(
    zh: str,
    en: str,
    sentence: bool = False,
    fits: Callable[[str], bool] | None = None,
    alike: bool = False,
) -> str:
    """A text in Chinese and in English, for "both": one of them where they agree or the
    English already names the Chinese term ("Dry pot (干锅)"); labels side by side; sentences
    with a separator, or on two lines when they would not fit on one (``fits``, or LINE
    columns; a rule ID at the end of both only once); texts of several lines line by line
    (``alike``: every line on two where one must be), or one block after the other."""
    if not zh or zh == en or zh in en:
        return en
    zh_lines, en_lines = LINE_BREAK.split(zh), LINE_BREAK.split(en)
    if len(zh_lines) > 1 or len(en_lines) > 1:
        breaks = LINE_BREAK.findall(en)
        if len(zh_lines) == len(en_lines) and breaks == LINE_BREAK.findall(zh):
            pairs = list(zip(zh_lines, en_lines, strict=True))
            joined = [join(z, e, sentence, fits) for z, e in pairs]
            if alike and any(LINE_BREAK.search(line) for line in joined):
                # one pair on two lines: all on two, the block reads Chinese, English, ...
                joined = [join(z, e, sentence, lambda _: False) for z, e in pairs]
            return "".join(line + brk for line, brk in zip(joined, [*breaks, ""], strict=True))
        return f"{zh}\n\n{en}"
    if not sentence and is_label(en):
        return f"{zh} {en}"
    rule = RULE_AT_END.search(en)
    if rule is not None and zh.endswith(rule.group().strip()):
        zh = zh[: -len(rule.group().strip())].rstrip()
    one_line = f"{zh}{BETWEEN}{en}"
    if not (fits(one_line) if fits is not None else width(one_line) <= LINE):
        return f"{zh}<br>{en}" if "<" in zh + en else f"{zh}\n{en}"
    return one_line


@contextmanager
def speaking(mode: str) -> Iterator[None]:
    """``tr`` answers in ``mode`` ("zh" or "en") on this thread meanwhile."""
    before = getattr(_speaking, "mode", None)
    _speaking.mode = mode
    try:
        yield
    finally:
        _speaking.mode = before


@contextmanager
def installed_language() -> Iterator[None]:
    """``tr`` answers in the installed language meanwhile, also inside ``speaking``: for
    widgets made while words are said in one language (the side panel's details, made at its
    first view, which ``bilingual`` shows in Chinese and in English)."""
    before = getattr(_speaking, "mode", None)
    _speaking.mode = None
    try:
        yield
    finally:
        _speaking.mode = before


def say(make: Words, fits: Callable[[str], bool] | None = None) -> str:
    """The words ``make`` puts together, in the installed language; in both, made in Chinese
    (every ``tr`` inside it answering in Chinese) and then in English, and joined (on two
    lines where the one would not ``fit``)."""
    if current_mode() != "both" or getattr(_speaking, "mode", None) is not None:
        return make()
    with speaking("zh"):
        zh = make()
    with speaking("en"):
        en = make()
    return join(zh, en, sentence=True, fits=fits)


def stacked(make: Words) -> str:
    """``make``'s words in the installed language; in both, the Chinese above the English,
    also while ``bilingual`` runs an update in each language (it then finds the same text
    twice and leaves it): for names in a narrow column."""
    if current_mode() != "both":
        return make()
    with speaking("zh"):
        zh = make()
    with speaking("en"):
        en = make()
    return en if zh == en else f"{zh}\n{en}"


class Said(str):
    """Words as said now (a ``str``) that can be said again in the language of the moment
    (``again``): a message that stays on screen keeps how it was made, not only its text."""

    make: Words

    def __new__(cls, make: Words) -> Said:
        said = super().__new__(cls, make())
        said.make = make
        return said

    def again(self) -> Said:
        return Said(self.make)


def said(make: Words) -> Said:
    """``say(make)`` now, and again after a change of language."""
    return Said(lambda: say(make))


def bilingual(widget: QObject, update: Callable[[], None]) -> None:
    """Run ``update``, which sets the texts of ``widget``'s labels; in both, run it in
    Chinese and in English and give each label the two texts joined (line by line)."""
    from PySide6.QtWidgets import QLabel

    if current_mode() != "both" or getattr(_speaking, "mode", None) is not None:
        update()
        return
    with speaking("zh"):
        update()
    chinese = {id(label): label.text() for label in widget.findChildren(QLabel)}
    with speaking("en"):
        update()
    labels = widget.findChildren(QLabel)
    english = {id(label): label.text() for label in labels}
    if any("<table" in text for text in english.values()):
        update()  # a table is not doubled: its words are labels ("积分 Coins")
    for label in labels:
        zh, en = chinese.get(id(label)), english[id(label)]
        if zh is not None and "<table" not in en:
            label.setText(join(zh, en, sentence=True, fits=_fits(label)))


def _fits(label: QObject) -> Callable[[str], bool]:
    """Whether a line fits the label's width (its tags not counted)."""
    from PySide6.QtWidgets import QLabel

    assert isinstance(label, QLabel)
    room = label.contentsRect().width()
    metrics = label.fontMetrics()

    def fits(line: str) -> bool:
        plain = re.sub(r"<[^>]*>", "", line).replace("&nbsp;", " ")
        return room <= 0 or metrics.horizontalAdvance(plain) <= room

    return fits


def say_rows(
    make: Callable[[], list[tuple[str, str]]], fits: Callable[[str], bool] | None = None
) -> list[tuple[str, str]]:
    """Rows of (label, value) such as a settlement's, made in the installed language; in
    both, made in Chinese and in English, each label and value joined (a value on one line
    where ``fits`` says it fits, else ROW columns; the lines of a value all alike)."""
    if current_mode() != "both" or getattr(_speaking, "mode", None) is not None:
        return make()
    with speaking("zh"):
        zh = make()
    with speaking("en"):
        en = make()
    if len(zh) != len(en):
        return make()
    return [
        (
            join(zk, ek),
            join(zv, ev, sentence=True, fits=fits or (lambda ln: width(ln) <= ROW), alike=True),
        )
        for (zk, zv), (ek, ev) in zip(zh, en, strict=True)
    ]


def again(text: str) -> str:
    """``text`` in the language of the moment, if it is ``Said``; else as it is."""
    return text.again() if isinstance(text, Said) else text


class BilingualTranslator(QTranslator):
    """Chinese, English or both, from one compiled Chinese catalogue."""

    def __init__(self, mode: str = "both") -> None:
        super().__init__()
        self.mode = mode
        self.chinese = QTranslator()
        self.loaded = self.chinese.load(str(TRANSLATIONS_DIR / "zh_CN.qm"))

    def isEmpty(self) -> bool:
        return False

    def translate(
        self,
        context: str,
        source: str,
        disambiguation: str | None = None,
        n: int = -1,
    ) -> str | None:
        # None (a null QString) means "not translated here": Qt then shows the source.
        mode = getattr(_speaking, "mode", None) or self.mode
        if mode == "en" or not self.loaded:
            return None
        zh = self.chinese.translate(context, source, disambiguation, n)
        if not zh:
            return None
        if mode == "zh":
            return zh
        return join(zh, source)


_installed: BilingualTranslator | None = None


def install(mode: str) -> BilingualTranslator:
    """Install (or switch) the application's translator; widgets re-read their texts on
    QEvent.LanguageChange."""
    global _installed
    app = QCoreApplication.instance()
    assert app is not None
    if _installed is not None:
        app.removeTranslator(_installed)
    _installed = BilingualTranslator(mode)
    app.installTranslator(_installed)
    return _installed


def current_mode() -> str:
    return _installed.mode if _installed is not None else "en"


def colon() -> str:
    """What follows a label put before its value by the code ("积分：", "Coins: "): the
    full-width colon in Chinese, which has its own space; in both, the English one, as the
    English label ends the label ("积分 Coins: ")."""
    mode = getattr(_speaking, "mode", None) or current_mode()
    return "\uff1a" if mode == "zh" else ": "
