"""The host lobby's QR codes laid out: one tile a page (a seat's or the spectators'), its name
over its code, as many tiles side by side and in rows as the screen holds, and the rest a key
away (a page of tiles at a time)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.cells import cell_len
from rich.text import Text

from cardtable.ui.cells import fitted
from cardtable.ui.qr import qr_lines

GAP = 2
"""Columns of the screen's own background between two tiles side by side."""


@lru_cache(maxsize=64)
def code_rows(url: str) -> tuple[Text, ...]:
    """`url`'s QR code in half blocks, made once (about 2 ms a code; the lobby is drawn again
    at every change of the host's, a move included, while it shows during play)."""
    return tuple(qr_lines(url))


@dataclass(frozen=True)
class CodeTile:
    """One page's tile: whose it is and its code's rows; no rows once her seat has joined."""

    name: str
    """The person's name, or the spectators' page's words ('Anyone')."""
    status: str
    """After the name: what scanning does, or that she has joined."""
    rows: tuple[Text, ...] | None
    """The QR code of her page's URL in half blocks; None: she has joined (her code is hidden)."""
    watch: bool = False
    """True for the spectators' page (nobody joins it for good)."""

    @staticmethod
    def of(name: str, url: str, joined: bool, watch: bool = False) -> CodeTile:
        """The tile of a page: a seat's (`name`), or the spectators' (`watch`)."""
        if watch:
            return CodeTile(name, " · scan to watch", code_rows(url), watch=True)
        if joined:
            return CodeTile(name, " ✓ joined", None)
        return CodeTile(name, " · scan to play", code_rows(url))

    @property
    def code_size(self) -> tuple[int, int]:
        """Columns and rows of its code (0, 0 once hidden)."""
        return (self.rows[0].cell_len, len(self.rows)) if self.rows else (0, 0)

    def lines(self, width: int, height: int) -> list[Text]:
        """The tile as `height` lines of `width` cells: the name over the code (or, joined, over
        a blank square with '✓ joined' in its middle)."""
        name_room = width - cell_len(self.status)
        name = self.name if cell_len(self.name) <= name_room else fitted(self.name, name_room)
        header = Text(name, style="bold")
        joined = self.rows is None
        header.append(self.status, style="bold green" if joined else "dim")
        header.truncate(width, pad=True)
        body = list(self.rows or ())
        if joined:
            middle = (height - 1) // 2
            body = [Text(" " * width) for _ in range(height - 1)]
            body[middle] = Text("✓ joined".center(width), style="green")
        lines = [header]
        for row in body:  # a smaller code than the biggest: the screen's background beside it
            line = Text(no_wrap=True, end="")
            line.append_text(row)
            line.append(" " * (width - row.cell_len))
            lines.append(line)
        return lines + [Text(" " * width) for _ in range(height - len(lines))]


def tile_size(tiles: list[CodeTile]) -> tuple[int, int]:
    """Columns and rows every tile gets: the biggest code's, and a line for the name."""
    columns = max((tile.code_size[0] for tile in tiles), default=0)
    rows = max((tile.code_size[1] for tile in tiles), default=0)
    if columns == 0:  # every seat has joined: the tiles keep a code's size all the same
        columns, rows = 37, 19
    return columns, rows + 1


def grid_shape(tile: tuple[int, int], count: int, room: tuple[int, int]) -> tuple[int, int]:
    """How many tiles side by side and how many rows of them fit in `room` (columns, rows of
    the screen), for `count` tiles; (0, 0) when not even one does."""
    width, height = tile
    across = min(count, (room[0] + GAP) // (width + GAP))
    down = min(-(-count // max(across, 1)), room[1] // height)
    if across < 1 or down < 1:
        return 0, 0
    return across, down


def grid(tiles: list[CodeTile], across: int) -> Text:
    """`tiles` in rows of `across`, each tile as big as the biggest (see `tile_size`)."""
    width, height = tile_size(tiles)
    drawn = Text(no_wrap=True, end="")
    for start in range(0, len(tiles), across):
        row = [tile.lines(width, height) for tile in tiles[start : start + across]]
        for number in range(height):
            if drawn:
                drawn.append("\n")
            for place, lines in enumerate(row):
                if place:
                    drawn.append(" " * GAP)
                drawn.append_text(lines[number])
    return drawn
