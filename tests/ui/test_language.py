"""Every word in the player's language: a walk through every phase of every game and every
dialog in 中文 finds no English; in 中文 + English sentences are said in both; what is on the
screen follows a change of language; the English speaks to "you" in the second person."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMessageBox
from screen_text import RULE_ID, english, latin_words, screen_texts
from ui_driver import WAIT_MS, hand_cards, human_turn, press_overlay, select_cards, wait_turn
from ui_matches import Played, play_until

from shengji_desktop.engine.actions import Act, Action, ChooseCards
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase, Step
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.trick import Shape
from shengji_desktop.ui import i18n
from shengji_desktop.ui.table import items
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def chinese(qapp):
    i18n.install("zh")
    yield
    i18n.install("en")


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.table.animator.set_speed("instant")
    yield w
    w.stop_session()


class Reader:
    """Collects what the screen shows: every text at each moment looked at, and the banners
    and speech bubbles shown in between (they go away by themselves)."""

    def __init__(self, window: MainWindow, monkeypatch) -> None:
        self.window = window
        self.seen: dict[str, str] = {}  # text -> the moment it was first seen
        self.moment = "start"
        self.refusals: dict[str, str] = {}  # moment -> the refusal shown then
        reader = self
        set_text = items.Banner.set_text
        bubble_init = items.Bubble.__init__

        def banner(item, title: str, detail: str = "") -> None:
            reader.add([title, detail])
            set_text(item, title, detail)

        def bubble(item, text: str, *args, **kwargs) -> None:
            reader.add([text])
            bubble_init(item, text, *args, **kwargs)

        monkeypatch.setattr(items.Banner, "set_text", banner)
        monkeypatch.setattr(items.Bubble, "__init__", bubble)

    def add(self, texts) -> None:
        for t in texts:
            if t:
                self.seen.setdefault(t, self.moment)

    def look(self, moment: str) -> None:
        self.moment = moment
        self.add(screen_texts(self.window))


def position(game: Game, wanted: Callable[[SeatView], bool], seeds: range, options=None) -> Match:
    """A match where South, the human, has a decision for which ``wanted(view)`` holds."""

    def reached(p: Played) -> bool:
        view = p.view
        return (
            view.phase not in (Phase.DEAL, Phase.SETTLED, Phase.OVER)
            and p.match.to_act() == [Seat.S]
            and bool(view.legal)
            and wanted(view)
        )

    return play_until(game, reached, Seat.S, seeds, options).match


def kinds(view: SeatView) -> set[Act]:
    return {m.kind for m in view.legal}


def refused(window: MainWindow, qtbot, act: Callable[[], None], moment: str) -> str:
    """Do ``act`` (a move the table must refuse) and check the refusal is on the screen: the
    session says why, nothing is sent, the notice over the buttons shows it. Returns it."""
    s = window.session
    assert s is not None
    with qtbot.waitSignal(s.message, timeout=WAIT_MS) as said:
        act()
    assert not s.busy, f"[{moment}] the refused selection was sent"
    (message,) = said.args
    assert (
        message and window.table.bar.notice_text == message
    ), f"[{moment}] the refusal is not on the screen: {message!r}"
    return message


def refused_play(window: MainWindow, qtbot, moment: str) -> str:
    """Select cards the rules refuse and press Play: the why-illegal notice (returned). A
    hand of which every selection is a legal play (one card, or a pair, when leading) presses
    Play with none selected: the notice asks for cards. Fails when nothing is refused (the
    moment this looks at would never be seen)."""
    s = window.session
    assert s is not None
    hand = hand_cards(window)
    windows = [hand[i : i + size] for size in (1, 2, 3) for i in range(len(hand) - size + 1)]
    cards = next((c for c in windows if not s.check_play(c).ok), [])
    if s.check_play(cards).ok:
        pytest.fail(f"[{moment}] Play was not refused with {cards}: no why-illegal notice seen")
    window.table.scene.clear_selection()  # the hint selected its own cards
    select_cards(window, qtbot, cards)
    # Play (Enter would press a hinted claim)
    return refused(window, qtbot, window.table.play_selected, moment)


def explore(window: MainWindow, qtbot, reader: Reader, name: str, turns: int = 3) -> None:
    """At the current decision: look, ask for a hint, try a refused move, then play on for
    ``turns`` decisions looking at each, and at the settlement if it comes. Fails when the
    first decision (the moment named ``name``) is not the human's."""
    s = window.session
    assert s is not None
    rng = random.Random(7)
    for turn in range(turns):
        waiting = wait_turn(window, qtbot)
        if waiting != "human":
            if turn == 0:
                pytest.fail(f"[{name}] never reached: the table waits for {waiting!r}")
            reader.look(f"{name} {turn} {waiting}")  # the hand ended: its settlement
            break
        reader.look(f"{name} {turn}")
        window.table.hint()
        qtbot.waitUntil(lambda: window.table.hint_shown is not None, timeout=WAIT_MS)
        reader.look(f"{name} {turn} hint")
        if Act.PLAY in {m.kind for m in s.human_legal}:
            moment = f"{name} {turn} refused"
            reader.refusals[moment] = refused_play(window, qtbot, moment)
            reader.look(moment)
        choice = next((m for m in s.human_legal if isinstance(m, ChooseCards)), None)
        if choice is not None:
            select_cards(window, qtbot, hand_cards(window)[: max(0, choice.count - 1)])
            refused(
                window,
                qtbot,
                lambda c=choice: window.table.choose(c.kind),
                f"{name} {turn} too few",
            )
            reader.look(f"{name} {turn} too few")
        window.table.scene.clear_selection()
        human_turn(window, qtbot, rng)
    reader.look(f"{name} after")


def start(window: MainWindow, qtbot, match: Match) -> None:
    s = window.games.start_match(match, ["human", "normal", "normal", "normal"], [])
    qtbot.waitUntil(lambda: s.waiting == "human", timeout=WAIT_MS)


def settle(window: MainWindow, qtbot, reader: Reader, name: str, next_hand: bool = True) -> None:
    """Play the hand out and look at its settlement (and the match's end if it comes)."""
    s = window.session
    assert s is not None
    rng = random.Random(3)
    while True:
        waiting = wait_turn(window, qtbot)
        if waiting in ("next_hand", "over"):
            break
        human_turn(window, qtbot, rng)
    qtbot.waitUntil(lambda: window.table.overlay.isVisible(), timeout=WAIT_MS)
    reader.look(f"{name} settled")
    for tab in range(window.table.panel.tabs.count()):
        window.table.panel.tabs.setCurrentIndex(tab)
        reader.look(f"{name} settled, tab {tab}")
    if waiting == "next_hand" and next_hand:
        press_overlay(window, qtbot, "next")
        qtbot.waitUntil(lambda: s.view is not None and s.view.phase is not Phase.SETTLED)
        reader.look(f"{name} next hand")


def dialogs(window: MainWindow, qtbot, reader: Reader) -> None:
    """The new game dialog for each game, the LAN dialogs, About and Keyboard."""
    from shengji_desktop.ui.dialogs import NewGameDialog
    from shengji_desktop.ui.lan.dialogs import HostDialog, JoinDialog

    new = NewGameDialog(parent=window)
    qtbot.addWidget(new)
    new.show()
    for i in range(new.game_box.count()):
        new.game_box.setCurrentIndex(i)
        reader.look(f"new game {i}")
    new.close()
    host = HostDialog(parent=window)
    join = JoinDialog(parent=window, browse_seconds=0)  # no search of the network
    for d in (host, join):
        qtbot.addWidget(d)
        d.show()
        reader.look(type(d).__name__)
        d.close()
    for show in (window.show_keys, window.show_about):
        QTimer.singleShot(0, lambda name=show.__name__: close_box(reader, name))
        show()


def close_box(reader: Reader, name: str) -> None:
    box = QApplication.activeModalWidget()
    assert isinstance(box, QMessageBox | QDialog), box
    reader.moment = name
    from screen_text import widget_texts

    reader.add(widget_texts(box))
    box.close()


def test_no_english_in_chinese_mode(chinese, window, qtbot, monkeypatch) -> None:
    reader = Reader(window, monkeypatch)
    walk(window, qtbot, reader)
    found = {t: reader.seen[t] for t in english(reader.seen)}
    assert not found, "English on a 中文 screen:\n" + "\n".join(
        f"  [{moment}] {text!r}: {latin_words(text)}" for text, moment in found.items()
    )


def test_both_says_every_english_sentence_in_chinese_too(both, window, qtbot, monkeypatch):
    """In 中文 + English no text is English alone (a word or two of a label aside)."""
    reader = Reader(window, monkeypatch)
    walk(window, qtbot, reader)
    alone = {
        text: moment
        for text, moment in reader.seen.items()
        if len(latin_words(text)) >= 3 and not has_chinese(text)
    }
    assert not alone, "English only in 中文 + English:\n" + "\n".join(
        f"  [{moment}] {text!r}" for text, moment in alone.items()
    )


def walk(window: MainWindow, qtbot, reader: Reader) -> None:
    """Every dialog, then every phase of every game: a first hand of each to its settlement,
    and the positions a first hand may not reach."""
    reader.look("welcome")
    dialogs(window, qtbot, reader)
    # the deal with its declarations, a whole first hand of each game and its settlement
    for game in Game:
        options = Options(sd_hands_per_session=1) if game is Game.SD else Options()
        match = Match(game, options, 11)
        s = window.games.start_match(match, ["human", "normal", "normal", "normal"], [])
        qtbot.waitUntil(lambda s=s: s.view is not None, timeout=WAIT_MS)
        reader.look(f"{game.value} deal")
        explore(window, qtbot, reader, f"{game.value} first decisions", turns=2)
        settle(window, qtbot, reader, f"{game.value} hand 1")
    # the phases a first hand may not show
    positions = [
        ("dl tribute", Game.DL, lambda v: Act.TRIBUTE in kinds(v), range(1, 120)),
        ("dl return", Game.DL, lambda v: Act.RETURN in kinds(v), range(1, 120)),
        ("dl revolt", Game.DL, lambda v: Act.REVOLT in kinds(v), range(1, 60)),
        ("dl bury", Game.DL, lambda v: Act.BURY in kinds(v), range(1, 60)),
        ("dl jokers", Game.DL, lambda v: Act.BURY_JOKERS in kinds(v), range(1, 200)),
        ("dl follow", Game.DL, lambda v: Act.PLAY in kinds(v) and bool(v.trick), range(1, 60)),
        ("tr declare", Game.TR, lambda v: v.phase is Phase.DECLARE, range(1, 60)),
        ("tr bury", Game.TR, lambda v: Act.BURY in kinds(v), range(1, 60)),
        ("tr follow", Game.TR, lambda v: Act.PLAY in kinds(v) and bool(v.trick), range(1, 60)),
        ("sd bid", Game.SD, lambda v: Act.BID in kinds(v), range(1, 60)),
        ("sd trump", Game.SD, lambda v: Act.CHOOSE_TRUMP in kinds(v), range(1, 60)),
        ("sd bury", Game.SD, lambda v: v.step is Step.BURY, range(1, 60)),
        ("sd claim", Game.SD, lambda v: Act.CLAIM in kinds(v), range(1, 300)),
    ]
    for name, game, wanted, seeds in positions:
        start(window, qtbot, position(game, wanted, seeds))
        explore(window, qtbot, reader, name, turns=2)
    start(window, qtbot, counter_position())
    explore(window, qtbot, reader, "dl counter", turns=2)
    # a play the rules refuse, said with its rule, was on the screen in every game
    ruled = {moment.split()[0] for moment, text in reader.refusals.items() if RULE_ID.search(text)}
    missing = {g.value for g in Game} - ruled
    assert not missing, f"no refusal by the rules seen in {missing}: {reader.refusals}"


def counter_position() -> Match:
    """South may counter (暴, DL-TRIB-7): a revolt of three small jokers by the paying side,
    South on the receiving side with the three big jokers. Random play seldom deals that (one
    seed in thousands), so a revolt of small jokers is found and the big jokers are given to
    South before it is made (cards traded with the other hands, the deck whole)."""
    from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER

    def small_revolt(p: Played) -> bool:
        hand = p.match.hand
        due = hand.due
        if p.match.phase is not Phase.TRIBUTE or hand.step is not Step.REVOLT or not hand.pending:
            return False
        x = hand.pending[0]
        return (
            due is not None
            and Seat.S in (due.receiver, due.receiver.partner)
            and hand.hands[x][SMALL_JOKER] == 3
            and hand.hands[x][BIG_JOKER] == 0
        )

    match = play_until(Game.DL, small_revolt, Seat.S, range(1, 400)).match
    hands = match.hand.hands
    south = hands[Seat.S]
    for seat, held in hands.items():
        while seat is not Seat.S and held[BIG_JOKER]:
            plain = next(c for c in sorted(south) if south[c] and not c.is_joker)
            held[BIG_JOKER] -= 1
            held[plain] += 1
            south[plain] -= 1
            south[BIG_JOKER] += 1
    kitty = match.hand.kitty
    for i, card in enumerate(kitty):
        if card == BIG_JOKER:
            plain = next(c for c in sorted(south) if south[c] and not c.is_joker)
            kitty[i] = plain
            south[plain] -= 1
            south[BIG_JOKER] += 1
    for seat in Seat:
        hands[seat] = +hands[seat]
    revolter = match.hand.pending[0]
    match.apply(Action(Act.REVOLT, revolter, (SMALL_JOKER,) * 3))
    assert match.to_act() == [Seat.S] and Act.COUNTER in kinds(seat_view(match, Seat.S))
    return match


# ---------------------------------------------------------------------- every refusal


def refusals() -> list[tuple[str, str]]:
    """Every (reason, rule) a RuleError of the rules and the engine is raised with, read from
    their sources: none may reach the screen in the rules' own English."""
    import re
    from pathlib import Path

    import shengji_desktop

    root = Path(shengji_desktop.__file__).parent
    found = set()
    pattern = re.compile(r'RuleError\(\s*Reason\.(\w+),\s*(?:"([A-Z][\w-]+)"|(\w+))', re.S)
    for path in [*(root / "rules").glob("*.py"), *(root / "engine").glob("*.py")]:
        for reason, rule, _var in pattern.findall(path.read_text(encoding="utf-8")):
            found.add((reason, rule or "GEN-TRICK-3"))
    assert len(found) > 50
    return sorted(found)


def test_every_refusal_is_said_in_chinese(chinese) -> None:
    from shengji_desktop.rules.cards import parse_card
    from shengji_desktop.rules.errors import Reason, RuleError
    from shengji_desktop.ui.texts import reason_text

    card = parse_card("♣7")
    details = {
        "expected": 2,
        "count": 2,
        "card": card,
        "example": card,
        "minimum": 65,
        "allowed": (60, 65, 70, 75),
        "beatable": ((card,),),
        "forced": (card,),
        "pool": (card,),
    }
    english_lines = {}
    for reason, rule in refusals():
        error = RuleError(Reason[reason], rule, "an English line of the rules", **details)
        text = reason_text(error)
        assert text.endswith(f"[{rule}]")
        if latin_words(text):
            english_lines[(reason, rule)] = text
    assert not english_lines, english_lines


# ---------------------------------------------------------------------- both languages


@pytest.fixture
def both(qapp):
    i18n.install("both")
    yield
    i18n.install("en")


def test_both_says_sentences_with_fields_in_chinese_then_english(both) -> None:
    from shengji_desktop.engine import events as ev
    from shengji_desktop.engine.actions import Action
    from shengji_desktop.rules.cards import BIG_JOKER
    from shengji_desktop.rules.errors import Reason, RuleError
    from shengji_desktop.ui.log_words import describe_event
    from shengji_desktop.ui.panels.choices import hint_text
    from shengji_desktop.ui.texts import reason_text

    play = Action(Act.PLAY, Seat.S, (BIG_JOKER,))
    # the hint: one sentence in each language, the move's words in the sentence's language
    assert hint_text(play, None) == "提示：出大王 / Hint: play Big joker"
    # a refusal with a number, singular in English
    one = reason_text(RuleError(Reason.WRONG_NUMBER_OF_CARDS, "GEN-TRICK-2", "x", expected=1))
    assert one == "请正好出一张牌。 / Play exactly one card. [GEN-TRICK-2]"
    two = reason_text(RuleError(Reason.WRONG_NUMBER_OF_CARDS, "GEN-TRICK-2", "x", expected=2))
    assert "请正好出2张牌。" in two and "Play exactly 2 cards." in two
    # the log: the seat's name in each language, not "你 You" twice
    line = describe_event(ev.CardsPlayed(Seat.E, (BIG_JOKER,), Shape.SINGLE), Seat.S)
    assert line == "右家出大王 / Right plays Big joker"
    # a long sentence without fields, and the settlement's title
    assert i18n.tr("Dealer side holds the kitty and goes up").startswith("庄家")
    assert "Dealer side holds the kitty and goes up" in i18n.tr(
        "Dealer side holds the kitty and goes up"
    )
    assert i18n.tr("Hand {n} settled").format(n=3) == "第3局结算 / Hand 3 settled"
    # labels stay side by side
    assert i18n.tr("Play") == "出牌 Play"


def test_the_keyboard_help_and_the_welcome_are_translated(chinese) -> None:
    from shengji_desktop.ui.dialogs import keyboard_text

    assert "←/→" in keyboard_text() and not latin_words(keyboard_text())
    i18n.install("both")
    text = keyboard_text()
    assert "←/→：在手牌间移动" in text and "Left/Right: move between your cards" in text
    assert "打滚子 · 拖拉机 · 三打一" in i18n.tr("Da Gunzi · Tractor · Three against one")


# ---------------------------------------------------------------------- English grammar


def test_english_speaks_to_you_in_the_second_person(qapp) -> None:
    from shengji_desktop.engine import events as ev
    from shengji_desktop.rules.cards import BIG_JOKER
    from shengji_desktop.ui.log_words import describe_event

    i18n.install("en")
    you, right = Seat.S, Seat.E
    cards = (BIG_JOKER,)
    lines = [
        describe_event(e, Seat.S)
        for e in (
            ev.CardsPlayed(you, cards, Shape.SINGLE),
            ev.TrickWon(you, 10, 3),
            ev.Passed(you),
            ev.KittyBuried(you, cards),
            ev.KittyTaken(you, 1, cards),
            ev.DealerFixed(you, 70),
            ev.Bid(you, 65),
        )
    ]
    assert lines == [
        "You play Big joker",
        "You win trick 3 (+10 points)",
        "You pass",
        "You bury Big joker",
        "You take the kitty: Big joker",
        "You are the dealer with a bid of 70",
        "You bid 65",
    ]
    for line in lines:
        for wrong in ("You is", "You wins", "You takes", "You chooses", "You buries", "You plays"):
            assert wrong not in (line or "")
    assert (
        describe_event(ev.CardsPlayed(right, cards, Shape.SINGLE), Seat.S)
        == "Right plays Big joker"
    )
    assert (
        describe_event(ev.TributePaid(right, you, 1, cards), Seat.S)
        == "Right pays tribute to you: Big joker"
    )


# ---------------------------------------------------------------------- a change of language


def has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_what_is_on_screen_follows_a_change_of_language(window, qtbot) -> None:
    """A refusal from the table, the status bar and the settlement are said again in the new
    language (made again from what they say, not kept as the old text)."""
    from shengji_desktop.engine.actions import Action

    window.set_language("zh")
    try:
        match = position(
            Game.TR,
            lambda v: Act.PLAY in kinds(v) and bool(v.trick) and len(v.trick[0][1]) == 1,
            range(1, 60),
        )
        start(window, qtbot, match)
        s = window.session
        assert s is not None
        legal = {m.cards for m in s.human_legal if m.kind is Act.PLAY}
        wrong = next(c for c in s.view.hand if (c,) not in legal)
        with qtbot.waitSignal(s.message, timeout=WAIT_MS):
            assert s.act(Action(Act.PLAY, Seat.S, (wrong,)))  # the table refuses it
        qtbot.waitUntil(lambda: not s.busy, timeout=WAIT_MS)
        chinese = window.table.bar.notice_text
        assert has_chinese(chinese) and "[GEN-TRICK-3]" in chinese
        assert window.statusBar().currentMessage() == chinese
        window.set_language("en")
        qtbot.waitUntil(lambda: not has_chinese(window.table.bar.notice_text), timeout=WAIT_MS)
        english = window.table.bar.notice_text
        assert "must" in english and "[GEN-TRICK-3]" in english
        assert window.statusBar().currentMessage() == english
        # the settlement of a hand, shown in Chinese, then in English
        window.set_language("zh")
        settle(window, qtbot, Reader(window, pytest.MonkeyPatch()), "tr", next_hand=False)

        def overlay_text() -> str:
            labels = window.table.overlay.findChildren(QLabel)
            return "\n".join(x.text() for x in labels if x.isVisibleTo(window.table.overlay))

        assert "结算" in overlay_text()
        window.set_language("en")
        # the old lines go with the next events (deleteLater)
        qtbot.waitUntil(
            lambda: "settled" in overlay_text() and not has_chinese(overlay_text()),
            timeout=WAIT_MS,
        )
    finally:
        i18n.install("en")


# ---------------------------------------------------------------------- the New game dialog


@pytest.mark.parametrize("mode", ["en", "zh"])
def test_the_new_game_dialog_speaks_to_players(qtbot, mode) -> None:
    """No "RULES.md §5", no "the seeds": each option has a name and one line a player
    understands, in each language."""
    from shengji_desktop.rules.options import OPTION_SPECS
    from shengji_desktop.ui.dialogs import NewGameDialog
    from shengji_desktop.ui.texts import option_help, option_label

    i18n.install(mode)
    try:
        for spec in OPTION_SPECS:
            label, help_ = option_label(spec.name), option_help(spec.name)
            assert label and help_ and "\n" not in help_, spec.name
            assert len(help_) <= (100 if mode == "en" else 60), (spec.name, help_)
            if mode == "zh":
                assert has_chinese(label) and has_chinese(help_), spec.name
                assert not latin_words(label + help_), (spec.name, label, help_)
        dialog = NewGameDialog()
        qtbot.addWidget(dialog)
        dialog.show()
        for i in range(dialog.game_box.count()):
            dialog.game_box.setCurrentIndex(i)
            text = "\n".join(screen_texts_of(dialog))
            for developer in ("RULES.md", "§", "seed", "Not played", "define it"):
                assert developer not in text, developer
            if mode == "zh":
                assert not english(screen_texts_of(dialog))
    finally:
        i18n.install("en")


def screen_texts_of(widget) -> list[str]:
    from screen_text import widget_texts

    return [t for t in widget_texts(widget) if t]


# ---------------------------------------------------------------------- rules that surprise


def pair_led_and_held(view: SeatView) -> bool:
    """TR: a pair led, South holds a pair of its suit and may answer with other cards."""
    if view.game is not Game.TR or not view.trick or view.trump is None:
        return False
    lead = view.trick[0][1]
    trump = view.trump
    if len(lead) != 2 or lead[0] != lead[1]:
        return False
    cls = trump.suit_class(lead[0])
    own = [c for c in view.hand if trump.suit_class(c) == cls]
    pairs = {c for c in own if own.count(c) >= 2}
    breaking = [
        m
        for m in view.legal
        if m.kind is Act.PLAY and len(set(m.cards)) == 2 and all(c in own for c in m.cards)
    ]
    return bool(pairs) and bool(breaking)


def test_tr_says_a_pair_need_not_be_followed_with_a_pair(qtbot, window) -> None:
    from shengji_desktop.engine.actions import Action
    from shengji_desktop.ui.panels.choices import hint_text

    start(window, qtbot, position(Game.TR, pair_led_and_held, range(1, 200)))
    s = window.session
    assert s is not None
    view = s.view
    trump = view.trump
    cls = trump.suit_class(view.trick[0][1][0])
    own = [c for c in view.hand if trump.suit_class(c) == cls]
    split = next(
        m
        for m in s.human_legal
        if m.kind is Act.PLAY and len(set(m.cards)) == 2 and all(c in own for c in m.cards)
    )
    select_cards(window, qtbot, list(split.cards))
    window.table.refresh_actions()
    assert window.table.bar.buttons["play"].isEnabled()
    notice = window.table.bar.notice_text
    assert "TR-FOLLOW-2" in notice and "need not answer a pair with a pair" in notice
    # a pair played: nothing to explain
    pair = next(c for c in own if own.count(c) >= 2)
    select_cards(window, qtbot, [pair, pair])
    window.table.refresh_actions()
    assert "TR-FOLLOW-2" not in window.table.bar.notice_text
    # the hint says it when it splits the pair
    assert "TR-FOLLOW-2" in hint_text(Action(Act.PLAY, Seat.S, split.cards), view)
    assert "TR-FOLLOW-2" not in hint_text(Action(Act.PLAY, Seat.S, (pair, pair)), view)


def test_sd_bidding_says_what_a_bid_is_and_where_it_starts(qtbot, window) -> None:
    """The bidding notice explains the 60–75 bids; after passes, why they start higher."""

    def opened_higher(view: SeatView) -> bool:
        return (
            Act.BID in kinds(view)
            and bool(view.bids)
            and all(v is None for _, v in view.bids)
            and min(m.value for m in view.legal if m.kind is Act.BID) > 60
        )

    start(window, qtbot, position(Game.SD, opened_higher, range(1, 200)))
    notice = window.table.bar.notice_text
    lowest = min(m.value for m in window.session.human_legal if m.kind is Act.BID)
    assert "[SD-BID-4]" in notice and f"starts at {lowest}" in notice, notice
    assert "alone" in notice
    window.table.hint()
    qtbot.waitUntil(lambda: "Hint" in window.table.bar.notice_text, timeout=WAIT_MS)
    assert "SD-BID-" in window.table.bar.notice_text

    def first_bid(view: SeatView) -> bool:
        return Act.BID in kinds(view) and not view.bids

    start(window, qtbot, position(Game.SD, first_bid, range(1, 60)))
    notice = window.table.bar.notice_text
    assert "[SD-BID-2]" in notice and "from 60 to 75" in notice, notice


def test_the_banners_speak_to_you_in_the_second_person(qapp) -> None:
    """ "你 You is the dealer" was the banner of the viewer's own bid in 中文 + English."""
    from shengji_desktop.engine import events as ev
    from shengji_desktop.ui.cards import CardPixmaps
    from shengji_desktop.ui.table.animations import Animator
    from shengji_desktop.ui.table.scene import TableScene

    scene = TableScene(CardPixmaps())
    animator = Animator(scene)
    shown = []
    for mode in ("en", "both"):
        i18n.install(mode)
        try:
            for event in (ev.DealerFixed(Seat.S, 70), ev.DealerFixed(Seat.N, 70)):
                animator.handlers[type(event)](event)
                shown.append(scene.banner.title)
        finally:
            i18n.install("en")
    assert shown == [
        "You are the dealer",
        "Across is the dealer",
        "你坐庄 / You are the dealer",
        "对家坐庄 / Across is the dealer",
    ]


def test_questions_and_warnings_answer_in_chinese(chinese, monkeypatch) -> None:
    """The Statistics, Hand history, Replay and New game boxes use the program's own boxes:
    Qt's static QMessageBox.warning/question would show English OK, Yes/No, Reset/Cancel (the
    program ships no Qt translations)."""
    from shengji_desktop.ui import dialogs

    seen: list[list[str]] = []

    def record(box: QMessageBox) -> int:
        seen.append([b.text() for b in box.buttons()])
        return 0

    monkeypatch.setattr(QMessageBox, "exec", record)
    dialogs.show_box(None, "t", "x", "warning")
    assert dialogs.ask_box(None, "t", "x", i18n.tr("Reset"), i18n.tr("Cancel")) is False
    words = [w for buttons in seen for w in buttons]
    assert words and not [w for w in words if latin_words(w)], words
    source = "\n".join(
        (Path(dialogs.__file__).parent / name).read_text(encoding="utf-8")
        for name in (
            "windows/stats.py",
            "windows/history.py",
            "windows/replay_open.py",
            "session/games.py",
        )
    )
    assert not re.search(r"QMessageBox\.(warning|information|question|critical)\(", source)
