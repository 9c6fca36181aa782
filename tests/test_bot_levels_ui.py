"""Bot levels at the table: a person picks each seat's level on the setup screen (keys or the
mouse), the game starts with those bots and remembers them, and a slow bot thinks off the
screen: keys are answered while it thinks, the status line says who is thinking, and its move
waits while the rules page covers the table."""

from __future__ import annotations

import asyncio
import time

import pytest
from textual.widgets import Input

from cardtable.bots.easy import EasyBot
from cardtable.bots.random_bot import RandomBot
from cardtable.bots.seat_player import planner, player_for
from cardtable.engine import SeatKind
from cardtable.net import runner as runner_module
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.screens.setup import Choice, RoundButton, SetupScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import follow_hint, my_turn, status, wait_until

SIZE = (80, 24)

LEVELS = [SeatKind.HUMAN, SeatKind.EASY, SeatKind.BOT, SeatKind.STRONG, SeatKind.RANDOM]
"""A seat of every kind, in the order the setup screen steps through them."""


async def set_up_every_level(pilot, app) -> SetupScreen:
    """Sets and Runs for five at the setup screen: a person, then a bot at each level (easy by
    ←, strong by →, the random bot by two clicks), by keys and the mouse as a person would."""
    await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
    setup = app.screen
    await pilot.click(next(b for b in setup.query(RoundButton) if b.name == "5"))
    await wait_until(pilot, lambda: len(setup.query(".seat-row")) >= 5)
    await pilot.pause()
    setup.query_one("#seat-kind-1", Choice).focus()
    await pilot.press("left")
    setup.query_one("#seat-kind-3", Choice).focus()
    await pilot.press("right")
    for _ in range(2):
        await pilot.click(setup.query_one("#seat-kind-4", Choice))
    await pilot.pause()
    return setup


@pytest.mark.usefixtures("fake_clock")
async def test_a_game_set_up_with_every_level_plays_with_those_bots_and_remembers_them():
    app = CardTableApp(Launch(command="play", game="sets-and-runs", delay=0))
    async with app.run_test(size=SIZE) as pilot:
        setup = await set_up_every_level(pilot, app)
        seats = setup.seats()
        assert [seat.kind for seat in seats] == LEVELS
        names = ["Player 1", "Easy bot 2", "Bot 3", "Strong bot 4", "Random 5"]
        assert [seat.name for seat in seats] == names
        assert [setup.query_one(f"#seat-name-{i}", Input).value for i in range(5)] == names
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert [seat.kind for seat in table.match.seats] == LEVELS
        players = table.runner.players
        assert isinstance(players[1], EasyBot) and isinstance(players[4], RandomBot)
        assert type(players[2]) is type(planner("sets-and-runs"))
        assert type(players[3]) is type(player_for(SeatKind.STRONG, "sets-and-runs"))
        log = table.match.record.log
        for _ in range(20):  # she plays by the hints until every bot has moved too
            if {entry.seat for entry in log} == set(range(5)):
                break
            await wait_until(pilot, lambda: my_turn(app), tries=600)
            await follow_hint(pilot, app)
        assert {entry.seat for entry in log} == set(range(5))
        assert any(entry.seat == 0 for entry in log)
    again = CardTableApp(Launch(command="play", game="sets-and-runs", delay=0))
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(again.screen, SetupScreen))
        assert [seat.kind for seat in again.screen.seats()] == LEVELS


class SlowBot(type(planner("piles"))):  # type: ignore[misc]
    """The Piles planner, thinking until the test lets it answer (busy in Python, as a search
    is, so it holds the interpreter as a real one does). A thought of a fixed length ended
    before a loaded machine's table had said who was thinking."""

    LONGEST = 30.0
    thinking = False
    thoughts = 0
    answer = False

    def choose(self, view, moves):
        SlowBot.thinking = True
        end = time.perf_counter() + self.LONGEST
        while not SlowBot.answer and time.perf_counter() < end:
            pass
        SlowBot.thinking = False
        SlowBot.thoughts += 1
        return super().choose(view, moves)


async def until(condition, seconds: float = 10) -> bool:
    """Wait in 5 ms steps of real time until `condition()` holds (a Pilot's pause also waits
    for the app to be idle, which a busy bot beside it may hold up past its thought)."""
    end = time.perf_counter() + seconds
    while not condition() and time.perf_counter() < end:
        await asyncio.sleep(0.005)
    return condition()


@pytest.fixture
def slow_strong_bots(monkeypatch):
    """Every strong seat is played by SlowBot."""

    def slow_for_strong(kind, game_id, seed=0):
        if kind is SeatKind.STRONG:
            return SlowBot(seed)
        return player_for(kind, game_id, seed)

    monkeypatch.setattr(runner_module, "player_for", slow_for_strong)
    SlowBot.thinking, SlowBot.thoughts, SlowBot.answer = False, 0, False
    yield
    SlowBot.answer = True  # a test that failed before it let the bot answer: it stops now,
    end = time.perf_counter() + 5  # before the next test counts its thoughts afresh
    while SlowBot.thinking and time.perf_counter() < end:
        time.sleep(0.001)


@pytest.mark.usefixtures("slow_strong_bots")
async def test_keys_are_answered_while_a_bot_thinks_and_the_table_says_who_is_thinking():
    # Real time: the bot thinks in the clock's worker thread (seed 4: the bot moves first).
    launch = Launch(command="play", game="piles", seats="Ann,bot:strong", seed=4, delay=0)
    app = CardTableApp(launch)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await until(lambda: SlowBot.thinking)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert await until(lambda: status(app) == "Strong bot 2 is thinking…")
        assert SlowBot.thinking, "said while it thinks, not after"
        app.simulate_key("question_mark")
        assert await until(lambda: isinstance(app.screen, RulesScreen), 5)
        assert SlowBot.thinking, "the rules page opened while the bot was still thinking"
        SlowBot.answer = True
        # Its answer waits while the rules page covers the table, then its move is made.
        assert await until(lambda: SlowBot.thoughts == 1)
        await pilot.pause(0.1)
        assert table.match.record.log == []
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(table.match.record.log) == 1)
        assert table.match.record.log[0].seat == 1
        assert status(app) != "Strong bot 2 is thinking…"


@pytest.mark.usefixtures("slow_strong_bots")
async def test_a_hosted_players_table_says_which_bot_is_thinking():
    from cardtable import games
    from cardtable.engine import Match, parse_seats
    from tests.net_clients import Client, running_host

    match = Match.start(games.get("piles"), parse_seats("Ann,bot:strong"), 4, None)
    async with running_host(match) as rig:
        ann = await Client.join(rig.port, rig.host.codes[0], "piles")
        thinking = await ann.until_table(lambda t: t.explain == "Strong bot 2 is thinking…")
        assert SlowBot.thinking and thinking.acting == [1]
        SlowBot.answer = True
        moved = await ann.until_table(lambda t: t.number == 1)
        assert moved.explain != "Strong bot 2 is thinking…"


@pytest.mark.usefixtures("slow_strong_bots")
async def test_a_bots_answer_after_the_app_quit_is_dropped():
    launch = Launch(command="play", game="piles", seats="Ann,bot:strong", seed=4, delay=0)
    app = CardTableApp(launch)
    async with app.run_test(size=(100, 30)):
        assert await until(lambda: SlowBot.thinking)
        table = app.screen
        assert isinstance(table, TableScreen)
        app.simulate_key("ctrl+q")  # (a Pilot press waits for the app to be idle)
        assert await until(lambda: table.runner.stopped, 5)
        assert SlowBot.thinking, "the app quit while the bot was thinking"
        SlowBot.answer = True
    assert await until(lambda: SlowBot.thoughts == 1)  # the worker finishes after the app
    await asyncio.sleep(0.05)  # its answer has come back to the loop
    assert SlowBot.thoughts == 1
    assert table.match.record.log == [] and table.runner.stopped
