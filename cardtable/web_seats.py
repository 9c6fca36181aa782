"""`cardtable host --web`: the host serves its own seats to browsers (a phone at a meetup).

A `SeatServer` runs in the host's own event loop, beside its websocket server. It serves a page
per person, `/seat/<CODE>` (her seat's join code, compared in constant time, in any case, with
or without its dash), and `/watch` for spectators; nothing else (no start screen, no join form).
A tab opened there runs `python -m cardtable join 127.0.0.1:<host port> [<CODE>] --pin <pin>`
in its own process, with a data folder of its own (removed when the tab closes), so it joins
this host's game and nothing else; leaving that game ends the tab's app (ONE_GAME), and the
page says so.

A wrong code is answered 404 in a sentence, after the same PAGE_SECONDS as a right one. The
pages are plain HTTP unless the host asks for TLS with its own certificate (README: why).
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from cardtable.engine.saves import data_dir
from cardtable.net.host import Host
from cardtable.net.tab_joins import SEAT_CODE
from cardtable.web import BrowserServer, app_command

PAGE_SECONDS = 0.25
"""Every answer to a seat's page or websocket, right code or wrong, waits this long: a wrong
code is not told apart by its time, and guesses come slowly."""
WATCH_TABS = 8
"""Spectators' tabs open at once (each is a cardtable process of tens of MB)."""
TABS_A_SEAT = 2
"""Tabs of one seat open at once: her page opened again (a new tab takes the seat over while
the old one is still closing)."""
SEAT_ENDED = (
    "This page's cardtable has ended: the game is over, you left it, or the host stopped. "
    "Restart takes your seat again while the host runs the game."
)
"""What a seat's page says when its tab's app has ended."""
WATCH_ENDED = (
    "This page's cardtable has ended: the game is over, you stopped watching, or the host "
    "stopped. Restart watches again while the host runs the game."
)
NO_SUCH_SEAT = (
    "This host has no seat at this address: check the page's address (or scan its code) on "
    "the host's screen again."
)

log = logging.getLogger("cardtable.host")

SEAT: web.RequestKey[int | None] = web.RequestKey("seat")
"""A request's seat (int), or None for a spectator's, as `seat_asked` found it."""


def seat_pages(
    address: str, web_port: int, codes: dict[int, str], tls: bool
) -> dict[int | None, str]:
    """Each person's seat page (seat -> URL) and the spectators' (None -> URL), at `address`
    (the one phones reach: the LAN address with --public) and the host's `web_port`."""
    scheme = "https" if tls else "http"
    shown = f"[{address}]" if ":" in address else address
    base = f"{scheme}://{shown}:{web_port}"
    pages: dict[int | None, str] = {seat: f"{base}/seat/{code}" for seat, code in codes.items()}
    pages[None] = f"{base}/watch"
    return pages


def tabs_folder() -> Path:
    """Where the tabs of a host's pages keep their data folders while they are open."""
    return data_dir() / "web" / "tabs"


def page_server(
    host: Host, address: str, port: int, public: bool
) -> Callable[[int, str], SeatServer]:
    """What `cardtable host --web` hands its app: given the host's own port and its
    certificate's fingerprint (known once it listens), the server of the seats' pages."""
    return lambda host_port, pin: SeatServer(host, address, port, host_port, pin, public)


class SeatServer(BrowserServer):
    """The host's pages: one per seat and one to watch, each tab joining this host only."""

    def __init__(
        self, host: Host, address: str, port: int, host_port: int, pin: str, public: bool
    ) -> None:
        super().__init__(address, port, public=public)
        self.game_host = host
        self.host_port = host_port
        """The port of the host's own websocket server, which each tab joins."""
        self.pin = pin
        """The fingerprint of the host's certificate, which each tab's join checks."""
        self.watch_tabs = WATCH_TABS
        self.tabs_a_seat = TABS_A_SEAT
        self.tab_seats: dict[asyncio.Task[Any], int | None] = {}
        """The seat of each open (or turned-away) tab; None: a spectator's."""

    def pages(self, address: str, port: int, tls: bool) -> dict[int | None, str]:
        """Each person's page and the spectators', at `address` (the one phones reach) and the
        `port` the pages listen on."""
        return seat_pages(address, port, self.game_host.codes, tls)

    def initialize_logging(self) -> None:
        """Nothing: the host's log (net/host_log.py) already takes its lines, and the terminal
        is the host's table."""

    def routes(self) -> list[web.AbstractRouteDef]:
        """A page per seat and one to watch, their websockets, and the pages' scripts."""
        return [
            web.get("/seat/{code}", self.handle_seat_page),
            web.get("/watch", self.handle_seat_page),
            web.get("/ws/seat/{code}", self.handle_websocket),
            web.get("/ws/watch", self.handle_websocket, name="websocket"),
            web.static("/static", self.statics_path, name="static"),
        ]

    async def seat_asked(self, request: web.Request) -> int | None:
        """The seat whose code the address carries (None: /watch), after PAGE_SECONDS;
        404 in a sentence for a code that is no seat's."""
        await asyncio.sleep(PAGE_SECONDS)
        code = request.match_info.get("code")
        if code is None:
            return None
        seat = self.game_host.seat_of(code)  # constant time; any case, dash or none
        if seat is None:
            log.info("refused a page from %s: no seat has that code", request.remote)
            raise web.HTTPNotFound(text=NO_SUCH_SEAT)
        return seat

    def has_room(self, request: web.Request) -> bool:
        """True while fewer than `tabs_a_seat` tabs of this seat (or `watch_tabs` tabs of
        spectators) are open."""
        seat = request[SEAT]
        most = self.watch_tabs if seat is None else self.tabs_a_seat
        return sum(1 for task in self.sessions if self.tab_seats.get(task, -1) == seat) < most

    def all_taken(self) -> str:
        """What a tab past its cap is told."""
        return (
            f"This host serves {self.tabs_a_seat} tabs of a seat and {self.watch_tabs} to "
            "watch at once, and all are open. Close one (or quit its cardtable with Ctrl+Q), "
            "then reload this page."
        )

    async def handle_seat_page(self, request: web.Request) -> web.StreamResponse:
        """The seat's (or the spectators') page, its websocket carrying the seat's code."""
        seat = request[SEAT] = await self.seat_asked(request)
        if not self.has_room(request):
            return web.Response(status=503, text=self.all_taken(), headers={"Retry-After": "30"})
        if seat is None:
            return await self.page(request, "/ws/watch", WATCH_ENDED)
        return await self.page(request, f"/ws/seat/{self.game_host.codes[seat]}", SEAT_ENDED)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab joined to this host, for as long as it is open (see BrowserServer)."""
        seat = request[SEAT] = await self.seat_asked(request)
        task = asyncio.current_task()
        assert task is not None
        self.tab_seats[task] = seat
        try:
            return await super().handle_websocket(request)
        finally:
            del self.tab_seats[task]

    def tab_home(self, request: web.Request) -> Path:
        """A new, empty data folder of the tab's own, inside the host's data folder."""
        folder = tabs_folder()
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix="tab-", dir=folder))

    def tab_command(self, request: web.Request, home: Path) -> str:
        """`python -m cardtable join 127.0.0.1:<host port> [<CODE>] --pin <pin>`, playing
        that one game (ONE_GAME) in its own data folder."""
        return app_command(home, arguments=self.join_arguments(request[SEAT]), one_game=True)

    def join_arguments(self, seat: int | None) -> tuple[str, ...]:
        """The `cardtable` arguments joining this host (the seat's code goes in the tab's
        environment, `tab_secrets`: a command line is anyone's to read with `ps`)."""
        return ("join", f"127.0.0.1:{self.host_port}", "--pin", self.pin)

    def tab_secrets(self, request: web.Request) -> dict[str, str]:
        """The seat's code (none: watching), for the tab's `cardtable join`."""
        seat = request[SEAT]
        return {} if seat is None else {SEAT_CODE: self.game_host.codes[seat]}

    def tab_closed(self, home: Path) -> None:
        """The tab's app has ended: its data folder goes."""
        shutil.rmtree(home, ignore_errors=True)
