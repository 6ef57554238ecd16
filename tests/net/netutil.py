"""Helpers for LAN tests: host and join processes on loopback, their output followed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CLI = [sys.executable, "-m", "shengji_desktop"]


class Proc:
    """A child process whose stdout lines are collected by a thread; ``wait_for`` a line."""

    def __init__(self, args: list[str], cwd: Path, name: str) -> None:
        self.name = name
        self.err_path = cwd / f"{name}.err"
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.popen = subprocess.Popen(
            args,
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=self.err_path.open("w"),
            text=True,
            encoding="utf-8",
            env=env,
        )
        self.lines: list[str] = []
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            with self._cond:
                self.lines.append(line.rstrip("\n"))
                self._cond.notify_all()
        with self._cond:
            self._cond.notify_all()

    def wait_for(self, test: Callable[[str], bool], timeout: float = 30.0, start: int = 0) -> int:
        """Index of the first line from ``start`` on that passes ``test``."""
        end = time.monotonic() + timeout
        with self._cond:
            while True:
                for i in range(start, len(self.lines)):
                    if test(self.lines[i]):
                        return i
                left = end - time.monotonic()
                if left <= 0 or (self.popen.poll() is not None and not self._thread.is_alive()):
                    raise AssertionError(f"{self.name}: no such line; last: {self.lines[-5:]}")
                self._cond.wait(min(left, 0.2))

    def finish(self, timeout: float = 60.0) -> int:
        try:
            rc = self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.name} did not finish; last: {self.lines[-5:]}") from None
        self._thread.join(5)
        return rc

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()  # SIGKILL; TerminateProcess on Windows
            self.popen.wait(10)

    def last_json(self) -> dict[str, Any]:
        value: dict[str, Any] = json.loads(self.lines[-1])
        return value

    def stderr(self) -> str:
        return self.err_path.read_text(encoding="utf-8")


def listening_port(proc: Proc) -> int:
    i = proc.wait_for(lambda line: line.startswith('{"event": "listening"'))
    return int(json.loads(proc.lines[i])["port"])


class Procs:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.all: list[Proc] = []

    def host(self, *args: str, name: str = "host") -> Proc:
        base = ["host", "--bind", "127.0.0.1", "--port", "0", "--deal-pace", "0"]
        base += ["--settle-pause", "0", "--standin", "random"]
        proc = Proc([*CLI, *base, *args], self.tmp, name)
        self.all.append(proc)
        return proc

    def join(self, port: int, name: str, *args: str) -> Proc:
        base = ["join", f"127.0.0.1:{port}", "--name", name, "--ai", "random", "--seed", name]
        proc = Proc([*CLI, *base, *args], self.tmp, name)
        self.all.append(proc)
        return proc
