"""`cardtable serve` in a real browser: headless Chromium opens the page and the start screen is
drawn in it (read back from xterm.js's own buffer), keys typed in the page start a demo and then
a game of Piles, and Ctrl+C with the tab still open stops everything cleanly; then each game's
table, its players around the felt (issue 21). Screenshots go to .test-output/."""

from pathlib import Path

from cardtable import games
from tests.chromium import Chromium
from tests.serving import ServeProcess

SHOTS = Path(__file__).resolve().parent.parent / ".test-output"


async def test_the_page_shows_the_start_screen_then_a_demo_and_a_game(chromium):
    with ServeProcess() as served, Chromium(chromium) as browser:
        async with browser.open(served.url) as page:
            screen = await page.wait_for_screen("c a r d t a b l e", "Piles")
            assert "Friends around one keyboard, bots in any empty seat." in screen
            for game in ("Runway", "Run It", "Over Trump", "Sets and Runs", "Piles"):
                assert game in screen
            assert await page.evaluate("document.body.classList.contains('-closed')") is False
            shot = await page.screenshot(SHOTS / "serve-start-screen.png")
            print(f"screenshot of the start screen in a browser: {shot}")

            await page.press("d")  # the start screen's key for a demo: bots play on screen
            await page.wait_for_screen("Stop the demo")
            print(f"and of the demo: {await page.screenshot(SHOTS / 'serve-demo.png')}")
            await page.press("Escape")
            await page.wait_for_screen("Friends around one keyboard")

            # Hot-seat: Piles (last on the list), its setup, then the table with a person's hand.
            await page.press("End")
            await page.press("Enter")
            await page.wait_for_screen("Piles: new game")
            await page.press("ctrl+s")
            await page.wait_for_screen("Player 1's hand")
            print(f"and of a game of Piles: {await page.screenshot(SHOTS / 'serve-piles.png')}")

            code, printed = served.interrupt()  # Ctrl+C with the tab still open
    assert code == 0 and printed.rstrip().endswith("Stopped serving cardtable.")
    assert "Traceback" not in printed


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
                # The table's own footer (the setup screen names hands and cards too).
                screen = await page.wait_for_screen("Hint", "Menu", "'s hand", timeout=30)
                assert "Bot 2" in screen and "cards" in screen  # her place on the felt
                shots.append(await page.screenshot(SHOTS / f"serve-{game_id}.png"))
        served.interrupt()
    print("pictures of every table in a browser:", *map(str, shots), sep="\n  ")
