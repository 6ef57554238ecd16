"""The trail of what a session shows its seat, kept for Game → Replay this match: a person's
seat only; a resumed local match starts with what the seat was shown of its past."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shengji_desktop.engine.events import Event
    from shengji_desktop.engine.replay import SeatTrail
    from shengji_desktop.engine.view import SeatView

    from .session import Session

_TRAILS: weakref.WeakKeyDictionary[Session, _Follower] = weakref.WeakKeyDictionary()
Batch = tuple[tuple["Event", ...], "SeatView"]


class _Follower:
    """Keeps the trail of one session's seat (held weakly: the session goes, it goes)."""

    def __init__(self, session: Session, past: Callable[[], list[Batch]] | None) -> None:
        self.session = weakref.ref(session)
        self.past = past
        self.trail: SeatTrail | None = None

    def add(self, events: tuple[Event, ...], view: SeatView) -> None:
        from shengji_desktop.engine.replay import SeatTrail

        session = self.session()
        if session is None or session.human is None:
            return
        if self.trail is None:
            self.trail = SeatTrail(view.seat, view.game)
            for batch in self.past() if self.past is not None else ():
                self.trail.add(*batch)
            if self.trail.batches and not events:
                return  # the state now, which the past ends with
        self.trail.add(events, view)


def follow(session: Session, link: object = None) -> None:
    """Keep what ``session`` shows its seat, for Replay this match (a person's seat only).
    A resumed local match (``link.match``) starts with what the seat was shown of its past,
    cut for the seat by the engine (``replay.seat_batches``)."""
    from shengji_desktop.engine.replay import seat_batches

    match = getattr(link, "match", None)
    seat = getattr(link, "seat", None)
    past = None
    if match is not None and seat is not None and match.actions:
        head = (match.game, match.options, match.seed, list(match.actions), seat)
        past = lambda: seat_batches(*head)  # noqa: E731
    follower = _Follower(session, past)
    _TRAILS[session] = follower
    session.events_applied.connect(follower.add)


def trail_of(session: Session | None) -> SeatTrail | None:
    follower = _TRAILS.get(session) if session is not None else None
    return follower.trail if follower is not None else None
