"""Drive the real app in a tmux terminal: type keys, read the screen, time the repaint."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid


def have_tmux() -> bool:
    """True when tmux is installed."""
    return shutil.which("tmux") is not None


class TmuxSession:
    """One detached tmux session running a command at a fixed size, on a tmux server of its own.

    A server of its own keeps sessions started at the same moment (parallel tests) apart.
    """

    def __init__(
        self, args: list[str], width: int = 100, height: int = 30, env: dict | None = None
    ) -> None:
        self.name = f"cardtable-{uuid.uuid4().hex[:8]}"
        self._tmux = ["tmux", "-L", self.name]
        command = " ".join(shlex.quote(a) for a in args)
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        shell = f"export TERM=xterm-256color {exports}; exec {command}"
        size = ["-x", str(width), "-y", str(height)]
        subprocess.run(
            [*self._tmux, "new-session", "-d", "-s", self.name, *size, shell],
            check=True,
            env={**os.environ, "TMUX": ""},
        )
        self.started = time.perf_counter()

    def screen(self, escapes: bool = False) -> str:
        """The text on screen now (with colour escapes if asked)."""
        flags = ["-p", "-e"] if escapes else ["-p"]
        result = subprocess.run(
            [*self._tmux, "capture-pane", *flags, "-t", self.name], capture_output=True, text=True
        )
        return result.stdout

    def send(self, *keys: str) -> None:
        """Type keys, in tmux's names: 'Enter', 'Right', 'C-q', 'h'."""
        subprocess.run([*self._tmux, "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, *texts: str, timeout: float = 30.0) -> float:
        """Seconds until one of `texts` is on screen; AssertionError with the screen if none is."""
        start = time.perf_counter()
        while time.perf_counter() - start < timeout:
            screen = self.screen()
            if any(text in screen for text in texts):
                return time.perf_counter() - start
            time.sleep(0.005)
        raise AssertionError(f"None of {texts!r} appeared. The screen:\n{self.screen()}")

    def wait_still(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Wait until the screen has not changed for `quiet` seconds."""
        start = time.perf_counter()
        last, since = self.screen(escapes=True), time.perf_counter()
        while time.perf_counter() - start < timeout:
            time.sleep(0.02)
            now = self.screen(escapes=True)
            if now != last:
                last, since = now, time.perf_counter()
            elif time.perf_counter() - since >= quiet:
                return

    def wait_until_closed(self, timeout: float = 10.0) -> bool:
        """True once the app has exited (and with it the session), within `timeout` seconds."""
        start = time.perf_counter()
        while time.perf_counter() - start < timeout:
            if not self.alive():
                return True
            time.sleep(0.02)
        return False

    def alive(self) -> bool:
        """True while the session (the app) is running."""
        found = subprocess.run([*self._tmux, "has-session", "-t", self.name], capture_output=True)
        return found.returncode == 0

    def close(self) -> None:
        """End the session and its server."""
        subprocess.run([*self._tmux, "kill-server"], capture_output=True)

    def __enter__(self) -> TmuxSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def cardtable_command(*args: str) -> list[str]:
    """The app as this Python runs it."""
    return [sys.executable, "-m", "cardtable", *args]
