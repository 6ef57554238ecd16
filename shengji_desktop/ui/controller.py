"""The game controller: owns the engine match, runs computer seats off the GUI thread,
applies actions, and hands each batch of events (as the viewer may see them) to the table.

Only the GUI thread mutates the match. A worker reads it (views, legal actions) and asks a
computer player to decide; while a worker runs, the GUI thread does not apply anything
(a human action arriving then waits in ``_pending``). Saving writes a snapshot of the record
on another worker, so neither thinking nor disk ever blocks the window.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from shengji_desktop.ai import make_player
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import Event
from shengji_desktop.engine.hand import Phase
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import Player
from shengji_desktop.engine.record import write_atomic
from shengji_desktop.rules.cards import Card, Seat
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.trick import Shape

from .i18n import tr
from .tasks import Task
from .texts import kind_name, reason_text

CHOOSE_KINDS = (Act.BURY, Act.TRIBUTE, Act.RETURN)
DEAL_BATCH = 4  # cards dealt in one go when nobody could declare between them
AI_KINDS = ("easy", "normal", "hard", "random")


def player_for(kind: str, seed: str) -> tuple[Player, str]:
    """The player of that kind, or the best available stand-in while the ai package grows."""
    for candidate in (kind, "normal", "easy", "random"):
        try:
            return make_player(candidate, seed), candidate
        except ValueError:
            continue
    raise ValueError(f"no computer player available for {kind!r}")


@dataclass
class SelectionCheck:
    ok: bool
    message: str = ""
    action: Action | None = None


class _Chooser(Protocol):
    """What CardChoices needs of a controller (local or LAN)."""

    @property
    def human(self) -> Seat | None: ...
    @property
    def human_legal(self) -> list[Action]: ...
    @property
    def message(self) -> Any: ...  # Signal(str)

    waiting: str

    def check_play(self, cards: list[Card]) -> SelectionCheck: ...
    def judge_unlisted(self, action: Action) -> SelectionCheck: ...
    def act(self, action: Action) -> bool: ...


class CardChoices:
    """The table's card buttons, the same for a local match and a LAN table: play the
    selected cards, or give the selected cards away (bury, tribute, return)."""

    def check_play(self: _Chooser, cards: list[Card]) -> SelectionCheck:
        """Is this selection a legal play now? If not, why not, in words with the rule ID.
        A play the legal list does not name (a follow or throw not enumerated) is judged by
        ``judge_unlisted``."""
        if self.human is None or self.waiting != "human":
            return SelectionCheck(False, tr("It is not your turn."))
        plays = [a for a in self.human_legal if a.kind is Act.PLAY]
        if not plays:
            return SelectionCheck(False, tr("It is not your turn to play."))
        if not cards:
            return SelectionCheck(False, tr("Select the cards to play."))
        chosen = tuple(sorted(cards))
        action = Action(Act.PLAY, self.human, chosen)
        if any(a.cards == chosen for a in plays):
            return SelectionCheck(True, "", action)
        return self.judge_unlisted(action)

    def play_cards(self: _Chooser, cards: list[Card]) -> bool:
        check = self.check_play(cards)
        if not check.ok:
            self.message.emit(check.message)
            return False
        assert check.action is not None
        return self.act(check.action)

    def choose_cards(self: _Chooser, kind: Act, cards: list[Card]) -> bool:
        """Bury, pay tribute or return: the chosen cards, judged by the rules."""
        if self.human is None:
            return False
        offered = [a for a in self.human_legal if a.kind is kind]
        if not offered:
            self.message.emit(tr("That is not possible at this moment."))
            return False
        needed = offered[0].value if offered[0].value is not None else len(offered[0].cards)
        if len(cards) != needed:
            self.message.emit(tr("Select exactly {n} cards.").format(n=needed))
            return False
        return self.act(Action(kind, self.human, tuple(sorted(cards))))


class GameController(CardChoices, QObject):
    """Drives one match for the table. The human's buttons call ``act``, ``play_cards``,
    ``choose_cards``, ``hint`` and ``next_hand``; tests call the same methods."""

    # (events as the viewer sees them, the viewer's view after them)
    events_applied = Signal(list, dict)
    # the human's choices changed: waiting for him, or the live declarations during the deal
    prompt_changed = Signal()
    message = Signal(str)
    hint_ready = Signal(object)
    hand_over = Signal(dict)
    match_over = Signal(dict)
    saved = Signal()
    failed = Signal(str)

    def __init__(
        self,
        match: Match,
        kinds: list[str],
        save_path: Path | None = None,
        ui_state: dict[str, Any] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.match = match
        self.kinds = list(kinds)
        self.viewer = Seat.S
        self.human: Seat | None = Seat.S if kinds[0] == "human" else None
        self.save_path = save_path
        self.ui_state = dict(ui_state or {})
        self.players: dict[Seat, Player] = {}
        self.player_kinds: dict[Seat, str] = {}
        for seat, kind in zip(Seat, kinds, strict=True):
            if kind == "human":
                continue
            player, actual = player_for(kind, f"{match.seed}/gui/{seat.name}")
            self.players[seat] = player
            self.player_kinds[seat] = actual
        self._hint_player: Player | None = None
        self._rng = random.Random(f"{match.seed}/gui-driver")
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._save_pool = QThreadPool(self)
        self._save_pool.setMaxThreadCount(1)
        self._tasks: set[Task] = set()
        self._holds = 0
        self._busy = False
        self._stopped = False
        self._advance_queued = False
        self._pending: Action | None = None
        self._version = 0
        self.waiting = ""  # "", "human", "next_hand", "over"
        self.human_legal: list[Action] = []
        self.auto_next_ms = 1800  # computer-only tables start the next hand by themselves
        # the record is kept as JSON pieces so that a save snapshot is one list copy
        head = match.record()
        self._actions_json: list[dict[str, Any]] = head.pop("actions")
        self._record_head = head
        self._saving = False
        self._save_dirty = False
        self.saves = 0

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Show the current state and start driving (a new match or a resumed one)."""
        self.events_applied.emit([], self.view())
        self._schedule()

    def shutdown(self) -> None:
        self._stopped = True
        self._pool.clear()
        self._pool.waitForDone(5000)
        self._save_pool.waitForDone(5000)

    def hold(self) -> None:
        """The table is animating: do not move on until ``release``."""
        self._holds += 1

    def release(self) -> None:
        self._holds = max(0, self._holds - 1)
        if self._holds == 0:
            self._schedule()

    @property
    def busy(self) -> bool:
        return self._busy

    # ------------------------------------------------------------------ views

    def view(self, seat: Seat | None = None) -> dict[str, Any]:
        """The viewer's view without the legal list (cheap enough for every event batch)."""
        seat = self.viewer if seat is None else seat
        m = self.match
        out = m.hand.view(seat)
        out["phase"] = m.phase
        out["match"] = m.match_view()
        out["seat"] = seat.name
        return out

    def kind_of(self, seat: Seat) -> str:
        if seat == self.human:
            return "human"
        return self.player_kinds.get(seat, self.kinds[seat])

    # what the window asks of any controller (lan.RemoteController answers the same)
    remote = False

    @property
    def phase(self) -> str:
        return str(self.match.phase)

    @property
    def game(self) -> Game:
        return self.match.game

    def to_act(self) -> list[Seat]:
        return self.match.to_act()

    def caption(self, seat: Seat) -> str:
        """The plate's second line: who plays the seat."""
        return kind_name(self.kind_of(seat))

    # ------------------------------------------------------------------ the loop

    def _schedule(self) -> None:
        if self._advance_queued or self._stopped:
            return
        self._advance_queued = True
        QTimer.singleShot(0, self._advance)

    def _advance(self) -> None:
        self._advance_queued = False
        if self._stopped or self._holds or self._busy:
            return
        if self._pending is not None:
            pending, self._pending = self._pending, None
            try:
                self._apply(pending)
                return
            except RuleError as exc:  # the deal moved on and made it illegal
                self.message.emit(reason_text(exc))
        m = self.match
        phase = m.phase
        if phase == Phase.OVER:
            self._set_waiting("over")
            return
        if phase == Phase.SETTLED:
            if self.human is None:
                self._set_waiting("next_hand")
                QTimer.singleShot(self.auto_next_ms, self._auto_next)
            else:
                self._set_waiting("next_hand")
            return
        if phase == Phase.DEAL:
            # Declarations are cheap to list; only a computer seat that could declare is
            # asked (on a worker), otherwise the next card is dealt at once.
            seats = m.to_act()
            if self.human is not None:
                human_legal = m.legal_actions(self.human) if self.human in seats else []
                if human_legal != self.human_legal:
                    self.human_legal = human_legal
                    self.prompt_changed.emit()
            if any(s in self.players for s in seats):
                self._run(self._deal_step, self._deal_step_done)
            else:
                self._apply(Action(Act.DEAL), keep_legal=True)
            return
        seats = m.to_act()
        if not seats:
            action = m.table_action()
            if action is None:
                self.failed.emit(f"nobody can act in phase {phase}")
                return
            self._apply(action)
            return
        if self.human is not None and self.human in seats:
            self._run(lambda: self.match.legal_actions(self.human_seat), self._human_ready)
            return
        seat = seats[0]
        self._run(lambda: self._decide(seat), self._decided)

    def _auto_next(self) -> None:
        if self.waiting == "next_hand" and self.human is None and not self._stopped:
            self.next_hand()

    @property
    def human_seat(self) -> Seat:
        assert self.human is not None
        return self.human

    def _run(self, fn: Callable[[], Any], done: Callable[[Any], None]) -> None:
        self._busy = True
        version = self._version
        task = Task(fn)
        self._tasks.add(task)

        def finish(result: Any) -> None:
            self._tasks.discard(task)
            self._busy = False
            if self._stopped:
                return
            if isinstance(result, Exception):
                self.failed.emit(f"{type(result).__name__}: {result}")
                return
            if version != self._version:
                self._schedule()  # the state moved on meanwhile; think again
                return
            done(result)

        task.signals.done.connect(finish)
        self._pool.start(task)

    # -- deal: computer seats may declare between cards; the human's choices stay live

    def _deal_step(self) -> tuple[Action | None, list[Action]]:
        m = self.match
        human_legal = self.human_legal
        seats = [s for s in m.to_act() if s in self.players]
        self._rng.shuffle(seats)
        for seat in seats:
            legal = m.legal_actions(seat)
            if not legal:
                continue
            action = self.players[seat].decide(m.view(seat), legal)
            if action is not None:
                return action, human_legal
        return None, human_legal

    def _deal_step_done(self, result: tuple[Action | None, list[Action]]) -> None:
        action, _ = result
        if action is None:
            self._apply(Action(Act.DEAL), keep_legal=True)
        else:
            self._apply(action)

    # -- a computer seat's decision

    def _decide(self, seat: Seat) -> Action:
        m = self.match
        legal = m.legal_actions(seat)
        action = self.players[seat].decide(m.view(seat), legal)
        if action is None:
            raise RuntimeError(f"{seat.name} made no decision in phase {m.phase}")
        return action

    def _decided(self, action: Action) -> None:
        try:
            self._apply(action)
        except RuleError as exc:
            self.failed.emit(f"computer seat made an illegal move: {exc}")

    # -- the human

    def _human_ready(self, legal: list[Action]) -> None:
        self.human_legal = legal
        self._set_waiting("human")

    def _set_waiting(self, what: str) -> None:
        self.waiting = what
        self.prompt_changed.emit()
        if what == "next_hand":
            self.hand_over.emit(self.view())
        elif what == "over":
            self.match_over.emit(self.view())

    # ------------------------------------------------------------------ applying

    def _apply(self, action: Action, keep_legal: bool = False) -> list[Event]:
        events = self.match.apply(action)  # RuleError: nothing changed
        self._version += 1
        self._actions_json.append(action.to_json())
        if action.kind is Act.DEAL:
            events += self._deal_more()
        if not keep_legal:  # a dealt card leaves earlier declarations available
            self.human_legal = []
        was_waiting = self.waiting
        self.waiting = ""
        if was_waiting:
            self.prompt_changed.emit()
        self._request_save()
        seen = [e.for_seat(self.viewer) for e in events]
        self.events_applied.emit(seen, self.view())
        self._schedule()
        return events

    def _deal_more(self) -> list[Event]:
        """Deal on, up to a round of cards, while nobody could declare: one batch for the
        table to animate instead of one per card."""
        m = self.match
        events: list[Event] = []
        for _ in range(DEAL_BATCH - 1):
            if m.phase != Phase.DEAL or m.to_act():
                break
            action = Action(Act.DEAL)
            events += m.apply(action)
            self._actions_json.append(action.to_json())
        return events

    def act(self, action: Action) -> bool:
        """Apply the human's action; a refusal is reported through ``message``."""
        if self.human is None or action.seat != self.human:
            return False
        if self._busy:
            if self.match.phase == Phase.DEAL and action.kind is Act.DECLARE:
                self._pending = action  # applied as soon as the running worker returns
                return True
            self.message.emit(tr("Please wait a moment."))
            return False
        if self._holds and self.match.phase != Phase.DEAL and self.waiting != "human":
            self.message.emit(tr("Please wait a moment."))
            return False
        try:
            self._apply(action)
        except RuleError as exc:
            self.message.emit(reason_text(exc))
            return False
        return True

    def next_hand(self) -> bool:
        if self.waiting != "next_hand" or self._busy:
            return False
        self._apply(Action(Act.NEXT_HAND))
        return True

    # ------------------------------------------------------------------ checking a selection

    def card_choice(self) -> Action | None:
        """The choose-cards action the human owes now (play, bury, tribute, return)."""
        for a in self.human_legal:
            if a.kind in CHOOSE_KINDS:
                return a
        for a in self.human_legal:
            if a.kind is Act.PLAY:
                return a
        return None

    def judge_unlisted(self, action: Action) -> SelectionCheck:
        """A play the legal list does not name: the rules say whether it may be played."""
        assert self.human is not None
        chosen = action.cards
        hand = self.match.hand
        rules = hand.rules
        assert rules is not None
        own = hand.hands[self.human]
        try:
            if hand.trick:
                assert hand.trick_format is not None
                rules.check_follow(own, hand.trick_format, chosen)
                return SelectionCheck(True, "", action)  # not enumerated, but legal
            fmt = rules.lead_format(chosen)
        except RuleError as exc:
            return SelectionCheck(False, reason_text(exc))
        if fmt.shape is Shape.THROW:
            # Whether someone can beat a throw depends on hidden hands: the referee judges
            # it when it is played (TR-LEAD-3/5).
            return SelectionCheck(
                True,
                tr("A throw: the table checks that nobody can beat it (TR-LEAD-3)."),
                action,
            )
        return SelectionCheck(True, "", action)

    def why_not(self, exc: RuleError) -> str:
        return reason_text(exc)

    # ------------------------------------------------------------------ hint

    def hint(self) -> None:
        """Ask the normal computer player what it would do here; ``hint_ready`` answers."""
        if self.human is None or self.waiting != "human" or self._busy:
            return
        if self._hint_player is None:
            self._hint_player, _ = player_for("normal", f"{self.match.seed}/gui/hint")
        player = self._hint_player
        seat = self.human
        legal = list(self.human_legal)

        def think() -> Action | None:
            choice: Action | None = player.decide(self.match.view(seat), legal)
            return choice

        self._run(think, self.hint_ready.emit)

    # ------------------------------------------------------------------ saving

    def record(self) -> dict[str, Any]:
        return {
            **self._record_head,
            "actions": list(self._actions_json),
            "ui": {"seats": list(self.kinds), **self.ui_state},
        }

    def _request_save(self) -> None:
        if self.save_path is None:
            return
        if self._saving:
            self._save_dirty = True
            return
        snapshot = self.record()
        path = self.save_path
        self._saving = True
        task = Task(lambda: write_atomic(path, snapshot))
        self._tasks.add(task)

        def finish(result: Any) -> None:
            self._tasks.discard(task)
            self._saving = False
            if isinstance(result, Exception):
                self.message.emit(tr("Could not save the game: {error}").format(error=result))
            else:
                self.saves += 1
                self.saved.emit()
            if self._save_dirty and not self._stopped:
                self._save_dirty = False
                self._request_save()

        task.signals.done.connect(finish)
        self._save_pool.start(task)

    def flush_save(self) -> None:
        """Write the record now (on quitting)."""
        if self.save_path is None:
            return
        self._save_pool.waitForDone(5000)
        write_atomic(self.save_path, self.record())
