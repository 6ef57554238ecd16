"""Every tr() string of the user interface is translated, and the compiled catalogue matches."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QTranslator

from shengji_desktop.ui import i18n

UI = Path(i18n.__file__).resolve().parent
TS = UI.parents[1] / "translations" / "zh_CN.ts"  # the source, in the repository
QM = i18n.TRANSLATIONS_DIR / "zh_CN.qm"  # the compiled catalogue, where the program reads it


def source_strings() -> set[str]:
    found: set[str] = set()
    for path in UI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "tr"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def catalogue() -> dict[str, tuple[str, str | None]]:
    out = {}
    for message in ET.parse(TS).getroot().iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        out[source] = (translation.text or "", translation.get("type"))
    return out


def test_every_string_is_translated() -> None:
    strings = source_strings()
    assert len(strings) > 300
    ts = catalogue()
    missing = sorted(s for s in strings if s not in ts)
    assert not missing, f"run scripts/translations: not in zh_CN.ts: {missing[:10]}"
    unfinished = sorted(s for s, (text, kind) in ts.items() if kind or not text)
    assert not unfinished, f"untranslated: {unfinished[:10]}"
    fields = ("{n}", "{who}", "{cards}", "{suit}", "{card}")
    checked = dict.fromkeys(fields, 0)  # the sources with each field, each one checked
    for source, (text, _) in ts.items():
        for field in fields:
            if field in source:
                assert field in text, f"{source!r} → {text!r} loses {field}"
                checked[field] += 1
    unchecked = [field for field, n in checked.items() if not n]
    assert not unchecked, f"no source has {unchecked}: their translations went unchecked"


def test_the_compiled_catalogue_matches_the_source(qapp) -> None:
    translator = QTranslator()
    assert translator.load(str(QM))
    for source, (text, _) in catalogue().items():
        assert translator.translate("", source) == text, source


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("zh", "出牌"), ("en", "Play"), ("both", "出牌 Play")],
)
def test_language_modes(qapp, mode, expected) -> None:
    i18n.install(mode)
    try:
        assert i18n.tr("Play") == expected
        # a source that already names the Chinese term is not doubled
        assert i18n.tr("Dry pot (干锅)") in ("干锅", "Dry pot (干锅)")
    finally:
        i18n.install("en")


def test_the_log_follows_a_change_of_language(qapp) -> None:
    """Lines already in the log are put into the new language too (not only later ones)."""
    from shengji_desktop.engine.events import Bid, HandStarted
    from shengji_desktop.rules.cards import Seat
    from shengji_desktop.ui.panels.models import LogModel

    log = LogModel(Seat.S)
    i18n.install("en")
    try:
        log.feed(HandStarted(3))
        log.feed(Bid(Seat.N, 65))
        english = log.lines
        assert len(english) == 2 and all(english)
        changed: list[int] = []
        log.dataChanged.connect(lambda first, last: changed.append(last.row() - first.row() + 1))
        i18n.install("zh")
        log.retranslate()
        chinese = log.lines
        assert changed == [2]
        assert all(a != b for a, b in zip(english, chinese, strict=True))
        assert log.data(log.index(0)) == chinese[0]
    finally:
        i18n.install("en")


def test_lupdate_finds_nothing_unfinished(tmp_path) -> None:
    """pyside6-lupdate, run over the sources as scripts/translations runs it, leaves no entry
    of zh_CN.ts unfinished: every string it collects (sentences with fields too) has its
    Chinese."""
    import shutil
    import subprocess
    import sys

    lupdate = shutil.which("pyside6-lupdate") or str(
        Path(sys.executable).parent / "pyside6-lupdate"
    )
    copy = tmp_path / "zh_CN.ts"
    shutil.copy(TS, copy)
    sources = sorted(str(p) for p in UI.rglob("*.py"))  # every folder of the window layer
    done = subprocess.run(
        [lupdate, *sources, "-ts", str(copy), "-no-obsolete", "-locations", "none"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert " 0 new" in done.stdout or "(0 new" in done.stdout, done.stdout
    root = ET.parse(copy).getroot()
    unfinished = [
        m.findtext("source")
        for m in root.iter("message")
        if (t := m.find("translation")) is None or t.get("type") == "unfinished" or not t.text
    ]
    assert not unfinished, f"run scripts/translations and translate: {unfinished[:10]}"
    assert len(list(root.iter("message"))) > 450
