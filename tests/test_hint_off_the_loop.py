"""A hint is thought of off the screen's loop (in the worker process, on the table's clock): the
screen answers keys meanwhile, the hint shows once it is in, and a hint that comes in after the
table has moved on is dropped, never shown for a position it was not made for."""

from __future__ import annotations

from cardtable import games
from cardtable.net.clock import FakeClock, answer_of
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.rules import RulesScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import my_turn, status, wait_until

SIZE = (80, 24)
PILES = games.get("piles")
SEED = next(s for s in range(100) if PILES.to_act(PILES.new_game(2, s)) == [0])
"""A deal of two seats where Ann moves first."""


class HeldThoughts(FakeClock):
    """A fake clock whose thoughts (a hint, a bot's move) are in only when the test says."""

    def __init__(self) -> None:
        super().__init__()
        self.thoughts: list[tuple] = []

    def think(self, work, done) -> None:
        self.thoughts.append((work, done))

    def finish(self, count: int = 1) -> None:
        """The first `count` thoughts asked come in, in order."""
        thoughts, self.thoughts = self.thoughts[:count], self.thoughts[count:]
        for work, done in thoughts:
            done(answer_of(work))


def held_app() -> CardTableApp:
    launch = Launch(command="play", game="piles", seats="Ann,bot", seed=SEED, delay=0)
    return CardTableApp(launch, clock=HeldThoughts())


async def test_keys_are_answered_while_a_hint_is_thought_of_and_it_shows_once_in():
    app = held_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        await pilot.press("h")
        assert status(app) == "Thinking of a hint…" and screen.table.hinted is None
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen), "the rules page opened while it thought"
        await pilot.press("escape")
        assert app.screen is screen
        app.clock.finish()
        await pilot.pause()
        assert status(app).startswith("Hint: ") and screen.table.hinted in screen.legal


async def test_a_hint_that_comes_in_after_the_table_moved_on_is_dropped():
    app = held_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("h")
        assert len(app.clock.thoughts) == 1
        screen.send_move(0, screen.legal[-1])  # Ann moves before the hint is in
        await pilot.pause()
        assert len(screen.match.record.log) == 1
        said = status(app)
        app.clock.finish(1)  # the hint for the position before her move
        await pilot.pause()
        assert screen.table.hinted is None
        assert status(app) == said and not said.startswith("Hint")


async def test_only_the_last_hint_asked_is_shown():
    app = held_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        await pilot.press("h")
        await pilot.press("h")
        shown: list[str] = []
        screen.say = lambda text, refused=False: shown.append(text)
        app.clock.finish(2)
        assert len(shown) == 1 and shown[0].startswith("Hint: ")


async def test_enter_pressed_before_the_hint_is_in_makes_the_hinted_move_once_it_is():
    app = held_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        await pilot.press("h", "enter")
        assert screen.match.record.log == [], "Enter waits for the hint"
        app.clock.finish()
        hinted = screen.table.hinted  # shown; the held Enter is on its way
        assert hinted is not None
        await wait_until(pilot, lambda: len(screen.match.record.log) == 1)
        assert screen.match.record.log[0].move == hinted.model_dump(mode="json")
