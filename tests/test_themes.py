"""Themes (issue 21.5): the felt by default, a high-contrast felt, Textual's own themes with a
coherent table, a four-colour deck, all picked in the command palette and remembered."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.color import Color
from textual.command import CommandPalette

from cardtable.cards import Card, RunItCard, RunItColour, RunItKind, Suit
from cardtable.ui import card_faces
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.card_faces import face, ink, look
from cardtable.ui.preferences import MAX_BYTES, preferences_path
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.themes import FELT_COLOURS, FELT_VARIABLES

SIZE = (80, 24)
HEARTS, DIAMONDS = Card(rank=9, suit=Suit.HEARTS), Card(rank=9, suit=Suit.DIAMONDS)
SPADES, CLUBS = Card(rank=9, suit=Suit.SPADES), Card(rank=9, suit=Suit.CLUBS)


@pytest.fixture(autouse=True)
def _plain_cards():
    """Each test starts, and leaves, with the felt's two-colour cards."""
    card_faces.use_palette(card_faces.FELT_CARDS)
    yield
    card_faces.use_palette(card_faces.FELT_CARDS)


async def choose_in_palette(pilot, *words: str) -> None:
    """Open the command palette (Ctrl+P) and choose the first line matching each of `words`
    in turn (a command that opens a second palette, as Theme does, takes the next word)."""
    await pilot.press("ctrl+p")
    for word in words:
        await pilot.pause()
        assert isinstance(pilot.app.screen, CommandPalette)
        await pilot.press(*word)
        await pilot.pause(0.3)  # the palette searches after a short wait
        await pilot.press("enter")
    await pilot.pause()


def background(app: CardTableApp) -> str:
    """The start screen's background, as #rrggbb."""
    return app.screen.styles.background.hex.lower()


async def test_the_default_theme_is_the_felt():
    app = CardTableApp()
    async with app.run_test(size=SIZE):
        assert app.theme == "felt"
        assert background(app) == FELT_COLOURS["felt"]
    assert not preferences_path().exists()  # nothing chosen, nothing written


async def test_the_palette_offers_our_themes_and_a_choice_is_remembered_at_the_next_start():
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        assert {"felt", "felt-contrast"} <= set(app.available_themes)
        await choose_in_palette(pilot, "theme", "felt-contrast")
        assert app.theme == "felt-contrast"
        assert background(app) != FELT_COLOURS["felt"]
    again = CardTableApp()
    async with again.run_test(size=SIZE):
        assert again.theme == "felt-contrast"
        assert background(again) == again.get_css_variables()["felt"].lower()


@pytest.mark.parametrize("theme", ["felt", "felt-contrast", "textual-light", "nord"])
async def test_a_start_in_a_saved_theme_looks_as_the_theme_chosen_at_the_table(theme):
    # The app sets a saved theme before any CSS is read, doing itself what Textual does when a
    # theme is chosen (its classes, its colours): the start screen must come out the same.
    preferences_path().parent.mkdir(parents=True, exist_ok=True)
    preferences_path().write_text(json.dumps({"theme": theme}))
    started = CardTableApp()
    async with started.run_test(size=SIZE) as pilot:
        await pilot.pause()
        started_in = (sorted(started.classes), started.export_screenshot())
    preferences_path().unlink()
    chosen = CardTableApp()
    async with chosen.run_test(size=SIZE) as pilot:
        chosen.theme = theme
        await pilot.pause()
        await pilot.pause()
        assert (sorted(chosen.classes), chosen.export_screenshot()) == started_in


@pytest.mark.usefixtures("quick_strong_bots")
async def test_escape_and_q_in_the_palette_during_a_demo_do_not_stop_it():
    app = CardTableApp(Launch(command="demo", game="piles", seed=1, delay=5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", "q")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.demo


def write_preferences(content: bytes) -> Path:
    """Put `content` where the preferences are kept."""
    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path


async def start_then_choose_nord(path: Path, content: bytes) -> None:
    """Start: the felt and the plain deck, a message, the file untouched; then choose nord."""
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "felt"
        assert not app.preferences.four_colour_deck
        assert [note.title for note in app._notifications] == ["Preferences"]
        assert path.read_bytes() == content  # nothing lost by starting
        app.theme = "nord"
        await pilot.pause()
    assert json.loads(path.read_text())["theme"] == "nord"


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"[1, 2]", b"\xff\xfe", b"[" * 10_000, b" " * (MAX_BYTES + 1) + b"{}"],
    ids=["broken", "list", "not-utf8", "deep", "huge"],
)
async def test_an_unreadable_preferences_file_starts_with_the_defaults_and_is_kept_aside(content):
    path = write_preferences(content)
    await start_then_choose_nord(path, content)
    assert path.with_name("preferences.json.broken").read_bytes() == content


@pytest.mark.parametrize(
    "values",
    [
        {"theme": 7, "four_colour_deck": "yes"},
        {"theme": "x" * 10_000},
        {"theme": "no-such-theme", "four_colour_deck": None},
    ],
    ids=["wrong-types", "long-name", "unknown"],
)
async def test_wrong_values_in_the_preferences_give_the_defaults(values):
    content = json.dumps(values).encode()
    path = write_preferences(content)
    await start_then_choose_nord(path, content)
    assert not path.with_name("preferences.json.broken").exists()


async def test_a_deeply_nested_unknown_key_is_dropped_not_a_crash_when_a_theme_is_saved():
    # Small enough to read, too deep to write back with an indent (Python's encoder recurses).
    content = b'{"theme": "felt", "x": ' + b"[" * 900 + b"]" * 900 + b"}"
    path = write_preferences(content)
    await start_then_choose_nord(path, content)
    assert "x" not in json.loads(path.read_text())


async def test_a_pipe_in_place_of_the_preferences_file_does_not_hang_the_start():
    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    app = CardTableApp()
    async with app.run_test(size=SIZE):
        assert app.theme == "felt"
        assert "not a regular file" in app.preferences_problem


async def test_keys_this_version_does_not_know_are_kept_when_a_theme_is_saved():
    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"theme": "felt", "card_size": "large"}))
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        assert not app._notifications
        app.theme = "felt-contrast"
        await pilot.pause()
    assert json.loads(path.read_text()) == {
        "card_size": "large",
        "theme": "felt-contrast",
        "four_colour_deck": False,
    }


def test_the_plain_deck_has_two_colours():
    assert face(HEARTS).style == face(DIAMONDS).style
    assert face(SPADES).style == face(CLUBS).style
    assert face(HEARTS).style != face(SPADES).style


async def test_the_four_colour_deck_is_a_palette_command_each_suit_its_colour_and_remembered():
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        await choose_in_palette(pilot, "four-colour")
        assert app.preferences.four_colour_deck
        styles = {
            suit: face(card).style
            for suit, card in zip(Suit, [SPADES, HEARTS, DIAMONDS, CLUBS], strict=True)
        }
        assert len(set(styles.values())) == 4
        assert ink(DIAMONDS).style != ink(HEARTS).style
        assert look(DIAMONDS).style == face(DIAMONDS).style
        assert look(DIAMONDS).pip == "♦"  # the suit's symbol stays: colour is never the only cue
    again = CardTableApp()
    async with again.run_test(size=SIZE) as pilot:
        assert again.preferences.four_colour_deck
        assert face(DIAMONDS).style != face(HEARTS).style
        await choose_in_palette(pilot, "four-colour")  # now the command turns it off
        assert face(DIAMONDS).style == face(HEARTS).style


async def test_the_high_contrast_theme_draws_stronger_cards():
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        felt = face(HEARTS).style
        app.theme = "felt-contrast"
        await pilot.pause()
        assert face(HEARTS).style != felt
        assert "#ffffff" in str(face(HEARTS).style)  # pure white cards


async def test_every_theme_defines_every_felt_variable_from_its_own_colours():
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        for name in sorted(app.available_themes):
            app.theme = name
            await pilot.pause()
            variables = app.get_css_variables()
            for variable in FELT_VARIABLES:
                value = variables[variable]
                Color.parse(value.split()[0])  # a colour Textual reads (ansi_blue, #e0e0e099...)
            if name not in ("felt", "felt-contrast"):
                assert variables["felt"] == variables["background"], name
                assert variables["felt-text"] == variables["foreground"], name
        app.theme = "textual-light"
        await pilot.pause()
        assert background(app) == app.get_css_variables()["background"].lower()


async def test_a_table_on_screen_is_drawn_again_in_four_colours_at_once():
    app = CardTableApp(Launch(command="play", game="piles", seats="Ann,bot", seed=3, delay=5))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            if isinstance(app.screen, TableScreen) and app.screen.current is not None:
                break
            await pilot.pause(0.02)
        four_colour_diamonds = card_faces.FELT_CARDS.four_face[Suit.DIAMONDS].split()[1]
        assert four_colour_diamonds not in app.export_screenshot()
        await choose_in_palette(pilot, "four-colour")
        await pilot.pause()
        assert four_colour_diamonds in app.export_screenshot()


async def test_ctrl_p_opens_the_palette_from_a_field_of_the_setup_screen():
    app = CardTableApp(Launch(command="play", game="piles"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "seat-name-0"
        await choose_in_palette(pilot, "theme", "felt-contrast")
        assert app.theme == "felt-contrast"
        assert app.focused is not None and app.focused.id == "seat-name-0"


async def test_a_data_folder_that_cannot_be_written_says_so_once_and_the_theme_still_changes(
    tmp_path, monkeypatch
):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("CARDTABLE_HOME", str(blocked))
    app = CardTableApp()
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "felt-contrast"
        await pilot.pause()
        app.theme = "felt"
        await pilot.pause()
        assert app.theme == "felt"
        # Read at the start (not a folder), then written once: each said once; the game history
        # cannot be kept there either, and says so once.
        await pilot.pause(0.2)
        titles = [note.title for note in app._notifications]
        assert sorted(titles) == ["Game history", "Not remembered", "Preferences"]


def test_a_run_it_card_in_a_line_of_words_is_in_its_colours_ink_for_the_theme_in_use():
    red = RunItCard(kind=RunItKind.NUMBER, colour=RunItColour.RED, value=7)
    wild = RunItCard(kind=RunItKind.WILD)
    assert ink(red).plain == "R7" and ink(wild).plain == "Wild"
    felt = ink(red).style
    assert felt != ink(wild).style and " on " not in str(felt)  # ink, not a card's face
    card_faces.use_palette(card_faces.LIGHT_CARDS)
    assert ink(red).style != felt  # a light theme's dark ink, readable on its background
