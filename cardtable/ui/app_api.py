"""The app a screen belongs to, typed: `table_app(self).resume(path)` instead of an untyped
`self.app.resume(path)` (Textual types `Widget.app` as a plain `App`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from cardtable.ui.app import CardTableApp


def table_app(node: DOMNode) -> CardTableApp:
    """The cardtable app that `node` (a screen or widget) is mounted in."""
    return cast("CardTableApp", node.app)
