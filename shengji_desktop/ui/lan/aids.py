"""Aids of a LAN table (issue 18): the host's move clock counted down on the plate of the seat
whose turn it is, and 快捷语 — a few fixed phrases, said by number, shown as a bubble at the
sender's seat to everyone at the table (no free text).

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
from ..i18n import tr
from ..table.seatplate import SeatPlate

if TYPE_CHECKING:
    from ..table.screen import TableScreen
    from .link import RemoteLink

BUTTON_QSS = """
QToolButton#chat { background: rgba(20, 35, 26, 200); color: #e8efe9; border: 1px solid
    #2c4a37; border-radius: 6px; padding: 4px 10px; font-weight: bold; }
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
        screen.view.resized.connect(self.place_button)
        self.retranslate()

    def retranslate(self) -> None:
        self.button.setText(tr("Quick chat"))
        self.button.setToolTip(tr("Say a short phrase to the table"))
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

    # ------------------------------------------------------------------ the link

    def attach(self, link: RemoteLink) -> None:
        self.detach()
        self.link = link
        link.clock_changed.connect(self.set_clock)
        link.said.connect(self.show_said)
        link.chat_refused.connect(self.refused)
        link.lobby_changed.connect(self.lobby_changed)
        self.retranslate()
        self.button.show()
        self.button.raise_()

    def detach(self) -> None:
        link, self.link = self.link, None
        if link is not None:
            for signal, slot in (
                (link.clock_changed, self.set_clock),
                (link.said, self.show_said),
                (link.chat_refused, self.refused),
                (link.lobby_changed, self.lobby_changed),
            ):
                with contextlib.suppress(RuntimeError, TypeError):  # the link is gone already
                    signal.disconnect(slot)
        self.button.hide()
        self.set_clock(None, 0.0)

    def lobby_changed(self, lobby: object) -> None:
        """The host put this seat into 托管 (its time ran out twice): the window's 托管
        toggle shows it, and switching it off brings the person back."""
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
