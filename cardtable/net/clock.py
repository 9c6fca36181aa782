"""The clock a runner counts on: bot delays, claim windows and every other wait of a table.

A clock says what time it is (`now()`, in seconds), calls back later (`call_later`), giving a
handle to cancel, and lets a bot think (`think`). `LoopClock` is the real one, on the running
asyncio loop (a Textual app runs on one, so the same clock serves the app and the host): a bot
thinks in its worker thread, and a strong bot's choice (an `ApartChoice` whose player thinks
apart) is made in the worker process (net/apart.py), which that thread waits for, so the screen
keeps its own core while a strong bot searches. `FakeClock` moves only when a test says
(`advance`) and thinks at once, in place, so tests never wait real seconds.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

Answer = Callable[[], T]
"""A thought's answer: calling it gives what the work returned, or raises what it raised."""


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

    def think(self, work: Callable[[], T], done: Callable[[Answer[T]], object]) -> None:
        """Do `work` (a bot choosing) where it does not hold up the table, then call `done`
        with its answer where the clock calls back. Whoever asked decides whether the answer
        still counts: the game may have moved on meanwhile."""

    def warm(self) -> None:
        """Get ready to think apart (a strong seat or a hint is coming): the real clock starts
        the worker process in the background; a fake one thinks in place and does nothing."""


class Dropped(Exception):
    """The answer of a thought not made: nobody waited for it any more when its turn came."""


def answer_of(work: Callable[[], T]) -> Answer[T]:
    """Do `work` now; its answer (an error it raised is raised again when asked for)."""
    try:
        result = work()
    except Exception as err:  # handed on: the runner says a bot failed, as it always has
        return partial(_raise, err)
    return lambda: result


def _raise(err: Exception) -> Any:
    """Raise `err` again, where its answer is asked for."""
    raise err


class LoopClock:
    """The real clock: the running asyncio loop's time and timers; bots think in a worker."""

    def __init__(self) -> None:
        self._worker: ThreadPoolExecutor | None = None

    def now(self) -> float:
        """The loop's time."""
        return asyncio.get_running_loop().time()

    def call_later(self, seconds: float, callback: Callable[[], object]) -> Handle:
        """The loop's timer: it fires however late the loop gets to it (it never skips)."""
        return asyncio.get_running_loop().call_later(max(0.0, seconds), callback)

    def think(self, work: Callable[[], T], done: Callable[[Answer[T]], object]) -> None:
        """Do `work` in the clock's one worker thread (thoughts are made one at a time, in the
        order asked, so no bot is asked twice at once), then call `done` on the loop. A choice
        whose player thinks apart is made in the worker process, the thread waiting for it
        without holding the interpreter; any other (a planner, the bots deciding on a claim) in
        the thread itself. The screen keeps answering keys meanwhile."""
        if self._worker is None:
            self._worker = ThreadPoolExecutor(1, thread_name_prefix="cardtable-bot")
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._worker, _think_aside, work)
        future.add_done_callback(
            lambda thought: None if thought.cancelled() else done(thought.result())
        )

    def warm(self) -> None:
        """Start the worker process now, in the background (net/apart.py)."""
        from cardtable.net import apart

        apart.warm()


THINKING_SWITCH = 0.001
"""Seconds the interpreter lets one thread run before another that waits may take its turn,
while a bot thinks. Python's usual 5 ms is paid again each time the screen's loop comes back
from writing to the terminal or reading a key, which made a frame drawn beside a thinking bot
take twice as long as one drawn alone."""


class _QuickSwitch:
    """The interpreter's switch interval at THINKING_SWITCH while any bot thinks (clocks of a
    host and an app in one process may think at once), back to what it was once none does."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._thinking = 0
        self._usual = 0.0

    def __enter__(self) -> None:
        with self._lock:
            if not self._thinking:
                self._usual = sys.getswitchinterval()
                sys.setswitchinterval(min(self._usual, THINKING_SWITCH))
            self._thinking += 1

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._thinking -= 1
            if not self._thinking:
                sys.setswitchinterval(self._usual)


_quick_switch = _QuickSwitch()


def _think_aside(work: Callable[[], T]) -> Answer[T]:
    """`work`'s answer: made in the worker process if it goes apart and the pool can make it,
    else here, the interpreter switching threads often while it is made. (net/apart.py, and
    multiprocessing with it, is imported by the first table, not with the clock: the app makes
    its clock before its first paint.)"""
    from cardtable.net import apart

    if isinstance(work, apart.ApartChoice) and not work.wanted():
        return partial(_raise, Dropped())  # never asked for: whoever asked has moved on
    if isinstance(work, apart.ApartChoice) and work.apart:
        made = apart.made_apart(work)
        if made is not None:
            kind, value = made
            return partial(_raise, value) if kind == apart.RAISED else lambda: value
    with _quick_switch:
        return answer_of(work)


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
    """A clock for tests: time stands still until `advance` moves it; bots think at once."""

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

    def think(self, work: Callable[[], T], done: Callable[[Answer[T]], object]) -> None:
        """Do `work` at once and call `done` with its answer before returning."""
        done(answer_of(work))

    def warm(self) -> None:
        """Nothing: the fake clock thinks in place."""

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
