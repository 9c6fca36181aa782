"""The tables' compositor draws only the widgets under what changed (ui/compositor.py), and
sends the terminal exactly what Textual's own compositor sends for the same change."""

from __future__ import annotations

import pytest
from textual._compositor import Compositor

from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.compositor import ChangedOnlyCompositor
from tests.pilot_steps import follow_hint, my_turn, wait_until

TABLES = [
    ("piles", "Ann,bot,bot,bot"),
    ("run-it", "Ann,bot,bot,bot,bot,bot,bot,bot"),
    ("sets-and-runs", "Ann,bot,bot"),
]


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
async def test_every_partial_repaint_sends_what_textuals_compositor_sends(
    game_id, seats, monkeypatch
):
    compared: list[int] = []
    drawn: list[int] = []
    own = ChangedOnlyCompositor.render_partial_update

    def both(compositor):
        """Our update, checked against the stock compositor's for the same regions."""
        regions = set(compositor._dirty_regions)
        widgets = compositor.visible_widgets
        counted = []
        render_lines = {w: w.render_lines for w in widgets}
        for widget in widgets:
            widget.render_lines = lambda crop, w=widget: counted.append(1) or render_lines[w](crop)
        try:
            mine = own(compositor)
        finally:
            for widget in widgets:
                del widget.render_lines
        compositor._dirty_regions.update(regions)
        stock = Compositor.render_partial_update(compositor)
        assert (mine is None) == (stock is None)
        if mine is not None:
            console = app.console
            assert mine.render_segments(console) == stock.render_segments(console)
            compared.append(1)
            drawn.append(len(counted) / len(widgets))
        return mine

    monkeypatch.setattr(ChangedOnlyCompositor, "render_partial_update", both)
    app = CardTableApp(Launch(command="play", game=game_id, seats=seats, seed=3, delay=0))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: my_turn(app), tries=2000)
        assert isinstance(app.screen._compositor, ChangedOnlyCompositor)
        for key in ["right", "right", "left", "1", "escape", "right"]:
            await pilot.press(key)
            await pilot.pause()
        for _ in range(2):  # moves: the hand, the table, the log and the status change
            await wait_until(pilot, lambda: my_turn(app), tries=2000)
            await follow_hint(pilot, app)
            await pilot.pause()
    assert len(compared) >= 6, compared
    assert min(drawn) < 0.5, "an arrow key drew more than half the widgets"


async def test_a_widget_asked_its_size_before_its_first_layout_still_hears_its_size():
    """A loaded machine's order of events, made on purpose: a widget is mounted, the compositor's
    map is stale, and the widget is asked its size (a `refresh()` asks) before the next layout.
    The layout must still tell it its size: a table's log writes nothing until it hears it."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import RichLog

    class Heard(RichLog):
        """A log that counts the sizes it is told."""

        heard: list[int] = []

        def on_resize(self, event) -> None:
            self.heard.append(event.size.width)

    class Table(Screen[None]):
        def __init__(self) -> None:
            super().__init__()
            self._compositor = ChangedOnlyCompositor()

    class Room(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Table())

    app = Room()
    async with app.run_test(size=(60, 12)) as pilot:
        await pilot.pause()
        log = Heard()
        await app.screen.mount(log)
        app.screen._compositor._full_map_invalidated = True  # as a scroll or an update leaves it
        assert log.size.width  # asked before the layout: the stale map is built again here
        log.write("Ann took back her last move.")
        await wait_until(pilot, lambda: log.heard)
        await pilot.pause()
        assert log.heard == [60]
        assert [line.text for line in log.lines] == ["Ann took back her last move."]


async def test_a_closed_table_screen_lets_go_of_its_widgets():
    """The map of the last layout is emptied with the compositor when its screen closes, as
    Textual's own map is: a closed table keeps none of its widgets alive."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Static

    class Table(Screen[None]):
        def __init__(self) -> None:
            super().__init__()
            self._compositor = ChangedOnlyCompositor()

        def compose(self):
            yield Static("felt")

    app = App()
    async with app.run_test(size=(40, 10)) as pilot:
        screen = Table()
        await app.push_screen(screen)
        await pilot.pause()
        compositor = screen._compositor
        compositor._full_map_invalidated = True
        assert compositor.full_map  # rebuilt lazily: a map of its own beside the last layout's
        app.pop_screen()
        await wait_until(pilot, lambda: not compositor._full_map)
        assert compositor._told == {}
