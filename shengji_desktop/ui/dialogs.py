"""The new game dialog (game, seats, a rule preset and every rule option, animation speed),
remembered with QSettings; the keyboard help and the message boxes, with buttons in the player's
language."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSettings,
    Qt,
)
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QScrollArea,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from shengji_desktop.rules.options import OPTION_SPECS, Game, Options, OptionSpec
from shengji_desktop.rules.presets import preset_of, presets_for, with_preset

from .fit import natural_size, remember
from .i18n import say, tr
from .panels.models import SEAT_KINDS, SeatListModel
from .panels.rulesets import preset_help, preset_name
from .rules_window import open_rules
from .speeds import SPEEDS, speed_names
from .texts import game_name, kind_help, kind_name, option_help, option_label, value_text

Index = QModelIndex | QPersistentModelIndex


@dataclass
class NewGame:
    game: Game
    options: Options
    seats: list[str]
    speed: str


def load_new_game(settings: QSettings | None = None) -> NewGame:
    """The last choices, or the defaults (RULES.md §5) where nothing valid is stored."""
    s = settings or QSettings()
    try:
        game = Game(str(s.value("newgame/game", "dl")))
    except ValueError:
        game = Game.DL
    seats = str(s.value("newgame/seats", "human,normal,normal,normal")).split(",")
    if (
        len(seats) != 4
        or seats[0] not in SEAT_KINDS
        or any(k not in SEAT_KINDS[1:] for k in seats[1:])
    ):
        seats = ["human", "normal", "normal", "normal"]
    values: dict[str, object] = {}
    for spec in OPTION_SPECS:
        raw = s.value(f"newgame/options/{spec.name}")
        if raw is None:
            continue
        try:
            Options.from_dict({spec.name: str(raw)})
        except ValueError:
            continue
        values[spec.name] = str(raw)
    options = Options.from_dict(values)
    speed = str(s.value("ui/speed", "normal"))
    if speed not in SPEEDS:
        speed = "normal"
    return NewGame(game, options, seats, speed)


def save_new_game(choice: NewGame, settings: QSettings | None = None) -> None:
    s = settings or QSettings()
    s.setValue("newgame/game", choice.game.value)
    s.setValue("newgame/seats", ",".join(choice.seats))
    for name, value in choice.options.to_dict().items():
        s.setValue(f"newgame/options/{name}", value)
    s.setValue("ui/speed", choice.speed)
    s.sync()


class WheelGuard(QObject):
    """Keeps the mouse wheel from changing a combo or spin box the player has not clicked into:
    over an unfocused box the wheel scrolls the list that holds it (the rule options)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() != QEvent.Type.Wheel
            or not isinstance(watched, QWidget)
            or watched.hasFocus()
        ):
            return False
        area = watched.parentWidget()
        while area is not None and not isinstance(area, QAbstractScrollArea):
            area = area.parentWidget()
        if area is not None:
            QApplication.sendEvent(area.viewport(), event)  # the list scrolls
        else:
            event.ignore()  # not taken: Qt offers it to the parents
        return True


_WHEEL_GUARD: list[WheelGuard] = []


def guard_wheel(box: QComboBox | QSpinBox) -> None:
    """Let the wheel change ``box`` only once it has the focus (clicked or tabbed into)."""
    if not _WHEEL_GUARD:
        _WHEEL_GUARD.append(WheelGuard())
    box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel does not give it the focus
    box.installEventFilter(_WHEEL_GUARD[0])


class KindDelegate(QStyledItemDelegate):
    """A combo box for the player column of the seat list."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        model = index.model()
        assert isinstance(model, SeatListModel)
        for kind in model.allowed(index.row()):
            combo.addItem(kind_name(kind), kind)
            combo.setItemData(combo.count() - 1, kind_help(kind), Qt.ItemDataRole.ToolTipRole)
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        kind = index.data(Qt.ItemDataRole.EditRole)
        i = editor.findData(kind)
        editor.setCurrentIndex(max(0, i))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class OptionField:
    """One rule option: its editor, its default and its explanation."""

    def __init__(self, spec: OptionSpec) -> None:
        self.spec = spec
        self.widget: QComboBox | QSpinBox
        if spec.values is None:
            box = QSpinBox()
            if spec.name == "sd_hands_per_session":
                box.setRange(0, 999)
                box.setSpecialValueText(tr("unlimited"))
            else:
                box.setRange(1, 10000)
            self.widget = box
        else:
            combo = QComboBox()
            for value in spec.values:
                combo.addItem(value_text(spec, value), spec.encode(value))
            self.widget = combo
        guard_wheel(self.widget)
        self.widget.setObjectName(f"option-{spec.name}")
        self.widget.setToolTip(
            option_help(spec.name) + "\n" + tr("Rules: {ids}").format(ids=spec.rules)
        )

    def set(self, value: object) -> None:
        if isinstance(self.widget, QSpinBox):
            self.widget.setValue(0 if value is None else int(value))  # type: ignore[call-overload]
        else:
            i = self.widget.findData(self.spec.encode(value))
            self.widget.setCurrentIndex(max(0, i))

    def encoded(self) -> str:
        if isinstance(self.widget, QSpinBox):
            v = self.widget.value()
            if self.spec.name == "sd_hands_per_session" and v == 0:
                return "unlimited"
            return str(v)
        return str(self.widget.currentData())


class OptionsForm(QGroupBox):
    """Every rule option with its explanation, those of the chosen game shown (the new game
    and the host-a-table dialogs share it). With ``presets``, a chooser of rule presets above
    them (rules/presets.py): a preset sets the game's options, and the chooser names the preset
    the options make, or Custom."""

    CUSTOM = "custom"  # the chooser's entry for options that make no preset

    def __init__(self, parent: QWidget | None = None, presets: bool = False) -> None:
        super().__init__(tr("Rule options"), parent)
        self.game = Game.DL
        self._setting = False  # options being set by the form itself (a preset, defaults)
        ol = QVBoxLayout(self)
        self.preset_box: QComboBox | None = None
        if presets:
            line = QHBoxLayout()
            label = QLabel(tr("Rule set"))
            line.addWidget(label)
            self.preset_box = QComboBox()
            self.preset_box.setObjectName("preset")
            guard_wheel(self.preset_box)
            label.setBuddy(self.preset_box)
            line.addWidget(self.preset_box, 1)
            ol.addLayout(line)
            self.preset_box.activated.connect(self._preset_chosen)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        inner = QWidget()
        self.form = QFormLayout(inner)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        scroll.setWidget(inner)
        ol.addWidget(scroll)
        self.fields: dict[str, OptionField] = {}
        self.rows: dict[str, tuple[QLabel, QWidget]] = {}
        for spec in OPTION_SPECS:
            field = OptionField(spec)
            self.fields[spec.name] = field
            holder = QWidget()
            hl = QVBoxLayout(holder)
            hl.setContentsMargins(0, 0, 0, 4)
            hl.setSpacing(1)
            line = QHBoxLayout()
            line.addWidget(field.widget, 1)
            line.addWidget(self.rules_button(spec))
            hl.addLayout(line)
            default = value_text(spec, spec.default)
            note = QLabel(
                option_help(spec.name) + " " + tr("Default: {value}.").format(value=default)
            )
            note.setWordWrap(True)
            note.setStyleSheet("color: #666; font-size: 11px;")
            hl.addWidget(note)
            label = QLabel(option_label(spec.name))
            label.setWordWrap(True)
            self.form.addRow(label, holder)
            self.rows[spec.name] = (label, holder)
            if isinstance(field.widget, QSpinBox):
                field.widget.valueChanged.connect(self._option_changed)
            else:
                field.widget.currentIndexChanged.connect(self._option_changed)

    def rules_button(self, spec: OptionSpec) -> QToolButton:
        """ "?": the rules window at the paragraph where the option applies."""
        button = QToolButton()
        button.setText("?")
        button.setObjectName(f"rules-{spec.name}")
        button.setToolTip(tr("Rules"))
        button.clicked.connect(lambda: self.open_rules(spec))
        return button

    def open_rules(self, spec: OptionSpec) -> None:
        # The dialog's game (New game, Host a table) for an option of every game.
        box = getattr(self.window(), "game_box", None)
        game = spec.game or (Game(box.currentData()) if isinstance(box, QComboBox) else None)
        open_rules(self.window(), f"opt-{spec.name}", game, self.options())

    def set_options(self, options: Options) -> None:
        self._setting = True
        try:
            for name, field in self.fields.items():
                field.set(getattr(options, name))
        finally:
            self._setting = False
        self.show_preset()

    def restore_defaults(self) -> None:
        self.set_options(Options())

    def show_game(self, game: Game) -> None:
        self.game = game
        for spec in OPTION_SPECS:
            label, holder = self.rows[spec.name]
            # an option with one value (混主, DL-OP-9: off) is nothing to choose: not shown
            offered = spec.values is None or len(spec.values) > 1
            visible = spec.applies(game) and offered
            label.setVisible(visible)
            holder.setVisible(visible)
        self.show_preset()

    # ------------------------------------------------------------------ presets

    def show_preset(self) -> None:
        """The chooser lists the game's presets, Custom too when the options make none, and
        shows the one the options make."""
        box = self.preset_box
        if box is None:
            return
        preset = preset_of(self.game, self.options())
        entries = [(p.name, preset_name(p), preset_help(p)) for p in presets_for(self.game)]
        if preset is None:
            entries.append((self.CUSTOM, preset_name(None), preset_help(None)))
        box.blockSignals(True)
        try:
            if [box.itemData(i) for i in range(box.count())] != [e[0] for e in entries]:
                box.clear()
                for key, name, help_ in entries:
                    box.addItem(name, key)
                    box.setItemData(box.count() - 1, help_, Qt.ItemDataRole.ToolTipRole)
            box.setCurrentIndex(box.findData(preset.name if preset else self.CUSTOM))
            box.setToolTip(preset_help(preset))
        finally:
            box.blockSignals(False)

    def preset_key(self) -> str:
        """The chooser's entry now: a preset's name, or ``CUSTOM``."""
        assert self.preset_box is not None
        return str(self.preset_box.currentData())

    def choose_preset(self, key: str) -> None:
        """Set the game's options as the preset ``key`` has them (Custom: leave them)."""
        for preset in presets_for(self.game):
            if preset.name == key:
                self.set_options(with_preset(preset, self.options(), self.game))
                return
        self.show_preset()

    def _preset_chosen(self, index: int) -> None:
        assert self.preset_box is not None
        self.choose_preset(str(self.preset_box.itemData(index)))

    def _option_changed(self, *_: object) -> None:
        if not self._setting:
            self.show_preset()

    def options(self) -> Options:
        return Options.from_dict({n: f.encoded() for n, f in self.fields.items()})


class NewGameDialog(QDialog):
    def __init__(self, choice: NewGame | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("New game"))
        self.setMinimumSize(640, 560)
        choice = choice or load_new_game()
        layout = QVBoxLayout(self)

        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Game")))
        self.game_box = QComboBox()
        self.game_box.setObjectName("game")
        guard_wheel(self.game_box)
        for game in Game:
            self.game_box.addItem(game_name(game), game.value)
        top.addWidget(self.game_box, 1)
        top.addWidget(QLabel(tr("Animation speed")))
        self.speed_box = QComboBox()
        self.speed_box.setObjectName("speed")
        guard_wheel(self.speed_box)
        for key, name in speed_names().items():
            self.speed_box.addItem(name, key)
        top.addWidget(self.speed_box)
        layout.addLayout(top)

        seats_box = QGroupBox(tr("Seats"))
        sl = QVBoxLayout(seats_box)
        self.seats = SeatListModel(choice.seats)
        self.seat_view = QTableView()
        self.seat_view.setModel(self.seats)
        self.seat_view.setItemDelegateForColumn(1, KindDelegate(self.seat_view))
        self.seat_view.verticalHeader().hide()
        self.seat_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.seat_view.setEditTriggers(QTableView.EditTrigger.AllEditTriggers)
        self.seat_view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.seat_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.fit_seat_rows()
        sl.addWidget(self.seat_view)
        layout.addWidget(seats_box)

        self.options_form = OptionsForm(presets=True)
        self.options_box = self.options_form
        self.form = self.options_form.form
        self.fields = self.options_form.fields
        self.rows = self.options_form.rows
        layout.addWidget(self.options_box, 1)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("Start"))
        ok.setObjectName("start")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Cancel"))
        restore = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.setText(tr("Restore defaults"))
        restore.clicked.connect(self.restore_defaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

        self.game_box.currentIndexChanged.connect(self._game_changed)
        self.set_choice(choice)
        remember(self, "ui/new-game-geometry", natural_size(self))  # as the screen allows

    def fit_seat_rows(self) -> None:
        """The seat list exactly as tall as its heading and four rows: no empty band (and
        its stray grid line) under the last seat."""
        view = self.seat_view
        header = view.horizontalHeader().sizeHint().height()
        view.setFixedHeight(header + view.verticalHeader().length() + 2 * view.frameWidth())

    def showEvent(self, event: QShowEvent) -> None:
        self.fit_seat_rows()  # the style's fonts are known now
        super().showEvent(event)

    def set_choice(self, choice: NewGame) -> None:
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(choice.game.value)))
        self.speed_box.setCurrentIndex(max(0, self.speed_box.findData(choice.speed)))
        self.seats.set_kinds(choice.seats)
        self.options_form.set_options(choice.options)
        self._game_changed()

    def restore_defaults(self) -> None:
        self.options_form.restore_defaults()

    def _game_changed(self) -> None:
        self.options_form.show_game(Game(self.game_box.currentData()))

    def choice(self) -> NewGame:
        game = Game(self.game_box.currentData())
        options = self.options_form.options()
        return NewGame(game, options, list(self.seats.kinds), str(self.speed_box.currentData()))


# ---------------------------------------------------------------------- message boxes


def keyboard_text() -> str:
    """Help → Keyboard: one key a line (in both, the Chinese lines, then the English)."""
    return say(
        lambda: "\n".join(
            [
                tr("Left/Right: move between your cards"),
                tr("Up/Down: change row"),
                tr("Space: select the card"),
                tr("Enter: play (or the main button)"),
                tr("H: hint"),
                tr("Esc: clear the selection"),
                tr("Double click a card: select it and play"),
                tr("T: card tracker"),
                tr("Ctrl+T: auto-play (托管)"),
                tr("Shift+drag a card, or Shift+Left/Right: move it within the hand"),
            ]
        )
    )


def message_box(
    parent: QWidget | None, title: str, text: str, icon: str = "information"
) -> QMessageBox:
    """A message box whose button speaks the player's language (Qt's own "OK" would not: the
    program ships no Qt translations)."""
    icons = {
        "information": QMessageBox.Icon.Information,
        "warning": QMessageBox.Icon.Warning,
        "about": QMessageBox.Icon.NoIcon,
    }
    box = QMessageBox(icons[icon], title, text, QMessageBox.StandardButton.Ok, parent)
    box.button(QMessageBox.StandardButton.Ok).setText(tr("OK"))
    # a path or an error's words can be copied into a report
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return box


def show_box(parent: QWidget | None, title: str, text: str, icon: str = "information") -> None:
    box = message_box(parent, title, text, icon)
    box.exec()
    box.deleteLater()  # on this thread, not whenever the garbage collector comes by


def ask_box(parent: QWidget | None, title: str, text: str, yes: str, no: str) -> bool:
    """A question with two buttons in the player's language (Qt's own Yes/No, Reset/Cancel
    would be English): True for ``yes``; ``no`` is the default and what Esc answers."""
    box = QMessageBox(
        QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent
    )
    accept = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
    refuse = box.addButton(no, QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(refuse)
    box.setEscapeButton(refuse)
    box.exec()
    answer = box.clickedButton() is accept
    box.deleteLater()
    return answer
