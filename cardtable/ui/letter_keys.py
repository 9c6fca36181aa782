"""A table's letter keys in the footer: each letter is named once, in the table's own table of
letters, and the footer's bindings are made from it."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from textual.binding import Binding


def letter_bindings(
    letters: Mapping[str, str],
    labels: Mapping[str, str],
    action: str = "keyed('{}')",
    hidden: Collection[str] = (),
) -> list[Binding]:
    """The footer's keys for a table's letters: the letter named `name` in `letters` makes the
    action `action` names with it (`keyed('draw')`), shown as `labels[name]` in the footer, in
    the order of `labels` (those in `hidden` work but are not shown)."""
    return [
        Binding(letters[name], action.format(name), label, show=name not in hidden)
        for name, label in labels.items()
    ]
