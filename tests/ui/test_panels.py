"""The side panel and the settlement summary, driven by real typed views of played matches."""

from __future__ import annotations

import re

import msgspec
import pytest
from PySide6.QtWidgets import QApplication, QLabel
from ui_matches import Played, play_until

from shengji_desktop.engine.events import KittyViewed
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.results import DLResult, Redeal, SDResult, TRResult
from shengji_desktop.engine.view import SeatView, seat_view
from shengji_desktop.rules.cards import Seat, Team
from shengji_desktop.rules.options import Game
from shengji_desktop.ui import i18n
from shengji_desktop.ui.panels import InfoPanel, settlement_lines
from shengji_desktop.ui.panels.formats import FORMATS, game_text
from shengji_desktop.ui.panels.models import LogModel, ScoreSheetModel
from shengji_desktop.ui.texts import level_text, seat_name, team_name

SHOWN = "The original kitty you were shown"
TAKEN = "The cards you took from the kitty"


@pytest.fixture
def panel(qtbot) -> InfoPanel:
    widget = InfoPanel(ScoreSheetModel(), LogModel())
    qtbot.addWidget(widget)
    return widget


def kitty_of(panel: InfoPanel, view: SeatView) -> tuple[str, list[int]]:
    panel.update_view(view)
    return panel.kitty_label.text(), list(panel.kitty_cards.cards)


def sd_defender_playing(bids: tuple[int, ...]):
    def wanted(p: Played) -> bool:
        v = p.view
        return v.phase is Phase.PLAY and v.bid in bids and v.dealer not in (None, p.seat)

    return wanted


def test_every_game_has_one_formatter() -> None:
    assert set(FORMATS) == set(Game)
    assert all(game_text(game).game is game for game in Game)


def test_an_sd_defender_sees_the_kitty_shown_after_a_60_bid_and_nobody_elses(panel) -> None:
    """SD-KITTY-2: after a 60 bid the defenders look at the original kitty before the declarer
    takes it; the panel keeps showing that look. The declarer sees the kitty he buried."""
    played = play_until(Game.SD, sd_defender_playing((60,)))
    m = played.match
    shown = [e for e in played.events if isinstance(e, KittyViewed)]
    assert shown and shown[-1].kitty is not None, "the defender was shown the kitty"
    original = sorted(int(c) for c in shown[-1].kitty)
    dealer = played.view.dealer
    assert dealer is not None
    for seat in Seat:
        view = seat_view(m, seat)
        text, cards = kitty_of(panel, view)
        if seat == dealer:
            assert view.kitty_seen is None and view.kitty is not None
            assert text != SHOWN and cards == [int(c) for c in view.kitty]
        else:
            assert view.kitty is None, "a defender never sees the buried kitty (SD-KITTY-4)"
            assert text == SHOWN and sorted(cards) == original
    # the look belongs to its hand: in the next hand's bidding the panel shows no kitty
    hand = m.hand_number
    while not (m.hand_number > hand and m.phase is Phase.BID):
        played.step()
    text, cards = kitty_of(panel, played.view)
    assert text != SHOWN and cards == []


def test_an_sd_defender_after_a_70_bid_sees_no_kitty(panel) -> None:
    played = play_until(Game.SD, sd_defender_playing((70, 75)))
    assert not any(isinstance(e, KittyViewed) and e.kitty for e in played.events[-80:])
    text, cards = kitty_of(panel, played.view)
    assert text == "6 cards, face down" and cards == []


@pytest.mark.parametrize("game", [Game.SD, Game.TR, Game.DL])
def test_the_dealer_sees_what_he_picked_up_while_burying(panel, game) -> None:
    def wanted(p: Played) -> bool:
        v = p.view
        return v.phase is Phase.KITTY and v.dealer == p.seat and bool(v.kitty_taken)

    played = play_until(game, wanted)
    view = played.view
    assert view.kitty_taken is not None
    text, cards = kitty_of(panel, view)
    assert text == TAKEN and cards == [int(c) for c in view.kitty_taken]
    # another seat, at the same moment, sees none of it but what the table was shown before
    # the pick-up (DL-KITTY-1: a revealed kitty; SD-KITTY-2: not yet, the dealer is burying)
    other = seat_view(played.match, next(s for s in Seat if s != view.seat))
    assert other.kitty_taken is None
    text, cards = kitty_of(panel, other)
    assert text != TAKEN and cards == [int(c) for c in other.kitty_seen or ()]


@pytest.mark.parametrize("game", list(Game))
def test_the_panel_reads_the_view(panel, game) -> None:
    """Trump and level, the match so far, points captured, whose turn, the last trick."""
    played = play_until(game, lambda p: p.view.phase is Phase.PLAY and len(p.view.tricks) >= 3)
    view = played.view
    panel.update_view(view, None)
    assert view.trump is not None and view.trump.suit is not None
    assert panel.trump_symbol.text() == view.trump.suit.symbol
    text = panel.trump_label.text()
    if game is Game.SD:
        assert f"Bid: {view.bid} points" in text and panel.level_card.cards == []
    else:
        assert f"Level: {level_text(view.level)}" in text
        assert len(panel.level_card.cards) == 1
    teams = panel.teams_label.text()
    assert f"Dealer: {seat_name(view.dealer, view.seat)}" in teams
    if game is not Game.SD:
        for team in Team:
            assert (
                f"{team_name(team, view.seat)}</b>: level {level_text(view.levels[team])}" in teams
            )
    if view.coins is not None:
        assert "Coins" in panel.coins_label.text() and "Coins" not in teams
    won = sum(view.won_points[s] for s in view.catchers)
    assert f": {won} of {game.total_points}" in panel.points_label.text()
    captured = [
        int(c)
        for t in view.tricks
        if t.winner in view.catchers
        for _, cards in t.plays
        for c in cards
        if c.points
    ]
    assert sorted(panel.point_cards.cards) == sorted(captured)
    assert f"Tricks played: {len(view.tricks)}" in panel.turn_label.text()
    last = view.tricks[-1].plays
    for (seat, cards), name, row in zip(last, panel.last_names, panel.last_cards, strict=True):
        assert name.text() == seat_name(seat, view.seat)
        assert row.cards == [int(c) for c in cards]


@pytest.mark.parametrize("viewer", [Seat.S, Seat.E])
@pytest.mark.parametrize("game", list(Game))
def test_settlement_lines_say_the_typed_result(game, viewer) -> None:
    played = play_until(
        game, lambda p: p.view.phase in (Phase.SETTLED, Phase.OVER) and p.view.dealer is not None
    )
    view = seat_view(played.match, viewer)
    result = view.result
    lines = settlement_lines(view)
    found = dict(lines)
    assert lines[0] == ("Dealer", seat_name(view.dealer, viewer))
    assert found["Result"] == game_text(game).outcome(result)
    if isinstance(result, DLResult):
        assert found["Catchers' points"] == str(result.score)
        assert found["Kitty points"] == str(result.kitty_points)
        assert found["Joker value"].startswith(f"{result.jokers} ")  # J; the count apart
        ours, theirs = viewer.team, viewer.team.other
        assert found["Levels"] == (
            f"{team_name(ours, viewer)} {result.levels[ours]} · "
            f"{team_name(theirs, viewer)} {result.levels[theirs]}"
        )
    elif isinstance(result, TRResult):
        assert found["Defenders' points"] == str(result.defender_points)
        assert found["Last trick"] == seat_name(result.last_trick, viewer)
        assert found["Coins"].startswith(f"You\u00a0{result.coins[viewer]:+d}")
    else:
        assert isinstance(result, SDResult)
        if result.bid:
            assert found["Bid"] == str(result.bid) and found["Stake"] == str(result.stake)
        assert found["Coins"].startswith(f"You\u00a0{result.coins[viewer]:+d}")
    if view.winner is None and game is not Game.SD:
        assert result.next_dealer is not None
        assert found["Next dealer"] == seat_name(result.next_dealer, viewer)


def test_the_dl_blood_line_names_its_payer_as_the_object_of_its_sentence() -> None:
    """DL-TRIB-1: the blood owed next hand and who pays it; "paid by you", not "by You"."""
    played = play_until(
        Game.DL, lambda p: p.view.phase is Phase.SETTLED and isinstance(p.view.result, DLResult)
    )
    view = played.view
    for payer, who in ((view.seat, "you"), (Seat((view.seat + 1) % 4), "Right")):
        result = msgspec.structs.replace(view.result, blood=4, payer=payer)
        lines = dict(settlement_lines(msgspec.structs.replace(view, result=result)))
        assert lines["Blood next hand"] == f"4, paid by {who}"


def test_the_panel_says_declared_by_you_for_the_viewers_own_declaration() -> None:
    played = play_until(
        Game.TR, lambda p: p.view.declaration is not None and p.view.declaration.seat == p.seat
    )
    assert game_text(Game.TR).declaration_text(played.view).startswith("Declared by you: ")


def test_a_redeal_says_so_and_nothing_more() -> None:
    played = play_until(Game.DL, lambda p: p.view.phase is Phase.PLAY)
    view = msgspec.structs.replace(played.view, result=Redeal())
    lines = settlement_lines(view)
    assert [k for k, _ in lines] == ["Dealer", "Result"]
    assert "Six jokers" in lines[-1][1]


def test_the_match_winner_closes_the_summary() -> None:
    played = play_until(Game.SD, lambda p: p.view.phase is Phase.SETTLED)
    view = msgspec.structs.replace(played.view, winner=(Seat.E, Seat.W))
    found = dict(settlement_lines(view))
    assert found["Match winner"] == "Right\u00a0· Left" and "Next dealer" not in found


def test_the_panel_builds_its_details_and_tabs_when_first_shown(qtbot) -> None:
    # issue 21: the start screen shows only the panel's title; the details and the tabs
    # (score sheet, log, rules) are made at the first view, and the panel looks the same
    lazy = InfoPanel(ScoreSheetModel(), LogModel())
    eager = InfoPanel(ScoreSheetModel(), LogModel())
    for widget in (lazy, eager):
        qtbot.addWidget(widget)
        widget.resize(300, 700)
        widget.show()
    qtbot.waitExposed(lazy)
    qtbot.waitExposed(eager)
    assert "tabs" not in vars(lazy) and "kitty_label" not in vars(lazy)
    assert not eager.tabs.isVisible()  # asking for a detail makes them, hidden

    def alike() -> None:  # once both have laid out (the events queued now handled)
        QApplication.processEvents()
        assert lazy.grab().toImage() == eager.grab().toImage()  # the same start screen

    qtbot.waitUntil(alike, timeout=5000)
    assert "tabs" not in vars(lazy)
    played = play_until(Game.TR, lambda p: p.view.phase is Phase.PLAY)
    lazy.update_view(played.view)
    assert lazy.tabs.isVisible() and lazy.tabs.count() == 4
    assert lazy.game_label.text() == "Tractor (2 decks)"
    assert lazy.trump_label.text() and lazy.turn_label.text()
    lazy.tabs.setCurrentIndex(1)
    assert lazy.tabs.currentWidget() is lazy.score_view
    lazy.clear()
    assert not lazy.tabs.isVisible() and lazy.game_label.text() == "No game"


def test_details_made_at_the_first_view_speak_the_installed_language(qtbot) -> None:
    # the first view comes inside i18n.bilingual (in Chinese, then in English): the details
    # made then keep the words of the installed mode, as if made with the panel
    from shengji_desktop.ui import i18n

    played = play_until(Game.TR, lambda p: p.view.phase is Phase.PLAY)
    i18n.install("both")
    try:
        lazy = InfoPanel(ScoreSheetModel(), LogModel())
        eager = InfoPanel(ScoreSheetModel(), LogModel())
        eager._build_details()
        for panel in (lazy, eager):
            qtbot.addWidget(panel)
            i18n.bilingual(panel, lambda panel=panel: panel.update_view(played.view))
        both = i18n.tr("Points captured")
        assert both != "Points captured"  # "中文 English"
        for panel in (lazy, eager):
            headings = [
                w.text() for w in panel.findChildren(QLabel) if w.property("role") == "heading"
            ]
            assert both in headings, headings
        assert [lazy.tabs.tabText(i) for i in range(4)] == [eager.tabs.tabText(i) for i in range(4)]
        assert lazy.tabs.tabText(0) == i18n.tr("Last trick") != "Last trick"
    finally:
        i18n.install("en")


def test_in_chinese_a_label_the_code_puts_before_its_value_takes_the_full_width_colon(
    panel,
) -> None:
    """ "积分：" and "我方：打2", not "积分:" (the labels the panel joins to their values
    itself; the catalogue's sentences have their own colons)."""
    i18n.install("zh")
    try:
        played = play_until(Game.TR, lambda p: p.view.phase is Phase.PLAY)
        panel.update_view(played.view)
        texts = [label.text() for label in panel.findChildren(QLabel)]
    finally:
        i18n.install("en")
    ascii_after_chinese = re.compile(r"[\u4e00-\u9fff](?:<[^>]*>)*\s*:")
    assert [t for t in texts if ascii_after_chinese.search(t)] == []
    assert any("积分：" in t for t in texts) and any("我方</b>：" in t for t in texts)
