"""The phases of a hand and the steps inside them, as enums."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    DEAL = "deal"  # 发牌 (declaring allowed between cards)
    DECLARE = "declare"  # post-deal declaring window (DL-DECL-8, TR-DECL-5)
    BID = "bid"  # 叫分 (SD)
    TRIBUTE = "tribute"  # 进贡 (DL)
    KITTY = "kitty"  # 扣底
    PLAY = "play"  # 出牌
    SETTLED = "settled"  # 结算 shown; the table starts the next hand
    OVER = "over"  # match (or SD session) over


class Step(Enum):
    """Where a phase with several decisions stands."""

    NONE = ""
    REVOLT = "revolt"  # DL 暴动 offered to the payer's side (DL-TRIB-6)
    COUNTER = "counter"  # DL 暴 offered to the receiver's side
    PAY = "pay"  # DL 进贡
    RETURN = "return"  # DL 还贡
    TRUMP = "trump"  # SD: the declarer names trump (SD-KITTY-3)
    BURY = "bury"  # the dealer buries the kitty
    JOKERS = "others"  # DL: the other seats may bury jokers (DL-KITTY-8)
