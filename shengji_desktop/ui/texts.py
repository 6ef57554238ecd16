"""Words for the game: seats, suits, cards, rule errors, events and options, all through tr()."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from shengji_desktop.rules.cards import Card, Seat, parse_cards
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import OPTION_SPECS, Game, OptionSpec

from .i18n import tr

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def game_name(game: Game | str) -> str:
    value = game.value if isinstance(game, Game) else game
    return {
        "dl": tr("Dalian Da Gunzi (3 decks)"),
        "tr": tr("Tractor (2 decks)"),
        "sd": tr("Three against one (1 deck)"),
    }[value]


def game_short(game: Game | str) -> str:
    value = game.value if isinstance(game, Game) else game
    return {"dl": tr("Da Gunzi"), "tr": tr("Tractor"), "sd": tr("Three against one")}[value]


def kind_name(kind: str) -> str:
    return {
        "human": tr("Human"),
        "random": tr("Random"),
        "easy": tr("Easy"),
        "normal": tr("Normal"),
        "hard": tr("Hard"),
    }.get(kind, kind)


def seat_name(seat: Seat | str, viewer: Seat | None = Seat.S) -> str:
    """Where the seat sits as seen from the viewer at the bottom of the screen."""
    s = Seat[seat] if isinstance(seat, str) else seat
    base = viewer if viewer is not None else Seat.S
    rel = (s - base) % 4
    return [tr("You"), tr("Right"), tr("Across"), tr("Left")][rel]


def suit_name(letter: str | None) -> str:
    if letter is None:
        return tr("none")
    names = {"S": tr("Spades"), "H": tr("Hearts"), "C": tr("Clubs"), "D": tr("Diamonds")}
    return f"{SUIT_SYMBOLS[letter]} {names[letter]}"


def card_text(card: Card) -> str:
    if card.is_joker:
        return tr("Big joker") if card.rank.label == "BJ" else tr("Small joker")
    return str(card)


def cards_text(cards: Iterable[Card] | str) -> str:
    if isinstance(cards, str):
        cards = parse_cards(cards)
    return " ".join(card_text(c) for c in cards) or "—"


def level_text(level: int | str | None) -> str:
    if level is None:
        return "—"
    if isinstance(level, str):
        return level
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level))


# ---------------------------------------------------------------------- rule errors


def reason_text(error: RuleError) -> str:
    """The rule error in words, ending with its rule ID."""
    d = error.details
    r = error.reason
    texts: dict[Reason, str] = {
        Reason.NOT_IN_PHASE: tr("That is not possible at this moment."),
        Reason.NOT_YOUR_TURN: tr("It is not your turn."),
        Reason.CARDS_NOT_IN_HAND: tr("You do not hold those cards."),
        Reason.WRONG_NUMBER_OF_CARDS: tr("Wrong number of cards."),
        Reason.ILLEGAL_LEAD_SHAPE: tr("You cannot lead those cards together."),
        Reason.THROW_OF_TRUMPS: tr("Trumps can never be thrown."),
        Reason.THROW_MIXED_SUITS: tr("A throw must be of one suit."),
        Reason.THROW_BEATABLE: tr("Throw refused: another player can beat part of it."),
        Reason.MUST_FOLLOW_SUIT: tr("You must follow the suit led."),
        Reason.MUST_PLAY_ALL_OF_SUIT: tr("You must play all your cards of the suit led."),
        Reason.MUST_FOLLOW_PAIR: tr(
            "Dead pairs: you hold a pair of the suit led and must play it."
        ),
        Reason.MUST_FOLLOW_TRIPLE: tr(
            "Dead pairs: you hold a triple of the suit led and must play it."
        ),
        Reason.MUST_FOLLOW_PAIR_IN_TRIPLE: tr(
            "Dead pairs: you hold a pair of the suit led; play it and one more card."
        ),
        Reason.DECLARATION_NOT_STRONGER: tr(
            "A declaration must be stronger than the standing one."
        ),
        Reason.DECLARATION_INVALID: tr("That is not a valid declaration."),
        Reason.DECLARATION_CLOSED: tr("Declaring is closed."),
        Reason.BID_TOO_LOW: tr("That bid is too low."),
        Reason.BID_INVALID: tr("That is not a valid bid."),
        Reason.TRIBUTE_WRONG_CARDS: tr("Tribute must be your strongest eligible cards."),
        Reason.REVOLT_NOT_ALLOWED: tr("A revolt is not allowed."),
        Reason.RETURN_WRONG_CARDS: tr("Those cards cannot be returned."),
        Reason.BURY_ILLEGAL: tr("Those cards cannot be buried."),
        Reason.PICKUP_WRONG_CARDS: tr("You must pick up the weakest non-point cards."),
        Reason.KITTY_NOT_VISIBLE: tr("You may not look at the kitty."),
        Reason.TRUMP_CHOICE_INVALID: tr("Choose one of the four suits."),
        Reason.CLAIM_NOT_ALLOWED: tr("You cannot claim: not every card of yours is a winner."),
        Reason.ACTION_INVALID: tr("That action is not valid."),
    }
    text = texts.get(r, tr("That is not allowed."))
    if r in (Reason.MUST_FOLLOW_SUIT, Reason.MUST_PLAY_ALL_OF_SUIT) and "example" in d:
        text += " " + tr("You still hold {card}.").format(card=card_text(d["example"]))
    if r is Reason.WRONG_NUMBER_OF_CARDS and "expected" in d:
        text = tr("Play exactly {n} cards.").format(n=d["expected"])
    if r is Reason.THROW_BEATABLE and d.get("beatable"):
        parts = ", ".join(cards_text(u) for u in d["beatable"])
        text += " " + tr("Beatable: {cards}.").format(cards=parts)
    if r in (Reason.BURY_ILLEGAL, Reason.PICKUP_WRONG_CARDS, Reason.TRIBUTE_WRONG_CARDS):
        # These carry the rules' own English detail, which names the cards concerned.
        text += f" ({error.message})"
    return f"{text} [{error.rule}]"


# ---------------------------------------------------------------------- options


def option_label(name: str) -> str:
    return _option_texts()[name][0]


def option_help(name: str) -> str:
    return _option_texts()[name][1]


def _option_texts() -> dict[str, tuple[str, str]]:
    return {
        "play_direction": (
            tr("Direction of play"),
            tr("Counterclockwise (the seeds' default) or clockwise dealing and play."),
        ),
        "dl_follow_mode": (
            tr("Following pairs"),
            tr("Live pairs: no need to follow a pair or triple; dead pairs: you must."),
        ),
        "dl_keep_deal_seat": (
            tr("Who deals when the dealer side keeps the deal"),
            tr("The dealer's partner, or the same player again."),
        ),
        "dl_tribute_return": (
            tr("Tribute return"),
            tr("The dealer returns any cards, or his weakest cards."),
        ),
        "dl_revolt": (
            tr("Revolt (暴动)"),
            tr("Three big or small jokers in the paying side's hand may cancel the tribute."),
        ),
        "dl_three_sj_instant": (
            tr("Three small jokers in the kitty win"),
            tr("Three small jokers in the final kitty end the match like three big ones."),
        ),
        "dl_last_level_dig_reset": (
            tr("Dig at 10 resets"),
            tr("A dealer side at level 10 whose kitty is dug goes back to 3."),
        ),
        "dl_hunzhu": (tr("Mixed trumps (混主)"), tr("Not played (the seeds do not define it).")),
        "tr_level_base": (
            tr("Level sequence"),
            tr("A lowest (A, 2 … K), or 2 lowest (2 … K, A)."),
        ),
        "tr_seal_absolute": (
            tr("Sealing is final"),
            tr("A sealed declaration (封主) cannot be overcalled."),
        ),
        "tr_level_tractor_mode": (
            tr("Tractors with level cards"),
            tr("By rank order (jokers and the trump level pair link) or by number."),
        ),
        "tr_a2_tractor": (tr("A-2 tractor"), tr("Whether a pair of aces links with a pair of 2s.")),
        "tr_throw_check": (
            tr("Failed throws"),
            tr("Refuse a throw that can be beaten, or play its smallest beatable part."),
        ),
        "tr_kitty_multiplier": (
            tr("Kitty multiplier"),
            tr("How many times the kitty's points count when the defenders dig it."),
        ),
        "tr_jqk_trigger": (
            tr("J/Q/K digs"),
            tr("Special digs need the level card to win the last trick, or only the level."),
        ),
        "tr_special_dig_precedence": (
            tr("Combining special digs"),
            tr("Add up every settlement row, or let a special dig override the dealer's gain."),
        ),
        "tr_match_end": (
            tr("End of match"),
            tr("The match ends when a team passes K, or never (a coin session)."),
        ),
        "sd_room": (tr("Room"), tr("Game room bids 60-75; match room bids 60-70.")),
        "sd_room_base": (tr("Room stake"), tr("Coins per unit of the hand's stake.")),
        "sd_two_order": (
            tr("Order of the 2s"),
            tr("The trump suit's 2 beats the other 2s, or all four are equal."),
        ),
        "sd_claim_points": (
            tr("Points on a claim"),
            tr("Count the defenders' point cards only, or all remaining point cards."),
        ),
        "sd_first_bidder": (
            tr("First bidder"),
            tr("Chosen at random each hand, or rotating counterclockwise."),
        ),
        "sd_hands_per_session": (
            tr("Hands per session"),
            tr("How many hands a session lasts (0 = unlimited)."),
        ),
    }


def value_text(spec: OptionSpec, value: object) -> str:
    encoded = spec.encode(value)
    words = {
        "ccw": tr("counterclockwise"),
        "cw": tr("clockwise"),
        "live": tr("live (活棒)"),
        "dead": tr("dead (死棒)"),
        "partner": tr("partner"),
        "same": tr("same player"),
        "any": tr("any cards"),
        "weakest": tr("weakest cards"),
        "on": tr("on"),
        "off": tr("off"),
        "true": tr("on"),
        "false": tr("off"),
        "at_10": tr("at level 10"),
        "A_low": tr("A lowest"),
        "2_low": tr("2 lowest"),
        "rank_order": tr("rank order"),
        "numeric": tr("numeric"),
        "reject": tr("refuse"),
        "penalty": tr("penalty"),
        "level_and_card": tr("level and card"),
        "level_only": tr("level only"),
        "cumulative": tr("cumulative"),
        "dig_wins": tr("dig wins"),
        "pass_K": tr("pass K"),
        "none": tr("never"),
        "game": tr("game room"),
        "match": tr("match room"),
        "trump_suit_high": tr("trump suit's 2 high"),
        "equal": tr("equal"),
        "defender_hands": tr("defenders' hands"),
        "all_remaining": tr("all remaining"),
        "random": tr("random"),
        "rotate": tr("rotate"),
        "unlimited": tr("unlimited"),
    }
    return words.get(encoded, encoded)


def options_summary(game: Game, options: Mapping[str, str]) -> list[tuple[str, str]]:
    """(label, value) of every option that applies to the game, for the info panel."""
    out = []
    for spec in OPTION_SPECS:
        if not spec.applies(game) or spec.name not in options:
            continue
        value = spec.decode(options[spec.name])
        out.append((option_label(spec.name), value_text(spec, value)))
    return out


# ---------------------------------------------------------------------- events


def describe_event(ev: Mapping[str, Any], viewer: Seat | None = Seat.S) -> str | None:
    """One line of the game log for an event as the viewer saw it; None to leave it out."""
    kind = ev["event"]
    who = seat_name(ev["seat"], viewer) if ev.get("seat") else ""
    if kind in ("card_dealt", "deal_done", "play_started", "declare_window", "bidding_started"):
        return None
    if kind == "hand_started":
        return tr("— Hand {n} —").format(n=ev["number"])
    if kind == "declared":
        if ev.get("kind") == "big_joker":
            return tr("{who} shows a big joker").format(who=who)
        return tr("{who} declares {cards}").format(who=who, cards=cards_text(ev["cards"]))
    if kind == "passed":
        return tr("{who} passes").format(who=who)
    if kind == "bid":
        return tr("{who} bids {value}").format(who=who, value=ev["value"])
    if kind == "dealer_fixed":
        return tr("{who} is dealer with a bid of {bid}").format(who=who, bid=ev["bid"])
    if kind == "trump_fixed":
        return tr("Trump {suit}, dealer {who}").format(
            suit=suit_name(ev["suit"]), who=seat_name(ev["dealer"], viewer)
        )
    if kind == "trump_chosen":
        return tr("{who} chooses trump {suit}").format(who=who, suit=suit_name(ev["suit"]))
    if kind == "bottom_three":
        return tr("Nobody declared: the third card from the bottom makes {suit} trump").format(
            suit=suit_name(ev["suit"])
        )
    if kind == "kitty_drawn":
        return tr("Nobody declared: trump drawn from the kitty")
    if kind == "kitty_flipped":
        flips = ", ".join(f"{seat_name(s, viewer)} {cards_text(c)}" for s, c in ev["flips"])
        return tr("Kitty flipped for the deal: {flips}").format(flips=flips)
    if kind == "kitty_revealed":
        text = tr("Kitty shown: {cards}").format(cards=cards_text(ev["kitty"]))
        return text + ("  " + tr("Dry pot (干锅)") if ev.get("dry") else "")
    if kind == "kitty_shown":
        if ev.get("jokers"):
            return tr("{who} buries {jokers}: the kitty is shown for the pick: {cards}").format(
                who=who, jokers=cards_text(ev["jokers"]), cards=cards_text(ev["kitty"])
            )
        if "kitty" in ev:
            return tr("You see the kitty: {cards}").format(cards=cards_text(ev["kitty"]))
        return tr("The defenders see the kitty")
    if kind == "kitty_taken":
        if "kitty" in ev:
            return tr("{who} takes the kitty: {cards}").format(
                who=who, cards=cards_text(ev["kitty"])
            )
        return tr("{who} takes the kitty").format(who=who)
    if kind == "kitty_buried":
        if "kitty" in ev:
            return tr("{who} buries {cards}").format(who=who, cards=cards_text(ev["kitty"]))
        return tr("{who} buries {n} cards").format(who=who, n=ev.get("count", "?"))
    if kind == "jokers_buried":
        return tr("{who} buries {jokers} and takes {taken}").format(
            who=who, jokers=cards_text(ev["jokers"]), taken=cards_text(ev["taken"])
        )
    if kind == "tribute_due":
        return tr("{payer} owes {receiver} a tribute of {n}").format(
            payer=seat_name(ev["payer"], viewer),
            receiver=seat_name(ev["receiver"], viewer),
            n=ev["blood"],
        )
    if kind == "revolt":
        return tr("{who} revolts with {cards}!").format(who=who, cards=cards_text(ev["cards"]))
    if kind == "counter":
        return tr("{who} counters the revolt with three big jokers!").format(who=who)
    if kind == "tribute_cancelled":
        return tr("The tribute is cancelled")
    if kind == "tribute_paid":
        cards = cards_text(ev["cards"]) if "cards" in ev else str(ev.get("count"))
        return tr("{who} pays tribute to {to}: {cards}").format(
            who=who, to=seat_name(ev["to"], viewer), cards=cards
        )
    if kind == "tribute_returned":
        cards = cards_text(ev["cards"]) if "cards" in ev else str(ev.get("count"))
        return tr("{who} returns {cards} to {to}").format(
            who=who, to=seat_name(ev["to"], viewer), cards=cards
        )
    if kind == "cards_played":
        return tr("{who} plays {cards}").format(who=who, cards=cards_text(ev["cards"]))
    if kind == "throw_failed":
        return tr("{who}'s throw {tried} fails; {led} is played").format(
            who=who, tried=cards_text(ev["tried"]), led=cards_text(ev["led"])
        )
    if kind == "trick_won":
        return tr("{who} wins trick {n} (+{points} points)").format(
            who=who, n=ev["trick"], points=ev["points"]
        )
    if kind == "claimed":
        return tr("{who} claims the remaining tricks (+{points} points to the defenders)").format(
            who=who, points=ev["points"]
        )
    if kind == "draw":
        return tr("Everybody passed: the hand is a draw (流局)")
    if kind == "redeal":
        return tr("Six jokers in the kitty: the hand is dealt again")
    if kind == "hand_settled":
        return tr("Hand settled")
    if kind == "match_over":
        return tr("The match is over, won by {winner}").format(winner=winner_text(ev["winner"]))
    return str(kind)


# Between the items of a one-line list; the no-break space keeps a wrapped line from starting
# with the dot.
LIST_SEP = "\u00a0· "


def winner_text(winner: str | None, viewer: Seat | None = Seat.S) -> str:
    if winner is None:
        return "—"
    if winner in ("NS", "EW"):
        return team_name(winner, viewer)
    return LIST_SEP.join(seat_name(s, viewer) for s in winner.split("+"))


def match_winner_text(view: Mapping[str, Any], viewer: Seat | None = Seat.S) -> str:
    """Who won the match: a team in DL and TR; in SD whoever has the most coins, all of them
    when several do (SD-END-1 names no tie-break; the engine joins their seats with "+")."""
    return winner_text(view.get("match", {}).get("winner"), viewer)


def team_name(team: str, viewer: Seat | None = Seat.S) -> str:
    base = viewer if viewer is not None else Seat.S
    ours = "NS" if base % 2 == 0 else "EW"
    return tr("Your team") if team == ours else tr("Opponents")


def phase_name(phase: str) -> str:
    return {
        "deal": tr("Dealing"),
        "declare": tr("Declaring"),
        "bid": tr("Bidding"),
        "tribute": tr("Tribute"),
        "kitty": tr("Kitty"),
        "play": tr("Playing"),
        "settled": tr("Hand over"),
        "over": tr("Match over"),
    }.get(phase, phase)
