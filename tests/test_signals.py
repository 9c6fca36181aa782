"""A terminal closed (SIGHUP) or the app told to stop (SIGTERM: `kill`, a browser's tab closed
under textual-serve) quits as Ctrl+Q does: the game saved and said so, a game left before its
first move kept by nobody. Python's own handling ended the process at once, leaving a save of
no move in the list of games to resume. The app runs as a person runs it, in a terminal (a
pseudo-terminal of 80x24)."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

WAIT = 30.0


def started(seats: str, home: Path) -> tuple[subprocess.Popen[bytes], list[bytes]]:
    """`cardtable play piles` with these seats in an 80x24 pseudo-terminal; what it writes is
    read (and kept) as it comes, so it never blocks."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "CARDTABLE_HOME": str(home), "TERM": "xterm-256color"}
    command = [sys.executable, "-m", "cardtable", "play", "piles", "--seats", seats]
    process = subprocess.Popen(
        command, stdin=follower, stdout=follower, stderr=follower, env=env, start_new_session=True
    )
    os.close(follower)
    written: list[bytes] = []

    def read() -> None:
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                return
            if not chunk:
                return
            written.append(chunk)

    threading.Thread(target=read, daemon=True).start()
    return process, written


def saves(home: Path) -> list[Path]:
    return sorted((home / "saves").glob("*.jsonl"))


def until(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        time.sleep(0.05)


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_quits_as_ctrl_q_and_a_game_with_no_move_keeps_no_save(number, tmp_path):
    home = tmp_path / "home"
    process, _ = started("Ann,Bob", home)  # the handoff to Ann first: no move made
    try:
        until(lambda: bool(saves(home)), "the game's save was made")
        time.sleep(0.5)  # the screen up and listening
        process.send_signal(number)
        assert process.wait(WAIT) == 0
        assert saves(home) == []
    finally:
        process.kill()


def test_a_signal_keeps_a_game_with_moves_and_says_how_to_resume_it(tmp_path):
    home = tmp_path / "home"
    process, written = started("bot,bot", home)
    try:
        until(lambda: bool(saves(home)) and saves(home)[0].stat().st_size > 2000, "a move made")
        process.send_signal(signal.SIGTERM)
        assert process.wait(WAIT) == 0
        (save,) = saves(home)
        said = b"".join(written).decode(errors="replace")
        assert "Your Piles game is saved after its last move" in said
        assert f"resume {save.stem.split('-')[-1]}" in said
    finally:
        process.kill()
