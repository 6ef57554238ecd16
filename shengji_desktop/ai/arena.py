"""Duplicate matches between two kinds of player: every deal is played twice with the sides
swapped, so both get both hands; the difference is what the players made of the same cards.

One hand per deal, from the start of a match (hand 1 rules; levels from their starting value).
Result per hand for A: DL and TR, A's team level gain minus B's; SD, the coins A's two seats won
minus B's two seats', in units of the room base (the stake of a 60 bid).

A long run can keep a journal (``--journal FILE``): each deal's result is appended to the file as
soon as it is played, and the same command run again goes on after the last deal in it, so a
run of hundreds of deals can be stopped and continued (another day, another session) and still
be one measurement. The journal's first line names the run (game, players, seed, budget, rule
options and a digest of the code the players run on); a journal of another run is refused.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.match import Match
from ..engine.phase import Phase
from ..engine.table import Player, Table
from ..engine.view import SeatView
from ..rules.cards import Seat
from ..rules.options import Game, Options
from ..rules.tr import level_index
from .baseline_loader import BASELINE_DIR

TEAM_SEATS = {"NS": (Seat.S, Seat.N), "EW": (Seat.E, Seat.W)}


class Timed:
    """Wraps a player and records how long each decision outside the deal took."""

    def __init__(self, player: Player, times: list[float]) -> None:
        self.player = player
        self.times = times

    def decide(self, view: SeatView) -> Action | None:
        t0 = time.perf_counter()
        action = self.player.decide(view)
        if view.phase is not Phase.DEAL and len(view.legal) > 1:
            self.times.append(time.perf_counter() - t0)
        return action


def team_levels(match: Match) -> dict[str, int]:
    levels = match.team_levels()
    if match.game is Game.TR:
        return {t.value: level_index(r, match.options) for t, r in levels.items()}
    return {t.value: int(r) for t, r in levels.items()}


def hand_result(match: Match, before: dict[str, int], a_team: str) -> float:
    b_team = "EW" if a_team == "NS" else "NS"
    if match.game is Game.SD:
        coins = match.coins() or {}
        base = match.options.sd_room_base
        a = sum(coins[s] for s in TEAM_SEATS[a_team])
        b = sum(coins[s] for s in TEAM_SEATS[b_team])
        return float(a - b) / base
    after = team_levels(match)
    return float((after[a_team] - before[a_team]) - (after[b_team] - before[b_team]))


def play_hand(
    game: Game,
    options: Options,
    seed: int,
    make: Callable[[str, str], Player],
    a_kind: str,
    b_kind: str,
    a_team: str,
    times: dict[str, list[float]],
) -> float:
    match = Match(game, options, seed)
    before = team_levels(match) if game is not Game.SD else {}
    players: dict[Seat, Player] = {}
    for team, (label, kind) in (
        (a_team, ("A", a_kind)),
        ("EW" if a_team == "NS" else "NS", ("B", b_kind)),
    ):
        for seat in TEAM_SEATS[team]:
            player = make(kind, f"arena/{seed}/{label}/{seat.name}")
            players[seat] = Timed(player, times[label])
    Table(match, players, rng=random.Random(f"arena/{seed}/driver"), hands=1).play()
    return hand_result(match, before, a_team)


def summarise(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan, math.nan
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    i = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[i]


def code_digest() -> str:
    """A digest of the rules, engine and AI sources and of the baseline's (``benchmarks/baseline``
    in a source checkout): what decides the players' moves, so that a journal is continued only
    by the same players; "frozen" in a frozen app (no sources)."""
    root = Path(__file__).resolve().parent.parent
    files = sorted(p for d in ("rules", "engine", "ai") for p in (root / d).rglob("*.py"))
    if not files:
        return "frozen"
    h = hashlib.sha256()
    for path in files:
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    for path in sorted(BASELINE_DIR.glob("*.py")):
        h.update(path.relative_to(BASELINE_DIR.parent.parent).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


class JournalError(ValueError):
    """A journal file that cannot be continued (another run's, or damaged)."""


class Journal:
    """The deals of one arena run, one JSON line each after a header line naming the run.

    A run is continued only with the same arguments. When only the code changed (a refactor,
    a fix elsewhere), it goes on with ``accept_code_change``, and a line in the journal says from
    which deal on the new code played (``code_changes``). The deals already in it are read
    whatever code wrote them: only playing more needs the same code or the acceptance."""

    def __init__(self, path: Path, run: dict[str, Any], accept_code_change: bool = False) -> None:
        self.path = path
        self.run = run
        self.accept_code_change = accept_code_change
        self.deals: dict[int, dict[str, Any]] = {}
        self.code_changes: list[dict[str, Any]] = []
        self.code = run.get("code")  # the code that played the journal's last deals
        if path.exists() and path.stat().st_size > 0:
            self._load()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"journal": run}, sort_keys=True) + "\n", encoding="utf-8")

    def _load(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        lines = text.split("\n")
        complete, tail = lines[:-1], lines[-1]
        if tail.strip():
            # The last line was cut (the run was stopped while writing it): that deal is
            # played again. Anything else unreadable is an error, not silently dropped.
            self.path.write_text("".join(line + "\n" for line in complete), encoding="utf-8")
        try:
            header = json.loads(complete[0])["journal"]
        except (IndexError, ValueError, KeyError, TypeError) as exc:
            raise JournalError(f"{self.path}: not an arena journal ({exc})") from None
        diff = sorted(
            k
            for k in set(header) | set(self.run)
            if k != "code" and header.get(k) != self.run.get(k)
        )
        if diff:
            raise JournalError(
                f"{self.path} is the journal of another run (differs in: {', '.join(diff)});"
                " use another file or the same arguments"
            )
        code = header.get("code")
        for number, line in enumerate(complete[1:], start=2):
            try:
                entry = json.loads(line)
                if "code_change" in entry:
                    self.code_changes.append(entry)
                    code = entry["code_change"]
                    continue
                deal = int(entry["deal"])
                float(entry["first"]), float(entry["second"])
                entry["times"]["A"], entry["times"]["B"]
            except (ValueError, KeyError, TypeError) as exc:
                raise JournalError(f"{self.path}, line {number}: unreadable deal ({exc})") from None
            self.deals[deal] = entry
        self.code = code

    @property
    def other_code(self) -> bool:
        """The last deals in the journal were played by code other than the code now."""
        return self.code != self.run.get("code")

    def before_playing(self) -> None:
        """A deal is about to be played for the journal: by the same code, or by other code once
        accepted (then noted). Reading the deals already in it needs neither."""
        now = self.run.get("code")
        if self.code == now:
            return
        if not self.accept_code_change:
            raise JournalError(
                f"{self.path}: the players' code changed since this journal was written"
                f" (code {self.code}, now {now}); go on with --accept-code-change (the change"
                " is noted in the journal) or start another journal"
            )
        change = {"code_change": now, "before_deal": len(self.deals)}
        self.code_changes.append(change)
        self.code = now
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(change, sort_keys=True) + "\n")

    def add(self, entry: dict[str, Any]) -> None:
        """A deal played after ``before_playing`` allowed it."""
        self.deals[entry["deal"]] = entry
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")


def run_arena(
    game: Game,
    a_kind: str,
    b_kind: str,
    deals: int,
    seed: int,
    make: Callable[[str, str], Player],
    options: Options | None = None,
    out: Callable[[str], None] = print,
    journal: Path | None = None,
    settings: dict[str, Any] | None = None,
    accept_code_change: bool = False,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals and print the figures. ``settings`` (the players'
    budget, playouts...) goes into the journal's header with the rest of the run's name."""
    options = options or Options()
    run = {
        "game": game.value,
        "a": a_kind,
        "b": b_kind,
        "seed": seed,
        "options": options.to_dict(),
        "code": code_digest(),
        **(settings or {}),
    }
    book = Journal(journal, run, accept_code_change) if journal is not None else None
    times: dict[str, list[float]] = {"A": [], "B": []}
    per_deal: list[float] = []
    per_hand: list[float] = []
    t0 = time.perf_counter()
    if book is not None and book.deals:
        out(f"  {journal}: {len([d for d in book.deals if d < deals])} deals already played")
    for i in range(deals):
        entry = book.deals.get(i) if book is not None else None
        if entry is None:
            if book is not None:
                book.before_playing()
            deal_seed = seed * 1_000_003 + i
            mine: dict[str, list[float]] = {"A": [], "B": []}
            first = play_hand(game, options, deal_seed, make, a_kind, b_kind, "NS", mine)
            second = play_hand(game, options, deal_seed, make, a_kind, b_kind, "EW", mine)
            entry = {"deal": i, "first": first, "second": second, "times": mine}
            if book is not None:
                book.add(entry)
        first, second = float(entry["first"]), float(entry["second"])
        for label in ("A", "B"):
            times[label] += entry["times"][label]
        per_hand += [first, second]
        per_deal.append((first + second) / 2)
        if (i + 1) % 10 == 0 or i + 1 == deals:
            mean = statistics.fmean(per_deal)
            out(f"  {i + 1}/{deals} deals  mean {mean:+.3f}  ({time.perf_counter() - t0:.0f} s)")
    mean, low, high = summarise(per_deal)
    unit = "coins (room base) per hand" if game is Game.SD else "levels per hand"
    wins = sum(1 for v in per_hand if v > 0) / len(per_hand)
    ties = sum(1 for v in per_hand if v == 0) / len(per_hand)
    figures: dict[str, Any] = {
        "arena": game.value,
        "a": a_kind,
        "b": b_kind,
        "deals": deals,
        "hands": len(per_hand),
        "seed": seed,
        "unit": unit,
        "mean_diff": round(mean, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "hand_win_rate": round(wins, 4),
        "hand_tie_rate": round(ties, 4),
    }
    if book is not None and book.code_changes:
        figures["code_changes_before_deals"] = [c["before_deal"] for c in book.code_changes]
    out(f"{game.value}: A={a_kind} vs B={b_kind}, {deals} duplicate deals ({len(per_hand)} hands)")
    out(f"  A over B: {mean:+.3f} {unit}, 95% CI [{low:+.3f}, {high:+.3f}]")
    out(f"  hands won by A: {wins:.1%}, tied: {ties:.1%}")
    if book is not None and book.code_changes:
        where = ", ".join(str(c["before_deal"]) for c in book.code_changes)
        out(f"  note: the journal says the code changed before deal(s) {where}")
    if book is not None and book.other_code:
        out(
            f"  note: these deals were played by other code (code {book.code},"
            f" now {run['code']}); playing more needs --accept-code-change"
        )
    for label, kind in (("A", a_kind), ("B", b_kind)):
        ms = [t * 1e3 for t in times[label]]
        med, p95 = percentile(ms, 0.5), percentile(ms, 0.95)
        figures[f"{label}_ms_median"] = round(med, 3)
        figures[f"{label}_ms_p95"] = round(p95, 3)
        figures[f"{label}_decisions"] = len(ms)
        out(
            f"  {label} ({kind}) decision time: median {med:.2f} ms, p95 {p95:.2f} ms,"
            f" {len(ms)} decisions"
        )
    out(json.dumps(figures, sort_keys=True))
    return figures
