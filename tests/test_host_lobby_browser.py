"""The host's lobby on a projector, as a phone sees it (issue 23, item 2): the lobby with Run It's
eight people and the spectators' page runs in a browser tab (textual-serve, xterm.js drawing the
half blocks), headless Chromium takes a PNG of it at 200x60, 160x45 and 80x24 characters, and
a real decoder (zxing-cpp) reads each code in the picture back to its page's URL: all nine at
once at 200x60 (felt), a page at a time (Tab) at 160x45 (a light theme), one at a time at 80x24
(felt-contrast). Pictures go to .test-output/lobby-codes-*.png."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from PIL import Image

from tests.chromium import Chromium, Page, end_group
from tests.net_clients import free_port
from tests.qr_reading import codes_read

SHOTS = Path(__file__).resolve().parent.parent / ".test-output"
SEATS = "Ann,Bob,[red]Cy,Dee,Eve,Fay,Gus,Hal"
TERMINAL_SIZE = "[window.__terminals[0].cols, window.__terminals[0].rows]"
CELL = "JSON.stringify(window.__terminals[0]._core._renderService.dimensions.css.cell)"


async def open_at(page: Page, url: str, columns: int, rows: int) -> None:
    """Open `url` in a window sized so its terminal is `columns` by `rows` characters (the
    page is opened again at a size measured from its characters: it is sized as it loads)."""
    width, height = 1280, 800
    for _ in range(4):
        await page.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        await page.call("Page.navigate", url=url)  # a new tab's app, at the window's size
        await page.wait_for_screen("scan to", "Join commands", timeout=30)
        if await page.evaluate(TERMINAL_SIZE) == [columns, rows]:
            return
        cell = json.loads(await page.evaluate(CELL))
        width = int((columns + 0.5) * cell["width"])
        height = int((rows + 0.5) * cell["height"])
    raise AssertionError(
        f"the terminal is {await page.evaluate(TERMINAL_SIZE)}, not {columns}x{rows}"
    )


@pytest.mark.parametrize(
    ("size", "counts", "theme"),
    [
        ((200, 60), [9], "felt"),
        ((160, 45), [8, 1], "textual-light"),
        ((80, 24), [1] * 9, "felt-contrast"),
    ],
    ids=["200x60", "160x45", "80x24"],
)
async def test_a_phone_reads_every_persons_page_off_a_picture_of_the_lobby(
    chromium, size, counts, theme
):
    port = free_port()
    pages_file = Path(tempfile.mkdtemp(prefix="cardtable-lobby-")) / "pages.json"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.lobby_page",
            "serve",
            str(port),
            str(pages_file),
            SEATS,
            theme,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "never served"
                time.sleep(0.1)
        columns, rows = size
        read: list[list[str]] = []
        with Chromium(chromium) as browser:
            async with browser.open("about:blank") as page:
                await open_at(page, f"http://127.0.0.1:{port}/", columns, rows)
                for number in range(len(counts)):
                    shot = SHOTS / f"lobby-codes-{columns}x{rows}-{number + 1}.png"
                    await page.screenshot(shot)
                    read.append(sorted(codes_read(Image.open(shot).convert("L"))))
                    if number + 1 < len(counts):
                        before = await page.screen()
                        await page.press("Tab")  # the next page of codes
                        for _ in range(100):
                            if await page.screen() != before:
                                break
                            time.sleep(0.05)
        apps = [json.loads(line) for line in pages_file.read_text().splitlines()]
    finally:
        end_group(server)
    assert [len(urls) for urls in read] == counts, read
    # The pages of the app in the tab pictured (the tab was opened again at its size).
    found = sorted(url for urls in read for url in urls)
    assert found in [sorted(pages.values()) for pages in apps], (found, apps)
    print(f"pictures of the lobby at {columns}x{rows}:", *sorted(SHOTS.glob("lobby-codes-*")))
