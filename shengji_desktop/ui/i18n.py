"""Languages: English sources in tr(), Simplified Chinese from the compiled catalogue, or both.

Every user-visible string goes through ``tr`` (context ""), so pyside6-lupdate finds it. The
installed translator answers in Chinese, in English (the source), or in both: labels and game
terms as "出牌 Play", sentences in English. Both is the default outside a Chinese locale: the
game's terms are Chinese words that players know by their Chinese names.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator

from shengji_desktop.assets import TRANSLATIONS_DIR as TRANSLATIONS_DIR

LANGUAGES = ("both", "zh", "en")
LANGUAGE_KEY = "ui/language"
# In "both", labels up to this length show Chinese and English ("出牌 Play"), longer texts
# and sentences with fields stay English around their bilingual terms.
SHORT = 30


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
        if self.mode == "en" or not self.loaded:
            return None
        zh = self.chinese.translate(context, source, disambiguation, n)
        if not zh:
            return None
        if self.mode == "zh":
            return zh
        if zh in source:  # the English already carries the Chinese term: "Dry pot (干锅)"
            return source
        if "{" in source or "\n" in source or len(source) > SHORT:
            return None  # sentences stay English; the terms inside them are bilingual
        return f"{zh} {source}"


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
