"""The app a screen belongs to, typed: `table_app(self).resume(path)` instead of an untyped
`self.app.resume(path)` (Textual types `Widget.app` as a plain `App`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from cardtable.ui.app import CardTableApp

LEAST_WINDOW = (80, 24)
"""The smallest window (columns, rows) the tables are drawn in (a joined seat's or spectator's
screen also has the phone-sized table below it); the start screen says so in a smaller one."""


def table_app(node: DOMNode) -> CardTableApp:
    """The cardtable app that `node` (a screen or widget) is mounted in."""
    return cast("CardTableApp", node.app)
