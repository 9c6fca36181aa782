"""Thoughts made apart: a strong bot's search (and a hint's) runs in a worker process, not beside
the screen.

A search in Python holds the interpreter while it runs: in a thread of the app's own process it
shared the interpreter with the screen's loop, and every key waited its turn (the rules page
took half as long again while strong bots thought). Here one small pool of worker processes per
process (APART_WORKERS), shared by every clock in it, makes such thoughts: started on first need
or ahead of it (`warm`, when a table with a strong seat or a hint starts), by forkserver where
the system has one, else by spawn (never by fork: the app has threads).

Only a player that `thinks_apart` goes (the strong bot; a planner answers quicker than a round
trip to the worker). The work (`ApartChoice`) is pickled to the worker, which makes the choice
on its copy of the player and sends back the answer and the player's state (its random draws),
copied into the player here: a seeded game plays the same moves apart as in place.

If the pool cannot start (a system that forbids it) or breaks (a worker killed), the thought is
made in place, in the clock's worker thread as before, and this process does not try the pool
again; the log says why, the player sees nothing but a bot that thinks in the old way.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.engine import Move, View

log = logging.getLogger("cardtable.apart")

APART_WORKERS = 1
"""Worker processes in the pool: one leaves the other core of a two-core machine to the screen
(a clock makes one thought at a time anyway)."""

START_SECONDS = 30.0
"""How long the pool may take to answer its first work before it is given up as broken."""

MADE = "made"
RAISED = "raised"
"""How a work done apart ended: it gave an answer, or it raised (the bot failed: handed on)."""


class ApartChoice:
    """A seat player's choice of a move among `moves`, seen as `view`: made in place when called,
    or in the worker process when the player `thinks_apart` and the pool is up."""

    def __init__(
        self,
        player: Any,
        view: View | None,
        moves: list[Move],
        wanted: Callable[[], bool] | None = None,
    ) -> None:
        self.player = player
        self.view = view
        self.moves = moves
        self.wanted: Callable[[], bool] = wanted or (lambda: True)
        """False once nobody waits for the answer (the game moved on): a clock whose thoughts
        queue does not start it. Never sent to the worker."""

    def __getstate__(self) -> dict[str, Any]:
        """What goes to the worker: the player, the view and the moves."""
        return {"player": self.player, "view": self.view, "moves": self.moves}

    @property
    def apart(self) -> bool:
        """True if this choice is worth a trip to the worker process."""
        return bool(getattr(self.player, "thinks_apart", False))

    def __call__(self) -> tuple[Move, str]:
        """The player's move and why, chosen here and now."""
        return self.player.choose(self.view, self.moves)

    def made_there(self) -> tuple[tuple[str, Any], Any]:
        """In the worker: the choice (or the error it raised) and the player's state after it."""
        try:
            made: tuple[str, Any] = (MADE, self())
        except Exception as err:  # the bot's own failure: raised again where it was asked for
            made = (RAISED, err)
        return made, self.player.__getstate__()

    def settle(self, state: Any) -> None:
        """Back here: the player takes on the state its copy reached in the worker."""
        self.player.__setstate__(state)


def _made_there(work: ApartChoice) -> tuple[tuple[str, Any], Any]:
    """The worker's side of a work: make it (module level, so the pool can call it)."""
    return work.made_there()


def _ready() -> bool:
    """The worker's first work: the games and their search are imported and it answers."""
    from cardtable import games
    from cardtable.bots.search import hooks

    for game_id in games.ids():
        games.get(game_id)
        hooks(game_id)
    return True


class _Pool:
    """The process's one pool of workers, started once and given up for good if it fails."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self.given_up: str | None = None
        """Why the pool is not used in this process (None while it may be)."""
        self.warming: threading.Thread | None = None

    def executor(self) -> ProcessPoolExecutor | None:
        """The running pool, started now if it is not (waiting until a worker answers); None
        once it has been given up."""
        with self._lock:
            if self._executor is None and self.given_up is None:
                try:
                    self._executor = _start_executor()
                    self._executor.submit(_ready).result(timeout=START_SECONDS)
                except Exception as err:  # no worker process here: thoughts are made in place
                    self._give_up(f"the worker process could not start ({err!r})")
            return self._executor

    def broken(self, err: BaseException) -> None:
        """The pool failed a work (a worker died, a work would not pickle): give it up."""
        with self._lock:
            self._give_up(f"the worker process failed ({err!r})")

    def _give_up(self, why: str) -> None:
        if self.given_up is None:
            log.warning("bots think in the app's own process from now on: %s", why)
        self.given_up = why
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """End the workers (the app or host is ending); a later work starts them again."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def started(self) -> bool:
        """True while workers are running."""
        return self._executor is not None


def _start_executor() -> ProcessPoolExecutor:
    """A new pool of APART_WORKERS processes, by forkserver where there is one, else spawn."""
    _start_resource_tracker()
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload([__name__])
    return ProcessPoolExecutor(
        APART_WORKERS, mp_context=context, initializer=_step_aside, initargs=(os.getpid(),)
    )


WORKER_NICENESS = 10
"""How far the worker steps back for the screen: on a busy machine the system runs the app's
process first when both want a core (a key is answered, then the search goes on)."""


APP_WATCHED_EVERY = 1.0
"""Seconds between a worker's looks at whether the app that started it is still running."""


def _step_aside(app: int) -> None:
    """In a new worker: a lower priority than the app's (where the system has priorities), and
    an end of its own once the app's process `app` is gone (killed, it never said goodbye)."""
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICENESS)
        except OSError:  # not allowed: it thinks at the app's priority
            pass
    threading.Thread(target=_end_with, args=(app,), name="cardtable-app-watch", daemon=True).start()


def _end_with(app: int) -> None:
    """End this worker as soon as the process `app` is gone."""
    while True:
        time.sleep(APP_WATCHED_EVERY)
        try:
            os.kill(app, 0)
        except ProcessLookupError:
            os._exit(0)
        except OSError:  # it exists (another user's, after the app's number came round again)
            continue


_pool = _Pool()


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (every pool needs it) with the process's real
    stderr: a Textual app stands in for sys.stderr with an object whose file number is -1, and
    the tracker, given that, cannot start (nor, then, the pool)."""
    from multiprocessing import resource_tracker

    shown = sys.stderr
    real = sys.__stderr__
    try:
        if real is not None and shown is not real:
            sys.stderr = real
        resource_tracker.ensure_running()
    finally:
        sys.stderr = shown


def warm() -> None:
    """Start the workers now, in the background, so the first thought made apart does not wait
    for them (a table with a strong seat, or a person who may ask for a hint, is starting).
    Call it on the loop: the resource tracker is started here, at once."""
    with _pool._lock:
        if _pool.started() or _pool.given_up is not None or _pool.warming is not None:
            return
        try:
            _start_resource_tracker()
        except Exception as err:  # no worker process here: thoughts are made in place
            _pool._give_up(f"the worker process could not start ({err!r})")
            return
        _pool.warming = threading.Thread(
            target=_pool.executor, name="cardtable-apart-start", daemon=True
        )
    _pool.warming.start()


def made_apart(work: ApartChoice) -> tuple[str, Any] | None:
    """`work` made in the worker process: (MADE, its answer) or (RAISED, the error the player
    raised), its player settled into the state its copy reached there; None if the pool could
    not make it (nothing changed here: make it in place). Blocks until it is in (call it from a
    worker thread: it waits without holding the interpreter)."""
    executor = _pool.executor()
    if executor is None:
        return None
    try:
        made, state = executor.submit(_made_there, work).result()
    except Exception as err:  # a broken pool, a work or answer that would not pickle
        _pool.broken(err)
        return None
    work.settle(state)
    return made


def given_up() -> str | None:
    """Why thoughts are made in place in this process, or None while the pool may be used."""
    return _pool.given_up


def shutdown() -> None:
    """End the worker processes (the app or host is ending)."""
    _pool.shutdown()


atexit.register(shutdown)
