"""Who reads the table's words: "You" only to the person who plays the bottom seat. A LAN
watcher (旁观) behind a seat, or anybody at a table of computers, reads the bottom seat as
"Bottom" ("下方"), the teams by their seats, and every move in the third person — in the
plates, the panel, the log, the score sheet and the settlement alike."""

from __future__ import annotations

import pytest

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.results import SDOutcome, SDResult
from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, Team
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.trick import Shape
from shengji_desktop.ui import i18n
from shengji_desktop.ui.log_words import describe_event
from shengji_desktop.ui.panels.formats import game_text
from shengji_desktop.ui.texts import (
    seat_name,
    seat_object,
    team_name,
    winner_object,
    winner_text,
)


@pytest.fixture(params=["en", "zh"])
def language(request, qapp):
    i18n.install(request.param)
    yield request.param
    i18n.install("en")


def test_the_bottom_seat_is_you_only_to_its_player(language) -> None:
    for viewer in Seat:
        seated = [seat_name(s, viewer) for s in Seat]
        watching = [seat_name(s, viewer, False) for s in Seat]
        bottom = seated.index(i18n.tr("You"))
        assert bottom == viewer  # the viewer's own seat is the bottom one
        assert watching[viewer] == i18n.tr("Bottom") != i18n.tr("You")
        # the other three are named alike, from the same seat
        assert [n for s, n in enumerate(watching) if s != viewer] == [
            n for s, n in enumerate(seated) if s != viewer
        ]
        assert seat_object(viewer, viewer) == i18n.tr("you")
        assert seat_object(viewer, viewer, False) == i18n.tr("Bottom")
        right = Seat((viewer + 1) % 4)
        assert seat_object(right, viewer, False) == seat_object(right, viewer) == i18n.tr("Right")
    assert {"zh": "下方", "en": "Bottom"}[language] == seat_name(Seat.E, Seat.E, False)


def test_the_teams_are_named_by_their_seats_to_a_watcher(language) -> None:
    assert team_name(Team.EW, Seat.E) == i18n.tr("Your team")
    assert team_name(Team.EW, Seat.E, False) == i18n.tr("Bottom & Across")
    assert team_name(Team.NS, Seat.E, False) == i18n.tr("Left & Right")
    assert winner_object(Team.NS, Seat.S) == i18n.tr("your team")
    assert winner_object(Team.NS, Seat.S, False) == i18n.tr("Bottom & Across")
    assert winner_text(Team.EW, Seat.S, False) == i18n.tr("Left & Right")
    sd_winners = (Seat.S, Seat.N)  # SD's joint winners (SD-END-1)
    assert i18n.tr("you") in winner_object(sd_winners, Seat.S)
    assert i18n.tr("you") not in winner_object(sd_winners, Seat.S, False).split()
    assert i18n.tr("Bottom") in winner_object(sd_winners, Seat.S, False)


def test_the_log_says_the_bottom_seats_moves_in_the_third_person_to_a_watcher(language) -> None:
    cards = (Card.of(Suit.SPADES, Rank.SEVEN),)
    played = ev.CardsPlayed(seat=Seat.W, cards=cards, shape=Shape.SINGLE)
    own = describe_event(played, Seat.W)
    watched = describe_event(played, Seat.W, seated=False)
    other = describe_event(played, Seat.S, seated=False)
    assert own is not None and watched is not None and other is not None
    assert own != watched
    assert watched.replace(i18n.tr("Bottom"), i18n.tr("Left")) == other  # "Left plays ♠7"
    bid = describe_event(ev.Bid(seat=Seat.N, value=65), Seat.N, seated=False)
    assert bid == i18n.tr("{who} bids {value}").format(who=i18n.tr("Bottom"), value=65)
    won = describe_event(ev.MatchOver(winner=Team.NS), Seat.N, seated=False)
    assert won is not None and i18n.tr("Bottom & Across") in won
    if language == "en":
        assert not any(
            w in text.split() for text in (watched, bid, won) for w in ("You", "you", "your")
        )


def test_the_settlement_and_the_score_sheet_name_no_you_to_a_watcher(language) -> None:
    text = game_text(Game.SD)
    result = SDResult(
        outcome=SDOutcome.MADE,
        bid=65,
        defender_points=40,
        stake=1,
        coins={Seat.S: 3, Seat.E: -1, Seat.N: -1, Seat.W: -1},
        last_trick=Seat.S,
        draw_loser=None,
    )
    for seated, bottom in ((True, i18n.tr("You")), (False, i18n.tr("Bottom"))):
        coins = text.coins_line(result.coins, Seat.S, seated)[1]
        assert coins.startswith(f"{bottom}\u00a0+3")
        assert text.score_columns(Seat.S, seated)[-4] == bottom
    tr_text = game_text(Game.TR)
    assert tr_text.score_columns(Seat.S)[-3:-1] == [i18n.tr("Us"), i18n.tr("Them")]
    assert tr_text.score_columns(Seat.S, False)[-3:-1] == [
        i18n.tr("Bottom+Across"),
        i18n.tr("Left+Right"),
    ]
    levels = tr_text.levels_line({Team.NS: 2, Team.EW: 4}, Seat.E, False)[1]
    assert i18n.tr("Bottom & Across") in levels and i18n.tr("Your team") not in levels


def test_a_table_of_computers_names_no_seat_you(qtbot, tmp_path) -> None:
    """Every seat a computer (the New game dialog allows it for the bottom seat too): nobody
    plays the bottom seat, so the table names it "Bottom" and tells its moves in the third
    person; each settlement shows while the table pauses on it, and goes with the next
    deal."""
    from test_autosave import random_factory
    from test_lan import make_window
    from ui_driver import WAIT_MS

    from shengji_desktop.engine.match import Match
    from shengji_desktop.ui.session.local import LocalTable

    window = make_window(qtbot, tmp_path, "computers")
    link = LocalTable(
        Match(Game.SD, None, 5), ["random"] * 4, random_factory, None, auto_next_ms=400
    )
    try:
        s = window.attach(link, game=Game.SD)
        s.start()
        assert s.human is None and not window.table.seated
        table = window.table
        qtbot.waitUntil(lambda: len(table.log.lines) > 8, timeout=WAIT_MS)
        names = table.scene.names
        assert names[Seat.S][0] == i18n.tr("Bottom")
        assert i18n.tr("You") not in {name for name, _ in names.values()}
        assert any(line.startswith(i18n.tr("Bottom") + " ") for line in table.log.lines)
        assert not any(line.startswith(("You ", "Your ")) for line in table.log.lines)
        qtbot.waitUntil(table.overlay.isVisible, timeout=WAIT_MS)  # hand 1's settlement
        assert "next" in table.overlay.buttons  # Close: nothing to confirm
        assert not table.bar.prompt.isVisible()  # "Watching the computer players" under it
        assert table.last_view is not None and table.last_view.hand_number == 1
        qtbot.waitUntil(lambda: not table.overlay.isVisible(), timeout=WAIT_MS)
        qtbot.waitUntil(lambda: s.view is not None and s.view.hand_number == 2, timeout=WAIT_MS)
    finally:
        window.stop_session()
