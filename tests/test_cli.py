"""The command line: --version, and that it keeps Qt out of headless runs."""

import subprocess
import sys

from shengji_desktop import __version__
from shengji_desktop.cli import main


def test_version_via_python_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "shengji_desktop", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"shengji-desktop {__version__}"
    assert __version__ == "0.1.0"


def test_main_returns_exit_code_instead_of_exiting(capsys) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"shengji-desktop {__version__}"
    assert main(["--no-such-option"]) == 2


def test_headless_use_of_the_cli_does_not_import_qt() -> None:
    code = (
        "import sys\n"
        "from shengji_desktop.cli import main\n"
        "main(['--version'])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))\n"
        "print(loaded)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"
