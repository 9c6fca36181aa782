"""A compositor that repaints only the widgets under what changed (issue 25: keys at a table).

Textual's compositor, asked to repaint a few regions (two hand cards on an arrow key), draws
every visible widget whose clip touches the box around them all: at a table that is nearly
every widget on the screen, each asked for all its lines (from its cache, but each ask costs
Python work). What it sends the terminal is, on each line of a changed region, the stretches
between widgets' edges that touch the region, each from the front-most widget covering it; that
widget's visible part meets the region. So this one asks only the widgets whose visible part
meets a changed region, in the same front-to-back order, and sends the same. A whole-screen
repaint is drawn as before.

It leans on the compositor's private `_get_renders` and `render_partial_update`
(tests/test_compositor.py compares its frames with the stock compositor's; a Textual upgrade
that changes them fails there).

It also mends one fault of Textual's (8.2): a layout tells a widget its size (Resize, Show) only
if the widget is new or resized since the compositor's last map, but that map is built again
lazily whenever anything asks where a widget is. A widget mounted, then asked its size before
the next layout (a `refresh()` asks), was in that lazy map already, so it never heard its size:
on a loaded machine a table's log stayed empty (RichLog writes nothing before its first Resize)
and a table kept the card size it started with. So a layout here is compared with the map the
last layout told the widgets about.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import ChopsUpdate, Compositor, CompositorMap, ReflowResult
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


class ChangedOnlyCompositor(Compositor):
    """Textual's compositor, drawing for a partial repaint only the widgets that meet a changed
    region, and telling every widget laid out its size."""

    def __init__(self) -> None:
        super().__init__()
        self._changed: list[Region] | None = None
        """While a partial repaint draws: the regions it repaints."""
        self._told: CompositorMap = {}
        """The map the last layout told the widgets about (their sizes, who is shown)."""

    def reflow(self, parent: Widget, size: Size) -> ReflowResult:
        """As Textual's, with widgets shown or resized since the last layout, not since a map
        built in between (which told no widget anything)."""
        self._full_map = self._told
        result = super().reflow(parent, size)
        self._told = self._full_map
        return result

    def clear(self) -> None:
        """As Textual's (a closing screen lets go of its widgets), the last layout's map too."""
        super().clear()
        self._told = {}

    def render_partial_update(self) -> ChopsUpdate | None:
        """As Textual's, with the regions being repainted known to `_get_renders`."""
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = None

    def _get_renders(
        self, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        """As Textual's, skipping the widgets whose visible part meets no changed region."""
        changed = self._changed
        if crop is None or not changed:
            yield from super()._get_renders(crop)
            return
        intersection = Region.intersection
        for widget, (region, clip) in self.visible_widgets.items():
            visible = intersection(region, clip)
            x, y, width, height = visible
            if not (width and height) or not any(visible.overlaps(r) for r in changed):
                continue
            lines = widget.render_lines(Region(x - region.x, y - region.y, width, height))
            yield region, clip, lines
