"""GEN-INFO-1 over the wire: every byte each client receives is recorded, and no card of
another hand appears in it before that card is played or legitimately shown.

The referee's record is replayed action by action to know, after each action (``seq``), the
cards each seat may know: every card it has held, every card played, the kitty where the
state shows it to that seat, and cards the rules reveal publicly (declarations, flips, failed
throws, joker burials, revolts, claims). A card a message names outside that set is a leak.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from shengji_desktop.engine.actions import Action
from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.net.client import AISeat, TableClient
from shengji_desktop.net.host import HostSettings, TableHost
from shengji_desktop.rules.cards import Seat, format_cards, parse_cards
from shengji_desktop.rules.options import Game, Options

CARD = re.compile(r"[♠♥♣♦](?:10|[2-9JQKA])|BJ|SJ")

# Event kinds whose public fields show cards to everybody, by the rules.
PUBLIC_CARDS: dict[str, tuple[str, ...]] = {
    "cards_played": ("cards",),
    "declared": ("cards",),  # DL-DECL / TR-DECL: declaring shows the cards
    "throw_failed": ("tried", "led"),  # a refused throw is shown (TR-LEAD-5 penalty)
    "kitty_flipped": ("flips", "extra"),  # DL-DECL-10: flipped face up
    "kitty_revealed": ("kitty",),
    "kitty_buried": ("kitty",),  # only when the burial is shown (DL-KITTY-7, TR-KITTY-2)
    "jokers_buried": ("jokers", "taken", "kitty"),  # DL-KITTY-8
    "revolt": ("cards",),
    "counter": ("cards",),
    "claimed": ("hands",),  # SD-CLAIM: the hands are laid down
    "draw": ("regular_trumps",),  # SD 流局: regular trumps are shown
}


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


def entitlements(record: dict[str, Any]) -> list[dict[Seat, frozenset[str]]]:
    """For each seq (0 = before any action), the card values each seat may know."""
    match = Match(Game(record["game"]), Options.from_dict(record["options"]), record["seed"])
    known: dict[Seat, set[str]] = {s: set() for s in Seat}
    public: set[str] = set()
    out: list[dict[Seat, frozenset[str]]] = []

    def snapshot() -> None:
        hand = match.hand
        played = {str(c) for t in hand.tricks for _, cs in t.plays for c in cs}
        played |= {str(c) for _, cs in hand.trick for c in cs}
        public.update(played)
        for seat in Seat:
            known[seat] |= {str(c) for c in hand.hands[seat]}
            if hand.kitty_public or seat in hand.kitty_known_to:
                known[seat] |= {str(c) for c in hand.kitty}
        out.append({s: frozenset(known[s] | public) for s in Seat})

    snapshot()
    for data in record["actions"]:
        for event in match.apply(Action.from_json(data)):
            for key in PUBLIC_CARDS.get(event.kind, ()):
                public |= cards_in(event.data.get(key))
        snapshot()
    return out


def burial_choices(msg: dict[str, Any]) -> set[str]:
    """Kitty cards named by the seat's own legal joker burials."""
    legal = msg.get("view", {}).get("legal", []) if msg["t"] == "update" else []
    return {c for a in legal if a.get("a") == "bury_jokers" for c in cards_in(a.get("t", ""))}


def leaks(
    seat: Seat,
    raw: bytes,
    allowed: list[dict[Seat, frozenset[str]]],
) -> list[str]:
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


async def play_recorded(game: Game, seed: int, hands: int) -> tuple[TableHost, dict[str, bytes]]:
    settings = HostSettings(deal_pace=0, settle_pause=0, hands=hands, standin_kind="random")
    host = TableHost(game, None, seed, ["open"] * 4, settings)
    port = await host.start("127.0.0.1", 0)
    wire: dict[int, bytearray] = {i: bytearray() for i in range(4)}
    clients = [TableClient("127.0.0.1", port, f"c{i}", on_raw=wire[i].extend) for i in range(4)]
    bots = [AISeat(RandomPlayer(random.Random(f"{seed}/{i}"))) for i in range(4)]
    await asyncio.gather(*(b.play(c) for b, c in zip(bots, clients, strict=True)))
    await host.close()
    return host, {c.seat or "?": bytes(wire[i]) for i, c in enumerate(clients)}


def check_match(game: Game, seed: int, hands: int) -> set[str]:
    """Play ``hands`` hands over loopback, check every byte received; the event kinds seen."""
    host, wire = asyncio.run(asyncio.wait_for(play_recorded(game, seed, hands), 90))
    record = host.match.record()
    allowed = entitlements(record)
    assert len(host.match.history) == hands or host.match.winner is not None
    assert set(wire) == {"S", "E", "N", "W"}
    problems = [p for name, raw in wire.items() for p in leaks(Seat[name], raw, allowed)]
    assert problems == [], problems[:5]
    # Each update's "hand" is exactly that seat's hand at that point, per the referee.
    replayed = Match(game, host.match.options, seed)
    hands_at = [{s: Counter(replayed.hand.hands[s]) for s in Seat}]
    kinds: set[str] = set()
    for data in record["actions"]:
        kinds |= {e.kind for e in replayed.apply(Action.from_json(data))}
        hands_at.append({s: +Counter(replayed.hand.hands[s]) for s in Seat})
    for name, raw in wire.items():
        updates = [m for m in map(json.loads, raw.decode().splitlines()) if m["t"] == "update"]
        assert updates, name
        for m in updates:
            assert Counter(parse_cards(m["view"]["hand"])) == hands_at[m["seq"]][Seat[name]]
    return kinds


@pytest.mark.parametrize(("game", "seed"), [(Game.TR, 4), (Game.SD, 6)])
def test_no_card_of_another_hand_reaches_a_client_early(game: Game, seed: int) -> None:
    check_match(game, seed, 2)


def test_no_card_leaks_in_dl_hands_with_tribute() -> None:
    """DL tribute cards are seen by the two seats involved only. Declarations race the deal,
    so a match may go by without tribute: play a few until one had it (almost always the
    first); every match played is checked."""
    for seed in (3, 5, 7, 2, 6):
        kinds = check_match(Game.DL, seed, 3)
        if {"tribute_paid", "tribute_returned"} <= kinds:
            return
    pytest.fail("no DL match with tribute in five tries")


def test_the_leak_check_finds_a_leak() -> None:
    """The check is not vacuous: the referee's own view, sent to a seat, is caught."""
    host, wire = asyncio.run(asyncio.wait_for(play_recorded(Game.TR, 8, 1), 60))
    record = host.match.record()
    allowed = entitlements(record)
    match = Match(Game.TR, host.match.options, 8)
    for data in record["actions"][:60]:  # mid-deal: many cards still hidden
        match.apply(Action.from_json(data))
    referee = {"t": "update", "seq": 60, "events": [], "view": match.view(None)}
    bad = wire["S"] + json.dumps(referee, ensure_ascii=False).encode() + b"\n"
    assert leaks(Seat.S, wire["S"], allowed) == []
    assert leaks(Seat.S, bad, allowed)
    other = format_cards(match.hand.hands[Seat.N].elements())
    benign = {"t": "update", "seq": 60, "events": [], "view": {}}
    sneaky = {"t": "error", "code": "illegal", "message": f"N holds {other}"}
    at_60 = wire["S"] + json.dumps(benign).encode() + b"\n"
    assert leaks(Seat.S, at_60, allowed) == []
    assert leaks(Seat.S, at_60 + json.dumps(sneaky, ensure_ascii=False).encode() + b"\n", allowed)


def test_dl_joker_burial_offers_do_not_name_hidden_kitty_cards() -> None:
    """GEN-INFO-1 / DL-KITTY-8: while the kitty is hidden from a seat, its joker-burial offers
    name no card to take out; when a pick among equal cards remains, the kitty is shown first."""
    blind_offers = 0
    for seed in range(40):
        match = Match(Game.DL, Options(), seed)
        rng = random.Random(seed)
        players = {s: RandomPlayer(rng) for s in Seat}
        while match.phase not in ("settled", "over"):
            hand = match.hand
            if match.phase == "deal":
                match.apply(Action.from_json({"a": "deal"}))
                continue
            seat = match.to_act()[0]
            view = match.view(seat)
            offers = [a for a in view["legal"] if a["a"] == "bury_jokers"]
            if offers and not (hand.kitty_public or seat in hand.kitty_known_to):
                blind_offers += 1
                assert "kitty" not in view
                assert burial_choices({"t": "update", "view": view}) == set()
            match.apply(players[seat].choose(match, seat, match.legal_actions(seat)))
    assert blind_offers > 0  # the situation did occur
