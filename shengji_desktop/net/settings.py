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
    lobby_grace: float = 30.0  # a lobby seat whose human dropped is kept this long
    start_when_full: bool = False  # start once every open seat is taken, without "ready"
    hands: int | None = None  # stop after this many hands (None: until the match is over)
    max_errors: int = 8  # garbage messages before a connection is dropped
    max_illegal: int = 50  # illegal actions in a row before a connection is dropped
    hello_timeout: float = 5.0  # a connection must say hello this soon
    max_connections: int = 32  # every socket, seated or not, until it is really gone
    # Connections that have not said hello yet: past this, the oldest of them is turned away,
    # so idle sockets can never keep a token holder out.
    max_pending: int = 16
    max_send_buffer: int = 1024 * 1024  # bytes a client may leave unread before it is cut off
    send_deadline: float = 10.0  # a client must read what is queued for it within this
    batch: int = 8  # messages of one connection handled before the others get a turn
    msg_rate: float = 200.0  # messages per second a connection may send on average ...
    msg_burst: int = 1000  # ... with bursts of this many; past that it is cut off
    table_name: str = "升级"
    # Seconds a person has for each move (None: no limit); burying the kitty gets
    # ``bury_factor`` times that. At zero the stand-in plays that one move; after
    # ``timeouts_to_autoplay`` in a row the seat goes into 托管 until the person switches it off.
    move_time: float | None = None
    bury_factor: float = 2.0
    timeouts_to_autoplay: int = 2
    chat_interval: float = 3.0  # seconds a seat (or a watcher) waits between two 快捷语 phrases
    max_watchers: int = 8  # 旁观: people watching without a seat (at most protocol.MAX_WATCHERS)
    # A watcher sends little (a look, a sync, a phrase): its bucket is smaller than a seat's.
    watcher_msg_rate: float = 20.0
    watcher_msg_burst: int = 50
    lobby_delay: float = 0.25  # watchers coming and going: one lobby message this often at most
    # The public side (``transport``): TLS and the hello within ``hello_timeout`` of connecting;
    # a hello without ``join_secret`` (when set: a table open to the internet) is refused.
    join_secret: str | None = None
    # New connections per address: a bucket of ``attempt_burst``, refilled at ``attempt_rate``
    # a second; a wrong secret costs ``secret_cost`` of it. The loopback (the host's own
    # window) is left out unless ``limit_loopback``.
    attempt_rate: float = 0.5
    attempt_burst: int = 30
    secret_cost: int = 10
    limit_loopback: bool = False
    tls: bool = True  # False only for ``bench net``'s plain baseline: every table speaks TLS
