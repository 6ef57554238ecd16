"""What build.spec leaves out of the Qt that PySide6 brings: one predicate, used by the hook
overrides beside this file (so that left-out plugins do not pull in their libraries) and by
the spec on everything collected.

The app uses QtCore, QtGui and QtWidgets with raster painting: no QML, no network, no SVG,
no OpenGL, no printing. Kept on Linux: the xcb and wayland platforms (desktops), offscreen
(the self-test in CI) and minimal; the compose and ibus input methods (typing Chinese names);
the xdg-desktop-portal theme; xdg-shell and plain window frames on Wayland. On Windows and
macOS the native platform and style plugins stay. Qt's own translations stay out: the app
ships its own catalogue.
"""

from __future__ import annotations

from pathlib import PurePath

# Whole plugin folders (under PySide6/Qt/plugins) left out.
PLUGIN_DIRS_OUT = {
    "accessiblebridge",
    "designer",
    "egldeviceintegrations",  # eglfs: full-screen embedded devices
    "generic",  # evdev and tslib input for embedded devices
    "iconengines",  # SVG icons (the app draws its icon)
    "networkinformation",
    "printsupport",
    "qmllint",
    "qmltooling",
    "sqldrivers",
    "tls",
    "vectorimageformats",
    "wayland-graphics-integration-client",  # EGL and Vulkan buffers (OpenGL); shm is built in
    "wayland-graphics-integration-server",
    "xcbglintegrations",  # OpenGL over X11: the app paints with the raster engine
}
# Single plugins left out, by the start of their file name (lib prefix dropped).
PLUGINS_OUT = {
    "imageformats": ("qgif", "qicns", "qjpeg", "qpdf", "qsvg", "qtga", "qtiff", "qwbmp", "qwebp"),
    "platforms": ("qeglfs", "qlinuxfb", "qminimalegl", "qvkkhrdisplay", "qvnc", "qdirect2d"),
    "platforminputcontexts": ("qtvirtualkeyboardplugin",),
    "platformthemes": ("qgtk3",),  # needs GTK 3 from the system and pulls in cairo, pango...
    "wayland-decoration-client": ("adwaita",),  # needs QtSvg; "bradient" draws the frame
    "wayland-shell-integration": (
        "fullscreen-shell-v1",
        "ivi-shell",
        "qt-shell",
        "wl-shell-plugin",
    ),
}
# Libraries (any platform's naming) left out, by a part of their file name.
LIBRARIES_OUT = (
    "Qt6EglFS",
    "Qt6Network",
    "Qt6OpenGL",
    "Qt6Pdf",
    "Qt6Qml",
    "Qt6Quick",
    "Qt6Svg",
    "Qt6VirtualKeyboard",
    "Qt6WlShellIntegration",
    "opengl32sw",  # Windows: software OpenGL (20 MB), unused by raster painting
    # Linux: glibc's vector maths, which miniaudio's module links; part of the C library (it
    # uses libm's GLIBC_PRIVATE symbols), so the system's own must be the one loaded.
    "libmvec.so",
)


def keep(dest: str) -> bool:
    """Whether a file collected to ``dest`` (its path inside the bundle) stays in."""
    parts = PurePath(dest.replace("\\", "/")).parts
    name = parts[-1] if parts else ""
    if any(lib in name for lib in LIBRARIES_OUT):
        return False
    if "PySide6" not in parts:
        return True
    if "translations" in parts:
        return False
    if "plugins" in parts and parts.index("plugins") + 1 < len(parts) - 1:
        kind = parts[parts.index("plugins") + 1]
        if kind in PLUGIN_DIRS_OUT:
            return False
        stem = name.removeprefix("lib")
        return not stem.startswith(PLUGINS_OUT.get(kind, ()))
    return True


def trim(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A hook's (source, destination folder) list without what ``keep`` leaves out."""
    return [(src, dest) for src, dest in entries if keep(f"{dest}/{PurePath(src).name}")]
