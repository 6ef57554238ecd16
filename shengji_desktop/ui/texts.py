"""Words for the game: seats, suits, cards, rule errors and options, all through tr() (the
game log's lines: ``log_words``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, Team
from shengji_desktop.rules.options import Game, OptionSpec

from .i18n import say, tr

if TYPE_CHECKING:  # the engine loads when a game starts, not with the start screen (issue 21)
    from shengji_desktop.engine.phase import Phase
    from shengji_desktop.engine.results import Winner
    from shengji_desktop.engine.view import SeatView
    from shengji_desktop.rules.errors import RuleError


def game_name(game: Game) -> str:
    return {
        Game.DL: tr("Dalian Da Gunzi (3 decks)"),
        Game.TR: tr("Tractor (2 decks)"),
        Game.SD: tr("Three against one (1 deck)"),
    }[game]


def kind_name(kind: str) -> str:
    return {
        "human": tr("Human"),
        "random": tr("Random"),
        "easy": tr("Easy"),
        "normal": tr("Normal"),
        "hard": tr("Hard"),
        "expert": tr("Expert"),
    }.get(kind, kind)


def kind_help(kind: str) -> str:
    """What a strength means, for its tooltip (docs/computer-players.md says it at length)."""
    return {
        "human": tr("You play this seat."),
        "open": tr("A person who joins the table takes this seat."),
        "easy": tr("Easy: plays by simple habits, at once."),
        "normal": tr("Normal: plays by careful rules of thumb, at once."),
        "hard": tr(
            "Hard: plays each move out on many deals of the hidden cards that fit what it has "
            "seen; about a second a move."
        ),
        "expert": tr(
            "Expert: as hard, with longer to think on every core (three seconds a move: "
            "Settings → Expert's time per move)."
        ),
    }.get(kind, "")


def seat_name(seat: Seat, viewer: Seat | None = Seat.S, seated: bool = True) -> str:
    """Where the seat sits as seen from the viewer at the bottom of the screen. ``seated``:
    the bottom seat is the reader's ("You"); no: a LAN watcher behind it (旁观), a table of
    computers, a replay seen from another seat than the player's ("Bottom")."""
    base = viewer if viewer is not None else Seat.S
    rel = (seat - base) % 4
    return [tr("You") if seated else tr("Bottom"), tr("Right"), tr("Across"), tr("Left")][rel]


def seat_object(seat: Seat, viewer: Seat | None = Seat.S, seated: bool = True) -> str:
    """A seat as the object of a sentence: "to you", "to Right", "paid by you" (a reader
    not seated at the bottom: "to Bottom")."""
    if seated and seat == (viewer if viewer is not None else Seat.S):
        return tr("you")
    return seat_name(seat, viewer, seated)


def suit_name(suit: Suit | None) -> str:
    if suit is None:
        return tr("none")
    names = {
        Suit.SPADES: tr("Spades"),
        Suit.HEARTS: tr("Hearts"),
        Suit.CLUBS: tr("Clubs"),
        Suit.DIAMONDS: tr("Diamonds"),
    }
    return f"{suit.symbol} {names[suit]}"


def card_text(card: Card) -> str:
    if card.is_joker:
        return tr("Big joker") if card.rank.label == "BJ" else tr("Small joker")
    return str(card)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_text(c) for c in cards) or "—"


def level_text(level: int | None) -> str:
    """A level as players name it: 2 … 10, J, Q, K, A."""
    return "—" if level is None else Rank(level).label


def team_name(team: Team, viewer: Seat | None = Seat.S, seated: bool = True) -> str:
    """ "Your team" or "Opponents"; to a reader not seated at the bottom, the team by its
    seats."""
    base = viewer if viewer is not None else Seat.S
    if not seated:
        return tr("Bottom & Across") if team is base.team else tr("Left & Right")
    return tr("Your team") if team is base.team else tr("Opponents")


# Between the items of a one-line list; the no-break space keeps a wrapped line from starting
# with the dot.
LIST_SEP = "\u00a0· "


def winner_text(winner: Winner | None, viewer: Seat | None = Seat.S, seated: bool = True) -> str:
    """A match's winner: a team in DL and TR; in SD every seat with the most coins (SD-END-1
    names no tie-break)."""
    if winner is None:
        return "—"
    if isinstance(winner, Team):
        return team_name(winner, viewer, seated)
    return LIST_SEP.join(seat_name(s, viewer, seated) for s in winner)


def winner_object(winner: Winner | None, viewer: Seat | None = Seat.S, seated: bool = True) -> str:
    """A match's winner as the object of a sentence: "won by your team", "won by the
    opponents", "won by you and Across" (SD's joint winners, SD-END-1)."""
    if winner is None:
        return "—"
    if isinstance(winner, Team):
        if not seated:
            return team_name(winner, viewer, seated)
        base = viewer if viewer is not None else Seat.S
        return tr("your team") if winner is base.team else tr("the opponents")
    names = [seat_object(s, viewer, seated) for s in winner]
    if len(names) == 1:
        return names[0]
    some = tr(", ").join(names[:-1])
    return tr("{some} and {last}").format(some=some, last=names[-1])


def match_winner_text(view: SeatView, seated: bool = True) -> str:
    """Who won the match, in a sentence to the reader behind the view's seat."""
    return winner_object(view.winner, view.seat, seated)


def phase_name(phase: Phase) -> str:
    from shengji_desktop.engine.phase import Phase

    return {
        Phase.DEAL: tr("Dealing"),
        Phase.DECLARE: tr("Declaring"),
        Phase.BID: tr("Bidding"),
        Phase.TRIBUTE: tr("Tribute"),
        Phase.KITTY: tr("Kitty"),
        Phase.PLAY: tr("Playing"),
        Phase.SETTLED: tr("Hand over"),
        Phase.OVER: tr("Match over"),
    }[phase]


# ---------------------------------------------------------------------- rule errors


def reason_text(error: RuleError) -> str:
    """The rule error in words, ending with its rule ID: said from its reason, its rule and
    its details (never the rules' own English line), in the installed language."""
    return say(lambda: _reason_words(error)) + f" [{error.rule}]"


def _reason_words(error: RuleError) -> str:
    from shengji_desktop.rules.errors import Reason

    d = error.details
    r = error.reason
    rule = error.rule
    # the rule decides the words where one reason stands for several rules
    by_rule: dict[tuple[Reason, str], str] = {
        (Reason.ILLEGAL_LEAD_SHAPE, "SD-LEAD-1"): tr(
            "In Three against one you lead one card at a time; no pairs, no throws."
        ),
        (Reason.ILLEGAL_LEAD_SHAPE, "DL-LEAD-2"): tr(
            "Lead one card, a pair or a triple of identical cards."
        ),
        (Reason.NOT_IN_PHASE, "DL-KITTY-3"): tr(
            "Dry pot (干锅): the kitty is not exchanged this hand."
        ),
        (Reason.BURY_ILLEGAL, "DL-KITTY-3"): tr("Dry pot (干锅): nobody may bury jokers."),
        (Reason.BURY_ILLEGAL, "DL-KITTY-6"): tr("Bury your big jokers before any small joker."),
        (Reason.BURY_ILLEGAL, "DL-KITTY-8"): tr(
            "Only jokers may be buried into the dealer's kitty by the others."
        ),
        (Reason.BURY_ILLEGAL, "DL-KITTY-9"): tr(
            "The kitty has too few cards you could take back for that many jokers."
        ),
        (Reason.NOT_YOUR_TURN, "SD-CLAIM-1"): tr("Only the player on lead may claim."),
        (Reason.CLAIM_NOT_ALLOWED, "SD-CLAIM-1"): tr(
            "You cannot claim: not every card of yours is sure to win."
        ),
        (Reason.REVOLT_NOT_ALLOWED, "DL-OP-6"): tr("Revolts are off at this table."),
        (Reason.DECLARATION_NOT_STRONGER, "TR-DECL-2"): tr(
            "An overcall must be a pair of a higher suit (♥ > ♦ > ♠ > ♣)."
        ),
        (Reason.DECLARATION_NOT_STRONGER, "TR-DECL-1"): tr(
            "The first single declaration stands; another single does not change it."
        ),
        (Reason.DECLARATION_CLOSED, "TR-DECL-3"): tr(
            "Trump is sealed (封主): nobody can overcall it."
        ),
    }
    texts: dict[Reason, str] = {
        Reason.NOT_IN_PHASE: tr("That is not possible at this moment."),
        Reason.NOT_YOUR_TURN: tr("It is not your turn."),
        Reason.CARDS_NOT_IN_HAND: tr("You do not hold those cards."),
        Reason.WRONG_NUMBER_OF_CARDS: tr("That is the wrong number of cards."),
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
        Reason.RETURN_WRONG_CARDS: tr("Return your weakest cards."),
        Reason.BURY_ILLEGAL: tr("Those cards cannot be buried."),
        Reason.PICKUP_WRONG_CARDS: tr("Take the weakest non-point cards of the kitty."),
        Reason.KITTY_NOT_VISIBLE: tr("You may not look at the kitty."),
        Reason.TRUMP_CHOICE_INVALID: tr("Choose one of the four suits."),
        Reason.CLAIM_NOT_ALLOWED: tr("You cannot claim now."),
        Reason.ACTION_INVALID: tr("That action is not valid."),
    }
    text = by_rule.get((r, rule)) or texts.get(r, tr("That is not allowed."))
    if r is Reason.WRONG_NUMBER_OF_CARDS and "expected" in d:
        text = plural(
            int(d["expected"]), tr("Play exactly one card."), tr("Play exactly {n} cards.")
        )
    elif r is Reason.WRONG_NUMBER_OF_CARDS and rule == "GEN-TRICK-2":
        text = tr("Select the cards to play.")
    elif r is Reason.CARDS_NOT_IN_HAND and "card" in d:
        text = tr("You do not hold {card}.").format(card=card_text(d["card"]))
    elif r in (Reason.MUST_FOLLOW_SUIT, Reason.MUST_PLAY_ALL_OF_SUIT) and "example" in d:
        text += " " + tr("You still hold {card}.").format(card=card_text(d["example"]))
    elif r is Reason.BID_TOO_LOW and "minimum" in d:
        text = tr("Your bid must be at least {n} points.").format(n=d["minimum"])
        if rule == "SD-BID-4":
            text += " " + tr(
                "After passes the minimum rises: the third bidder starts at 65, the fourth at 70."
            )
    elif r is Reason.BID_INVALID and d.get("allowed"):
        text = tr("Bids in this room: {bids} points.").format(
            bids=", ".join(str(b) for b in d["allowed"])
        )
    elif r in (Reason.TRIBUTE_WRONG_CARDS, Reason.RETURN_WRONG_CARDS):
        # the cards named are the player's own (a pick-up's would be the hidden kitty's)
        forced = d.get("forced") or ()
        size = len(forced) + int(d.get("count", 0) or 0)
        if r is Reason.TRIBUTE_WRONG_CARDS and size:
            text = plural(
                size,
                tr("Tribute must be your strongest eligible card."),
                tr("Tribute must be your {n} strongest eligible cards."),
            )
        if forced:
            text += " " + tr("These must be among them: {cards}.").format(cards=cards_text(forced))
    return text


def plural(n: int, one: str, many: str) -> str:
    """The sentence for one, or the one for ``n`` (``{n}`` filled in, other fields kept)."""
    return one if n == 1 else many.replace("{n}", str(n))


# ---------------------------------------------------------------------- options


def option_label(name: str) -> str:
    return _option_texts()[name][0]


def option_help(name: str) -> str:
    return _option_texts()[name][1]


def _option_texts() -> dict[str, tuple[str, str]]:
    """Each option's name and one line that tells a player what it changes at the table."""
    return {
        "play_direction": (
            tr("Direction of play"),
            tr("Which way the deal, the bidding and the play go round the table."),
        ),
        "dl_follow_mode": (
            tr("Following pairs"),
            tr("Live (活棒): a pair need not be answered with a pair; dead (死棒): it must."),
        ),
        "dl_keep_deal_seat": (
            tr("Next dealer after a win"),
            tr("When the dealer's side wins, the partner deals next, or the same player again."),
        ),
        "dl_tribute_return": (
            tr("Tribute return"),
            tr("For a tribute the dealer gives back cards he chooses, or his weakest cards."),
        ),
        "dl_revolt": (
            tr("Revolt (暴动)"),
            tr("Three big or three small jokers let the side that pays tribute refuse to pay."),
        ),
        "dl_three_sj_instant": (
            tr("Three small jokers in the kitty win"),
            tr("Three small jokers in the last kitty win the match at once, like three big ones."),
        ),
        "dl_last_level_dig_reset": (
            tr("Dig at 10 resets"),
            tr("A dealer's side at level 10 whose kitty is dug drops back to level 3."),
        ),
        "dl_hunzhu": (
            tr("Mixed trumps (混主)"),
            tr("Not offered: the trump suit is always one of the four suits."),
        ),
        "tr_level_base": (
            tr("Level sequence"),
            tr("Where the levels start: A is the lowest (A, 2 … K), or 2 is (2 … K, A)."),
        ),
        "tr_seal_absolute": (
            tr("Sealing is final"),
            tr("A sealed declaration (封主) cannot be overcalled by anybody."),
        ),
        "tr_level_tractor_mode": (
            tr("Tractors with level cards"),
            tr("Which trump pairs link into tractors: by rank order, or by their numbers."),
        ),
        "tr_a2_tractor": (
            tr("A-2 tractor"),
            tr("Whether a pair of aces and a pair of 2s form a tractor."),
        ),
        "tr_throw_check": (
            tr("Failed throws"),
            tr("A throw somebody can beat is refused, or its smallest beatable part is played."),
        ),
        "tr_kitty_multiplier": (
            tr("Kitty multiplier"),
            tr("How many times the kitty's points count when the defenders win the last trick."),
        ),
        "tr_kitty_face": (
            tr("Buried kitty"),
            tr(
                "Face up: all see the buried cards; face down: only the dealer until the hand ends."
            ),
        ),
        "tr_jqk_trigger": (
            tr("J/Q/K digs"),
            tr("At J, Q or K a special dig needs a level card to win the last trick, or any dig."),
        ),
        "tr_special_dig_precedence": (
            tr("Combining special digs"),
            tr("A special dig adds to the hand's other results, or replaces the dealer's gain."),
        ),
        "tr_match_end": (
            tr("End of match"),
            tr("The match ends when a team passes K, or it never ends and coins are counted."),
        ),
        "sd_room": (tr("Room"), tr("Game room: bids of 60, 65, 70, 75; match room: 60, 65, 70.")),
        "sd_room_base": (
            tr("Room stake"),
            tr("How many coins one unit of a hand's stake is worth."),
        ),
        "sd_two_order": (
            tr("Order of the 2s"),
            tr("The 2 of the trump suit beats the other 2s, or all four 2s are equal."),
        ),
        "sd_claim_points": (
            tr("Points on a claim"),
            tr("A claim gives the defenders the points in their hands, or all points left."),
        ),
        "sd_first_bidder": (
            tr("First bidder"),
            tr("Who bids first: a player drawn at random each hand, or each player in turn."),
        ),
        "sd_hands_per_session": (
            tr("Hands per session"),
            tr("How many hands a session lasts (0: as many as you like)."),
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
        "up": tr("face up (明扣)"),
        "down": tr("face down (暗扣)"),
    }
    return words.get(encoded, encoded)


# ---------------------------------------------------------------------- events
