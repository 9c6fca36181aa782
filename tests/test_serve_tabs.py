"""What a tab of `cardtable serve` may see and reach (issue 19 items 3 and 4): each browser
finds only its own unfinished games (a cookie names its folder), and a public serve's tabs
join only hosts started --public (or named by --host-allow), every failure in the same words
after the same time."""

from __future__ import annotations

import asyncio
import os
import socket
import stat
import time

import aiohttp
import pytest

from cardtable import games
from cardtable.engine import Match, new_save_path, parse_seats
from cardtable.net import tab_joins
from cardtable.net.certificate import host_certificate
from cardtable.net.protocol import Hello
from cardtable.net.tab_joins import TAB_JOINS, Allowed, TabJoins
from cardtable.ui.app import CardTableApp, Launch
from cardtable.web import (
    VISIT_DAYS,
    VISITOR_COOKIE,
    BrowserServer,
    keep_visitors,
    visitor_home,
    web_home,
)
from tests.net_clients import running_host


async def start(server: BrowserServer) -> tuple[asyncio.Task, asyncio.Event, str]:
    stop = asyncio.Event()
    ports: list[int] = []
    serving = asyncio.create_task(server.run(stop, ports.append))
    while not ports:
        await asyncio.sleep(0.05)
    return serving, stop, f"http://127.0.0.1:{ports[0]}"


async def start_screen(session: aiohttp.ClientSession, base: str, expect: str | None = None) -> str:
    """The start screen as a tab of this browser draws it (its text, spaces squeezed): drawn
    until `expect` appears (a loaded machine may draw the unfinished games' list seconds after
    the games), else until the tab is quiet."""
    drawn = b""
    async with session.ws_connect(f"{base}/ws?width=100&height=30") as tab:
        while b"Friends around one keyboard" not in drawn or b"Piles" not in drawn:
            message = await asyncio.wait_for(tab.receive(), 30)
            assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
            drawn += text_of(message)
        deadline = time.monotonic() + 30
        while expect is not None and expect.encode() not in drawn:
            assert time.monotonic() < deadline, f"{expect!r} not drawn in 30 s"
            message = await asyncio.wait_for(tab.receive(), 30)
            drawn += text_of(message)
        if expect is None:
            await asyncio.sleep(1.0)  # the unfinished games' list, drawn after the games
        while True:
            try:
                message = await asyncio.wait_for(tab.receive(), 0.5)
            except TimeoutError:
                break
            drawn += text_of(message)
    return drawn.decode(errors="replace")


def text_of(message: aiohttp.WSMessage) -> bytes:
    """What a message of the tab's socket draws (nothing for a ping or a close)."""
    data = message.data
    return data if isinstance(data, bytes) else data.encode() if isinstance(data, str) else b""


def browser() -> aiohttp.ClientSession:
    """A browser's cookies and requests (keeping cookies from an address, as browsers do)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


def save_a_game_in(home, names):
    """A Piles game for `names`, saved (quit after two moves) in the data folder `home`."""
    old = os.environ.get("CARDTABLE_HOME")
    os.environ["CARDTABLE_HOME"] = str(home)
    try:
        game = games.get("piles")
        match = Match.start(game, parse_seats(names), 3, None, new_save_path("piles"))
        for _ in range(2):
            seat = game.to_act(match.state)[0]
            match.play(seat, game.legal_moves(match.state, seat)[0])
        match.close()
    finally:
        os.environ["CARDTABLE_HOME"] = old or ""


# Item 3: a tab sees only its own browser's games


async def test_each_browser_finds_its_own_unfinished_games_and_no_one_elses():
    server = BrowserServer("127.0.0.1", 0)
    serving, stop, base = await start(server)
    try:
        async with browser() as ann, browser() as stranger:
            async with ann.get(base) as page:
                cookie = page.cookies[VISITOR_COOKIE]
            assert cookie["httponly"] and cookie["samesite"] == "Strict"
            assert len(cookie.value) == 32  # 128 random bits, in hexadecimal
            save_a_game_in(visitor_home(cookie.value), "Zed,Yolanda,bot,bot")
            async with stranger.get(base) as page:
                assert page.cookies[VISITOR_COOKIE].value != cookie.value
            her_new_tab = await start_screen(ann, base, "Zed, Yolanda")
            assert "Zed, Yolanda" in her_new_tab
            assert "Zed, Yolanda" not in await start_screen(stranger, base)
        async with browser() as no_page:  # a tab without the page's cookie
            assert "Zed, Yolanda" not in await start_screen(no_page, base)
    finally:
        stop.set()
        await asyncio.wait_for(serving, 15)
    home = visitor_home(cookie.value)
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert cookie.value not in str(home)  # the folder's name does not give the cookie away


def browser_folders(count: int, now: float, saved: set[int] = frozenset()) -> list:
    """`count` browsers' folders, the first the least recently used (a second apart), those
    numbered in `saved` holding an unfinished game."""
    folders = []
    for number in range(count):
        home = visitor_home(f"{number:032x}")
        home.mkdir(parents=True)
        if number in saved:
            (home / "saves").mkdir()
            (home / "saves" / "piles-abcd.jsonl").write_text("{}\n")
        os.utime(home, (now - 100 + number, now - 100 + number))
        folders.append(home)
    return folders


def test_browsers_folders_are_bounded_and_an_open_tabs_is_kept():
    now = time.time()
    folders = browser_folders(8, now)
    keep_visitors(keep={folders[0]}, most=5, now=now)
    left = sorted((web_home() / "visitors").iterdir())
    assert left == sorted([folders[0], *folders[3:]])  # the oldest went, but not the open one


def test_a_flood_of_new_browsers_never_pushes_out_a_persons_unfinished_game():
    now = time.time()
    folders = browser_folders(30, now, saved={0, 1})  # two people's games, then a flood
    keep_visitors(keep=set(), most=5, now=now)
    left = set((web_home() / "visitors").iterdir())
    assert {folders[0], folders[1]} <= left, "the games stay"
    assert left == {folders[0], folders[1], *folders[25:]}


def test_a_browsers_games_go_once_its_cookie_has_expired():
    now = time.time()
    folders = browser_folders(2, now, saved={0, 1})
    too_old = now - (VISIT_DAYS * 24 * 3600 + 60)
    os.utime(folders[0], (too_old, too_old))
    keep_visitors(keep=set(), now=now)
    assert set((web_home() / "visitors").iterdir()) == {folders[1]}


# Item 4: what a public serve's tabs may join


def test_a_public_serves_tabs_get_its_rules_and_a_local_serves_none():
    public = BrowserServer(
        "0.0.0.0", 0, public=True, host_allow=["127.0.0.1:8765", "studio", "[::1]:9000", "[::1]"]
    )
    assert public.tab_joins is not None
    again = TabJoins.from_environment.__func__  # the tab's side reads what the serve wrote
    os.environ[TAB_JOINS] = public.tab_joins.environment()
    try:
        rules = again(TabJoins)
    finally:
        del os.environ[TAB_JOINS]
    assert rules.allowed == [
        Allowed("127.0.0.1", 8765),
        Allowed("studio", None),
        Allowed("::1", 9000),
        Allowed("::1", None),
    ]
    assert BrowserServer("127.0.0.1", 0).tab_joins is None
    assert TabJoins.from_environment() is None


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1:8765",
        "localhost:8765",
        "[::1]:8765",
        "0.0.0.0:8765",
        "169.254.169.254:80",
        "127.9.9.9",
    ],
)
async def test_addresses_that_stay_on_this_machine_are_refused(address):
    with pytest.raises(ValueError) as refused:
        await TabJoins([]).address_to_join(address)
    assert str(refused.value).startswith("This page could not join a game at")


async def test_a_network_address_and_an_allowed_one_are_joined_by_the_address_checked():
    rules = TabJoins([Allowed("127.0.0.1", 8765)])
    assert await rules.address_to_join("192.168.1.20:8765") == "wss://192.168.1.20:8765"
    assert await rules.address_to_join("127.0.0.1:8765") == "wss://127.0.0.1:8765"
    with pytest.raises(ValueError):
        await rules.address_to_join("127.0.0.1:8766")  # another port of this machine
    assert await rules.address_to_join("localhost:8765") in (
        "wss://127.0.0.1:8765",
        "wss://[::1]:8765",
    )


async def test_a_host_on_this_machine_only_is_out_of_a_public_tabs_reach(monkeypatch):
    """A host started without --public listens on 127.0.0.1: a public serve's tab cannot join
    it, even with its right code; told of it with --host-allow, the tab can."""
    monkeypatch.setattr(tab_joins, "FAILED_JOIN_SECONDS", 0.5)
    match = Match.start(games.get("piles"), parse_seats("Ann,Bob"), 3)
    async with running_host(match) as rig:
        code = rig.host.codes[0]
        app = CardTableApp(Launch())
        address = f"127.0.0.1:{rig.port}"
        monkeypatch.setenv(TAB_JOINS, "public")
        reason = await app.join(address, code, host_certificate().pin)
        assert reason == tab_joins.failed_join(address)
        assert not rig.host.present()[0]  # no connection came
        monkeypatch.setenv(TAB_JOINS, TabJoins([Allowed("127.0.0.1", rig.port)]).environment())
        opened = []
        monkeypatch.setattr(app, "_show_remote", lambda feed, welcome: opened.append(feed))
        assert await app.join(address, code, host_certificate().pin) is None
        assert opened and rig.host.present()[0]
        await opened[0].close()


async def test_closed_silent_and_web_ports_and_a_wrong_code_answer_alike(monkeypatch):
    """A tab's join form is no port scanner: whatever is (or is not) at the port, the answer is
    the same sentence after the same time."""
    monkeypatch.setattr(tab_joins, "FAILED_JOIN_SECONDS", 2.0)
    monkeypatch.setattr("cardtable.net.client.OPEN_SECONDS", 1.5)
    monkeypatch.setenv(TAB_JOINS, "public,127.0.0.1")  # every port of this machine allowed
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()

    async def web_page(reader, writer):
        await reader.read(1000)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi")
        await writer.drain()
        writer.close()

    web = await asyncio.start_server(web_page, "127.0.0.1", 0)
    match = Match.start(games.get("piles"), parse_seats("Ann,Bob"), 3)
    app = CardTableApp(Launch())
    answers = []
    async with running_host(match) as rig:
        for port, code in [
            (closed.getsockname()[1], None),
            (silent.getsockname()[1], None),
            (web.sockets[0].getsockname()[1], None),
            (rig.port, "ABCD-EFGH"),
        ]:
            started = time.monotonic()
            reason = await app.join(f"127.0.0.1:{port}", code, host_certificate().pin)
            answers.append((reason.replace(str(port), "PORT"), time.monotonic() - started))
    web.close()
    closed.close()
    silent.close()
    assert len({reason for reason, _ in answers}) == 1, answers
    assert all(2.0 <= took < 2.6 for _, took in answers), answers
    assert Hello  # the wrong code reached a real host, and got the same words


async def test_a_tabs_page_cannot_ask_its_process_for_a_terminal_of_millions_of_cells():
    """The size a page asks for, on opening (its query) and on each resize (its websocket),
    comes from the browser: a crafted page could ask for 100000x100000 and have the tab's
    cardtable draw ten billion cells. Both stay within MOST_TAB_COLUMNS x MOST_TAB_ROWS, and
    what is not a whole number is 80x24."""
    from cardtable.web import MOST_TAB_COLUMNS, MOST_TAB_ROWS, TabApp, tab_size

    assert tab_size(100_000, 100_000) == (MOST_TAB_COLUMNS, MOST_TAB_ROWS)
    assert tab_size(-5, 0) == (1, 1)
    assert tab_size("wide", 3.5) == (80, 24)
    assert tab_size(True, None) == (80, 24)
    assert tab_size(120, 40) == (120, 40)
    tab = TabApp("true", write_bytes=None, write_str=None, close=None, download_manager=None)
    sent: list[dict] = []

    async def send_meta(data: dict) -> bool:
        sent.append(data)
        return True

    tab.send_meta = send_meta  # type: ignore[method-assign]
    await tab.set_terminal_size(10**9, 10**9)
    assert sent == [{"type": "resize", "width": MOST_TAB_COLUMNS, "height": MOST_TAB_ROWS}]
