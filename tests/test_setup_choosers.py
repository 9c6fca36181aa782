"""The setup screen opens light: one small chooser per seat and option, rows for seats in play."""

import pytest
from textual.widgets import Input, RadioSet

from cardtable.engine import SeatKind
from cardtable.games.runway.state import Handicap
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.setup import Choice, RoundButton, SetupScreen
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import wait_until

SIZE = (80, 24)


async def open_setup(pilot, app) -> SetupScreen:
    await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
    return app.screen


def setup_app(game: str) -> CardTableApp:
    return CardTableApp(Launch(command="play", game=game, delay=0))


async def test_a_seats_kind_moves_on_with_the_arrow_keys_and_reads_without_colour():
    app = setup_app("piles")
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app)
        assert app.focused is setup.query_one("#seat-name-0", Input)
        kind = setup.query_one("#seat-kind-1", Choice)
        name = setup.query_one("#seat-name-1", Input)
        assert kind.render().plain.split() == ["◂", "Bot", "▸"]
        kind.focus()
        seen = []
        for key in ("right", "right", "right", "right", "left", "space"):
            await pilot.press(key)
            seen.append((kind.value, name.value, kind.render().plain[2:-2].strip()))
        assert seen == [  # the levels weakest first, round the end from the random bot
            (SeatKind.STRONG, "Strong bot 2", "Strong bot"),
            (SeatKind.RANDOM, "Random 2", "Random bot"),
            (SeatKind.HUMAN, "Player 2", "Person"),
            (SeatKind.EASY, "Easy bot 2", "Easy bot"),
            (SeatKind.HUMAN, "Player 2", "Person"),
            (SeatKind.EASY, "Easy bot 2", "Easy bot"),
        ]
        # A click moves on too, round the end.
        await pilot.click(kind)
        assert kind.value is SeatKind.BOT and name.value == "Bot 2"


async def test_an_options_chooser_offers_every_value_and_enter_starts_the_game():
    app = setup_app("runway")
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app)
        handicap = setup.query_one("#option-handicap", Choice)
        handicap.focus()
        seen = []
        for _ in Handicap:
            seen.append(handicap.value)
            await pilot.press("right")
        assert seen == list(Handicap) and handicap.value is Handicap.OFF
        await pilot.press("left")
        chosen = handicap.value
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.match.state.options.handicap is chosen is list(Handicap)[-1]


async def test_more_players_add_seat_rows_fewer_hide_them_and_names_are_kept():
    app = setup_app("runway")
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app)
        # Two players to start: no widgets for seats that are not at the table.
        assert [row.id for row in setup.query(".seat-row")] == ["seat-row-0", "seat-row-1"]

        async def players(count: int) -> None:
            button = next(b for b in setup.query(RoundButton) if b.name == str(count))
            setup.query_one(RadioSet).focus()
            await pilot.click(button)
            await pilot.pause()

        await players(5)
        assert [s.name for s in setup.seats()] == ["Player 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
        setup.query_one("#seat-name-4", Input).value = "Eve"
        await players(3)
        assert [s.name for s in setup.seats()] == ["Player 1", "Bot 2", "Bot 3"]
        assert not setup.query_one("#seat-row-4").display
        await players(5)
        seats = setup.seats()
        assert [s.name for s in seats][4] == "Eve" and seats[4].kind is SeatKind.HUMAN
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.match.names == ["Player 1", "Bot 2", "Bot 3", "Bot 4", "Eve"]


async def test_the_busiest_setup_screen_builds_few_widgets():
    """Each widget costs a CSS pass: 123 of them (a Select per seat) took Runway ~450 ms to open."""
    app = setup_app("runway")
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app)
        assert len(list(setup.walk_children())) <= 80


async def test_the_focused_field_is_marked_by_a_shape_not_only_a_shade():
    app = setup_app("runway")
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app)
        name, kind = setup.query_one("#seat-name-0", Input), setup.query_one("#seat-kind-0")
        count = setup.query_one(RadioSet)
        assert app.focused is name
        await pilot.pause()
        seen = [name.styles.outline_left[0], kind.styles.outline_left[0]]
        border = count.styles.border_top[0]
        count.focus()
        await pilot.pause()
        seen += [name.styles.outline_left[0], count.styles.border_top[0] != border]
        assert seen == ["tall", "", "", True]


async def test_the_arrows_choose_the_players_and_enter_starts_there_as_the_hint_says():
    app = setup_app("runway")
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app)
        setup.query_one(RadioSet).focus()
        await pilot.press("right")
        await pilot.pause()
        assert len(setup.seats()) == 3
        assert "Enter in any field starts too" in str(setup.query_one("#setup-error").render())
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.match.names == ["Player 1", "Bot 2", "Bot 3"]


async def test_space_on_a_highlighted_name_keeps_it():
    app = setup_app("runway")
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app)
        name = setup.query_one("#seat-name-0", Input)
        await pilot.press("space")
        assert name.value == "Player 1"
        await pilot.press("A", "n", "n", "space", "L")
        assert name.value == "Ann L"


async def test_names_typed_are_kept_after_going_back_from_the_setup():
    app = setup_app("runway")
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot, app)
        await pilot.press("A", "n", "n")
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
        app.open_setup("runway")
        setup = await open_setup(pilot, app)
        await wait_until(pilot, lambda: bool(setup.query("#seat-name-1")))
        assert [s.name for s in setup.seats()] == ["Ann", "Bot 2"]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
def test_eight_seats_of_every_level_snapshot(snap_compare, size):
    """Run It's eight seats, a person and a bot of every level, at a laptop's 80x24 (the
    chooser as wide as before: 'Strong bot' is as long as 'Random bot') and a projector."""
    kinds = [
        SeatKind.HUMAN,
        SeatKind.EASY,
        SeatKind.BOT,
        SeatKind.STRONG,
        SeatKind.RANDOM,
        SeatKind.STRONG,
        SeatKind.EASY,
        SeatKind.HUMAN,
    ]

    async def every_level(pilot):
        setup = await open_setup(pilot, pilot.app)
        next(b for b in setup.query(RoundButton) if b.name == "8").value = True
        await wait_until(pilot, lambda: len(setup.query(".seat-row")) == 8)
        for i, kind in enumerate(kinds):
            setup.query_one(f"#seat-kind-{i}", Choice).value = kind
        setup.query_one("#seat-kind-3", Choice).focus()
        await pilot.pause()

    assert snap_compare(setup_app("run-it"), terminal_size=size, run_before=every_level)
