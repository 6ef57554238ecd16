"""The window part of ``shengji-desktop --self-test`` (see ``shengji_desktop.selftest``).

It opens the main window (offscreen unless ``QT_QPA_PLATFORM`` names another platform), with
settings and the autosave in a temporary folder, and checks: the window paints; the Chinese
catalogue loads (from the package's data folder, ``shengji_desktop/_data/translations``, under
``sys._MEIPASS`` in a frozen app; from the repository's ``translations/`` in a checkout) and
translates in each language mode; the icon files load and the card art draws; and one
hand of each game is played by computer seats through the window, with instant animations,
to its settlement.
"""

from __future__ import annotations

import functools
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QEvent, QEventLoop, QObject, QSettings, QTimer, qVersion
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QApplication

from shengji_desktop.assets import RESOURCES_DIR, TRANSLATIONS_DIR

if TYPE_CHECKING:
    from shengji_desktop.selfcheck import Report

    from .main import Window

HAND_TIMEOUT = 180.0  # seconds for one hand (DL has 162 cards; a slow CI machine)
SEATS = ["normal", "easy", "normal", "easy"]  # computer seats only: nobody waits for a click
GAMES = (("DL", 11), ("TR", 5), ("SD", 3))  # game and seed


def qt_versions() -> str:
    return f"PySide6 {pyside_version}, Qt {qVersion()}"


def wait_until(condition: Callable[[], bool], timeout: float) -> bool:
    """Run the event loop until ``condition()`` holds or ``timeout`` seconds pass."""
    if condition():
        return True
    loop = QEventLoop()
    poll = QTimer()
    poll.setInterval(10)

    def check() -> None:
        if condition():
            loop.quit()

    poll.timeout.connect(check)
    poll.start()
    QTimer.singleShot(int(timeout * 1000), loop.quit)
    loop.exec()
    poll.stop()
    return condition()


class PaintSeen(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def colours(image: QImage) -> int:
    """How many different colours a sample of the image's pixels has (a blank image: 1)."""
    seen = set()
    step_x = max(1, image.width() // 64)
    step_y = max(1, image.height() // 64)
    for y in range(0, image.height(), step_y):
        for x in range(0, image.width(), step_x):
            seen.add(image.pixel(x, y))
    return len(seen)


def run_window_checks(report: Report) -> None:
    """Add the window's checks to ``report``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    tmp = Path(tempfile.mkdtemp(prefix="shengji-self-test-"))
    app.setOrganizationName("shengji-desktop-self-test")
    app.setApplicationName("shengji-desktop-self-test")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp))
    QSettings().setValue("sound/muted", True)  # the hands are played in silence
    holder: dict[str, Window] = {}
    # An exception in a slot or event handler does not stop Qt: Python prints it through
    # sys.excepthook, and the program goes on. Each one counts as a failure here.
    errors: list[str] = []
    previous_hook = sys.excepthook

    def record_error(
        kind: type[BaseException], value: BaseException, tb: TracebackType | None
    ) -> None:
        errors.append("".join(traceback.format_exception_only(kind, value)).strip())
        previous_hook(kind, value, tb)

    sys.excepthook = record_error
    try:
        report.check("window", lambda: open_window(app, tmp, holder))
        report.check("translations", check_translations)
        report.check("card art", check_card_art)
        window = holder.get("window")
        for name, seed in GAMES:
            report.check(f"hand {name}", functools.partial(play_hand, window, name, seed))
        if window is not None:
            window.stop_session()
            window.close()
            window.deleteLater()
        app.processEvents()
    finally:
        sys.excepthook = previous_hook
    report.check("no errors in the event loop", lambda: no_errors(errors))


def no_errors(errors: list[str]) -> str:
    if errors:
        raise RuntimeError(f"{len(errors)} exceptions in Qt callbacks, the first: {errors[0]}")
    return "no exception raised in a slot or event handler"


def open_window(app: QApplication, tmp: Path, holder: dict[str, Window]) -> str:
    from . import i18n
    from .main import new_window

    i18n.install("both")
    # As the program opens it: an empty table painted first, the rest built right after.
    window = new_window(save_path=tmp / "autosave.json", check_save=False, progressive=True)
    holder["window"] = window
    window.resize(1280, 720)
    window.show()
    if not wait_until(lambda: window.built, 30):
        raise RuntimeError("the window was never completed after its first paint")
    paints = PaintSeen()
    window.table.view.viewport().installEventFilter(paints)
    window.table.view.viewport().update()
    if not wait_until(lambda: paints.count > 0, 30):
        raise RuntimeError("the table was never painted")
    window.table.view.viewport().removeEventFilter(paints)
    shot = window.grab().toImage()
    n = colours(shot)
    if n < 8:
        raise RuntimeError(f"the window looks blank ({n} colours)")
    if window.windowIcon().isNull():
        raise RuntimeError("the window has no icon")
    return (
        f"platform {app.platformName()}, {shot.width()}x{shot.height()} px painted"
        f" in {n} colours; {qt_versions()}"
    )


def check_translations() -> str:
    from shengji_desktop.selfcheck import app_root, in_app, is_frozen

    from . import i18n

    folder = TRANSLATIONS_DIR.resolve()
    if is_frozen() and not in_app(folder):
        raise RuntimeError(f"translations looked for in {folder}, outside the app {app_root()}")
    seen = []
    try:
        for mode, want in (("zh", "新游戏"), ("both", "新游戏 New game"), ("en", "New game")):
            translator = i18n.install(mode)
            if not translator.loaded:
                raise RuntimeError(f"{folder / 'zh_CN.qm'} did not load")
            got = i18n.tr("New game")
            if got != want:
                raise RuntimeError(f"in mode {mode!r}, 'New game' reads {got!r}, not {want!r}")
            seen.append(f"{mode}: {got}")
    finally:
        i18n.install("both")
    return f"zh_CN.qm from {folder}; " + "; ".join(seen)


def check_card_art() -> str:
    from shengji_desktop.rules.cards import BIG_JOKER, Card, Rank, Suit

    from .cards import BACK, render_card_image

    faces = {
        "A♥": Card.of(Suit.HEARTS, Rank.ACE),
        "10♠": Card.of(Suit.SPADES, Rank.TEN),
        "big joker": BIG_JOKER,
        "back": BACK,
    }
    images = {}
    for name, card in faces.items():
        image = render_card_image(int(card), height=140)
        if image.isNull():
            raise RuntimeError(f"{name} did not draw")
        n = colours(image)
        if n < 4:
            raise RuntimeError(f"{name} looks blank ({n} colours)")
        images[name] = image
    if len({bytes(image.constBits()) for image in images.values()}) != len(images):
        raise RuntimeError("two different cards drew the same picture")
    icons = []
    for size in (64, 256):
        path = RESOURCES_DIR / f"icon-{size}.png"
        pixmap = QPixmap(str(path))
        if pixmap.isNull() or pixmap.width() != size:
            raise RuntimeError(f"{path} did not load as a {size} px picture")
        icons.append(f"{size} px")
    return f"{len(images)} cards drawn ({', '.join(images)}); icon files load ({', '.join(icons)})"


def play_hand(window: Window | None, name: str, seed: int) -> str:
    if window is None:
        raise RuntimeError("no window")
    from shengji_desktop.rules.options import Game, Options

    from .dialogs import NewGame

    game = Game(name.lower())
    failures: list[str] = []
    started = time.perf_counter()
    session = window.games.start_new(NewGame(game, Options(), list(SEATS), "instant"), seed=seed)
    session.failed.connect(failures.append)
    done = wait_until(
        lambda: bool(failures) or session.waiting in ("next_hand", "over"), HAND_TIMEOUT
    )
    seconds = time.perf_counter() - started
    view = session.view
    window.stop_session()
    if failures:
        raise RuntimeError(f"the game stopped: {failures[0]}")
    if not done or view is None:
        raise TimeoutError(f"the hand was not over after {HAND_TIMEOUT:.0f} s")
    if len(view.history) != 1:
        raise RuntimeError(f"{len(view.history)} hands settled, not 1")
    if window.table.score.rowCount() != 1:
        raise RuntimeError(f"the score sheet has {window.table.score.rowCount()} rows, not 1")
    if window.table.log.rowCount() < 10:
        raise RuntimeError(f"the game log has only {window.table.log.rowCount()} lines")
    drawn = window.table.pixmaps.renders  # card pictures drawn for the table so far (cached)
    if drawn < 1:
        raise RuntimeError("no card was drawn on the table")
    actions = view.cards_dealt + sum(len(t.plays) for t in view.tricks)
    return (
        f"seats {','.join(SEATS)}, seed {seed}: settled after {actions} cards dealt and played"
        f" in {seconds:.1f} s; {window.table.log.rowCount()} log lines; {drawn} card pictures"
        " drawn for the table so far"
    )
