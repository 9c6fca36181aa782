"""The footer of keys every screen shows, laid out again only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
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


KEY_ROOM = 3
"""Cells a key takes beyond its letter and its word in a footer that is not compact (a space
either side of the letter, one after the word). The command palette's key is left out of the
sum: it shows where there is room, as in Textual's own footer."""
COMPACT_KEY_ROOM = 2
"""The same in a compact footer: a space between the letter and the word, one between keys."""


class KeysFooter(Footer):
    """Textual's footer, laid out again only when its keys change; compact when its keys would
    not fit otherwise. Textual's own builds a new widget for every key each time the screen
    refreshes its bindings, and a table does that after every move and at each change of
    focus: at Run It's table that was a fifth of the time a key took (each new key is styled,
    then re-styled for the compact flag)."""

    def __init__(self, *, compact: bool = False, spare: tuple[str, ...] = ()) -> None:
        super().__init__(compact=compact)
        self.always_compact = compact
        """Compact whatever its width (the start screen's); else only when the keys need it."""
        self.spare = spare
        """Actions whose keys are left out, first to last, where even compact keys would run
        past the edge (they still work): the game's own keys are the ones that must show."""
        self.left_out: frozenset[str] = frozenset()
        """The spare actions left out now."""
        self.short = False
        """Each key's word cut to its first ('e End', not 'e End phase'): where the keys still
        run past the edge with every spare one left out."""

    def compose(self) -> ComposeResult:
        """Textual's keys, each told at once whether it is compact. A key starts compact and
        learns the footer's setting once mounted: each key was re-styled twice as it came (on,
        then off again in a footer that is not compact), 2 ms a key."""
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.action in self.left_out:
                self.styles.grid_size_columns -= 1
                continue
            if isinstance(widget, FooterKey) and self.short and widget.description:
                widget.description = widget.description.split()[0]
            # The command palette's key is not bound to the footer's setting: it stays compact.
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    _shown: tuple[tuple[Any, bool, str], ...] | None = None
    """The keys laid out last (None: not laid out yet)."""

    def bindings_changed(self, screen: Screen) -> None:
        """Lay the keys out again if they differ from those shown. While the app lacks focus
        they wait for it, as Textual's do, except the first time: a screen opened while a
        browser's tab has never had focus (a projector's) showed no keys at all until then."""
        waits = not screen.app.app_focus and self._shown is not None
        if not (self.is_attached and screen is self.screen) or waits:
            super().bindings_changed(screen)  # the keys are read when it lays out
            return
        shown = keys_shown(screen)
        if shown == self._shown and self._bindings_ready:
            return
        self._shown = shown
        self._fit(self.size.width)
        if not screen.app.app_focus:  # Textual's footer would wait for focus
            self._bindings_ready = True
            self.call_after_refresh(self.recompose)
            return
        super().bindings_changed(screen)

    def on_resize(self, event: events.Resize) -> None:
        """A window narrowed or widened: compact if the keys no longer fit, roomy if they do;
        spare keys left out or back."""
        laid_out = self.left_out, self.short
        self._fit(event.size.width)
        if (self.left_out, self.short) != laid_out:
            self.call_after_refresh(self.recompose)

    def _fit(self, width: int) -> None:
        """Compact when the keys shown, spaced as Textual spaces them, are wider than `width`
        (at 80 columns Run It's eight keys for an offer ran off the right edge); where even
        compact keys are wider, the spare ones left out until they fit (at 80 columns Runway's
        build phase with triples and trading cut its last key), and if they still do not, every
        key's word cut to its first (Runway offering a common card, a triple, an action, a
        trade and undo at once pushed the rules' key off the edge)."""
        if self.always_compact or not width or not self.is_attached:
            return
        words: dict[str, Binding] = {}  # the first key of each action, as Textual shows
        for binding, _enabled, _tip in keys_shown(self.screen):
            words.setdefault(binding.action, binding)

        def size(binding: Binding) -> int:
            return cell_len(self.app.get_key_display(binding)) + cell_len(binding.description)

        def fits(sizes: dict[str, int]) -> bool:
            return sum(sizes.values()) + COMPACT_KEY_ROOM * len(sizes) - 1 <= width

        sizes = {action: size(binding) for action, binding in words.items()}
        self.compact = sum(sizes.values()) + KEY_ROOM * len(sizes) > width
        left_out: set[str] = set()
        for action in self.spare:
            if fits(sizes):
                break
            if action in sizes:
                left_out.add(action)
                del sizes[action]
        self.left_out = frozenset(left_out)
        self.short = not fits(sizes)
