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
    """One detached tmux session running a command at a fixed size."""

    def __init__(
        self, args: list[str], width: int = 100, height: int = 30, env: dict | None = None
    ):
        self.name = f"cardtable-{uuid.uuid4().hex[:8]}"
        command = " ".join(shlex.quote(a) for a in args)
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        shell = f"export TERM=xterm-256color {exports}; exec {command}"
        subprocess.run(
            [
                "tmux",
                "new-session",
                "-d",
                "-s",
                self.name,
                "-x",
                str(width),
                "-y",
                str(height),
                shell,
            ],
            check=True,
            env={**os.environ, "TMUX": ""},
        )
        self.started = time.perf_counter()

    def screen(self, escapes: bool = False) -> str:
        """The text on screen now (with colour escapes if asked)."""
        args = ["tmux", "capture-pane", "-p", "-t", self.name]
        if escapes:
            args.insert(3, "-e")
        result = subprocess.run(args, capture_output=True, text=True)
        return result.stdout

    def send(self, *keys: str) -> None:
        """Type keys, in tmux's names: 'Enter', 'Right', 'C-q', 'h'."""
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, text: str, timeout: float = 30.0) -> float:
        """Seconds until `text` is on screen; AssertionError with the screen if it never is."""
        start = time.perf_counter()
        while time.perf_counter() - start < timeout:
            if text in self.screen():
                return time.perf_counter() - start
            time.sleep(0.005)
        raise AssertionError(f"{text!r} never appeared. The screen:\n{self.screen()}")

    def alive(self) -> bool:
        """True while the session (the app) is running."""
        return (
            subprocess.run(["tmux", "has-session", "-t", self.name], capture_output=True).returncode
            == 0
        )

    def close(self) -> None:
        """End the session."""
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)

    def __enter__(self) -> TmuxSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def cardtable_command(*args: str) -> list[str]:
    """The app as this Python runs it."""
    return [sys.executable, "-m", "cardtable", *args]
