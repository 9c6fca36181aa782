"""The client's table, joined to a real host on the loopback address (port 0: a free one)."""

from __future__ import annotations

import asyncio

import pytest

from cardtable import games
from cardtable.bots.hints import hint_player
from cardtable.engine import IllegalMove, Match, new_save_path, parse_seats
from cardtable.engine.claims import claim_move
from cardtable.net.certificate import host_certificate
from cardtable.net.client import Dropped, WebSocketFeed, ws_address
from cardtable.net.host import Host
from cardtable.net.protocol import Act, Goodbye, Refusal
from cardtable.net.server import server_port, start_server
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.host_lobby import HostLobbyScreen
from cardtable.ui.screens.join import JoinScreen
from cardtable.ui.screens.remote_table import RemoteTableScreen
from cardtable.ui.widgets import HandCard, MoveLog
from tests.net_clients import feed_for, joining_app
from tests.pilot_steps import status, steadied, wait_until

SIZE = (80, 24)


def test_addresses_as_typed_become_websocket_urls():
    assert ws_address("127.0.0.1:8765") == "wss://127.0.0.1:8765"
    assert ws_address("table.local") == "wss://table.local:8765"
    assert ws_address(" 10.0.0.5:9000 ") == "wss://10.0.0.5:9000"
    assert ws_address("ws://example.org:81") == "wss://example.org:81"
    for bad in ("", "http://x:80", "host:port", "no host here"):
        with pytest.raises(ValueError):
            ws_address(bad)
    with pytest.raises(ValueError) as refused:
        ws_address("127.0.0.1:99999")
    assert str(refused.value) == "'127.0.0.1:99999': a port is a number from 1 to 65535."


async def hosting(
    game_id: str, seats: str, seed: int = 3, delay: float = 0.0, save=False, options=None
):
    """A host of a new match and its server on a free port, turns running (`options`: the
    game's settings as a dict, its defaults where left out)."""
    game = games.get(game_id)
    path = new_save_path(game_id) if save else None
    settings = None if options is None else game.options_model(**options)
    match = Match.start(game, parse_seats(seats), seed, settings, path)
    host = Host(match, delay=delay)
    server = await start_server(host, "127.0.0.1", 0)
    host.start()
    return host, server, server_port(server)


def joined(app) -> RemoteTableScreen | None:
    screen = app.screen
    if isinstance(screen, RemoteTableScreen) and screen.current is not None:
        return screen
    return None


def hand_text(screen: RemoteTableScreen) -> str:
    return " ".join(str(card.render()) for card in screen.query(HandCard))


async def test_a_player_joins_sees_her_hand_moves_and_hears_a_refusal():
    host, server, port = await hosting("piles", "Ann,Bob,bot,bot", delay=0.05)
    app = joining_app(port, host.codes[0])
    bob = feed_for(port, host.codes[1])
    await bob.open()  # play begins once everyone has come; then Bob's screen drops
    await bob.close()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None and joined(app).may_move)
            screen = joined(app)
            assert screen.seat == 0 and "you: Ann" in str(screen.query_one("#table-title").render())
            assert screen.view.hand and hand_text(screen).strip()
            assert "Bob" in str(screen.query_one("#table-title").render())  # Bob is away
            # Her hand always shows, whoever's turn: a move by the hint's key goes to the host.
            moves = len(host.match.record.log)
            await pilot.press("h")  # thought of in the worker process: it comes a moment later
            await wait_until(pilot, lambda: status(app).startswith("Hint:"))
            hinted = screen.table.hinted
            await pilot.press("enter")
            await wait_until(pilot, lambda: len(host.match.record.log) > moves)
            assert host.match.record.log[moves].seat == 0
            assert host.match.record.log[moves].move == hinted.model_dump(mode="json")
            # A move the host refuses: its reason on the status line, as at one keyboard.
            await wait_until(pilot, lambda: not screen.may_move)
            stale = hinted.model_dump(mode="json")
            before = host.match.state.model_dump_json()
            screen.feed.send(Act(move=stale, table=screen.current.number))
            await wait_until(pilot, lambda: status(app).startswith("✗"))
            assert host.match.state.model_dump_json() == before or host.refusals
            assert host.refusals >= 1
    finally:
        host.stop()
        server.close()


async def test_a_spectator_sees_no_hand_and_cannot_move():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", delay=0.05)
    app = joining_app(port)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            assert screen.seat is None and screen.view.hand is None
            assert not hand_text(screen).strip()
            assert "watching" in str(screen.query_one("#table-title").render())
            await pilot.press("1", "enter")
            assert host.refusals == 0 and not screen.may_move
    finally:
        host.stop()
        server.close()


async def test_a_player_who_leaves_is_told_the_whole_command_that_takes_her_seat_back():
    """The line on leaving is a join command as the host shows it, the fingerprint included
    (without it a join is refused): typed as it stands, it parses to the same seat and host."""
    import re
    import shlex

    from cardtable.cli import build_parser

    host, server, port = await hosting("piles", "Ann,bot,bot,bot", delay=30.0)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            await pilot.press("ctrl+q")
            await wait_until(pilot, lambda: app.exit_message is not None)
    finally:
        host.stop()
        server.close()
    said = re.fullmatch(
        r"You left your seat; the host keeps the game: `(.+)` takes it back\.", app.exit_message
    )
    assert said is not None, app.exit_message
    words = shlex.split(said[1])
    assert words[0] == "cardtable"
    typed = build_parser().parse_args(words[1:])
    assert (typed.address, typed.code[0], typed.pin) == (
        f"127.0.0.1:{port}",
        host.codes[0],
        host_certificate().pin,
    )


async def test_join_errors_are_said_in_words():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot")
    server.close()
    await server.wait_closed()
    host.stop()
    app = joining_app(port, "AAAA-AAAA")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.exit_message is not None)
    assert app.exit_message == (
        f"cardtable: Nothing answers at 127.0.0.1:{port}: is the host running, and is that its "
        "address?"
    )
    host, server, port = await hosting("piles", "Ann,bot,bot,bot")
    app = joining_app(port, "AAAA-AAAA")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.exit_message is not None)
        assert "That code is not one of this game's" in app.exit_message
        assert app.return_code == 1
    finally:
        host.stop()
        server.close()


async def test_a_client_rejoins_a_host_that_restarts():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", delay=5.0, save=True)
    code = host.codes[0]
    app = joining_app(port, code)
    second = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            # The host's process dies: no goodbye, the connection just drops.
            server.close()
            await server.wait_closed()
            await wait_until(pilot, lambda: "trying again" in status(app))
            path = host.match.save_path
            host.match.close()
            match = Match.load(path, games)
            second = Host(match, delay=5.0, codes=dict(host.codes))
            server = await start_server(second, "127.0.0.1", port)
            second.start()
            await wait_until(pilot, lambda: screen.dropped is None and screen.feed.connected)
            assert second.seat_members.get(0) is not None
            assert "trying again" not in status(app)
    finally:
        for each in (host, second):
            if each is not None:
                each.stop()
        server.close()


async def test_leaving_while_a_rejoin_is_made_leaves_that_connection_too():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", delay=5.0)
    feed = feed_for(port, host.codes[0])
    await feed.open()
    rejoin = feed._join

    async def rejoin_as_she_leaves():
        made = await rejoin()
        feed.closed = True  # she quits just as the host lets her back in
        return made

    feed._join = rejoin_as_she_leaves
    try:
        server.close()  # the connection drops (no goodbye): she rejoins
        await server.wait_closed()
        server = await start_server(host, "127.0.0.1", port)
        for _ in range(300):
            if 0 in host.joined and host.seat_members.get(0) is None and feed.closed:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)
        assert host.seat_members.get(0) is None, "her seat is free: the new connection closed"
        assert not feed.connected
    finally:
        host.stop()
        server.close()


async def test_a_seat_taken_by_another_screen_stops_trying():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", delay=5.0)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            other = feed_for(port, host.codes[0])
            await other.open()
            await wait_until(pilot, lambda: screen.ended is not None)
            assert "joined from another screen" in status(app)
            await pilot.pause(1.3)
            assert host.seat_members[0] is not None and not screen.feed.connected
            # Her keys now say why this screen no longer plays, not 'wait for your turn'.
            for key in ("enter", "h"):
                await pilot.press(key)
                assert "joined from another screen" in status(app)
                assert "This screen no longer plays: Ctrl+Q quits." in status(app)
            assert "not connected" in str(screen.query_one("#table-title").render())
            await other.close()
    finally:
        host.stop()
        server.close()


async def test_claim_keys_in_a_run_it_window():
    host, server, port = await hosting("run-it", "Ann,bot,bot", seed=5, delay=0.0)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            keys, names = screen.claim_keys, screen.names
            # Ann plays her turns by the hint until a card is up for claim that she may claim.
            for _ in range(1000):
                window = screen.window
                if window is not None and 0 in window.open_to:
                    break
                if screen.may_move and window is None:
                    await pilot.press("h")
                    screen.feed.send(
                        Act(
                            move=screen.table.hinted.model_dump(mode="json"),
                            table=screen.current.number,
                        )
                    )
                await pilot.pause(0.02)
            window = screen.window
            assert window is not None and 0 in window.open_to
            assert f"Your key {keys[0]} claims it" in status(app)
            assert screen.query_one("#claim-bar").has_class("open")
            # Another seat's key says whose it is and which is hers; hers claims the card.
            await pilot.press(keys[1])
            assert f"{keys[1]} is {names[1]}'s key; yours is {keys[0]}" in status(app)
            heard = []
            screen.feed.listen(lambda message: (heard.append(message), screen.receive(message)))
            state = host.match.state
            try:
                host.game.check(state, 0, claim_move(host.game, state, 0))
                may_claim = True
            except IllegalMove:
                may_claim = False
            before = len(host.match.record.log)
            await pilot.press(keys[0])
            log = host.match.record.log
            if may_claim:  # she holds a card that matches: the host makes her claim
                await wait_until(pilot, lambda: any(e.seat == 0 for e in log[before:]))
                assert next(e for e in log[before:] if e.seat == 0).move["kind"] != "let-go"
            else:  # the host refuses, and says why
                await wait_until(pilot, lambda: any(isinstance(m, Refusal) for m in heard))
                refusal = next(m for m in heard if isinstance(m, Refusal))
                assert refusal.reason and host.refusals == 1
                assert not any(e.seat == 0 and e.move["kind"] != "let-go" for e in log[before:])
    finally:
        host.stop()
        server.close()


@pytest.mark.parametrize("game_id", sorted(games.ids()))
async def test_the_client_table_fits_80x24_with_the_most_seats(game_id):
    game = games.get(game_id)
    most = max(game.seat_counts)
    seats = ",".join(["Ann"] + ["bot"] * (most - 1))
    host, server, port = await hosting(game_id, seats, delay=5.0)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            await pilot.pause(0.1)
            screen = joined(app)
            assert not screen.too_small
            for widget in (screen.table, screen.query_one("#status")):
                region = widget.region
                assert region.right <= 80 and region.bottom <= 24, (widget, region)
            assert screen.query_one("#table-title").region.height >= 1
    finally:
        host.stop()
        server.close()


async def test_a_client_window_too_small_hides_the_table_and_says_so():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", delay=5.0)
    app = joining_app(port, host.codes[0])
    try:
        # Too small even for the phone-sized table (which a player's screen gets from 30x16).
        async with app.run_test(size=(28, 14)) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            message = screen.query_one("#too-small-text")
            assert screen.too_small and message.display and message.region.width > 0
            assert "needs a window of at least 30x16" in str(message.render())
            assert screen.table.region.width == 0  # hidden: no half-drawn table behind it
            await pilot.resize_terminal(60, 20)
            await wait_until(pilot, lambda: not screen.too_small and screen.phone)
            await pilot.resize_terminal(80, 24)
            await wait_until(pilot, lambda: not screen.phone)
            assert screen.table.region.width > 0
    finally:
        host.stop()
        server.close()


def hosting_piles(seats: str) -> tuple[Host, CardTableApp]:
    """`cardtable host piles` with these seats (seed 3), its bots quick: the host and its app."""
    match = Match.start(games.get("piles"), parse_seats(seats), 3, None, new_save_path("piles"))
    host = Host(match, delay=0.05)
    return host, CardTableApp(Launch(command="host", game="piles", port=0), host=host)


async def test_the_hosts_own_screen_too_small_says_ctrl_q_stops_hosting():
    from cardtable.ui.screens.remote_table import RemoteTableScreen

    host, app = hosting_piles("bot,bot,bot,bot")
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteTableScreen), tries=3000)
        screen = app.screen
        await wait_until(pilot, lambda: screen.too_small)
        said = str(screen.query_one("#too-small-text").render())
        assert "Ctrl+Q stops hosting; the game stays saved." in " ".join(said.split())
        await pilot.press("ctrl+q")


async def test_the_host_shows_the_public_table_and_stops_with_the_game_saved():
    host, app = hosting_piles("Ann,bot,bot,bot")
    async with app.run_test(size=SIZE) as pilot:
        # First the join commands, listening already: the lobby over the public table.
        await wait_until(pilot, lambda: isinstance(app.screen, HostLobbyScreen))
        # Drawn once mounted: the lobby can be on top a moment before.
        await wait_until(pilot, lambda: "Ann" in str(app.screen.query_one("#lobby-seats").render()))
        port = server_port(app.server)
        lobby = str(app.screen.query_one("#lobby-seats").render())
        pin = host_certificate().pin
        command = f"cardtable join 127.0.0.1:{port} {host.codes[0]} \\\n      --pin {pin}"
        assert f"· Ann\n  {command}" in lobby
        # The fingerprint on a line of its own: no line wraps inside the lobby's 80 columns.
        assert max(len(line) for line in lobby.splitlines()) <= 76, lobby
        feed = feed_for(port, host.codes[0])
        await feed.open()
        # Everyone has come: the codes leave the screen by themselves, the public table shows.
        await wait_until(pilot, lambda: joined(app) is not None)
        screen = joined(app)
        title = lambda: str(screen.query_one("#table-title").render())  # noqa: E731
        assert f"hosting on 127.0.0.1:{port}" in title() and "away" not in title()
        assert screen.view.hand is None and not hand_text(screen).strip()
        await pilot.press("ctrl+n")  # the projector has no way to the menu
        assert app.screen is screen
        await pilot.press("c")  # the join commands again, for a late player; Enter hides them
        assert isinstance(app.screen, HostLobbyScreen)
        await pilot.press("enter")
        assert app.screen is screen
        await feed.close()
        await wait_until(pilot, lambda: "away: Ann" in title())
        await pilot.press("ctrl+q")
    assert "The host has stopped" in app.exit_message
    assert "saved after its last move" in app.exit_message
    assert feed.welcome is not None


@pytest.mark.parametrize("ended", ["saved", "not saved", "over"])
async def test_ctrl_q_tells_a_seats_screen_to_wait_only_for_a_saved_game_and_a_spectator_never(
    ended, monkeypatch
):
    """A seat's code joins its own game alone, so its screen may wait for the host to resume
    it; a spectator's, with no code, would join whatever the port hosts next. What each is told
    rests on the host's last write, made before it says anything."""
    host, app = hosting_piles("Ann,bot,bot,bot")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HostLobbyScreen))
        port = server_port(app.server)
        ann, watcher = feed_for(port, host.codes[0]), feed_for(port, None)
        heard: dict[str, list] = {"ann": [], "watcher": []}
        for name, feed in (("ann", ann), ("watcher", watcher)):
            await feed.open()
            feed.listen(heard[name].append)
        match = host.match
        if ended == "not saved":  # the disk fills before the host's last write
            monkeypatch.setattr(match, "checkpoint", lambda: setattr(match, "unsaved", "full"))
        elif ended == "over":
            monkeypatch.setattr(match.game, "is_over", lambda state: True)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: not ann.connected and not watcher.connected)
        await pilot.pause(0.3)
        said = {
            name: [m.reason for m in messages if isinstance(m, Goodbye | Dropped)]
            for name, messages in heard.items()
        }
        if ended == "saved":
            assert said["ann"][0].startswith(
                "The host has stopped; the game is saved. This screen joins again when it is "
                "hosted again. Trying again in"
            )
            assert not ann.closed  # it keeps trying
        else:
            words = "is over" if ended == "over" else "was not saved"
            assert said["ann"] == [f"The host has stopped; the game {words}."] and ann.closed
        words = {"saved": "is saved", "not saved": "was not saved", "over": "is over"}[ended]
        assert said["watcher"] == [f"The host has stopped; the game {words}."]
        assert watcher.closed
    await ann.close()


async def test_the_codes_leave_the_projector_when_play_begins_even_with_someone_away():
    host, app = hosting_piles("Ann,Bob,bot,bot")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HostLobbyScreen))
        address = f"127.0.0.1:{server_port(app.server)}"
        ann = WebSocketFeed(address, host.codes[0], host_certificate().pin)
        await ann.open()
        await ann.close()  # Ann came and went: play has not begun, the codes stay
        await pilot.pause(0.2)
        assert isinstance(app.screen, HostLobbyScreen)
        bob = WebSocketFeed(address, host.codes[1], host_certificate().pin)
        await bob.open()  # everyone has come: play begins and the codes leave the screen
        await wait_until(pilot, lambda: joined(app) is not None)
        assert "away: Ann" in str(joined(app).query_one("#table-title").render())
        await pilot.press("c")  # shown again: it says play goes on without Ann
        assert "Play goes on; it waits for Ann when it needs her." in str(
            app.screen.query_one("#lobby-next").render()
        )
        await bob.close()
        await pilot.press("ctrl+q")


async def test_a_host_on_a_port_in_use_says_so():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot")
    try:
        match = Match.start(games.get("piles"), parse_seats("Ann,bot,bot,bot"), 3, None, None)
        app = CardTableApp(Launch(command="host", game="piles", port=port), host=Host(match))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.exit_message is not None)
        assert f"cannot listen on port {port}" in app.exit_message
        assert "try --port with another number" in app.exit_message
        assert app.return_code == 1
    finally:
        host.stop()
        server.close()


async def test_the_start_screen_joins_with_j():
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", delay=5.0)
    app = CardTableApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen))
            await pilot.press(*"127.0.0.1:1", "tab", "enter")
            problem = lambda: str(app.screen.query_one("#join-problem").render())  # noqa: E731
            # No fingerprint: she is asked for it before anything is sent anywhere.
            await wait_until(pilot, lambda: "needs the host's fingerprint" in problem())
            pin = host_certificate().pin
            await pilot.press("tab", *pin.lower().replace("-", " "), "enter")
            await wait_until(pilot, lambda: "Nothing answers at 127.0.0.1:1" in problem())
            address = app.screen.query_one("#address")
            address.value = f"127.0.0.1:{port}"
            code = app.screen.query_one("#code")
            code.value = host.codes[0].lower().replace("-", " ")  # as typed: the host tidies it
            code.focus()
            await pilot.press("enter")
            await wait_until(pilot, lambda: joined(app) is not None)
            assert joined(app).seat == 0 and joined(app).view.hand
    finally:
        host.stop()
        server.close()


async def test_the_projector_closes_a_summary_by_itself(monkeypatch):
    from textual.screen import Screen

    from cardtable.engine import Event
    from cardtable.ui.screens import remote_table

    monkeypatch.setattr(remote_table, "SUMMARY_SECONDS", 0.2)
    host, server, port = await hosting("piles", "Ann,bot,bot,bot", delay=5.0)
    app = joining_app(port)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            summary = Screen()
            monkeypatch.setattr(screen.table, "interlude", lambda *_: summary)
            screen._interlude([Event(kind="hand", text="Hand 1 is scored.")])
            await wait_until(pilot, lambda: app.screen is summary)
            await wait_until(pilot, lambda: app.screen is screen)
    finally:
        host.stop()
        server.close()


async def test_a_whole_game_from_the_client_ends_on_its_results():
    from cardtable.ui.screens.results import OutcomeScreen

    host, server, port = await hosting("piles", "Ann,bot", seed=2, delay=0.0)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            for _ in range(3000):
                if isinstance(app.screen, OutcomeScreen):
                    break
                if app.screen is screen and screen.may_move:
                    screen.hint_line(*hint_player("piles").choose(screen.view, screen.legal))
                    screen.feed.send(
                        Act(
                            move=screen.table.hinted.model_dump(mode="json"),
                            table=screen.current.number,
                        )
                    )
                    screen.legal = []  # one move per Table
                await pilot.pause(0.005)
            assert isinstance(app.screen, OutcomeScreen)
            results = app.screen
            await wait_until(pilot, lambda: results.query("#results-title"))
            shown = str(results.query_one("#results-title").render())
            assert shown == "Piles: game over"
            assert host.match.game.is_over(host.match.state)
            await steadied(app)
            await pilot.press("enter")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "MenuScreen")
    finally:
        host.stop()
        server.close()


async def test_a_screen_the_host_has_no_room_for_counts_down_and_tries_again(monkeypatch):
    monkeypatch.setattr("cardtable.net.server.MAX_SPECTATORS", 1)
    monkeypatch.setattr("cardtable.net.client.FULL_RETRY_SECONDS", 2)
    host, server, port = await hosting("piles", "bot,bot,bot,bot", delay=5.0)
    app = joining_app(port)
    other = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            server.close()  # her connection drops; another screen takes the one place to watch
            await server.wait_closed()
            server = await start_server(host, "127.0.0.1", port)
            other = feed_for(port, None)
            await other.open()
            await wait_until(pilot, lambda: "Trying again in" in status(app), tries=600)
            assert status(app).startswith("The host has as many screens watching as it takes (1).")
            assert screen.ended is None
            await other.close()
            await wait_until(pilot, lambda: screen.feed.connected, tries=900)
            assert screen.dropped is None and "Trying again" not in status(app)
    finally:
        if other is not None:
            await other.close()
        host.stop()
        server.close()


async def test_a_lobby_going_away_is_not_drawn_into_while_the_game_goes_on():
    # A move comes in while the lobby's widgets are already removed (it is being closed): the
    # host's change reaches it, and it must not fail the move's connection (it did, under load).
    host, app = hosting_piles("Ann,bot,bot,bot")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HostLobbyScreen))
        lobby = app.screen
        await lobby.query_one("#lobby-seats").remove()
        lobby._changed()  # no error: nothing left to draw into
        await pilot.press("ctrl+q")


async def test_the_hosts_own_results_screen_replays_the_game_every_hand_open():
    from cardtable.ui.screens.replay import ReplayScreen
    from cardtable.ui.screens.results import OutcomeScreen

    host, app = hosting_piles("bot,bot,bot,bot")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, OutcomeScreen), tries=3000)
        await wait_until(pilot, lambda: app.screen.query("#results-next"))
        assert "r: replay it" in str(app.screen.query_one("#results-next").render())
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.replay.record is host.match.record
        await pilot.press("end", "escape")
        assert isinstance(app.screen, OutcomeScreen)
        await pilot.press("ctrl+q")


async def test_a_table_arriving_while_the_app_quits_is_let_go_quietly():
    """Ctrl+C with a page open: the host's next table can come while the screen's widgets are
    going; it is not drawn, and the screen does not call it a table it cannot show."""
    host, server, port = await hosting("run-it", "Ann,bot,bot,bot", delay=5.0)
    app = joining_app(port, host.codes[0])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: joined(app) is not None)
            screen = joined(app)
            table = screen.current
            await screen.query_one(MoveLog).remove()  # as when the app is taken down
            screen.receive(table)
            assert screen.ended is None
    finally:
        host.stop()
        server.close()
