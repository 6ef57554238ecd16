"""Aids of a LAN table (issue 18): the host's move clock counted down on the plate of the seat
whose turn it is, and 快捷语 — a few fixed phrases, said by number, shown as a bubble at the
sender's seat to everyone at the table (no free text). 旁观 (issue 38): the watchers' count on
a button whose menu names them; there a player lets watchers see its hand (off by default:
its plate then says so), and a watcher chooses the seat it watches from. A watcher's phrase
is said in the status bar (while a hand is on, only watchers hear it).

The host decides when time is up; the window only counts down the duration each update
brings, on its own clock (``RemoteLink.clock_changed``).
"""

from __future__ import annotations

import contextlib
import math
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QMenu, QStyleOptionGraphicsItem, QToolButton, QWidget

from shengji_desktop.net.protocol import CHAT_PHRASES
from shengji_desktop.rules.cards import Seat

from ..cards import font
from ..i18n import say, tr
from ..table.seatplate import SeatPlate

if TYPE_CHECKING:
    from ..table.screen import TableScreen
    from .link import RemoteLink

BUTTON_QSS = """
QToolButton#chat, QToolButton#watchers { background: rgba(20, 35, 26, 200); color: #e8efe9;
    border: 1px solid #2c4a37; border-radius: 6px; padding: 4px 10px; font-weight: bold; }
"""
BUBBLE_MS = 2600
URGENT = 5  # seconds left from which the countdown turns red


def phrases() -> list[str]:
    """The 快捷语 phrases, by number (the protocol carries the number only)."""
    texts = [
        tr("Hurry up"),
        tr("Well played"),
        tr("Sorry"),
        tr("Good luck"),
        tr("Thanks"),
        tr("Nice cards!"),
        tr("Oops"),
        tr("One more hand?"),
    ]
    assert len(texts) == CHAT_PHRASES
    return texts


class ClockBadge(QGraphicsObject):
    """The seconds left, above a seat plate's right end."""

    WIDTH = 96.0
    HEIGHT = 36.0

    def __init__(self, plate: SeatPlate) -> None:
        super().__init__(plate)
        self.seconds = 0
        self.setPos(SeatPlate.WIDTH - self.WIDTH - 4, -self.HEIGHT - 4)
        self.setZValue(10)
        self.hide()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.WIDTH, self.HEIGHT)

    def set_seconds(self, seconds: int) -> None:
        if seconds != self.seconds:
            self.seconds = seconds
            self.update()

    def text(self) -> str:
        return tr("{n} s").format(n=self.seconds)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        urgent = self.seconds <= URGENT
        painter.setPen(QPen(QColor("#7a1010" if urgent else "#7a5a00"), 1.5))
        painter.setBrush(QColor("#dc2626" if urgent else "#d4a017"))
        painter.drawRoundedRect(self.boundingRect().adjusted(1, 1, -1, -1), 16, 16)
        painter.setPen(QColor("#ffffff" if urgent else "#2b1d00"))
        painter.setFont(font(20, bold=True))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, self.text())


class LanAids:
    """The clock badges and the chat button of the window's LAN table (``attach``/``detach``
    by ``window_lan``). ``autoplay``: 托管's toggle, which the host may switch on."""

    def __init__(self, screen: TableScreen, autoplay: QAction | None) -> None:
        self.screen = screen
        self.autoplay = autoplay
        self.link: RemoteLink | None = None
        self.badges = {seat: ClockBadge(screen.scene.plates[seat]) for seat in Seat}
        self.clock: tuple[Seat, float] | None = None  # the seat, its deadline (our clock)
        self.timer = QTimer(screen)
        self.timer.setInterval(200)
        self.timer.timeout.connect(self.tick)
        self.button = QToolButton(screen.view.viewport())
        self.button.setObjectName("chat")
        self.button.setStyleSheet(BUTTON_QSS)
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.menu = QMenu(self.button)
        self.button.setMenu(self.menu)
        self.button.hide()
        # 旁观: the count, and in its menu the names, the player's toggle or the watcher's seat
        self.watch_button = QToolButton(screen.view.viewport())
        self.watch_button.setObjectName("watchers")
        self.watch_button.setStyleSheet(BUTTON_QSS)
        self.watch_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.watch_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.watch_menu = QMenu(self.watch_button)
        self.watch_menu.aboutToShow.connect(self.fill_watch_menu)
        self.watch_button.setMenu(self.watch_menu)
        self.watch_button.hide()
        screen.view.resized.connect(self.place_button)
        screen.refreshed.connect(self.watching_prompt)
        self.retranslate()

    def retranslate(self) -> None:
        self.button.setText(tr("Quick chat"))
        self.button.setToolTip(tr("Say a short phrase to the table"))
        self.show_watchers()
        self.menu.clear()
        for i, text in enumerate(phrases()):
            action = QAction(text, self.menu)
            action.triggered.connect(lambda _=False, n=i: self.say(n))
            self.menu.addAction(action)
        self.place_button()

    def place_button(self) -> None:
        """Top right, under 托管's button (of the same height): top left is where a kitty
        shown to all lies (TR-KITTY-2), which it covered."""
        self.button.ensurePolished()
        self.button.resize(self.button.sizeHint())
        vp = self.screen.view.viewport()
        self.button.move(vp.width() - self.button.width() - 10, 10 + self.button.height() + 8)
        self.watch_button.ensurePolished()
        self.watch_button.resize(self.watch_button.sizeHint())
        top = self.button.y() + self.button.height() + 8
        self.watch_button.move(vp.width() - self.watch_button.width() - 10, top)

    # ------------------------------------------------------------------ the link

    def attach(self, link: RemoteLink) -> None:
        self.detach()
        self.link = link
        link.clock_changed.connect(self.set_clock)
        link.said.connect(self.show_said)
        link.chat_refused.connect(self.refused)
        link.lobby_changed.connect(self.lobby_changed)
        link.watcher_said.connect(self.show_watcher_said)
        self.retranslate()
        self.button.show()
        self.button.raise_()
        self.watch_button.show()
        self.watch_button.raise_()

    def detach(self) -> None:
        link, self.link = self.link, None
        if link is not None:
            for signal, slot in (
                (link.clock_changed, self.set_clock),
                (link.said, self.show_said),
                (link.chat_refused, self.refused),
                (link.lobby_changed, self.lobby_changed),
                (link.watcher_said, self.show_watcher_said),
            ):
                with contextlib.suppress(RuntimeError, TypeError):  # the link is gone already
                    signal.disconnect(slot)
        self.button.hide()
        self.watch_button.hide()
        self.set_clock(None, 0.0)

    def lobby_changed(self, lobby: object) -> None:
        """The host put this seat into 托管 (its time ran out twice): the window's 托管
        toggle shows it, and switching it off brings the person back. The watchers' count."""
        self.show_watchers()
        link = self.link
        info = link.seat_info(link.seat) if link is not None and link.seat is not None else None
        action = self.autoplay
        if info is not None and info.autoplay and action is not None and not action.isChecked():
            action.setChecked(True)

    # ------------------------------------------------------------------ the clock

    def set_clock(self, seat: Seat | None, left: float) -> None:
        """The host's clock: ``seat`` must act within ``left`` seconds from now."""
        self.clock = (seat, time.monotonic() + left) if seat is not None else None
        if self.clock is None:
            self.timer.stop()
        elif not self.timer.isActive():
            self.timer.start()
        self.tick()

    def seconds_left(self) -> int | None:
        if self.clock is None:
            return None
        return max(0, math.ceil(self.clock[1] - time.monotonic()))

    def tick(self) -> None:
        left = self.seconds_left()
        for seat, badge in self.badges.items():
            on = self.clock is not None and seat is self.clock[0] and left is not None
            if on and left is not None:
                badge.set_seconds(left)
            badge.setVisible(on)

    # ------------------------------------------------------------------ 快捷语

    def say(self, phrase: int) -> None:
        if self.link is None or not self.link.send_chat(phrase):
            self.screen.status.emit(tr("Not connected to the host"), 4000)

    def show_said(self, seat: Seat, phrase: int) -> None:
        texts = phrases()
        if 0 <= phrase < len(texts):
            self.screen.scene.bubble(seat, texts[phrase], BUBBLE_MS, QColor("#dbeafe"))

    def refused(self, text: str) -> None:
        self.screen.status.emit(text, 4000)

    def show_watcher_said(self, name: str, phrase: int) -> None:
        texts = phrases()
        if 0 <= phrase < len(texts):
            line = tr("{name} (watching): {phrase}").format(name=name, phrase=texts[phrase])
            self.screen.status.emit(line, BUBBLE_MS + 2000)

    # ------------------------------------------------------------------ 旁观

    def show_watchers(self) -> None:
        """The button's count (旁观 3) and, as its tooltip, who watches."""
        link = self.link
        names = link.watchers if link is not None else []
        self.watch_button.setText(tr("Watching: {n}").format(n=len(names)))
        tip = ", ".join(names) if names else tr("No one is watching.")
        if link is not None and link.watching:
            tip += "\n" + tr("You are watching: you see what the whole table sees.")
        self.watch_button.setToolTip(tip)
        self.place_button()

    def fill_watch_menu(self) -> None:
        """A player's menu: show my hand to watchers; a watcher's: the seat it watches from.
        Then who watches."""
        from ..texts import seat_name

        menu, link = self.watch_menu, self.link
        menu.clear()
        if link is None:
            return
        if link.watching:
            menu.addSection(tr("Watch from"))
            for seat in Seat:  # named as the table shows them now, and who plays there
                where = seat_name(seat, self.screen.viewer, self.screen.seated)
                text = f"{where} · {link.caption(seat)}"
                action = QAction(text, menu)
                action.setCheckable(True)
                action.setChecked(seat is link.looking)
                action.triggered.connect(lambda _=False, s=seat: self.look(s))
                menu.addAction(action)
        elif link.seat is not None:
            show = QAction(tr("Show my hand to watchers"), menu)
            show.setObjectName("shoulder")
            show.setCheckable(True)
            show.setChecked(link.shoulder)
            show.toggled.connect(self.set_shoulder)
            menu.addAction(show)
        menu.addSection(tr("Watching: {n}").format(n=len(link.watchers)))
        for name in link.watchers:
            menu.addAction(name).setEnabled(False)

    def set_shoulder(self, allow: bool) -> None:
        if self.link is None or not self.link.set_shoulder(allow):
            self.screen.status.emit(tr("Not connected to the host"), 4000)

    def look(self, seat: Seat) -> None:
        """A watcher watches from behind ``seat``: the table turns (the host sends the view
        from there)."""
        if self.link is None:
            return
        if not self.link.look(seat):
            self.screen.status.emit(tr("Not connected to the host"), 4000)
            return
        self.screen.look_from(seat)

    def watching_prompt(self) -> None:
        """A watcher's action bar says it watches (it has nothing to do), unless a
        settlement is over it (the bar says it again once that is closed)."""
        link = self.link
        if link is None or not link.watching or not self.screen.is_built:
            return
        if self.screen.overlay.isVisible():
            self.screen.bar.set_prompt("")
            return
        self.screen.bar.set_prompt(
            say(lambda: tr("Watching (旁观): you see what the whole table sees"))
        )
