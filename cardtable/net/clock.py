"""The clock a runner counts on: bot delays, claim windows and every other wait of a table.

A clock says what time it is (`now()`, in seconds) and calls back later (`call_later`), giving a
handle to cancel. `LoopClock` is the real one, on the running asyncio loop (a Textual app runs on
one, so the same clock serves the app and the host); `FakeClock` moves only when a test says
(`advance`), so tests never wait real seconds.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from typing import Protocol


class Handle(Protocol):
    """A call the clock will make, until cancelled."""

    def cancel(self) -> None:
        """Do not make the call."""


class Clock(Protocol):
    """Time, and calls made later."""

    def now(self) -> float:
        """Seconds on this clock (only differences mean anything)."""

    def call_later(self, seconds: float, callback: Callable[[], object]) -> Handle:
        """Call `callback` once, `seconds` from now."""


class LoopClock:
    """The real clock: the running asyncio loop's time and timers."""

    def now(self) -> float:
        """The loop's time."""
        return asyncio.get_running_loop().time()

    def call_later(self, seconds: float, callback: Callable[[], object]) -> Handle:
        """The loop's timer: it fires however late the loop gets to it (it never skips)."""
        return asyncio.get_running_loop().call_later(max(0.0, seconds), callback)


class FakeCall:
    """A call the fake clock will make at `at`."""

    def __init__(self, at: float, callback: Callable[[], object]) -> None:
        self.at = at
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        """Do not make the call."""
        self.cancelled = True


class FakeClock:
    """A clock for tests: time stands still until `advance` moves it."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start
        self._calls: list[tuple[float, int, FakeCall]] = []
        self._order = itertools.count()

    def now(self) -> float:
        """The time the tests have advanced to."""
        return self.time

    def call_later(self, seconds: float, callback: Callable[[], object]) -> FakeCall:
        """Call `callback` once the clock has advanced `seconds` (calls due at the same moment
        are made in the order they were asked for)."""
        call = FakeCall(self.time + max(0.0, seconds), callback)
        heapq.heappush(self._calls, (call.at, next(self._order), call))
        return call

    def pending(self) -> list[float]:
        """The seconds from now of every call still to make, soonest first."""
        return sorted(c.at - self.time for _, _, c in self._calls if not c.cancelled)

    def advance(self, seconds: float = 0.0) -> int:
        """Move time on by `seconds`, making every call that falls due on the way, in order
        (a call that asks for another within the span gets it too); how many were made."""
        end = self.time + seconds
        made = 0
        while self._calls and self._calls[0][0] <= end:
            at, _, call = heapq.heappop(self._calls)
            if call.cancelled:
                continue
            self.time = max(self.time, at)
            made += 1
            call.callback()
        self.time = max(self.time, end)
        return made
