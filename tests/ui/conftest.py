"""Qt tests run without a screen unless the caller chose a platform (e.g. xcb under Xvfb)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
