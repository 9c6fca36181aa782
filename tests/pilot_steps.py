"""Steps the Pilot tests share: wait for the app, read the status line, follow a hint."""

from __future__ import annotations

import re

from cardtable.ui.screens.handoff import HandoffScreen
from cardtable.ui.screens.move_menu import MoveMenu
from cardtable.ui.screens.table import TableScreen

KEY_NAMED = re.compile(r"Press (\S+?)(?: \(or Enter\))?\.")
"""The one key a hint names ('Press p.'); a hint that names none means Enter."""


async def wait_until(pilot, condition, tries=300):
    """Pause until `condition()` holds (about 6 s at most)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("the app never got there")


def status(app) -> str:
    """The status line of the screen in front."""
    return str(app.screen.query_one("#status").render())


def my_turn(app) -> bool:
    """The table is in front and the person shown may move."""
    screen = app.screen
    return isinstance(screen, TableScreen) and screen.viewer in screen.acting()


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
