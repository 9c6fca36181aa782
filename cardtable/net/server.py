"""A host on a websocket: each connection says Hello, then is a `Member` of the host.

The websocket library does the framing and refuses a frame over MAX_CLIENT_MESSAGE bytes (it
closes that connection); everything that arrives is handed to `Host.receive`, which validates it.
Each member's messages go out through its own queue, in order; a client that stops reading
(MAX_BACKLOG messages unsent) is let go and may rejoin with its code.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable.net.host import Host, JoinRefused, Member
from cardtable.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL, Goodbye, Hello, Message

HELLO_SECONDS = 10.0
"""How long a new connection has to say Hello."""
MAX_BACKLOG = 200
"""Messages waiting to go to one client before the host lets it go as not reading."""

log = logging.getLogger("cardtable.host")


async def start_server(host: Host, address: str = "127.0.0.1", port: int = 8765) -> Server:
    """Listen for clients of `host` on `address`:`port` (port 0: any free one)."""

    async def handler(connection: ServerConnection) -> None:
        await _serve_member(host, connection)

    return await serve(
        handler,
        address,
        port,
        max_size=MAX_CLIENT_MESSAGE,
        max_queue=16,
        compression=None,
        ping_interval=10,
        ping_timeout=10,
    )


def server_port(server: Server) -> int:
    """The port a started server listens on (the free one chosen for port 0)."""
    return next(iter(server.sockets)).getsockname()[1]


async def _serve_member(host: Host, connection: ServerConnection) -> None:
    peer = connection.remote_address
    try:
        first = await asyncio.wait_for(connection.recv(), HELLO_SECONDS)
    except (TimeoutError, ConnectionClosed):
        log.info("a connection from %s said no hello", peer)
        return
    try:
        hello = Hello.model_validate_json(first)
    except ValidationError:
        log.info("refused a connection from %s: its first message was not a hello", peer)
        await _goodbye(connection, "The host expected a hello with a join code first.")
        return
    if hello.protocol != PROTOCOL:
        await _goodbye(
            connection,
            f"This host speaks version {PROTOCOL} of cardtable's messages, not "
            f"{hello.protocol}: use the same cardtable as the host.",
        )
        return
    outbox: asyncio.Queue[Message | None] = asyncio.Queue()
    member: Member | None = None

    def post(message: Message) -> None:
        if outbox.qsize() >= MAX_BACKLOG:
            log.info("let %s go: it is not reading its messages", peer)
            if member is not None:
                host.leave(member)
            outbox.put_nowait(Goodbye(reason="Your screen fell too far behind; join again."))
            return
        outbox.put_nowait(message)

    try:
        member = host.connect(hello.code, post)
    except JoinRefused as refused:
        log.info("refused a hello from %s: %s", peer, refused.reason)
        await _goodbye(connection, refused.reason)
        return
    writer = asyncio.create_task(_write(connection, outbox))
    try:
        async for data in connection:
            host.receive(member, data)
            if member.left:
                break
    except ConnectionClosed as closed:
        if closed.rcvd is not None and closed.rcvd.code == 1009:
            log.info("%s sent a message over %d bytes", member.name, MAX_CLIENT_MESSAGE)
    finally:
        host.leave(member)
        outbox.put_nowait(None)  # the writer sends what is queued, then stops
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            await asyncio.wait_for(writer, 2.0)


async def _write(connection: ServerConnection, outbox: asyncio.Queue[Message | None]) -> None:
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


async def _goodbye(connection: ServerConnection, reason: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await connection.send(Goodbye(reason=reason).model_dump_json())
        await connection.close()
