"""A summary or the results take no Enter for a moment after they open: an Enter meant for the
table (every hint names it) must not skip them. Once the moment has passed, Enter goes on."""

from __future__ import annotations

from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.game_summary import NEXT_PARTS, GameSummaryScreen, SummaryScreen
from cardtable.ui.screens.results import ResultsScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import steadied, tick, wait_until


async def until_summary(app, kind: type[SummaryScreen]) -> SummaryScreen:
    for _ in range(20000):
        if isinstance(app.screen, kind) and app.screen.query("#results-next"):
            return app.screen
        await tick(app)
    raise AssertionError(f"no {kind.__name__} came")


async def test_an_enter_as_the_results_open_does_not_deal_again_and_one_after_does():
    app = CardTableApp(Launch(command="play", game="runway", seats="bot,bot", seed=3, delay=0))
    async with app.run_test(size=(100, 30)) as pilot:
        results = await until_summary(app, ResultsScreen)
        await pilot.press("enter", "space", "n")
        assert app.screen is results and not results.steady
        # The choices under the scores break between two choices, never inside one.
        await pilot.pause()
        shown = str(results.query_one("#results-next").render()).splitlines()
        choices = results.next_line().split(NEXT_PARTS)
        assert len(shown) > 1 and [c for line in shown for c in line.split(NEXT_PARTS)] == choices
        await steadied(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_an_enter_as_a_hands_summary_opens_does_not_skip_it():
    app = CardTableApp(
        Launch(command="play", game="over-trump", seats="bot,bot,bot,bot", seed=4, delay=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        summary = await until_summary(app, GameSummaryScreen)
        await pilot.press("enter")
        await pilot.click("#results")
        assert app.screen is summary
        await steadied(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is not summary)
