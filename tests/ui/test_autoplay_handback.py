"""托管 switched off: the seat's moves come back from the table's next view, never from the
last one (a decision of the computer may already have overtaken it: the person's move was then
refused with "not your turn")."""

from __future__ import annotations

from typing import Any

from ui_matches import play_until

from shengji_desktop.engine.phase import Phase
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.ui.session.session import HUMAN, Session


class HandBackLink:
    """A link that only records; the test delivers the table's views itself."""

    remote = False
    seat = Seat.S

    def __init__(self) -> None:
        self.autoplay: list[Any] = []

    def start(self, session: Session) -> None: ...
    def submit(self, action: Any) -> None: ...
    def next_hand(self) -> bool:
        return True

    def caught_up(self, shown: int) -> None: ...
    def caption(self, seat: Seat) -> str:
        return seat.name

    def kind_of(self, seat: Seat) -> str:
        return "random"

    def shutdown(self) -> None: ...
    def flush_save(self) -> None: ...
    def set_autoplay(self, player: Any, level: str) -> bool:
        self.autoplay.append(player)
        return True


def test_moves_come_back_with_the_tables_next_view(qtbot) -> None:
    played = play_until(Game.TR, lambda p: p.match.phase is Phase.PLAY and bool(p.view.legal))
    link = HandBackLink()
    session = Session(link)  # type: ignore[arg-type]
    session.deliver((), played.view)
    qtbot.waitUntil(lambda: session.waiting == HUMAN)
    assert session.set_autoplay(True, "easy") and session.waiting != HUMAN
    assert session.set_autoplay(False) and link.autoplay[-1] is None
    # The last view still says S is to act, but the computer may have played meanwhile.
    assert session.waiting != HUMAN and not session.human_legal
    session.deliver((), played.view)  # the table's view after it gave the seat back
    qtbot.waitUntil(lambda: session.waiting == HUMAN)
    assert session.human_legal == played.view.legal
