"""Reading QR codes back as a phone would: a real decoder (zxing-cpp) over a picture of what the
screen shows, made from the very cells drawn (each half block's two halves in their colours)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.color import Color
from rich.segment import Segment
from textual.strip import Strip

SCALE = 3
"""Pixels a module a side in the picture: a cell is SCALE wide and twice SCALE tall."""


def grey(color: Color | None, default: int) -> int:
    """A colour's lightness, 0 (black) to 255 (white)."""
    if color is None:
        return default
    red, green, blue = color.get_truecolor()
    return round(0.299 * red + 0.587 * green + 0.114 * blue)


def cell_halves(segment: Segment) -> list[tuple[int, int]]:
    """The (top, bottom) lightness of each cell of a segment: a half block's halves in its
    colours, any other character its background (letters are not modules)."""
    style = segment.style
    fore = grey(style.color if style else None, 255)
    back = grey(style.bgcolor if style else None, 0)
    if style and style.reverse:
        fore, back = back, fore
    halves: list[tuple[int, int]] = []
    for char in segment.text:
        top = fore if char in "▀█" else back
        bottom = fore if char in "▄█" else back
        halves += [(top, bottom)] * cell_len(char)
    return halves


def screen_picture(strips: list[Strip]) -> memoryview:
    """The screen as a grey picture, rows by columns."""
    rows: list[bytes] = []
    for strip in strips:
        cells = [half for segment in strip for half in cell_halves(segment)]
        for part in (0, 1):
            line = bytes(cell[part] for cell in cells for _ in range(SCALE))
            rows += [line] * SCALE
    width = len(rows[0])
    assert all(len(row) == width for row in rows), "rows of different widths"
    return memoryview(b"".join(rows)).cast("B", (len(rows), width))


def codes_read(image: object) -> list[str]:
    """The text of every QR code a decoder finds in the picture, in no particular order."""
    # Imported here, by the tests that read codes only: at the end of a run that hosted a game
    # its native module reports "leaked" objects (harmless, but noise in every worker's output).
    from zxingcpp import BarcodeFormat, read_barcodes

    return [
        code.text for code in read_barcodes(image, formats=BarcodeFormat.QRCode, try_invert=False)
    ]
