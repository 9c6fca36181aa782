"""`cardtable serve` run as a person runs it: a process whose first line says where to open it."""

from __future__ import annotations

import queue
import re
import signal
import subprocess
import sys
import threading
import time

OPEN_AT = re.compile(r"http://127\.0\.0\.1:(\d+)")


class ServeProcess:
    """`cardtable serve --port 0 ...` in a process of its own, killed on exit if still running."""

    def __init__(self, *args: str) -> None:
        self.args = ["serve", "--port", "0", *args]
        self.process: subprocess.Popen[str] | None = None
        self.lines: list[str] = []
        self.unread: queue.Queue[str | None] = queue.Queue()
        self.port = 0

    def __enter__(self) -> ServeProcess:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", *self.args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        threading.Thread(target=self._read, daemon=True).start()
        self.port = int(self.wait_for_line(OPEN_AT).group(1))
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.unread.put(line)
        self.unread.put(None)

    @property
    def url(self) -> str:
        """The page's address on this machine."""
        return f"http://127.0.0.1:{self.port}/"

    def wait_for_line(self, pattern: re.Pattern[str], timeout: float = 20.0) -> re.Match[str]:
        """The first line of its output (from now on) that `pattern` finds something in."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.unread.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
            if found := pattern.search(line):
                return found
        raise AssertionError(f"`cardtable serve` never said {pattern.pattern!r}: {self.lines}")

    def interrupt(self, timeout: float = 15.0) -> tuple[int, str]:
        """Press Ctrl+C (SIGINT to the server): its exit code and everything it printed."""
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        code = self.process.wait(timeout=timeout)
        while (line := self.unread.get(timeout=timeout)) is not None:
            self.lines.append(line)
        return code, "".join(self.lines)
