# Overrides PyInstaller's own hook for PySide6.QtWidgets: the same collection, less what
# qt_trim leaves out (before the libraries that left-out plugins need are looked for).
import os
import sys

from PyInstaller.utils.hooks.qt import add_qt6_dependencies

sys.path.insert(0, os.path.dirname(__file__))
from qt_trim import trim

hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = trim(binaries)
datas = trim(datas)
