"""Shared test set-up: every test writes its save files into its own folder, and nothing the suite
starts ever writes into the data folder of the person running it.

Three layers (issue 18.15):
- at import, before any test, CARDTABLE_HOME is set for the whole session to a throwaway folder:
  whatever outlives a test's own setting (a save written after its monkeypatch was undone, an
  app or a thread still running, a subprocess or tmux server started with this environment)
  writes there, never into ~/.local/share/cardtable;
- each test sets its own folder on top (`_own_save_folder`);
- the run fails if anything under the person's data folder changed while it ran.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from cardtable.bots.hints import HINT_WORLDS_SETTING
from cardtable.engine.saves import data_dir

REAL_HOME_VARIABLE = "CARDTABLE_TESTS_REAL_DATA"
"""Where the person's own data folder is, as the first pytest process of the run found it; its
xdist workers, started with the session's CARDTABLE_HOME already set, read it from here."""

if REAL_HOME_VARIABLE not in os.environ:
    os.environ[REAL_HOME_VARIABLE] = str(data_dir())
REAL_DATA = Path(os.environ[REAL_HOME_VARIABLE])
"""The data folder of the person running the tests: $CARDTABLE_HOME as the run began, else
$XDG_DATA_HOME/cardtable, else ~/.local/share/cardtable. No test may change anything in it."""

SESSION_HOME = Path(tempfile.mkdtemp(prefix="cardtable-tests-"))
os.environ["CARDTABLE_HOME"] = str(SESSION_HOME)

TEST_HINT_WORLDS = "4"
os.environ[HINT_WORLDS_SETTING] = TEST_HINT_WORLDS
"""Every hint the suite asks for (in its apps, and in the apps it starts as processes) searches
four worlds, with no clock: a game followed by its hints plays the same moves on a loaded
machine as on a quiet one, and quickly (on the clock, a loaded run's hints saw fewer worlds,
advised other moves, and a phone's game ran five times as long). The hints' clock itself is
tested where it is set aside (tests/test_hint_worlds.py)."""


def data_folder_listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under `folder` with its size and modification time."""
    found: dict[str, tuple[int, int]] = {}
    if not folder.is_dir():
        return found
    for path in [folder, *folder.rglob("*")]:
        try:
            info = path.lstat()
        except OSError:
            continue
        found[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns)
    return found


def changes(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> list[str]:
    """What differs between two listings, as lines: 'added saves/piles-kpwx.jsonl'."""
    lines = [f"added {name}" for name in sorted(after.keys() - before.keys())]
    lines += [f"removed {name}" for name in sorted(before.keys() - after.keys())]
    lines += [
        f"changed {name}"
        for name in sorted(before.keys() & after.keys())
        if before[name] != after[name] and name != "."
    ]
    return lines


def _controller(session: pytest.Session) -> bool:
    """True in the process that reports the run (not an xdist worker)."""
    return not hasattr(session.config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_LISTING] = data_folder_listing(REAL_DATA)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(SESSION_HOME, ignore_errors=True)
    if not _controller(session):
        return
    found = changes(session.config.stash[_LISTING], data_folder_listing(REAL_DATA))
    if found:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        text = (
            f"The tests changed the data folder {REAL_DATA}, which is the person's own "
            "(was cardtable itself in use meanwhile?):\n  " + "\n  ".join(found[:20])
        )
        if reporter is not None:
            reporter.write_line(text, red=True)
        else:
            print(text)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_LISTING = pytest.StashKey[dict[str, tuple[int, int]]]()


@pytest.fixture(autouse=True)
def _own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))


@pytest.fixture(autouse=True)
def _finished_tricks_linger_briefly(monkeypatch):
    """Bots wait only a moment after a finished trick, so whole bot games stay quick; the test
    of the linger itself sets its own length."""
    from cardtable.ui.tables import over_trump

    monkeypatch.setattr(over_trump, "TRICK_SEEN_SECONDS", 0.05)


@pytest.fixture(autouse=True)
def _thoughts_in_place(monkeypatch):
    """Apps a test runs in its own process think in the clock's thread, not the worker process
    (net/apart.py): the worker steps aside for other work (nice 10), and beside the suite's
    own busy processes it waited so long that tables missed their waits. The worker itself is
    tested with a pool of its own (tests/test_think_apart.py); apps a test starts as processes
    (tmux, browsers) use it as a player's would."""
    from cardtable.net import apart

    monkeypatch.setattr(apart._pool, "given_up", "tests think in place")


@pytest.fixture
def fake_clock(monkeypatch):
    """Every app the test makes runs its tables on a FakeClock (net/clock.py) unless given
    another: bots, claim windows and handoffs move on as `wait_until` advances it, never on
    real seconds."""
    from cardtable.net.clock import FakeClock
    from cardtable.ui import app

    monkeypatch.setattr(app, "LoopClock", FakeClock)


@pytest.fixture
def quick_strong_bots(monkeypatch):
    """Strong bots think over two worlds a move (at most three moves searched): a demo, with
    strong bots in every seat, plays whole games in seconds."""
    from cardtable.bots import search

    real = search.SearchBot.__init__

    def briefly(self, game_id, seed=0, budget=None):
        quick = search.Budget(worlds=2, seconds=None, candidates=3)
        real(self, game_id, seed, budget or quick)

    monkeypatch.setattr(search.SearchBot, "__init__", briefly)


@pytest.fixture(scope="module")
def chromium() -> str:
    """A headless Chromium for the browser tests (installed when we may). Without one they are
    skipped on a person's machine but fail in CI (CI set), where they must run."""
    from tests.chromium import find_or_install_chromium

    binary, why_not = find_or_install_chromium()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs a headless Chromium for the browser tests: {why_not}")
        pytest.skip(f"no headless Chromium: {why_not}")
    return binary
