"""The game log's words: one line per event as the viewer saw it, all through tr(); the seats
named as ``texts`` names them, the viewer's own moves in the second person."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shengji_desktop.rules.cards import Seat

from .i18n import say, tr
from .texts import card_text, cards_text, seat_name, seat_object, suit_name, winner_object

if TYPE_CHECKING:
    from shengji_desktop.engine import events as ev


def describe_event(
    event: ev.Event, viewer: Seat | None = Seat.S, seated: bool = True
) -> str | None:
    """One line of the game log for an event as the viewer saw it; None to leave it out. The
    viewer's own moves are said in the second person ("You play ♣7", "Right plays ♣7"), unless
    the reader does not play that seat (``seated``): "Bottom plays ♣7"."""
    return say(lambda: _log_line(event, viewer, seated) or "") or None


def _log_line(event: ev.Event, viewer: Seat | None, seated: bool) -> str | None:
    from shengji_desktop.engine import events as ev

    me = (viewer if viewer is not None else Seat.S) if seated else None

    def who(seat: Seat) -> str:
        return seat_name(seat, viewer, seated)

    def whom(seat: Seat) -> str:
        return seat_object(seat, viewer, seated)

    def by(seat: Seat, you: str, other: str) -> str:
        """The sentence of the viewer's own move, or of another seat's."""
        return you if seat == me else other

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
            text = by(seat, tr("You show a big joker"), tr("{who} shows a big joker"))
            return text.format(who=who(seat))
        case ev.Declared(seat=seat, cards=cards):
            text = by(seat, tr("You declare {cards}"), tr("{who} declares {cards}"))
            return text.format(who=who(seat), cards=cards_text(cards))
        case ev.Passed(seat=seat):
            return by(seat, tr("You pass"), tr("{who} passes")).format(who=who(seat))
        case ev.Bid(seat=seat, value=value):
            text = by(seat, tr("You bid {value}"), tr("{who} bids {value}"))
            return text.format(who=who(seat), value=value)
        case ev.DealerFixed(seat=seat, bid=bid):
            text = by(
                seat,
                tr("You are the dealer with a bid of {bid}"),
                tr("{who} is dealer with a bid of {bid}"),
            )
            return text.format(who=who(seat), bid=bid)
        case ev.TrumpFixed(suit=suit, dealer=dealer):
            return tr("Trump {suit}, dealer {who}").format(suit=suit_name(suit), who=who(dealer))
        case ev.TrumpChosen(seat=seat, suit=suit):
            text = by(seat, tr("You choose trump {suit}"), tr("{who} chooses trump {suit}"))
            return text.format(who=who(seat), suit=suit_name(suit))
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
            text = by(
                seat,
                tr("You bury {jokers}: the kitty is shown for the pick: {cards}"),
                tr("{who} buries {jokers}: the kitty is shown for the pick: {cards}"),
            )
            return text.format(who=who(seat), jokers=cards_text(jokers), cards=cards_text(kitty))
        case ev.KittyViewed(kitty=seen):
            if seen is None:
                return tr("The defenders see the kitty")
            return tr("You see the kitty: {cards}").format(cards=cards_text(seen))
        case ev.KittyTaken(seat=seat, kitty=taken):
            if taken is None:
                text = by(seat, tr("You take the kitty"), tr("{who} takes the kitty"))
                return text.format(who=who(seat))
            text = by(seat, tr("You take the kitty: {cards}"), tr("{who} takes the kitty: {cards}"))
            return text.format(who=who(seat), cards=cards_text(taken))
        case ev.KittyBuried(seat=seat, kitty=buried, count=count):
            if buried is None:
                text = by(seat, tr("You bury {n} cards"), tr("{who} buries {n} cards"))
                return text.format(who=who(seat), n="?" if count is None else count)
            text = by(seat, tr("You bury {cards}"), tr("{who} buries {cards}"))
            return text.format(who=who(seat), cards=cards_text(buried))
        case ev.JokersBuried(seat=seat, jokers=jokers, taken=taken):
            text = by(
                seat,
                tr("You bury {jokers} and take {taken}"),
                tr("{who} buries {jokers} and takes {taken}"),
            )
            return text.format(who=who(seat), jokers=cards_text(jokers), taken=cards_text(taken))
        case ev.TributeDue(payer=payer, receiver=receiver, blood=blood):
            text = by(
                payer,
                tr("You owe {receiver} a tribute of {n}"),
                tr("{payer} owes {receiver} a tribute of {n}"),
            )
            return text.format(payer=who(payer), receiver=whom(receiver), n=blood)
        case ev.Revolt(seat=seat, cards=cards):
            text = by(seat, tr("You revolt with {cards}!"), tr("{who} revolts with {cards}!"))
            return text.format(who=who(seat), cards=cards_text(cards))
        case ev.Countered(seat=seat):
            text = by(
                seat,
                tr("You counter the revolt with three big jokers!"),
                tr("{who} counters the revolt with three big jokers!"),
            )
            return text.format(who=who(seat))
        case ev.TributeCancelled():
            return tr("The tribute is cancelled")
        case ev.TributePaid(seat=seat, to=to, count=count, cards=cards):
            shown = str(count) if cards is None else cards_text(cards)
            text = by(
                seat,
                tr("You pay tribute to {to}: {cards}"),
                tr("{who} pays tribute to {to}: {cards}"),
            )
            return text.format(who=who(seat), to=whom(to), cards=shown)
        case ev.TributeReturned(seat=seat, to=to, count=count, cards=cards):
            shown = str(count) if cards is None else cards_text(cards)
            text = by(seat, tr("You return {cards} to {to}"), tr("{who} returns {cards} to {to}"))
            return text.format(who=who(seat), to=whom(to), cards=shown)
        case ev.CardsPlayed(seat=seat, cards=cards):
            text = by(seat, tr("You play {cards}"), tr("{who} plays {cards}"))
            return text.format(who=who(seat), cards=cards_text(cards))
        case ev.ThrowFailed(seat=seat, tried=tried, led=led):
            text = by(
                seat,
                tr("Your throw {tried} fails; {led} is played"),
                tr("{who}'s throw {tried} fails; {led} is played"),
            )
            return text.format(who=who(seat), tried=cards_text(tried), led=cards_text(led))
        case ev.AttemptRefused(seat=seat, kind="claim"):
            text = by(
                seat,
                tr("You try to claim: refused, not every card is a winner"),
                tr("{who} tries to claim: refused, not every card is a winner"),
            )
            return text.format(who=who(seat))
        case ev.AttemptRefused(seat=seat, cards=cards):
            text = by(
                seat,
                tr("You try to throw {cards}: refused, a part of it can be beaten"),
                tr("{who} tries to throw {cards}: refused, a part of it can be beaten"),
            )
            return text.format(who=who(seat), cards=cards_text(cards))
        case ev.TrickWon(seat=seat, points=points, trick=n):
            text = by(
                seat,
                tr("You win trick {n} (+{points} points)"),
                tr("{who} wins trick {n} (+{points} points)"),
            )
            return text.format(who=who(seat), n=n, points=points)
        case ev.Claimed(seat=seat, points=points):
            text = by(
                seat,
                tr("You claim the remaining tricks (+{points} points to the defenders)"),
                tr("{who} claims the remaining tricks (+{points} points to the defenders)"),
            )
            return text.format(who=who(seat), points=points)
        case ev.Draw():
            return tr("Everybody passed: the hand is a draw (流局)")
        case ev.Redealt():
            return tr("Six jokers in the kitty: the hand is dealt again")
        case ev.HandSettled():
            return tr("Hand settled")
        case ev.MatchOver(winner=winner):
            return tr("The match is over, won by {winner}").format(
                winner=winner_object(winner, viewer, seated)
            )
    return tr("Something happened at the table")
