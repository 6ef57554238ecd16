"""The figures of the Statistics window, from the recorded hands: per game and opponent
strength, over a period; the per-match series of its chart; the CSV export."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from shengji_desktop.rules.options import Game
from shengji_desktop.rules.tr import TRRow

from .facts import HandFacts, Role

ALL = "all"  # every strength together
STRENGTH_ORDER = ("random", "easy", "normal", "hard", "expert", "mixed", "lan")
PERIODS = ("all", "today", "7d", "30d", "365d")
_DAYS = {"7d": 7, "30d": 30, "365d": 365}


def period_start(period: str, now: float | None = None) -> float | None:
    """The first moment of a period (None: all time); "today" starts at local midnight."""
    now = time.time() if now is None else now
    if period == "all":
        return None
    if period == "today":
        t = time.localtime(now)
        return time.mktime((t.tm_year, t.tm_mon, t.tm_mday, 0, 0, 0, 0, 0, -1))
    if period in _DAYS:
        return now - _DAYS[period] * 86400
    raise ValueError(f"unknown period {period!r}")


@dataclass
class Figures:
    """One game and strength: counts, and the sums the averages are made of."""

    game: Game
    strength: str
    hands: int = 0
    matches: set[str] = field(default_factory=set)
    finished: set[str] = field(default_factory=set)
    matches_won: set[str] = field(default_factory=set)
    dealer_hands: int = 0
    dealer_won: int = 0
    catcher_hands: int = 0
    catcher_won: int = 0
    level_hands: int = 0
    levels: int = 0
    coin_hands: int = 0
    coins: int = 0
    coins_sq: int = 0
    dry_pots: int = 0  # DL 干锅
    drank: int = 0  # DL 喝血: hands the player's side received tribute
    drank_cards: int = 0
    paid: int = 0  # hands it paid
    paid_cards: int = 0
    revolts_ours: int = 0  # DL 暴动
    revolts_theirs: int = 0
    specials_ours: dict[TRRow, int] = field(default_factory=dict)  # TR J到底 / Q半截 / K翻天
    specials_theirs: dict[TRRow, int] = field(default_factory=dict)
    bids: dict[int, int] = field(default_factory=dict)  # SD: declarer hands by bid
    bids_made: dict[int, int] = field(default_factory=dict)

    def add(self, h: HandFacts) -> None:
        self.hands += 1
        self.matches.add(h.match)
        if h.match_over:
            self.finished.add(h.match)
            if h.match_won:
                self.matches_won.add(h.match)
        if h.role is Role.DEALER:
            self.dealer_hands += 1
            self.dealer_won += bool(h.won)
        elif h.role is Role.CATCHER:
            self.catcher_hands += 1
            self.catcher_won += bool(h.won)
        if h.levels is not None:
            self.level_hands += 1
            self.levels += h.levels
        if h.coins is not None:
            self.coin_hands += 1
            self.coins += h.coins
            self.coins_sq += h.coins * h.coins
        self.dry_pots += h.dry_pot
        if h.blood > 0:
            self.drank += 1
            self.drank_cards += h.blood
        elif h.blood < 0:
            self.paid += 1
            self.paid_cards -= h.blood
        self.revolts_ours += h.revolt > 0
        self.revolts_theirs += h.revolt < 0
        if h.special is not None:
            side = self.specials_ours if h.special_ours else self.specials_theirs
            side[h.special] = side.get(h.special, 0) + 1
        if h.bid is not None:
            self.bids[h.bid] = self.bids.get(h.bid, 0) + 1
            if h.won:
                self.bids_made[h.bid] = self.bids_made.get(h.bid, 0) + 1

    # ------------------------------------------------------------------ derived

    @property
    def levels_per_hand(self) -> float | None:
        return self.levels / self.level_hands if self.level_hands else None

    @property
    def coins_per_hand(self) -> float | None:
        return self.coins / self.coin_hands if self.coin_hands else None

    @property
    def coins_sd(self) -> float | None:
        """The standard deviation of coins per hand (population)."""
        if not self.coin_hands:
            return None
        mean = self.coins / self.coin_hands
        return float(max(0.0, self.coins_sq / self.coin_hands - mean * mean) ** 0.5)

    @property
    def bids_total(self) -> int:
        return sum(self.bids.values())

    @property
    def bids_made_total(self) -> int:
        return sum(self.bids_made.values())

    @property
    def bid_success(self) -> float | None:
        return self.bids_made_total / self.bids_total if self.bids_total else None

    def rows(self) -> list[tuple[str, object]]:
        """(key, value) of every figure that applies to the game, in the window's order;
        values are numbers, None (no hands to average) or a text of counts."""
        out: list[tuple[str, object]] = [
            ("hands", self.hands),
            ("matches", len(self.matches)),
            ("matches_finished", len(self.finished)),
            ("matches_won", len(self.matches_won)),
            ("dealer_hands", self.dealer_hands),
            ("dealer_won", self.dealer_won),
            ("catcher_hands", self.catcher_hands),
            ("catcher_won", self.catcher_won),
        ]
        if self.game in (Game.DL, Game.TR):
            out.append(("levels_per_hand", _round(self.levels_per_hand)))
        if self.game in (Game.TR, Game.SD):
            out.append(("coins_per_hand", _round(self.coins_per_hand)))
            out.append(("coins_sd", _round(self.coins_sd)))
        if self.game is Game.DL:
            out += [
                ("dry_pots", self.dry_pots),
                ("drank", self.drank),
                ("drank_cards", self.drank_cards),
                ("paid", self.paid),
                ("paid_cards", self.paid_cards),
                ("revolts_ours", self.revolts_ours),
                ("revolts_theirs", self.revolts_theirs),
            ]
        if self.game is Game.TR:
            for row, key in _SPECIAL_KEYS.items():
                out.append((key + "_ours", self.specials_ours.get(row, 0)))
                out.append((key + "_theirs", self.specials_theirs.get(row, 0)))
        if self.game is Game.SD:
            out += [
                ("bids", self.bids_total),
                ("bids_made", self.bids_made_total),
                ("bid_success", _round(self.bid_success, 3)),
                (
                    "bids_by_value",
                    " ".join(
                        f"{b}:{self.bids_made.get(b, 0)}/{n}" for b, n in sorted(self.bids.items())
                    ),
                ),
            ]
        return out


_SPECIAL_KEYS = {
    TRRow.J_TO_BOTTOM: "j_to_bottom",
    TRRow.Q_HALFWAY: "q_halfway",
    TRRow.K_FLIP: "k_flip",
}


def _round(x: float | None, digits: int = 2) -> float | None:
    return None if x is None else round(x, digits)


def tabulate(hands: Iterable[HandFacts]) -> dict[tuple[Game, str], Figures]:
    """Figures per (game, strength), and per (game, ``ALL``) for every strength together."""
    out: dict[tuple[Game, str], Figures] = {}
    for h in hands:
        for strength in (h.strength, ALL):
            key = (h.game, strength)
            fig = out.get(key)
            if fig is None:
                fig = out[key] = Figures(h.game, strength)
            fig.add(h)
    return out


@dataclass(frozen=True)
class MatchPoint:
    """One match of the chart: its key, when its last hand ended, the sum over its hands."""

    match: str
    ended_at: float
    value: int
    hands: int


def match_series(
    hands: Iterable[HandFacts], game: Game, measure: str, last: int, strength: str = ALL
) -> list[MatchPoint]:
    """Per match of ``game`` (the newest ``last``, oldest first): the levels the player's team
    gained over the match, or the player's coins (``measure`` "levels" or "coins")."""
    sums: dict[str, list[float]] = {}
    for h in hands:
        if h.game is not game or (strength != ALL and h.strength != strength):
            continue
        value = h.levels if measure == "levels" else h.coins
        if value is None:
            continue
        entry = sums.setdefault(h.match, [0, 0.0, 0])
        entry[0] += value
        entry[1] = max(entry[1], h.ended_at)
        entry[2] += 1
    points = sorted(
        (MatchPoint(m, e[1], int(e[0]), int(e[2])) for m, e in sums.items()),
        key=lambda p: p.ended_at,
    )
    return points[-last:] if last > 0 else []


def csv_text(figures: dict[tuple[Game, str], Figures], period: str) -> str:
    """One row per game and strength; a column per figure of any game (empty where it does
    not apply); the period in the first column."""
    keys: list[str] = []
    for fig in figures.values():
        for key, _ in fig.rows():
            if key not in keys:
                keys.append(key)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["period", "game", "strength", *keys])
    order = sorted(figures, key=lambda k: (list(Game).index(k[0]), k[1] == ALL, k[1]))
    for group in order:
        values = dict(figures[group].rows())
        cells = ("" if values.get(k) is None else values[k] for k in keys)
        writer.writerow([period, group[0].value, group[1], *cells])
    return buf.getvalue()


def strengths(figures: dict[tuple[Game, str], Figures], game: Game) -> Sequence[str]:
    """The strengths with hands of ``game``, weakest first, ``ALL`` last."""
    order = {s: i for i, s in enumerate(STRENGTH_ORDER)}
    found = sorted(
        (s for g, s in figures if g is game and s != ALL), key=lambda s: (order.get(s, 99), s)
    )
    return [*found, ALL] if found else []
