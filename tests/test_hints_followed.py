"""A person who only ever presses `h` and then what the hint says plays whole games.

The rule the hint keeps (DESIGN.md "Teaching"): it names Enter or one key, and that makes
exactly the hinted move; a menu the key opens starts on the hinted line.
"""

from __future__ import annotations

import asyncio

import pytest

from cardtable import games
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.screens.results import ResultsScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import follow_hint, leave, tick

SIZE = (100, 30)
pytestmark = pytest.mark.usefixtures("fake_clock")
SEATS = {
    "piles": "Ann,bot,bot,bot",
    "over-trump": "Ann,bot,bot,bot",
    "runway": "Ann,bot",
    "run-it": "Ann,bot,bot",
    "sets-and-runs": "Ann,bot,bot",
}
MOST_HINTS = 600
ROUNDS = {"sets-and-runs": 2}
"""Games long enough to be followed part way only: two of Sets and Runs' seven rounds hold
every kind of move (draws, buys, lay-downs, adds, swaps, discards) and take a minute; all
seven took three, too long for a suite that must run in ten minutes."""


async def settle(pilot, app, seconds=60):
    """Wait until the results are up or the person at the keyboard is to move, and the app is
    idle (bots move at no delay, but a loaded machine may take seconds over a whole hand of bot
    moves)."""

    def ready() -> bool:
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return True
        return (
            isinstance(screen, TableScreen)
            and screen.viewer is not None
            and screen.viewer in screen.acting()
        )

    for _ in range(int(seconds / 0.002)):
        if ready():
            await asyncio.sleep(0.005)  # what came last is drawn (no bot moves off the clock)
            if ready():
                return
        elif not isinstance(app.screen, TableScreen | MoveMenu):
            assert await leave(app, "enter"), "Enter did not close the summary"
        await tick(app)
    raise AssertionError("the table never came back to the person")


@pytest.mark.parametrize("game_id", games.ids())
async def test_following_only_the_hints_plays_a_whole_game(game_id):
    app = CardTableApp(Launch(command="play", game=game_id, seats=SEATS[game_id], seed=4, delay=0))
    async with app.run_test(size=SIZE) as pilot:
        followed = 0
        while True:
            await settle(pilot, app)
            if isinstance(app.screen, ResultsScreen):
                break
            state = app.screen.match.state
            if getattr(state, "round", 1) > ROUNDS.get(game_id, 99):
                break
            screen = app.screen
            match = screen.match
            person = screen.viewer
            before = len(match.record.log)
            hint, hinted = await follow_hint(pilot, app)
            # In a claim window a bot may claim between the hint and the key: skip its move.
            mine = [entry for entry in match.record.log[before:] if entry.seat == person]
            assert mine, f"the hint's key made no move: {hint}"
            made = mine[0]
            assert made.move == hinted.model_dump(mode="json"), (
                f"following {hint!r} made {made.move}"
            )
            followed += 1
            assert followed < MOST_HINTS, "following the hints never ends the game"
        assert followed > 0
