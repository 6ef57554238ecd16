"""The table screen: the felt with its cards (scene, view, animator), the action bar and the
overlay over it, the side panel and its models, and what the table shows now (the view, the
hint, the overlay's content, whether it is the seat's turn). The main window and the replay
viewer each build one; everything else reaches the table through it and hears from it by
its signals. What changes for a viewer without a seat (a LAN watcher, a table of computers, a
LAN seat not yet taken) is decided here and in the session: the bottom seat is "Bottom", not
"You" (``tell_seated``); no settlement to confirm (it shows until closed or the next hand is
dealt), no 托管, no hint."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from .. import i18n
from ..i18n import tr

if TYPE_CHECKING:  # the engine, the table and the panels load with ``build``
    from shengji_desktop.engine.actions import Act, Action
    from shengji_desktop.engine.events import Event
    from shengji_desktop.engine.savehead import SaveHead
    from shengji_desktop.engine.table import Player
    from shengji_desktop.engine.view import SeatView
    from shengji_desktop.rules.cards import Seat
    from shengji_desktop.rules.options import Game

    from ..cards import CardPixmaps
    from ..panels import ActionBar, InfoPanel, Overlay
    from ..panels.models import LogModel, ScoreSheetModel
    from ..session.session import Link, Session
    from .animations import Animator
    from .scene import TableScene
    from .view import TableView

PANEL_WIDTH = 290


# what the overlay shows, to be shown again in another language: the method and its view
Shows = tuple[Callable[["SeatView"], None], "SeatView"]


class TableScreen(QObject):
    """One table on screen. ``build`` makes its widgets (the window's start paints first);
    ``attach`` puts a session on it. ``interactive``: a player's table (the action bar, the
    hint, settlements to confirm); a replay's screen only shows."""

    built = Signal()
    attached = Signal(object)  # the Session now on the table
    event_shown = Signal(object)  # an Event, as the table shows it
    view_shown = Signal(object)  # the SeatView after a batch, once the table shows it
    refreshed = Signal()  # the action bar was brought up to date
    turn_came = Signal()  # the seat's decision is due (it was not a moment ago)
    failed = Signal(str)  # the session cannot go on
    status = Signal(str, int)  # a message for the status bar, shown for so many ms (0: kept)
    new_game_requested = Signal()
    continue_requested = Signal()
    analyse_requested = Signal(int)  # 复盘 of that hand (the settlement's button)

    def __init__(
        self,
        settings: QSettings,
        parent: QObject | None = None,
        scene_type: type[TableScene] | None = None,
        interactive: bool = True,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.interactive = interactive
        self.analysable = False  # the settlement offers 复盘 (set by the window that can)
        self._scene_type = scene_type
        self.session: Session | None = None
        self.last_view: SeatView | None = (
            None  # the view the table shows (the session's may be ahead)
        )
        self.hint_shown: Action | None = None  # the hint's move, until the seat acts
        # While a batch is being shown (its plays on the table, the view after them not yet):
        # (the seat whose play the table waits for,) or (None,) once the trick is full; None
        # when the view shown says it. The bar never waits for a seat whose cards are shown.
        self.turn_shown: tuple[Seat | None] | None = None
        self._plays_shown: list[Seat] = []  # the seats of the trick on the table, in order
        self.my_turn = False
        self._viewer: Seat | None = None  # the seat at the bottom, where the session has none
        self.own_seat: Seat | None = None  # a replay's: the seat its record was kept for
        # what stays on screen, to be said again after a change of language: the last message
        # and what the overlay shows (a settlement, the match's end)
        self.message: str = i18n.said(lambda: tr("Welcome"))
        self.overlay_shows: Shows | None = None
        self.is_built = False

    # ------------------------------------------------------------------ building

    def build(self) -> None:
        """The table, the side panel, the action bar, the overlay, the animator."""
        if self.is_built:
            return
        self.is_built = True
        from ..cards import CardPixmaps
        from ..panels import ActionBar, InfoPanel, Overlay
        from ..panels.models import LogModel, ScoreSheetModel
        from .animations import Animator
        from .scene import TableScene
        from .view import TableView

        # the side panel's place (the panel is made anew in each language)
        self.side = QWidget()
        self.side.setObjectName("side")
        self.side.setMinimumWidth(PANEL_WIDTH)
        layout = QVBoxLayout(self.side)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.pixmaps: CardPixmaps = CardPixmaps()
        scene_type = self._scene_type or TableScene
        self.scene: TableScene = scene_type(self.pixmaps)
        # The screen owns its scene: it goes with the screen, on the GUI thread (left to
        # Python's garbage collector, it may be destroyed on any thread, its timers too).
        self.scene.setParent(self)
        if self.interactive:
            self.scene.add_showcase()
        self.view: TableView = TableView(self.scene)
        self.score: ScoreSheetModel = ScoreSheetModel()
        self.log: LogModel = LogModel()
        self.panel: InfoPanel = InfoPanel(self.score, self.log)
        self.panel.setMinimumWidth(PANEL_WIDTH)
        self._side_layout().addWidget(self.panel)
        self.bar: ActionBar = ActionBar(self.view.viewport())
        self.overlay: Overlay = Overlay(self.view.viewport())
        self.animator: Animator = Animator(self.scene, self)
        self.animator.event_shown.connect(self._event_shown)
        self.animator.batch_done.connect(self._batch_done)
        self.view.resized.connect(self.place_bar)
        if self.interactive:
            self.view.hint_requested.connect(self.hint)
            self.scene.selection_changed.connect(self._selection_changed)
            self.scene.play_requested.connect(self.primary_action)
        else:
            self.bar.hide()
        self.built.emit()

    def _side_layout(self) -> QVBoxLayout:
        layout = self.side.layout()
        assert isinstance(layout, QVBoxLayout)
        return layout

    # ------------------------------------------------------------------ the start screen

    def show_start(self, offer: SaveHead | None) -> None:
        """The title, New game, and Continue where a saved game is on offer."""
        self.scene.show_title(True)
        buttons: list[tuple[str, str, Any, bool]] = [
            ("new", tr("New game"), self.new_game_requested.emit, False)
        ]
        lines = [(tr("Games"), tr("Da Gunzi · Tractor · Three against one"))]
        if offer is not None:
            from ..texts import game_name

            buttons.insert(0, ("continue", tr("Continue"), self.continue_requested.emit, False))
            # said in each language with the game's name in it (not the name twice in both)
            where = i18n.say(
                lambda: tr("{game}, hand {n}").format(game=game_name(offer.game), n=offer.hand)
            )
            lines.append((tr("Saved game"), where))
        self.overlay.centre_at = 0.5
        self.overlay.show_content("", lines, buttons)
        self.bar.hide()

    def leave(self) -> None:
        """An empty table (the start screen is the window's to show)."""
        self.scene.clear_table()

    # ------------------------------------------------------------------ the session

    def attach(
        self,
        link: Link,
        past: Sequence[Event] = (),
        game: Game | None = None,
        hinter: Player | None = None,
    ) -> Session:
        """Put a session over ``link`` on the table: the table, the animations and the
        prompts follow it from now on. ``past``: the events of a resumed game so far;
        ``game``: its game, when known before the first view; ``hinter``: the player whose
        moves the hint shows."""
        from ..session.session import Session

        self.detach()
        self.overlay.hide()
        self.overlay.centre_at = 0.4
        session = Session(link, hinter, parent=self)
        self.session = session
        self._viewer = None
        self.rewind(past, session.viewer, game)
        session.prompt_changed.connect(self.refresh_actions)
        session.message.connect(self.show_message)
        session.hint_ready.connect(self.show_hint)
        session.hand_over.connect(self.show_settlement)
        session.match_over.connect(self.show_match_over)
        session.failed.connect(self.failed)
        session.events_applied.connect(self._first_view)
        if self.interactive:
            self.bar.show()
        self.attached.emit(session)
        return session

    def rewind(self, past: Sequence[Event], viewer: Seat, game: Game | None) -> None:
        """The table cleared and the score sheet and the log rebuilt from ``past`` as
        ``viewer`` saw it (a new session, a replay's jump); the next view is shown at once."""
        from shengji_desktop.engine.view import events_for

        session = self.session
        self.animator.detach()
        self.last_view = None
        if session is not None and viewer != session.viewer:
            self._viewer = viewer
        self.score.viewer = self.log.viewer = viewer
        self.score.reset(game if game is not None else self.score.game)  # no rows of the last
        self.log.clear()
        for event in events_for(past, viewer):
            self.score.feed(event)
        for event in events_for(past[-400:], viewer):
            self.log.feed(event)
        self.scene.clear_table()
        self.tell_seated()
        self.scene.names = self.seat_names()
        self.scene.clear_plates()  # nothing of the last table: counts, dealer, coins
        self.panel.clear(game)
        if session is not None:
            self.animator.attach(session)

    def _first_view(self, events: Sequence[Event], view: SeatView) -> None:
        """The score sheet and the log follow the game and the seat of the first view (at a
        LAN table the seat is known once the host has seated us)."""
        if self.score.game is not view.game or self.score.viewer != view.seat:
            self.score.viewer = view.seat
            self.score.reset(view.game)
        self.log.viewer = view.seat
        if self.session is not None:
            self.session.events_applied.disconnect(self._first_view)

    def detach(self) -> None:
        """Drop the table's session."""
        if self.session is not None:
            self.animator.detach()
            self.session.shutdown()
            self.session.deleteLater()
            self.session = None
        self.my_turn = False

    @property
    def seated(self) -> bool:
        """Whether a person plays the seat at the bottom (no: a replay, a table of computers,
        a LAN seat not yet taken). What changes without a seat is decided here and in the
        session: no settlement to confirm, no 托管, no hint, the bar only watches."""
        return self.session is not None and self.session.human is not None

    @property
    def reader_seated(self) -> bool:
        """Whether the bottom seat is the reader's own, named "You" (``texts.seat_name``): a
        person plays it, or a replay is seen from the seat its record was kept for
        (``own_seat``). No: a LAN watcher, a table of computers, a replay seen from another
        seat ("Bottom")."""
        if self.own_seat is not None:
            return self.viewer == self.own_seat
        return self.seated

    def tell_seated(self) -> None:
        """``reader_seated`` to the parts that name the seats (the scene's banners and
        passes, the score sheet, the log), which say it again where it changed."""
        seated = self.reader_seated
        if not self.is_built or self.scene.seated == seated:
            return
        self.scene.seated = self.score.seated = self.log.seated = seated
        self.score.layoutChanged.emit()
        self.log.retranslate()

    @property
    def viewer(self) -> Seat:
        """The seat at the bottom of the screen (S in a local game, ours at a LAN table, the
        one a replay is seen from)."""
        from shengji_desktop.rules.cards import Seat

        if self._viewer is not None:
            return self._viewer
        return self.session.viewer if self.session is not None else Seat.S

    def look_from(self, seat: Seat) -> None:
        """A LAN watcher sees the table from behind ``seat`` (plates, score sheet, log too)."""
        self._viewer = self.score.viewer = self.log.viewer = seat
        self.score.layoutChanged.emit()
        self.log.retranslate()
        self.rename_seats()

    def seat_names(self) -> dict[Seat, tuple[str, str]]:
        from shengji_desktop.rules.cards import Seat

        from ..texts import kind_name, seat_name

        s = self.session
        return {
            seat: (
                seat_name(seat, self.viewer, self.reader_seated),
                s.caption(seat) if s is not None else kind_name("normal"),
            )
            for seat in Seat
        }

    def lobby_shown(self, game: Game) -> None:
        """A LAN table's lobby names its game: the score sheet and, until the first view
        comes, the panel say which; the plates name who sits where."""
        if self.score.game is not game:
            self.score.reset(game)
        if self.last_view is None:
            self.panel.clear(game)
        self.rename_seats()

    def rename_seats(self) -> None:
        """The plates' names and captions again (托管 on or off, a LAN seat taken)."""
        self.tell_seated()
        self.scene.names = self.seat_names()
        if self.last_view is not None:
            self.scene.update_plates(self.last_view)

    # ------------------------------------------------------------------ events from the table

    def _event_shown(self, event: Event) -> None:
        from shengji_desktop.engine import events as ev

        self.score.feed(event)
        self.log.feed(event)
        if isinstance(event, ev.TrumpFixed | ev.TrumpChosen | ev.BottomThree):
            self.panel.trump_fixed(event.suit)
        elif isinstance(event, ev.TributePaid | ev.TributeReturned):
            back = isinstance(event, ev.TributeReturned)
            self.scene.passes.add(event.seat, event.to, event.count, event.cards, back)
        elif isinstance(event, ev.CardsPlayed):
            self._played(event.seat)
        elif isinstance(event, ev.TrickWon | ev.PlayStarted | ev.HandStarted):
            self._plays_shown = []
        self.event_shown.emit(event)

    def _played(self, seat: Seat) -> None:
        """A play shown: the next seat of the trick is the one waited for (none once all
        four have played: the trick's winner leads next, when the table shows it)."""
        from shengji_desktop.rules.cards import next_seat

        self._plays_shown.append(seat)
        view = self.last_view
        direction = view.options.play_direction if view is not None else "ccw"
        full = len(self._plays_shown) >= len(type(seat))
        self.turn_shown = (None if full else next_seat(seat, direction),)
        self.refresh_actions()

    def _batch_done(self, view: SeatView) -> None:
        from shengji_desktop.engine.phase import Phase

        self.last_view = view
        self.turn_shown = None  # the view says whose turn it is now
        self._plays_shown = [seat for seat, _ in view.trick]
        s = self.session
        acting = None
        if s is not None and view.phase not in (Phase.DEAL, Phase.PLAY, Phase.SETTLED, Phase.OVER):
            acting = view.turn
        self.scene.acting = acting
        self.tell_seated()
        self.scene.update_plates(view)
        self.show_panel(view, acting)
        dealt = s is not None and (s.remote or not self.seated)  # the next hand by itself
        if dealt and view.phase not in (Phase.SETTLED, Phase.OVER) and self.overlay.isVisible():
            self.overlay.hide()  # the host (or a table of computers) has started the next hand
        self.refresh_actions()
        self.view_shown.emit(view)

    def show_panel(self, view: SeatView, acting: Seat | None) -> None:
        seated = self.reader_seated
        i18n.bilingual(self.panel, lambda: self.panel.update_view(view, acting, seated))

    # ------------------------------------------------------------------ the action bar

    def place_bar(self) -> None:
        """The bar and the overlay over the table (``TableView.place_bar``)."""
        if not self.is_built or not self.interactive:
            return  # a replay's screen has no bar to place
        self.view.place_bar(self.bar, self.overlay, self.viewer)

    def _selection_changed(self) -> None:
        """The player chose other cards than the hint's (or none: Esc): the hint is done
        with, its words leave the bar."""
        hint = self.hint_shown
        other = hint is not None and sorted(self.scene.selected_cards()) != sorted(hint.cards)
        if hint is not None and hint.cards and other:
            self.hint_shown = None
            if self.message and self.bar.notice_text == self.message:
                self.message = ""
                self.bar.set_notice("")
        self.refresh_actions()

    def show_message(self, text: str) -> None:
        """A message over the buttons and in the status bar; ``Said`` (from the session, the
        hint) is said again after a change of language."""
        self.message = text
        self.bar.set_notice(text)
        self.status.emit(text, 8000)
        self.place_bar()

    def refresh_actions(self) -> None:
        c = self.session
        if c is None or not self.interactive:
            return
        mine = c.waiting == "human"
        if mine and not self.my_turn:
            self.turn_came.emit()
        self.my_turn = mine
        from ..panels.choices import Choices, hint_key

        # Made for each refresh, not kept: a screen holding an object that holds the screen
        # would wait for the garbage collector, which may destroy it at any moment.
        bar = Choices(self)
        choices, prompt, notice = bar.current()
        turn = bar.turn()  # whose turn: the bar's prompt, the panel and the plates say it alike
        self.panel.show_turn(turn, self.viewer)
        self.scene.show_turn(turn)
        covered = not self.seated and self.overlay.isVisible()  # a settlement over the bar
        self.bar.set_prompt("" if covered else prompt)
        self.bar.set_busy(bar.busy())
        self.bar.set_choices(choices)
        if notice is not None:
            self.bar.set_notice(notice)
            self.message = ""  # the notice of the moment replaces the last message
        if self.hint_shown is not None:
            self.bar.hint_button(hint_key(self.hint_shown))
        self.refreshed.emit()
        self.place_bar()

    # ------------------------------------------------------------------ doing things

    def do(self, action: Action) -> None:
        c = self.session
        if c is None:
            return
        self.hint_shown = None
        if c.act(action):
            self.bar.set_notice("")

    def play_selected(self) -> None:
        c = self.session
        if c is None:
            return
        self.hint_shown = None
        if c.play_cards(self.scene.selected_cards()):
            self.bar.set_notice("")

    def choose(self, kind: Act) -> None:
        """Bury, pay tribute or return the selected cards."""
        c = self.session
        if c is None:
            return
        self.hint_shown = None
        if c.choose_cards(kind, self.scene.selected_cards()):
            self.bar.set_notice("")

    def primary_action(self) -> None:
        """Enter or a double click: press the button the hint shows (a claim, a bid), else
        the main button if it is enabled."""
        from ..panels.choices import hint_key

        if self.hint_shown is not None and self.bar.press(hint_key(self.hint_shown)):
            return
        for key in ("play", "bury", "tribute", "return"):
            if self.bar.press(key):
                return
        if "play" in self.bar.buttons:
            self.play_selected()

    def hint(self) -> None:
        c = self.session
        if c is not None:
            c.hint()

    def show_hint(self, action: Action | None) -> None:
        from shengji_desktop.engine.actions import Act

        if action is None:
            return
        self.hint_shown = action
        if action.cards and action.kind in (Act.PLAY, Act.BURY, Act.TRIBUTE, Act.RETURN):
            self.scene.set_selected(action.cards, hinted=True)
        self.refresh_actions()
        from ..panels.choices import hint_text

        hint_view = self.last_view
        self.show_message(i18n.Said(lambda: hint_text(action, hint_view)))

    # ------------------------------------------------------------------ hand and match over

    def show_settlement(self, view: SeatView) -> None:
        from ..panels import settlement_lines

        c = self.session
        if c is None or not self.interactive:
            return  # a replay shows its settlements itself
        # nobody to confirm it (a LAN watcher, a table of computers): it shows until closed
        # or the next hand is dealt (by the host, or by the table after a pause)
        self.overlay_shows = (self.show_settlement, view)
        seated = self.reader_seated
        lines = i18n.say_rows(lambda: settlement_lines(view, seated), self.overlay.value_fits)
        buttons: list[tuple[str, str, Any, bool]] = [
            ("next", tr("Next hand"), self.next_hand, False)
            if self.seated and not c.remote
            else ("next", tr("Close"), self.close_overlay, False)
        ]
        if self.analysable:  # 复盘: the window holds the match's record (a local match)
            go = lambda: self.analyse_requested.emit(view.hand_number)  # noqa: E731
            buttons.insert(0, ("analyse", tr("Analyse"), go, False))
        self.overlay.show_content(
            i18n.say(
                lambda: tr("Hand {n} settled").format(n=view.hand_number), self.overlay.title_fits
            ),
            lines,
            buttons,
            [int(c) for c in view.kitty or ()],
        )
        if not self.seated:
            self.refresh_actions()  # the bar's line makes room for it

    def close_overlay(self) -> None:
        """The settlement closed where nobody confirms it (the next hand comes by itself): the
        bar says again what it said under it."""
        self.overlay.hide()
        self.refresh_actions()

    def next_hand(self) -> None:
        c = self.session
        if c is None:
            return
        self.overlay.hide()
        c.next_hand()

    def show_match_over(self, view: SeatView) -> None:
        from ..panels import settlement_lines
        from ..texts import match_winner_text

        if not self.interactive:
            return  # a replay shows the settlement; nobody starts a game from it
        self.overlay_shows = (self.show_match_over, view)
        seated = self.reader_seated
        lines = i18n.say_rows(lambda: settlement_lines(view, seated), self.overlay.value_fits)
        self.overlay.show_content(
            i18n.say(
                lambda: tr("Match over, won by {winner}").format(
                    winner=match_winner_text(view, seated)
                ),
                self.overlay.title_fits,
            ),
            lines,
            [("newgame", tr("New game"), self.new_game_requested.emit, False)],
        )

    def show_ended(self, why: str, close: Callable[[], None]) -> None:
        """The table has gone (a LAN host closed it, the connection is lost for good)."""
        self.overlay.show_content(
            tr("Left the table"), [(tr("Why"), why)], [("leave", tr("Close"), close, False)]
        )

    # ------------------------------------------------------------------ language

    def retranslate(self) -> str:
        """The table's words in the language now installed; returns the last message said
        again (the window's status bar may still show it)."""
        said = self.message
        message = self.message = i18n.again(said)
        if not self.is_built:
            return message
        on_bar = bool(said) and not self.bar.notice.isHidden() and self.bar.notice_text == said
        from ..panels import InfoPanel

        self.panel.deleteLater()
        self.panel = InfoPanel(self.score, self.log)
        self.panel.setMinimumWidth(PANEL_WIDTH)
        self._side_layout().addWidget(self.panel)
        self.score.layoutChanged.emit()
        self.log.retranslate()
        self.scene.kitty_label.set_text(tr("Kitty"))
        if self.session is None:
            return message
        self.scene.names = self.seat_names()
        if self.last_view is not None:
            self.show_panel(self.last_view, None)
            self.scene.update_plates(self.last_view)
        self.refresh_actions()
        if on_bar:
            self.show_message(message)
        if self.overlay_shows is not None and self.overlay.isVisible():
            show, view = self.overlay_shows
            show(view)
        return message
