"""Steps the Pilot tests share: wait for the app, read the status line, follow a hint."""

from __future__ import annotations

import asyncio
import re

from textual.geometry import Region

from cardtable.net.clock import FakeClock
from cardtable.ui.screens.game_summary import SummaryScreen
from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.screens.table import TableScreen

BOX_DRAWING = re.compile("[\u2500-\u257f]")
"""The characters borders are drawn with."""

KEY_NAMED = re.compile(r"Press (\S+?)(?: \(or Enter\))?\.")
"""The one key a hint names ('Press p.'); a hint that names none means Enter."""


FAKE_STEP = 0.05
"""Seconds a fake clock moves on at each try of `wait_until`."""


async def wait_until(pilot, condition, tries=300):
    """Pause until `condition()` holds (about 6 s at most). On an app with a fake clock, each
    try moves the clock on FAKE_STEP (15 s of the table's time at most), so bots, claim windows
    and handoffs go on without waiting real seconds."""
    clock = getattr(pilot.app, "clock", None)
    fake = isinstance(clock, FakeClock)
    for _ in range(tries):
        if condition():
            return
        if fake:
            clock.advance(FAKE_STEP)
            await pilot.pause(0.01)  # a screen of a table may still count real time
        else:
            await pilot.pause(0.02)
    raise AssertionError("the app never got there")


async def let_time_pass(pilot, seconds: float) -> None:
    """Let `seconds` of the table's time pass: at once on a fake clock, else for real."""
    clock = getattr(pilot.app, "clock", None)
    if isinstance(clock, FakeClock):
        clock.advance(seconds)
        await pilot.pause()
    else:
        await pilot.pause(seconds)


async def tick(app) -> None:
    """One short step of a loop that waits for the app: a fake clock moves on FAKE_STEP (bots,
    windows and handoffs go on), then 2 ms of real time for the app to draw what followed."""
    clock = getattr(app, "clock", None)
    if isinstance(clock, FakeClock):
        clock.advance(FAKE_STEP)
    await asyncio.sleep(0.002)


def status(app) -> str:
    """The status line of the screen in front."""
    return str(app.screen.query_one("#status").render())


def shown_text(widget) -> str:
    """The words a widget shows in its region on screen (what wraps or is cut off is not
    there), its lines joined by single spaces, without its border."""
    region = widget.region
    strips = widget.render_lines(Region(0, 0, region.width, region.height))
    text = " ".join(strip.text for strip in strips)
    return " ".join(BOX_DRAWING.sub(" ", text).split())


def on_screen(app, widget) -> bool:
    """The widget lies wholly inside the window."""
    return widget.region.height > 0 and app.screen.region.contains_region(widget.region)


def my_turn(app) -> bool:
    """The table is in front and the person shown may move."""
    screen = app.screen
    return isinstance(screen, TableScreen) and screen.viewer in screen.acting()


def handoff_shown(app) -> bool:
    """A handoff is in front, drawn."""
    return isinstance(app.screen, HandoffScreen) and bool(app.screen.query("#handoff-card"))


async def reveal_hand(pilot, app):
    """The next player, at the handoff, waits for it to take keys and presses Y."""
    await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.ready)
    await pilot.press("y")


async def steadied(app, seconds: float = 10.0) -> None:
    """A summary in front takes its keys once its first moment has passed: let it pass (at
    once on a fake clock)."""
    screen = app.screen
    if not isinstance(screen, SummaryScreen) or screen.steady:
        return
    clock = getattr(app, "clock", None)
    for _ in range(int(seconds / 0.002)):
        if screen.steady or not screen.is_attached:
            return
        if isinstance(clock, FakeClock):  # again each time: its moment may start after this
            clock.advance(SummaryScreen.STEADY_SECONDS)
        await asyncio.sleep(0.002)


async def tap(app, key: str, done, seconds: float = 10.0) -> bool:
    """Press `key` as the terminal sends it and wait, in steps of 2 ms, until `done()`; False
    if it never is. Pilot.press waits after every key until the whole process has been idle for
    20 ms, twice: 40 ms a key at least, and up to 2 s while bots play; a whole game played by
    keys spent most of its time there."""
    await steadied(app)
    app.simulate_key(key)
    for _ in range(int(seconds / 0.002)):
        if done():
            return True
        await asyncio.sleep(0.002)
    return done()


async def leave(app, key: str) -> bool:
    """Press `key` on the screen in front and wait until another screen is in front."""
    shown = app.screen
    return await tap(app, key, lambda: app.screen is not shown)


async def ask_hint(pilot, app) -> str:
    """Press h and wait until the hint is on the status line (it is thought of on the table's
    clock, off the screen's loop, and comes a moment later); the status line then."""
    await pilot.press("h")
    coming = getattr(app.screen, "hint_coming", None)
    await wait_until(pilot, lambda: status(app) != coming, tries=1000)
    return status(app)


async def follow_hint(pilot, app):
    """Press h, then what the hint names (Enter in a menu it opens); (the hint, its move). It
    returns once what the key did is drawn."""
    screen = app.screen
    said = status(app)
    await tap(app, "h", lambda: status(app).startswith("Hint:") and status(app) != said)
    hint = status(app)
    hinted = screen.table.hinted
    assert hint.startswith("Hint:") and hinted is not None, hint
    named = KEY_NAMED.search(hint)
    log = screen.match.record.log
    before = len(log)
    await tap(
        app,
        named.group(1) if named else "enter",
        lambda: len(log) > before or app.screen is not screen or status(app) != hint,
    )
    await asyncio.sleep(0.005)  # what the key did is drawn (no bot moves off the fake clock)
    if isinstance(app.screen, MoveMenu):
        await pilot.press("enter")
        await pilot.pause()
    return hint, hinted
