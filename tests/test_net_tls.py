"""Nothing crosses the network in clear: the host speaks TLS, the client accepts only the
certificate whose fingerprint its join command names (--pin), and a join command without one is
refused in words. A relay on loopback records every byte between a player and the host."""

from __future__ import annotations

import asyncio
import contextlib
import stat

import pytest
from websockets.asyncio.server import serve

from cardtable import games
from cardtable.cli import main
from cardtable.engine import Match, parse_seats
from cardtable.net.certificate import CERTIFICATE_FILE, host_certificate, tidy_pin
from cardtable.net.client import JoinFailed, WebSocketFeed
from cardtable.net.host import Host
from cardtable.net.protocol import Table
from cardtable.net.server import server_port, start_server


class Relay:
    """A TCP relay on 127.0.0.1 that passes bytes both ways and keeps a copy of them all, as a
    machine between a player and the host on the same network could."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.seen = bytearray()
        """Every byte, both ways."""
        self.sent = bytearray()
        """The bytes from the player to the host."""
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        """Listen on a free port; return it."""
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)

        async def pipe(
            source: asyncio.StreamReader, sink: asyncio.StreamWriter, up: bool = False
        ) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await source.read(65536):
                    self.seen += data
                    if up:
                        self.sent += data
                    sink.write(data)
                    await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, up_writer, up=True), pipe(up_reader, writer))

    async def stop(self) -> None:
        """Stop listening."""
        assert self.server is not None
        self.server.close()


def unmasked(sent: bytes) -> bytes:
    """What a player's websocket frames say, read as a relay would read them if they were in
    clear: after the HTTP request, each frame's payload XORed with its mask."""
    head, _, frames = sent.partition(b"\r\n\r\n")
    said = bytearray()
    while len(frames) >= 6:
        length, at = frames[1] & 0x7F, 2
        if length == 126:
            length, at = int.from_bytes(frames[2:4]), 4
        elif length == 127:
            length, at = int.from_bytes(frames[2:10]), 10
        mask, payload = frames[at : at + 4], frames[at + 4 : at + 4 + length]
        said += bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        frames = frames[at + 4 + length :]
    return head + bytes(said)


async def hosting(seats: str = "Ann,bot,bot,bot", seed: int = 5) -> tuple[Host, object, int]:
    match = Match.start(games.get("piles"), parse_seats(seats), seed, None, None)
    host = Host(match, delay=0.0)
    server = await start_server(host, "127.0.0.1", 0)
    host.start()
    return host, server, server_port(server)


async def test_a_relay_on_the_network_sees_no_card_and_no_code():
    host, server, port = await hosting()
    relay = Relay(port)
    relay_port = await relay.start()
    code = host.codes[0]
    feed = WebSocketFeed(f"127.0.0.1:{relay_port}", code, host_certificate().pin)
    tables: list[Table] = []
    try:
        welcome = await feed.open()
        feed.listen(lambda m: tables.append(m) if isinstance(m, Table) else None)
        async with asyncio.timeout(10):
            while not tables or not tables[-1].view.get("hand"):
                await asyncio.sleep(0.02)
        assert welcome.seat == 0
    finally:
        await feed.close()
        host.stop()
        server.close()
        await relay.stop()
    seen = bytes(relay.seen) + unmasked(bytes(relay.sent))
    assert len(seen) > 1000, "the relay carried the game"
    hand = tables[-1].view["hand"]
    card = hand[0]
    words = [code, code.replace("-", ""), '"hand"', '"code"', "Upgrade: websocket", "Ann"]
    words += [f'"{key}":' for key in card]  # a card as JSON: its fields' names
    for word in words:
        assert word.encode() not in seen, f"{word!r} crossed the network in clear"


async def test_a_host_with_another_certificate_is_refused_and_told_nothing(tmp_path):
    """A stranger's machine at the host's address (its own certificate): the client says so and
    sends it no Hello, so no code."""
    stranger = host_certificate(tmp_path / "stranger")
    heard: list[str | bytes] = []

    async def listen(connection) -> None:
        with contextlib.suppress(Exception):
            async for message in connection:
                heard.append(message)

    async with serve(listen, "127.0.0.1", 0, ssl=stranger.server_context()) as rogue:
        port = next(iter(rogue.sockets)).getsockname()[1]
        feed = WebSocketFeed(f"127.0.0.1:{port}", "K7QX-2MPD", host_certificate().pin)
        with pytest.raises(JoinFailed) as refused:
            await feed.open()
        await asyncio.sleep(0.1)
    assert stranger.pin != host_certificate().pin
    assert refused.value.reason.startswith(
        f"Another computer answers at 127.0.0.1:{port}, not the host your join command names"
    )
    assert heard == [], "nothing was sent to it"


def test_a_join_command_without_a_fingerprint_is_refused_in_words():
    with pytest.raises(SystemExit) as stopped:
        main(["join", "127.0.0.1:8765", "K7QX-2MPD"])
    assert "A join command needs the host's fingerprint after --pin" in str(stopped.value)
    with pytest.raises(SystemExit) as stopped:
        main(["join", "127.0.0.1:8765", "--pin", "1234"])
    assert "'1234' is not a host's fingerprint" in str(stopped.value)
    # A spectator (no code) needs it too.
    with pytest.raises(ValueError, match="needs the host's fingerprint"):
        WebSocketFeed("127.0.0.1:8765", None, None)


def test_the_certificate_is_made_once_for_its_owner_only(tmp_path):
    first = host_certificate(tmp_path)
    assert first.path == tmp_path / CERTIFICATE_FILE
    assert stat.S_IMODE(first.path.stat().st_mode) == 0o600
    assert host_certificate(tmp_path).pin == first.pin, "the same one next time"
    # 28 letters and digits of Crockford's base32 (140 bits), in groups of four, any case.
    assert len(first.pin) == 34 and first.pin.count("-") == 6
    typed = first.pin.lower().replace("-", " ").replace("0", "o")
    assert tidy_pin(typed) == first.pin
    first.path.write_text("damaged")
    assert host_certificate(tmp_path).pin != first.pin, "a damaged one is made again"


async def test_a_dropped_screen_stops_trying_when_its_host_no_longer_speaks_tls(monkeypatch):
    """After a drop, the port answers without TLS (another program, or an old cardtable): the
    screen says so once and stops, where a host that is merely gone is tried every second."""
    monkeypatch.setattr("cardtable.net.client.RETRY_SECONDS", 0.05)
    match = Match.start(games.get("piles"), parse_seats("Ann,bot,bot,bot"), 3)
    host = Host(match, delay=5.0)
    server = await start_server(host, "127.0.0.1", 0)
    port = server_port(server)
    feed = WebSocketFeed(f"127.0.0.1:{port}", host.codes[0], host_certificate().pin)
    heard: list[object] = []
    await feed.open()
    feed.listen(heard.append)
    server.close()
    await server.wait_closed()

    async def plain_web_page(reader, writer) -> None:
        await reader.read(1000)
        writer.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()
        writer.close()

    other = await asyncio.start_server(plain_web_page, "127.0.0.1", port)
    for _ in range(200):
        if feed.closed:
            break
        await asyncio.sleep(0.05)
    other.close()
    host.stop()
    assert feed.closed, "it stopped trying"
    assert [m.reason for m in heard if getattr(m, "type", "") == "goodbye"] == [
        f"The host at 127.0.0.1:{port} does not speak cardtable's private connection: use the "
        "same cardtable as the host."
    ]
