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
