"""Hidden cards stay hidden in the window (issue 16): every game the window starts without a
seed deals from a 128-bit secret (a new game, a table hosted from the host dialog); a refused
throw of local play names no card, and the game log shows the attempt (in Chinese too)."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from ui_driver import WAIT_MS, answered, human_turn, press, select_cards, session_of, wait_turn

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase
from shengji_desktop.net.host import HostSettings
from shengji_desktop.rules.cards import ALL_CARDS, Card, Seat, parse_cards
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.ranking import TRUMP
from shengji_desktop.rules.trick import Shape
from shengji_desktop.ui import i18n
from shengji_desktop.ui.dialogs import NewGame
from shengji_desktop.ui.lan.dialogs import HostDialog, HostedTable
from shengji_desktop.ui.panels.models import LogModel
from shengji_desktop.ui.session.local import LocalTable
from shengji_desktop.ui.texts import cards_text
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui

CARD_TEXTS = sorted({str(c) for c in ALL_CARDS}, key=len, reverse=True)


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "game.json", check_save=False)
    qtbot.addWidget(w)
    w.table.animator.set_speed("instant")
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.stop_session()


def test_a_table_hosted_from_the_window_deals_from_a_secret(window, qtbot) -> None:
    """The host dialog names no seed; the table it opens draws one of 128 bits (it drew 31)."""
    dialog = HostDialog()
    qtbot.addWidget(dialog)
    assert dialog.table().seed is None
    settings = HostSettings(deal_pace=0, settle_pause=0)
    table = HostedTable(Game.SD, Options(), ["open", "easy", "easy", "easy"], "Host", settings)
    table.bind = "127.0.0.1"
    window.lan.host_table(table, advertise=None)
    runner = window.lan.runner
    assert runner is not None and runner.host is not None
    assert runner.host.match.seed.bit_length() > 64


def test_a_new_game_deals_from_a_secret(window) -> None:
    seeds = []
    for _ in range(4):
        s = window.games.start_new(
            NewGame(Game.SD, Options(), ["human", "random", "random", "random"], "instant")
        )
        assert isinstance(s.link, LocalTable)
        seeds.append(s.link.match.seed)
    assert all(seed.bit_length() > 64 for seed in seeds) and len(set(seeds)) == 4


def refused_throw(match: Match, seat: Seat) -> tuple[Card, ...] | None:
    """All of one plain suit of ``seat``'s hand, if that is a throw the table refuses."""
    hand, rules, trump = match.hand.hands[seat], match.hand.rules, match.hand.trump
    assert rules is not None and trump is not None
    by_class: dict[int, list[Card]] = defaultdict(list)
    for card in hand.elements():
        by_class[trump.suit_class(card)].append(card)
    for cls, cards in by_class.items():
        if cls == TRUMP or rules.lead_format(sorted(cards)).shape is not Shape.THROW:
            continue
        try:
            rules.check_lead(hand, sorted(cards), match.hand.others(seat))
        except RuleError as exc:
            if exc.reason is Reason.THROW_BEATABLE:
                return tuple(sorted(cards))
    return None


def test_a_refused_throw_of_local_play_names_no_card_and_is_logged(window, qtbot) -> None:
    """TR-LEAD-5 in local play: the human tries a throw another hand can beat. The refusal
    says so without naming a card (the old one listed the beatable parts), the game log
    shows the attempt, and the table goes on from the same state."""
    s = window.games.start_new(
        NewGame(Game.TR, Options(), ["human", "random", "random", "random"], "instant"), seed=3
    )
    link = s.link
    assert isinstance(link, LocalTable)
    rng = random.Random(5)
    tried = None
    for _ in range(400):
        assert wait_turn(window, qtbot) == "human", s.waiting
        view = s.view
        if view.phase is Phase.PLAY and not view.trick:
            tried = refused_throw(link.match, Seat.S)  # the table waits for the human
            if tried is not None:
                break
        human_turn(window, qtbot, rng)
    assert tried is not None, "no refusable lead in 400 turns"
    actions = len(link.match.actions)
    select_cards(window, qtbot, list(tried))
    messages = answered(window, qtbot, lambda: press(window, qtbot, "play"))
    assert len(messages) == 1 and "TR-LEAD-5" in messages[0], messages
    named = [c for c in CARD_TEXTS if c in messages[0]] + [x for x in "♠♥♣♦" if x in messages[0]]
    assert not named, messages[0]
    # the viewer's own attempt, in the second person (the log speaks to the player)
    qtbot.waitUntil(
        lambda: any("try to throw" in x for x in window.table.log.lines), timeout=WAIT_MS
    )
    line = next(x for x in window.table.log.lines if "try to throw" in x)
    assert cards_text(tried) in line
    assert len(link.match.actions) == actions
    assert wait_turn(window, qtbot) == "human" and s.view.phase is Phase.PLAY
    lead = human_turn(window, qtbot, rng)  # the lead goes on as usual
    assert link.match.actions[actions] == lead
    assert session_of(window) is s


def test_the_log_says_who_tried_what_in_both_languages(qapp) -> None:
    log = LogModel(Seat.S)
    throw = ev.AttemptRefused(Seat.W, "throw", tuple(parse_cards("♠A ♠Q")))
    claim = ev.AttemptRefused(Seat.E, "claim")
    for language in ("en", "zh"):
        i18n.install(language)
        try:
            log.clear()
            log.feed(throw)
            log.feed(claim)
            lines = log.lines
            assert len(lines) == 2 and cards_text(throw.cards) in lines[0], lines
            if language == "zh":
                assert "试甩" in lines[0] and "摊牌" in lines[1], lines
        finally:
            i18n.install("en")
