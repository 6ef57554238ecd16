"""The LAN dialogs: host a table (announced on the LAN or not, open to the internet or not),
join or watch one (found on the LAN, by address or by invite code). The lobby is lobby.py's."""

from __future__ import annotations

import getpass
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.net.host import HostSettings
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options

from ..dialogs import OptionsForm, load_new_game
from ..fit import natural_size, remember
from ..i18n import tr
from ..tasks import Task
from ..texts import game_name, kind_help, kind_name, seat_name
from .code import short_fingerprint
from .link import SEAT_KINDS, parse_address
from .lobby import announce_text

if TYPE_CHECKING:
    from shengji_desktop.net.discovery import FoundTable
    from shengji_desktop.net.invite import Invite


def default_name() -> str:
    try:
        return getpass.getuser()[:32] or tr("Player")
    except (OSError, KeyError):
        return tr("Player")


# Windows Defender Firewall asks the first time a program listens for connections; the host
# dialog says so until a table has been hosted once (the installer can add the rule instead).
FIREWALL_ASKS = sys.platform == "win32"
FIREWALL_NOTE_KEY = "lan/firewall_note_seen"


def firewall_note(settings: QSettings) -> QLabel | None:
    if not FIREWALL_ASKS or settings.value(FIREWALL_NOTE_KEY, False, type=bool):
        return None
    label = QLabel(
        tr(
            "The first time you host a table, Windows Defender Firewall asks whether Shengji"
            " Desktop may accept connections: allow it on private networks, or the other"
            " players cannot join."
        )
    )
    label.setObjectName("firewall-note")
    label.setWordWrap(True)
    return label


def seat_kind_text(kind: str) -> str:
    return tr("Open (a person)") if kind == "open" else kind_name(kind)


def table_state_text(t: FoundTable) -> str:
    """A listed table's open seats (or that its match is under way) and its watchers."""
    if t.started:
        state = tr("in play")
    else:
        state = tr("{n} open seats").format(n=t.free) if t.free != 1 else tr("1 open seat")
    if t.watching > 0:
        state += " · " + tr("{n} watching").format(n=t.watching)
    return state


def player_name(settings: QSettings | None = None) -> str:
    name = str((settings or QSettings()).value("lan/name", "") or "")
    return name or default_name()


@dataclass
class HostedTable:
    game: Game
    options: Options
    seats: list[str]  # S, E, N, W: "open" or a computer level; the host sits at the first open
    player: str
    settings: HostSettings
    port: int = 0
    bind: str = "0.0.0.0"
    seed: int | None = None
    advertise: bool = True  # announced on the LAN; else only those given the address join
    internet: bool = False  # open to the internet: a port mapping and an invite code


# The host's per-move limits (seconds; 0: none); burying gets twice as long (HostSettings).
MOVE_TIMES = (0, 15, 30, 60)


def move_time_text(seconds: int) -> str:
    if not seconds:
        return tr("No limit")
    return tr("{n} s (twice that to bury)").format(n=seconds)


class HostDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Host a table"))
        self.setMinimumSize(640, 600)
        s = QSettings()
        base = load_new_game(s)
        layout = QVBoxLayout(self)

        top = QFormLayout()
        self.game_box = QComboBox()
        self.game_box.setObjectName("game")
        for game in Game:
            self.game_box.addItem(game_name(game), game.value)
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(base.game.value)))
        top.addRow(tr("Game"), self.game_box)
        self.name_edit = QLineEdit(player_name(s))
        self.name_edit.setObjectName("name")
        self.name_edit.setMaxLength(32)
        top.addRow(tr("Your name"), self.name_edit)
        self.table_edit = QLineEdit(
            str(s.value("lan/table", "") or "")
            or tr("{name}'s table").format(name=self.name_edit.text())
        )
        self.table_edit.setObjectName("table")
        self.table_edit.setMaxLength(40)
        top.addRow(tr("Table name"), self.table_edit)
        port_row = QHBoxLayout()
        self.port_box = QSpinBox()
        self.port_box.setObjectName("port")
        self.port_box.setRange(0, 65535)
        self.port_box.setSpecialValueText(tr("any free port"))
        self.port_box.setValue(int(str(s.value("lan/port", 0) or 0)))
        port_row.addWidget(self.port_box)
        self.advertise_box = QCheckBox(tr("Announce on the local network"))
        self.advertise_box.setObjectName("advertise")
        self.advertise_box.setChecked(bool(s.value("lan/advertise", True, type=bool)))
        port_row.addWidget(self.advertise_box, 1)
        top.addRow(tr("Port"), port_row)
        self.internet_box = QCheckBox(tr("Open to the internet (invite code)"))
        self.internet_box.setObjectName("internet")
        self.internet_box.setToolTip(
            tr(
                "The router is asked to forward the port, and the lobby shows an invite code"
                " to send to friends elsewhere; only those with the code can join."
            )
        )
        self.internet_box.setChecked(bool(s.value("lan/internet", False, type=bool)))
        top.addRow("", self.internet_box)
        # what the box means, said as it is ticked or not (issue 38: it is honoured)
        self.advertise_note = QLabel("")
        self.advertise_note.setObjectName("advertise-note")
        self.advertise_note.setWordWrap(True)
        self.advertise_note.setStyleSheet("color: #666;")
        top.addRow("", self.advertise_note)
        self.advertise_box.toggled.connect(self._advertise_changed)
        self.internet_box.toggled.connect(self._advertise_changed)
        self._advertise_changed()
        self.move_time_box = QComboBox()
        self.move_time_box.setObjectName("move-time")
        for seconds in MOVE_TIMES:
            self.move_time_box.addItem(move_time_text(seconds), seconds)
        saved_time = int(str(s.value("lan/move_time", 0) or 0))
        self.move_time_box.setCurrentIndex(max(0, self.move_time_box.findData(saved_time)))
        top.addRow(tr("Time per move"), self.move_time_box)
        layout.addLayout(top)
        self.firewall_note = firewall_note(s)
        if self.firewall_note is not None:
            layout.addWidget(self.firewall_note)

        seats_box = QGroupBox(tr("Seats"))
        grid = QGridLayout(seats_box)
        saved = str(s.value("lan/seats", "open,normal,open,normal")).split(",")
        if len(saved) != 3 or any(k not in SEAT_KINDS for k in saved):
            saved = ["open", "normal", "open"]
        # one vocabulary (issue 36 item 9): the seats as the host sees the table, from South
        grid.addWidget(QLabel(seat_name(Seat.S, Seat.S)), 0, 0)
        you = QLabel(tr("You (the host)"))
        you.setStyleSheet("font-weight: bold;")
        grid.addWidget(you, 0, 1)
        self.seat_boxes: list[QComboBox] = []
        for i, (seat_label, kind) in enumerate(
            zip((seat_name(seat, Seat.S) for seat in (Seat.E, Seat.N, Seat.W)), saved, strict=True),
            start=1,
        ):
            grid.addWidget(QLabel(seat_label), i, 0)
            box = QComboBox()
            box.setObjectName(f"seat-{Seat(i).name}")
            for k in SEAT_KINDS:
                box.addItem(seat_kind_text(k), k)
                box.setItemData(box.count() - 1, kind_help(k), Qt.ItemDataRole.ToolTipRole)
            box.setCurrentIndex(max(0, box.findData(kind)))
            grid.addWidget(box, i, 1)
            self.seat_boxes.append(box)
        grid.setColumnStretch(1, 1)
        layout.addWidget(seats_box)

        self.options_form = OptionsForm()
        self.options_form.set_options(base.options)
        layout.addWidget(self.options_form, 1)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("Open the table"))
        ok.setObjectName("host")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Cancel"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.game_box.currentIndexChanged.connect(self._game_changed)
        self._game_changed()
        remember(self, "ui/host-geometry", natural_size(self))  # as the screen allows

    def _game_changed(self) -> None:
        self.options_form.show_game(Game(self.game_box.currentData()))

    def _advertise_changed(self) -> None:
        note = announce_text(self.advertise_box.isChecked())
        if self.internet_box.isChecked():
            note += " " + tr(
                "Open to the internet: friends elsewhere join with the invite code the lobby"
                " shows."
            )
        self.advertise_note.setText(note)

    def seats(self) -> list[str]:
        return ["open"] + [str(b.currentData()) for b in self.seat_boxes]

    def table(self) -> HostedTable:
        name = self.name_edit.text().strip() or default_name()
        settings = HostSettings(
            table_name=self.table_edit.text().strip() or name,
            move_time=float(self.move_time_box.currentData()) or None,
        )
        return HostedTable(
            Game(self.game_box.currentData()),
            self.options_form.options(),
            self.seats(),
            name,
            settings,
            self.port_box.value(),
            advertise=self.advertise_box.isChecked(),
            internet=self.internet_box.isChecked(),
        )

    def remember(self) -> None:
        s = QSettings()
        s.setValue("lan/name", self.name_edit.text().strip())
        s.setValue("lan/table", self.table_edit.text().strip())
        s.setValue("lan/port", self.port_box.value())
        s.setValue("lan/move_time", int(self.move_time_box.currentData()))
        s.setValue("lan/advertise", self.advertise_box.isChecked())
        s.setValue("lan/internet", self.internet_box.isChecked())
        s.setValue("lan/seats", ",".join(self.seats()[1:]))
        if self.firewall_note is not None:
            s.setValue(FIREWALL_NOTE_KEY, True)
        s.sync()


class JoinDialog(QDialog):
    """Tables announced on the LAN (looked up again with Refresh), an address, or an invite
    code (``invite``: its addresses, join secret and fingerprint; the address field starts at
    its first address and may be changed); Join takes a seat, Watch (旁观) watches without
    one (``watching``)."""

    def __init__(self, parent: QWidget | None = None, browse_seconds: float = 1.5) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Join a table"))
        self.setMinimumSize(520, 420)
        self.browse_seconds = browse_seconds
        self.watching = False  # Watch was chosen, not Join
        self.invite: Invite | None = None  # the code's, once it reads well
        self.pinned: bytes | None = None  # the certificate a table of the list announced
        self.tables: list[FoundTable] = []
        self._task: Task | None = None
        s = QSettings()
        layout = QVBoxLayout(self)
        found = QGroupBox(tr("Tables on the local network"))
        fl = QVBoxLayout(found)
        self.list = QListWidget()
        self.list.setObjectName("tables")
        self.list.setSpacing(2)  # each table's lines apart from the next's
        self.list.currentRowChanged.connect(self._picked)
        self.list.itemDoubleClicked.connect(lambda _item: self._accept())
        fl.addWidget(self.list, 1)
        row = QHBoxLayout()
        self.search_label = QLabel("")
        self.search_label.setStyleSheet("color: #666;")
        row.addWidget(self.search_label, 1)
        self.refresh_button = QPushButton(tr("Refresh"))
        self.refresh_button.setObjectName("refresh")
        self.refresh_button.clicked.connect(self.refresh)
        row.addWidget(self.refresh_button)
        fl.addLayout(row)
        layout.addWidget(found, 1)

        form = QFormLayout()
        self.code_edit = QLineEdit(saved_code(s))
        self.code_edit.setObjectName("code")
        self.code_edit.setPlaceholderText(tr("Paste the invite code the host sent"))
        self.code_edit.setClearButtonEnabled(True)
        form.addRow(tr("Join by code"), self.code_edit)
        self.code_note = QLabel("")
        self.code_note.setObjectName("code-note")
        self.code_note.setWordWrap(True)
        self.code_note.setStyleSheet("color: #666;")
        form.addRow("", self.code_note)
        self.address_edit = QLineEdit(str(s.value("lan/address", "") or ""))
        self.address_edit.setObjectName("address")
        self.address_edit.setPlaceholderText("192.168.1.20:47000")
        self.address_edit.textEdited.connect(self._address_edited)
        form.addRow(tr("Address (host:port)"), self.address_edit)
        self.name_edit = QLineEdit(player_name(s))
        self.name_edit.setObjectName("name")
        self.name_edit.setMaxLength(32)
        form.addRow(tr("Your name"), self.name_edit)
        layout.addLayout(form)
        self.error_label = QLabel("")
        self.error_label.setObjectName("join-error")
        self.error_label.setStyleSheet("color: #b00000;")
        self.error_label.setWordWrap(True)
        layout.addWidget(self.error_label)
        self._read_code()
        self.code_edit.textChanged.connect(self._code_changed)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("Join"))
        ok.setObjectName("join")
        # 旁观 beside Join: watch the table chosen in the list or at the address, no seat
        self.watch_button = buttons.addButton(tr("Watch"), QDialogButtonBox.ButtonRole.ActionRole)
        self.watch_button.setObjectName("watch")
        self.watch_button.setToolTip(
            tr("Watch the table without a seat (旁观): you see what the whole table sees")
        )
        self.watch_button.clicked.connect(self._watch)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Cancel"))
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        remember(self, "ui/join-geometry", natural_size(self))  # as the screen allows
        if browse_seconds > 0:
            QTimer.singleShot(0, self.refresh)

    def refresh(self) -> None:
        """Look for tables on a worker thread (discovery takes a second or two)."""
        if self._task is not None:
            return
        from shengji_desktop.net.discovery import browse_tables

        seconds = self.browse_seconds
        self.search_label.setText(tr("Looking for tables…"))
        self.refresh_button.setEnabled(False)
        task = Task(lambda: browse_tables(seconds))
        self._task = task
        task.signals.done.connect(self._found)
        from PySide6.QtCore import QThreadPool

        QThreadPool.globalInstance().start(task)

    def _found(self, result: Any) -> None:
        self._task = None
        self.refresh_button.setEnabled(True)
        if isinstance(result, Exception):
            self.search_label.setText(tr("Looking failed: {error}").format(error=result))
            return
        self.set_tables(result)

    def set_tables(self, tables: list[FoundTable]) -> None:
        self.tables = list(tables)
        self.list.clear()
        for t in self.tables:
            known = t.game in {g.value for g in Game}
            game = game_name(Game(t.game)) if known else t.game
            # a line each (one was wider than the list): which table, its state and where, and
            # its certificate as the host's lobby shows it
            text = f"{t.name} — {game}\n{table_state_text(t)} · {t.address}:{t.port}"
            if t.fingerprint:
                text += "\n" + tr("Certificate {fingerprint}").format(
                    fingerprint=short_fingerprint(t.fingerprint)
                )
            item = QListWidgetItem(text)
            if not t.compatible:
                item.setText(text + "  " + tr("(another version)"))
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            elif t.free <= 0:
                item.setForeground(Qt.GlobalColor.gray)
            self.list.addItem(item)
        n = len(self.tables)
        self.search_label.setText(
            tr("No table found yet.")
            if n == 0
            else tr("1 table found.")
            if n == 1
            else tr("{n} tables found.").format(n=n)
        )

    def _picked(self, row: int) -> None:
        if 0 <= row < len(self.tables):
            t = self.tables[row]
            self.code_edit.clear()  # a table of the list is joined by its address
            self.address_edit.setText(f"{t.address}:{t.port}")
            self.pinned = t.fingerprint or None  # and its announced certificate pinned

    def _address_edited(self) -> None:
        self.pinned = None  # another address: the announced certificate is not its

    def _read_code(self) -> str | None:
        """Decode the code field into ``invite``; the error in words (None: fine or empty)."""
        from shengji_desktop.net.invite import InviteError, decode

        from .code import invite_error_text, invite_note

        self.invite = None
        text = self.code_edit.text().strip()
        error = None
        if text:
            try:
                self.invite = decode(text)
            except InviteError as exc:
                error = invite_error_text(exc)
        self.code_note.setText(invite_note(self.invite) if self.invite is not None else "")
        self.code_note.setVisible(self.invite is not None)
        self.error_label.setText(error or "")
        return error

    def _code_changed(self) -> None:
        if self._read_code() is None and self.invite is not None:
            host, port = self.invite.endpoints()[0]
            self.address_edit.setText(f"[{host}]:{port}" if ":" in host else f"{host}:{port}")

    def target(self) -> tuple[str, int, str]:
        address, port = parse_address(self.address_edit.text())
        return address, port, self.name_edit.text().strip() or default_name()

    def _watch(self) -> None:
        self.watching = True
        self._accept()

    def _accept(self) -> None:
        if self._read_code() is not None:  # a mistyped or stale code: said, nothing opened
            return
        try:
            self.target()
        except ValueError as exc:
            self.error_label.setText(str(exc))
            return
        s = QSettings()
        s.setValue("lan/code", self.code_edit.text().strip())
        s.setValue("lan/address", self.address_edit.text().strip())
        s.setValue("lan/name", self.name_edit.text().strip())
        s.sync()
        self.accept()


def saved_code(settings: QSettings) -> str:
    """The invite code last joined with (to try another address), unless it has expired."""
    from shengji_desktop.net.invite import InviteError, decode

    code = str(settings.value("lan/code", "") or "")
    try:
        decode(code)
    except InviteError:
        return ""
    return code
