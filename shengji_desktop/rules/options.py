"""Games and rule options (RULES.md §5): one frozen value, saved with every game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, Final, Literal


class Game(Enum):
    DL = "dl"  # 大连打滚子, 3 decks
    TR = "tr"  # 2-deck tractor
    SD = "sd"  # 1-deck 三打一

    # Looked up by value: hashing an Enum member calls Python code, a str is hashed once.
    @property
    def decks(self) -> int:
        return _DECKS[self._value_]

    @property
    def hand_size(self) -> int:
        return _HAND_SIZE[self._value_]

    @property
    def kitty_size(self) -> int:
        return _KITTY_SIZE[self._value_]

    @property
    def total_points(self) -> int:
        return _TOTAL_POINTS[self._value_]


_DECKS: Final = {"dl": 3, "tr": 2, "sd": 1}
_HAND_SIZE: Final = {"dl": 39, "tr": 25, "sd": 12}
_KITTY_SIZE: Final = {"dl": 6, "tr": 8, "sd": 6}
_TOTAL_POINTS: Final = {"dl": 300, "tr": 200, "sd": 100}


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule option of RULES.md §5, with its documented default."""

    play_direction: Literal["ccw", "cw"] = "ccw"
    # DL
    dl_follow_mode: Literal["live", "dead"] = "live"
    dl_keep_deal_seat: Literal["partner", "same"] = "partner"
    dl_tribute_return: Literal["any", "weakest"] = "any"
    dl_revolt: bool = True
    dl_three_sj_instant: bool = True
    dl_last_level_dig_reset: Literal["off", "at_10"] = "off"
    dl_hunzhu: Literal["off"] = "off"
    # TR
    tr_level_base: Literal["A_low", "2_low"] = "A_low"
    tr_seal_absolute: bool = True
    tr_level_tractor_mode: Literal["rank_order", "numeric"] = "rank_order"
    tr_a2_tractor: bool = False
    tr_throw_check: Literal["reject", "penalty"] = "reject"
    tr_kitty_multiplier: Literal[1, 2] = 1
    tr_kitty_face: Literal["up", "down"] = "up"  # the buried kitty: 明扣 or 暗扣 (TR-KITTY-2)
    tr_jqk_trigger: Literal["level_and_card", "level_only"] = "level_and_card"
    tr_special_dig_precedence: Literal["cumulative", "dig_wins"] = "cumulative"
    tr_match_end: Literal["pass_K", "none"] = "pass_K"
    # SD
    sd_room: Literal["game", "match"] = "game"
    sd_room_base: int = 1
    sd_two_order: Literal["trump_suit_high", "equal"] = "trump_suit_high"
    sd_claim_points: Literal["defender_hands", "all_remaining"] = "defender_hands"
    sd_first_bidder: Literal["random", "rotate"] = "random"
    sd_hands_per_session: int | None = None  # None = unlimited

    def __post_init__(self) -> None:
        for spec in OPTION_SPECS:
            value = getattr(self, spec.name)
            if spec.values is not None and value not in spec.values:
                raise ValueError(
                    f"option {spec.name}={value!r}: expected one of "
                    + ", ".join(spec.encode(v) for v in spec.values)
                )
        if self.sd_room_base < 1:
            raise ValueError("option sd_room_base must be a positive integer")
        if self.sd_hands_per_session is not None and self.sd_hands_per_session < 1:
            raise ValueError("option sd_hands_per_session must be positive or 'unlimited'")

    def with_(self, **changes: Any) -> Options:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, str]:
        """The documented spelling of every option (``dl_revolt: "on"``)."""
        return {s.name: s.encode(getattr(self, s.name)) for s in OPTION_SPECS}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Options:
        """Parse documented spellings (as strings, or already typed values)."""
        by_name = {s.name: s for s in OPTION_SPECS}
        kwargs: dict[str, Any] = {}
        for key, raw in data.items():
            spec = by_name.get(key)
            if spec is None:
                raise ValueError(f"unknown option {key!r}")
            kwargs[key] = spec.decode(raw)
        return cls(**kwargs)

    def for_game(self, game: Game) -> dict[str, str]:
        """The options that matter to ``game`` (global ones included)."""
        return {s.name: s.encode(getattr(self, s.name)) for s in OPTION_SPECS if s.applies(game)}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    game: Game | None  # None: every game
    values: tuple[object, ...] | None  # None: any positive integer
    rules: str

    @property
    def default(self) -> object:
        return _DEFAULTS[self.name]

    def applies(self, game: Game) -> bool:
        return self.game is None or self.game is game

    def encode(self, value: object) -> str:
        if isinstance(value, bool):
            if self.name in _TRUE_FALSE:
                return "true" if value else "false"
            return "on" if value else "off"
        if value is None:
            return "unlimited"
        return str(value)

    def decode(self, raw: object) -> object:
        if not isinstance(raw, str):
            return raw
        text = raw.strip()
        default = self.default
        if isinstance(default, bool):
            lowered = text.lower()
            if lowered in ("on", "true", "yes", "1"):
                return True
            if lowered in ("off", "false", "no", "0"):
                return False
            raise ValueError(f"option {self.name}: expected on/off or true/false, got {raw!r}")
        if self.values is None or (isinstance(default, int) and not isinstance(default, bool)):
            if text.lower() == "unlimited" and self.name == "sd_hands_per_session":
                return None
            try:
                return int(text)
            except ValueError:
                raise ValueError(f"option {self.name}: expected an integer, got {raw!r}") from None
        return text


_TRUE_FALSE: Final = frozenset({"tr_seal_absolute", "tr_a2_tractor"})
_DEFAULTS: Final[dict[str, object]] = {f.name: f.default for f in fields(Options)}

OPTION_SPECS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("play_direction", None, ("ccw", "cw"), "GEN-SEAT-2"),
    OptionSpec("dl_follow_mode", Game.DL, ("live", "dead"), "DL-FOLLOW-2..5"),
    OptionSpec("dl_keep_deal_seat", Game.DL, ("partner", "same"), "DL-DEALER-3, DL-OP-4"),
    OptionSpec("dl_tribute_return", Game.DL, ("any", "weakest"), "DL-TRIB-5, DL-OP-5"),
    OptionSpec("dl_revolt", Game.DL, (True, False), "DL-TRIB-6..8, DL-OP-6"),
    OptionSpec("dl_three_sj_instant", Game.DL, (True, False), "DL-END-5, DL-OP-13"),
    OptionSpec("dl_last_level_dig_reset", Game.DL, ("off", "at_10"), "DL-OP-15"),
    OptionSpec("dl_hunzhu", Game.DL, ("off",), "DL-RANK-5, DL-OP-9"),
    OptionSpec("tr_level_base", Game.TR, ("A_low", "2_low"), "TR-DECK-3, TR-OP-1"),
    OptionSpec("tr_seal_absolute", Game.TR, (True, False), "TR-DECL-3, TR-OP-2"),
    OptionSpec("tr_level_tractor_mode", Game.TR, ("rank_order", "numeric"), "TR-LEAD-2, TR-OP-5"),
    OptionSpec("tr_a2_tractor", Game.TR, (False, True), "TR-LEAD-2, TR-OP-6"),
    OptionSpec("tr_throw_check", Game.TR, ("reject", "penalty"), "TR-LEAD-5, TR-OP-7"),
    OptionSpec("tr_kitty_multiplier", Game.TR, (1, 2), "TR-SCORE-1, TR-OP-9"),
    OptionSpec("tr_kitty_face", Game.TR, ("up", "down"), "TR-KITTY-2"),
    OptionSpec(
        "tr_jqk_trigger", Game.TR, ("level_and_card", "level_only"), "TR-SETTLE-2, TR-OP-10"
    ),
    OptionSpec(
        "tr_special_dig_precedence",
        Game.TR,
        ("cumulative", "dig_wins"),
        "TR-SETTLE-4, TR-OP-11",
    ),
    OptionSpec("tr_match_end", Game.TR, ("pass_K", "none"), "TR-END-1, TR-OP-13"),
    OptionSpec("sd_room", Game.SD, ("game", "match"), "SD-BID-2, SD-COIN-1"),
    OptionSpec("sd_room_base", Game.SD, None, "SD-COIN-1, SD-DRAW-6"),
    OptionSpec("sd_two_order", Game.SD, ("trump_suit_high", "equal"), "SD-RANK-2, SD-OP-1"),
    OptionSpec(
        "sd_claim_points", Game.SD, ("defender_hands", "all_remaining"), "SD-CLAIM-3, SD-OP-2"
    ),
    OptionSpec("sd_first_bidder", Game.SD, ("random", "rotate"), "SD-DEALER-1"),
    OptionSpec("sd_hands_per_session", Game.SD, None, "SD-END-1"),
)

DEFAULT_OPTIONS: Final = Options()
