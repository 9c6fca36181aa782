"""A few pictures of the app at 80x24, compared with the stored ones (snapshots at the end)."""

from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.table import TableScreen

SIZE = (80, 24)


def test_start_screen(snap_compare):
    assert snap_compare(CardTableApp(), terminal_size=SIZE)


def test_piles_table_on_the_persons_turn(snap_compare):
    app = CardTableApp(
        Launch(command="play", game="piles", seats="Ann,bot,bot,bot", seed=3, delay=0)
    )

    async def until_anns_turn(pilot):
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, TableScreen) and screen.viewer in screen.acting():
                break
            await pilot.pause(0.02)
        await pilot.press("1")

    assert snap_compare(app, terminal_size=SIZE, run_before=until_anns_turn)


def test_over_trump_table_on_the_persons_turn(snap_compare):
    app = CardTableApp(
        Launch(command="play", game="over-trump", seats="Ann,bot,bot,bot", seed=4, delay=0)
    )

    async def until_anns_turn(pilot):
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, TableScreen) and screen.viewer in screen.acting():
                break
            await pilot.pause(0.02)

    assert snap_compare(app, terminal_size=SIZE, run_before=until_anns_turn)
