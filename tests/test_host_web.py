"""`cardtable host --web` (issue 23, items 1 and 4): the host serves each person's seat as a page
(`/seat/<CODE>`) and one to watch (`/watch`); a tab opened there joins this host's game, as that
seat, and nothing else."""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import socket
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from cardtable import games
from cardtable.engine import Match, new_save_path, parse_seats, saved_games
from cardtable.engine.saves import data_dir
from cardtable.net.certificate import check_pin, client_context, host_certificate
from cardtable.net.tab_joins import SEAT_CODE
from cardtable.web import LOCAL_FONT, SESSION_ENDED
from cardtable.web_seats import (
    NO_SUCH_SEAT,
    PAGE_SECONDS,
    SEAT,
    SEAT_ENDED,
    WATCH_ENDED,
    SeatServer,
    seat_pages,
    tabs_folder,
)
from tests.net_clients import Client, Rig, running_host

TEXTUAL_JS = Path(sys.modules["textual_serve"].__file__).parent / "static" / "js" / "textual.js"


def piles_match() -> Match:
    """A saved Piles game for Ann and Bob against two bots."""
    game = games.get("piles")
    return Match.start(game, parse_seats("Ann,Bob,bot,bot"), 4, None, new_save_path("piles"))


@contextlib.asynccontextmanager
async def hosted_pages(tls: bool = False) -> AsyncIterator[tuple[Rig, SeatServer, str]]:
    """A host of `piles_match` on loopback, its seats' pages beside it: the rig, the pages'
    server and their base address."""
    async with running_host(piles_match(), start=False) as rig:
        pages = SeatServer(rig.host, "127.0.0.1", 0, rig.port, host_certificate().pin, False)
        context = host_certificate().server_context() if tls else None
        port = await pages.start(context)
        try:
            yield rig, pages, f"{'https' if tls else 'http'}://127.0.0.1:{port}"
        finally:
            await pages.close()


async def drawn_until(tab: aiohttp.ClientWebSocketResponse, *wanted: str) -> str:
    """What a tab's terminal was sent until every one of `wanted` is in it."""
    drawn = b""
    async with asyncio.timeout(30):
        while not all(text.encode() in drawn for text in wanted):
            message = await tab.receive()
            assert message.type == aiohttp.WSMsgType.BINARY, message
            drawn += message.data
    return drawn.decode(errors="replace")


def test_each_seats_page_is_the_host_address_with_her_code_and_one_to_watch():
    codes = {0: "K7QX-2MPD", 2: "AB12-CD34"}
    assert seat_pages("192.168.1.20", 8766, codes, tls=False) == {
        0: "http://192.168.1.20:8766/seat/K7QX-2MPD",
        2: "http://192.168.1.20:8766/seat/AB12-CD34",
        None: "http://192.168.1.20:8766/watch",
    }
    assert seat_pages("::1", 9000, {}, tls=True) == {None: "https://[::1]:9000/watch"}


async def test_a_seats_page_opens_its_own_websocket_whatever_the_codes_case_or_dash():
    async with hosted_pages() as (rig, _, base), aiohttp.ClientSession() as browser:
        code = rig.host.codes[0]
        port = base.rsplit(":", 1)[1]
        for typed in (code, code.lower(), code.replace("-", "")):
            async with browser.get(f"{base}/seat/{typed}") as page:
                assert page.status == 200
                html = await page.text()
                assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/seat/{code}"' in html
                assert page.headers["Referrer-Policy"] == "no-referrer"
            assert SEAT_ENDED in html and SESSION_ENDED not in html
            assert "googleapis" not in html and LOCAL_FONT in html  # no other site is asked
        async with browser.get(f"{base}/watch") as page:
            html = await page.text()
            assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/watch"' in html
            assert WATCH_ENDED in html


def test_textual_serves_script_opens_the_websocket_the_page_names_with_the_size_after_it():
    # The seats' pages change the websocket address textual-serve writes into its page: its
    # script must still take it from there and add only the terminal's size.
    script = TEXTUAL_JS.read_text()
    assert "this.websocket_url=e.dataset.sessionWebsocketUrl" in script
    assert 'new WebSocket(this.websocket_url+"?width="' in script


async def test_a_wrong_code_is_a_404_in_a_sentence_after_the_same_time_and_no_start_screen():
    async with hosted_pages() as (rig, _, base), aiohttp.ClientSession() as browser:
        timings = []
        for path in (f"/seat/{rig.host.codes[0]}", "/seat/ZZZZ-ZZZZ"):
            started = time.monotonic()
            async with browser.get(base + path) as page:
                await page.read()
            timings.append(time.monotonic() - started)
        assert min(timings) >= PAGE_SECONDS
        assert abs(timings[0] - timings[1]) < PAGE_SECONDS
        async with browser.get(f"{base}/seat/ZZZZ-ZZZZ") as page:
            assert page.status == 404
            assert await page.text() == NO_SUCH_SEAT
        for path in ("/", "/ws", "/ws/seat/ZZZZ-ZZZZ"):  # no start screen, no other tab
            async with browser.get(base + path) as page:
                assert page.status == 404, path
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await browser.ws_connect(f"{base}/ws/seat/ZZZZ-ZZZZ")


async def test_a_websocket_from_another_sites_page_starts_nothing():
    async with hosted_pages() as (rig, _, base), aiohttp.ClientSession() as browser:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browser.ws_connect(
                f"{base}/ws/seat/{rig.host.codes[0]}", headers={"Origin": "http://evil.example"}
            )
        assert refused.value.status == 403


async def test_a_tab_runs_exactly_the_join_of_its_seat_in_a_folder_of_its_own():
    async with hosted_pages() as (rig, pages, base):
        home = pages.tab_home(None)
        assert home.parent == tabs_folder() and home.is_relative_to(data_dir())

        for seat, code in ((1, rig.host.codes[1]), (None, None)):
            words = shlex.split(pages.tab_command({SEAT: seat}, home))
            assert words[:3] == [
                f"CARDTABLE_HOME={home}",
                "CARDTABLE_WHERE=browser",
                "CARDTABLE_ONE_GAME=1",
            ]
            assert words[3:] == [
                sys.executable,
                *("-m", "cardtable", "join", f"127.0.0.1:{rig.port}"),
                *("--pin", host_certificate().pin),
            ]
            # The seat's code goes in the tab's environment only: a command line is anyone's
            # to read (`ps`).
            assert all(rig.host.codes[n] not in " ".join(words) for n in rig.host.codes)
            secrets = pages.tab_secrets({SEAT: seat})
            assert secrets == ({} if code is None else {SEAT_CODE: code})


async def test_a_seats_tab_shows_her_table_and_leaves_the_hosts_saves_and_port_alone():
    async with hosted_pages() as (rig, _, base), aiohttp.ClientSession() as browser:
        saves_before = [(s.path, s.path.read_bytes()) for s in saved_games()]
        rig.host.start()
        url = f"{base}/ws/seat/{rig.host.codes[0]}?width=100&height=30"
        async with browser.ws_connect(url) as tab:
            drawn = await drawn_until(tab, "you: Ann")
            assert "watching" not in drawn
            assert 0 in rig.host.seat_members  # Ann's seat is this tab's
            homes = list(tabs_folder().iterdir())
            assert len(homes) == 1
        async with asyncio.timeout(15):
            while list(tabs_folder().iterdir()) or 0 in rig.host.seat_members:
                await asyncio.sleep(0.1)  # the tab's app quit: its folder is gone
        spectator = await Client.join(rig.port, None, "piles")  # the host's port still answers
        assert spectator.welcome is not None
        await spectator.close()
        assert [(s.path, s.path.read_bytes()) for s in saved_games()] == saves_before


async def test_tabs_past_the_cap_are_told_so():
    async with hosted_pages() as (_, pages, base), aiohttp.ClientSession() as browser:
        pages.watch_tabs = 1
        async with browser.ws_connect(f"{base}/ws/watch?width=80&height=24") as first:
            await drawn_until(first, "watching")
            async with browser.get(f"{base}/watch") as page:
                assert page.status == 503
                assert "all are open" in await page.text()
            async with browser.ws_connect(f"{base}/ws/watch") as second:
                told = await drawn_until(second, "all are open")
                assert "reload this page" in told
                closing = await second.receive()
                assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


async def test_over_tls_the_page_and_its_websocket_are_the_hosts_own_certificates():
    async with hosted_pages(tls=True) as (rig, _, base), aiohttp.ClientSession() as browser:
        port = base.rsplit(":", 1)[1]
        _, writer = await asyncio.open_connection("127.0.0.1", int(port), ssl=client_context())
        check_pin(writer.get_extra_info("ssl_object"), host_certificate().pin)
        writer.close()
        async with browser.get(f"{base}/seat/{rig.host.codes[0]}", ssl=False) as page:
            html = await page.text()
        assert f'"wss://127.0.0.1:{port}/ws/seat/{rig.host.codes[0]}"' in html


async def test_a_seat_pages_app_ends_when_she_leaves_the_game_instead_of_opening_the_start_screen(
    monkeypatch,
):
    from cardtable.ui.screens.menu import MenuScreen
    from cardtable.ui.screens.remote_table import RemoteTableScreen
    from tests.net_clients import joining_app
    from tests.pilot_steps import wait_until

    monkeypatch.setenv("CARDTABLE_ONE_GAME", "1")  # as a seat's page starts its cardtable
    async with running_host(piles_match()) as rig:
        app = joining_app(rig.port, rig.host.codes[0])
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
            await pilot.press("ctrl+n")  # the table's key back to the start screen
            await wait_until(pilot, lambda: not app.is_running)
            assert not app.is_running and not isinstance(app.screen, MenuScreen)


async def test_the_host_app_serves_the_pages_gives_them_to_its_lobby_and_stops_their_tabs():
    from cardtable.net.host import Host
    from cardtable.ui.app import CardTableApp, Launch
    from cardtable.ui.screens.host_lobby import HostLobbyScreen
    from tests.pilot_steps import wait_until

    host = Host(piles_match(), delay=0.0)
    from cardtable.web_seats import page_server

    launch = Launch(command="host", game="piles", port=0, web_port=0, delay=0.0)
    app = CardTableApp(launch, host=host, pages=page_server(host, "127.0.0.1", 0, public=False))
    async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as browser:
        await wait_until(pilot, lambda: isinstance(app.screen, HostLobbyScreen))
        pages = app.screen.pages
        assert pages is not None and set(pages) == {0, 1, None}
        assert pages[0] == f"http://127.0.0.1:{launch.web_port}/seat/{host.codes[0]}"
        tab = await browser.ws_connect(pages[1].replace("/seat/", "/ws/seat/") + "?width=100")
        await drawn_until(tab, "you: Bob")

        async def page_reads_until_closed() -> None:
            while not tab.closed:  # a browser answers the close at once
                await tab.receive()

        reading = asyncio.create_task(page_reads_until_closed())
        await app.action_quit()  # the tab's app is told to quit, and waited for
        assert not list(tabs_folder().iterdir())
        await asyncio.wait_for(reading, 15)


def test_host_web_options_are_for_web_and_a_busy_pages_port_is_a_sentence():
    from cardtable.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["host", "piles", "--seats", "Ann,bot", "--web-port", "9000"])
    assert "--web-port and --web-tls are for --web" in str(stopped.value)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        with pytest.raises(SystemExit) as stopped:
            main(["host", "piles", "--seats", "Ann,bot", "--web", "--web-port", str(busy)])
    assert f"cannot listen on port {busy}" in str(stopped.value)
    assert "try --web-port" in str(stopped.value)
    assert not saved_games()  # refused before any game was dealt


def test_host_web_serves_the_pages_one_port_up_and_keeps_them_with_the_join_commands(
    monkeypatch, capsys
):
    from cardtable.cli import main
    from cardtable.net.hosted import codes_path
    from cardtable.ui.app import CardTableApp

    launched = []
    monkeypatch.setattr(CardTableApp, "run", lambda app: launched.append(app.launch))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    main(["host", "piles", "--seats", "Ann,bot", "--web", "--port", str(port)])
    (launch,) = launched
    assert (launch.web_port, launch.web_tls) == (port + 1, False)
    kept = codes_path(saved_games()[0].path).read_text()
    assert f"http://127.0.0.1:{port + 1}/seat/" in kept
    assert f"spectators open http://127.0.0.1:{port + 1}/watch" in capsys.readouterr().out
