"""The host's lobby with each seat's page (issue 23, item 2): every person's QR code beside her
name and a spectators' code, read back by a real decoder from a picture of the screen's cells,
at 80x24 (one code at a time, the others a key away), 160x45 and 200x60 (side by side), in the
felt themes and a light one; a seat that joins loses its code; `j` shows the join commands."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.engine import Match, new_save_path, parse_seats
from cardtable.net.server import server_port
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.host_lobby import HostLobbyScreen
from cardtable.ui.screens.remote_table import RemoteTableScreen
from tests.net_clients import feed_for
from tests.pilot_steps import wait_until
from tests.qr_reading import codes_read, screen_picture

EIGHT = "Ann,Bob,[red]Cy,Dee,Eve,Fay,Gus,Hal"
"""Run It's most people, one of them named in markup (shown as typed)."""
NAMES = ["Ann", "Bob", "[red]Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
LAN = "192.168.100.200"


def hosting(seats: str) -> tuple[CardTableApp, Match]:
    """`cardtable host run-it` with these seats (seed 3): its app, the host's match."""
    from cardtable.net.host import Host

    match = Match.start(games.get("run-it"), parse_seats(seats), 3, None, new_save_path("run-it"))
    host = Host(match, delay=0.05)
    return CardTableApp(Launch(command="host", game="run-it", port=0), host=host), match


def seat_pages(app: CardTableApp) -> dict[int | None, str]:
    """Each seat's page and the spectators', as the host would serve them on its LAN address."""
    pages: dict[int | None, str] = {
        seat: f"https://{LAN}:8766/seat/{code}" for seat, code in app.host.codes.items()
    }
    pages[None] = f"https://{LAN}:8766/watch"
    return pages


async def lobby_with_pages(app: CardTableApp, pilot) -> HostLobbyScreen:
    """The host's lobby again, this time given its seats' pages (as the app will give them)."""
    await wait_until(pilot, lambda: isinstance(app.screen, HostLobbyScreen))
    app.screen.dismiss()
    await pilot.pause()
    lobby = HostLobbyScreen(
        app.host, f"{LAN}:{server_port(app.server)}", "cardtable", app.pin, seat_pages(app)
    )
    app.push_screen(lobby)
    await wait_until(pilot, lambda: app.screen is lobby and lobby.per_page > 0)
    await pilot.pause()
    return lobby


def screen_text(app: CardTableApp) -> str:
    """What the screen shows, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def codes_on_screen(app: CardTableApp) -> list[str]:
    """The URLs a phone's camera reads off the screen as it is drawn."""
    return sorted(codes_read(screen_picture(app.screen._compositor.render_strips())))


@pytest.mark.parametrize(
    ("size", "pages"),
    [((200, 60), [9]), ((160, 45), [8, 1]), ((80, 24), [1] * 9)],
    ids=["200x60", "160x45", "80x24"],
)
@pytest.mark.parametrize("theme", ["felt", "felt-contrast", "textual-light"])
async def test_every_persons_code_is_read_off_the_screen_a_page_at_a_time(size, pages, theme):
    app, _ = hosting(EIGHT)
    async with app.run_test(size=size) as pilot:
        app.theme = theme
        lobby = await lobby_with_pages(app, pilot)
        wanted = seat_pages(app)
        seen: list[list[str]] = []
        for number in range(len(pages)):
            shown = screen_text(app)
            seen.append(codes_on_screen(app))
            assert "Enter: the public table now" in shown  # the words are not pushed off
            if len(pages) > 1:
                assert f" of {len(pages)})" in shown  # it says the other codes are a key away
            for lines in shown.splitlines():
                assert not lines.rstrip().endswith("…"), f"cut: {lines!r}"
            if number + 1 < len(pages):
                await pilot.press("tab" if number % 2 else "right")
                await pilot.pause()
        assert [len(urls) for urls in seen] == pages
        assert sorted(url for urls in seen for url in urls) == sorted(wanted.values())
        # Each code under its own name (the markup name as typed) on the page that shows it.
        await pilot.press("right")  # round again to the first page
        await pilot.pause()
        assert lobby.page == 0
        first = screen_text(app)
        for seat, name in enumerate(NAMES[: pages[0]]):
            assert f"{name} · scan to play" in first, name
            assert wanted[seat] in codes_on_screen(app)
        if pages == [9]:
            assert "Anyone · scan to watch" in first
        await pilot.press("ctrl+q")


async def test_a_joined_seat_loses_its_code_and_one_at_a_time_moves_to_the_next():
    app, _ = hosting("Ann,Bob,Cy,bot")
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_with_pages(app, pilot)
        pages = seat_pages(app)
        assert codes_on_screen(app) == [pages[0]] and "Ann · scan to play" in screen_text(app)
        assert "→ or Tab: the next code (1 of 4)" in " ".join(screen_text(app).split())
        ann = feed_for(server_port(app.server), app.host.codes[0])
        await ann.open()
        # Ann's phone is in: Bob's code shows without a key pressed.
        await wait_until(pilot, lambda: codes_on_screen(app) == [pages[1]])
        assert "Bob · scan to play" in screen_text(app)
        await pilot.press("left")  # Ann's place: her name, no code
        await pilot.pause()
        assert lobby.page == 0 and codes_on_screen(app) == []
        assert "Ann ✓ joined" in screen_text(app)
        await pilot.press("ctrl+q")
        await ann.close()


async def test_side_by_side_a_joined_seat_keeps_its_place_and_the_codes_leave_when_play_begins():
    app, _ = hosting("Ann,Bob,bot,bot")
    async with app.run_test(size=(160, 45)) as pilot:
        await lobby_with_pages(app, pilot)
        pages = seat_pages(app)
        assert codes_on_screen(app) == sorted(pages.values())
        port = server_port(app.server)
        ann = feed_for(port, app.host.codes[0])
        await ann.open()
        await wait_until(pilot, lambda: codes_on_screen(app) == sorted([pages[1], pages[None]]))
        first_row = next(line for line in screen_text(app).splitlines() if "Ann" in line)
        assert first_row.index("Ann ✓ joined") < first_row.index("Bob · scan to play")
        bob = feed_for(port, app.host.codes[1])
        await bob.open()  # everyone is here: play begins, and the codes leave the projector
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
        assert codes_on_screen(app) == []
        await pilot.press("ctrl+q")
        await ann.close()
        await bob.close()


async def test_j_shows_the_join_commands_for_a_terminal_and_back():
    app, _ = hosting("Ann,Bob,bot,bot")
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_with_pages(app, pilot)
        await pilot.press("j")
        await pilot.pause()
        shown = screen_text(app)
        assert codes_on_screen(app) == []
        for code in app.host.codes.values():
            assert f"cardtable join {LAN}:{server_port(app.server)} {code}" in shown
        assert "j QR codes" in shown  # the footer says how to have them back
        await pilot.press("j")
        await pilot.pause()
        assert not lobby.commands_shown and codes_on_screen(app) == [seat_pages(app)[0]]
        assert "j Join commands" in screen_text(app)
        await pilot.press("ctrl+q")


async def test_a_window_too_small_for_a_code_shows_the_commands_and_says_why():
    app, _ = hosting("Ann,Bob,bot,bot")
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_with_pages(app, pilot)
        await pilot.resize_terminal(70, 20)
        await wait_until(pilot, lambda: lobby.per_page == 0)
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "The QR codes need a bigger window." in shown
        assert f"join {LAN}:{server_port(app.server)} {app.host.codes[0]}" in shown
        await pilot.resize_terminal(80, 24)  # big enough again: the codes come back
        await wait_until(pilot, lambda: codes_on_screen(app) == [seat_pages(app)[0]])
        await pilot.press("ctrl+q")


async def test_the_join_commands_of_eight_people_scroll_by_keys_at_80x24():
    app, _ = hosting("Ann,Bob,Cy,Dee,Eve,Fay,Gus,Hal")
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await lobby_with_pages(app, pilot)
        await pilot.press("j")
        await pilot.pause()
        await pilot.pause()
        box = lobby.query_one("#lobby")
        assert box.max_scroll_y > 0 and "↑↓ Scroll" in screen_text(app)
        assert "Hal" not in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y and "Hal" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert box.scroll_y == 0
        await pilot.press("ctrl+q")
