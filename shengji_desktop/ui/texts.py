"""Words for the game: seats, suits, cards, rule errors, events and options, all through tr()."""

from __future__ import annotations

from collections.abc import Iterable

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.results import Winner
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import Card, Rank, Seat, Suit, Team
from shengji_desktop.rules.errors import Reason, RuleError
from shengji_desktop.rules.options import OPTION_SPECS, Game, Options, OptionSpec

from .i18n import tr


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
    }.get(kind, kind)


def seat_name(seat: Seat, viewer: Seat | None = Seat.S) -> str:
    """Where the seat sits as seen from the viewer at the bottom of the screen."""
    base = viewer if viewer is not None else Seat.S
    rel = (seat - base) % 4
    return [tr("You"), tr("Right"), tr("Across"), tr("Left")][rel]


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


def team_name(team: Team, viewer: Seat | None = Seat.S) -> str:
    base = viewer if viewer is not None else Seat.S
    return tr("Your team") if team is base.team else tr("Opponents")


# Between the items of a one-line list; the no-break space keeps a wrapped line from starting
# with the dot.
LIST_SEP = "\u00a0· "


def winner_text(winner: Winner | None, viewer: Seat | None = Seat.S) -> str:
    """A match's winner: a team in DL and TR; in SD every seat with the most coins (SD-END-1
    names no tie-break)."""
    if winner is None:
        return "—"
    if isinstance(winner, Team):
        return team_name(winner, viewer)
    return LIST_SEP.join(seat_name(s, viewer) for s in winner)


def match_winner_text(view: SeatView) -> str:
    """Who won the match, as the view's seat says it."""
    return winner_text(view.winner, view.seat)


def phase_name(phase: Phase) -> str:
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


def options_summary(game: Game, options: Options) -> list[tuple[str, str]]:
    """(label, value) of every option that applies to the game, for the info panel."""
    return [
        (option_label(spec.name), value_text(spec, getattr(options, spec.name)))
        for spec in OPTION_SPECS
        if spec.applies(game)
    ]


# ---------------------------------------------------------------------- events


def describe_event(event: ev.Event, viewer: Seat | None = Seat.S) -> str | None:
    """One line of the game log for an event as the viewer saw it; None to leave it out."""

    def who(seat: Seat) -> str:
        return seat_name(seat, viewer)

    match event:
        case (
            ev.CardDealt()
            | ev.DealDone()
            | ev.PlayStarted()
            | ev.DeclareWindow()
            | ev.BiddingStarted()
        ):
            return None
        case ev.HandStarted(number=n):
            return tr("— Hand {n} —").format(n=n)
        case ev.Declared(seat=seat, kind="big_joker"):
            return tr("{who} shows a big joker").format(who=who(seat))
        case ev.Declared(seat=seat, cards=cards):
            return tr("{who} declares {cards}").format(who=who(seat), cards=cards_text(cards))
        case ev.Passed(seat=seat):
            return tr("{who} passes").format(who=who(seat))
        case ev.Bid(seat=seat, value=value):
            return tr("{who} bids {value}").format(who=who(seat), value=value)
        case ev.DealerFixed(seat=seat, bid=bid):
            return tr("{who} is dealer with a bid of {bid}").format(who=who(seat), bid=bid)
        case ev.TrumpFixed(suit=suit, dealer=dealer):
            return tr("Trump {suit}, dealer {who}").format(suit=suit_name(suit), who=who(dealer))
        case ev.TrumpChosen(seat=seat, suit=suit):
            return tr("{who} chooses trump {suit}").format(who=who(seat), suit=suit_name(suit))
        case ev.BottomThree(suit=suit):
            return tr("Nobody declared: the third card from the bottom makes {suit} trump").format(
                suit=suit_name(suit)
            )
        case ev.KittyDrawn():
            return tr("Nobody declared: trump drawn from the kitty")
        case ev.KittyFlipped(flips=flips):
            shown = ", ".join(f"{who(s)} {card_text(c)}" for s, c in flips)
            return tr("Kitty flipped for the deal: {flips}").format(flips=shown)
        case ev.KittyRevealed(kitty=kitty, dry=dry):
            text = tr("Kitty shown: {cards}").format(cards=cards_text(kitty))
            return text + ("  " + tr("Dry pot (干锅)") if dry else "")
        case ev.KittyShown(seat=seat, jokers=jokers, kitty=kitty):
            return tr("{who} buries {jokers}: the kitty is shown for the pick: {cards}").format(
                who=who(seat), jokers=cards_text(jokers), cards=cards_text(kitty)
            )
        case ev.KittyViewed(kitty=seen):
            if seen is None:
                return tr("The defenders see the kitty")
            return tr("You see the kitty: {cards}").format(cards=cards_text(seen))
        case ev.KittyTaken(seat=seat, kitty=taken):
            if taken is None:
                return tr("{who} takes the kitty").format(who=who(seat))
            return tr("{who} takes the kitty: {cards}").format(
                who=who(seat), cards=cards_text(taken)
            )
        case ev.KittyBuried(seat=seat, kitty=buried, count=count):
            if buried is None:
                return tr("{who} buries {n} cards").format(
                    who=who(seat), n="?" if count is None else count
                )
            return tr("{who} buries {cards}").format(who=who(seat), cards=cards_text(buried))
        case ev.JokersBuried(seat=seat, jokers=jokers, taken=taken):
            return tr("{who} buries {jokers} and takes {taken}").format(
                who=who(seat), jokers=cards_text(jokers), taken=cards_text(taken)
            )
        case ev.TributeDue(payer=payer, receiver=receiver, blood=blood):
            return tr("{payer} owes {receiver} a tribute of {n}").format(
                payer=who(payer), receiver=who(receiver), n=blood
            )
        case ev.Revolt(seat=seat, cards=cards):
            return tr("{who} revolts with {cards}!").format(who=who(seat), cards=cards_text(cards))
        case ev.Countered(seat=seat):
            return tr("{who} counters the revolt with three big jokers!").format(who=who(seat))
        case ev.TributeCancelled():
            return tr("The tribute is cancelled")
        case ev.TributePaid(seat=seat, to=to, count=count, cards=cards):
            shown = str(count) if cards is None else cards_text(cards)
            return tr("{who} pays tribute to {to}: {cards}").format(
                who=who(seat), to=who(to), cards=shown
            )
        case ev.TributeReturned(seat=seat, to=to, count=count, cards=cards):
            shown = str(count) if cards is None else cards_text(cards)
            return tr("{who} returns {cards} to {to}").format(
                who=who(seat), to=who(to), cards=shown
            )
        case ev.CardsPlayed(seat=seat, cards=cards):
            return tr("{who} plays {cards}").format(who=who(seat), cards=cards_text(cards))
        case ev.ThrowFailed(seat=seat, tried=tried, led=led):
            return tr("{who}'s throw {tried} fails; {led} is played").format(
                who=who(seat), tried=cards_text(tried), led=cards_text(led)
            )
        case ev.AttemptRefused(seat=seat, kind="claim"):
            return tr("{who} tries to claim: refused, not every card is a winner").format(
                who=who(seat)
            )
        case ev.AttemptRefused(seat=seat, cards=cards):
            return tr("{who} tries to throw {cards}: refused, a part of it can be beaten").format(
                who=who(seat), cards=cards_text(cards)
            )
        case ev.TrickWon(seat=seat, points=points, trick=n):
            return tr("{who} wins trick {n} (+{points} points)").format(
                who=who(seat), n=n, points=points
            )
        case ev.Claimed(seat=seat, points=points):
            return tr(
                "{who} claims the remaining tricks (+{points} points to the defenders)"
            ).format(who=who(seat), points=points)
        case ev.Draw():
            return tr("Everybody passed: the hand is a draw (流局)")
        case ev.Redealt():
            return tr("Six jokers in the kitty: the hand is dealt again")
        case ev.HandSettled():
            return tr("Hand settled")
        case ev.MatchOver(winner=winner):
            return tr("The match is over, won by {winner}").format(
                winner=winner_text(winner, viewer)
            )
    return event.KIND
