"""`cardtable serve`: the app in a browser, through textual-serve.

Each browser tab that opens the page gets its own `cardtable` process (this same Python, so it
works from the venv), drawn in the page by xterm.js: the start screen, and from it hot-seat, a
demo, or joining a host with a code. Imported only by `cardtable serve`, so the app's start-up
never loads the web server.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import logging
import os
import secrets
import shlex
import shutil
import signal
import socket
import ssl
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from cardtable.engine.saves import data_dir
from cardtable.net.host_log import Throttle
from cardtable.net.server import ServeError
from cardtable.net.tab_joins import TAB_JOINS, Allowed, TabJoins

DEFAULT_PORT = 8000
"""The port `cardtable serve` listens on unless --port says otherwise."""
MAX_TABS = 20
"""Tabs served at once: each runs its own cardtable process (tens of MB), so a room that opens
the page again and again cannot use up the machine."""
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")
"""The names a page served to this machine only may be opened by."""
VISITOR_COOKIE = "cardtable-visitor"
"""The cookie naming a browser's own data folder (a random 128-bit id, from `secrets`)."""
VISIT_DAYS = 30
"""How long a browser's cookie, and so its unfinished games, are kept."""
MAX_VISITORS = 100
"""Browsers' folders kept at most: past it the least recently used are removed."""
STOP_SECONDS = 5.0
"""How long Ctrl+C waits for the open tabs' apps to quit before the server closes anyway."""

CLOSE_SECONDS = 2.0
"""How long a turned-away tab's websocket waits for the page to answer its close: then the
socket is let go whether it answered or not."""

log = logging.getLogger("cardtable.serve")

REMOTE_FONT = (
    '<link\n      rel="stylesheet"\n'
    '      href="https://fonts.googleapis.com/css?family=Roboto%20Mono"\n    />'
)
"""textual-serve's page asks Google for its font, which it also serves itself: the page takes it
from here (LOCAL_FONT), so opening a page sends nothing, not even its address, to another site
(and a phone on a network without the internet draws the same letters)."""
LOCAL_FONT = (
    "<style>@font-face { font-family: 'Roboto Mono'; "
    "src: url('/static/fonts/RobotoMono-VariableFont_wght.ttf'); }</style>"
)
SESSION_ENDED = "Session ended."
"""What textual-serve's page says when its tab's app has ended (a page may say more)."""


def retarget(html: str, origin: str, named: str, websocket_path: str) -> str:
    """textual-serve's page with its tab's websocket at `websocket_path` of `origin` instead of
    the one it `named`. RuntimeError if the page does not name that one exactly once (a
    textual-serve that writes its page otherwise: its tabs would open the wrong websocket)."""
    was = f'data-session-websocket-url="{origin}{named}"'
    if html.count(was) != 1:
        raise RuntimeError(f"textual-serve's page does not name its websocket as {was}")
    return html.replace(was, f'data-session-websocket-url="{origin}{websocket_path}"')


def web_home() -> Path:
    """The data folder of the browser's tabs: a folder of its own inside this machine's, so a
    tab never lists, resumes or opens the games of this terminal (a hosted game stopped for
    `host --resume` holds every hand). Each browser has its own folder in it (`visitor_home`)."""
    return data_dir() / "web"


def visitor_home(visitor: str) -> Path:
    """The data folder of one browser (its VISITOR_COOKIE): its tabs' games, no one else's.
    Named by a hash of the cookie, so the folder's name does not give the cookie away."""
    return web_home() / "visitors" / hashlib.sha256(visitor.encode()).hexdigest()[:32]


ONE_GAME = "CARDTABLE_ONE_GAME"
"""The environment variable that makes a tab's cardtable play the one game it was started for:
leaving that game ends the app (a host's seat page has no start screen to go back to)."""


def app_command(
    home: Path,
    tab_joins: TabJoins | None = None,
    arguments: tuple[str, ...] = (),
    one_game: bool = False,
) -> str:
    """The shell command run for a browser tab: this same cardtable, on this Python, with the
    browser's own data folder, saying it is a browser's (for the game history), a public
    serve's rules for joining, and the command's `arguments` (none: the start screen)."""
    rules = "" if tab_joins is None else f"{TAB_JOINS}={shlex.quote(tab_joins.environment())} "
    only = f"{ONE_GAME}=1 " if one_game else ""
    home_text = shlex.quote(str(home))
    return f"CARDTABLE_HOME={home_text} CARDTABLE_WHERE=browser {rules}{only}" + shlex.join(
        [sys.executable, "-m", "cardtable", *arguments]
    )


def is_visitor_id(text: str | None) -> bool:
    """True for a cookie this server could have set: 32 hexadecimal digits."""
    return text is not None and len(text) == 32 and all(c in "0123456789abcdef" for c in text)


def keep_visitors(keep: set[Path], most: int = MAX_VISITORS, now: float | None = None) -> None:
    """Remove browsers' folders that hold no unfinished game past the `most` most recently
    used, and any folder unused for longer than its cookie lives (VISIT_DAYS: no browser can
    reach it again); never one in `keep`, whose tabs are open. A room of phones, or a script
    without cookies, cannot fill the disk, nor push a person's unfinished games out."""
    folder = web_home() / "visitors"
    now = time.time() if now is None else now
    try:
        found = sorted(
            ((entry.stat().st_mtime, Path(entry.path)) for entry in os.scandir(folder)),
            reverse=True,
        )
    except OSError:
        return
    empty = 0
    for used, path in found:
        if path in keep:
            continue
        if now - used > VISIT_DAYS * 24 * 3600:
            shutil.rmtree(path, ignore_errors=True)
        elif not any((path / "saves").glob("*.jsonl")):
            empty += 1
            if empty > most:
                shutil.rmtree(path, ignore_errors=True)


def lan_address() -> str | None:
    """This machine's address on its local network (the one a phone there can open), or None.

    Asks the routing table which address a packet to the outside would leave from: connecting
    a UDP socket sends nothing.
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a documentation address, never sent to
        address = probe.getsockname()[0]
        if not address.startswith(("127.", "0.")):
            return address
    return None


PHONE_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'
"""The page's viewport on a phone: its own width, not zoomed out."""


def refusal(err: OSError, address: str, port: int) -> str:
    """Why the server could not listen on `address`:`port`, in a sentence a person understands."""
    if err.errno == errno.EADDRINUSE:
        return (
            f"port {port} is in use: another program listens there. "
            "Choose another with --port N (0: any free port)."
        )
    if err.errno == errno.EACCES:
        return f"not allowed to listen on port {port}: choose one above 1023 with --port N."
    if err.errno == errno.EADDRNOTAVAIL:
        return f"this machine has no address {address} to listen on."
    return f"cannot listen on {address}:{port}: {err.strerror or err}."


MOST_TAB_COLUMNS = 500
MOST_TAB_ROWS = 200
"""The largest terminal a tab's page may ask for: a 4K screen at a small font is about 400x120.
A crafted page asking for more would have its process draw millions of cells a frame."""


def tab_size(width: object, height: object) -> tuple[int, int]:
    """A tab's terminal size as its page asks for it (on opening, and on every resize), kept
    within 1 to MOST_TAB_COLUMNS by 1 to MOST_TAB_ROWS; what is not a whole number is 80x24's."""
    columns = width if type(width) is int else 80
    rows = height if type(height) is int else 24
    return max(1, min(columns, MOST_TAB_COLUMNS)), max(1, min(rows, MOST_TAB_ROWS))


class TabApp(AppService):
    """textual-serve's AppService (one tab's cardtable process), which also waits for its
    process to end when stopped, so none outlives the server and each is reaped; `secrets`
    go to the process in its environment, never on its command line (which `ps` shows)."""

    def __init__(self, *args: Any, secrets: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.secrets = secrets or {}

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        """textual-serve's environment for the tab's process, with the tab's `secrets`."""
        return {**super()._build_environment(width, height), **self.secrets}

    async def start(self, width: int, height: int) -> None:
        """Start the tab's process at the size its page asks for, within `tab_size`."""
        await super().start(*tab_size(width, height))

    async def set_terminal_size(self, width: int, height: int) -> None:
        """A resize from the page (anything its websocket says: checked by `tab_size`)."""
        await super().set_terminal_size(*tab_size(width, height))

    async def stop(self) -> None:
        """Tell the app to quit and wait for it: a few seconds, then it is killed."""
        await super().stop()
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), STOP_SECONDS)
            except TimeoutError:
                log.warning("a tab's cardtable did not quit in %.0f s; killed it", STOP_SECONDS)
                process.kill()
                await process.wait()
        # Close its stdin and read its other pipes to their end: asyncio closes a process's
        # transport only then, and one left open is reported when the event loop is long gone.
        if process.stdin is not None:
            process.stdin.close()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stream.read(), STOP_SECONDS)


class BrowserServer(Server):
    """textual-serve's server, run as cardtable needs it.

    - The page's websocket and static addresses are the ones each browser reached the server
      by (textual-serve bakes one fixed address into the page; a phone at a meetup reaches
      this machine by its LAN address, the machine itself by 127.0.0.1).
    - Another web site open in the same browser cannot start a tab's app: a websocket must come
      from the page itself (its Origin is the address it asks), and without --public the page
      answers only to this machine's own names (a rebound DNS name is refused).
    - Ctrl+C tells every open tab's app to quit, then stops: no traceback, no 60 s wait.
    - Its own lines instead of textual-serve's logo; aiohttp logs only warnings.
    """

    def __init__(
        self,
        address: str,
        port: int,
        max_tabs: int = MAX_TABS,
        public: bool = False,
        host_allow: list[str] | None = None,
    ) -> None:
        super().__init__("cardtable", host=address, port=port, title="cardtable")
        self.max_tabs = max_tabs
        self.public = public
        self.tab_joins = (
            None if not public else TabJoins(list(map(Allowed.parse, host_allow or [])))
        )
        """What a public serve's tabs may join; None: this machine's own tabs join anything."""
        self.open_homes: dict[asyncio.Task[Any], Path] = {}
        """The data folder of each open tab."""
        self.stopping: set[asyncio.Task[Any]] = set()
        """The tabs whose app is being stopped (their page was closed)."""
        self.sessions: set[asyncio.Task[Any]] = set()
        """The tasks serving the open tabs' apps, one a websocket."""
        self.turned_away: set[asyncio.Task[Any]] = set()
        """The tasks telling tabs past `max_tabs` that all are taken."""
        self.runner: web.AppRunner | None = None
        """The web server, while it listens."""

    def initialize_logging(self) -> None:
        """Warnings only, in plain lines: a request per page is not news."""
        logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
        for handler in logging.getLogger().handlers:  # 20 lines of a kind a minute, then counted
            handler.addFilter(Throttle())

    async def on_startup(self, app: web.Application) -> None:
        """Say nothing yet: `run` says where to open the page once it listens."""

    def stranger(self, request: web.Request) -> str | None:
        """Why `request` may not come from a browser opening this server's page, or None."""
        name = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
        if not self.public and name.casefold() not in LOCAL_NAMES:
            return f"this cardtable answers only to {', '.join(LOCAL_NAMES)}, not {name!r}"
        origin = request.headers.get("Origin")
        websocket = request.path == "/ws" or request.path.startswith("/ws/")
        if websocket and origin is not None and urlsplit(origin).netloc != request.host:
            return f"a tab's websocket must come from its own page, not {origin!r}"
        return None

    @web.middleware
    async def only_its_own_pages(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Refuse (403, logged) what `stranger` finds wrong; everything else as textual-serve."""
        reason = self.stranger(request)
        if reason is not None:
            log.warning("refused %s from %s: %s", request.path, request.remote, reason)
            raise web.HTTPForbidden(text=f"Refused: {reason}.")
        return await handler(request)

    async def _make_app(self) -> web.Application:
        """textual-serve's web application (its page and its static files; no downloads nor
        folder listings: cardtable has none), behind `only_its_own_pages`."""
        app = web.Application(middlewares=[self.only_its_own_pages])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(self.routes())
        return app

    def routes(self) -> list[web.AbstractRouteDef]:
        """The addresses served: the page, its tab's websocket, the page's scripts and fonts."""
        return [
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.static("/static", self.statics_path, name="static"),
        ]

    def has_room(self, request: web.Request) -> bool:
        """True while the tab `request` would open is under the cap (`max_tabs`)."""
        return len(self.sessions) < self.max_tabs

    async def page(
        self, request: web.Request, websocket_path: str = "/ws", closed: str | None = None
    ) -> web.Response:
        """textual-serve's page, as this browser reached the server, its tab's websocket at
        `websocket_path`, `closed` said when the tab's cardtable ends, and no request to
        another site (its web font is the one served here).

        textual-serve writes one websocket address into the page (its route named
        "websocket"), which its script opens with the terminal's size after it; `retarget`
        changes that one address.
        """
        # No await comes between setting public_url and textual-serve reading it.
        self.public_url = f"{request.scheme}://{request.host}"
        drawn = await Server.handle_index(self, request)
        assert isinstance(drawn, web.Response) and drawn.text is not None
        html = drawn.text.replace(REMOTE_FONT, LOCAL_FONT)
        # A phone lays the page out at its own width (not a desktop's 980 pixels shrunk), so
        # the terminal is as many columns as the phone has room for: the phone-sized table.
        html = html.replace("<head>", f"<head>\n    {PHONE_VIEWPORT}", 1)
        named = str(request.app.router["websocket"].url_for())
        if websocket_path != named:
            scheme = "wss" if request.scheme == "https" else "ws"
            html = retarget(html, f"{scheme}://{request.host}", named, websocket_path)
        if closed is not None:
            html = html.replace(f">{SESSION_ENDED}<", f">{closed}<")
        return web.Response(
            text=html, content_type="text/html", headers={"Referrer-Policy": "no-referrer"}
        )

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, with its addresses as this browser reached the server; when every tab is
        taken, a page that says so (503) instead, so no websocket is opened to be turned away."""
        if not self.has_room(request):
            return web.Response(status=503, text=self.all_taken(), headers={"Retry-After": "30"})
        page = await self.page(request)
        visitor = request.cookies.get(VISITOR_COOKIE)
        page.set_cookie(
            VISITOR_COOKIE,
            visitor if is_visitor_id(visitor) else secrets.token_hex(16),
            max_age=VISIT_DAYS * 24 * 3600,
            path="/",
            httponly=True,
            samesite="Strict",
        )
        return page

    def tab_home(self, request: web.Request) -> Path:
        """The data folder of the browser opening a tab: its cookie's (a tab with no cookie
        from this server gets a new, empty one), made private and marked as just used."""
        visitor = request.cookies.get(VISITOR_COOKIE)
        home = visitor_home(visitor if is_visitor_id(visitor) else secrets.token_hex(16))
        with contextlib.suppress(OSError):
            home.mkdir(mode=0o700, parents=True, exist_ok=True)
            home.chmod(0o700)  # its games are its browser's alone
            os.utime(home)
        keep_visitors(set(self.open_homes.values()) | {home})
        return home

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab's app, for as long as the tab is open; remembered so Ctrl+C can end it.

        Past `max_tabs` open tabs, the page says so in its terminal instead.
        """
        task = asyncio.current_task()
        assert task is not None
        full = not self.has_room(request)
        tasks = self.turned_away if full else self.sessions
        tasks.add(task)
        try:
            if full:
                return await self.turn_away(request)
            return await self.run_tab(request)
        finally:
            tasks.discard(task)

    async def run_tab(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's own websocket handler, with a TabApp for the tab's process."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        tab: TabApp | None = None
        task = asyncio.current_task()
        assert task is not None
        home = self.open_homes[task] = self.tab_home(request)
        try:
            await websocket.prepare(request)
            tab = TabApp(
                self.tab_command(request, home),
                secrets=self.tab_secrets(request),
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await tab.start(width, height)
            await self._process_messages(websocket, tab)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            self.open_homes.pop(task, None)
            if tab is not None:
                self.stopping.add(task)  # Ctrl+C now would cut its stop short: see end_sessions
                await tab.stop()
                self.stopping.discard(task)
            self.tab_closed(home)
        return websocket

    def tab_command(self, request: web.Request, home: Path) -> str:
        """The shell command of the tab `request` opens: cardtable's start screen."""
        return app_command(home, self.tab_joins)

    def tab_secrets(self, request: web.Request) -> dict[str, str]:
        """What the tab's process is told in its environment only (none here)."""
        return {}

    def tab_closed(self, home: Path) -> None:
        """A tab's app has ended: its browser's folder stays, for its unfinished games."""

    def all_taken(self) -> str:
        """What a tab past `max_tabs` is told."""
        return (
            f"This cardtable serves {self.max_tabs} tabs at once, and all are open. "
            "Close one (or quit its cardtable with Ctrl+Q), then reload this page."
        )

    async def turn_away(self, request: web.Request) -> web.WebSocketResponse:
        """Say in the page's terminal that every tab is taken, and close at once: a turned-away
        tab holds no socket (400 of them held 400 descriptors, and the server ran out)."""
        log.warning("turned a tab from %s away: %d tabs are open", request.remote, self.max_tabs)
        websocket = web.WebSocketResponse(timeout=CLOSE_SECONDS)
        await websocket.prepare(request)
        with contextlib.suppress(ConnectionError):
            words = self.all_taken().replace(". ", ".\r\n  ")
            await websocket.send_bytes(f"\r\n  {words}\r\n".encode())
        await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"all tabs are open")
        return websocket

    async def end_sessions(self) -> None:
        """Tell every open tab's app to quit, and wait (a few seconds at most) until they have."""
        sessions = [*self.sessions, *self.turned_away]
        for task in sessions:
            if task not in self.stopping:  # a tab already stopping finishes (its pipes read)
                task.cancel()
        if sessions:
            await asyncio.wait(sessions, timeout=STOP_SECONDS)

    async def start(self, tls: ssl.SSLContext | None = None) -> int:
        """Listen (over TLS with `tls`), and return the port (the free one chosen for 0).

        Raises ServeError when it cannot listen.
        """
        self.initialize_logging()
        runner = self.runner = web.AppRunner(
            await self._make_app(), handle_signals=False, access_log=None, shutdown_timeout=1.0
        )
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, ssl_context=tls)
        try:
            await site.start()
        except OSError as err:
            await runner.cleanup()
            raise ServeError(refusal(err, self.host, self.port)) from None
        return int(runner.addresses[0][1])

    async def close(self) -> None:
        """Stop every open tab's app (see `end_sessions`), then stop listening."""
        await self.end_sessions()
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    async def run(self, stop: asyncio.Event, ready: Callable[[int], None]) -> None:
        """Listen until `stop` is set; `ready` is told the port (the free one chosen for 0).

        Raises ServeError when it cannot listen.
        """
        port = await self.start()
        try:
            ready(port)
            await stop.wait()
        finally:
            await self.close()


def opening_lines(port: int, public: bool, lan: str | None) -> list[str]:
    """What `cardtable serve` prints once it listens: where to open the page, how to stop."""
    here = f"http://127.0.0.1:{port}"
    if not public:
        return [
            f"cardtable in a browser: open {here}",
            "Each tab is its own cardtable. Only this machine can open it (--public: the "
            "whole network). Ctrl+C stops.",
        ]
    there = f"http://{lan}:{port}" if lan else f"http://<this machine's address>:{port}"
    return [
        f"cardtable in a browser, open to the network: on a phone or laptop open {there}",
        f"(on this machine: {here}). Each tab is its own cardtable; anyone who can reach "
        "this machine can open it. Ctrl+C stops.",
        f"A phone too narrow for the table: hold it sideways, or open {there}/?fontsize=10",
    ]


def serve(
    port: int = DEFAULT_PORT, public: bool = False, host_allow: list[str] | None = None
) -> None:
    """Serve the app in a browser until Ctrl+C; exit with a sentence if it cannot listen."""
    address = "0.0.0.0" if public else "127.0.0.1"
    server = BrowserServer(address, port, public=public, host_allow=host_allow)

    def ready(bound: int) -> None:
        lan = lan_address() if public else None
        for line in opening_lines(bound, public, lan):
            print(line, flush=True)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows: KeyboardInterrupt below
                loop.add_signal_handler(number, stop.set)
        await server.run(stop, ready)

    try:
        asyncio.run(main())
    except ServeError as refused:
        sys.exit(f"cardtable: {refused.reason}")
    except KeyboardInterrupt:
        pass
    print("Stopped serving cardtable.", flush=True)
