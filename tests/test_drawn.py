"""A table's words are drawn again only when they change, and the table is laid out again only
when they need other room (cardtable.ui.widgets.Drawn): what changes is still shown whole."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from cardtable.ui.widgets import Drawn

CSS = """
#auto { width: auto; height: auto; }
#narrow { width: 10; height: auto; }
"""


class Board(App[None]):
    """Two pieces of words: one as wide as its words, one ten columns wide."""

    CSS = CSS

    def compose(self) -> ComposeResult:
        yield Drawn(Text("ab\ncd"), id="auto")
        yield Drawn(Text("aaaa bbbb"), id="narrow")


def shown(widget: Drawn) -> list[str]:
    """The lines the widget shows on screen, as text."""
    region = widget.region
    return [strip.text for strip in widget.render_lines(Region(0, 0, region.width, region.height))]


async def test_the_same_words_again_repaint_nothing():
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one("#auto", Drawn)
        asked: list[bool] = []
        real = widget.refresh

        def refresh(*args, **kwargs):
            asked.append(kwargs.get("layout", False))
            return real(*args, **kwargs)

        widget.refresh = refresh  # type: ignore[method-assign]
        widget.update(Text("ab\ncd"))
        widget.update("plain words")
        widget.update("plain words")
        assert asked == [True], "only the change from Text to a string asked for a repaint"
        await pilot.pause()
        assert shown(widget) == ["plain words"]


async def test_new_words_of_the_same_size_are_shown_without_a_layout():
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one("#auto", Drawn)
        layouts: list[bool] = []
        real = widget.refresh

        def refresh(*args, **kwargs):
            layouts.append(kwargs.get("layout", False))
            return real(*args, **kwargs)

        widget.refresh = refresh  # type: ignore[method-assign]
        widget.update(Text("xy\nzw"))
        assert layouts == [False]
        await pilot.pause()
        assert shown(widget) == ["xy", "zw"]


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
