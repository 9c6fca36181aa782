"""Scripted websocket clients and a host on the loopback address, for the network tests.

`running_host` starts a real `Host` behind `start_server` on 127.0.0.1, port 0 (a free port),
with the test's data folder's certificate. A `Client` is one websocket on TLS (the certificate
checked against its fingerprint, as a player's client does) that says Hello, records every
message it receives (raw and parsed), and can play its seat to the end of the game with the
game's own bot choosing from the view and legal moves the host sends (so games end as quickly
as bot games do). `python -c` runs `play_in_subprocess` for the test that kills a client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardtable import games
from cardtable.bots import player_for
from cardtable.engine import Match, SeatKind
from cardtable.net.certificate import check_pin, client_context, host_certificate
from cardtable.net.client import WebSocketFeed
from cardtable.net.host import Host
from cardtable.net.protocol import (
    HOST_MESSAGE,
    Act,
    Goodbye,
    Hello,
    Message,
    Refusal,
    Table,
    Welcome,
)
from cardtable.net.server import server_port, start_server

WAIT = 20.0
"""The longest a test waits for one message: far beyond a loopback round trip, so a wait that
runs out means the host stopped answering."""


@dataclass
class Rig:
    """A host listening on loopback: the `Host` and the port its server chose."""

    host: Host
    port: int

    @property
    def url(self) -> str:
        """The websocket address clients connect to."""
        return f"wss://127.0.0.1:{self.port}"


async def secure_connect(port: int, pin: str | None = None, **options: Any) -> ClientConnection:
    """A websocket on TLS to the host on 127.0.0.1:`port`, as a player's client makes it: its
    certificate checked against `pin` (the data folder's host certificate unless given)."""
    ws = await connect(f"wss://127.0.0.1:{port}", ssl=client_context(), **options)
    check_pin(ws.transport.get_extra_info("ssl_object"), pin or host_certificate().pin)
    return ws


@contextlib.asynccontextmanager
async def running_host(match: Match, delay: float = 0.0, start: bool = True) -> AsyncIterator[Rig]:
    """A Host for `match` on 127.0.0.1 (a free port), turns running; stopped and closed after."""
    host = Host(match, delay=delay)
    server = await start_server(host, "127.0.0.1", 0)
    if start:
        host.start()
    try:
        yield Rig(host, server_port(server))
    finally:
        host.stop()
        server.close()
        await server.wait_closed()


class Client:
    """One scripted connection to a host: every message it receives is kept, in order."""

    def __init__(self, ws: ClientConnection, game_id: str) -> None:
        self.ws = ws
        self.game = games.get(game_id)
        self.raw: list[str] = []
        """Every frame received, as sent."""
        self.messages: list[Message] = []
        """Every frame received, parsed."""
        self.welcome: Welcome | None = None
        self.table: Table | None = None
        """The latest Table."""
        self.refusals: list[str] = []
        self.goodbye: str | None = None
        self.moves = 0
        """Moves this client has sent."""

    @classmethod
    async def join(cls, port: int, code: str | None, game_id: str) -> Client:
        """Connect, say Hello (with `code`, or none to watch) and read the host's answer."""
        ws = await secure_connect(port, max_size=None, max_queue=None)
        client = cls(ws, game_id)
        await client.send(Hello(code=code))
        await client.receive()
        return client

    @property
    def seat(self) -> int | None:
        """The seat the host gave this connection (None: watching)."""
        return None if self.welcome is None else self.welcome.seat

    async def send(self, message: Message | str | bytes) -> None:
        """Send a message (a model as its JSON, or raw text or bytes as they are)."""
        data = message.model_dump_json() if isinstance(message, Message) else message
        await self.ws.send(data)

    async def receive(self, timeout: float = WAIT) -> Message:
        """The next message from the host, recorded. ConnectionClosed once it has closed."""
        data = await asyncio.wait_for(self.ws.recv(), timeout)
        text = data if isinstance(data, str) else data.decode()
        message = HOST_MESSAGE.validate_json(text)
        self.raw.append(text)
        self.messages.append(message)
        if isinstance(message, Welcome):
            self.welcome = message
        elif isinstance(message, Table):
            self.table = message
        elif isinstance(message, Refusal):
            self.refusals.append(message.reason)
        elif isinstance(message, Goodbye):
            self.goodbye = message.reason
        return message

    async def until(self, wanted: Callable[[Message], bool], timeout: float = WAIT) -> Message:
        """Read messages until one is `wanted`, and return it."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.receive()
                if wanted(message):
                    return message

    async def until_table(self, wanted: Callable[[Table], bool], timeout: float = WAIT) -> Table:
        """Read messages until a Table that is `wanted` (the latest one if it already is)."""
        if self.table is not None and wanted(self.table):
            return self.table
        found = await self.until(lambda m: isinstance(m, Table) and wanted(m), timeout)
        assert isinstance(found, Table)
        return found

    def may_move(self, table: Table) -> bool:
        """True when this seat is asked to act on `table`: it has legal moves and, in a window
        that asks each person in turn, it is her turn to be asked."""
        if not table.legal or table.over:
            return False
        window = table.window
        return window is None or window.seconds > 0 or table.asking == self.seat

    def choose(self, table: Table, chooser: Any) -> dict[str, Any]:
        """The move `chooser` (a bot) picks from the view and legal moves of `table`."""
        view = self.game.view_model.model_validate(table.view)
        legal = [self.game.parse_move(move) for move in table.legal]
        move, _ = chooser.choose(view, legal)
        return move.model_dump(mode="json")

    async def play(
        self,
        seed: int = 0,
        stop: Callable[[Client, Table], bool] | None = None,
        timeout: float = 60.0,
    ) -> Table | None:
        """Play this seat with the game's bot until the game is over (that Table is returned),
        the host says goodbye (None), or `stop(client, table)` is true before a move (that
        Table is returned). A refused move is chosen again from the latest Table."""
        chooser = player_for(SeatKind.BOT, self.game.id, seed)
        refused_in_a_row = 0
        moved_on: tuple[Any, ...] | None = None
        async with asyncio.timeout(timeout):
            table = self.table
            while True:
                if self.goodbye is not None:
                    return None
                if table is not None and table.over:
                    return table
                # A Table may come again unchanged (someone joined): one move per position.
                if table is not None and self.may_move(table) and _position(table) != moved_on:
                    if stop is not None and stop(self, table):
                        return table
                    await self.send(Act(move=self.choose(table, chooser), table=table.number))
                    self.moves += 1
                    moved_on = _position(table)
                message = await self.receive()
                if isinstance(message, Table):
                    table = message
                    refused_in_a_row = 0
                elif isinstance(message, Refusal):
                    refused_in_a_row += 1
                    assert refused_in_a_row < 5, f"refused again and again: {message.reason}"
                    table, moved_on = self.table, None  # choose again from the latest Table

    async def close(self) -> None:
        """Close the connection (a client leaving)."""
        await self.ws.close()

    async def drain(self, seconds: float = 0.05) -> None:
        """Read whatever arrives for `seconds` (until the connection closes)."""
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            while True:
                await self.receive(timeout=seconds)


def _position(table: Table) -> tuple[Any, ...]:
    """What a move is chosen from: the view, the legal moves and the window."""
    return (table.view, table.legal, table.window, table.asking)


def as_card(item: Any, kinds: list[type]) -> Any:
    """`item` as a card, when it is a dict with exactly the fields of one of the card models
    `kinds` and validates as it; else None."""
    if not isinstance(item, dict):
        return None
    keys = set(item)
    for kind in kinds:
        if keys == set(kind.model_fields):
            with contextlib.suppress(ValueError):
                return kind.model_validate(item)
    return None


def card_groups(data: Any, kinds: list[type]) -> list[list[Any]]:
    """The card objects in JSON `data`, parsed, in groups: the cards of each list, and each
    card that is a field's value alone."""
    groups: list[list[Any]] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if as_card(item, kinds) is not None:
            groups.append([as_card(item, kinds)])
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            cards = [as_card(x, kinds) for x in item]
            groups.append([c for c in cards if c is not None])
            stack.extend(x for x, c in zip(item, cards, strict=True) if c is None)
    return [group for group in groups if group]


def cards_in(data: Any, kinds: list[type]) -> list[Any]:
    """Every card object in the JSON `data`, parsed, wherever they are nested."""
    return [card for group in card_groups(data, kinds) for card in group]


async def _play_from_subprocess(port: int, code: str, game_id: str, hold_after: int) -> None:
    client = await Client.join(port, code, game_id)
    print("joined", json.dumps(client.welcome.log if client.welcome else None), flush=True)
    first = await client.until_table(lambda t: True)
    print("view", json.dumps(first.view, sort_keys=True), flush=True)

    def hold(me: Client, table: Table) -> bool:
        if hold_after and me.moves >= hold_after:
            print("asked", me.moves, flush=True)
            return True
        return False

    end = await client.play(seed=client.seat or 0, stop=hold)
    if end is not None and not end.over:
        await asyncio.sleep(3600)  # stands still, asked to move, until it is killed
    print("over" if end is not None and end.over else "goodbye", client.moves, flush=True)
    await client.close()


def play_in_subprocess(port: int, code: str, game_id: str, hold_after: int = 0) -> None:
    """A client in its own process (`python -c`): prints 'joined <log>', 'view <json>', then
    plays; with `hold_after`, once it has made that many moves it prints 'asked N' and stands
    still at its next turn; at the end it prints 'over N'."""
    asyncio.run(_play_from_subprocess(port, code, game_id, hold_after))


if __name__ == "__main__":  # pragma: no cover
    play_in_subprocess(int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]))


def joining_app(port: int, code: str | None = None) -> Any:
    """`cardtable join` of the host on 127.0.0.1:`port` as typed with its whole join command:
    the seat's code (None: watch) and the data folder's host certificate's fingerprint."""
    from cardtable.ui.app import CardTableApp, Launch

    address = f"127.0.0.1:{port}"
    return CardTableApp(
        Launch(command="join", address=address, code=code, pin=host_certificate().pin)
    )


def feed_for(port: int, code: str | None) -> WebSocketFeed:
    """A client's feed to the host on 127.0.0.1:`port` with a seat's code (None: watch)."""
    return WebSocketFeed(f"127.0.0.1:{port}", code, host_certificate().pin)


def free_port() -> int:
    """A port nothing listens on just now (the OS picks it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
