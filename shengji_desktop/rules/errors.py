"""Typed rule errors: a reason code and the rule ID; words are the GUI's business."""

from __future__ import annotations

from enum import Enum
from typing import Any


class Reason(Enum):
    # generic
    NOT_IN_PHASE = "not_in_phase"
    NOT_YOUR_TURN = "not_your_turn"
    CARDS_NOT_IN_HAND = "cards_not_in_hand"
    WRONG_NUMBER_OF_CARDS = "wrong_number_of_cards"
    # leads
    ILLEGAL_LEAD_SHAPE = "illegal_lead_shape"
    THROW_OF_TRUMPS = "throw_of_trumps"
    THROW_MIXED_SUITS = "throw_mixed_suits"
    THROW_BEATABLE = "throw_beatable"
    # follows
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_PLAY_ALL_OF_SUIT = "must_play_all_of_suit"
    MUST_FOLLOW_PAIR = "must_follow_pair"
    MUST_FOLLOW_TRIPLE = "must_follow_triple"
    MUST_FOLLOW_PAIR_IN_TRIPLE = "must_follow_pair_in_triple"
    # declarations, bidding
    DECLARATION_NOT_STRONGER = "declaration_not_stronger"
    DECLARATION_INVALID = "declaration_invalid"
    DECLARATION_CLOSED = "declaration_closed"
    BID_TOO_LOW = "bid_too_low"
    BID_INVALID = "bid_invalid"
    # tribute, kitty
    TRIBUTE_WRONG_CARDS = "tribute_wrong_cards"
    REVOLT_NOT_ALLOWED = "revolt_not_allowed"
    RETURN_WRONG_CARDS = "return_wrong_cards"
    BURY_ILLEGAL = "bury_illegal"
    PICKUP_WRONG_CARDS = "pickup_wrong_cards"
    KITTY_NOT_VISIBLE = "kitty_not_visible"
    TRUMP_CHOICE_INVALID = "trump_choice_invalid"
    CLAIM_NOT_ALLOWED = "claim_not_allowed"
    ACTION_INVALID = "action_invalid"


class RuleError(ValueError):
    """An action the rules do not allow. ``str()`` is an English line for logs and tests:
    ``must follow ♥: you hold ♥3 (GEN-TRICK-3)``; user interfaces translate ``reason``."""

    def __init__(self, reason: Reason, rule: str, message: str, **details: Any) -> None:
        super().__init__(f"{message} ({rule})")
        self.reason = reason
        self.rule = rule
        self.message = message
        self.details = details
