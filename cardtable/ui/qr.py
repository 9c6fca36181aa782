"""QR codes drawn in a terminal: two modules a character row, with half blocks (▀ ▄ █ and space).

A terminal's cell is about twice as tall as it is wide, so a character holding two modules one
above the other draws each module square. The code is always black on white, whatever the
theme: a phone's camera reads dark modules on a light ground, and a light theme's colours (or a
dark theme's, inverted) would give it the opposite or too little contrast. Black and white are
set as exact colours, not the terminal's palette, which a terminal's own theme may change.

Error correction is the lowest level, L (7%), raised for free when the code's size allows:
a code on a screen is never torn or dirty, and for a URL of about 45 characters (a seat's page,
https://192.168.100.200:8766/seat/K7QX-2MPD) L keeps version 3, 29 modules a side, where M
would need version 4 (33): bigger modules on the same screen are what scan from across a room.
The quiet zone is the 4 modules the standard asks: 37 columns and 19 rows for that URL.
"""

from __future__ import annotations

import segno
from rich.style import Style
from rich.text import Text

QUIET_ZONE = 4
"""Light modules around the code on every side, as ISO/IEC 18004 asks."""

CODE_STYLE = Style(color="#000000", bgcolor="#ffffff")
"""Dark modules black, light ones white: exact colours, never the theme's or the palette's."""

HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""The character for a module over another, by which of the two is dark."""


def qr_code(url: str) -> segno.QRCode:
    """The QR code of `url`: the smallest version at error correction L, raised where free."""
    return segno.make_qr(url, error="l", boost_error=True)


def qr_modules(url: str) -> list[list[bool]]:
    """The code's modules row by row (True: dark), its quiet zone included."""
    code = qr_code(url)
    light = [False] * (code.symbol_size(border=0)[0] + 2 * QUIET_ZONE)
    rows = [light] * QUIET_ZONE
    for row in code.matrix:
        rows.append([False] * QUIET_ZONE + [bool(module) for module in row] + [False] * QUIET_ZONE)
    return rows + [light] * QUIET_ZONE


def qr_lines(url: str) -> list[Text]:
    """`url` as a QR code in half blocks, black on white: one Text a character row, each as
    wide as the code and its quiet zone (an odd number of module rows ends in a light half)."""
    modules = qr_modules(url)
    if len(modules) % 2:
        modules.append([False] * len(modules[0]))
    return [
        Text(
            "".join(HALF_BLOCKS[top, bottom] for top, bottom in zip(upper, lower, strict=True)),
            style=CODE_STYLE,
            no_wrap=True,
            end="",
        )
        for upper, lower in zip(modules[::2], modules[1::2], strict=True)
    ]
