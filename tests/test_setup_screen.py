"""The setup screen: bad values get a note beside them and no game starts; no trap in the seats."""

import pytest
from textual.widgets import Input

from cardtable.engine import SeatKind
from cardtable.engine.option_words import whole_number
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.setup import Choice, RoundButton, SetupScreen, TickBox
from cardtable.ui.screens.table import TableScreen
from tests.pilot_steps import on_screen, shown_text, wait_until

SIZE = (100, 40)


def text(screen, selector) -> str:
    return str(screen.query_one(selector).render())


def setup_app(game: str) -> CardTableApp:
    return CardTableApp(Launch(command="play", game=game, delay=0))


def started(app) -> bool:
    return isinstance(app.screen, TableScreen | HandoffScreen)


async def test_a_value_out_of_range_gets_a_note_beside_it_and_the_game_does_not_start():
    app = setup_app("runway")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        for field, value, note in [
            ("games", "0", "1 to 9 games in the session"),
            ("decks", "9", "1 to 3 decks"),
            ("decks", "", "1 to 3 decks"),
            ("decks", "-", "1 to 3 decks"),
            ("seed", "-", "a whole number, or blank"),
            ("seed", "+", "a whole number, or blank"),
        ]:
            widget = "#seed" if field == "seed" else f"#option-{field}"
            beside = "#seed-note" if field == "seed" else f"#option-note-{field}"
            setup.query_one(widget, Input).value = value
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is setup and not started(app)
            assert text(setup, beside) == note
            assert note in text(setup, "#setup-error")
            setup.query_one(widget, Input).value = "2"
        # Put right, it starts.
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: started(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.match.state.options.decks == 2 and table.match.record.seed == 2


def test_whole_numbers_with_a_sign_are_seeds():
    assert [whole_number(t) for t in ("42", "-7", "+3", " 5 ", "-", "+", "", "1e3")] == [
        42,
        -7,
        3,
        5,
        None,
        None,
        None,
        None,
    ]


async def test_typing_a_name_into_a_bots_seat_makes_it_a_persons():
    app = setup_app("piles")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert setup.query_one("#seat-kind-1", Choice).value is SeatKind.BOT
        name = setup.query_one("#seat-name-1", Input)
        name.focus()
        name.value = ""
        await pilot.press("B", "o", "b")
        await pilot.pause()
        assert setup.query_one("#seat-kind-1", Choice).value is SeatKind.HUMAN
        assert [s.kind for s in setup.seats()][:2] == [SeatKind.HUMAN, SeatKind.HUMAN]
        # A default name follows the kind, and does not make a person.
        setup.query_one("#seat-kind-2", Choice).value = SeatKind.RANDOM
        await pilot.pause()
        assert setup.query_one("#seat-name-2", Input).value == "Random 3"
        assert setup.query_one("#seat-kind-2", Choice).value is SeatKind.RANDOM


async def test_default_names_read_as_names_and_bot_is_a_persons_name_when_the_seat_says_so():
    app = setup_app("piles")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert [s.name for s in setup.seats()] == ["Player 1", "Bot 2", "Bot 3", "Bot 4"]
        setup.query_one("#seat-name-1", Input).value = "bot"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: started(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.match.names[:2] == ["Player 1", "bot"]
        assert table.match.seats[1].is_human


async def test_a_name_that_breaks_the_rules_gets_a_note():
    app = setup_app("piles")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        for name, note in [
            ("", "needs a name"),
            ("   ", "needs a name"),
            ("player 1", "same name as seat 1"),
            ("A\x1b[31mB", "control characters"),
        ]:
            setup.query_one("#seat-name-1", Input).value = name
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is setup
            assert text(setup, "#seat-note-1") == note
            assert f"Seat 2: {note}" in text(setup, "#setup-error")
        # Names in markup show as typed; two that differ only in case are one name.
        setup.query_one("#seat-name-0", Input).value = "[red]x"
        setup.query_one("#seat-name-1", Input).value = "[RED]X"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert text(setup, "#seat-note-1") == "same name as seat 1"
        # A name longer than sixteen characters is kept as typed and said to be too long, as
        # soon as it is (never cut short without a word).
        setup.query_one("#seat-name-1", Input).value = "Bob"
        name = setup.query_one("#seat-name-2", Input)
        name.focus()
        name.value = ""
        await pilot.press(*"Annabelle-Joseph")
        assert text(setup, "#seat-note-2") == ""
        await pilot.press(*"ine")
        assert name.value == "Annabelle-Josephine"
        assert text(setup, "#seat-note-2") == "at most 16 characters"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is setup
        assert "Seat 3: at most 16 characters" in text(setup, "#setup-error")


async def test_a_name_another_seat_has_is_said_as_it_is_typed_and_cleared_by_typing_on():
    app = setup_app("piles")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#seat-name-0", Input).value = "Ann"
        name = setup.query_one("#seat-name-2", Input)
        name.focus()
        name.value = ""
        await pilot.press(*"ann")
        assert text(setup, "#seat-note-2") == "same name as seat 1"
        await pilot.press("a")
        assert text(setup, "#seat-note-2") == ""
        await pilot.press("backspace", "backspace", "backspace", "backspace", *"Bot 2")
        assert text(setup, "#seat-note-2") == "same name as seat 2"
        # The other seat renamed: the names differ again and the note goes.
        setup.query_one("#seat-name-1", Input).value = "Bob"
        await pilot.pause()
        assert text(setup, "#seat-note-2") == ""
        # A name typed into an earlier seat is marked there, where it was typed (it was
        # marked on the later seat, which nobody had touched), and Start blames it too.
        name = setup.query_one("#seat-name-0", Input)
        name.focus()
        name.value = ""
        await pilot.press(*"bob")
        assert text(setup, "#seat-note-0") == "same name as seat 2"
        assert text(setup, "#seat-note-1") == ""
        await pilot.press("enter")
        await pilot.pause()
        assert text(setup, "#setup-error").startswith("Seat 1: same name as seat 2")


async def test_a_name_note_is_read_whole_at_80x24_under_the_widest_seat_row():
    """Run It's seat rows carry a tick box as well: a note beside them had two columns left
    at 80x24 and showed "at". It sits under the name, whole, only while there is something
    to say."""
    app = setup_app("run-it")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        note = setup.query_one("#seat-note-0")
        assert not note.display
        setup.query_one("#seat-name-0", Input).value = "Annabelle-Josephine"
        await pilot.pause()
        assert note.display and on_screen(app, note)
        assert shown_text(note) == "at most 16 characters"
        name = setup.query_one("#seat-name-0")
        assert note.region.y == name.region.bottom and note.region.x > name.region.x
        setup.query_one("#seat-name-0", Input).value = "Annabelle"
        await pilot.pause()
        assert not note.display


async def test_checkboxes_and_radio_buttons_read_on_or_off_without_colour():
    app = setup_app("piles")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        box = app.screen.query_one(TickBox)
        off = box.render().plain
        box.value = True
        on = box.render().plain
        assert on != off and "✓" in on and "✓" not in off
        chosen, other = sorted(app.screen.query(RoundButton), key=lambda b: not b.value)[:2]
        assert chosen.value and not other.value
        assert "●" in chosen.render().plain and "○" in other.render().plain


async def start_piles_for_two(names: tuple[str, str], kinds: tuple[SeatKind, SeatKind]) -> None:
    """Set up Piles for two with these names and kinds, and start it."""
    app = setup_app("piles")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        next(b for b in setup.query(RoundButton) if b.name == "2").value = True
        await pilot.pause()
        for i, (name, kind) in enumerate(zip(names, kinds, strict=True)):
            setup.query_one(f"#seat-name-{i}", Input).value = name
            await pilot.pause()
            setup.query_one(f"#seat-kind-{i}", Choice).value = kind
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: started(app))


async def seats_shown(game: str) -> list[tuple[str, SeatKind]]:
    """The seats a fresh setup of `game` opens with: (name, kind) of each seat in play."""
    app = setup_app(game)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        return [(seat.name, seat.kind) for seat in setup.seats()]


async def test_setup_opens_with_the_seats_this_game_was_last_started_with():
    await start_piles_for_two(("Ann", "Zed"), (SeatKind.HUMAN, SeatKind.RANDOM))
    assert await seats_shown("piles") == [("Ann", SeatKind.HUMAN), ("Zed", SeatKind.RANDOM)]
    # Each game its own: Runway was never set up here, so it opens as always.
    assert await seats_shown("runway") == [("Player 1", SeatKind.HUMAN), ("Bot 2", SeatKind.BOT)]


async def test_a_broken_file_of_remembered_seats_is_ignored_and_kept():
    from cardtable.engine.seats import remembered_seats_path

    path = remembered_seats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"piles": [{"name": "Ann", "kind": "dragon"}', encoding="utf-8")
    assert await seats_shown("piles") == [
        ("Player 1", SeatKind.HUMAN),
        ("Bot 2", SeatKind.BOT),
        ("Bot 3", SeatKind.BOT),
        ("Bot 4", SeatKind.BOT),
    ]
    await start_piles_for_two(("Ann", "Bob"), (SeatKind.HUMAN, SeatKind.BOT))
    kept = path.with_name("seats.json.broken").read_text(encoding="utf-8")
    assert kept == '{"piles": [{"name": "Ann", "kind": "dragon"}'
    assert await seats_shown("piles") == [("Ann", SeatKind.HUMAN), ("Bob", SeatKind.BOT)]


async def test_the_line_beside_start_follows_the_fields_once_a_start_is_refused():
    app = setup_app("piles")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#seat-name-0", Input).value = "A" * 29
        setup.query_one("#seat-kind-1", Choice).value = SeatKind.HUMAN
        await pilot.pause()
        setup.query_one("#seat-name-1", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert text(setup, "#setup-error") == ("Seat 1: at most 16 characters (and 1 more marked).")
        # Putting one right says the next; putting both right says nothing is wrong.
        setup.query_one("#seat-name-0", Input).value = "Ann"
        await pilot.pause()
        assert text(setup, "#setup-error") == "Seat 2: needs a name."
        setup.query_one("#seat-name-1", Input).value = "Bob"
        await pilot.pause()
        assert text(setup, "#seat-note-1") == ""
        assert text(setup, "#setup-error") == "Enter in any field starts too."
        # A seat left out by a smaller count no longer stops the game.
        setup.query_one("#seat-name-3", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert text(setup, "#setup-error") == "Seat 4: needs a name."
        next(b for b in setup.query(RoundButton) if b.name == "2").value = True
        await pilot.pause()
        await pilot.pause()
        assert text(setup, "#setup-error") == "Enter in any field starts too."
        assert not started(app)


async def test_a_bots_name_typed_in_a_persons_seat_marks_the_persons_seat():
    app = setup_app("over-trump")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#seat-name-0", Input).value = "bot 2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is setup
        assert text(setup, "#seat-note-0") == "same name as the bot in seat 2"
        assert text(setup, "#seat-note-1") == ""
        assert text(setup, "#setup-error") == "Seat 1: same name as the bot in seat 2."


async def test_a_match_window_out_of_range_reads_in_seconds_clear_of_the_field():
    app = setup_app("run-it")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        field = setup.query_one("#option-match_seconds", Input)
        field.value = "999"
        await pilot.press("ctrl+s")
        await pilot.pause()
        note = setup.query_one("#option-note-match_seconds")
        assert text(setup, "#option-note-match_seconds") == "0 to 10 seconds"
        assert text(setup, "#setup-error") == "Match window: 0 to 10 seconds."
        assert note.content_region.x > field.region.right


async def test_a_letter_in_the_seed_is_not_typed_and_the_note_says_why():
    app = setup_app("runway")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        seed = setup.query_one("#seed", Input)
        seed.focus()
        await pilot.press("-", "7", "x")
        assert seed.value == "-7"
        assert text(setup, "#seed-note") == "'x' not typed: digits only"
        await pilot.press("2")  # typed on at once, as '7x2': the note still says what was lost
        assert seed.value == "-72"
        assert text(setup, "#seed-note") == "'x' not typed: digits only"
        await pilot.press("backspace")
        assert text(setup, "#seed-note") == ""
        await pilot.press("enter")
        await wait_until(pilot, lambda: started(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.match.record.seed == -7


async def test_a_quick_2_point_5_is_said_at_the_first_start_and_the_second_plays_25():
    """Keys come in a burst: the '.' of '2.5' is left out, the field holds 25. The note stays
    as typing goes on and after a start refused for another reason; the first Start says
    what the field holds; the second plays with it."""
    app = setup_app("run-it")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#option-hand_size", Input).value = "99"
        await pilot.press("ctrl+s")  # refused: out of range; every change is checked again now
        await pilot.pause()
        assert "Cards dealt: 3 to 10" in text(setup, "#setup-error")
        seed = setup.query_one("#seed", Input)
        seed.focus()
        await pilot.press("2", ".", "5")
        await pilot.pause()
        assert seed.value == "25"
        assert text(setup, "#seed-note") == "'.' not typed: digits only"
        setup.query_one("#option-hand_size", Input).value = "4"
        await pilot.pause()
        assert text(setup, "#seed-note") == "'.' not typed: digits only"
        assert text(setup, "#setup-error").startswith("Seed: '.' not typed, so it is 25.")
        seed.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is setup
        assert text(setup, "#setup-error") == (
            "Seed: '.' not typed, so it is 25. Start again to play with that."
        )
        error = setup.query_one("#setup-error")  # read whole beside the button, two lines
        shown = error.render_lines(error.content_region.reset_offset)
        assert "with that." in " ".join(line.text for line in shown)
        await pilot.press("enter")
        await wait_until(pilot, lambda: started(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.match.record.seed == 25


async def test_a_sign_left_out_is_said_to_go_first():
    app = setup_app("runway")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#seed", Input).focus()
        await pilot.press("5", "-")
        await pilot.pause()
        assert text(setup, "#seed-note") == "'-' not typed: digits only, a sign first"
        await pilot.press("backslash")
        await pilot.pause()
        assert text(setup, "#seed-note") == "'\\' not typed: digits only"


@pytest.mark.parametrize("game_id", ["over-trump", "piles"])
async def test_a_team_games_setup_says_who_partners_whom(game_id):
    app = setup_app(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        blurb = " ".join(text(app.screen, "#setup-blurb").split())
        assert "1 and 3" in blurb and "against 2 and 4" in blurb


async def test_tab_stops_only_on_fields_the_keyboard_can_change():
    """Every Tab stop shows which field has the keyboard: the form itself is none of them
    (its stop showed nothing)."""
    app = setup_app("run-it")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert not setup.query_one("#setup").can_focus
        assert setup.query_one("#setup") not in setup.focus_chain
