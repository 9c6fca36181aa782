"""A table's words are drawn again only when they change, and the table is laid out again only
when they need other room (cardtable.ui.widgets.Drawn): what changes is still shown whole."""

from __future__ import annotations

import pytest
from rich.align import Align
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from cardtable.engine import parse_seats
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.widgets import Drawn
from tests.pilot_steps import my_turn, wait_until

SIDES = ("across", "left", "right")
"""Where the other players' plates sit around the felt."""

CSS = """
#auto { width: auto; height: auto; }
#narrow { width: 10; height: auto; }
#line { width: 20; height: 1; }
"""


class Board(App[None]):
    """Two pieces of words: one as wide as its words, one ten columns wide."""

    CSS = CSS

    def compose(self) -> ComposeResult:
        yield Drawn(Text("ab\ncd"), id="auto")
        yield Drawn(Text("aaaa bbbb"), id="narrow")
        yield Drawn(Text("a title"), id="line")


def shown(widget: Drawn) -> list[str]:
    """The lines the widget shows on screen, as text."""
    region = widget.region
    return [strip.text for strip in widget.render_lines(Region(0, 0, region.width, region.height))]


def repaints_asked(widget: Drawn) -> list[bool]:
    """A list that fills, from now on, with a repaint the widget asks for: True for one that
    lays the screen out again."""
    asked: list[bool] = []
    real = widget.refresh

    def refresh(*args, **kwargs):
        asked.append(kwargs.get("layout", False))
        return real(*args, **kwargs)

    widget.refresh = refresh  # type: ignore[method-assign]
    return asked


async def test_the_same_words_again_repaint_nothing():
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one("#auto", Drawn)
        asked = repaints_asked(widget)
        widget.update(Text("ab\ncd"))
        widget.update("plain words")
        widget.update("plain words")
        assert asked == [True], "only the change from Text to a string asked for a repaint"
        await pilot.pause()
        assert shown(widget) == ["plain words"]


@pytest.mark.parametrize(
    ("piece", "words", "rows"),
    [
        ("auto", "xy\nzw", ["xy", "zw"]),  # as many lines, as wide
        ("narrow", "cc", ["cc"]),  # narrower, in a piece of set width
        ("line", "words far too many for one row of twenty", ["words far too many"]),  # set size
    ],
)
async def test_words_that_take_the_same_room_are_shown_without_a_layout(piece, words, rows):
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one(f"#{piece}", Drawn)
        asked = repaints_asked(widget)
        widget.update(Text(words))
        assert asked == [False]
        await pilot.pause()
        assert [row.rstrip() for row in shown(widget)] == rows


async def test_a_change_of_style_alone_is_shown():
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one("#auto", Drawn)
        widget.update(Text("ab\ncd", style="red"))
        await pilot.pause()
        widget.update(Text("ab\ncd", style="bold"))
        await pilot.pause()
        region = widget.region
        (first, *_) = widget.render_lines(Region(0, 0, region.width, region.height))
        styles = [segment.style or Style() for segment in first if segment.text.strip()]
        assert styles and all(style.bold for style in styles)


async def test_longer_words_make_room_for_themselves():
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        auto = app.query_one("#auto", Drawn)
        auto.update(Text("a longer line\ncd"))
        await pilot.pause()
        assert auto.region.width == len("a longer line")
        assert shown(auto)[0] == "a longer line"
        auto.update(Text("one\ntwo\nthree"))
        await pilot.pause()
        assert shown(auto) == ["one  ", "two  ", "three"]


async def test_words_that_now_wrap_take_another_row():
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        narrow = app.query_one("#narrow", Drawn)
        assert narrow.region.height == 1
        narrow.update(Text("aaaa bbbbbb"))  # one line still, but wider than the ten columns
        await pilot.pause()
        assert narrow.region.height == 2
        assert [line.rstrip() for line in shown(narrow)] == ["aaaa", "bbbbbb"]


async def test_a_centred_grid_is_drawn_at_the_widgets_width_and_not_again_unchanged():
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        narrow = app.query_one("#narrow", Drawn)
        narrow.update(Align.center(Text("ab")))
        await pilot.pause()
        assert shown(narrow) == ["    ab    "]
        asked = repaints_asked(narrow)
        narrow.update(Align.center(Text("ab")))  # a new object drawing the same words
        assert asked == []
        narrow.update(Align.center(Text("abcd")))
        assert asked == [False]
        await pilot.pause()
        assert shown(narrow) == ["   abcd   "]


@pytest.mark.usefixtures("fake_clock")
async def test_a_table_made_wider_draws_its_plates_as_if_opened_that_wide():
    async def plates(size, then=None):
        app = CardTableApp(Launch(command="menu", delay=0))
        async with app.run_test(size=size) as pilot:
            app.start_game("run-it", parse_seats("Ann,bot,bot,bot,bot"), 3, None)
            await wait_until(pilot, lambda: my_turn(app))
            if then is not None:
                await pilot.resize_terminal(*then)
                await pilot.pause()
            await pilot.pause()
            return [shown(app.screen.query_one(f"#seats-{side}", Drawn)) for side in SIDES]

    narrow, widened, wide = (
        await plates((80, 24)),
        await plates((80, 24), then=(160, 40)),
        await plates((160, 40)),
    )
    assert widened == wide != narrow
