"""A handoff needs a deliberate act of the next player: a double-tapped table key shows nothing."""

import time

from cardtable import games
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens import handoff as handoff_module
from cardtable.ui.screens.handoff import GUARD_SECONDS, REVEAL_KEY, HandoffScreen
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.tables import table_for
from cardtable.ui.widgets import GameTable
from tests.pilot_steps import wait_until


def table_of(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def test_enter_pressed_again_after_a_move_does_not_show_the_next_hand(monkeypatch):
    # The guard stays up until the test says the moment has passed (a loaded machine may take
    # longer than a second to deliver a few keys).
    monkeypatch.setattr(handoff_module, "GUARD_SECONDS", 600)
    app = CardTableApp(
        Launch(command="play", game="over-trump", seats="Ann,Bob,Cat,Dan", seed=11, delay=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        table = table_of(app)
        first = table.acting()[0]
        # The first player takes the table deliberately: Enter and Space do nothing.
        app.screen._arm()
        await pilot.press("enter", "space")
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press(REVEAL_KEY)
        await wait_until(pilot, lambda: app.screen is table and table.viewer == first)
        # She places a card with Enter and taps Enter again at once (and a click, and Space,
        # and even the handoff's own key).
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        handoff = app.screen
        await pilot.press("enter")
        await pilot.click("#handoff-show")
        await pilot.press("space", REVEAL_KEY)
        await pilot.pause(0.1)
        assert app.screen is handoff and table.viewer is None
        # Once the moment has passed, Enter still does not show the hand; the key does.
        handoff._arm()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is handoff
        await pilot.press(REVEAL_KEY)
        await wait_until(pilot, lambda: app.screen is table)
        assert table.viewer == table.acting()[0] != first


async def test_the_handoff_takes_no_input_for_a_second(monkeypatch):
    assert GUARD_SECONDS >= 1.0
    times = {}
    on_mount, arm = HandoffScreen.on_mount, HandoffScreen._arm

    def opened(self):
        times["opened"] = time.monotonic()
        on_mount(self)

    def armed(self):
        times["armed"] = time.monotonic()
        arm(self)

    monkeypatch.setattr(HandoffScreen, "on_mount", opened)
    monkeypatch.setattr(HandoffScreen, "_arm", armed)
    app = CardTableApp(Launch(command="play", game="piles", seats="Ann,Bob,bot,bot", seed=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        handoff = app.screen
        await wait_until(pilot, lambda: handoff.ready, tries=500)
        assert times["armed"] - times["opened"] >= GUARD_SECONDS - 0.05
        assert not handoff.query_one("#handoff-show").disabled
        await pilot.click("#handoff-show")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_the_handoff_says_which_key_shows_the_hand_and_no_name_markup_breaks_it():
    app = CardTableApp(
        Launch(command="play", game="piles", seats="[/],[red]Bob,bot,bot", seed=1, delay=0)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, HandoffScreen) and app.screen.query("#handoff-card"),
        )
        text = str(app.screen.query_one("#handoff-card").render())
        name = app.screen.player
        assert name in ("[/]", "[red]Bob")
        assert f"Pass the keyboard to {name}" in text
        assert f"{name}: press {REVEAL_KEY.upper()} to see your hand." in text
        title = str(table_of(app).query_one("#table-title").render())
        assert f"{name} to play" in title


def test_no_table_binds_the_key_that_ends_a_handoff():
    for game_id in games.ids():
        table = table_for(game_id)
        keys = {
            key.strip()
            for cls in (table, GameTable, TableScreen)
            for binding in cls.BINDINGS
            for key in binding.key.split(",")  # type: ignore[union-attr]
        }
        assert REVEAL_KEY not in keys and REVEAL_KEY.upper() not in keys, game_id


async def test_ctrl_n_leaves_a_handoff_for_the_menu_without_showing_a_hand():
    """Whoever sits at a handoff may go back to the start screen (the README's Ctrl+N) without
    the next person's hand being shown on the way; the game stays listed to continue."""
    from cardtable.ui.screens.menu import MenuScreen

    app = CardTableApp(Launch(command="play", game="piles", seats="Ann,Bob", seed=2, delay=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        table = table_of(app)
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert table.viewer is None


def test_the_resume_line_names_a_command_this_shell_can_run(monkeypatch, tmp_path):
    """After `make play` nothing named cardtable is on the PATH: the quit line names the
    program by the path it was started by; where the name is on the PATH, the name."""
    from cardtable.ui import command

    program = tmp_path / "venv" / "bin" / "cardtable"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(command.sys, "argv", [str(program)])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command.cardtable_command() == "venv/bin/cardtable"
    monkeypatch.setenv("PATH", str(program.parent))
    assert command.cardtable_command() == "cardtable"


async def test_between_two_people_no_hand_stays_up_while_the_bots_play(fake_clock):
    # Over Trump: Ann and Bob (opponents) with two bots; after Bob places a card the bots play,
    # and the screen shows no hand then: Ann, next at the keyboard, must not read Bob's.
    app = CardTableApp(
        Launch(command="play", game="over-trump", seats="Ann,Bob,bot,bot", seed=11, delay=2)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        table = None
        for _ in range(3):  # up to Bob's turn, then his card
            await wait_until(
                pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.ready
            )
            await pilot.press(REVEAL_KEY)
            table = table_of(app)
            await wait_until(pilot, lambda t=table: app.screen is t and t.viewer is not None)
            person = table.viewer
            table.play(person, table.legal[0])
            if person == 1:
                break
        assert table is not None and table.viewer is None  # a bot plays next: no hand
        assert "Hands are hidden" in str(table.query_one("#hand-title").render())
        assert table.view.hand is None


async def test_the_handoff_box_is_whole_in_a_window_narrower_than_the_table_needs():
    """A window shrunk while the keyboard is passed: the box narrows with it, its words whole."""
    app = CardTableApp(Launch(command="menu"))
    async with app.run_test(size=(60, 18)) as pilot:
        await app.push_screen(HandoffScreen("Annabelle", "The game is about to begin."))
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        card = app.screen.query_one("#handoff-card")
        assert card.region.x >= 0 and card.region.right <= 60, card.region
        words = " ".join(line.text.strip() for line in card.render_lines(card.region.reset_offset))
        assert "Pass the keyboard to Annabelle" in words
        assert "Annabelle: press Y to see your hand." in words
