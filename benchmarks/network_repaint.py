"""A move's round trip from a key in one client's table to every client's repaint, on loopback.

The repaint version of `network.round_trip`: each client is the app `cardtable join` runs
(CardTableApp with a join Launch), headless under `run_test()` in this process, joined to a host
in its own process. A client "has it" when its screen has painted after the host's Table of that
move arrived. The painted signal: in Textual 8 every paint of the top screen goes through
`App._display(screen, update)` (from `Screen._compositor_refresh`); headless, `_display`
returns before rendering, so the wrapper here renders `update.render_segments(app.console)` to
pay what a terminal's driver would (not the write to the terminal itself). A Table's arrival is
seen by wrapping the screen's listener of its feed.

The apps share this process's one loop: their paints run one after another, where real clients
paint at once on their own machines, so with several apps both figures are upper bounds (the
mover's paint may wait behind another app's). With one app (the other seats scripted
websockets clients, their moves untimed) its figure is a client's own key to repaint.
`feed._listener.callback` (net/client.py) is read to put the arrival note in front of the
screen's own listener.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from benchmarks.network import HostProcess, ScriptedClient, round_trip
from cardtable.ui.app import CardTableApp, Launch

SIZE = (100, 30)


class AppScreen:
    """A client app as the round trip sees it (the `network.Screen` shape)."""

    def __init__(self, app: CardTableApp, pilot: Any) -> None:
        self.app = app
        self.pilot = pilot
        self.seat: int | None = None
        self.arrived: list[float] = []
        """When each Table reached the screen."""
        self.painted: list[float] = []
        """When the screen first painted after each Table (one entry per Table, in order)."""
        self._news = asyncio.Event()
        display = app._display

        def counted(screen: Any, renderable: Any) -> None:
            if renderable is not None and hasattr(renderable, "render_segments"):
                renderable.render_segments(app.console)
            display(screen, renderable)
            if renderable is not None and len(self.painted) < len(self.arrived):
                now = time.perf_counter()
                self.painted += [now] * (len(self.arrived) - len(self.painted))
                self._news.set()

        app._display = counted  # type: ignore[method-assign]

    def remote(self) -> Any:
        """The joined RemoteTableScreen, or None yet."""
        from cardtable.ui.screens.remote_table import RemoteTableScreen

        screen = self.app.screen
        if isinstance(screen, RemoteTableScreen) and screen.current is not None:
            return screen
        return None

    def watch_tables(self) -> None:
        """From now on, note when each Table reaches the screen."""
        from cardtable.net.protocol import Table

        screen = self.remote()
        self.seat = screen.seat
        feed = screen.feed
        listener = feed._listener.callback

        def noted(message: Any) -> None:
            if isinstance(message, Table):
                self.arrived.append(time.perf_counter())
            listener(message)

        feed.listen(noted)

    def can_move(self) -> bool:
        """True when the host has given this seat legal moves."""
        screen = self.remote()
        return screen is not None and screen.may_move

    async def prepare(self) -> None:
        """Pick a move with the hint key and wait until the hint is in (not timed), so Enter
        makes it at once: Enter pressed while a hint is thought of waits for it, and the figure
        would be the hint's thinking, not the key's round trip."""
        await self.pilot.press("h")
        screen = self.remote()
        while screen is not None and screen._hint_asked is not None:
            await asyncio.sleep(0.005)

    async def press(self) -> None:
        """Enter: the hinted move goes to the host."""
        await self.pilot.press("enter")

    def changes(self) -> int:
        """How many Tables this screen has painted."""
        return len(self.painted)

    async def changed(self, after: int) -> float:
        """When the screen painted its first Table after `after`."""
        while len(self.painted) <= after:
            self._news.clear()
            await self._news.wait()
        return self.painted[after]


async def key_to_repaint(moves: int = 30, apps: int = 5) -> tuple[list[float], list[float]]:
    """Milliseconds from Enter in a mover's app to (its repaint, every client's repaint), Piles,
    the host in its own process. The first `apps` of the four seats and the spectator are apps;
    the rest scripted clients (their moves untimed). With apps=1, seat 1's app alone is timed,
    its paint not waiting behind other apps'."""
    host = HostProcess(1, games_each=1, seed=3)
    try:
        table = host.tables[0]
        codes = [*table["codes"], None]
        async with contextlib.AsyncExitStack() as stack:
            screens: list[Any] = []
            for code in codes[:apps]:
                address = f"127.0.0.1:{table['port']}"
                launch = Launch(command="join", address=address, code=code, pin=table["pin"])
                app = CardTableApp(launch)
                pilot = await stack.enter_async_context(app.run_test(size=SIZE))
                screens.append(AppScreen(app, pilot))
            for screen in screens:
                while screen.remote() is None:
                    await asyncio.sleep(0.01)
                screen.watch_tables()
            scripted = [
                await ScriptedClient.join(table["port"], table["pin"], code, seed=i)
                for i, code in enumerate(codes[apps:])
            ]
            for client in scripted:
                stack.push_async_callback(client.close)
            return await round_trip([*screens, *scripted], moves, timed=screens)
    finally:
        await host.aclose()
