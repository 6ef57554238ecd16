"""The action bar's choices from the session's typed legal moves: a choice of N cards is judged
by its own count and check, fixed sets of cards by equality."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from ui_matches import Played, play_until

from shengji_desktop.engine.actions import Act, Action, ChooseCards, Move
from shengji_desktop.engine.phase import Phase, Step
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.ui.cards import CardPixmaps
from shengji_desktop.ui.panels.choices import Choices
from shengji_desktop.ui.table.scene import TableScene


@dataclass
class Check:
    ok: bool
    message: str = ""


@dataclass
class FakeSession:
    view: SeatView
    waiting: str = "human"
    human: Seat | None = Seat.S
    turn: list[Seat] = field(default_factory=list)

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def game(self) -> Game:
        return self.view.game

    @property
    def human_legal(self) -> tuple[Move, ...]:
        return self.view.legal if self.waiting == "human" else ()

    def to_act(self) -> list[Seat]:
        return self.turn

    def check_play(self, cards: list[Card]) -> Check:
        return Check(bool(cards), "" if cards else "Select the cards to play.")


class FakeWindow:
    def __init__(self, scene: TableScene, session: FakeSession) -> None:
        self.scene = scene
        self.session = session
        self.last_view = session.view
        self.viewer = Seat.S
        self.seated = True  # a person plays the bottom seat
        self.turn_shown: tuple[Seat | None] | None = None
        self.calls: list[object] = []
        scene.sync(session.view, 0)

    def do(self, action: Action) -> None:
        self.calls.append(action)

    def play_selected(self) -> None:
        self.calls.append("play")

    def choose(self, kind: Act) -> None:
        self.calls.append(kind)

    def hint(self) -> None:
        self.calls.append("hint")

    def current(self, selected: list[Card]):
        self.scene.set_selected(selected)
        choices, prompt, notice = Choices(self).current()
        return {c.key: c for c in choices}, prompt, notice


@pytest.fixture
def scene(qapp) -> TableScene:
    return TableScene(CardPixmaps())


def burying(game: Game, both_jokers: bool = False):
    def wanted(p: Played) -> bool:
        v = p.view
        if v.phase is not Phase.KITTY or not any(m.kind is Act.BURY for m in v.legal):
            return False
        return not both_jokers or (BIG_JOKER in v.hand and SMALL_JOKER in v.hand)

    return wanted


def test_a_dl_burial_is_judged_by_the_offered_choice(scene) -> None:
    """DL-KITTY-6: a small joker may go only when no big joker stays in the hand: with the
    right number of cards the button is still off, and the notice says why."""
    played = play_until(Game.DL, burying(Game.DL, both_jokers=True))
    view = played.view
    (choice,) = [m for m in view.legal if isinstance(m, ChooseCards)]
    assert choice.kind is Act.BURY and choice.count == 6
    window = FakeWindow(scene, FakeSession(view))
    plain = [c for c in view.hand if not c.is_joker][:6]
    buttons, prompt, notice = window.current(plain[:5])
    assert not buttons["bury"].enabled and prompt == "Bury 6 cards: select them (5/6)"
    assert notice is not None and "DL-KITTY-6" in notice and "[" not in notice  # the rule's hint
    buttons, prompt, notice = window.current(plain)
    assert buttons["bury"].enabled and choice.accepts(plain)
    buttons["bury"].callback()
    assert window.calls == [Act.BURY]
    wrong = [SMALL_JOKER, *plain[:5]]
    assert not choice.accepts(wrong)
    buttons, _, notice = window.current(wrong)
    assert not buttons["bury"].enabled
    assert notice is not None and notice.endswith("[DL-KITTY-6]")


@pytest.mark.parametrize(("game", "rule"), [(Game.TR, "TR-KITTY-2"), (Game.SD, "SD-KITTY-4")])
def test_the_burial_notice_is_the_games(scene, game, rule) -> None:
    played = play_until(game, burying(game))
    if game is Game.SD:  # the declarer names trump first (SD-KITTY-3)
        assert played.view.step is Step.BURY
    window = FakeWindow(scene, FakeSession(played.view))
    buttons, _, notice = window.current([])
    assert not buttons["bury"].enabled and notice is not None and rule in notice
    count = next(m.count for m in played.view.legal if isinstance(m, ChooseCards))
    buttons, _, _ = window.current(list(played.view.hand[:count]))
    assert buttons["bury"].enabled


def test_tribute_is_one_of_the_offered_sets(scene) -> None:
    """DL-TRIB-2: the payer's strongest eligible cards are given as fixed sets."""

    def wanted(p: Played) -> bool:
        return any(m.kind is Act.TRIBUTE for m in p.view.legal)

    played = play_until(Game.DL, wanted)
    view = played.view
    offered = [m for m in view.legal if m.kind is Act.TRIBUTE]
    assert all(isinstance(m, Action) for m in offered)
    window = FakeWindow(scene, FakeSession(view))
    first = offered[0]
    assert isinstance(first, Action)
    buttons, prompt, _ = window.current(list(first.cards))
    assert buttons["tribute"].enabled
    assert view.tribute is not None and "Tribute to" in prompt
    n = len(first.cards)  # issue 36: "your 1 strongest eligible cards" said one card in plural
    wording = "strongest eligible card" if n == 1 else f"your {n} strongest eligible cards"
    assert prompt.endswith(wording) and "your 1 " not in prompt, (n, prompt)
    buttons, _, _ = window.current(list(first.cards[:-1]))
    assert not buttons["tribute"].enabled


def test_while_others_decide_the_bar_names_who(scene) -> None:
    played = play_until(Game.SD, lambda p: p.view.phase is Phase.BID and p.view.turn == Seat.N)
    session = FakeSession(played.view, waiting="", turn=[Seat.N])
    window = FakeWindow(scene, session)
    buttons, prompt, _ = window.current([])
    assert buttons == {} and prompt == "Waiting for Across…"
    session.turn = []
    window.last_view = None
    assert window.current([])[1] == "Please wait…"


def test_a_bid_is_a_button_and_pass_says_no_bid(scene) -> None:
    played = play_until(Game.SD, lambda p: p.view.phase is Phase.BID and bool(p.view.legal))
    window = FakeWindow(scene, FakeSession(played.view))
    buttons, prompt, _ = window.current([])
    assert prompt == "Your bid"
    assert buttons["pass"].text == "No bid"
    bids = [b for k, b in buttons.items() if k.startswith("bid_")]
    assert bids and all(b.text.endswith(" points") for b in bids)
    bids[0].callback()
    (action,) = window.calls
    assert isinstance(action, Action) and action.kind is Act.BID


@pytest.mark.parametrize("game", [Game.TR, Game.SD])
def test_while_a_computer_buries_the_bar_says_so_and_is_busy(scene, game: Game) -> None:
    """Issue 22: the hard player thinks up to three times its budget over the burial; the bar
    says who is burying and shows a busy indicator (SD: once trump is chosen, SD-KITTY-3/4)."""
    from shengji_desktop.ui.panels.bar import ActionBar

    def burying(p: Played) -> bool:
        v = p.view
        dealer = v.dealer
        return (
            v.phase is Phase.KITTY and dealer not in (None, Seat.S) and dealer in p.match.to_act()
        )

    played = play_until(game, lambda p: burying(p) and p.view.trump is not None)
    dealer = played.view.dealer
    assert dealer is not None
    session = FakeSession(played.view, waiting="", turn=[dealer])
    window = FakeWindow(scene, session)
    buttons, prompt, _ = window.current([])
    assert buttons == {} and prompt.endswith("is burying the kitty…"), prompt
    assert Choices(window).busy()
    bar = ActionBar()
    bar.set_busy(Choices(window).busy())
    assert not bar.busy.isHidden()
    # Our turn: no busy indicator.
    session.waiting = "human"
    assert not Choices(window).busy()
    if game is Game.SD:  # before trump is chosen the dealer is not burying yet
        early = play_until(game, lambda p: burying(p) and p.view.trump is None)
        window = FakeWindow(scene, FakeSession(early.view, waiting="", turn=[early.view.dealer]))
        assert window.current([])[1].startswith("Waiting for")


def test_a_tribute_that_is_not_the_strongest_says_why(scene) -> None:
    """DL-TRIB-4: the right number of cards, but not the payer's strongest eligible ones: the
    button stays off and the notice gives the rule's reason; too many cards say how many."""

    def wanted(p: Played) -> bool:
        tribute = [m for m in p.view.legal if m.kind is Act.TRIBUTE]
        return bool(tribute) and len(p.view.hand) > len(tribute[0].cards)

    played = play_until(Game.DL, wanted)
    view = played.view
    offered = {m.cards for m in view.legal if isinstance(m, Action) and m.kind is Act.TRIBUTE}
    need = len(next(iter(offered)))
    window = FakeWindow(scene, FakeSession(view))
    assert view.trump is not None
    weakest = sorted(view.hand, key=view.trump.strength)[:need]
    assert tuple(sorted(weakest)) not in offered
    buttons, _, notice = window.current(weakest)
    assert not buttons["tribute"].enabled
    assert notice is not None and notice.endswith("[DL-TRIB-4]"), notice
    buttons, _, notice = window.current(list(view.hand[: need + 1]))
    assert not buttons["tribute"].enabled and notice is not None
    assert notice.startswith("Select exactly"), notice


def test_the_bid_hint_says_no_bid_as_its_button_does(scene) -> None:
    """Issue 36 item 11: in SD's bidding the pass button says "No bid"; so does the hint."""
    from shengji_desktop.ui.panels.choices import hint_text

    played = play_until(Game.SD, lambda p: any(m.kind is Act.BID for m in p.view.legal))
    view = played.view
    window = FakeWindow(scene, FakeSession(view))
    buttons, _, _ = window.current([])
    (no_bid,) = [m for m in view.legal if isinstance(m, Action) and m.kind is Act.PASS]
    from shengji_desktop.ui.panels.choices import button_key

    assert buttons[button_key(no_bid)].text == "No bid"
    assert hint_text(no_bid, view).startswith("Hint: no bid"), hint_text(no_bid, view)


def test_the_tribute_hint_names_the_strongest_card_first(scene) -> None:
    """Issue 36 item 17: the hint says the cards as the hand shows them, strongest first
    ("大王 大王 小王", not "小王 大王 大王")."""
    from shengji_desktop.ui.panels.choices import hint_text
    from shengji_desktop.ui.texts import card_text

    def wanted(p: Played) -> bool:
        return any(
            isinstance(m, Action) and m.kind is Act.TRIBUTE and len(set(m.cards)) > 1
            for m in p.view.legal
        )

    played = play_until(Game.DL, wanted, seeds=range(1, 200))
    view = played.view
    assert view.trump is not None
    tribute = next(
        m
        for m in view.legal
        if isinstance(m, Action) and m.kind is Act.TRIBUTE and len(set(m.cards)) > 1
    )
    strongest = max(tribute.cards, key=view.trump.strength)
    weakest = min(tribute.cards, key=view.trump.strength)
    text = hint_text(tribute, view)
    assert text.index(card_text(strongest)) < text.rindex(card_text(weakest)), text
