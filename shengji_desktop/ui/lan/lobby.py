"""The lobby of a LAN table: who sits where and who watches, before the match; the host
starts it. For a table open to the internet the host's lobby shows the invite code."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game

from ..fit import fit_window, natural_size, remember
from ..i18n import tr
from ..texts import game_name, kind_name, seat_name
from .code import InvitePanel, short_fingerprint
from .link import SEAT_KINDS

if TYPE_CHECKING:
    from shengji_desktop.net.protocol import Lobby

    from .hosting import HostRunner
    from .link import RemoteLink


LEAST = (560, 330)  # the lobby's least size (with a code: what shows the code whole)


def announce_text(announced: bool) -> str:
    """Whether the table is found in others' lists of tables, in words."""
    if announced:
        return tr("Announced: the table is listed on every computer of the local network.")
    return tr("Not announced: only those you give the address to can join or watch.")


class LobbyDialog(QDialog):
    """Who sits where before the match; the host starts it (empty seats get computers)."""

    left = Signal()

    def __init__(
        self,
        link: RemoteLink,
        runner: HostRunner | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.link = link
        self.runner = runner
        self.closing = False
        self.setMinimumSize(*LEAST)
        layout = QVBoxLayout(self)
        self.title = QLabel("")
        self.title.setStyleSheet("font-size: 15px; font-weight: bold;")
        layout.addWidget(self.title)
        self.where = QLabel("")
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.where)
        self.fingerprint = QLabel("")  # of the table's certificate: 指纹
        self.fingerprint.setObjectName("fingerprint")
        self.fingerprint.setStyleSheet("color: #666;")
        self.fingerprint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.fingerprint)
        self.invite: InvitePanel | None = None
        if runner is not None and runner.internet:  # the code, once the router has answered
            self.invite = InvitePanel()
            layout.addWidget(self.invite)
            runner.reach_changed.connect(self._show_reach)
        self.table = QTableWidget(4, 4)
        self.table.setObjectName("seats")
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # names take the room
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        layout.addWidget(self.table, 1)

        self.watchers_label = QLabel("")
        self.watchers_label.setObjectName("watchers")
        self.watchers_label.setWordWrap(True)
        layout.addWidget(self.watchers_label)
        self.announced: QLabel | None = None
        if runner is not None:  # the host is told whether others find the table in their list
            self.announced = QLabel("")
            self.announced.setObjectName("announced")
            self.announced.setWordWrap(True)
            layout.addWidget(self.announced)
            runner.announced_changed.connect(self._show_announced)
        row = QHBoxLayout()
        self.ready_box = QCheckBox()
        self.ready_box.setObjectName("ready")
        self.ready_box.toggled.connect(link.set_ready)
        row.addWidget(self.ready_box)
        row.addStretch(1)
        self.fill_box = QComboBox()
        self.fill_box.setObjectName("fill")
        for k in SEAT_KINDS[1:]:
            self.fill_box.addItem("", k)
        self.fill_box.setCurrentIndex(1)
        self.start_button = QPushButton()
        self.start_button.setObjectName("start")
        self.start_button.clicked.connect(self.start_match)
        self.leave_button = QPushButton()
        self.leave_button.setObjectName("leave")
        self.leave_button.clicked.connect(self.reject)
        if runner is None:
            self.fill_box.hide()
            self.start_button.hide()
        if getattr(link, "watching", False):  # a watcher is never ready: it does not play
            self.ready_box.hide()
        row.addWidget(self.fill_box)
        row.addWidget(self.start_button)
        row.addWidget(self.leave_button)
        layout.addLayout(row)
        self.status = QLabel("")
        self.status.setStyleSheet("color: #666;")
        layout.addWidget(self.status)
        link.lobby_changed.connect(self.show_lobby)
        link.connection_changed.connect(self._status_changed)
        self.retranslate()
        if runner is not None and runner.reach is not None:
            self._show_reach(runner.reach)
        remember(self, "ui/lobby-geometry", natural_size(self))  # as the screen allows

    def retranslate(self) -> None:
        """Every word of the lobby in the language now installed: it stays open beside the
        window, whose menu may change the language meanwhile (the link's status is made again
        by ``LanTables.retranslate`` first)."""
        self.setWindowTitle(tr("Table lobby"))
        self.table.setHorizontalHeaderLabels([tr("Seat"), tr("Player"), tr("Ready"), tr("State")])
        self.ready_box.setText(tr("I am ready"))
        for i in range(self.fill_box.count()):
            kind = kind_name(str(self.fill_box.itemData(i)))
            self.fill_box.setItemText(i, tr("empty seats: {kind}").format(kind=kind))
        self.start_button.setText(tr("Start the match"))
        self.leave_button.setText(tr("Close the table") if self.runner else tr("Leave"))
        if self.runner is not None:
            self._show_announced(self.runner.announced)
            if self.invite is not None:
                self.invite.retranslate(self.runner.reach)
        self.status.setText(self.link.status)
        if self.link.lobby is not None:
            self.show_lobby(self.link.lobby)
        else:
            self.title.setText(tr("Connecting…"))
        self._show_fingerprint()

    def _show_announced(self, on: bool) -> None:
        assert self.announced is not None
        self.announced.setText(announce_text(on))

    def show_lobby(self, lobby: Lobby) -> None:
        c = self.link
        self.title.setText(f"{lobby.table} — {game_name(Game(lobby.game))}")
        port = self.runner.port if self.runner is not None else c.port
        self.where.setText(
            tr("Others join at {address}:{port}").format(
                address=self.runner.bind if self.runner.bind != "0.0.0.0" else _lan_address(),
                port=port,
            )
            if self.runner is not None
            else tr("Table at {address}:{port}").format(address=c.address, port=c.port)
        )
        # the seats as this player sees the table (a watcher: from behind the seat it watches)
        looking = c.seat if c.seat is not None else c.looking
        names = {s.name: seat_name(s, looking, c.seat is not None) for s in Seat}
        for i, info in enumerate(lobby.seats):
            mine = c.seat is not None and info.seat == c.seat.name
            if info.kind != "open":
                who, ready, state = kind_name(info.kind) + " " + tr("(computer)"), "✓", ""
            elif info.connected:
                who = info.name + (" " + tr("(you)") if mine else "")
                ready = "✓" if info.ready else "…"
                state = tr("connected")
                if info.shoulder:
                    state += " · " + tr("hand shown to watchers")
            else:
                who, ready = (info.name or tr("open seat")), ""
                state = tr("away") if info.name else tr("waiting for a player")
            for col, text in enumerate((names.get(info.seat, info.seat), who, ready, state)):
                item = QTableWidgetItem(text)
                if mine:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(i, col, item)
        self.watchers_label.setText(watchers_text(lobby.watchers))
        if lobby.started and not self.closing:
            self.closing = True
            self.accept()

    def _show_reach(self, reach: object) -> None:
        """The code came (or could not be made): the lobby grows to show it whole, as far as
        the screen allows, and is not made smaller than that."""
        assert self.invite is not None
        self.invite.set_reach(reach)
        layout = self.layout()
        assert layout is not None
        layout.invalidate()  # the code's field and the QR code have just grown
        least = layout.totalMinimumSize().expandedTo(QSize(*LEAST))
        self.setMinimumSize(least)
        if self.isVisible():
            wanted = layout.totalSizeHint().expandedTo(least)
            fit_window(self, self.size().expandedTo(wanted), place=False)

    def _status_changed(self, _connected: bool, text: str) -> None:
        self.status.setText(text)
        self._show_fingerprint()

    def _show_fingerprint(self) -> None:
        if self.runner is not None:
            fp = self.runner.fingerprint
            text = tr("This table's certificate fingerprint: {fingerprint}")
        else:  # what the table showed: checked against a code's, or for the player to compare
            fp = getattr(self.link, "peer_fingerprint", b"")
            if not getattr(self.link, "pinned", False):
                text = tr("Certificate fingerprint {fingerprint}: compare it with the host's lobby")
            elif getattr(self.link, "coded", True):
                text = tr("Certificate fingerprint {fingerprint}: the one in the invite code")
            else:
                text = tr("Certificate fingerprint {fingerprint}: the one the table announced")
        self.fingerprint.setText(text.format(fingerprint=short_fingerprint(fp)) if fp else "")

    def start_match(self) -> None:
        if self.runner is not None:
            self.runner.start_match(str(self.fill_box.currentData()))

    def reject(self) -> None:
        super().reject()
        if not self.closing:
            self.closing = True
            self.left.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        if not self.closing and self.result() != QDialog.DialogCode.Accepted:
            self.closing = True
            self.left.emit()


def watchers_text(names: list[str]) -> str:
    """The lobby's line of watchers (旁观): how many, and who."""
    if not names:
        return tr("No one is watching.")
    return tr("Watching ({n}): {names}").format(n=len(names), names=", ".join(names))


def _lan_address() -> str:
    """This machine's address on the LAN, to tell the others (the first non-loopback IPv4)."""
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if ip.is_IPv4 and not str(ip.ip).startswith("127."):
                    return str(ip.ip)
    except Exception:  # best effort: the port is what matters most
        pass
    return "127.0.0.1"
