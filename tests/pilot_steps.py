"""Steps the Pilot tests share: wait for the app, read the status line, follow a hint."""

from __future__ import annotations

import re

from textual.geometry import Region

from cardtable.net.clock import FakeClock
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


async def follow_hint(pilot, app):
    """Press h, then what the hint names (Enter in a menu it opens); (the hint, its move)."""
    await pilot.press("h")
    hint = status(app)
    hinted = app.screen.table.hinted
    assert hint.startswith("Hint:") and hinted is not None, hint
    named = KEY_NAMED.search(hint)
    await pilot.press(named.group(1) if named else "enter")
    await pilot.pause()
    if isinstance(app.screen, MoveMenu):
        await pilot.press("enter")
        await pilot.pause()
    return hint, hinted
