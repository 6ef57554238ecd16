"""Events: what an action caused, with hidden parts addressed only to the seats entitled."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules.cards import Card, Seat, format_cards


def cards_text(cards: Iterable[Card]) -> str:
    return format_cards(cards)


@dataclass(frozen=True, slots=True)
class Event:
    """``data`` is public; ``secret`` is added only for the seats in ``secret_to``.

    The GUI animates events and the network sends them; ``for_seat`` is the only way a seat
    sees one, so hidden cards cannot reach a seat by mistake (GEN-INFO-1).
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    secret_to: frozenset[Seat] = frozenset()

    # Hundreds of events per hand: set the slots directly instead of the generated frozen
    # __init__ (dataclass keeps a class's own __init__). Fields stay read-only.
    def __init__(
        self,
        kind: str,
        data: Mapping[str, Any] | None = None,
        secret: Mapping[str, Any] | None = None,
        secret_to: frozenset[Seat] = frozenset(),
    ) -> None:
        _set_kind(self, kind)
        _set_data(self, {} if data is None else data)
        _set_secret(self, {} if secret is None else secret)
        _set_secret_to(self, secret_to)

    def for_seat(self, seat: Seat | None) -> dict[str, Any]:
        """The event as ``seat`` may see it; ``None`` is the referee, who sees everything."""
        out: dict[str, Any] = {"event": self.kind, **self.data}
        if seat is None or seat in self.secret_to:
            out.update(self.secret)
        return out

    def public(self) -> dict[str, Any]:
        return {"event": self.kind, **self.data}


_set_kind = Event.__dict__["kind"].__set__
_set_data = Event.__dict__["data"].__set__
_set_secret = Event.__dict__["secret"].__set__
_set_secret_to = Event.__dict__["secret_to"].__set__


def new_event(
    kind: str,
    data: Mapping[str, Any],
    secret: Mapping[str, Any] | None = None,
    secret_to: frozenset[Seat] = frozenset(),
) -> Event:
    """``Event(kind, data, secret, secret_to)``, built faster for the events of every card
    dealt and played: filled into an ``_EventFields`` (the same slots, without the frozen
    ``__setattr__``), which then becomes an Event (same layout, so ``__class__`` may change)."""
    e = _EventFields()
    e.kind = kind
    e.data = data
    e.secret = {} if secret is None else secret
    e.secret_to = secret_to
    e.__class__ = Event  # type: ignore[assignment]
    return e  # type: ignore[return-value]


class _EventFields:
    __slots__ = ("kind", "data", "secret", "secret_to")  # noqa: RUF023 (Event's order)
    kind: str
    data: Mapping[str, Any]
    secret: Mapping[str, Any]
    secret_to: frozenset[Seat]


if _EventFields.__slots__ != Event.__slots__:
    raise TypeError("_EventFields must have exactly Event's slots, in order")
