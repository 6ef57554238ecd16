"""The buttons above the hand: for each moment of a game, what the human seat may do, the
words on the buttons and what pressing them does, with the prompt and the notice. Apart from
the table screen, which is built before the engine's modules load (``TableScreen.build``)."""

from __future__ import annotations

from typing import Protocol

from shengji_desktop.engine.actions import Act, Action, ChooseCards, Move
from shengji_desktop.engine.phase import Phase, Step
from shengji_desktop.engine.view import SeatView
from shengji_desktop.rules.cards import BIG_JOKER, SMALL_JOKER, Card, Seat
from shengji_desktop.rules.errors import RuleError
from shengji_desktop.rules.options import Game
from shengji_desktop.rules.ranking import Trump

from ..i18n import current_mode, join, say, speaking, tr
from ..texts import card_text, cards_text, plural, reason_text, seat_name, seat_object, suit_name
from . import Choice
from .formats import game_text
from .notes import bid_note, follow_note


class Selection(Protocol):
    """The cards selected in the hand (``TableScene``)."""

    def selected_cards(self) -> list[Card]: ...

    def clear_selection(self) -> None: ...


class Check(Protocol):
    """Whether the selected cards may be played now, and if not why (``SelectionCheck``)."""

    @property
    def ok(self) -> bool: ...

    @property
    def message(self) -> str: ...


class Session(Protocol):
    """What the buttons ask of the window's session."""

    @property
    def phase(self) -> Phase: ...

    @property
    def waiting(self) -> str:
        """ "" (nothing), "human" (the seat's decision), "next_hand" or "over"."""

    @property
    def human(self) -> Seat | None: ...

    @property
    def human_legal(self) -> tuple[Move, ...]: ...

    @property
    def game(self) -> Game | None: ...

    def to_act(self) -> list[Seat]: ...

    def check_play(self, cards: list[Card]) -> Check: ...


class Window(Protocol):
    """What the buttons ask of the table screen: its session, the view on the table, the
    selection, and the commands the buttons call."""

    @property
    def session(self) -> Session | None: ...

    @property
    def last_view(self) -> SeatView | None: ...

    @property
    def viewer(self) -> Seat: ...

    @property
    def seated(self) -> bool:
        """Whether a person plays the viewer's seat (no: a watcher, a table of computers)."""

    @property
    def turn_shown(self) -> tuple[Seat | None] | None:
        """While a batch is shown: (the seat after the last play on the table,), or (None,)
        when the trick on the table is full (the session's view may be ahead of the table)."""

    @property
    def scene(self) -> Selection: ...

    def do(self, action: Action) -> None: ...

    def play_selected(self) -> None: ...

    def choose(self, kind: Act) -> None: ...

    def hint(self) -> None: ...


def hint_key(action: Action) -> str:
    """The key of the button a hint points at."""
    if action.kind is Act.PLAY:
        return "play"
    if action.kind is Act.CLAIM:
        return "claim"
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


def describe_action(action: Action, bidding: bool = False, trump: Trump | None = None) -> str:
    """An action in a few words (the hint's message); a pass while bidding is "no bid", as
    its button says. With ``trump``, the cards strongest first, as the hand shows them."""
    shown = sorted(action.cards, key=trump.strength, reverse=True) if trump else action.cards
    cards = cards_text(shown)
    kind = action.kind
    if kind is Act.PLAY:
        return tr("play {cards}").format(cards=cards)
    if kind is Act.PASS:
        return tr("no bid") if bidding else tr("pass")
    if kind is Act.BID:
        return tr("bid {n}").format(n=action.value)
    if kind is Act.CHOOSE_TRUMP and action.suit is not None:
        return tr("trump {suit}").format(suit=action.suit.symbol)
    if kind is Act.BURY_JOKERS and action.taken:
        return tr("bury {jokers}, take {taken}").format(
            jokers=cards, taken=cards_text(action.taken)
        )
    words = {
        Act.DECLARE: tr("declare {cards}"),
        Act.BURY: tr("bury {cards}"),
        Act.BURY_JOKERS: tr("bury {cards}"),
        Act.TRIBUTE: tr("pay {cards} as tribute"),
        Act.RETURN: tr("return {cards}"),
        Act.REVOLT: tr("revolt with {cards}"),
        Act.COUNTER: tr("counter the revolt with {cards}"),
        Act.CLAIM: tr("claim the remaining tricks"),
    }
    return words.get(kind, tr("this move")).format(cards=cards)


def hint_text(action: Action, view: SeatView | None) -> str:
    """The hint's line: the move, and the rule that surprises where one decides it."""
    bidding = view is not None and view.phase is Phase.BID
    trump = view.trump if view is not None else None
    text = say(lambda: tr("Hint: {what}").format(what=describe_action(action, bidding, trump)))
    if view is not None and action.kind is Act.PLAY:
        note = follow_note(view, action.cards)
    elif view is not None and action.kind in (Act.BID, Act.PASS):
        note = bid_note(view, bids_offered(view.legal))
    else:
        note = ""
    return f"{text} — {note}" if note else text


def bids_offered(legal: tuple[Move, ...]) -> list[int]:
    return [m.value for m in legal if isinstance(m, Action) and m.kind is Act.BID and m.value]


def grouped_cards(cards: tuple[Card, ...]) -> str:
    """Cards with the copies of one counted: "大王×2 小王" (for the compact buttons)."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return " ".join(card_text(c) + (f"×{n}" if n > 1 else "") for c, n in counts.items()) or "—"


def three_jokers(cards: tuple[Card, ...]) -> str | None:
    """ "3 big jokers" for three big jokers (a DL declaration or revolt), None for others."""
    if len(cards) == 3 and len(set(cards)) == 1 and cards[0] in (BIG_JOKER, SMALL_JOKER):
        return tr("3 big jokers") if cards[0] == BIG_JOKER else tr("3 small jokers")
    return None


def fixed_set_refusal(
    view: SeatView | None, kind: Act, cards: list[Card], need: int
) -> RuleError | None:
    """Why ``need`` selected cards are none of the fixed sets offered (DL's tribute and its
    weakest return): the rules' own check, with its reason and rule (DL-TRIB-4, DL-OP-5)."""
    from collections import Counter

    from shengji_desktop.rules import dl_tribute

    if view is None or view.trump is None:
        return None
    held = Counter(view.hand)
    try:
        if kind is Act.TRIBUTE:
            dl_tribute.validate_tribute(held, cards, need, view.trump)
        elif kind is Act.RETURN:
            dl_tribute.validate_return(held, cards, need, view.trump, view.options)
    except RuleError as exc:
        return exc
    return None


def burying(view: SeatView | None, seat: Seat) -> bool:
    """Whether ``seat`` is burying the kitty now: the dealer's turn in the kitty phase, trump
    chosen (SD-KITTY-3 comes before the burial, SD-KITTY-4)."""
    return (
        view is not None
        and view.phase is Phase.KITTY
        and view.dealer == seat
        and (view.game is not Game.SD or view.trump is not None)
    )


class Choices:
    """The action bar's contents for the table's session and selection. Made for each
    refresh and dropped: the screen does not keep it (see ``TableScreen.refresh_actions``).

    The session (``screen.session``) gives the phase, what it waits for (``waiting``),
    the human seat and its legal moves (``human_legal``), ``to_act()`` and ``check_play``;
    the screen gives the view on the table (``last_view``), the scene's selection and the
    commands the buttons call (``do``, ``play_selected``, ``choose``, ``hint``)."""

    def __init__(self, window: Window) -> None:
        self.w = window

    def turn(self) -> Seat | None:
        """Whose decision the table waits for: the one source of the bar's prompt and the
        panel's "Turn:" (the match may be ahead of the table, its animations running)."""
        c = self.w.session
        view = self.w.last_view
        if c is None or c.waiting in ("next_hand", "over"):
            return None
        if c.phase is Phase.DEAL:  # everybody may declare while the cards come
            return view.turn if view is not None else None
        if c.waiting == "human":
            return c.human
        if self.w.turn_shown is not None:
            return self.w.turn_shown[0]
        seats = [s for s in c.to_act() if s != c.human]
        return seats[0] if seats else (view.turn if view is not None else None)

    def busy(self) -> bool:
        """Whether a computer seat is burying the kitty: the bar shows a busy indicator."""
        c = self.w.session
        if c is None or c.waiting in ("human", "next_hand", "over") or c.phase is Phase.DEAL:
            return False
        turn = self.turn()
        return turn is not None and turn != self.w.viewer and burying(self.w.last_view, turn)

    def current(self) -> tuple[list[Choice], str, str | None]:
        """The buttons and prompt for this moment; the notice is None to keep the current.
        In both languages, each of them made in Chinese and in English, and joined."""
        if current_mode() != "both":
            return self.made()
        with speaking("zh"):
            zh_choices, zh_prompt, zh_notice = self.made()
        with speaking("en"):
            choices, prompt, notice = self.made()
        for zh, en in zip(zh_choices, choices, strict=True):
            en.text = join(zh.text, en.text)
            en.tooltip = join(zh.tooltip, en.tooltip, sentence=True)
        if notice is not None and zh_notice is not None:
            notice = join(zh_notice, notice, sentence=True)
        return choices, join(zh_prompt, prompt, sentence=True), notice

    def made(self) -> tuple[list[Choice], str, str | None]:
        """The buttons, prompt and notice in the language ``tr`` speaks now."""
        w = self.w
        c = w.session
        assert c is not None
        phase = c.phase
        legal = c.human_legal
        view = w.last_view
        selected = w.scene.selected_cards()
        hint = Choice(
            "hint", tr("Hint"), tr("What the normal computer player would do (H)"), w.hint
        )
        if c.human is None:
            return [], tr("Watching the computer players"), None
        if phase is Phase.DEAL:
            decls = [a for a in legal if isinstance(a, Action) and a.kind is Act.DECLARE]
            choices = [self.action_choice(a) for a in decls]
            prompt = tr("Dealing…") + (" " + tr("You may declare now.") if decls else "")
            return choices, prompt, None
        if c.waiting in ("next_hand", "over"):
            return [], "", ""  # the settlement or the match's end is on the table's overlay
        if c.waiting != "human":
            turn = self.turn()
            if turn is None or (turn == w.viewer and w.seated):
                return [], tr("Please wait…"), None
            who = seat_name(turn, w.viewer, w.seated)
            if burying(view, turn):  # the hard player may think for seconds (issue 22)
                return [], tr("{who} is burying the kitty…").format(who=who), None
            return [], tr("Waiting for {who}…").format(who=who), None
        kinds = {m.kind for m in legal}
        if Act.PLAY in kinds:
            check = c.check_play(selected)
            leading = view is None or not view.trick
            prompt = tr("Your lead") if leading else tr("Your turn: follow")
            play = Choice(
                "play",
                tr("Play"),
                tr("Play the selected cards (Enter)"),
                w.play_selected,
                primary=True,
                enabled=check.ok,
            )
            choices = [play]
            claim = next((a for a in legal if isinstance(a, Action) and a.kind is Act.CLAIM), None)
            if claim is not None:
                choices.append(
                    Choice(
                        "claim",
                        tr("Claim"),
                        tr("Lay down your hand: every card of yours wins (SD-CLAIM-1)"),
                        lambda: w.do(claim),
                    )
                )
            choices += [
                hint,
                Choice("clear", tr("Clear"), tr("Deselect all (Esc)"), w.scene.clear_selection),
            ]
            notice = "" if not selected else (check.message or "")
            if check.ok and not notice and view is not None:
                notice = follow_note(view, selected)
            return choices, prompt, notice
        for kind in (Act.BURY, Act.TRIBUTE, Act.RETURN):
            offered = [m for m in legal if m.kind is kind]
            if offered:
                return self.card_choice(kind, offered, selected, hint)
        # buttons only: bids, declarations, passes, revolts, joker burials, trump choice
        choices = [self.action_choice(a) for a in legal if isinstance(a, Action)]
        if legal:
            choices.append(hint)
        if phase is Phase.DECLARE and kinds == {Act.PASS}:
            return choices, tr("Nothing to declare: pass"), None
        if phase is Phase.KITTY and kinds == {Act.PASS}:  # DL-KITTY-8: every seat is asked
            return choices, tr("No joker to bury: pass"), None
        if phase is Phase.TRIBUTE and kinds == {Act.PASS}:  # DL-TRIB-6/7: both seats are asked
            if view is not None and view.step is Step.COUNTER:
                return choices, tr("No three big jokers to counter with: pass"), None
            return choices, tr("No three jokers to revolt with: pass"), None
        prompts = {
            Act.BID: tr("Your bid"),
            Act.DECLARE: tr("Declare or pass"),
            Act.REVOLT: tr("Revolt?"),
            Act.COUNTER: tr("Counter the revolt?"),
            Act.BURY_JOKERS: tr("Bury jokers into the kitty?"),
            Act.CHOOSE_TRUMP: tr("Choose the trump suit"),
        }
        text = next((prompts[k] for k in prompts if k in kinds), tr("Your decision"))
        if Act.BID in kinds and view is not None:
            return choices, text, bid_note(view, bids_offered(legal))
        return choices, text, None

    def card_choice(
        self, kind: Act, offered: list[Move], selected: list[Card], hint: Choice
    ) -> tuple[list[Choice], str, str | None]:
        """Bury, pay tribute or return: a choice of N cards (``ChooseCards``: its count and
        its check judge the selection) or one of a few fixed sets of cards."""
        c = self.w.session
        assert c is not None
        choice = next((m for m in offered if isinstance(m, ChooseCards)), None)
        explicit = [m.cards for m in offered if isinstance(m, Action) and m.cards]
        refused: RuleError | None = None
        if choice is not None:
            need = choice.count
            ok = len(selected) == need
            if ok:
                try:
                    choice.check(selected)
                except RuleError as exc:
                    ok, refused = False, exc
        else:
            need = len(explicit[0]) if explicit else 0
            ok = tuple(sorted(selected)) in explicit
            if not ok and explicit and len(selected) == need:
                refused = fixed_set_refusal(self.w.last_view, kind, selected, need)
        view = self.w.last_view
        tribute = view.tribute if view is not None else None
        other = None
        if tribute is not None:
            other = tribute.receiver if kind is Act.TRIBUTE else tribute.payer
        who = seat_object(other, self.w.viewer) if other is not None else "—"
        texts = {
            Act.BURY: (tr("Bury"), tr("Bury {n} cards: select them ({k}/{n})")),
            Act.TRIBUTE: (
                tr("Pay tribute"),
                plural(
                    need,
                    tr("Tribute to {who}: your strongest eligible card"),
                    tr("Tribute to {who}: your {n} strongest eligible cards"),
                ),
            ),
            Act.RETURN: (
                tr("Return"),
                plural(
                    need,
                    tr("Return one card to {who} ({k}/1)"),
                    tr("Return {n} cards to {who} ({k}/{n})"),
                ),
            ),
        }
        button, prompt = texts[kind]
        notice: str | None = None
        if kind is Act.BURY and c.game is not None:
            shown = self.w.last_view
            notice = game_text(c.game).bury_rule(shown.options if shown is not None else None)
        if len(explicit) > 1:
            options = " / ".join(cards_text(e) for e in explicit[:4])
            notice = tr("Choose one of: {options}").format(options=options)
        if refused is not None:  # the right number of cards, but not these (the rule says why)
            notice = reason_text(refused)
        elif len(selected) > need:
            notice = plural(need, tr("Select exactly one card."), tr("Select exactly {n} cards."))
        text = prompt.format(n=need, k=len(selected), who=who)
        bar = Choice(
            kind.value, button, text, lambda: self.w.choose(kind), primary=True, enabled=ok
        )
        return [bar, hint], text, notice

    def action_choice(self, action: Action) -> Choice:
        kind = action.kind
        if kind is Act.PASS:
            c = self.w.session
            bidding = c is not None and c.phase is Phase.BID
            text = tr("No bid") if bidding else tr("Pass")
            return Choice(button_key(action), text, tr("Decline"), lambda: self.w.do(action))
        if kind is Act.BID:
            return Choice(
                button_key(action),
                tr("{n} points").format(n=action.value),
                tr("Bid to collect at least {n} points alone").format(n=action.value),
                lambda: self.w.do(action),
                primary=True,
                group=tr("Bid…"),
            )
        if kind is Act.DECLARE:
            cards = action.cards
            if cards == (BIG_JOKER,):
                text = tr("Show big joker")
            elif (name := three_jokers(cards)) is not None:
                suit = action.suit.symbol if action.suit is not None else ""
                text = f"{name} → {suit}"
            else:
                text = tr("Declare {cards}").format(cards=cards_text(cards))
            return Choice(
                button_key(action),
                text,
                tr("Show these cards to make their suit trump"),
                lambda: self.w.do(action),
                primary=True,
                group=tr("Declare…"),
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
                group=tr("Revolt…"),
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
            # compact ("Bury 大王×2 小王"); the cards taken in exchange are in the tooltip
            text = tr("Bury {jokers}").format(jokers=grouped_cards(action.cards))
            tip = tr("Put jokers into the kitty and take its weakest cards (DL-KITTY-8)")
            if action.taken:
                tip += "\n" + tr("You take {taken}").format(taken=cards_text(action.taken))
            return Choice(
                button_key(action),
                text,
                tip,
                lambda: self.w.do(action),
                primary=True,
                group=tr("Bury jokers…"),
            )
        if kind is Act.CHOOSE_TRUMP:
            assert action.suit is not None
            return Choice(
                button_key(action),
                suit_name(action.suit),
                tr("Make this suit trump (SD-KITTY-3)"),
                lambda: self.w.do(action),
                primary=True,
                group=tr("Trump suit…"),
            )
        if kind is Act.CLAIM:
            return Choice("claim", tr("Claim"), tr("Lay down your hand"), lambda: self.w.do(action))
        return Choice(button_key(action), kind.value, "", lambda: self.w.do(action))
