"""A name is shown as typed: `[/]` or `[red]x` never breaks a screen (issue 9.1).

Players' names reach the hand titles, the seats and teams panels, the trick, the runs, the move
menus, the summaries and the results; each shows them as text, never as Rich or Textual markup.
"""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from textual.app import App
from textual.screen import Screen
from textual.widgets import OptionList, Static

from cardtable import games
from cardtable.engine import SeatConfig, SeatKind, saves_dir
from cardtable.games.over_trump.state import HandSummary
from cardtable.games.runway.state import GameSummary, RunwayOptions
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.game_summary import GameSummaryScreen
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.screens.results import ResultsScreen
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.tables.over_trump import hand_summary
from cardtable.ui.tables.runway import game_summary
from cardtable.ui.themes import FELT_COLOURS
from tests.pilot_steps import ask_hint

SIZE = (100, 30)
PERSON = "[/]"
BOTS = ["[red]x", "[link=http://x]y", "[@click=quit]q\\"]
"""Markup that breaks a parser, markup that styles, a link, and a Textual action (with a
backslash that would escape what follows it), each within the 16 characters a name may have."""
KEY_NAMED = re.compile(r"Press (\S+?)\.")


def seats(count: int, person: bool = True) -> list[SeatConfig]:
    """Seats with markup names: a person in seat 1 (else a bot there too), bots after."""
    names = [PERSON, *BOTS]
    return [
        SeatConfig(name=names[i], kind=SeatKind.HUMAN if person and i == 0 else SeatKind.BOT)
        for i in range(count)
    ]


def shown(app) -> str:
    """Every Static's text on the screen, as a player reads it (Rich tables drawn out)."""
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    texts = []
    for widget in app.screen.query(Static):
        content = widget.content
        if isinstance(content, str):
            texts.append(content)
        elif hasattr(content, "__rich_console__"):
            console.print(content)
            texts.append(console.export_text())
        else:
            texts.append(str(widget.render()))
    return "\n".join(texts)


async def wait_until(pilot, condition, tries=400):
    for _ in range(tries):
        if pilot.app.return_code is not None:  # the app stopped (a crash): its error follows
            return
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never got there")


def persons_turn(app) -> bool:
    screen = app.screen
    return (
        isinstance(screen, TableScreen)
        and screen.is_mounted
        and not screen.has_class("dealing")  # drawn at least once
        and screen.viewer in screen.acting()
    )


async def follow_a_hint(pilot, app) -> None:
    """The person presses h and then the key the hint names (Enter in a menu it opens)."""
    await ask_hint(pilot, app)
    hint = str(app.screen.query_one("#status").render())
    named = KEY_NAMED.search(hint)
    await pilot.press(named.group(1) if named else "enter")
    await pilot.pause()
    if isinstance(app.screen, MoveMenu):
        await pilot.press("enter")


@pytest.mark.parametrize("game_id", games.ids())
async def test_players_named_in_markup_play_and_resume(game_id):
    count = 4
    options = RunwayOptions(trading=True) if game_id == "runway" else None
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game_id, seats(count), 3, options)
        for _ in range(3):
            await wait_until(pilot, lambda: persons_turn(app))
            title = str(app.screen.query_one("#hand-title").render())
            # Run It's title asks which card to take while she gets one; no name is in it then.
            assert f"{PERSON}'s hand" in title or title.startswith("Take one, blind")
            assert BOTS[0] in shown(app)
            await follow_a_hint(pilot, app)
        await wait_until(pilot, lambda: persons_turn(app))
        moves = len(app.screen.match.record.log)
    resumed = CardTableApp(Launch(command="resume", delay=0))
    async with resumed.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: persons_turn(resumed))
        match = resumed.screen.match
        assert match.names == [seat.name for seat in seats(count)]
        assert len(match.record.log) == moves
        assert f"{PERSON}'s hand" in str(resumed.screen.query_one("#hand-title").render())
        assert BOTS[0] in shown(resumed)


async def test_a_runway_menu_shows_the_names_as_typed():
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=SIZE) as pilot:
        app.start_game("runway", seats(3), 3, RunwayOptions(trading=True))
        await wait_until(pilot, lambda: persons_turn(app))
        await pilot.press("d")  # draw: the build phase offers a trade to each opponent
        await wait_until(pilot, lambda: persons_turn(app))
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, MoveMenu))
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert f"Offer {BOTS[0]} a trade" in labels
        assert f"Offer {BOTS[1]} a trade" in labels


async def test_the_results_of_a_bot_game_show_the_names_as_typed():
    app = CardTableApp(Launch(delay=0))
    async with app.run_test(size=SIZE) as pilot:
        app.start_game("piles", seats(4, person=False), 5, None)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), tries=1500)
        await pilot.pause()
        match = app.screen.match
        winners = " & ".join(match.names[s] for s in match.game.outcome(match.state).winners)
        text = shown(app)
        assert f"Well played, {winners}!" in text
        assert f"{PERSON} & {BOTS[1]}" in text  # a team's row of the scores table


class OneScreen(App[None]):
    """An app that shows one screen, to read what it draws."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **FELT_COLOURS}  # the felt's colours

    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


NAMES = [PERSON, *BOTS]


async def test_an_over_trump_hand_summary_shows_the_teams_names_as_typed():
    two = [0, 0]
    summary = HandSummary(
        number=1, tricks=[6, 5], ones=two, honours=two, keepers=two, bonus=two,
        penalty=two, points=two, totals=two,
    )  # fmt: skip
    app = OneScreen(GameSummaryScreen(hand_summary(summary, NAMES)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"{PERSON} & {BOTS[1]}" in shown(app)


async def test_a_runway_game_summary_shows_the_names_as_typed():
    summary = GameSummary(
        number=1, winners=[1], reason="[b]a run of 8 cards is complete", totals=[0, 1, 0, 0]
    )
    app = OneScreen(GameSummaryScreen(game_summary(summary, NAMES, RunwayOptions(games=3))))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = shown(app)
        assert f"{BOTS[0]} won game 1: [b]a run of 8 cards is complete." in text
        assert BOTS[2] in text  # its row in the standings


async def test_a_damaged_save_in_a_folder_named_in_markup_is_named_as_typed(tmp_path, monkeypatch):
    home = tmp_path / "[/]home"
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "piles-bcdf.jsonl").write_text("{ this is not a save", encoding="utf-8")
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        saves = app.screen.query_one("#save-list", OptionList)
        saves.focus()
        saves.highlighted = 0
        await pilot.pause()
        assert str(home) in str(app.screen.query_one("#menu-detail").render())
        await pilot.press("enter")
        await pilot.pause()
        assert any(str(home) in n.message for n in app._notifications)
