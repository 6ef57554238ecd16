"""The table's cues (issue 18): callouts, the marker on the winning play, four-colour suits,
the hand's sort and moving a card within the hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QColor
from ui_matches import Played, play_until

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.phase import Phase
from shengji_desktop.rules.cards import Card, Rank, Seat, Suit
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.trick import Shape, TrickRules
from shengji_desktop.ui import cards as card_art
from shengji_desktop.ui.aids.cues import FOUR_COLOUR_KEY, Callout
from shengji_desktop.ui.table.handorder import SORT_KEY
from shengji_desktop.ui.table.layout import display_order
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui
WAIT_MS = 30000


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    # batches go straight to the animator (no session): only the table and the cues see them,
    # which hear the animator through the screen's signals
    table = w.table
    table.animator.event_shown.disconnect(table._event_shown)
    table.animator.batch_done.disconnect(table._batch_done)
    table.animator.event_shown.connect(table.event_shown)
    table.animator.batch_done.connect(table.view_shown)
    yield w
    card_art.set_four_colours(False)


def show(window: MainWindow, qtbot, played: Played, speed: str, last: str = "fast") -> None:
    """Every batch the seat saw, instantly, then the last one at ``last`` speed."""
    animator = window.table.animator
    window.set_speed(speed)
    catch_up(window, played.batches[:-1])
    assert not animator.running
    window.set_speed(last)
    animator.push(*played.batches[-1])
    qtbot.waitUntil(lambda: not animator.running, timeout=WAIT_MS)


def catch_up(window: MainWindow, batches) -> None:
    """Batches shown instantly, as one: their events in order, then the last view."""
    window.set_speed("instant")
    if batches:
        window.table.animator.push(
            tuple(e for events, _ in batches for e in events), batches[-1][1]
        )


def last_events(p: Played) -> tuple[ev.Event, ...]:
    return p.batches[-1][0] if p.batches else ()


def lead_of_shape(shape: Shape) -> Callable[[Played], bool]:
    def wanted(p: Played) -> bool:
        trick = p.view.trick
        return (
            len(trick) == 1
            and any(isinstance(e, ev.CardsPlayed) for e in last_events(p))
            and TrickRules(p.view.trump).lead_format(trick[0][1]).shape is shape
        )

    return wanted


def ruffed(p: Played) -> bool:
    """The last play followed a plain suit with trumps only (the seat was void)."""
    trick, trump = p.view.trick, p.view.trump
    if len(trick) < 2 or trump is None or not last_events(p):
        return False
    (_, lead), (_, last) = trick[0], trick[-1]
    return not trump.is_trump(lead[0]) and all(trump.is_trump(c) for c in last)


def declared(p: Played, overcall: Callable[[list[ev.Declared]], bool]) -> bool:
    if not any(isinstance(e, ev.Declared) for e in last_events(p)):
        return False
    events = p.events
    starts = [i for i, e in enumerate(events) if isinstance(e, ev.HandStarted)]
    this_hand = events[starts[-1] if starts else 0 :]
    return overcall([e for e in this_hand if isinstance(e, ev.Declared)])


def tr_overcall(decls: list[ev.Declared]) -> bool:
    return decls[-1].kind == "正主"  # TR-DECL-2


def dl_overcall(decls: list[ev.Declared]) -> bool:
    """DL-DECL-5: a second declaration that is not the standing declarer's reinforcement."""
    real = [d for d in decls if d.kind != "big_joker"]
    return len(real) >= 2 and (real[-2].seat, real[-2].suit) != (real[-1].seat, real[-1].suit)


CASES = {
    "tractor": (Game.TR, lead_of_shape(Shape.TRACTOR)),
    "throw": (Game.TR, lead_of_shape(Shape.THROW)),
    "ruff": (Game.TR, ruffed),
    "overcall-tr": (Game.TR, lambda p: declared(p, tr_overcall)),
    "overcall-dl": (Game.DL, lambda p: declared(p, dl_overcall)),
    "claim": (Game.SD, lambda p: any(isinstance(e, ev.Claimed) for e in last_events(p))),
}
_found: dict[str, Played] = {}


def position(case: str) -> Played:
    if case not in _found:
        game, wanted = CASES[case]
        _found[case] = play_until(game, wanted, seeds=range(1, 200))
    return _found[case]


@pytest.mark.parametrize("case", list(CASES))
def test_a_callout_comes_near_the_seat_and_none_with_animations_off(window, qtbot, case) -> None:
    played = position(case)
    kind = case.split("-")[0]
    events = last_events(played)
    seat = next(e.seat for e in events if isinstance(e, ev.CardsPlayed | ev.Declared | ev.Claimed))
    cues = window.cues
    show(window, qtbot, played, "instant", last="instant")
    assert cues.shown == [], "no callout with animations off"
    assert not [i for i in window.table.scene.items() if isinstance(i, Callout)]
    window.table.scene.clear_table()
    show(window, qtbot, played, "instant", last="fast")
    assert cues.shown == [(seat, kind)]
    callout = cues.callouts[-1]
    near = window.table.scene.geo.bubble_pos(
        seat, window.table.scene.back_count(seat), len(window.table.scene.hand)
    )
    assert (callout.pos() - near).manhattanLength() < 340, "by the seat's bubble"
    text = {"tractor": "拖拉机", "throw": "甩牌", "ruff": "毙了", "claim": "Claim"}.get(kind)
    if kind == "overcall":
        text = "反主" if played.match.game is Game.DL else "正主"
    assert text in callout.text
    qtbot.waitUntil(lambda: callout.scene() is None, timeout=WAIT_MS)  # it goes again


def test_a_table_joined_mid_trick_follows_the_view(window, qtbot) -> None:
    """A LAN seat joining (or a game resumed) mid-trick has not seen the lead's event: the
    view's trick stands for it, so a ruff is still a ruff and the marker is right."""
    played = position("ruff")
    window.set_speed("instant")
    window.table.animator.push((), played.batches[-2][1])  # the view only, none of its events
    window.set_speed("fast")
    window.table.animator.push(*played.batches[-1])
    qtbot.waitUntil(lambda: not window.table.animator.running, timeout=WAIT_MS)
    seat = played.view.trick[-1][0]
    assert window.cues.shown == [(seat, "ruff")]
    trump = played.view.trump
    rules = TrickRules(trump)
    trick = played.view.trick
    winner = trick[rules.winner(rules.lead_format(trick[0][1]), [c for _, c in trick])][0]
    assert window.cues.marked_card() in window.table.scene.trick[winner]


def test_no_callout_for_a_plain_lead_or_follow(window, qtbot) -> None:
    def plain(p: Played) -> bool:
        trick, trump = p.view.trick, p.view.trump
        if len(trick) != 2 or trump is None or not last_events(p):
            return False
        fmt = TrickRules(trump).lead_format(trick[0][1])
        same = {trump.suit_class(c) for c in trick[1][1]} == {fmt.suit_class}
        return fmt.shape is Shape.SINGLE and same

    played = play_until(Game.TR, plain)
    show(window, qtbot, played, "instant", last="fast")
    assert window.cues.shown == []


# ---------------------------------------------------------------------- the winner's marker


@pytest.mark.parametrize("game", list(Game))
def test_the_marker_sits_on_the_winning_play_after_each_play(window, qtbot, game) -> None:
    def two_tricks_in(p: Played) -> bool:
        return len(p.view.tricks) >= 2 and not p.view.trick

    played = play_until(game, two_tricks_in)
    animator, cues, scene = window.table.animator, window.cues, window.table.scene
    catch_up(window, played.batches)
    checked = 0
    for _ in range(8):  # two more tricks, play by play
        if played.match.phase is not Phase.PLAY:
            break
        events = played.step()
        view = played.view
        animator.push(*played.batches[-1])
        marked = cues.marked_card()
        if not view.trick:
            assert marked is None, "no marker once the trick is taken"
            continue
        trump = view.trump
        assert trump is not None
        rules = TrickRules(trump)
        fmt = rules.lead_format(view.trick[0][1])
        winner = view.trick[rules.winner(fmt, [c for _, c in view.trick])][0]
        assert marked is not None and marked in scene.trick[winner]
        assert marked.card in [int(c) for c in dict(view.trick)[winner]]
        checked += 1
        del events
    assert checked >= 4


def test_the_marker_is_on_the_trick_takers_cards_when_the_trick_is_won(window, qtbot) -> None:
    def before_last_play(p: Played) -> bool:
        return len(p.view.trick) == 3 and len(p.view.tricks) >= 1

    played = play_until(Game.TR, before_last_play)
    catch_up(window, played.batches)
    seen: list[tuple[Seat, object]] = []

    def at_trick_won(event: ev.Event) -> None:
        if isinstance(event, ev.TrickWon):
            seen.append((event.seat, window.cues.marked_card()))

    window.table.animator.event_shown.connect(at_trick_won)
    played.step()
    window.set_speed("fast")
    window.table.animator.push(*played.batches[-1])
    qtbot.waitUntil(lambda: bool(seen), timeout=WAIT_MS)
    ((winner, marked),) = seen
    assert (
        marked is not None
        and marked in window.table.scene.trick[winner] + window.table.scene.sweeping
    )


# ---------------------------------------------------------------------- four colours


def pip_colour(card: Card) -> QColor:
    """The mean ink of the suit symbol under the corner index of a rendered face (the box
    (6, 33, 18, 18) in card units, 2 pixels a unit here)."""
    image = card_art.render_card_image(int(card), height=280)
    ink = [
        image.pixelColor(x, y)
        for x in range(12, 48)
        for y in range(66, 102)
        if image.pixelColor(x, y).lightness() < 160
    ]
    assert len(ink) > 100, "the symbol is there"
    n = len(ink)
    return QColor(*(round(sum(getattr(c, k)() for c in ink) / n) for k in ("red", "green", "blue")))


def test_four_colour_faces_draw_clubs_green_and_diamonds_blue(qapp) -> None:
    clubs, diamonds = Card.of(Suit.CLUBS, Rank.SEVEN), Card.of(Suit.DIAMONDS, Rank.SEVEN)
    spades, hearts = Card.of(Suit.SPADES, Rank.SEVEN), Card.of(Suit.HEARTS, Rank.SEVEN)
    try:
        card_art.set_four_colours(False)
        two = {c: pip_colour(c) for c in (clubs, diamonds, spades, hearts)}
        card_art.set_four_colours(True)
        four = {c: pip_colour(c) for c in (clubs, diamonds, spades, hearts)}
    finally:
        card_art.set_four_colours(False)
    assert max(two[clubs].red(), two[clubs].green(), two[clubs].blue()) < 90  # black
    assert two[diamonds].red() > 150 and two[diamonds].blue() < 90  # red
    g = four[clubs]
    assert g.green() > g.red() + 60 and g.green() > g.blue() + 40
    b = four[diamonds]
    assert b.blue() > b.red() + 80 and b.blue() > b.green() + 60
    assert four[spades] == two[spades] and four[hearts] == two[hearts]


def test_the_four_colour_setting_is_remembered_and_redraws(window, qtbot, tmp_path) -> None:
    action = window.cues.four_action
    assert not action.isChecked()
    renders = window.table.pixmaps.renders
    window.table.pixmaps.pixmap(int(Card.of(Suit.CLUBS, Rank.TEN)))
    action.trigger()
    assert card_art.four_colours() and QSettings().value(FOUR_COLOUR_KEY) == "true"
    window.table.pixmaps.pixmap(int(Card.of(Suit.CLUBS, Rank.TEN)))
    assert window.table.pixmaps.renders == renders + 2, "the cache was cleared"
    card_art.set_four_colours(False)
    again = MainWindow(save_path=tmp_path / "b.json", check_save=False)
    qtbot.addWidget(again)
    assert again.cues.four_action.isChecked() and card_art.four_colours()
    assert "Four-colour" in again.cues.four_action.text()


def test_four_colours_reach_the_panels_trump_symbol(qtbot) -> None:
    from shengji_desktop.ui.panels import InfoPanel
    from shengji_desktop.ui.panels.models import LogModel, ScoreSheetModel

    def minor_trump(p: Played) -> bool:
        trump = p.view.trump
        return trump is not None and trump.suit in (Suit.CLUBS, Suit.DIAMONDS)

    view = play_until(Game.TR, minor_trump).view
    panel = InfoPanel(ScoreSheetModel(), LogModel())
    qtbot.addWidget(panel)
    green_or_blue = "#4ade80" if view.trump.suit is Suit.CLUBS else "#60a5fa"
    panel.update_view(view, None)
    assert green_or_blue not in panel.trump_symbol.styleSheet()
    try:
        card_art.set_four_colours(True)
        panel.update_view(view, None)
    finally:
        card_art.set_four_colours(False)
    assert green_or_blue in panel.trump_symbol.styleSheet()


# ---------------------------------------------------------------------- the hand's order


def in_play(p: Played) -> bool:
    return p.view.phase is Phase.PLAY and p.view.turn == Seat.S and len(p.view.hand) >= 20


def test_sort_by_rank_orders_the_hand_and_is_remembered(window, qtbot, tmp_path) -> None:
    played = play_until(Game.TR, in_play)
    catch_up(window, played.batches)
    window.cues.sort_actions["rank"].trigger()
    window.table.scene.sync(played.view, 0)
    level = played.view.trump.level
    cards = [Card(i.card) for i in window.table.scene.hand]

    def tier(c: Card) -> tuple[int, int]:
        if c.suit is None:
            return (0, -int(c.rank))
        return (1, 0) if c.rank == level else (2, -int(c.rank))

    assert [tier(c) for c in cards] == sorted(tier(c) for c in cards)
    plain = [c for c in cards if tier(c)[0] == 2]
    assert len({c.suit for c in plain[:6]}) > 1 or len({c.rank for c in plain}) == len(plain)
    assert QSettings().value(SORT_KEY) == "rank"
    again = MainWindow(save_path=tmp_path / "b.json", check_save=False)
    qtbot.addWidget(again)
    assert again.table.scene.order.sort == "rank" and again.cues.sort_actions["rank"].isChecked()
    window.cues.sort_actions["suit"].trigger()
    window.table.scene.sync(played.view, 0)
    suits = [Card(i.card) for i in window.table.scene.hand]
    trump = played.view.trump
    assert all(trump.is_trump(c) for c in suits[: sum(map(trump.is_trump, suits))])


def drag(window: MainWindow, qtbot, item, to: QPointF, mods: Qt.KeyboardModifier) -> None:
    vp = window.table.view.viewport()
    start = window.table.view.mapFromScene(item.mapToScene(QPointF(9, 12)))
    end = window.table.view.mapFromScene(to + QPointF(9, 12))
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, mods, start)
    qtbot.mouseMove(vp, (start + end) / 2)
    qtbot.mouseMove(vp, end)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, mods, end)


def test_shift_drag_moves_a_card_and_a_plain_drag_still_selects(window, qtbot) -> None:
    played = play_until(Game.TR, in_play)
    catch_up(window, played.batches)
    scene = window.table.scene
    before = list(scene.hand)
    moved, target = before[1], before[6].home
    drag(window, qtbot, moved, target, Qt.KeyboardModifier.ShiftModifier)
    after = list(scene.hand)
    assert after.index(moved) == 6
    assert [i for i in after if i is not moved] == [i for i in before if i is not moved]
    assert not scene.selected_cards(), "moving selects nothing"
    qtbot.waitUntil(lambda: (moved.pos() - moved.home).manhattanLength() < 1, timeout=WAIT_MS)
    # the player's order stays while cards only leave the hand
    order = [i.card for i in scene.hand]
    assert played.view.turn == Seat.S
    played.step()  # S plays: cards leave the hand
    view = played.view
    assert len(view.hand) < len(order)
    scene.sync(view, 0)
    have = Counter(int(c) for c in view.hand)
    expected = []
    for c in order:
        if have[c] > 0:
            have[c] -= 1
            expected.append(c)
    assert [i.card for i in scene.hand] == expected
    assert expected != [int(c) for c in display_order(view.hand, view.trump)], "not the sort"
    # Shift+Right moves the focused card one place on
    scene.move_focus(0)
    first = scene.hand[0]
    window.table.view.setFocus()
    qtbot.keyClick(window.table.view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert scene.hand[1] is first
    # a plain drag over three cards selects them, as before
    a, c = scene.hand[3], scene.hand[5]
    drag(window, qtbot, a, c.home, Qt.KeyboardModifier.NoModifier)
    assert [i for i in scene.hand if i.selected] == scene.hand[3:6]


def test_new_cards_bring_back_the_chosen_sort(window, qtbot) -> None:
    played = play_until(Game.TR, in_play)
    catch_up(window, played.batches)
    scene = window.table.scene
    sorted_order = [i.card for i in scene.hand]
    assert scene.order.move(scene.hand, scene.hand[0], 4)
    scene.order.manual.append(int(Card.of(Suit.CLUBS, Rank.TWO)))  # as if one more came
    scene.sync(played.view, 0)
    assert scene.order.manual is not None  # the hand still within the player's order
    scene.order.manual = scene.order.manual[:3]  # a card the order does not know
    scene.sync(played.view, 0)
    assert [i.card for i in scene.hand] == sorted_order and scene.order.manual is None


def test_a_callout_stands_beside_the_seats_bubble_not_on_it(window) -> None:
    """Issue 36 item 15: 反主 and the 亮主 bubble were stacked on the left seat's cards; each
    seat's callout now stands clear of its bubble."""
    from shengji_desktop.ui.table.items import Bubble

    scene = window.table.scene
    for seat in Seat:
        callout = window.cues.callout(seat, "overcall")
        callout.setScale(1.0)  # as it stands after popping in
        bubble = Bubble("亮主 ♠ Declares ♠")
        bubble.setPos(scene.geo.bubble_pos(seat, scene.back_count(seat), len(scene.hand)))
        scene.addItem(bubble)
        a = callout.mapRectToScene(callout.boundingRect())
        b = bubble.mapRectToScene(bubble.boundingRect())
        assert not a.intersects(b), (seat, a, b)
        scene.removeItem(bubble)
