"""The meetup story in a real browser: a host runs `cardtable host piles` (no terminal on its
stdin, so it prints the join commands and plays), `cardtable serve` serves the app, and headless
Chromium opens the page, presses `j`, types the host's address, a code and the host's
fingerprint (the join command's --pin). A wrong code gets the
host's own sentence in the page; Ann's code brings her hand, and a move made by keys in the page
(a hint, then Enter) lands in the host's save. Screenshot: .test-output/serve-join.png."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from tests.chromium import Chromium, Page, end_group
from tests.net_clients import free_port
from tests.serving import ServeProcess

SHOTS = Path(__file__).resolve().parent.parent / ".test-output"
CODE_LINE = re.compile(r"^\s*Ann\s+.* join (\S+) (\S+) --pin (\S+)\s*$", re.MULTILINE)


BOT_DELAY = 1.5
"""Seconds each bot takes at the host: Ann's move stays among the log's last two lines for two
bot moves, three seconds, time for a loaded machine's browser to show it (at 0.2 s the bots
had pushed it off her screen before it was read, and the test failed in a loaded run)."""


class HostProcess:
    """`cardtable host piles --seats "Ann,bot,bot,bot"` with its own CARDTABLE_HOME and nothing
    on stdin (so it asks nothing); its process group ended on exit, whatever happened."""

    def __init__(self, home: Path, port: int) -> None:
        self.home = home
        self.port = port
        self.output = home / "host-output.txt"
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> HostProcess:
        self.home.mkdir(parents=True, exist_ok=True)
        with self.output.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "cardtable", "host", "piles", "--seats", "Ann,bot,bot,bot"]
                + ["--port", str(self.port), "--delay", str(BOT_DELAY), "--seed", "7"],
                env={**os.environ, "CARDTABLE_HOME": str(self.home)},
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, ended as one on exit
            )
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            end_group(self.process)

    def printed(self) -> str:
        """What the host has printed so far (its table's drawing included)."""
        return self.output.read_text(encoding="utf-8", errors="replace")

    def ann(self, timeout: float = 20.0) -> tuple[str, str, str]:
        """The address, code and host's fingerprint of Ann's join command, from the file the
        host keeps them in (it shows them on its first screen, and never prints them where they
        would stay)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            kept = list((self.home / "saves").glob("piles-*.join.txt"))
            if kept and (found := CODE_LINE.search(kept[0].read_text(encoding="utf-8"))):
                return found.group(1), found.group(2), found.group(3)
            assert self.process is not None
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise AssertionError(f"the host kept no join command for Ann:\n{self.printed()}")

    def save(self) -> Path:
        """The host's save file (one, in its own home)."""
        (path,) = (self.home / "saves").glob("piles-*.jsonl")
        return path

    def moves(self) -> list[dict[str, object]]:
        """The moves in the host's save so far, each {'seat': n, 'move': ..., ...}."""
        lines = self.save().read_text(encoding="utf-8").splitlines()[1:]
        return [json.loads(line) for line in lines if line.strip()]

    def log(self) -> str:
        """The host's log: who joined, every refused message."""
        (path,) = (self.home / "saves").glob("piles-*.host.log")
        return path.read_text(encoding="utf-8")


def ann_moves(host: HostProcess) -> list[dict[str, object]]:
    """The moves of Ann's seat (seat 1, numbered 0 in the save) in the host's save."""
    return [move for move in host.moves() if move["seat"] == 0]


async def type_text(page: Page, text: str) -> None:
    """Type `text` into the page's terminal, one key at a time."""
    for character in text:
        await page.press(character)


async def join_form(page: Page, address: str, code: str, pin: str) -> None:
    """From the start screen: `j`, the address, Tab to the code field, the code, Tab to the
    fingerprint field, the fingerprint, Enter."""
    await page.press("j")
    await page.wait_for_screen("Join a hosted game", "Your seat's code")
    await type_text(page, address)  # the address field has focus when the form opens empty
    await page.press("Tab")
    # Textual hands a key to the field focused when it arrives; Tab moves the focus a moment
    # later, so a key typed at once after it would still go to the address (no person is that
    # quick).
    await asyncio.sleep(0.5)
    await type_text(page, code)
    screen = await page.wait_for_screen(address, code)
    assert not any(address in line and code in line for line in screen.splitlines()), screen
    await page.press("Tab")
    await asyncio.sleep(0.5)
    await type_text(page, pin)
    await page.wait_for_screen(pin)
    await page.press("Enter")


async def test_a_player_joins_a_host_from_the_browser_and_plays_a_move(chromium, tmp_path):
    with (
        HostProcess(tmp_path / "host-home", free_port()) as host,
        ServeProcess() as served,
        Chromium(chromium) as browser,
    ):
        address, code, pin = host.ann()
        async with browser.open(served.url) as page:
            await page.wait_for_screen("c a r d t a b l e", "Piles")

            # A code that is no seat's: the host's sentence, in the page, under the form.
            wrong = "ZZZZ-ZZZZ" if code.upper() != "ZZZZ-ZZZZ" else "YYYY-YYYY"
            await join_form(page, address, wrong, pin)
            await page.wait_for_screen("That code is not one of this game's")
            assert "refused a hello" in host.log()

            await page.press("Escape")  # back to the start screen, and in again with Ann's
            await page.wait_for_screen("Friends around one keyboard")
            await join_form(page, address, code, pin)
            await page.wait_for_screen("Ann's hand")
            assert "Ann (seat 1) joined" in host.log()
            await page.wait_for_screen("Ann to play")  # the bots before her have played
            assert not ann_moves(host), "the host has a move of Ann's before she made one"
            shot = await page.screenshot(SHOTS / "serve-join.png")
            print(f"screenshot of Ann's seat, joined from a browser: {shot}")

            await page.press("h")
            await page.wait_for_screen("Hint:")
            await page.press("Enter")
            deadline = time.monotonic() + 15
            while not ann_moves(host) and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            assert ann_moves(host), f"no move of Ann's in the host's save: {host.moves()}"
            said = ann_moves(host)[0]["lines"][0]  # like 'Ann places A♣ on B2'
            await page.wait_for_screen(said)  # the host's account of it, back in her page
            print(f"and after her move: {await page.screenshot(SHOTS / 'serve-join-move.png')}")

            code_back, printed = served.interrupt()  # Ctrl+C with the tab still open
    assert code_back == 0 and "Traceback" not in printed
    assert "Traceback" not in host.log()
