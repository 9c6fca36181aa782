"""QR codes in half blocks (issue 23, item 2): read back from the characters drawn, each code is
the very matrix segno makes for its URL, inside a light quiet zone of 4 modules, black on white
whatever the theme; and a real decoder (zxing-cpp) reads the URL back from those characters."""

from __future__ import annotations

import pytest
import segno
from rich.text import Text

from cardtable.ui.qr import qr_lines
from tests.qr_reading import codes_read

URLS = [
    "https://192.168.100.200:8766/seat/K7QX-2MPD",  # the longest address of an IPv4 LAN
    "http://10.0.0.5:8766/seat/ABCD-EFGH",
    "https://192.168.1.20:8766/watch",
    "http://[fe80::1c2d:3e4f:5a6b:7c8d]:8766/seat/K7QX-2MPD",  # IPv6: a bigger code
]
MODULES = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}
"""What a phone's camera sees in each character: the (top, bottom) module, True dark."""


def read_back(lines: list[Text]) -> list[list[bool]]:
    """The modules drawn, row by row (True: dark), checking each cell is black on white."""
    rows: list[list[bool]] = []
    for line in lines:
        for span in line.spans:
            assert span.style in ("", None), f"a span styled {span.style!r} in the code"
        assert line.style.color.triplet.hex == "#000000", line.style
        assert line.style.bgcolor.triplet.hex == "#ffffff", line.style
        top, bottom = zip(*(MODULES[char] for char in line.plain), strict=True)
        rows += [list(top), list(bottom)]
    return rows


def decoded(modules: list[list[bool]], scale: int = 4) -> list[str]:
    """What zxing-cpp reads in the modules drawn as a grey picture, `scale` pixels a module."""
    pixels = bytearray()
    for row in modules:
        line = bytes(0 if dark else 255 for dark in row for _ in range(scale))
        pixels += line * scale
    image = memoryview(bytes(pixels)).cast("B", (len(modules) * scale, len(modules[0]) * scale))
    return codes_read(image)


@pytest.mark.parametrize("url", URLS)
def test_the_half_blocks_read_back_as_segnos_matrix_in_a_quiet_zone_of_four(url):
    lines = qr_lines(url)
    modules = read_back(lines)
    expected = [[bool(module) for module in row] for row in segno.make_qr(url).matrix]
    side = len(expected)
    assert {line.cell_len for line in lines} == {side + 8}
    assert len(lines) == (side + 8 + 1) // 2  # two modules a row; an odd count ends light
    inside = [row[4 : 4 + side] for row in modules[4 : 4 + side]]
    assert inside == expected
    quiet = modules[:4] + modules[4 + side :] + [row[:4] + row[4 + side :] for row in modules]
    assert not any(any(row) for row in quiet), "a dark module in the quiet zone"


@pytest.mark.parametrize("url", URLS)
def test_a_decoder_reads_the_url_back_from_the_characters(url):
    assert decoded(read_back(qr_lines(url))) == [url]


def test_a_seats_page_is_version_3_at_level_l_in_37_columns_and_19_rows():
    """The size the lobby is laid out for: a 45-character URL at the lowest error correction
    (M would need version 4, 33 modules a side, 41 columns and 21 rows)."""
    url = "https://192.168.100.200:8766/seat/K7QX-2MPD"
    lines = qr_lines(url)
    assert (lines[0].cell_len, len(lines)) == (37, 19)
    assert segno.make_qr(url, error="l", boost_error=True).designator == "3-L"
    assert segno.make_qr(url, error="m", boost_error=False).designator == "4-M"
