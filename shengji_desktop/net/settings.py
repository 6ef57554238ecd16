"""A hosted table's timings and limits (``HostSettings``), read by every part of the host."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class HostSettings:
    """Timings and limits. Tests set the pauses to 0."""

    deal_pace: float = 0.12  # seconds between dealt cards, so humans can declare
    settle_pause: float = 3.0  # seconds the settlement stays up before the next hand
    standin_after: float = 30.0  # a computer takes a dropped human's seat after this
    standin_kind: str = "normal"  # the level of that stand-in
    start_when_full: bool = False  # start once every open seat is taken, without "ready"
    hands: int | None = None  # stop after this many hands (None: until the match is over)
    max_errors: int = 8  # garbage messages before a connection is dropped
    max_illegal: int = 50  # illegal actions in a row before a connection is dropped
    hello_timeout: float = 10.0
    max_connections: int = 32  # four seats, their reconnects and a few newcomers
    max_send_buffer: int = 8 * 1024 * 1024  # a client this far behind is dropped
    table_name: str = "升级"
