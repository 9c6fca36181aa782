"""`cardtable serve` from the command line: help, refusals in words, the page's addresses, a
browser tab's app, and Ctrl+C that stops it all with a line instead of a traceback."""

import asyncio
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tests.serving import ServeProcess

WEBSOCKET_URL = re.compile(r'data-session-websocket-url="([^"]+)"')


def cardtable(*args):
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=60
    )


def page(url, host=None):
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.read().decode()


def test_serve_is_a_command_with_a_port_and_public():
    listed = cardtable("--help")
    assert listed.returncode == 0 and "serve" in listed.stdout
    done = cardtable("serve", "--help")
    assert done.returncode == 0
    assert "--port" in done.stdout and "--public" in done.stdout and "browser" in done.stdout


def test_a_port_in_use_is_refused_in_a_sentence():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = cardtable("serve", "--port", str(port))
    assert done.returncode != 0
    assert f"cardtable: port {port} is in use" in done.stderr and "--port" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_port_that_is_no_port_is_refused():
    done = cardtable("serve", "--port", "70000")
    assert done.returncode != 0 and "'70000' is not a port" in done.stderr


def reachable(address, port):
    """Whether a connection to `address`:`port` is accepted."""
    try:
        socket.create_connection((address, port), timeout=5).close()
    except OSError:
        return False
    return True


def test_the_page_points_each_browser_back_at_the_address_it_used():
    with ServeProcess() as served:
        served.wait_for_line(re.compile("Only this machine can open it"))
        here = WEBSOCKET_URL.search(page(served.url)).group(1)
        assert here == f"ws://127.0.0.1:{served.port}/ws"
        named = WEBSOCKET_URL.search(page(served.url, host=f"localhost:{served.port}")).group(1)
        assert named == f"ws://localhost:{served.port}/ws"
        # Listening on 127.0.0.1 only: another address of this machine is not answered.
        assert not reachable("127.0.0.2", served.port)
        code, printed = served.interrupt()
    assert code == 0 and printed.rstrip().endswith("Stopped serving cardtable.")


def test_public_listens_on_every_address_and_says_what_a_phone_opens():
    with ServeProcess("--public") as served:
        printed = "".join(served.lines)
        assert "open to the network: on a phone or laptop open http://" in printed
        assert f"(on this machine: http://127.0.0.1:{served.port})" in printed
        assert reachable("127.0.0.2", served.port)
        # A phone on the LAN reaches the page by the LAN address, and its page says so.
        phone = WEBSOCKET_URL.search(page(served.url, host=f"192.168.1.20:{served.port}"))
        assert phone.group(1) == f"ws://192.168.1.20:{served.port}/ws"
        code, _ = served.interrupt()
    assert code == 0


def test_another_web_site_cannot_open_a_tab_or_the_page():
    with ServeProcess() as served:
        # A page of another site, open in the same browser, tries the websocket.
        async def from_another_site():
            await connect(f"ws://127.0.0.1:{served.port}/ws", origin="http://evil.example")

        with pytest.raises(InvalidStatus) as refused:
            asyncio.run(from_another_site())
        assert refused.value.response.status_code == 403
        # A DNS name rebound to 127.0.0.1 asks for the page.
        with pytest.raises(urllib.error.HTTPError) as rebound:
            page(served.url, host=f"evil.example:{served.port}")
        assert rebound.value.code == 403
        assert not descendants(served.process.pid)  # no tab's cardtable was started
        code, printed = served.interrupt()
    assert code == 0
    assert "refused /ws from 127.0.0.1: a tab's websocket must come from its own page" in printed


def descendants(pid):
    """The processes `pid` started, and theirs, that are still running."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        for child in (task / "children").read_text().split():
            found += [int(child), *descendants(int(child))]
    return found


def running(pid):
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False


def test_a_tab_gets_its_own_cardtable_and_ctrl_c_ends_it_cleanly():
    with ServeProcess() as served:

        async def visit():
            async with connect(f"ws://127.0.0.1:{served.port}/ws?width=100&height=30") as tab:
                drawn = b""
                while b"c a r d t a b l e" not in drawn:
                    frame = await asyncio.wait_for(tab.recv(), 20)
                    drawn += frame if isinstance(frame, bytes) else frame.encode()
                apps = descendants(served.process.pid)
                # Ctrl+C while the tab is still open: its app is told to quit, then the server.
                code, printed = await asyncio.to_thread(served.interrupt)
                return drawn, apps, code, printed

        drawn, apps, code, printed = asyncio.run(visit())
    assert b"Friends around one keyboard" in drawn  # the start screen, drawn for this tab
    assert apps, "the tab's cardtable ran as a process of the server's"
    assert code == 0 and printed.rstrip().endswith("Stopped serving cardtable.")
    assert "Traceback" not in printed
    assert not [pid for pid in apps if running(pid)]


async def test_a_tab_past_the_limit_is_told_so_in_its_terminal():
    from cardtable.web import BrowserServer

    server = BrowserServer("127.0.0.1", 0, max_tabs=1)
    stop = asyncio.Event()
    ports = []
    serving = asyncio.create_task(server.run(stop, ports.append))
    while not ports:
        await asyncio.sleep(0.05)
    tab = f"ws://127.0.0.1:{ports[0]}/ws?width=80&height=24"
    try:
        async with connect(tab) as first:
            drawn = b""
            while b"c a r d t a b l e" not in drawn:
                drawn += await asyncio.wait_for(first.recv(), 20)
            async with connect(tab) as second:
                told = await asyncio.wait_for(second.recv(), 10)
                assert b"serves 1 tabs at once, and all are open" in told
                assert b"then reload this page" in told
                # ...and let go at once: a turned-away tab holds no socket on the server.
                await asyncio.wait_for(second.wait_closed(), 10)
                assert second.close_code == 1013  # try again later
            # The first tab's app is still there, and still answers its keys.
            await first.send('["stdin", "r"]')  # the start screen's key for the rules page
            drawn = b""
            while b"Be the first to build a run" not in drawn:  # Runway's, first on the list
                drawn += await asyncio.wait_for(first.recv(), 20)
    finally:
        stop.set()
        await asyncio.wait_for(serving, 15)
    assert not server.sessions and not server.turned_away


def test_a_tab_never_sees_this_terminals_games(tmp_path, monkeypatch):
    """A hosted game stopped for `host --resume` holds every hand in its save: a browser tab,
    which anyone at the meetup may open, has a data folder of its own and never lists it."""
    from cardtable import games
    from cardtable.engine import Match, new_save_path, parse_seats
    from cardtable.web import app_command, visitor_home

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    match = Match.start(
        games.get("piles"), parse_seats("Ann,Bob,bot,bot"), 3, None, new_save_path("piles")
    )
    match.close()
    here = subprocess.run(
        [sys.executable, "-m", "cardtable", "resume", "--list"], capture_output=True, text=True
    )
    assert "Piles · Ann, Bob" in here.stdout  # this terminal's own list has it
    tab = subprocess.run(
        app_command(visitor_home("0" * 32)) + " resume --list",
        shell=True,
        capture_output=True,
        text=True,
    )
    assert tab.returncode == 0 and tab.stdout.strip() == "No unfinished games."


async def test_turned_away_tabs_hold_nothing_and_the_page_says_all_are_taken():
    """Issue 19 item 8: 400 tabs past the limit held 400 sockets (and 23,000 log lines) until
    the server ran out of descriptors. Now each is told, then closed; the page itself, asked
    while every tab is taken, says so without opening a websocket at all."""
    import aiohttp

    from cardtable.web import BrowserServer

    server = BrowserServer("127.0.0.1", 0, max_tabs=0)
    stop = asyncio.Event()
    ports = []
    serving = asyncio.create_task(server.run(stop, ports.append))
    while not ports:
        await asyncio.sleep(0.05)
    base = f"http://127.0.0.1:{ports[0]}"
    try:
        async with aiohttp.ClientSession() as session:
            tabs = []
            for _ in range(40):  # a page that never reads past the first frame
                tab = await session.ws_connect(f"{base}/ws")
                first = await asyncio.wait_for(tab.receive(), 10)
                assert b"all are open" in first.data
                tabs.append(tab)
            for _ in range(100):
                if not server.turned_away:
                    break
                await asyncio.sleep(0.1)
            assert not server.turned_away  # every one let go, though none answered
            async with session.get(base) as page:
                assert page.status == 503
                assert "serves 0 tabs at once, and all are open" in await page.text()
            for tab in tabs:
                await tab.close()
    finally:
        stop.set()
        await asyncio.wait_for(serving, 15)
