"""What the replay viewer shows, without Qt: a record replayed action by action, or the trail
of views and events one seat was shown in a live match.

A ``RecordReplay`` rebuilds the match of a record (``engine.record``'s formats: a record, a
kept hand's file, a save journal) through ``engine.Match``; position k is the table after k
actions. Going back restores the nearest snapshot and applies forward. What a viewpoint
sees comes from ``engine.view`` only (``seat_view``, ``event_for``): one seat's view, or, for
a hand the record finishes, every seat's own hand face up.

A ``SeatTrail`` is a live match's own history: the batches (events, view) its session was
handed for the player's seat, so that it can be replayed only up to now and only from that
seat. It holds no record and no match.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..rules.cards import Card, Seat
from ..rules.options import Game, Options
from . import codec
from .actions import Act, Action
from .events import Event, HandStarted, TrickWon
from .match import Match
from .phase import Phase
from .record import RecordError, applied, load_saved, read_record
from .view import SeatView, events_for, seat_view

SNAPSHOT_EVERY = 64  # actions between two snapshots of the match (a pickle of some 15 kB)
TRAIL_HANDS = 30  # hands of a live match kept for its replay


@dataclass(frozen=True)
class Frame:
    """The table at one position for one viewpoint: the events that led there from the
    position before (cut for the viewpoint), the bottom seat's view, and every seat's hand
    when all hands are face up (else None)."""

    events: tuple[Event, ...]
    view: SeatView
    hands: dict[Seat, tuple[Card, ...]] | None = None


@dataclass(frozen=True)
class HandSpan:
    """One hand's positions: ``first`` (its start), ``last``; ``tricks[i]``: the position at
    which trick i + 1 was won; ``play``: the position where play began (None before);
    ``finished``: whether the replay holds the hand's settlement."""

    number: int
    first: int
    last: int
    play: int | None
    tricks: tuple[int, ...]
    finished: bool


class Source(Protocol):
    """What the viewer replays: positions 0..``length``."""

    game: Game
    live: bool  # a live match's own history: one seat, up to now
    seats: tuple[Seat, ...]  # the viewpoints offered

    @property
    def length(self) -> int: ...

    def spans(self) -> list[HandSpan]: ...

    def frame(self, k: int, seat: Seat, open_hands: bool = False) -> Frame: ...

    def events_upto(self, k: int, seat: Seat) -> list[Event]: ...

    def decision(self, k: int, seat: Seat) -> SeatView | None: ...

    def played(self, k: int) -> Action | None: ...


def span_of(spans: Sequence[HandSpan], k: int) -> HandSpan:
    for span in spans:
        if span.first <= k <= span.last:
            return span
    return spans[-1]


class RecordReplay:
    """A record's match, position by position. ``start_hand``/``seat``: where the viewer
    starts (a kept hand's file names both); ``only``: the one seat whose view is offered (the
    player's, for a match still going on: no other view, no hands face up). RecordError when
    an action is illegal."""

    live = False
    seats = tuple(Seat)

    def __init__(
        self,
        game: Game,
        options: Options,
        seed: int,
        actions: Sequence[Action],
        start_hand: int = 1,
        seat: Seat = Seat.S,
        kinds: Sequence[str] = (),
        only: Seat | None = None,
    ) -> None:
        self.game, self.options, self.seed = game, options, seed
        if only is not None:  # a live match's hands, for its player: that seat's view alone
            self.seats = (only,)
        self.only = only
        self.actions = list(actions)
        self.start_seat = seat
        self.kinds = list(kinds)
        match = Match(game, options, seed)
        self._snapshots: dict[int, bytes] = {0: pickle.dumps(match)}
        self._events: list[tuple[Event, ...]] = [()]
        hands: list[int] = [1]
        phases: list[Phase] = [match.phase]
        for i, _, events in applied(match, self.actions):
            self._events.append(tuple(events))
            hands.append(match.hand_number)
            phases.append(match.phase)
            if (i + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots[i + 1] = pickle.dumps(match)
        self._spans = _spans(hands, phases, self._events)
        self.start = next((s.first for s in self._spans if s.number == start_hand), 0)
        self._match = match
        self._at = len(self.actions)

    @property
    def length(self) -> int:
        return len(self.actions)

    def spans(self) -> list[HandSpan]:
        return self._spans

    def match_at(self, k: int) -> Match:
        """The match after k actions (the viewer's own copy: never handed out further)."""
        k = max(0, min(k, self.length))
        if not (self._at <= k < self._at + SNAPSHOT_EVERY):
            base = max(s for s in self._snapshots if s <= k)
            self._match, self._at = pickle.loads(self._snapshots[base]), base
        while self._at < k:
            self._match.apply(self.actions[self._at])
            self._at += 1
        return self._match

    def open_allowed(self, k: int) -> bool:
        return self.only is None and span_of(self._spans, k).finished

    def frame(self, k: int, seat: Seat, open_hands: bool = False) -> Frame:
        match = self.match_at(k)
        view = seat_view(match, seat)
        events = self._events[k] if k <= self.length else ()
        if open_hands and self.open_allowed(k):
            # every seat's hand as that seat sees it: hands of a finished hand are no secret
            hands = {s: seat_view(match, s).hand for s in Seat}
            return Frame(events_for(events, None), view, hands)
        return Frame(events_for(events, seat), view)

    def events_upto(self, k: int, seat: Seat) -> list[Event]:
        return [e for events in self._events[1 : k + 1] for e in events_for(events, seat)]

    def decision(self, k: int, seat: Seat) -> SeatView | None:
        """The view of the seat deciding at k: the viewpoint's seat when it may act, else the
        seat the table waits for."""
        match = self.match_at(k)
        for s in (seat, *match.to_act()):
            view = seat_view(match, s)
            if view.legal:
                return view
        return None

    def played(self, k: int) -> Action | None:
        """The action taken at k (the one that led to k + 1)."""
        return self.actions[k] if k < self.length else None


class SeatTrail:
    """The batches a session was handed for its seat, as they came (``add``): a live match's
    history for its replay. Only the last ``TRAIL_HANDS`` hands are kept."""

    live = True

    def __init__(self, seat: Seat, game: Game) -> None:
        self.seat = seat
        self.seats: tuple[Seat, ...] = (seat,)
        self.game = game
        self.batches: list[tuple[tuple[Event, ...], SeatView]] = []

    def add(self, events: Sequence[Event], view: SeatView) -> None:
        if view.seat != self.seat:
            return
        self.batches.append((tuple(events), view))
        first = self.batches[0][1].hand_number
        if view.hand_number - first >= TRAIL_HANDS:
            keep = view.hand_number - TRAIL_HANDS + 1
            self.batches = [b for b in self.batches if b[1].hand_number >= keep]

    def snapshot(self) -> SeatTrail:
        """A copy up to now: the live match goes on without it."""
        out = SeatTrail(self.seat, self.game)
        out.batches = list(self.batches)
        return out

    @property
    def start(self) -> int:
        return span_of(self.spans(), self.length).first if self.batches else 0

    @property
    def length(self) -> int:
        return max(0, len(self.batches) - 1)

    def spans(self) -> list[HandSpan]:
        hands = [v.hand_number for _, v in self.batches]
        phases = [v.phase for _, v in self.batches]
        return _spans(hands, phases, [e for e, _ in self.batches])

    def open_allowed(self, k: int) -> bool:
        return False

    def frame(self, k: int, seat: Seat, open_hands: bool = False) -> Frame:
        events, view = self.batches[max(0, min(k, self.length))]
        return Frame(events, view)

    def events_upto(self, k: int, seat: Seat) -> list[Event]:
        return [e for events, _ in self.batches[: k + 1] for e in events]

    def decision(self, k: int, seat: Seat) -> SeatView | None:
        view = self.frame(k, seat).view
        return view if view.legal else None

    def played(self, k: int) -> Action | None:
        return None


def seat_batches(
    game: Game, options: Options, seed: int, actions: Sequence[Action], seat: Seat
) -> list[tuple[tuple[Event, ...], SeatView]]:
    """What ``seat`` was shown of a match so far, batch by batch, as a live table hands it
    (the events cut for the seat, its view after them): the past of a resumed match."""
    match = Match(game, options, seed)
    out: list[tuple[tuple[Event, ...], SeatView]] = [((), seat_view(match, seat))]
    for action in actions:
        events = events_for(match.apply(action), seat)
        out.append((events, seat_view(match, seat)))
    return out


def _spans(
    hands: Sequence[int], phases: Sequence[Phase], events: Sequence[Sequence[Event]]
) -> list[HandSpan]:
    out: list[HandSpan] = []
    start = 0
    for k in range(1, len(hands) + 1):
        if k == len(hands) or hands[k] != hands[start]:
            tricks = tuple(
                i for i in range(start, k) if any(isinstance(e, TrickWon) for e in events[i])
            )
            play = next((i for i in range(start, k) if phases[i] is Phase.PLAY), None)
            done = any(p in (Phase.SETTLED, Phase.OVER) for p in phases[start:k])
            out.append(HandSpan(hands[start], start, k - 1, play, tricks, done))
            start = k
    return out


# ---------------------------------------------------------------------- files


@dataclass
class Opened:
    """A file read for the viewer, with what it said beside the record."""

    replay: RecordReplay
    warnings: list[str] = field(default_factory=list)


def open_file(path: Path) -> Opened:
    """Any record: a record of the engine (``play --record``, a saved match of the older
    format), a kept hand's file (with ``hand`` and ``seat``), or a save journal. A file that
    is none of these, damaged or holding an illegal action raises RecordError naming it; the
    file itself is never changed."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    if codec.JOURNAL_FORMAT.encode() in raw.partition(b"\n")[0]:
        saved = load_saved(path, "save file", set_aside=False)
        m = saved.match
        seats = _kinds(saved.meta.get("ui"))
        replay = RecordReplay(m.game, m.options, m.seed, m.actions, kinds=seats)
        return Opened(replay, saved.warnings)
    try:
        data: Any = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{path.name} is not a record (corrupt or truncated: {exc})") from None
    try:
        game, options, seed, actions = read_record(data)
        hand = data.get("hand", 1)
        seat = data.get("seat", "S")
        if type(hand) is not int or seat not in Seat.__members__:
            raise RecordError("malformed hand file: hand or seat")
        replay = RecordReplay(
            game, options, seed, actions, hand, Seat[seat], _kinds(data.get("ui"))
        )
    except RecordError as exc:
        raise RecordError(f"{path.name}: {exc}") from None
    return Opened(replay)


def _kinds(ui: object) -> list[str]:
    seats = ui.get("seats") if isinstance(ui, dict) else None
    if isinstance(seats, list) and len(seats) == 4 and all(isinstance(s, str) for s in seats):
        return seats
    return []


def table_action(action: Action | None) -> bool:
    """A step the table takes by itself (a card dealt, the next hand)."""
    return action is not None and action.kind in (Act.DEAL, Act.NEXT_HAND)


def is_hand_start(events: Sequence[Event]) -> bool:
    return any(isinstance(e, HandStarted) for e in events)
