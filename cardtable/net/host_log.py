"""The host's log file: who joined, what was refused. Kept small and private.

It names refused moves (cards among them), so it is the player's own (0600, rotated files too).
It is bounded: MAX_LOG_BYTES a file and one older file kept; each kind of line is written
LINES_PER_KIND times a minute at most, then counted (a flood of wrong codes writes one line a
minute, not one a guess); the websocket library's line per connection is left out.
"""

from __future__ import annotations

import io
import logging
import os
import time
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path

MAX_LOG_BYTES = 1024 * 1024
"""The host's log rotates at this size; one older file is kept, so at most twice this on disk."""
LINES_PER_KIND = 20
"""Lines of one kind (a refused hello, a refused move, ...) written each WINDOW_SECONDS; the
rest are counted in one line when the window ends."""
WINDOW_SECONDS = 60.0
MAX_KINDS = 1000
"""Kinds of line remembered at most (an error's own text is its kind)."""
FORMAT = "%(asctime)s %(name)s: %(message)s"


class PrivateRotatingFile(RotatingFileHandler):
    """A rotating log file that only its owner may read (the log and its older copy)."""

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.fchmod(fd, 0o600)  # a log left by an earlier cardtable, readable by all
        # Always appended to: a handler that rotates opens its file to append, never to write.
        return open(fd, "a", encoding=self.encoding, errors=self.errors)


class Throttle(logging.Filter):
    """Lets LINES_PER_KIND lines of each kind (its message's pattern) through a window; counts
    the others and says how many in the first line of that kind after the window."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.kinds: dict[str, tuple[float, int]] = {}
        """Each kind's window: when it began, and how many lines of it came since."""

    def filter(self, record: logging.LogRecord) -> bool:
        """True when the line is written (with how many were left out before it, if any)."""
        kind = str(record.msg)
        now = self.clock()
        if kind not in self.kinds and len(self.kinds) >= MAX_KINDS:
            self.kinds.clear()  # kinds are the program's own patterns: this is never reached
        began, seen = self.kinds.get(kind, (now, 0))
        if now - began >= WINDOW_SECONDS:
            left_out = seen - LINES_PER_KIND
            began, seen = now, 0
            if left_out > 0:
                record.msg = f"{kind} (and {left_out} more such lines before this, not written)"
        self.kinds[kind] = (began, seen + 1)
        return seen < LINES_PER_KIND


def open_host_log(path: Path) -> logging.Handler:
    """Send the host's log (and its server's) to `path`: 0600, rotated, throttled."""
    handler = PrivateRotatingFile(path, maxBytes=MAX_LOG_BYTES, backupCount=1, delay=False)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(Throttle())
    root = logging.getLogger()
    for earlier in [h for h in root.handlers if isinstance(h, PrivateRotatingFile)]:
        root.removeHandler(earlier)  # one host's log a process: an earlier host's is done
        earlier.close()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    # websockets writes a line as each connection opens and closes: 140 a second under a flood
    # of guessed codes. Its warnings and errors stay.
    logging.getLogger("websockets").setLevel(logging.WARNING)
    return handler
