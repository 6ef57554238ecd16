# Overrides PyInstaller's own hook for PySide6: the same, less what qt_trim leaves out
# (on Windows, the 20 MB software OpenGL renderer).
import os
import sys

from PyInstaller.utils.hooks import check_requirement
from PyInstaller.utils.hooks.qt import ensure_single_qt_bindings_package, pyside6_library_info

sys.path.insert(0, os.path.dirname(__file__))
from qt_trim import trim

ensure_single_qt_bindings_package("PySide6")

if pyside6_library_info.version is not None:
    hiddenimports = ["shiboken6", "inspect"]
    if check_requirement("PySide6 >= 6.4.0"):
        hiddenimports += ["PySide6.support.deprecated"]
    binaries = trim(pyside6_library_info.collect_extra_binaries())
