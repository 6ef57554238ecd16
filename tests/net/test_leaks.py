"""GEN-INFO-1 over the wire: every byte each client receives is recorded, and no card of
another hand appears in it before that card is played or legitimately shown.

The referee's record is replayed action by action to know, after each action (``seq``), the
cards each seat may know: every card it has held, every card played, the kitty where the
state shows it to that seat, and cards the rules reveal publicly (declarations, flips, failed
throws, joker burials, revolts, claims). A card a message names outside that set is a leak.
The check scans the JSON itself (whatever field a card hides in), and every update must also
decode (``codec``) into the seat's exact hand at that point.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from shengji_desktop.engine import codec
from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.engine.events import CardDealt
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.phase import Phase, Step
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import record_json
from shengji_desktop.engine.view import seat_view
from shengji_desktop.net import protocol as p
from shengji_desktop.net.client import AISeat, TableClient
from shengji_desktop.net.host import HostSettings, TableHost
from shengji_desktop.net.persistence import SavedSeat, table_json
from shengji_desktop.rules.cards import Seat, parse_cards
from shengji_desktop.rules.options import Game, Options

CARD = re.compile(r"[♠♥♣♦](?:10|[2-9JQKA])|BJ|SJ")

# Event kinds whose fields show cards to everybody, by the rules.
PUBLIC_CARDS: dict[str, tuple[str, ...]] = {
    "cards_played": ("cards",),
    "declared": ("cards",),  # DL-DECL / TR-DECL: declaring shows the cards
    "throw_failed": ("tried", "led"),  # a refused throw is shown (TR-LEAD-5 penalty)
    "kitty_flipped": ("flips", "extra"),  # DL-DECL-10: flipped face up
    "kitty_revealed": ("kitty",),
    "kitty_buried": ("kitty",),  # only when the burial is shown (DL-KITTY-7, TR-KITTY-2)
    "kitty_shown": ("jokers", "kitty"),  # DL-KITTY-8: shown before a pick among equals
    "jokers_buried": ("jokers", "taken", "kitty"),  # DL-KITTY-8
    "revolt": ("cards",),
    "counter": ("cards",),
    "claimed": ("hands",),  # SD-CLAIM: the hands are laid down
    "draw": ("regular_trumps",),  # SD 流局: regular trumps are shown
}

Allowed = list[dict[Seat, frozenset[str]]]


def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a JSON value (keys and strings)."""
    found: set[str] = set()
    if isinstance(value, str):
        found.update(str(c) for c in (parse_cards(m)[0] for m in CARD.findall(value)))
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "token":  # random letters, which may spell "SJ"
                found |= cards_in(k) | cards_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= cards_in(v)
    return found


def public_cards(data: dict[str, Any]) -> set[str]:
    """The cards an event (the referee's JSON, hidden parts included) shows to everybody."""
    kind = data["event"]
    if kind == "kitty_buried" and data.get("count") is not None:
        return set()  # a hidden burial: its count says so (DL, SD-KITTY-4)
    return {c for key in PUBLIC_CARDS.get(kind, ()) for c in cards_in(data.get(key))}


def entitlements(record: dict[str, Any]) -> Allowed:
    """For each seq (0 = before any action), the card values each seat may know, from the
    referee's state: what it held, what was played or shown, the kitty where it saw it."""
    match = Match(Game(record["game"]), Options.from_dict(record["options"]), record["seed"])
    known: dict[Seat, set[str]] = {s: set() for s in Seat}
    public: set[str] = set()
    out: Allowed = []

    def snapshot() -> None:
        hand = match.hand  # the referee's truth, which the views are checked against
        played = {str(c) for t in hand.tricks for _, cs in t.plays for c in cs}
        played |= {str(c) for _, cs in hand.trick for c in cs}
        public.update(played)
        for seat in Seat:
            known[seat] |= {str(c) for c in hand.hands[seat]}
            if hand.kitty_access.allows(seat):
                known[seat] |= {str(c) for c in hand.kitty}
            if seat in hand.kitty_access.shown_to:  # SD-KITTY-2: the defenders' look at the kitty
                known[seat] |= {str(c) for c in hand.kitty_access.shown}
        out.append({s: frozenset(known[s] | public) for s in Seat})

    snapshot()
    for data in record["actions"]:
        for event in match.apply(codec.action_from_json(data)):
            public |= public_cards(codec.event_json(event))
        snapshot()
    return out


def burial_choices(view: dict[str, Any]) -> set[str]:
    """Kitty cards named by a view's own legal joker burials."""
    legal = view.get("legal", [])
    return {c for a in legal if a.get("a") == "bury_jokers" for c in cards_in(a.get("t", ""))}


def leaks(seat: Seat, raw: bytes, allowed: Allowed) -> list[str]:
    problems = []
    seq = 0
    for line in raw.decode("utf-8").splitlines():
        msg = json.loads(line)
        if msg["t"] == "update":
            seq = msg["seq"]
        extra = cards_in(msg) - allowed[seq][seat]
        if extra:
            problems.append(f"{seat.name} seq {seq} {msg['t']}: {sorted(extra)}")
    return problems


async def play_recorded(host: TableHost, tokens: dict[Seat, str] | None = None) -> dict[str, bytes]:
    """Four random computer clients play ``host`` to its end; every byte each one received."""
    port = await host.start("127.0.0.1", 0)
    seed = host.match.seed
    wire: dict[int, bytearray] = {i: bytearray() for i in range(4)}
    clients = [
        TableClient(
            "127.0.0.1",
            port,
            f"c{i}",
            token=tokens[s] if tokens else None,
            on_raw=wire[i].extend,
        )
        for i, s in enumerate(Seat)
    ]
    bots = [AISeat(RandomPlayer(random.Random(f"{seed}/{i}"))) for i in range(4)]
    await asyncio.gather(*(b.play(c) for b, c in zip(bots, clients, strict=True)))
    await host.close()
    return {c.seat or "?": bytes(wire[i]) for i, c in enumerate(clients)}


def new_host(game: Game, seed: int, hands: int) -> TableHost:
    settings = HostSettings(deal_pace=0, settle_pause=0, hands=hands, standin_kind="random")
    return TableHost(game, None, seed, ["open"] * 4, settings)


def check_wire(host: TableHost, wire: dict[str, bytes]) -> set[str]:
    """No leak in any byte received; each update decodes into the seat's exact hand. The
    event kinds the match had."""
    record = record_json(host.match)
    allowed = entitlements(record)
    assert set(wire) == {"S", "E", "N", "W"}
    problems = [p for name, raw in wire.items() for p in leaks(Seat[name], raw, allowed)]
    assert problems == [], problems[:5]
    replayed = Match(host.match.game, host.match.options, host.match.seed)
    hands_at = [{s: Counter(replayed.hand.hands[s]) for s in Seat}]
    kinds: set[str] = set()
    for data in record["actions"]:
        kinds |= {e.KIND for e in replayed.apply(codec.action_from_json(data))}
        hands_at.append({s: +Counter(replayed.hand.hands[s]) for s in Seat})
    for name, raw in wire.items():
        updates = [m for m in map(p.decode_host, raw.splitlines()) if isinstance(m, p.Update)]
        assert updates, name
        view = None
        for m in updates:
            _, view = p.read_update(m, view.history if view is not None else ())
            assert view.seat is Seat[name]
            assert Counter(view.hand) == hands_at[m.seq][Seat[name]]
    return kinds


def check_match(game: Game, seed: int, hands: int) -> set[str]:
    """Play ``hands`` hands over loopback, check every byte received; the event kinds seen."""
    host = new_host(game, seed, hands)
    wire = asyncio.run(asyncio.wait_for(play_recorded(host), 90))
    assert len(host.match.history) == hands or host.match.winner is not None
    return check_wire(host, wire)


def test_no_card_of_another_hand_reaches_a_client_early_tr() -> None:
    check_match(Game.TR, 4, 2)


def test_no_card_of_another_hand_reaches_a_client_early_sd() -> None:
    kinds = check_match(Game.SD, 6, 2)
    assert "kitty_viewed" in kinds or "kitty_taken" in kinds  # a kitty was handled


def tribute_position(seed: int) -> Match | None:
    """A DL match, played by random seats, at the moment the tribute is to be paid (no revolt
    left to cancel it): None if this seed's match gets no such moment in three hands."""
    match = Match(Game.DL, Options(), seed)
    rng = random.Random(seed)
    while match.phase is not Phase.OVER and len(match.history) < 3:
        if match.phase is Phase.TRIBUTE and seat_view(match, Seat.S).step is Step.PAY:
            return match
        table_action = match.table_action()
        if table_action is not None:
            match.apply(table_action)
            continue
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        passes = [m for m in legal if isinstance(m, Action) and m.kind is Act.PASS]
        # No revolt: the tribute must be paid.
        match.apply(passes[0] if passes else RandomPlayer(rng).choose(legal))
    return None


def test_no_card_leaks_in_a_dl_hand_with_tribute(tmp_path: Path) -> None:
    """DL tribute cards are seen by the two seats involved only (DL-TRIB-4/5). The table is
    resumed at the moment the tribute is paid, so the hand the clients play surely has it."""
    match = next((m for m in map(tribute_position, range(1, 40)) if m is not None), None)
    assert match is not None, "no DL match of seeds 1-39 came to a tribute"
    tokens = {s: f"token-{s.name}" for s in Seat}
    seats = [SavedSeat(s, "open", f"c{s.name}", tokens[s]) for s in Seat]
    path = tmp_path / "table.json"
    hands = len(match.history) + 1
    path.write_text(json.dumps(table_json(match, seats, True, hands, "leaks")), encoding="utf-8")
    settings = HostSettings(deal_pace=0, settle_pause=0, standin_after=60, standin_kind="random")
    host = TableHost.resume(path, settings)
    start = len(host.match.actions)
    wire = asyncio.run(asyncio.wait_for(play_recorded(host, tokens), 90))
    assert len(host.match.history) == hands
    check_wire(host, wire)
    # The premise: tribute was paid and returned while the clients watched, and the wire
    # carried it to everyone, with the cards for the payer and the receiver only.
    later = host.match.actions[start:]
    assert {a.kind for a in later} >= {Act.TRIBUTE, Act.RETURN}, later[:4]
    paid = next(a for a in later if a.kind is Act.TRIBUTE)
    assert paid.seat is not None and paid.cards
    for name, raw in wire.items():
        events = [
            e
            for m in map(p.decode_host, raw.splitlines())
            if isinstance(m, p.Update)
            for e in m.events
            if e["event"] == "tribute_paid"
        ]
        assert events, name
        involved = (paid.seat, Seat[events[0]["to"]])
        assert ("cards" in events[0]) == (Seat[name] in involved), (name, events[0])


def test_the_leak_check_finds_a_leak() -> None:
    """The check is not vacuous: another seat's view, or an event not cut for this seat, sent
    to a seat, is caught; so is a card named in an error message."""
    host = new_host(Game.TR, 8, 1)
    wire = asyncio.run(asyncio.wait_for(play_recorded(host), 60))
    record = record_json(host.match)
    allowed = entitlements(record)
    match = Match(Game.TR, host.match.options, 8)
    events = []
    for data in record["actions"][:60]:  # mid-deal: many cards still hidden
        events += match.apply(codec.action_from_json(data))
    assert match.phase is Phase.DEAL
    assert leaks(Seat.S, wire["S"], allowed) == []

    def sent(msg: p.HostMessage) -> bytes:
        return wire["S"] + p.encode(msg)

    north = p.update_of(60, (), seat_view(match, Seat.N))
    assert leaks(Seat.S, sent(north), allowed)
    dealt_north = [e for e in events if isinstance(e, CardDealt) and e.seat is Seat.N]
    assert dealt_north and dealt_north[-1].card is not None
    uncut = p.Update(seq=60, events=[codec.event_json(dealt_north[-1])], view={})
    assert leaks(Seat.S, sent(uncut), allowed)
    benign = p.update_of(60, (), seat_view(match, Seat.S))
    assert leaks(Seat.S, sent(benign), allowed) == []
    other = codec.cards_text(tuple(match.hand.hands[Seat.N].elements()))
    sneaky = p.Error(code="illegal", message=f"N holds {other}")
    assert leaks(Seat.S, sent(benign) + p.encode(sneaky), allowed)


def test_dl_joker_burial_offers_do_not_name_hidden_kitty_cards() -> None:
    """GEN-INFO-1 / DL-KITTY-8: while the kitty is hidden from a seat, its joker-burial offers
    name no card to take out; when a pick among equal cards remains, the kitty is shown first."""
    blind_offers = 0
    for seed in range(40):
        match = Match(Game.DL, Options(), seed)
        rng = random.Random(seed)
        while match.phase not in (Phase.SETTLED, Phase.OVER):
            table_action = match.table_action()
            if table_action is not None:
                match.apply(table_action)
                continue
            hand = match.hand
            seat = match.to_act()[0]
            view = seat_view(match, seat)
            if view.moves(Act.BURY_JOKERS) and not (hand.kitty_access.allows(seat)):
                blind_offers += 1
                assert view.kitty is None
                assert burial_choices(codec.view_json(view)) == set()
            match.apply(RandomPlayer(rng).choose(view.legal))
    assert blind_offers > 0  # the situation did occur
