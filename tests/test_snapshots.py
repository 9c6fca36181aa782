"""A few pictures of the app at 80x24, compared with the stored ones (snapshots at the end)."""

from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.table import TableScreen

SIZE = (80, 24)


def at_the_table(game: str, seed: int, seats: str = "Ann,bot,bot,bot") -> CardTableApp:
    """A game with Ann and bots (three unless told), the bots moving at once."""
    return CardTableApp(Launch(command="play", game=game, seats=seats, seed=seed, delay=0))


def then_anns_turn(*keys: str):
    """A run_before that waits for Ann's turn, then presses `keys`."""

    async def wait(pilot):
        for _ in range(300):
            screen = pilot.app.screen
            if isinstance(screen, TableScreen) and screen.viewer in screen.acting():
                break
            await pilot.pause(0.02)
        if keys:
            await pilot.press(*keys)

    return wait


def test_start_screen(snap_compare):
    assert snap_compare(CardTableApp(), terminal_size=SIZE)


def test_piles_table_on_the_persons_turn(snap_compare):
    app = at_the_table("piles", 3)
    app.animation_level = "none"  # the bot's card just placed is not lit for a moment
    assert snap_compare(app, terminal_size=SIZE, run_before=then_anns_turn("1"))


def test_over_trump_table_on_the_persons_turn(snap_compare):
    app = at_the_table("over-trump", 4)
    app.animation_level = "none"  # the bots' cards just placed are not lit for the picture
    assert snap_compare(app, terminal_size=SIZE, run_before=then_anns_turn())


# The Runway table's picture is in test_runway_table.py (five players, a crowded table).
