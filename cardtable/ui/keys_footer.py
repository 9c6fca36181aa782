"""The footer of keys every screen shows, laid out again only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def keys_shown(screen: Screen) -> tuple[tuple[Any, bool, str], ...]:
    """What a footer on `screen` shows: each shown binding, whether it acts now, its tooltip."""
    return tuple(
        (binding, enabled, tooltip)
        for _node, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


class KeysFooter(Footer):
    """Textual's footer, laid out again only when its keys change. Textual's own builds a new
    widget for every key each time the screen refreshes its bindings, and a table does that
    after every move and at each change of focus: at Run It's table that was a fifth of the
    time a key took (each new key is styled, then re-styled for the compact flag)."""

    def compose(self) -> ComposeResult:
        """Textual's keys, each told at once whether it is compact. A key starts compact and
        learns the footer's setting once mounted: each key was re-styled twice as it came (on,
        then off again in a footer that is not compact), 2 ms a key."""
        for widget in super().compose():
            # The command palette's key is not bound to the footer's setting: it stays compact.
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    _shown: tuple[tuple[Any, bool, str], ...] | None = None
    """The keys laid out last (None: not laid out yet)."""

    def bindings_changed(self, screen: Screen) -> None:
        """Lay the keys out again if they differ from those shown."""
        laid_out = screen.app.app_focus and self.is_attached and screen is self.screen
        if not laid_out:  # Textual's footer waits too; the keys are read when it lays out
            super().bindings_changed(screen)
            return
        shown = keys_shown(screen)
        if shown == self._shown and self._bindings_ready:
            return
        self._shown = shown
        super().bindings_changed(screen)
