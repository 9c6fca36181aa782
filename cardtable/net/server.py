"""A host on a websocket over TLS: each connection says Hello, then is a `Member` of the host.

The host speaks wss:// only, with its own certificate (net/certificate.py), whose fingerprint
each join command carries: what crosses the network (hands, join codes) is never in clear.

The websocket library does the framing and refuses a frame over MAX_CLIENT_MESSAGE bytes (it
closes that connection); everything that arrives is handed to `Host.receive`, which validates it.
Each member's messages go out through its own queue, in order. A client's frames are read only
as fast as it takes the answers (READ_AHEAD), so a flood of messages waits on its own
connection instead of filling the queue; a client that stops reading while the game goes on
(MAX_BACKLOG messages unsent) is let go and may rejoin with its code.

Room is kept so that a person with her seat's code is never turned away: a seat has one screen
(a new one takes it over), spectators have their own cap (MAX_SPECTATORS, told to try again in
a while), and of the connections that have not said Hello yet the first PATIENT have
HELLO_SECONDS to say it, the others (MAX_WAITING in all) only QUICK_HELLO_SECONDS: a stranger's
connections that say nothing cannot keep out one that says Hello at once, as a client does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.net.certificate import HostCertificate, host_certificate
from cardtable.net.host import Host, JoinRefused, Member
from cardtable.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL, Goodbye, Hello, Message

HELLO_SECONDS = 10.0
"""How long a new connection has to say Hello."""
MAX_SPECTATORS = 32
"""Screens watching (no code) at once: a room that opens the public table again and again
cannot use up the host. Players' screens are never counted against it."""
PATIENT = 16
"""Connections yet to say Hello that are given HELLO_SECONDS to say it."""
QUICK_HELLO_SECONDS = 1.0
"""How long a connection has to say Hello when PATIENT others are waiting for theirs (a client
says it as soon as it connects)."""
MAX_WAITING = 256
"""Connections that have not said Hello yet; one more is turned away at once."""
MAX_BACKLOG = 200
"""Messages waiting to go to one client before the host lets it go as not reading."""
READ_AHEAD = 32
"""Messages waiting to go to one client before the host stops reading what it sends (a flood
of claims is answered as fast as the client reads the refusals, never faster)."""


class ServeError(Exception):
    """A server (`cardtable serve`, a host's seat pages) could not start; `reason` says why in
    a sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


log = logging.getLogger("cardtable.host")


async def start_server(
    host: Host,
    address: str = "127.0.0.1",
    port: int = 8765,
    certificate: HostCertificate | None = None,
) -> Server:
    """Listen for clients of `host` on `address`:`port` (port 0: any free one), over TLS with
    `certificate` (the data folder's, made on first use, unless given)."""
    context = (certificate or host_certificate()).server_context()

    room = Room()

    async def handler(connection: ServerConnection) -> None:
        if len(room.waiting) >= MAX_WAITING:
            log.info(
                "turned away a connection from %s: %d have not said hello",
                connection.remote_address,
                len(room.waiting),
            )
            await _goodbye(connection, "The host is busy just now.", retry=True)
            return
        hello_seconds = HELLO_SECONDS if len(room.waiting) < PATIENT else QUICK_HELLO_SECONDS
        room.waiting.add(connection)
        try:
            await _serve_member(host, connection, room, hello_seconds)
        finally:
            room.waiting.discard(connection)

    return await serve(
        handler,
        address,
        port,
        max_size=MAX_CLIENT_MESSAGE,
        max_queue=16,
        compression=None,
        ping_interval=10,
        ping_timeout=10,
        ssl=context,
    )


def server_port(server: Server) -> int:
    """The port a started server listens on (the free one chosen for port 0)."""
    return next(iter(server.sockets)).getsockname()[1]


class Room:
    """Who is connected: the connections yet to say Hello, and how many screens watch."""

    def __init__(self) -> None:
        self.waiting: set[ServerConnection] = set()
        self.watching = 0


async def _serve_member(
    host: Host, connection: ServerConnection, room: Room, hello_seconds: float
) -> None:
    peer = connection.remote_address
    try:
        first = await asyncio.wait_for(connection.recv(), hello_seconds)
    except (TimeoutError, ConnectionClosed):
        log.info("a connection from %s said no hello", peer)
        return
    room.waiting.discard(connection)
    try:
        hello = Hello.model_validate_json(first)
    except ValidationError:
        log.info("refused a connection from %s: its first message was not a hello", peer)
        await _goodbye(connection, "The host expected a hello with a join code first.")
        return
    if hello.protocol != PROTOCOL:
        log.info("refused a hello from %s: it speaks version %d", peer, hello.protocol)
        await _goodbye(
            connection,
            f"This host speaks version {PROTOCOL} of cardtable's messages, not "
            f"{hello.protocol}: use the same cardtable as the host.",
        )
        return
    if hello.code is None and room.watching >= MAX_SPECTATORS:
        log.info("turned away a spectator from %s: %d watch already", peer, room.watching)
        await _goodbye(
            connection,
            f"The host has as many screens watching as it takes ({MAX_SPECTATORS}).",
            retry=True,
        )
        return
    outbox = Outbox()
    member: Member | None = None

    def post(message: Message) -> None:
        if outbox.closing:
            return
        if len(outbox) >= MAX_BACKLOG:
            log.info("let %s go: it is not reading its messages", peer)
            outbox.put(Goodbye(reason="Your screen fell too far behind.", retry=True))
            if member is not None:  # after this broadcast, not inside it
                asyncio.get_running_loop().call_soon(host.leave, member)
            return
        outbox.put(message)

    try:
        member = host.connect(hello.code, post)
    except JoinRefused as refused:
        log.info("refused a hello from %s: %s", peer, refused.reason)
        await _goodbye(connection, refused.reason)
        return
    watching = member.seat is None
    room.watching += watching
    writer = asyncio.create_task(_write(connection, outbox))
    try:
        async for data in connection:
            host.receive(member, data)
            if member.left:
                break
            # A client is heard only as fast as it reads the answers: a flood of messages
            # waits here instead of filling its outbox.
            await outbox.room()
    except ConnectionClosed as closed:
        # websockets closes a connection whose frame is too big with 1009: a close it sent.
        if closed.sent is not None and closed.sent.code == 1009:
            log.info(
                "closed the connection of %s: it sent a message over %d bytes",
                member.name,
                MAX_CLIENT_MESSAGE,
            )
    finally:
        room.watching -= watching
        host.leave(member)
        outbox.put(None)  # the writer sends what is queued, then stops
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            await asyncio.wait_for(writer, 2.0)


class Outbox:
    """One member's messages waiting to go out, in order (None ends them). While more than
    READ_AHEAD wait, the member's own messages are not read (`room`)."""

    def __init__(self) -> None:
        self._queue: asyncio.Queue[Message | None] = asyncio.Queue()
        self._room = asyncio.Event()
        self._room.set()
        self.closing = False
        """True once a Goodbye or the end is queued: nothing more is."""

    def __len__(self) -> int:
        return self._queue.qsize()

    def put(self, message: Message | None) -> None:
        """Queue a message; a Goodbye or None is the last."""
        if self.closing:
            return
        self.closing = message is None or isinstance(message, Goodbye)
        self._queue.put_nowait(message)
        if self._queue.qsize() > READ_AHEAD:
            self._room.clear()

    async def get(self) -> Message | None:
        """The next message to send."""
        message = await self._queue.get()
        if self._queue.qsize() <= READ_AHEAD // 2:
            self._room.set()
        return message

    async def room(self) -> None:
        """Return once few enough messages wait (or nothing more will be sent)."""
        await self._room.wait()

    def done(self) -> None:
        """The writer has stopped: nobody waits for room any more."""
        self.closing = True
        self._room.set()


async def _write(connection: ServerConnection, outbox: Outbox) -> None:
    """Send a member's messages in order, until None; a Goodbye is the last, then the connection
    closes."""
    try:
        while True:
            message = await outbox.get()
            if message is None:
                return
            await connection.send(message.model_dump_json())
            if isinstance(message, Goodbye):
                await connection.close()
                return
    except ConnectionClosed:
        return
    finally:
        outbox.done()


async def _goodbye(connection: ServerConnection, reason: str, retry: bool = False) -> None:
    with contextlib.suppress(ConnectionClosed):
        await connection.send(Goodbye(reason=reason, retry=retry).model_dump_json())
        await connection.close()
