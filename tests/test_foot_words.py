"""Words at the foot of a tall panel repaint only their own rows (issue 25: an arrow key at the
Piles table repainted the side's whole height, and with it every line down to the hand)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from cardtable.ui.widgets import FootWords


class Panel(App[None]):
    """A 30-row panel of words."""

    CSS = "FootWords { height: 30; width: 20; }"

    def compose(self) -> ComposeResult:
        yield FootWords(id="words")


async def test_new_words_dirty_only_the_rows_at_the_foot_and_show_there():
    app = Panel()
    async with app.run_test(size=(40, 32)) as pilot:
        words = app.query_one(FootWords)
        words.say("A♠ can go on 7 piles.")
        await pilot.pause()
        words.say("B2 · 7♠\ntotal 3 (7-4), 2 cards")
        dirty = list(words._dirty_regions)
        assert dirty and all(region.y >= 25 and region.bottom <= 30 for region in dirty), dirty
        await pilot.pause()
        lines = [strip.text for strip in words.render_lines(words.size.region)]
        assert [line.rstrip() for line in lines[-3:]] == ["B2 · 7♠", "total 3 (7-4), 2", "cards"]
        assert not "".join(lines[:-3]).strip()  # the rest of the panel is bare


async def test_before_it_has_a_size_words_still_show():
    app = Panel()
    async with app.run_test(size=(40, 32)) as pilot:
        words = app.query_one(FootWords)
        words.say("first")
        words.say("a longer line of words that wraps at twenty columns")
        await pilot.pause()
        lines = [strip.text.rstrip() for strip in words.render_lines(words.size.region)]
        assert " ".join(line for line in lines if line) == (
            "a longer line of words that wraps at twenty columns"
        )
