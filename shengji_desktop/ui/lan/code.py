"""The invite code in the window (issue 39): the host's panel in the lobby (the code, Copy,
its QR code, how long it is good for, what the router said) and the words for a code, its
certificate's fingerprint and a code that cannot be used."""

from __future__ import annotations

import datetime
import time
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFontDatabase, QGuiApplication, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.net.invite import Invite, InviteError
from shengji_desktop.net.tls import format_fingerprint

from ..i18n import tr

QR_MODULE = 3  # pixels a side of one of the QR code's squares
QR_QUIET = 4  # the blank margin a reader needs, in squares


def short_fingerprint(fp: bytes) -> str:
    """The first 16 hex digits of a certificate's fingerprint, in groups of four."""
    return format_fingerprint(fp, groups=4)


def invite_error_text(error: InviteError) -> str:
    """What is wrong with a code, in words (``InviteError.reason``)."""
    if error.reason == "checksum":
        return tr(
            "The invite code is mistyped: its checksum does not match. Check it, or ask the"
            " host to send it again."
        )
    if error.reason == "expired":
        return tr("The invite code has expired: ask the host for a new one.")
    if error.reason == "version":
        return tr("The invite code is from another version of Shengji Desktop.")
    return tr("That is not a whole invite code: copy all of it from the host's message.")


def until_text(expires: int) -> str:
    """When a code stops working, in the local time."""
    return datetime.datetime.fromtimestamp(expires).strftime("%Y-%m-%d %H:%M")


def invite_note(invite: Invite) -> str:
    """What a pasted code says: where the table is, its certificate, until when."""
    where = ", ".join(
        f"[{a}]:{invite.port}" if ":" in a else f"{a}:{invite.port}" for a in invite.addresses
    )
    return tr(
        "The code's table: {addresses} (tried in this order); certificate fingerprint"
        " {fingerprint}; good until {until}. If no address answers, write the one the host"
        " tells you below."
    ).format(
        addresses=where,
        fingerprint=short_fingerprint(invite.fingerprint),
        until=until_text(invite.expires),
    )


def mapping_text(reach: Any) -> str:
    """What the router said (a net.reach.Reach), plainly: mapped, or what to do by hand."""
    m = reach.mapping
    if m.mapped:
        return tr(
            "Port mapping made by the router ({how}): the internet reaches this table at"
            " {address}:{port}."
        ).format(
            how={"upnp": "UPnP", "pcp": "PCP"}.get(m.how, "NAT-PMP"),
            address=m.external_ip or "?",
            port=m.external_port,
        )
    return tr(
        "No port mapping could be made: forward TCP port {port} on your router to this"
        " computer by hand. Until then the code holds only the addresses this computer knows."
    ).format(port=reach.invite.port)


class QrCode(QWidget):
    """A QR code of a text (segno), black squares on white with a quiet zone."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qr")
        self.matrix: tuple[bytearray, ...] = ()
        self.setFixedSize(0, 0)

    def set_text(self, text: str) -> None:
        import segno  # only a table open to the internet needs it

        self.matrix = tuple(segno.make(text, micro=False, error="m").matrix) if text else ()
        side = (len(self.matrix) + 2 * QR_QUIET) * QR_MODULE if self.matrix else 0
        self.setFixedSize(QSize(side, side))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.matrix:
            return
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("white"))
        black = QColor("black")
        for y, row in enumerate(self.matrix):
            for x, dark in enumerate(row):
                if dark:
                    px, py = (x + QR_QUIET) * QR_MODULE, (y + QR_QUIET) * QR_MODULE
                    painter.fillRect(px, py, QR_MODULE, QR_MODULE, black)
        painter.end()


class InvitePanel(QGroupBox):
    """The lobby's invite code for a table open to the internet: shown once the router has
    answered (``set_reach``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("invite")
        layout = QVBoxLayout(self)
        line = QHBoxLayout()  # the code whole, and Copy
        self.code_edit = QLineEdit()
        self.code_edit.setObjectName("invite-code")
        self.code_edit.setReadOnly(True)
        self.code_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        line.addWidget(self.code_edit, 1)
        self.copy_button = QPushButton()
        self.copy_button.setObjectName("copy-code")
        self.copy_button.setEnabled(False)
        self.copy_button.clicked.connect(self.copy)
        line.addWidget(self.copy_button)
        layout.addLayout(line)
        row = QHBoxLayout()  # what it is and what the router said, beside its QR code
        column = QVBoxLayout()
        self.about = QLabel()
        self.about.setObjectName("invite-about")
        self.about.setWordWrap(True)
        self.about.setStyleSheet("color: #666;")
        column.addWidget(self.about)
        self.mapping = QLabel("")
        self.mapping.setObjectName("mapping")
        self.mapping.setWordWrap(True)
        column.addWidget(self.mapping)
        column.addStretch(1)
        row.addLayout(column, 1)
        self.qr = QrCode()
        row.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(row)
        self.retranslate(None)

    def retranslate(self, reach: Any) -> None:
        """Its words in the language now installed; ``reach`` as ``set_reach`` takes it, or
        None while the router has not answered."""
        self.setTitle(tr("Invite code"))
        self.copy_button.setText(tr("Copy"))
        self.qr.setAccessibleName(tr("QR code of the invite code"))
        if reach is None:
            self.about.setText(tr("Asking the router for a port mapping…"))
        else:
            self.set_reach(reach)

    def set_reach(self, reach: Any) -> None:
        """A net.reach.Reach, or the exception that kept the code from being made."""
        if isinstance(reach, BaseException):
            self.about.setText(tr("No invite code could be made: {error}").format(error=reach))
            return
        code = reach.code
        self.code_edit.setText(code)
        self.code_edit.setCursorPosition(0)
        margins = self.code_edit.textMargins()
        room = self.code_edit.fontMetrics().horizontalAdvance(code + "MM")
        self.code_edit.setMinimumWidth(room + margins.left() + margins.right())
        self.copy_button.setEnabled(True)
        self.qr.set_text(code)
        hours = max(0, round((reach.invite.expires - time.time()) / 3600))
        self.about.setText(
            tr(
                "{n} characters (hyphens aside), good for {hours} h (until {until}); send it by"
                " any chat, or let a phone read the square."
            ).format(
                n=len(code.replace("-", "")), hours=hours, until=until_text(reach.invite.expires)
            )
        )
        self.mapping.setText(mapping_text(reach))
        self.mapping.setToolTip(reach.mapping.detail)
        colour = "#666" if reach.mapping.mapped else "#b00000"
        self.mapping.setStyleSheet(f"color: {colour};")

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.code_edit.text())
        self.copy_button.setText(tr("Copied"))
