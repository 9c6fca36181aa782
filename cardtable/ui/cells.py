"""Names in columns, measured in terminal cells: an emoji or a CJK letter takes two, so padding
by characters would push every column after it one cell to the right."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size


def padded(text: str, width: int) -> str:
    """`text` and spaces to fill `width` cells; a longer text is kept whole."""
    return text + " " * max(width - cell_len(text), 0)


def fitted(text: str, width: int) -> str:
    """`text` in exactly `width` cells: padded, or cut with '…' when it is longer."""
    if cell_len(text) > width:
        text = set_cell_size(text, width - 1).rstrip() + "…"
    return set_cell_size(text, width)


def fitted_name(name: str, width: int) -> str:
    """`name` in at most `width` cells: cut with '…' when longer, keeping a number it ends with
    (the seat's, in 'Strong bot 3'), so that two bots cut to the same width stay apart."""
    if cell_len(name) <= width:
        return name
    head, space, number = name.rpartition(" ")
    if space and number.isdigit() and width - cell_len(number) - 2 >= 3:
        return set_cell_size(head, width - cell_len(number) - 2).rstrip() + "… " + number
    return fitted(name, width).rstrip()
