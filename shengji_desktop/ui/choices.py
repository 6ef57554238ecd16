"""The buttons above the hand: for each moment of a game, what the human seat may do, the
words on the buttons and what pressing them does, with the prompt and the notice. Apart from
the window, which opens before the engine's modules load (``MainWindow.finish_building``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shengji_desktop.engine.actions import Act, Action
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card
from shengji_desktop.rules.options import Game

from .i18n import tr
from .panels import Choice
from .texts import SUIT_SYMBOLS, cards_text, seat_name, suit_name

if TYPE_CHECKING:
    from .app import MainWindow


def hint_key(action: Action) -> str:
    """The key of the button a hint points at."""
    if action.kind is Act.PLAY:
        return "play"
    if action.kind in (Act.BURY, Act.TRIBUTE, Act.RETURN):
        return str(action.kind.value)
    return button_key(action)


def button_key(action: Action) -> str:
    """The key of an action's button in the action bar (tests press buttons by it)."""
    parts = [action.kind.value]
    if action.value is not None:
        parts.append(str(action.value))
    if action.suit is not None:
        parts.append(action.suit.letter)
    if action.cards:
        parts.append("-".join(str(int(c)) for c in action.cards))
    if action.taken:
        parts.append("t" + "-".join(str(int(c)) for c in action.taken))
    return "_".join(parts)


def describe_action(action: Action) -> str:
    """An action in a few words (the hint's message)."""
    if action.kind is Act.PLAY:
        return tr("play {cards}").format(cards=cards_text(action.cards))
    if action.kind is Act.PASS:
        return tr("pass")
    if action.kind is Act.BID:
        return tr("bid {n}").format(n=action.value)
    if action.kind is Act.CHOOSE_TRUMP and action.suit is not None:
        return tr("trump {suit}").format(suit=SUIT_SYMBOLS[action.suit.letter])
    if action.cards:
        return f"{action.kind.value} {cards_text(action.cards)}"
    return str(action.kind.value)


def three_jokers(cards: tuple[Card, ...]) -> str | None:
    """ "3 big jokers" for three big jokers (a DL declaration or revolt), None for others."""
    if len(cards) == 3 and len(set(cards)) == 1 and cards[0] in (BIG_JOKER, SMALL_JOKER):
        return tr("3 big jokers") if cards[0] == BIG_JOKER else tr("3 small jokers")
    return None


class Choices:
    """The action bar's contents for the window's controller and selection. Made for each
    refresh and dropped: the window does not keep it (see ``MainWindow.refresh_actions``)."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def current(self) -> tuple[list[Choice], str, str | None]:
        """The buttons and prompt for this moment; the notice is None to keep the current."""
        w = self.w
        c = w.controller
        assert c is not None
        phase = c.phase
        legal = c.human_legal
        selected = self.w.scene.selected_cards()
        hint = Choice(
            "hint", tr("Hint"), tr("What the normal computer player would do (H)"), self.w.hint
        )
        if c.human is None:
            return [], tr("Watching the computer players"), None
        if phase == "deal":
            decls = [a for a in legal if a.kind is Act.DECLARE]
            choices = [self.action_choice(a) for a in decls]
            prompt = tr("Dealing…") + (" " + tr("You may declare now.") if decls else "")
            return choices, prompt, None
        if c.waiting in ("next_hand", "over"):
            return [], "", ""  # the settlement or the match's end is on the table's overlay
        if c.waiting != "human":
            # the match may be ahead of the table (its animations still running)
            seats = [s for s in c.to_act() if s != c.human]
            turn = seats[0].name if seats else self.w.last_view.get("turn")
            if turn == self.w.viewer.name:
                turn = None
            who = seat_name(turn, self.w.viewer) if turn else ""
            text = tr("Waiting for {who}…").format(who=who) if who else tr("Please wait…")
            return [], text, None
        kinds = {a.kind for a in legal}
        if Act.PLAY in kinds:
            check = c.check_play(selected)
            leading = not self.w.last_view.get("trick")
            prompt = tr("Your lead") if leading else tr("Your turn: follow")
            play = Choice(
                "play",
                tr("Play"),
                tr("Play the selected cards (Enter)"),
                self.w.play_selected,
                primary=True,
                enabled=check.ok,
            )
            choices = [play]
            if Act.CLAIM in kinds:
                claim = next(a for a in legal if a.kind is Act.CLAIM)
                choices.append(
                    Choice(
                        "claim",
                        tr("Claim"),
                        tr("Lay down your hand: every card of yours wins (SD-CLAIM-1)"),
                        lambda: self.w.do(claim),
                    )
                )
            choices += [
                hint,
                Choice(
                    "clear", tr("Clear"), tr("Deselect all (Esc)"), self.w.scene.clear_selection
                ),
            ]
            notice = "" if not selected else (check.message or "")
            return choices, prompt, notice
        for kind in (Act.BURY, Act.TRIBUTE, Act.RETURN):
            offered = [a for a in legal if a.kind is kind]
            if offered:
                return self.card_choice(kind, offered, selected, hint)
        # buttons only: bids, declarations, passes, revolts, joker burials, trump choice
        choices = [self.action_choice(a) for a in legal]
        if legal:
            choices.append(hint)
        if phase == "declare" and kinds == {Act.PASS}:
            return choices, tr("Nothing to declare: pass"), None
        prompts = {
            Act.BID: tr("Your bid"),
            Act.DECLARE: tr("Declare or pass"),
            Act.REVOLT: tr("Revolt?"),
            Act.COUNTER: tr("Counter the revolt?"),
            Act.BURY_JOKERS: tr("Bury jokers into the kitty?"),
            Act.CHOOSE_TRUMP: tr("Choose the trump suit"),
        }
        text = next((prompts[k] for k in prompts if k in kinds), tr("Your decision"))
        return choices, text, None

    def card_choice(
        self, kind: Act, offered: list[Action], selected: list[Card], hint: Choice
    ) -> tuple[list[Choice], str, str | None]:
        c = self.w.controller
        assert c is not None
        need = offered[0].value if offered[0].value is not None else len(offered[0].cards)
        explicit = [a.cards for a in offered if a.cards]
        chosen = tuple(sorted(selected))
        ok = chosen in explicit if explicit else len(selected) == need
        tribute = self.w.last_view.get("tribute") or {}
        other = tribute.get("receiver") if kind is Act.TRIBUTE else tribute.get("payer")
        who = seat_name(other, self.w.viewer) if other else "—"
        texts = {
            Act.BURY: (tr("Bury"), tr("Bury {n} cards: select them ({k}/{n})")),
            Act.TRIBUTE: (
                tr("Pay tribute"),
                tr("Tribute to {who}: your {n} strongest eligible cards"),
            ),
            Act.RETURN: (tr("Return"), tr("Return {n} cards to {who} ({k}/{n})")),
        }
        button, prompt = texts[kind]
        notice: str | None = None
        if kind is Act.BURY:
            rules = {
                Game.DL: tr(
                    "Any cards; a small joker only when you keep no big joker (DL-KITTY-6)."
                ),
                Game.TR: tr("Any 8 cards; the kitty is shown face up (TR-KITTY-2)."),
                Game.SD: tr("Any 6 cards; the kitty is never shown (SD-KITTY-4)."),
            }
            notice = rules[c.game]
        if explicit and len(explicit) > 1:
            options = " / ".join(cards_text(e) for e in explicit[:4])
            notice = tr("Choose one of: {options}").format(options=options)
        choice = Choice(
            kind.value,
            button,
            prompt.format(n=need, k=len(selected), who=who),
            lambda: self.w.choose(kind),
            primary=True,
            enabled=ok,
        )
        return [choice, hint], prompt.format(n=need, k=len(selected), who=who), notice

    def action_choice(self, action: Action) -> Choice:
        kind = action.kind
        if kind is Act.PASS:
            c = self.w.controller
            phase = c.phase if c is not None else ""
            text = tr("No bid") if phase == "bid" else tr("Pass")
            return Choice(button_key(action), text, tr("Decline"), lambda: self.w.do(action))
        if kind is Act.BID:
            return Choice(
                button_key(action),
                tr("{n} points").format(n=action.value),
                tr("Bid to collect at least {n} points alone").format(n=action.value),
                lambda: self.w.do(action),
                primary=True,
            )
        if kind is Act.DECLARE:
            cards = action.cards
            if cards == (BIG_JOKER,):
                text = tr("Show big joker")
            elif (name := three_jokers(cards)) is not None:
                suit = SUIT_SYMBOLS[action.suit.letter] if action.suit is not None else ""
                text = f"{name} → {suit}"
            else:
                text = tr("Declare {cards}").format(cards=cards_text(cards))
            return Choice(
                button_key(action),
                text,
                tr("Show these cards to make their suit trump"),
                lambda: self.w.do(action),
                primary=True,
            )
        if kind is Act.REVOLT:
            return Choice(
                button_key(action),
                tr("Revolt with {cards}").format(
                    cards=three_jokers(action.cards) or cards_text(action.cards)
                ),
                tr("Show three identical jokers to cancel the tribute (DL-TRIB-6)"),
                lambda: self.w.do(action),
                primary=True,
            )
        if kind is Act.COUNTER:
            return Choice(
                button_key(action),
                tr("Counter with 3 big jokers"),
                tr("Void the revolt: the tribute is paid (DL-TRIB-7)"),
                lambda: self.w.do(action),
                primary=True,
            )
        if kind is Act.BURY_JOKERS:
            if action.taken:
                text = tr("Bury {jokers}, take {taken}").format(
                    jokers=cards_text(action.cards), taken=cards_text(action.taken)
                )
            else:  # the kitty is hidden from this seat: the weakest cards come out
                text = tr("Bury {jokers}").format(jokers=cards_text(action.cards))
            return Choice(
                button_key(action),
                text,
                tr("Put jokers into the kitty and take its weakest cards (DL-KITTY-8)"),
                lambda: self.w.do(action),
                primary=True,
            )
        if kind is Act.CHOOSE_TRUMP:
            assert action.suit is not None
            return Choice(
                button_key(action),
                suit_name(action.suit.letter),
                tr("Make this suit trump (SD-KITTY-3)"),
                lambda: self.w.do(action),
                primary=True,
            )
        if kind is Act.CLAIM:
            return Choice("claim", tr("Claim"), tr("Lay down your hand"), lambda: self.w.do(action))
        return Choice(button_key(action), kind.value, "", lambda: self.w.do(action))
