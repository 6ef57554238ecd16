"""The score sheet and the log, fed with the typed events a seat saw in real matches."""

from __future__ import annotations

import pytest
from ui_matches import play_until

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.events import (
    DealerFixed,
    HandSettled,
    HandStarted,
    TrumpChosen,
    TrumpFixed,
)
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.results import DLResult, Redeal, SDResult, TRResult
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Seat, Suit, Team
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.trick import Shape
from shengji_desktop.ui.log_words import describe_event
from shengji_desktop.ui.panels.formats import game_text
from shengji_desktop.ui.panels.models import LogModel, ScoreSheetModel
from shengji_desktop.ui.texts import level_text, seat_name


def settled(hands: int):
    return lambda p: p.match.phase in (Phase.SETTLED, Phase.OVER) and len(p.match.history) >= hands


@pytest.mark.parametrize("game", list(Game))
def test_the_score_sheet_has_a_row_per_hand_settled(qapp, game) -> None:
    played = play_until(game, settled(2))
    sheet = ScoreSheetModel()
    sheet.reset(game)
    for event in played.events:
        sheet.feed(event)
    settlements = [e for e in played.events if isinstance(e, HandSettled)]
    assert sheet.rowCount() == len(settlements) == 2
    assert sheet.columnCount() == len(game_text(game).score_columns(Seat.S))
    last = sheet.rows[-1]
    result = settlements[-1].result
    assert last.result == result
    # the hand's dealer and trump, from the events of that hand
    start = max(i for i, e in enumerate(played.events) if isinstance(e, HandStarted))
    hand = played.events[start:]
    if game is Game.SD:
        dealer = [e for e in hand if isinstance(e, DealerFixed)][-1].seat
        suit = [e for e in hand if isinstance(e, TrumpChosen)][-1].suit
    else:
        fixed = [e for e in hand if isinstance(e, TrumpFixed)][-1]
        dealer, suit = fixed.dealer, fixed.suit
    cells = [sheet.cell(last, c) for c in range(sheet.columnCount())]
    assert cells[:3] == ["2", seat_name(dealer, Seat.S), suit.symbol]
    assert game_text(game).outcome(result) in cells
    if isinstance(result, DLResult):
        assert cells[3] == str(result.score) and cells[-1] == str(result.blood)
        assert cells[5:7] == [str(result.levels[t]) for t in (Seat.S.team, Seat.E.team)]
    elif isinstance(result, TRResult):
        assert cells[3] == str(result.defender_points) and cells[-1] == f"{result.coins[Seat.S]:+d}"
        assert cells[5:7] == [level_text(result.levels[t]) for t in (Seat.S.team, Seat.E.team)]
    else:
        assert isinstance(result, SDResult)
        assert cells[3] == str(result.bid) and cells[-4:] == [f"{result.coins[s]:+d}" for s in Seat]
    tip = sheet.data(sheet.index(1, 0), 3)  # ToolTipRole
    assert tip == game_text(game).outcome(result)


def test_reset_empties_the_sheet_for_another_game(qapp) -> None:
    played = play_until(Game.SD, settled(1))
    sheet = ScoreSheetModel()
    sheet.reset(Game.SD)
    for event in played.events:
        sheet.feed(event)
    assert sheet.rowCount() == 1
    sheet.reset(Game.DL)
    assert sheet.rowCount() == 0
    assert sheet.columns() == game_text(Game.DL).score_columns(Seat.S)


def test_the_log_says_real_events_in_words(qapp) -> None:
    """Real events of every game: each is either left out or said in words, never by its
    wire name; the log keeps those worth a line."""
    log = LogModel(Seat.S)
    for game in Game:
        played = play_until(game, settled(3))
        for event in played.events:
            line = describe_event(event, Seat.S)
            assert line != event.KIND, f"{event.KIND} has no words"
            log.feed(event)
    assert log.lines and all(log.lines)
    assert "— Hand 2 —" in log.lines


C = Card.of
SPADE_A, HEART_5, CLUB_K = (
    C(Suit.SPADES, Rank.ACE),
    C(Suit.HEARTS, Rank.FIVE),
    C(Suit.CLUBS, Rank.KING),
)
E, N = Seat.E, Seat.N
# One event of each kind (the rare ones too: revolts, redeals, claims, failed throws), with
# the words the log gives them as S sees them. None: left out of the log.
SAMPLES: list[tuple[ev.Event, str | None]] = [
    (ev.HandStarted(4), "— Hand 4 —"),
    (ev.CardDealt(E, 3), None),
    (ev.DealDone(8), None),
    (ev.Declared(E, (BIG_JOKER,), "big_joker"), "Right shows a big joker"),
    (ev.Declared(N, (SPADE_A, SPADE_A), "正主", Suit.SPADES), "Across declares ♠A ♠A"),
    (ev.Passed(E), "Right passes"),
    (ev.DeclareWindow(E), None),
    (ev.BiddingStarted(E), None),
    (ev.Bid(N, 65), "Across bids 65"),
    (ev.DealerFixed(N, 65), "Across is dealer with a bid of 65"),
    (ev.Draw({E: (SPADE_A,)}), "draw (流局)"),
    (ev.KittyDrawn(2), "trump drawn from the kitty"),
    (ev.KittyFlipped(((E, SPADE_A), (N, HEART_5)), ()), "Right ♠A, Across ♥5"),
    (ev.Redealt(), "dealt again"),
    (ev.BottomThree(Suit.CLUBS), "makes ♣ Clubs trump"),
    (ev.TrumpFixed(Suit.HEARTS, Seat.W), "Trump ♥ Hearts, dealer Left"),
    (ev.TrumpChosen(E, Suit.DIAMONDS), "Right chooses trump ♦ Diamonds"),
    (ev.TributeDue(E, N, 2), "Right owes Across a tribute of 2"),
    (ev.Revolt(E, (SMALL_JOKER,) * 3), "Right revolts with Small joker Small joker Small joker!"),
    (ev.Countered(N, (BIG_JOKER,) * 3), "Across counters the revolt"),
    (ev.TributeCancelled(), "The tribute is cancelled"),
    (ev.TributePaid(E, N, 2), "Right pays tribute to Across: 2"),
    (ev.TributePaid(Seat.S, N, 1, (CLUB_K,)), "You pay tribute to Across: ♣K"),
    (ev.TributeReturned(N, E, 1), "Across returns 1 to Right"),
    (ev.KittyRevealed((SPADE_A, HEART_5), True), "Kitty shown: ♠A ♥5  Dry pot (干锅)"),
    (ev.KittyTaken(E, 6), "Right takes the kitty"),
    (ev.KittyTaken(Seat.S, 1, (CLUB_K,)), "You take the kitty: ♣K"),
    (ev.KittyViewed(), "The defenders see the kitty"),
    (ev.KittyViewed((CLUB_K,)), "You see the kitty: ♣K"),
    (ev.KittyBuried(E, None, 6), "Right buries 6 cards"),
    (ev.KittyBuried(E, (CLUB_K,)), "Right buries ♣K"),
    (ev.KittyShown(E, (BIG_JOKER,), (CLUB_K,)), "shown for the pick: ♣K"),
    (
        ev.JokersBuried(E, (BIG_JOKER,), (HEART_5,), (CLUB_K,)),
        "Right buries Big joker and takes ♥5",
    ),
    (ev.PlayStarted(E), None),
    (ev.ThrowFailed(E, (SPADE_A, CLUB_K), (CLUB_K,)), "Right's throw ♠A ♣K fails; ♣K is played"),
    (
        ev.AttemptRefused(E, "throw", (HEART_5, SPADE_A)),
        "Right tries to throw ♥5 ♠A: refused, a part of it can be beaten",
    ),
    (ev.AttemptRefused(N, "claim"), "Across tries to claim: refused"),
    (ev.CardsPlayed(N, (HEART_5,), Shape.SINGLE), "Across plays ♥5"),
    (ev.TrickWon(N, 10, 3), "Across wins trick 3 (+10 points)"),
    (ev.Claimed(E, {E: (SPADE_A,)}, 20), "Right claims the remaining tricks (+20 points"),
    (ev.HandSettled(Redeal()), "Hand settled"),
    (ev.MatchOver(Team.EW), "won by the opponents"),
    (ev.MatchOver((Seat.S, N)), "won by you and Across"),
    (ev.MatchOver((E, Seat.S, N)), "won by Right, you and Across"),
]


def test_every_event_type_has_words_or_is_left_out() -> None:
    assert {type(e) for e, _ in SAMPLES} == set(ev.EVENT_TYPES.values())


@pytest.mark.parametrize(("event", "words"), SAMPLES, ids=lambda x: getattr(x, "KIND", None))
def test_the_words_of_an_event(qapp, event, words) -> None:
    line = describe_event(event, Seat.S)
    if words is None:
        assert line is None
    else:
        assert line is not None and words in line


@pytest.mark.parametrize(
    ("mode", "winner", "words"),
    [
        ("zh", (Seat.S, Seat.N), "比赛结束：你和对家获胜"),
        ("zh", (Seat.E, Seat.S, Seat.N), "比赛结束：右家、你和对家获胜"),
        ("zh", Team.EW, "比赛结束：对方获胜"),
        (
            "both",
            (Seat.S, Seat.N),
            "比赛结束：你和对家获胜 / The match is over, won by you and Across",
        ),
    ],
)
def test_a_match_s_winners_in_a_sentence(qapp, mode, winner, words) -> None:
    """SD-END-1: several seats may win an SD session together; the log names them as a
    sentence does ("you and Across", "你和对家"), not as a list."""
    from shengji_desktop.ui import i18n

    i18n.install(mode)
    try:
        assert describe_event(ev.MatchOver(winner), Seat.S) == words
    finally:
        i18n.install("en")


def test_the_log_speaks_from_its_viewer(qapp) -> None:
    """A match's winner is named from the seat at the bottom of the screen (a LAN table's own
    seat), like every other line."""
    assert "won by your team" in (describe_event(ev.MatchOver(Team.EW), Seat.E) or "")
    log = LogModel(Seat.E)
    log.feed(ev.Passed(Seat.E))
    log.feed(ev.CardDealt(Seat.E, 1))  # nothing worth a line
    assert log.lines == ["You pass"]
