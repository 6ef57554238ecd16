"""What differs on Windows and macOS, checked here on Linux: the tests run there too
(.github/workflows/tests.yml), and the release builds self-test there."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("platform", "maxrss", "mb"), [("linux", 2048, 2.0), ("darwin", 2**21, 2.0)]
)
def test_peak_rss_is_in_mb_on_linux_and_macos(monkeypatch, platform, maxrss, mb) -> None:
    """ru_maxrss is KiB on Linux and bytes on macOS."""
    pytest.importorskip("resource")
    import resource

    from shengji_desktop.ui import bench

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(resource, "getrusage", lambda who: types.SimpleNamespace(ru_maxrss=maxrss))
    assert bench.peak_rss_mb() == mb


def test_the_host_command_runs_where_the_loop_has_no_signal_handlers() -> None:
    """Windows' event loop raises NotImplementedError for add_signal_handler: the host goes on
    (Ctrl+C stops it as KeyboardInterrupt there)."""
    import asyncio

    from shengji_desktop.net.headless import stop_on_signals

    class WindowsLoop(asyncio.SelectorEventLoop):
        def add_signal_handler(self, sig, callback, *args):
            raise NotImplementedError

    loop = WindowsLoop()
    try:
        assert stop_on_signals(loop, lambda: None) is False
    finally:
        loop.close()
    loop = asyncio.new_event_loop()
    try:
        handled = stop_on_signals(loop, lambda: None)
        assert handled is (sys.platform != "win32")  # this system's own loop
        if handled:
            import signal

            loop.remove_signal_handler(signal.SIGINT)
            loop.remove_signal_handler(signal.SIGTERM)
    finally:
        loop.close()


def test_the_workflows_run_the_tests_on_windows_and_macos_and_release_on_tags() -> None:
    tests = (ROOT / ".github" / "workflows" / "tests.yml").read_text(encoding="utf-8")
    assert "os: [windows-latest, macos-latest]" in tests and "\n  push:\n" in tests
    for step in ("ruff check .", "ruff format --check .", "mypy shengji_desktop", "lint-imports"):
        assert f"          {step}\n" in tests, step
    assert "          pytest -n auto\n" in tests and 'PYTHONUTF8: "1"' in tests
    release = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "runner: macos-latest" in release and "runner: macos-15-intel" in release
    assert 'open -W -n --stderr "$RUNNER_TEMP/open-stderr.txt" -a "$app"' in release
    assert "--args --self-test --self-test-report" in release
    assert "xcrun notarytool submit" in release and "if: env.HAVE_SIGNING == 'true'" in release
    assert '"$GITHUB_REF_NAME" != "v$version"' in release  # the tag must name __version__
    assert "if: github.ref_type == 'tag'" in release and "sha256sum -- * > SHA256SUMS" in release
    for name in ("windows-setup.exe", "macos-arm64.dmg", "macos-x86_64.dmg", "linux-x86_64.tar.gz"):
        assert f'test -f "Shengji-Desktop-$VERSION-{name}"' in release, name


def test_text_files_check_out_with_lf_endings_everywhere() -> None:
    attributes = (ROOT / ".gitattributes").read_text(encoding="utf-8").splitlines()
    assert "* text=auto eol=lf" in attributes
    for binary in ("*.png", "*.ico", "*.icns", "*.qm"):
        assert f"{binary} binary" in attributes
