"""Every game's table in a real browser through `cardtable serve` (issue 21): headless Chromium
opens the page, starts each game from the start screen with its setup's seats, and keeps a
picture of the table in .test-output/ for a person to look at. The page must show a card table:
the other players by name around the felt, their hands as card counts, the person's hand."""

from pathlib import Path

import pytest

from cardtable import games
from tests.chromium import Chromium, find_or_install_chromium
from tests.serving import ServeProcess

SHOTS = Path(__file__).resolve().parent.parent / ".test-output"


@pytest.fixture(scope="module")
def chromium():
    binary, why_not = find_or_install_chromium()
    if binary is None:
        pytest.skip(f"no headless Chromium: {why_not}")
    return binary


async def test_each_games_table_in_a_browser_is_pictured_with_the_players_around_it(chromium):
    shots = []
    with ServeProcess() as served, Chromium(chromium) as browser:
        for place, game_id in enumerate(games.ids()):
            title = games.get(game_id).name
            async with browser.open(served.url) as page:
                await page.wait_for_screen("c a r d t a b l e", "Piles")
                for _ in range(place):
                    await page.press("Down")
                await page.press("Enter")
                await page.wait_for_screen(f"{title}: new game")
                await page.press("ctrl+s")
                screen = await page.wait_for_screen("'s hand", "cards", timeout=30)
                assert "Bot 2" in screen  # another player, at her place on the felt
                shots.append(await page.screenshot(SHOTS / f"serve-{game_id}.png"))
        served.interrupt()
    print("pictures of every table in a browser:", *map(str, shots), sep="\n  ")
