"""The startup baseline: a bare PySide6 window, frozen like the app (build.spec --bare).

It shows an empty main window and, at its first paint, prints ``first-paint`` and quits, the
way the app does under ``shengji-desktop bench startup``.
"""

import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget


class FirstPaint(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, report)
        return False


def report() -> None:
    print("first-paint", flush=True)
    QApplication.quit()


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("bare window")
    window.setCentralWidget(QWidget())
    window.resize(1280, 720)
    probe = FirstPaint()
    window.installEventFilter(probe)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
