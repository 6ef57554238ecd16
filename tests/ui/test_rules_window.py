"""The rules in the program (issue 19): a page a game and language with an anchor for every rule
the code cites, the options marked, and the rules window opened at the paragraph from a
why-illegal notice, the New game dialog's "?" and Help → Rules."""

from __future__ import annotations

import ast
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton
from ui_driver import hand_cards, human_turn, select_cards, wait_turn

from shengji_desktop.rules.cards import Card, Rank, parse_card
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import OPTION_SPECS, Game, Options
from shengji_desktop.rules.ranking import Trump
from shengji_desktop.rules.trick import TrickRules
from shengji_desktop.ui.dialogs import NewGame, NewGameDialog
from shengji_desktop.ui.rules_window import (
    DEFAULTS,
    LANGUAGES,
    MATCH,
    RULE_ID,
    RulesWindow,
    anchors,
    game_of,
    render_page,
)
from shengji_desktop.ui.texts import reason_text

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "shengji_desktop"


def cited_ids(*folders: str) -> set[str]:
    """Every rule ID in a string of the code (RuleError's rule argument, the tables and
    variables it is chosen from, the docstrings that cite rules)."""
    found: set[str] = set()
    for folder in folders:
        for path in (PACKAGE / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.update(RULE_ID.findall(node.value))
    return found


def raised_ids() -> set[str]:
    """The rule IDs passed to RuleError as literals anywhere in rules/ and engine/ (the test
    below covers these and every other ID their code names)."""
    found: set[str] = set()
    for folder in ("rules", "engine"):
        for path in (PACKAGE / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleError":
                    for sub in ast.walk(node.args[1] if len(node.args) > 1 else node):
                        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                            found.update(RULE_ID.findall(sub.value))
    return found


def pages_of(rule: str) -> list[Game]:
    game = game_of(rule)
    return list(Game) if game is None else [game]


def spec_text() -> str:
    """RULES.md, the specification, beside the repository (the main tree and work trees)."""
    for folder in (ROOT.parent, ROOT.parent.parent):
        path = folder / "shared" / "RULES.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    pytest.skip("RULES.md is not beside this checkout")


def test_every_rule_the_code_cites_has_its_paragraph_in_both_languages() -> None:
    raised = raised_ids()
    assert {"GEN-TRICK-3", "DL-DECL-5", "TR-LEAD-3", "SD-BID-2"} <= raised  # the grep works
    assert len(raised) > 40
    cited = cited_ids("rules", "engine") | raised
    for game in Game:
        for lang in LANGUAGES:
            names = set(anchors(render_page(game, lang)))
            missing = sorted(r for r in cited if game in pages_of(r) and r not in names)
            assert not missing, (game, lang, missing)


def test_every_anchor_is_unique_and_every_option_has_one_where_it_applies() -> None:
    for game in Game:
        for lang in LANGUAGES:
            names = anchors(render_page(game, lang))
            twice = [n for n, k in Counter(names).items() if k > 1]
            assert not twice, (game, lang, twice)
            options = {n for n in names if n.startswith("opt-")}
            assert options == {f"opt-{s.name}" for s in OPTION_SPECS if s.applies(game)}
            for name in names:
                assert name.startswith("opt-") or RULE_ID.fullmatch(name), name
                assert game in pages_of(name), (game, name)


def test_the_prose_names_no_rule_ids_and_every_mark_is_filled() -> None:
    for game in Game:
        for lang in LANGUAGES:
            page = render_page(game, lang)
            words = re.sub(r"<[^>]+>", " ", page.split("</style>", 1)[1])
            assert not RULE_ID.findall(words), (game, lang, RULE_ID.findall(words)[:3])
            assert "{{" not in page and "}}" not in page


def test_every_id_in_the_code_and_the_pages_exists_in_rules_md() -> None:
    spec = set(RULE_ID.findall(spec_text()))
    in_code = cited_ids("rules", "engine", "ai", "net", "stats", "ui")
    assert not sorted(in_code - spec)
    for game in Game:
        for lang in LANGUAGES:
            on_page = {n for n in anchors(render_page(game, lang)) if not n.startswith("opt-")}
            assert not sorted(on_page - spec), (game, lang)
            # and the page has a paragraph for every rule of its game in RULES.md
            own = {r for r in spec if game in pages_of(r)}
            assert not sorted(own - on_page), (game, lang)


def option_row(page: str, name: str, value: str) -> str:
    table = page[page.index(f'name="opt-{name}"') :]
    table = table[: table.index("</table>")]
    (row,) = [r for r in table.split("<tr>") if f" {value}" in r.split("</td>")[0]]
    return re.sub(r"^<td[^>]*>", "", row)


def test_the_options_of_the_match_are_marked_where_they_apply() -> None:
    options = Options(dl_revolt=False, dl_follow_mode="dead", tr_throw_check="penalty")
    dl = render_page(Game.DL, "en", options, MATCH)
    assert option_row(dl, "dl_revolt", "off").startswith("●")
    assert option_row(dl, "dl_revolt", "on").startswith("○")
    assert option_row(dl, "dl_follow_mode", "dead").startswith("●")
    assert "Option: Revolt (暴动) — this match" in dl
    zh = render_page(Game.TR, "zh", options, MATCH)
    assert option_row(zh, "tr_throw_check", "罚出").startswith("●")
    assert "选项：甩牌失败 — 本局" in zh
    default = render_page(Game.DL, "en", Options(), DEFAULTS)
    assert option_row(default, "dl_revolt", "on").startswith("●")
    sd = render_page(Game.SD, "zh", Options(sd_room_base=5), MATCH)
    assert "房间底分 — 本局：5" in sd and "每场局数 — 本局：不限" in sd


def anchor_on_screen(window: RulesWindow, game: Game, anchor: str) -> bool:
    """Whether the anchor's line is inside the visible part of the game's page."""
    browser = window.browsers[game]
    doc = browser.document()
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            if anchor in it.fragment().charFormat().anchorNames():
                top = doc.documentLayout().blockBoundingRect(block).top()
                scroll = browser.verticalScrollBar().value()
                return scroll <= top + 1 < scroll + browser.viewport().height()
            it += 1
        block = block.next()
    raise AssertionError(f"no anchor {anchor}")


def rules_window_of(parent) -> RulesWindow:
    found = parent.findChild(RulesWindow, options=Qt.FindChildOption.FindDirectChildrenOnly)
    assert found is not None and found.isVisible()
    return found


def C(text: str) -> Card:
    return parse_card(text)


def why_illegal() -> list[RuleError]:
    """Refusals as the rules make them, one a game and the shared follow rule."""
    errors = []
    cases = [
        (Game.DL, "♥", ["♠3", "♠4", "♠5"]),  # a sequence: DL-LEAD-2
        (Game.TR, "♥", ["♥10", "♥J", "♠K"]),  # trumps and a plain card: TR-LEAD-3
        (Game.SD, "♥", ["♠3", "♠3"]),  # a pair in 三打一: SD-LEAD-1
    ]
    for game, suit, cards in cases:
        rules = trick_rules(game, suit)
        with pytest.raises(RuleError) as refused:
            rules.lead_format(tuple(C(c) for c in cards))
        errors.append(refused.value)
    rules = trick_rules(Game.TR, "♥")
    lead = rules.lead_format((C("♠A"),))
    with pytest.raises(RuleError) as refused:
        rules.check_follow(Counter([C("♠3"), C("♣4")]), lead, (C("♣4"),))
    errors.append(refused.value)
    return errors


def trick_rules(game: Game, suit: str) -> TrickRules:
    level = Rank(2) if game is Game.SD else Rank(7)
    return TrickRules(Trump(game, level, parse_card(suit + "A").suit, Options()))


@pytest.mark.parametrize("mode", ["en", "zh"])
def test_the_question_mark_of_a_why_illegal_notice_opens_its_paragraph(
    window, qtbot, language, mode
) -> None:
    language(mode)
    window.games.start_new(
        NewGame(Game.DL, Options(), ["human", "random", "random", "random"], "instant"), seed=3
    )
    wait_turn(window, qtbot)  # the action bar is up
    errors = why_illegal()
    assert [e.rule for e in errors] == ["DL-LEAD-2", "TR-LEAD-3", "SD-LEAD-1", "GEN-TRICK-3"]
    for error in errors:
        window.table.show_message(reason_text(error))
        button = window.table.bar.rule_button
        qtbot.waitUntil(button.isVisible)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        rules = rules_window_of(window)
        game = game_of(error.rule) or rules.game
        assert rules.anchor == error.rule and rules.game is game
        assert rules.lang == ("zh" if mode == "zh" else "en")
        qtbot.waitUntil(lambda r=rules, g=game, a=error.rule: anchor_on_screen(r, g, a))
        if game_of(error.rule) is not None:  # far down its page: the top does not show it
            rules.browsers[game].verticalScrollBar().setValue(0)
            assert not anchor_on_screen(rules, game, error.rule)
    window.table.show_message("Please wait a moment.")
    assert not window.table.bar.rule_button.isVisible()


def test_an_illegal_follow_in_a_game_links_to_the_follow_rule(window, qtbot) -> None:
    s = window.games.start_new(
        NewGame(Game.SD, Options(), ["human", "random", "random", "random"], "instant"), seed=21
    )
    rng = random.Random(1)
    for _ in range(200):
        assert wait_turn(window, qtbot) == "human"
        view = s.view
        if view.trick and len(view.trick) >= 1 and view.trump is not None:
            led = TrickRules(view.trump).lead_format(view.trick[0][1]).suit_class
            own = hand_cards(window)
            other = [x for x in own if view.trump.suit_class(x) != led]
            if other and len(other) < len(own):
                break
        human_turn(window, qtbot, rng)
    else:
        pytest.fail("never had to follow suit")
    select_cards(window, qtbot, [other[0]])
    window.table.refresh_actions()
    assert "[GEN-TRICK-3]" in window.table.bar.notice_text
    qtbot.mouseClick(window.table.bar.rule_button, Qt.MouseButton.LeftButton)
    rules = rules_window_of(window)
    # a rule the games share opens on the page of the game being played
    assert rules.game is Game.SD and rules.anchor == "GEN-TRICK-3"
    assert rules.whose == MATCH and rules.options == view.options
    qtbot.waitUntil(lambda: anchor_on_screen(rules, Game.SD, "GEN-TRICK-3"))
    # the language switch keeps the place: the same paragraph in the other language
    rules.set_language("zh" if rules.lang == "en" else "en")
    qtbot.waitUntil(lambda: anchor_on_screen(rules, Game.SD, "GEN-TRICK-3"))


def test_each_option_of_the_new_game_dialog_opens_its_paragraph(qtbot) -> None:
    seats = ["human", "normal", "normal", "normal"]
    dialog = NewGameDialog(NewGame(Game.TR, Options(tr_throw_check="penalty"), seats, "normal"))
    qtbot.addWidget(dialog)
    dialog.show()
    offered = [s for s in OPTION_SPECS if s.values is None or len(s.values) > 1]
    assert len(offered) >= len(OPTION_SPECS) - 1  # only 混主 (one value) is not offered
    for spec in offered:
        game = spec.game or Game.TR
        dialog.game_box.setCurrentIndex(dialog.game_box.findData(game.value))
        button = dialog.findChild(QToolButton, f"rules-{spec.name}")
        assert button is not None and button.isVisible(), spec.name
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        rules = rules_window_of(dialog)
        assert rules.anchor == f"opt-{spec.name}" and rules.game is game
        assert rules.options == dialog.options_form.options()
        qtbot.waitUntil(lambda r=rules, g=game, a=rules.anchor: anchor_on_screen(r, g, a))
    page = rules.browsers[Game.SD].toHtml()  # the last option is an SD one
    assert "New game" in page  # the banner says whose options are marked


def test_help_rules_opens_the_window_with_a_search(window, qtbot) -> None:
    help_menu = window.menuBar().actions()[-1].menu()
    (action,) = [a for a in help_menu.actions() if a.objectName() == "rules"]
    action.trigger()
    rules = rules_window_of(window)
    assert rules.whose == DEFAULTS
    rules.tabs.setCurrentIndex(1)
    rules.find_field.setText("清甩")
    assert rules.find_next()
    assert rules.browsers[Game.TR].textCursor().selectedText() == "清甩"
    rules.find_field.setText("no such words here")
    assert not rules.find_next()


def test_the_host_dialog_shares_the_question_marks(qtbot) -> None:
    from shengji_desktop.ui.lan.dialogs import HostDialog

    dialog = HostDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.game_box.setCurrentIndex(dialog.game_box.findData(Game.SD.value))
    button = dialog.findChild(QToolButton, "rules-play_direction")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    rules = rules_window_of(dialog)
    # an option of every game opens on the page of the game the dialog has chosen
    assert rules.game is Game.SD and rules.context is Game.SD
    assert rules.anchor == "opt-play_direction"
    qtbot.waitUntil(lambda: anchor_on_screen(rules, Game.SD, "opt-play_direction"))
