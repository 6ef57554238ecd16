"""The window's game: one seat at a table, local or on the LAN, as one Qt object.

A ``Session`` talks to its table through a ``Link``: ``LocalTable`` (session/local.py) runs the
engine's ``Table`` on a thread of this program; ``RemoteLink`` (lan/link.py) is a LAN client.
Either hands the session each batch of events with the seat's view after it (on any thread;
the session re-emits them on the GUI thread), and takes the seat's actions. The window, the
table's animations and the action bar see only the session: typed events, ``SeatView``s and
the seat's legal moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import QObject, QThreadPool, Signal

from shengji_desktop.engine.actions import Act, Action, ChooseCards, Move
from shengji_desktop.engine.events import AttemptRefused, Event
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.table import Player
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.trick import Shape, TrickRules

from ..i18n import Said, said, tr
from ..tasks import Task
from ..texts import plural, reason_text

# What the session waits for (``Session.waiting``).
NOTHING = ""
HUMAN = "human"  # the seat's decision (outside the deal)
NEXT_HAND = "next_hand"  # the settlement is shown
OVER = "over"  # the match is over


@dataclass
class SelectionCheck:
    ok: bool
    message: str = ""  # Said: it can be said again in another language
    action: Action | None = None


def autoplay_marker() -> str:
    """The marker on a seat a computer plays for its person (托管, or a LAN stand-in)."""
    return tr("Auto-play")


class Link(Protocol):
    """A session's table: where its seat's actions go and its updates come from."""

    remote: bool
    seat: Seat | None  # the seat played through the window (None: watching)

    def start(self, session: Session) -> None:
        """Begin: ``session.deliver(events, view)`` for the state now and every change."""

    def submit(self, action: Action) -> None:
        """The seat's action; a refusal comes back through ``session.refuse``."""

    def next_hand(self) -> bool:
        """The player is done with the settlement (False: the table goes on by itself)."""

    def caught_up(self, shown: int) -> None:
        """The window has shown the first ``shown`` updates delivered (local play waits for
        the window before it goes on)."""

    def caption(self, seat: Seat) -> str:
        """Who plays ``seat``, in words (a name, a computer level)."""

    def kind_of(self, seat: Seat) -> str:
        """ "human" or the computer level playing ``seat``."""

    def shutdown(self) -> None: ...

    def flush_save(self) -> None: ...

    def set_autoplay(self, player: Player | None, level: str) -> bool:
        """托管: ``player`` (of ``level``) plays the seat from its next decision on, until
        None; False when this table cannot now."""


class Session(QObject):
    """One seat's game for the window. The buttons call ``act``, ``play_cards``,
    ``choose_cards``, ``hint`` and ``next_hand``; tests call the same."""

    # (events as the seat sees them, the seat's view after them): the animator shows them
    events_applied = Signal(object, object)
    # the seat's choices changed: waiting for it, or the live declarations during the deal
    prompt_changed = Signal()
    message = Signal(object)  # Said (a str that can be said again after a change of language)
    hint_ready = Signal(object)
    autoplay_changed = Signal(bool)
    hand_over = Signal(object)  # SeatView of the settled hand
    match_over = Signal(object)  # SeatView of the match's end
    saved = Signal()
    failed = Signal(str)

    # from the link's thread (queued to the GUI thread)
    _delivered = Signal(object, object)
    _refused = Signal(object)
    _failed = Signal(str)
    _saved = Signal()

    def __init__(
        self,
        link: Link,
        hint_player: Player | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.link = link
        self.view: SeatView | None = None  # the newest view (ahead of the animations)
        self.waiting = NOTHING
        self.human_legal: tuple[Move, ...] = ()
        self.finished = False
        self._hint_player = hint_player
        self.autoplay: Player | None = None  # 托管: the computer playing the seat
        # 托管 just went off: the seat's moves are offered again from the table's next view,
        # not from the last one, which a decision of the computer may already have overtaken.
        self._handing_back = False
        self.autoplay_level = ""
        self._holds = 0
        self._received = 0  # updates delivered; the table may wait until they are shown
        self._in_flight = False
        self._shown_settled = -1
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._tasks: set[Task] = set()
        self._delivered.connect(self._on_delivered)
        self._refused.connect(self._on_refused)
        self._failed.connect(self.failed)
        self._saved.connect(self.saved)

    # ------------------------------------------------------------------ from the link (any thread)

    def deliver(self, events: Sequence[Event], view: SeatView) -> None:
        self._delivered.emit(tuple(events), view)

    def refuse(self, why: RuleError | Exception | str) -> None:
        """The table refused the seat's action (a RuleError: the rules' reason and rule), or
        has something to say about it."""
        self._refused.emit(why)

    def unanswered(self) -> None:
        """An action in flight will not be answered (the connection was lost)."""
        self._refused.emit(None)

    def fail(self, text: str) -> None:
        self._failed.emit(text)

    def note_saved(self) -> None:
        self._saved.emit()

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        self.link.start(self)

    def shutdown(self) -> None:
        self.finished = True
        self.link.shutdown()
        self._pool.clear()
        self._pool.waitForDone(5000)

    def flush_save(self) -> None:
        self.link.flush_save()

    def hold(self) -> None:
        """The table is animating: what the seat may do waits until ``release``."""
        self._holds += 1

    def release(self) -> None:
        self._holds = max(0, self._holds - 1)
        if self._holds == 0:
            self._settle()
            self.link.caught_up(self._received)

    # ------------------------------------------------------------------ what the window asks

    @property
    def remote(self) -> bool:
        return self.link.remote

    @property
    def human(self) -> Seat | None:
        return self.link.seat

    @property
    def viewer(self) -> Seat:
        """The seat at the bottom of the screen."""
        return self.link.seat if self.link.seat is not None else Seat.S

    @property
    def phase(self) -> Phase:
        return self.view.phase if self.view is not None else Phase.DEAL

    @property
    def game(self) -> Game | None:
        return self.view.game if self.view is not None else None

    @property
    def busy(self) -> bool:
        return self._in_flight

    def to_act(self) -> list[Seat]:
        turn = self.view.turn if self.view is not None else None
        return [turn] if turn is not None else []

    def caption(self, seat: Seat) -> str:
        caption = self.link.caption(seat)
        if self.autoplay is not None and seat == self.human and autoplay_marker() not in caption:
            return f"{caption} ({autoplay_marker()})" if caption else autoplay_marker()
        return caption

    def kind_of(self, seat: Seat) -> str:
        return self.link.kind_of(seat)

    # ------------------------------------------------------------------ updates

    def _on_delivered(self, events: tuple[Event, ...], view: SeatView) -> None:
        if self.finished:
            return
        self._received += 1
        self.view = view
        self._handing_back = False
        # The table announces a refused attempt of this seat to everybody first, then refuses
        # it (Table.submit): the action is still unanswered until the refusal comes.
        self._in_flight = self._in_flight and self._own_attempt_refused(events)
        if view.phase is Phase.DEAL:
            # declarations stay live while the cards come
            legal = view.legal if self.autoplay is None else ()
            if legal != self.human_legal:
                self.human_legal = legal
                self.prompt_changed.emit()
        elif self.waiting:
            self.waiting, self.human_legal = NOTHING, ()
            self.prompt_changed.emit()
        self.events_applied.emit(events, view)
        if self._holds == 0:
            self._settle()
            self.link.caught_up(self._received)

    def _own_attempt_refused(self, events: tuple[Event, ...]) -> bool:
        return bool(events) and all(
            isinstance(e, AttemptRefused) and e.seat == self.human for e in events
        )

    def _settle(self) -> None:
        """The table shows the newest view: is it this seat's turn, a settlement, the end?"""
        view = self.view
        if view is None or self.finished:
            return
        was = (self.waiting, self.human_legal)
        if view.phase is Phase.OVER:
            self.waiting, self.human_legal = OVER, ()
        elif view.phase is Phase.SETTLED:
            self.waiting, self.human_legal = NEXT_HAND, ()
        elif view.phase is Phase.DEAL:
            self.waiting = NOTHING
        else:
            mine = self.human is not None and self.autoplay is None and not self._handing_back
            legal = view.legal if mine else ()
            self.waiting, self.human_legal = (HUMAN if legal else NOTHING), legal
        if (self.waiting, self.human_legal) == was:
            return
        self.prompt_changed.emit()
        if self.waiting == NEXT_HAND and view.hand_number != self._shown_settled:
            self._shown_settled = view.hand_number
            self.hand_over.emit(view)
        elif self.waiting == OVER:
            self.match_over.emit(view)

    def _on_refused(self, why: object) -> None:
        self._in_flight = False
        self.prompt_changed.emit()  # the buttons again, then the reason over them
        if why is not None:
            if isinstance(why, RuleError):
                self.message.emit(Said(lambda: reason_text(why)))
            else:
                self.message.emit(why if isinstance(why, Said) else str(why))

    # ------------------------------------------------------------------ the seat's actions

    def act(self, action: Action) -> bool:
        """Send the seat's action; the answer comes back as an update or a refusal."""
        if self.human is None or action.seat != self.human:
            return False
        if self.autoplay is not None:
            self.message.emit(tr("Auto-play is on: switch it off to play yourself."))
            return False
        if self.phase is not Phase.DEAL and self.waiting != HUMAN:
            self.message.emit(said(lambda: tr("Please wait a moment.")))
            return False
        if self._in_flight and self.phase is not Phase.DEAL:
            self.message.emit(said(lambda: tr("Please wait a moment.")))
            return False
        self._in_flight = True
        self.link.submit(action)
        return True

    def next_hand(self) -> bool:
        if self.waiting != NEXT_HAND:
            return False
        return self.link.next_hand()

    def card_choice(self) -> Move | None:
        """The choice of cards the seat owes now (bury, return, tribute, play)."""
        for kind in (Act.BURY, Act.TRIBUTE, Act.RETURN, Act.PLAY):
            for m in self.human_legal:
                if m.kind is kind:
                    return m
        return None

    def check_play(self, cards: list[Card]) -> SelectionCheck:
        """Is this selection a legal play now? If not, why not, in words with the rule ID.
        A play the legal list does not name (a follow or throw not enumerated) is judged by
        the rules from the seat's view; a throw, by the table when it is played."""
        view = self.view
        if self.human is None or self.waiting != HUMAN or view is None:
            return SelectionCheck(False, said(lambda: tr("It is not your turn.")))
        plays = [m for m in self.human_legal if isinstance(m, Action) and m.kind is Act.PLAY]
        if not plays:
            return SelectionCheck(False, said(lambda: tr("It is not your turn to play.")))
        if not cards:
            return SelectionCheck(False, said(lambda: tr("Select the cards to play.")))
        chosen = tuple(sorted(cards))
        action = Action(Act.PLAY, self.human, chosen)
        if any(a.cards == chosen for a in plays):
            return SelectionCheck(True, "", action)
        assert view.trump is not None
        rules = TrickRules(view.trump)
        try:
            if view.trick:
                fmt = rules.lead_format(view.trick[0][1])
                rules.check_follow(Counter(view.hand), fmt, chosen)
                return SelectionCheck(True, "", action)  # not enumerated, but legal
            fmt = rules.lead_format(chosen)
        except RuleError as exc:
            refused = exc
            return SelectionCheck(False, Said(lambda: reason_text(refused)))
        if fmt.shape is Shape.THROW:
            # Whether someone can beat a throw depends on hidden hands: the table judges it
            # when it is played, and shows a refused one to everybody (TR-LEAD-3/5).
            return SelectionCheck(
                True,
                said(
                    lambda: tr(
                        "A throw: refused, and shown to all, if a hand can beat it (TR-LEAD-5)."
                    )
                ),
                action,
            )
        return SelectionCheck(True, "", action)

    def play_cards(self, cards: list[Card]) -> bool:
        check = self.check_play(cards)
        if not check.ok:
            self.message.emit(check.message)
            return False
        assert check.action is not None
        return self.act(check.action)

    def choose_cards(self, kind: Act, cards: list[Card]) -> bool:
        """Bury, pay tribute or return: the selected cards, judged by the offered choice."""
        if self.human is None:
            return False
        chosen = tuple(sorted(cards))
        offered = [m for m in self.human_legal if m.kind is kind]
        if not offered:
            self.message.emit(said(lambda: tr("That is not possible at this moment.")))
            return False
        choice = next((m for m in offered if isinstance(m, ChooseCards)), None)
        if choice is None:  # fixed sets of cards (tribute, the weakest return)
            action = next((m for m in offered if isinstance(m, Action) and m.cards == chosen), None)
            if action is None:
                self.message.emit(said(lambda: tr("Select one of the offered sets of cards.")))
                return False
            return self.act(action)
        if len(cards) != choice.count:
            count = choice.count
            self.message.emit(
                said(
                    lambda: plural(
                        count, tr("Select exactly one card."), tr("Select exactly {n} cards.")
                    )
                )
            )
            return False
        try:
            choice.check(chosen)
        except RuleError as exc:
            refused = exc
            self.message.emit(Said(lambda: reason_text(refused)))
            return False
        return self.act(choice.action(chosen))

    # ------------------------------------------------------------------ 托管

    def set_autoplay(self, on: bool, level: str = "normal") -> bool:
        """托管 on (a computer of ``level`` plays the seat in every phase) or off (the person
        decides again from the seat's next decision). False: no seat to play here, or its
        table cannot now (a LAN seat that is not connected)."""
        if self.human is None or self.finished:
            return False
        if on == (self.autoplay is not None):
            return True
        player = None
        if on:
            from .computers import make_player

            player = make_player(level, f"autoplay/{self.human.name}/{level}")
        # The table lets the computer play the seat (a local Table's set_player; the LAN
        # host's, once told); the session only stops offering the seat's moves.
        if not self.link.set_autoplay(player, level) and on:
            return False
        self.autoplay = player
        self.autoplay_level = level if on else ""
        self._handing_back = not on  # the link sends the seat's view anew (LocalTable, host)
        self._settle()
        self.prompt_changed.emit()
        self.autoplay_changed.emit(on)
        return True

    # ------------------------------------------------------------------ hint

    def hint(self) -> None:
        """What the normal computer player would do with this seat's view: ``hint_ready``."""
        view = self.view
        if self.human is None or self.waiting != HUMAN or view is None:
            return
        if self._hint_player is None:
            return
        player = self._hint_player
        task = Task(lambda: player.decide(view))
        self._tasks.add(task)

        def finish(result: Any) -> None:
            self._tasks.discard(task)
            if not isinstance(result, Exception) and self.waiting == HUMAN and self.view is view:
                self.hint_ready.emit(result)

        task.signals.done.connect(finish)
        self._pool.start(task)
