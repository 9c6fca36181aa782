"""A client's end of a host's match: a feed of the host's messages, and a way to send moves.

Two feeds share one interface. `WebSocketFeed` talks to a host over websockets on TLS: it
checks the host's certificate against the join command's fingerprint (`--pin`) before it says
anything, says Hello with the seat's join code, hands each message (validated with
HOST_MESSAGE) to a callback, and when the connection drops it says so (`Dropped`) and tries
again every second with the same code (after a Goodbye that says to try again, a host with no
room just now or one stopped to be hosted again: every FULL_RETRY_SECONDS, counting down),
until the host's Goodbye says not to or the feed is closed. What the host sends is checked
against the game it joined (`checks.py`): on nonsense the feed says so, as a Goodbye, and
leaves. `LocalFeed` is a member of a Host in the same process (the host's own
terminal, the projector). No UI here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections.abc import Callable
from urllib.parse import urlsplit

from pydantic import BaseModel, ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardtable.net.certificate import (
    PIN_EXAMPLE,
    PinMismatch,
    check_pin,
    client_context,
    tidy_pin,
)
from cardtable.net.checks import table_nonsense, text_nonsense, welcome_nonsense
from cardtable.net.host import Host, JoinRefused, Member
from cardtable.net.protocol import (
    HOST_MESSAGE,
    Act,
    ClaimCard,
    Goodbye,
    Hello,
    Message,
    Table,
    Welcome,
)

DEFAULT_PORT = 8765
"""The port `cardtable host` listens on unless told otherwise."""
MAX_HOST_MESSAGE = 16 * 1024 * 1024
"""The most bytes a client takes in one message from a host (a Table is tens of KB)."""
RETRY_SECONDS = 1.0
"""How often a dropped client tries to rejoin."""
FULL_RETRY_SECONDS = 5
"""How long a client waits, counting down, before trying again a host whose Goodbye said to
(it had no room, or stopped to be hosted again)."""
OPEN_SECONDS = 5.0
"""How long the first connection may take (the handshake and the host's Welcome)."""

log = logging.getLogger("cardtable.client")


class JoinFailed(Exception):
    """Joining did not work; `reason` says why in a sentence a player understands. `again`
    says whether a dropped screen tries once more: "soon" (nothing answered, or the answer was
    cut: in a second), "later" (the host has no room just now: after a countdown, saying
    `room`) or "never" (turned away, or not a cardtable host we may talk to)."""

    def __init__(self, reason: str, again: str = "never", room: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.again = again
        self.room = room


def nonsense_words(what: str) -> str:
    """Why a client left a host that sent nonsense, in a sentence."""
    return f"The host sent {what}, which makes no sense: this screen has left it."


class Dropped(BaseModel):
    """Not a host's message: the feed lost its connection and is trying again."""

    reason: str


Delivered = Message | Dropped
"""What a feed hands its callback: a host's message, or the news that the connection dropped."""


def ws_address(text: str) -> str:
    """A secure websocket URL from an address as typed: '127.0.0.1:8765', 'host:port', 'host'
    (port 8765) or 'wss://...' as it is (a host speaks TLS only). ValueError (in words) for
    something that is no address."""
    typed = text = text.strip()
    if not text:
        raise ValueError("Give the host's address, like 192.168.1.20:8765.")
    if any(c.isspace() for c in text):
        raise ValueError(f"{typed!r} is not an address like 192.168.1.20:8765.")
    if "://" not in text:
        text = "wss://" + text
    not_one = f"{typed!r} is not an address like 192.168.1.20:8765."
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        after = text.rpartition(":")[2]
        if after.isdigit():  # a number, but no port's: say so, not just 'no address'
            raise ValueError(f"{typed!r}: a port is a number from 1 to 65535.") from None
        raise ValueError(not_one) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(not_one)
    host = parts.hostname
    if ":" in host:  # an IPv6 address keeps its brackets
        host = f"[{host}]"
    path = parts.path or ""
    return f"wss://{host}:{port or DEFAULT_PORT}{path}"


def shown_address(url: str) -> str:
    """An address as a player types it: 'wss://127.0.0.1:8765' -> '127.0.0.1:8765'."""
    return url.removeprefix("wss://")


def join_pin(pin: str | None) -> str:
    """The host's fingerprint from a join command, in its written form; ValueError, in words,
    when there is none (a join command from before hosts spoke TLS) or it is not one."""
    if not pin or not pin.strip():
        raise ValueError(
            "A join command needs the host's fingerprint after --pin (like "
            f"--pin {PIN_EXAMPLE}): the host's screen shows the whole command to type."
        )
    return tidy_pin(pin)


class Listener:
    """Where a feed's messages go: kept in order until someone listens, then handed over."""

    def __init__(self) -> None:
        self.pending: list[Delivered] = []
        self.callback: Callable[[Delivered], None] | None = None

    def deliver(self, message: Delivered) -> None:
        """Hand `message` to the listener, or keep it until there is one."""
        if self.callback is None:
            self.pending.append(message)
        else:
            self.callback(message)

    def listen(self, callback: Callable[[Delivered], None]) -> None:
        """From now on messages go to `callback`; the ones kept so far first."""
        self.callback = callback
        kept, self.pending = self.pending, []
        for message in kept:
            callback(message)


class WebSocketFeed:
    """A seat's (or a spectator's) connection to a host over websockets, kept up while open."""

    def __init__(self, address: str, code: str | None = None, pin: str | None = None) -> None:
        self.url = ws_address(address)
        self.code = code or None
        self.pin = join_pin(pin)
        """The fingerprint of the host's certificate: no other host is told anything."""
        self.welcome: Welcome | None = None
        self.connected = False
        self.closed = False
        self._listener = Listener()
        self._connection: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> Welcome:
        """Connect and join (JoinFailed, in words, when nothing answers or the host turns the
        code away); the Welcome and every later message wait for `listen`."""
        connection, welcome = await self._join()
        self._task = asyncio.get_running_loop().create_task(self._run(connection))
        return welcome

    async def _join(self) -> tuple[ClientConnection, Welcome]:
        """One connection: Hello, then the host's Welcome (or its Goodbye, as JoinFailed)."""
        connection = await self._connect()
        try:
            await connection.send(Hello(code=self.code).model_dump_json())
            first = HOST_MESSAGE.validate_json(await asyncio.wait_for(connection.recv(), 10))
        except (ConnectionClosed, TimeoutError, ValidationError):
            await connection.close()
            raise JoinFailed(
                f"The host at {shown_address(self.url)} did not answer: try again.", "soon"
            ) from None
        garbled = text_nonsense(first)
        if garbled is not None:
            await connection.close()
            log.info("left the host at %s: it sent %s", self.url, garbled)
            raise JoinFailed(nonsense_words(garbled))
        if isinstance(first, Goodbye):
            await connection.close()
            if first.retry:
                raise JoinFailed(f"{first.reason} Try again in a while.", "later", first.reason)
            raise JoinFailed(first.reason)
        if not isinstance(first, Welcome):
            await connection.close()
            raise JoinFailed(
                f"The host at {shown_address(self.url)} did not say welcome: try again.", "soon"
            )
        nonsense = welcome_nonsense(first, self.welcome)
        if nonsense is not None:
            await connection.close()
            log.info("left the host at %s: it sent %s", self.url, nonsense)
            raise JoinFailed(nonsense_words(nonsense))
        self.welcome = first
        self.connected = True
        self._connection = connection
        self._listener.deliver(first)
        return connection, first

    async def _connect(self) -> ClientConnection:
        """A TLS connection to the host whose certificate has the join command's fingerprint
        (checked before anything is sent); JoinFailed, in words, if there is none."""
        where = shown_address(self.url)
        try:
            connection = await asyncio.wait_for(
                connect(
                    self.url,
                    max_size=MAX_HOST_MESSAGE,
                    compression=None,
                    open_timeout=OPEN_SECONDS,
                    ssl=client_context(),
                ),
                OPEN_SECONDS,
            )
        except ssl.SSLError as err:
            log.info("no TLS at %s: %s", self.url, err)
            raise JoinFailed(
                f"The host at {where} does not speak cardtable's private connection: use the "
                "same cardtable as the host."
            ) from None
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as err:
            log.info("no host at %s: %s", self.url, err)
            raise JoinFailed(
                f"Nothing answers at {where}: is the host running, and is that its address?",
                "soon",
            ) from None
        try:
            check_pin(connection.transport.get_extra_info("ssl_object"), self.pin)
        except PinMismatch:
            log.info("the host at %s has another certificate than %s", self.url, self.pin)
            await connection.close()
            raise JoinFailed(
                f"Another computer answers at {where}, not the host your join command names "
                "(its fingerprint differs), so nothing was sent to it: check the address and "
                "the --pin with the host."
            ) from None
        return connection

    async def _run(self, connection: ClientConnection) -> None:
        """Read until the connection drops; then rejoin every second until told not to (after
        a Goodbye that says to try again: every FULL_RETRY_SECONDS, the seconds counted down on
        screen)."""
        while not self.closed:
            goodbye = await self._read(connection)
            self.connected = False
            self._connection = None
            if goodbye is not None and not goodbye.retry:
                self.closed = True  # the host said not to come back (or sent nonsense)
                self._listener.deliver(goodbye)
            if self.closed:
                return
            full = goodbye.reason if goodbye is not None else None
            if full is None:
                self._listener.deliver(Dropped(reason="Connection lost, trying again…"))
            while not self.closed:
                if full is None:
                    await asyncio.sleep(RETRY_SECONDS)
                else:
                    await self._count_down(full)
                if self.closed:
                    return
                try:
                    connection, _ = await self._join()
                except JoinFailed as failed:
                    if self.closed:
                        return
                    if failed.again == "later":
                        full = failed.room
                    elif failed.again == "never":
                        self.closed = True  # turned away: stop trying
                        self._listener.deliver(Goodbye(reason=failed.reason))
                        return
                    continue
                if self.closed:  # she left while this rejoin was being made: leave it too
                    self.connected = False
                    self._connection = None
                    await connection.close()
                    return
                break

    async def _count_down(self, reason: str) -> None:
        """A Goodbye that says to try again: its reason and the seconds until the next try,
        said each second."""
        for left in range(FULL_RETRY_SECONDS, 0, -1):
            if self.closed:
                return
            self._listener.deliver(Dropped(reason=f"{reason} Trying again in {left} s…"))
            await asyncio.sleep(1.0)

    async def _read(self, connection: ClientConnection) -> Goodbye | None:
        """Deliver messages until the connection ends; the host's Goodbye, if it said one (not
        delivered: the caller decides), or one of the client's own when the host sent
        nonsense (the connection is closed)."""
        try:
            async for data in connection:
                try:
                    message = HOST_MESSAGE.validate_json(data)
                except ValidationError:
                    log.info("ignored a message from the host that did not validate")
                    continue
                nonsense = self._nonsense(message)
                if nonsense is not None:
                    log.info("left the host at %s: it sent %s", self.url, nonsense)
                    await connection.close()
                    return Goodbye(reason=nonsense_words(nonsense))
                if isinstance(message, Goodbye):
                    return message
                self._listener.deliver(message)
        except ConnectionClosed:
            pass
        return None

    def _nonsense(self, message: Message) -> str | None:
        """What makes no sense in a host's message (its text, then against the game joined); or
        None."""
        garbled = text_nonsense(message)
        if garbled is not None or self.welcome is None:
            return garbled
        if isinstance(message, Welcome):
            return welcome_nonsense(message, self.welcome)
        if isinstance(message, Table):
            return table_nonsense(message, self.welcome)
        return None

    def listen(self, callback: Callable[[Delivered], None]) -> None:
        """Hand every message (the Welcome first) to `callback`, from now on."""
        self._listener.listen(callback)

    def send(self, message: Act | ClaimCard) -> bool:
        """Send a move or a claim to the host; False if the connection is down just now."""
        connection = self._connection
        if connection is None or not self.connected:
            return False
        task = asyncio.get_running_loop().create_task(self._send(connection, message))
        task.add_done_callback(lambda _: None)
        return True

    async def _send(self, connection: ClientConnection, message: Message) -> None:
        with contextlib.suppress(ConnectionClosed):
            await connection.send(message.model_dump_json())

    async def close(self) -> None:
        """Leave the host and stop trying to rejoin."""
        self.closed = True
        connection = self._connection
        if connection is not None:
            with contextlib.suppress(ConnectionClosed):
                await connection.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


class LocalFeed:
    """A member of a Host in this process: the host's own terminal (a spectator by default)."""

    def __init__(self, host: Host, code: str | None = None) -> None:
        self.host = host
        self.code = code
        self.welcome: Welcome | None = None
        self.member: Member | None = None
        self.connected = False
        self.closed = False
        self._listener = Listener()

    async def open(self) -> Welcome:
        """Join the host; its messages wait for `listen`, and then reach the listener on the
        loop's next turn, in order (never inside the call that sent a move)."""
        loop = asyncio.get_running_loop()
        first: list[Message] = []

        def post(message: Message) -> None:
            if not first:
                first.append(message)
            loop.call_soon(self._listener.deliver, message)

        try:
            self.member = self.host.connect(self.code, post)
        except JoinRefused as refused:
            raise JoinFailed(refused.reason) from None
        welcome = first[0]
        assert isinstance(welcome, Welcome)
        self.welcome = welcome
        self.connected = True
        return welcome

    def listen(self, callback: Callable[[Delivered], None]) -> None:
        """Hand every message (the Welcome first) to `callback`, from now on."""
        self._listener.listen(callback)

    def send(self, message: Act | ClaimCard) -> bool:
        """Hand a move or a claim to the host, as JSON, as a websocket client would."""
        if self.member is None or self.closed:
            return False
        self.host.receive(self.member, message.model_dump_json())
        return True

    async def close(self) -> None:
        """Leave the host."""
        self.closed = True
        self.connected = False
        if self.member is not None:
            self.host.leave(self.member)


Feed = WebSocketFeed | LocalFeed
"""Either feed: `open() -> Welcome`, `listen(callback)`, `send(message) -> bool`, `close()`."""
