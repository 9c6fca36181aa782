"""`cardtable host --resume`: a hosted game hosted again, with its people's codes unchanged.

The command line runs in-process: `cardtable host` and `cardtable host --resume` go through
`main` and the real app (headless), host and server; a thread plays the person's side over a
real websocket on the loopback address and quits the host as Ctrl+Q would.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from websockets.sync.client import connect

from cardtable import games
from cardtable.cli import _resumed_host, build_parser, main
from cardtable.engine import Match, new_save_path, parse_seats, saved_games
from cardtable.net import client as client_module
from cardtable.net.certificate import check_pin, client_context, host_certificate
from cardtable.net.client import Dropped, WebSocketFeed
from cardtable.net.host import Host
from cardtable.net.hosted import HostedRecord, codes_path, read_codes, write_codes
from cardtable.net.protocol import HOST_MESSAGE, Act, Goodbye, Hello, Table, Welcome
from cardtable.net.server import server_port, start_server
from cardtable.ui import app as app_module
from tests.net_clients import free_port

PILES = games.get("piles")
REAL_RUN = app_module.CardTableApp.run
WAIT = 20.0


class Person:
    """One person's screen, scripted: a websocket that says Hello with her code."""

    def __init__(self, port: int, code: str | None) -> None:
        deadline = time.monotonic() + WAIT
        while True:
            try:
                self.ws = connect(
                    f"wss://127.0.0.1:{port}", max_size=None, legacy=True, ssl=client_context()
                )
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        check_pin(self.ws.socket, host_certificate().pin)
        self.ws.send(Hello(code=code).model_dump_json())
        self.welcome = self.receive()
        self.table: Table | None = None

    def __enter__(self) -> Person:
        return self

    def __exit__(self, *exc: object) -> None:
        self.ws.close()

    def receive(self) -> Any:
        """The host's next message."""
        return HOST_MESSAGE.validate_json(self.ws.recv(timeout=WAIT))

    def table_where(self, wanted: Callable[[Table], bool]) -> Table:
        """Read the host's messages until a Table that is `wanted`."""
        while True:
            message = self.receive()
            if isinstance(message, Table):
                self.table = message
                if wanted(message):
                    return message

    def goodbye(self) -> Goodbye:
        """The host's Goodbye, the Tables before it skipped."""
        while True:
            message = self.receive()
            if isinstance(message, Goodbye):
                return message


def waiting_for_a_person(table: Table) -> bool:
    """The game stands still: it waits for a person (Ann or Bob), not for a bot."""
    return bool(table.acting) and all(seat in (0, 1) for seat in table.acting)


def host_cli(monkeypatch, argv: list[str], drive: Callable[[Any], Any]) -> Any:
    """Run `cardtable` with `argv` in-process, its app headless; `drive(app)` runs in a thread
    once the app runs, then the host is quit as Ctrl+Q quits it. What `drive` returned."""
    outcome: dict[str, Any] = {}

    def run(app: Any, *args: Any, **kwargs: Any) -> Any:
        def driver() -> None:
            try:
                outcome["result"] = drive(app)
            except BaseException as err:  # handed to the test below
                outcome["error"] = err
            finally:
                with contextlib.suppress(Exception):  # unless `drive` has quit it already
                    app.call_from_thread(app.action_quit)

        thread = threading.Thread(target=driver, daemon=True)
        thread.start()
        result = REAL_RUN(app, headless=True, size=(120, 40))
        thread.join(WAIT)
        return result

    monkeypatch.setattr(app_module.CardTableApp, "run", run)
    main(argv)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]


def test_a_stopped_host_resumed_keeps_every_code_and_its_port(monkeypatch, capsys):
    port = free_port()
    argv = ["host", "piles", "--seats", "Ann,Bob,bot,bot", "--seed", "3", "--port", str(port)]
    argv += ["--delay", "0"]

    def first_session(app: Any) -> tuple[dict[str, Any], Goodbye]:
        # Play begins once every person has joined: Bob's screen is there too.
        with Person(port, app.host.codes[0]) as ann, Person(port, app.host.codes[1]):
            stands = ann.table_where(waiting_for_a_person)
            if stands.legal:  # her turn: she plays, then the bots play until a person is needed
                ann.ws.send(Act(move=stands.legal[0], table=stands.number).model_dump_json())
                stands = ann.table_where(lambda t: bool(t.events))
                if not waiting_for_a_person(stands):
                    stands = ann.table_where(waiting_for_a_person)
            app.call_from_thread(app.action_quit)
            return stands.view, ann.goodbye()

    view, goodbye = host_cli(monkeypatch, argv, first_session)
    first = capsys.readouterr().out
    assert "This screen joins again when it is hosted again." in goodbye.reason
    assert goodbye.retry  # a joined screen keeps trying until the game is hosted again
    (saved,) = saved_games()
    assert f"`cardtable host --resume {saved.id}` hosts it again" in first
    before = read_codes(codes_path(saved.path))
    assert before is not None and before.port == port and set(before.codes) == {0, 1}
    join_lines = [
        line for line in codes_path(saved.path).read_text().splitlines() if " join " in line
    ]
    assert len(join_lines) == 3
    pin = host_certificate().pin  # the host made it on first use, beside its saves
    assert all(line.endswith(f" --pin {pin}") for line in join_lines) and before.pin == pin
    assert not any(code in first for code in before.codes.values()), "no code left on screen"

    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0, "still listening"
    main(["resume", "--list"])
    listed = capsys.readouterr().out
    assert f"{saved.id}  Piles · Ann, Bob, Bot 3, Bot 4" in listed and "· hosted" in listed
    assert "cardtable host --resume N" in listed

    def second_session(app: Any) -> tuple[Welcome, Table, Welcome]:
        with Person(port, before.codes[0]) as ann:  # her join command from before, as it was
            stands = ann.table_where(lambda t: True)
            with Person(port, before.codes[1]) as bob:
                return ann.welcome, stands, bob.welcome

    ann_welcome, stands, bob_welcome = host_cli(
        monkeypatch, ["host", "--resume", "--delay", "0"], second_session
    )
    second = capsys.readouterr().out
    assert (ann_welcome.seat, bob_welcome.seat) == (0, 1)
    assert stands.view == view  # the game where it stood for her
    assert ann_welcome.log and ann_welcome.log == bob_welcome.log
    moves = saved.moves
    assert f"Piles, hosted again, {moves} move" in second and f"on 127.0.0.1:{port}." in second
    again = codes_path(saved.path).read_text().splitlines()
    assert [line for line in again if " join " in line] == join_lines
    assert "Every person keeps the code from before." in second
    assert "the players' join commands work as they are" in second
    assert read_codes(codes_path(saved.path)).codes == before.codes


@pytest.mark.parametrize("ended", ["died", "stopped with the game saved"])
async def test_a_client_whose_host_ended_rejoins_the_resumed_host_by_itself(ended, monkeypatch):
    monkeypatch.setattr(client_module, "FULL_RETRY_SECONDS", 1)
    path = new_save_path("piles")
    match = Match.start(PILES, parse_seats("Ann,Bob,bot,bot"), 5, None, path)
    host = Host(match, delay=0.0)
    server = await start_server(host, "127.0.0.1", 0)
    port = server_port(server)
    write_codes(codes_path(path), ["(commands)"], HostedRecord(codes=host.codes, port=port))
    host.start()
    feed = WebSocketFeed(f"127.0.0.1:{port}", host.codes[1], host_certificate().pin)
    heard: list[Any] = []
    await feed.open()
    feed.listen(heard.append)
    try:
        async with asyncio.timeout(WAIT):
            while not any(isinstance(m, Table) for m in heard):
                await asyncio.sleep(0.01)
        if ended == "died":  # no Goodbye: its connections cut, its save's lock let go
            host.runner.stop()
        else:  # Ctrl+Q: told to come back when the game is hosted again
            host.stop("The host has stopped; the game is saved.", rejoin="Back soon.")
        server.close()
        await server.wait_closed()
        if ended == "died":
            match.close()
        async with asyncio.timeout(WAIT):
            while feed.connected:
                await asyncio.sleep(0.01)
        assert not feed.closed  # it keeps trying
        if ended != "died":
            assert not any(isinstance(m, Goodbye) for m in heard)
            async with asyncio.timeout(WAIT):
                while not any(isinstance(m, Dropped) for m in heard):
                    await asyncio.sleep(0.01)
            waiting = next(m for m in heard if isinstance(m, Dropped)).reason
            assert waiting.startswith("The host has stopped; the game is saved. Back soon.")
            assert "Trying again in" in waiting

        hosting = _resumed_host(build_parser().parse_args(["host", "--resume"]))
        assert hosting.port == port and hosting.codes == host.codes
        again = Host(hosting.match, delay=0.0, codes=hosting.codes)
        server = await start_server(again, "127.0.0.1", hosting.port)
        again.start()
        heard.clear()
        async with asyncio.timeout(WAIT):
            while not any(isinstance(m, Table) for m in heard):
                await asyncio.sleep(0.02)
        welcome = next(m for m in heard if isinstance(m, Welcome))
        assert welcome.seat == 1 and feed.connected
        assert again.present() == [False, True, True, True]  # Bob is back, Ann not yet
        again.stop()
    finally:
        await feed.close()
        server.close()
        await server.wait_closed()


def played_save(seats: str = "Ann,Bob,bot,bot", moves: int = 6) -> Match:
    """A saved Piles game a few moves in, left (its lock let go)."""
    match = Match.start(PILES, parse_seats(seats), 9, None, new_save_path("piles"))
    for _ in range(moves):
        seat = PILES.to_act(match.state)[0]
        match.play(seat, PILES.legal_moves(match.state, seat)[0])
    match.close()
    return match


def test_a_damaged_save_is_refused_in_words_and_kept_as_it_was():
    played_save()
    path = saved_games()[0].path
    with path.open("a") as save:
        save.write('{"seat": 0, "move": {"kind": "no such move"}, "lines": []}\n')
    damaged = path.read_bytes()
    with pytest.raises(SystemExit) as stopped:
        main(["host", "--resume", saved_games()[0].id])
    assert "cannot be resumed" in str(stopped.value) and "left untouched" in str(stopped.value)
    assert path.read_bytes() == damaged


def test_a_game_open_in_another_window_is_refused_in_words():
    played_save()
    (saved,) = saved_games()
    held = Match.load(saved.path, games)
    try:
        with pytest.raises(SystemExit) as stopped:
            main(["host", "--resume", "1"])
        assert "open in another cardtable window" in str(stopped.value)
    finally:
        held.close()


def test_a_hot_seat_game_is_hosted_with_new_codes_and_says_so():
    played_save()
    hosting = _resumed_host(build_parser().parse_args(["host", "--resume"]))
    try:
        assert set(hosting.codes) == {0, 1}
        assert "It was not hosted before, so Ann and Bob have new codes (above)." in hosting.notes
        assert hosting.port == 8765 and hosting.before is None
    finally:
        hosting.match.close()


def test_a_damaged_codes_file_gives_new_codes_with_the_reason():
    played_save()
    (saved,) = saved_games()
    codes_path(saved.path).write_text("Ann  cardtable join 127.0.0.1:8765 K7QX-2MPD\n")
    hosting = _resumed_host(build_parser().parse_args(["host", "--resume"]))
    try:
        (note,) = hosting.notes
        assert "cannot be used (it holds no codes a host can read: " in note
        assert "so Ann and Bob have new codes" in note
    finally:
        hosting.match.close()


def test_a_port_given_wins_over_the_one_kept_and_a_busy_port_lets_the_save_go():
    played_save()
    (saved,) = saved_games()
    codes = {0: "K7QX-2MPD", 1: "ABCD-EFGH"}
    write_codes(codes_path(saved.path), [], HostedRecord(codes=codes, port=1, public=True))
    port = free_port()
    args = build_parser().parse_args(["host", "--resume", saved.id, "--port", str(port)])
    hosting = _resumed_host(args)
    hosting.match.close()
    assert hosting.port == port and hosting.codes == codes
    assert any("It was hosted with --public" in note for note in hosting.notes)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        with pytest.raises(SystemExit) as stopped:
            main(["host", "--resume", "--port", str(busy)])
        assert f"cannot listen on port {busy}" in str(stopped.value)
    Match.load(saved.path, games).close()  # refused, the save was let go: it opens again


def test_resume_and_a_new_game_are_not_mixed():
    with pytest.raises(SystemExit) as stopped:
        main(["host", "piles", "--resume"])
    assert "leave out the game, --seats, --seed and --option" in str(stopped.value)
    with pytest.raises(SystemExit) as stopped:
        main(["host", "--seats", "Ann,bot"])
    assert "name the game and its seats" in str(stopped.value)
    with pytest.raises(SystemExit) as stopped:
        main(["host", "--resume"])
    assert "There is no unfinished game to resume." in str(stopped.value)


def test_the_resume_command_a_stopped_host_prints_hosts_it_as_it_was():
    """Hosted --public with the seats' pages, the printed command says so: without them the
    players on other machines and every phone could not come back."""
    from cardtable.ui.app import CardTableApp, Launch

    def flags(**launch: Any) -> str:
        return CardTableApp(Launch(command="host", port=9000, **launch))._hosted_as()

    assert flags(address="127.0.0.1") == ""
    assert flags(address="0.0.0.0") == " --public"
    assert flags(address="0.0.0.0", web_port=9001) == " --public --web"
    assert flags(address="0.0.0.0", web_port=9100, web_tls=True) == (
        " --public --web --web-port 9100 --web-tls"
    )
