"""The main window and the Qt application that runs it."""

from __future__ import annotations

import signal
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QFont,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from shengji_desktop import __version__

APP_NAME = "Shengji Desktop"
ORG_NAME = "shengji-desktop"
WINDOW_TITLE = "升级 Shengji Desktop"
WINDOW_SIZE = (1280, 720)

# The table is laid out in these scene units; the view scales it to the window.
TABLE_RECT = QRectF(0, 0, 1600, 900)

FELT_CENTRE = QColor("#2f8f4e")
FELT_EDGE = QColor("#0c3d1f")
TABLE_LINE = QColor(255, 255, 255, 40)
TITLE_COLOUR = QColor(255, 255, 255, 60)
SUBTITLE_COLOUR = QColor(255, 255, 255, 110)


def about_text() -> str:
    return (
        f"<h3>升级 Shengji Desktop {__version__}</h3>"
        "<p>Dalian 打滚子 (3 decks), tractor (2 decks) and 三打一 (1 deck).</p>"
    )


class FeltView(QGraphicsView):
    """A view that paints green card-table felt behind whatever the scene holds."""

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setBackgroundBrush(FELT_EDGE)  # seen only before the first paint

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        # The gradient follows the visible area, not the scene, so the lit centre stays in
        # the middle of the window whatever its shape.
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        radius = 0.75 * max(visible.width(), visible.height())
        gradient = QRadialGradient(visible.center(), radius, visible.center() - QPointF(0, 80))
        gradient.setColorAt(0.0, FELT_CENTRE)
        gradient.setColorAt(1.0, FELT_EDGE)
        painter.fillRect(rect, QBrush(gradient))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


def build_table_scene() -> QGraphicsScene:
    """The table as it looks before a game starts: its edge and the name of the program."""
    scene = QGraphicsScene(TABLE_RECT)

    edge = QPainterPath()
    edge.addRoundedRect(TABLE_RECT.adjusted(40, 40, -40, -40), 36, 36)
    scene.addPath(edge, QPen(TABLE_LINE, 3), Qt.BrushStyle.NoBrush)

    title = QGraphicsSimpleTextItem("升级")
    title_font = QFont()
    title_font.setPixelSize(220)
    title_font.setBold(True)
    title.setFont(title_font)
    title.setBrush(TITLE_COLOUR)
    scene.addItem(title)

    subtitle = QGraphicsSimpleTextItem("Shengji Desktop  ·  大连打滚子  ·  拖拉机  ·  三打一")
    subtitle_font = QFont()
    subtitle_font.setPixelSize(34)
    subtitle.setFont(subtitle_font)
    subtitle.setBrush(SUBTITLE_COLOUR)
    scene.addItem(subtitle)

    centre = TABLE_RECT.center()
    title_rect = title.boundingRect()
    subtitle_rect = subtitle.boundingRect()
    title.setPos(centre.x() - title_rect.width() / 2, centre.y() - title_rect.height() + 20)
    subtitle.setPos(centre.x() - subtitle_rect.width() / 2, centre.y() + 50)
    return scene


class MainWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(WINDOW_TITLE)
        self.resize(*WINDOW_SIZE)

        self.scene = build_table_scene()
        self.view = FeltView(self.scene, self)
        self.setCentralWidget(self.view)

        game_menu = self.menuBar().addMenu("&Game")
        self.new_game_action = QAction("&New game", self)
        self.new_game_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_game_action.setEnabled(False)  # no game to start until the table exists
        game_menu.addAction(self.new_game_action)
        game_menu.addSeparator()
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        game_menu.addAction(self.quit_action)

        help_menu = self.menuBar().addMenu("&Help")
        self.about_action = QAction("&About", self)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    def show_about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}", about_text())


def run_gui(argv: Sequence[str]) -> int:
    """Start Qt with these command-line arguments, show the main window and run until it closes."""
    # Qt's event loop keeps Python from seeing Ctrl+C in the terminal; let it end the program.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    app = QApplication(list(argv))
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORG_NAME)
    app.setApplicationVersion(__version__)
    window = MainWindow()
    window.show()
    return app.exec()
