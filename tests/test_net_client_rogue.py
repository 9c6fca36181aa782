"""A rogue host: well-formed messages that make no sense, sent to the real client app.

The fake host answers a Hello with what each case scripts (made from a real host's Welcome and
Table, then spoiled). The client never raises: it says in a sentence that the host sent
nonsense and leaves it (or, for a log line with stray braces, shows the line as written).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

import pytest
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from cardtable import games
from cardtable.engine import Event, Match, parse_seats
from cardtable.net.certificate import host_certificate
from cardtable.net.host import Host
from cardtable.net.protocol import Goodbye, Message, Refusal, Table, Welcome
from cardtable.net.server import server_port
from cardtable.ui.app import CardTableApp
from cardtable.ui.screens.remote_table import RemoteTableScreen
from cardtable.ui.widgets import MoveLog
from tests.net_clients import joining_app
from tests.pilot_steps import status, wait_until

SIZE = (80, 24)
NONSENSE = "which makes no sense: this screen has left it."


async def genuine(game_id: str = "piles") -> tuple[Welcome, Table]:
    """A real host's Welcome and first Table for Ann, at a table of the game (Piles) for four."""
    match = Match.start(games.get(game_id), parse_seats("Ann,bot,bot,bot"), 3)
    host = Host(match, delay=30.0)
    sent: list[Message] = []
    host.connect(host.codes[0], sent.append)
    host.start()
    host.stop()
    welcome, table = sent[0], next(m for m in sent if isinstance(m, Table))
    assert isinstance(welcome, Welcome)
    return welcome, table


def on_table(app: CardTableApp) -> bool:
    """True once the joined table is up (the start screen shows while TLS and Hello are made)."""
    return isinstance(app.screen, RemoteTableScreen)


@contextlib.asynccontextmanager
async def rogue_host(frames: list[Message]):
    """A fake host on a free port: to every Hello it sends `frames`, then stays silent."""

    async def handler(connection) -> None:
        with contextlib.suppress(ConnectionClosed):
            await connection.recv()
            for frame in frames:
                await connection.send(frame.model_dump_json())
            await connection.wait_closed()

    # A rogue host has the certificate its join command names: the pin proves who answers,
    # not that what it sends makes sense.
    context = host_certificate().server_context()
    async with serve(handler, "127.0.0.1", 0, ssl=context) as server:
        yield server_port(server)


def spoil_table(**changes) -> Callable[[Welcome, Table], list[Message]]:
    def frames(welcome: Welcome, table: Table) -> list[Message]:
        return [welcome, table, table.model_copy(update=changes)]

    return frames


def spoil_view(**changes) -> Callable[[Welcome, Table], list[Message]]:
    def frames(welcome: Welcome, table: Table) -> list[Message]:
        return [welcome, table, table.model_copy(update={"view": {**table.view, **changes}})]

    return frames


def outcome_with(**changes) -> Callable[[Welcome, Table], list[Message]]:
    def frames(welcome: Welcome, table: Table) -> list[Message]:
        outcome = {
            "scores": [1, 2, 3, 4],
            "teams": [[0], [1], [2], [3]],
            "team_scores": [1, 2, 3, 4],
            "winners": [3],
            "reason": None,
            "summary": "Bot 4 wins.",
            **changes,
        }
        return [
            welcome,
            table,
            Table.model_validate({**table.model_dump(), "over": True, "outcome": outcome}),
        ]

    return frames


def window_with(**changes) -> Callable[[Welcome, Table], list[Message]]:
    def frames(welcome: Welcome, table: Table) -> list[Message]:
        window = {"verb": "match", "card": "R7", "open_to": [1], "seconds": 2.0, **changes}
        spoiled = Table.model_validate({**table.model_dump(), "window": window})
        return [welcome, table, spoiled]

    return frames


def welcome_with(**changes) -> Callable[[Welcome, Table], list[Message]]:
    def frames(welcome: Welcome, table: Table) -> list[Message]:
        return [welcome.model_copy(update=changes), table]

    return frames


def event(text: str, seats: tuple[int, ...]) -> Callable[[Welcome, Table], list[Message]]:
    return spoil_table(events=[Event(kind="play", text=text, seats=seats)])


def then(message: Message) -> Callable[[Welcome, Table], list[Message]]:
    def frames(welcome: Welcome, table: Table) -> list[Message]:
        return [welcome, table, message]

    return frames


CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4K\x1b\\"
"""A terminal code that writes the clipboard (OSC 52), as a rogue host would hide it in text."""

AT_JOIN = {  # the Welcome itself makes no sense: `cardtable join` says so and ends
    "welcome-name-writes-the-clipboard": welcome_with(names=["Ann", f"{CLIPBOARD}Bob", "C", "D"]),
    "welcome-names-the-same": welcome_with(names=["Ann", "ann", "C", "D"]),
    "welcome-log-clears-the-screen": welcome_with(log=["\x1b[2JAnn plays"]),
    "goodbye-retitles-the-window": lambda welcome, table: [Goodbye(reason="\x1b]0;bye\x07Gone")],
    "welcome-seat-7": welcome_with(seat=7),
    "welcome-game-poker": welcome_with(game="poker"),
    "welcome-person-at-seat-13": welcome_with(humans=[0, 12]),
    "welcome-nine-seats-of-piles": welcome_with(names=[f"P{i}" for i in range(9)]),
}
AT_TABLE = {  # a later Table makes no sense: the screen says so and leaves the host
    "acting-99": spoil_table(acting=[99]),
    "asking-40": spoil_table(asking=40),
    "present-for-2-seats": spoil_table(present=[True, True]),
    "view-of-another-game": spoil_table(view={"piles": "no"}),
    "view-of-9-seats": spoil_view(seats=9),
    "legal-garbage": spoil_table(legal=[{"kind": "teleport"}]),
    "teams-malformed": outcome_with(teams=[[0, 42], []]),
    "scores-for-2": outcome_with(scores=[1, 2]),
    "window-garbage-seats": window_with(open_to=[50, -3]),
    "window-negative-seconds": window_with(seconds=-5.0),
    "event-about-seat-9": event("{0} plays", (9,)),
    "event-clears-the-screen": event("\x1b[2J{0} plays", (1,)),
    "explain-writes-the-clipboard": spoil_table(explain=f"Play a card.{CLIPBOARD}"),
    "summary-writes-the-clipboard": spoil_table(summary=f"{CLIPBOARD}No card yet."),
    "refusal-clears-the-screen": then(Refusal(reason="\x1b[2JNo.")),
    "goodbye-retitles-the-window": then(Goodbye(reason="\x1b]0;bye\x07Gone")),
}


@pytest.mark.parametrize("case", sorted(AT_JOIN))
async def test_a_welcome_that_makes_no_sense_is_said_and_join_ends(case):
    welcome, table = await genuine()
    async with rogue_host(AT_JOIN[case](welcome, table)) as port:
        app = joining_app(port, "AAAA-AAAA")
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.exit_message is not None)
        assert app.exit_message.startswith("cardtable: The host sent ")
        assert app.exit_message.endswith(NONSENSE)
        assert app.return_code == 1


@pytest.mark.parametrize("case", sorted(AT_TABLE))
async def test_a_table_that_makes_no_sense_is_said_and_the_screen_leaves(case):
    welcome, table = await genuine()
    async with rogue_host(AT_TABLE[case](welcome, table)) as port:
        app = joining_app(port, "AAAA-AAAA")
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: on_table(app) and NONSENSE in status(app))
            screen = app.screen
            assert isinstance(screen, RemoteTableScreen) and screen.ended is not None
            assert status(app).startswith("The host sent ")
            assert not screen.feed.connected and screen.feed.closed
        assert app.return_code in (None, 0), "the app did not fail"


async def test_a_log_line_with_stray_braces_is_shown_as_written():
    welcome, table = await genuine()
    frames = event("{5} {0} plays {nothing}", (1,))(welcome, table)
    async with rogue_host(frames) as port:
        app = joining_app(port, "AAAA-AAAA")
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
            screen = app.screen

            def last_line() -> str:
                lines = screen.query_one(MoveLog).lines
                return str(lines[-1].text) if lines else ""

            await wait_until(pilot, lambda: "plays" in last_line())
            assert "{5} Bot 2 plays {nothing}" in last_line()
            assert screen.ended is None
        assert app.return_code in (None, 0)


async def test_a_welcome_with_a_200000_line_log_shows_its_end_and_quits_at_once():
    welcome, table = await genuine()
    long_log = welcome.model_copy(update={"log": [f"line {i}" for i in range(200_000)]})
    async with rogue_host([long_log, table]) as port:
        app = joining_app(port, "AAAA-AAAA")
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(
                pilot,
                lambda: isinstance(app.screen, RemoteTableScreen) and app.screen.current,
                tries=600,
            )
            log = app.screen.query_one(MoveLog)
            await wait_until(pilot, lambda: len(log.lines) > 0)
            assert "line 199999" in str(log.lines[-1].text) and len(log.lines) <= 500
            started = time.monotonic()
            await pilot.press("ctrl+q")
            await wait_until(pilot, lambda: not app.is_running)
            assert time.monotonic() - started < 3.0


@pytest.mark.parametrize("game_id", games.ids())
async def test_a_view_whose_own_seat_lists_are_short_never_crashes_a_later_redraw(game_id):
    """A view that passes the shared checks but whose game's own per-seat lists are empty and
    seat numbers out of range: the screen leaves in words, and a resize afterwards (which
    redraws) draws the last table that made sense."""
    welcome, table = await genuine(game_id)
    shared = ("hand_sizes", "to_act", "hand")  # checked against the table for every game
    spoiled = {
        key: ([] if isinstance(value, list) and len(value) == 4 and key not in shared else value)
        for key, value in table.view.items()
    }
    spoiled.update({key: 99 for key in ("dealer", "turn", "active", "leader") if key in spoiled})
    frames = [welcome, table, table.model_copy(update={"view": spoiled})]
    async with rogue_host(frames) as port:
        app = joining_app(port, "AAAA-AAAA")
        async with app.run_test(size=SIZE) as pilot:

            def answered() -> bool:  # left in words, or drew the odd table after all
                screen = app.screen
                if not on_table(app) or screen.view is None:
                    return False
                drawn = screen.view.model_dump(mode="json")
                return screen.ended is not None or drawn == spoiled

            await wait_until(pilot, answered)
            await pilot.resize_terminal(60, 20)
            await pilot.pause()
            await pilot.resize_terminal(*SIZE)
            await pilot.pause()
            await pilot.press("h", "enter", "left", "right")
            await pilot.pause()
            if app.screen.ended is not None:
                assert app.screen.view.model_dump(mode="json") == table.view
        assert app.return_code in (None, 0), "the app did not fail"
