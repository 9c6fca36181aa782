"""A phone at the meetup (issue 23): headless Chromium at a phone's size (390x844, touch) opens
Ann's seat page from the URL in her QR code (decoded), and plays a whole game of Run It against
bots by taps alone: the Hint button, then a tap on the card it selected (or on the button or
menu line it named), the Claim button when she holds the card up for matching, Let it go
otherwise. Its screenshot goes to .test-output/phone-run-it.png."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest

from cardtable.net.certificate import host_certificate
from cardtable.ui.qr import qr_lines
from cardtable.web_seats import SeatServer
from tests.chromium import Chromium, Page, find_or_install_chromium
from tests.test_net_client import hosting
from tests.test_qr import decoded, read_back

SHOTS = Path(__file__).resolve().parent.parent / ".test-output"
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
SEED = 4
"""A deal in which Ann, following the hints, holds a card that comes up for matching."""
GAME_SECONDS = 150

CELLS = """(() => {
  const t = window.__terminals[0];
  const r = t.element.querySelector('.xterm-screen').getBoundingClientRect();
  return [r.left, r.top, r.width / t.cols, r.height / t.rows];
})()"""
"""Where the terminal's cells are on the page: its left and top, a cell's width and height."""


@pytest.fixture(scope="module")
def chromium():
    binary, why_not = find_or_install_chromium()
    if binary is None:
        pytest.skip(f"no headless Chromium: {why_not}")
    return binary


def spot(screen: str, text: str) -> tuple[int, int] | None:
    """The row and column where `text` first shows on the terminal's screen."""
    for row, line in enumerate(screen.split("\n")):
        column = line.find(text)
        if column >= 0:
            return row, column
    return None


async def tap(page: Page, row: int, column: int) -> None:
    """A finger's tap on the terminal's cell at `row`, `column`."""
    left, top, width, height = await page.evaluate(CELLS)
    point = {"x": left + (column + 0.5) * width, "y": top + (row + 0.5) * height}
    await page.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
    await page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


async def tap_text(page: Page, screen: str, text: str) -> bool:
    """Tap the first place `text` shows; False if it does not."""
    found = spot(screen, text)
    if found is None:
        return False
    await tap(page, found[0], found[1] + 1)
    return True


async def follow_the_hint(page: Page, moves_made: int, made) -> None:
    """Tap Hint; then the card it selected (a chip named in the hint), or the button it names,
    or in a card's menu the line it names."""
    await tap_text(page, await page.screen(), "Hint")
    await asyncio.sleep(0.3)
    screen = await page.screen()
    hint = re.search(r"Hint: (.*)", screen)
    words = hint.group(1) if hint else ""
    hand = spot(screen, "Your hand")
    if hand is not None:
        rows = screen.split("\n")
        chip_rows = []  # the hand's chips, wrapped over the rows under its title
        for row in range(hand[0] + 1, len(rows)):
            if not rows[row].strip():
                break
            chip_rows.append(row)
        chips = [(row, chip) for row in chip_rows for chip in re.finditer(r"\S+", rows[row])]
        for row, chip in chips:
            if chip.group(0) in words:
                await tap(page, row, chip.start() + 1)
                break
        else:
            for label in ("Get a card", "Take", "Keep", "Offer nothing"):
                if await tap_text(page, screen, label):
                    break
    await asyncio.sleep(0.3)
    naming = re.search(r"naming \w+", words)
    if made() == moves_made and naming:  # a card's menu, open on the hinted colour
        menu = await page.screen()
        hinted = spot(menu, naming.group(0))
        if hinted is not None and hinted[0] != spot(menu, "Hint: ")[0]:
            await tap(page, hinted[0], hinted[1])


async def test_a_phone_opens_its_seat_from_the_qr_code_and_plays_run_it_by_taps(chromium):
    host, server, port = await hosting("run-it", "Ann,bot,bot,bot", seed=SEED, delay=0.1)
    pages = SeatServer(host, "127.0.0.1", 0, port, host_certificate().pin, public=False)
    web_port = await pages.start(None)
    drawn = pages.pages("127.0.0.1", web_port, False)[0]
    (url,) = decoded(read_back(qr_lines(drawn)))  # what her phone's camera reads
    assert url == drawn and "/seat/" in url
    log = host.match.record.log
    try:
        with Chromium(chromium) as browser:
            async with browser.open("about:blank") as page:
                await page.call("Emulation.setDeviceMetricsOverride", **PHONE)
                await page.call("Emulation.setTouchEmulationEnabled", enabled=True)
                await page.call("Page.navigate", url=url)
                screen = await page.wait_for_screen("Your hand", "you: Ann", timeout=30)
                columns = max(len(line.rstrip()) for line in screen.split("\n"))
                assert columns <= 44, "the phone is drawn a desktop's table"
                deadline = time.monotonic() + GAME_SECONDS
                while not host.match.game.is_over(host.match.state):
                    assert time.monotonic() < deadline, f"no end after {GAME_SECONDS} s:\n{screen}"
                    screen = await page.screen()
                    if await tap_text(page, screen, "Claim it"):
                        await asyncio.sleep(0.3)
                    elif await tap_text(page, screen, "Let it go"):
                        await asyncio.sleep(0.3)
                    elif "You play now" in screen:
                        await follow_the_hint(page, len(log), lambda: len(log))
                    else:
                        await asyncio.sleep(0.2)
                await page.wait_for_screen("game over", "leave the game", timeout=15)
                shot = await page.screenshot(SHOTS / "phone-run-it.png")
                print(f"screenshot of a phone's game of Run It: {shot}")
    finally:
        await pages.close()
        host.stop()
        server.close()
    anns = [entry.move["kind"] for entry in log if entry.seat == 0]
    assert "play" in anns, "Ann never played a card by tapping it"
    assert "claim" in anns, "Ann never matched a card with the Claim button"
