"""Strong bots think in a worker process (net/apart.py): a seeded game plays the same moves there
as thought in place, and a pool that cannot start or breaks leaves the bots thinking in the
app's own process, the game going on as if nothing had happened."""

from __future__ import annotations

import asyncio
import os
import pickle

import pytest

from cardtable import games
from cardtable.bots.search import SearchBot
from cardtable.engine import Match, parse_seats
from cardtable.engine.search_budget import Budget
from cardtable.net import apart
from cardtable.net.clock import FakeClock, LoopClock
from cardtable.net.runner import Runner

MOVES = 40
"""Moves of each seeded game compared (a few rounds of every seat's thinking)."""


@pytest.fixture
def fresh_pool(monkeypatch):
    """A pool of this test's own, ended after it (whatever it started or gave up stays here)."""
    pool = apart._Pool()
    monkeypatch.setattr(apart, "_pool", pool)
    yield pool
    pool.shutdown()


@pytest.fixture
def counted(monkeypatch):
    """How many thoughts the worker process made (a list of one count)."""
    made = [0]
    real = apart.made_apart

    def counting(work):
        answer = real(work)
        made[0] += answer is not None
        return answer

    monkeypatch.setattr(apart, "made_apart", counting)
    return made


def seeded_strong_bots(monkeypatch) -> None:
    """Strong bots on a budget that never looks at the time (two worlds, three moves): the same
    seed gives the same moves on any machine, in any process."""
    real = SearchBot.__init__

    def steady(self, game_id, seed=0, budget=None):
        real(self, game_id, seed, budget or Budget(worlds=2, seconds=None, candidates=3))

    monkeypatch.setattr(SearchBot, "__init__", steady)


async def stopped(runner: Runner) -> None:
    """Stop the runner and wait until its clock's thread has made every thought still queued
    there: a thought left over would be sent to the next test's pool (a DiesApart's would break
    it)."""
    runner.stop()
    worker = runner.clock._worker  # type: ignore[attr-defined]
    if worker is not None:
        await asyncio.to_thread(worker.shutdown, True)


def match(game_id: str, seats: str, seed: int) -> Match:
    return Match.start(games.get(game_id), parse_seats(seats), seed, None)


def moves_in_place(game_id: str, seats: str, seed: int) -> list[tuple[int, dict]]:
    """The first MOVES moves of a seeded bots' game, each bot thinking in place."""
    runner = Runner(match(game_id, seats, seed), FakeClock(), delay=0)
    runner.start()
    while runner.number < MOVES and not runner.game.is_over(runner.match.state):
        runner.clock.advance(0.01)
    return [(e.seat, e.move) for e in runner.match.record.log[:MOVES]]


async def moves_on_the_real_clock(game_id: str, seats: str, seed: int) -> list[tuple[int, dict]]:
    """The same, on the real clock: strong bots thinking in the worker process."""
    runner = Runner(match(game_id, seats, seed), LoopClock(), delay=0)
    faults: list[Exception] = []
    runner.on_fault = faults.append
    runner.start()
    for _ in range(3000):
        if runner.number >= MOVES or runner.game.is_over(runner.match.state):
            break
        await asyncio.sleep(0.01)
    await stopped(runner)
    assert not faults
    return [(e.seat, e.move) for e in runner.match.record.log[:MOVES]]


@pytest.mark.parametrize(
    ("game_id", "seats", "seed"),
    [("over-trump", "bot:strong,bot:strong,bot,bot:strong", 3), ("piles", "bot:strong,bot", 4)],
)
async def test_a_seeded_game_of_strong_bots_plays_the_same_moves_thought_apart_as_in_place(
    monkeypatch, fresh_pool, counted, game_id, seats, seed
):
    # Over Trump's planner draws from a random of its own, inside the strong bot: both the
    # search's and the planner's draws must come back from the worker.
    seeded_strong_bots(monkeypatch)
    in_place = moves_in_place(game_id, seats, seed)
    apart_moves = await moves_on_the_real_clock(game_id, seats, seed)
    assert fresh_pool.given_up is None
    assert counted[0] >= 10, "the strong bots thought in the worker process"
    assert apart_moves == in_place


def test_a_strong_bot_pickles_to_what_it_needs_and_comes_back_the_same():
    bot = SearchBot("run-it", seed=5, budget=Budget(worlds=3, seconds=None))
    bot.random.random()
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.game is bot.game and copy.hooks is bot.hooks and copy.budget == bot.budget
    assert copy.random.getstate() == bot.random.getstate()
    assert set(bot.__getstate__()) == {
        "game_id",
        "budget",
        "random",
        "planner",
        "last_seconds",
        "worlds",
    }


async def test_a_pool_that_cannot_start_leaves_the_bots_thinking_in_place(
    monkeypatch, fresh_pool, counted, caplog
):
    def forbidden():
        raise PermissionError("this machine starts no processes")

    monkeypatch.setattr(apart, "_start_executor", forbidden)
    seeded_strong_bots(monkeypatch)
    in_place = moves_in_place("piles", "bot:strong,bot", 4)
    assert await moves_on_the_real_clock("piles", "bot:strong,bot", 4) == in_place
    assert counted[0] == 0
    assert "no processes" in (fresh_pool.given_up or "")
    assert [r.levelname for r in caplog.records if r.name == "cardtable.apart"] == ["WARNING"]


class DiesApart:
    """A bot that thinks apart and whose worker process dies as it is asked (a crash, the
    machine killing it); in the app's own process it plays its first move."""

    needs_view = False
    thinks_apart = True

    def __init__(self) -> None:
        self.home = os.getpid()
        self.asked = 0

    def __getstate__(self) -> dict:
        return {"home": self.home, "asked": self.asked}

    def __setstate__(self, state: dict) -> None:
        self.home, self.asked = state["home"], state["asked"]

    def choose(self, view, moves):
        if os.getpid() != self.home:
            os._exit(3)
        self.asked += 1
        return moves[0], "The first move it may make."


async def test_a_worker_that_dies_leaves_the_bot_thinking_in_place(fresh_pool, counted):
    runner = Runner(match("piles", "bot,bot", 4), LoopClock(), delay=0)
    runner.players[0] = DiesApart()
    runner.players[1] = DiesApart()
    faults: list[Exception] = []
    runner.on_fault = faults.append
    runner.start()
    for _ in range(1000):
        if runner.number >= 4:
            break
        await asyncio.sleep(0.01)
    await stopped(runner)
    assert runner.number >= 4 and not faults
    assert counted[0] == 0 and "failed" in (fresh_pool.given_up or "")
    assert runner.players[0].asked + runner.players[1].asked >= 4


async def test_a_bot_that_fails_in_the_worker_is_reported_as_a_fault(fresh_pool):
    runner = Runner(match("piles", "bot,bot", 4), LoopClock(), delay=0)
    runner.players[1] = runner.players[0] = FailsApart()
    faults: list[Exception] = []
    runner.on_fault = faults.append
    runner.start()
    for _ in range(1000):
        if faults:
            break
        await asyncio.sleep(0.01)
    await stopped(runner)
    assert [str(fault) for fault in faults] == ["its search is wrong"]
    assert fresh_pool.given_up is None, "a bot's own failure leaves the pool in use"


class FailsApart:
    """A bot that thinks apart and whose search raises."""

    needs_view = False
    thinks_apart = True

    def __getstate__(self) -> dict:
        return {}

    def __setstate__(self, state: dict) -> None:
        pass

    def choose(self, view, moves):
        raise RuntimeError("its search is wrong")


@pytest.mark.usefixtures("quick_strong_bots")
async def test_strong_bots_think_apart_in_the_app_whose_stderr_textual_stands_in_for(
    fresh_pool, counted
):
    # Textual's stand-in for sys.stderr has file number -1, which multiprocessing's resource
    # tracker cannot be given: started under it, the pool never came up.
    from cardtable.ui.app import CardTableApp, Launch

    app = CardTableApp(Launch(command="demo", game="piles", delay=0, seed=3))
    async with app.run_test(size=(100, 30)):
        for _ in range(1000):
            if counted[0] >= 3 or fresh_pool.given_up:
                break
            await asyncio.sleep(0.01)
    assert fresh_pool.given_up is None and counted[0] >= 3
