"""The status line under every table shows its whole text: a long hint wraps onto lines that
show, the table giving way, at 80x24 with each game's most players and at 100x30 and 200x60."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.ui.app import CardTableApp, Launch
from tests.pilot_steps import ask_hint, my_turn, on_screen, shown_text, wait_until
from tests.test_run_it_table import hands, open_table, table_app, top

LONG = (
    "Hint: play the RStop, naming Yellow (Y). The RStop is the only card you can play. The "
    "RStop names Yellow (Y), the colour you hold most (2 cards). After the RStop, 2 cards of "
    "the rest of your hand could go on it. You keep the R+2 for penalty runs and the rest of "
    "your hand for later turns. Enter plays it."
)
"""Longer than any hint yet: four lines at 80 columns."""


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (200, 60)])
async def test_a_long_status_line_is_read_whole_at_every_table(game_id, size):
    most = max(games.get(game_id).seat_counts)
    seats = ",".join(["Ann"] + ["bot"] * (most - 1))
    app = CardTableApp(Launch(command="play", game=game_id, seats=seats, seed=7, delay=0))
    async with app.run_test(size=size) as pilot:
        # Her own turn, not a claim window: a window's end redraws the status line.
        await wait_until(pilot, lambda: my_turn(app) and app.screen.claiming() is None, tries=600)
        screen = app.screen
        screen.say(LONG)
        await pilot.pause(0.1)
        line = screen.query_one("#status")
        assert on_screen(app, line) and line.region.bottom <= screen.query_one("Footer").region.y
        assert LONG in shown_text(line), (line.region, shown_text(line))
        # The table gave way, and its hand is still in view: its heading, numbers and faces.
        assert screen.table.region.bottom <= line.region.y
        heading = screen.table.query_one("#hand-title")
        assert heading.region.height > 0 and heading.region.bottom <= line.region.y
        assert screen.table.query_one("#hand").region.y + 2 <= line.region.y


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_run_its_long_hint_is_read_to_its_end(size):
    app = table_app("Ann,bot,bot,bot,bot,bot,bot,bot", seed=5)
    async with app.run_test(size=size) as pilot:
        screen = await open_table(pilot, app)
        hands(screen, "R8 RStop B6 Y8 Y+3")
        top(screen, "GStop")
        screen.redraw()
        hint = await ask_hint(pilot, app)
        assert "2 cards of the rest of your hand could go on it" in hint
        assert hint.endswith("Enter plays it.")
        assert hint in shown_text(screen.query_one("#status"))
