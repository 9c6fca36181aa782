"""Network figures: a move's round trip on loopback, and how many matches one host process holds.

Two figures, both Piles with four people's seats (no bots, so every change is a client's move):

- Round trip: one host (in its own process) and five clients (the four seats and a spectator,
  the projector) in this process. The seat to act makes a move; timed from that to the moment
  every client has it. The first version's clients are scripted websockets clients and "has it"
  means its Table has arrived ("message round trip, no screen"); `round_trip` takes any clients
  with the `Screen` shape, and `network_repaint` times the same round trip to each Textual
  client app's repaint (headless, in this process), where the tree has the client.
- Concurrent matches: a host process runs N matches (each its own `Host` and `start_server` on
  port 0, its moves saved as a real host saves them), and this process plays them all from one
  asyncio loop, 4N connections, each match moving 20 times a second. A move's round trip is
  timed from sending its Act to its sender receiving the Table that reflects it. N steps up
  until the p90 passes 100 ms or the matches fall behind 20 moves/s.

`python -m benchmarks.network` prints both; `python -m benchmarks.network host N GAMES SEED
FOLDER save|nosave` is the host process (it prints its matches' ports and codes as one JSON
line, then serves until its stdin closes, then prints the CPU seconds it used).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from websockets.asyncio.client import ClientConnection, connect

from cardtable.net.protocol import Act, Hello

GAME = "piles"
SEATS = "P1,P2,P3,P4"
"""Four people's seats: every move comes from a client."""
MOVES_PER_SECOND = 20.0
P90_LIMIT_MS = 100.0
RATE_KEPT = 0.95
"""A step holds when its matches made at least this share of MOVES_PER_SECOND."""
GOAL_MATCHES = 50
"""Issue 25: one host process holds at least this many matches, saving."""
STEPS = (10, 20, 40, GOAL_MATCHES, 80, 160, 320)
"""The concurrent figure's steps: the goal among them, so its budget never runs out before
trying it."""
GAMES_PER_MATCH = 2
"""Games each match plays in turn (a Piles game of four is 40 moves, 2 s at 20 moves/s)."""
BUDGET_SECONDS = 60.0
"""The concurrent figure stops stepping up once this much time has gone."""


ROOT = Path(__file__).resolve().parents[1]
"""The project's folder, where `python -m benchmarks.network` finds this module."""


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


# The host process


async def secure_connect(port: int, pin: str) -> ClientConnection:
    """A websocket on TLS to a host on 127.0.0.1, its certificate checked as a player's client
    checks it (`pin`)."""
    from cardtable.net.certificate import check_pin, client_context

    connection = await connect(
        f"wss://127.0.0.1:{port}", compression=None, max_size=None, ssl=client_context()
    )
    check_pin(connection.transport.get_extra_info("ssl_object"), pin)
    return connection


async def serve_matches(
    count: int, games_each: int, seed: int, folder: Path, saving: bool = True
) -> None:
    """Run `count * games_each` hosts of four-person Piles, each on its own port, until stdin
    closes; print their ports and codes first, the CPU seconds used last."""
    from cardtable import games
    from cardtable.engine import Match, parse_seats
    from cardtable.net.certificate import host_certificate
    from cardtable.net.host import Host
    from cardtable.net.server import server_port, start_server

    game = games.get(GAME)
    certificate = host_certificate(folder)  # made here, never in this machine's data folder
    hosts, servers, tables = [], [], []
    for i in range(count * games_each):
        save_to = folder / f"match-{i}.save" if saving else None
        match = Match.start(game, parse_seats(SEATS), seed + i, None, save_to)
        host = Host(match, delay=0.0)
        server = await start_server(host, "127.0.0.1", 0, certificate)
        host.start()
        hosts.append(host)
        servers.append(server)
        codes = [host.codes[s] for s in range(4)]
        tables.append({"port": server_port(server), "codes": codes, "pin": certificate.pin})
    print(json.dumps(tables), flush=True)
    cpu = time.process_time()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    used = time.process_time() - cpu
    refusals = sum(host.refusals for host in hosts)
    for host, server in zip(hosts, servers, strict=True):
        host.stop()
        server.close()
    print(json.dumps({"cpu": used, "refusals": refusals}), flush=True)


class HostProcess:
    """A host process serving N matches; `tables` has each game's port and seat codes."""

    def __init__(
        self, matches: int, games_each: int = GAMES_PER_MATCH, seed: int = 1, saving: bool = True
    ) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="cardtable-bench-")
        command = [sys.executable, "-m", "benchmarks.network", "host"]
        command += [str(matches), str(games_each), str(seed), self.folder.name]
        command += ["save" if saving else "nosave"]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            self.close()
            raise RuntimeError("the host process did not start")
        self.tables: list[dict[str, Any]] = json.loads(line)

    def close(self) -> dict[str, float]:
        """Stop the host; what it reports: the CPU seconds it used serving, its refusals."""
        report: dict[str, float] = {}
        with contextlib.suppress(Exception):
            out, _ = self.process.communicate("", timeout=30)
            report = json.loads(out.strip().splitlines()[-1])
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.folder.cleanup()
        return report

    async def aclose(self) -> dict[str, float]:
        """`close` from a running loop, which keeps serving this process's connections (the
        host waits for their closing handshakes) while the host process stops."""
        return await asyncio.to_thread(self.close)


# Round trip to every client


class Screen(Protocol):
    """One client as the round trip sees it: a seat's screen (or a spectator's).

    The scripted version is `ScriptedClient`. The repaint version wraps a Textual client app run
    headless (`app.run_test()`) in this process: `can_move` from the table it shows, `press`
    sends the key that makes a move through its Pilot, and `changes`/`changed` count its paints
    (in Textual 8 every paint of the top screen goes through `App._display(screen, update)`
    from `Screen._compositor_refresh`; headless, `_display` returns before rendering, so the
    wrapper renders `update.render_segments(app.console)` itself to pay what a terminal would).
    """

    seat: int | None

    def can_move(self) -> bool:
        """True when this seat may move now."""
        ...

    async def prepare(self) -> None:
        """Whatever comes before the timed key (choosing the card), untimed."""
        ...

    async def press(self) -> None:
        """Make a move the way its player would (for the timed part: one key)."""
        ...

    def changes(self) -> int:
        """How many times this client has shown a new table so far."""
        ...

    async def changed(self, after: int) -> float:
        """The perf_counter time of its first new table after `after` changes."""
        ...


class ScriptedClient:
    """A websockets client of one seat: moves a seeded random legal move; a change is a Table."""

    def __init__(self, connection: ClientConnection, seat: int | None, seed: int) -> None:
        self.connection = connection
        self.seat = seat
        self.random = random.Random(seed)
        self.legal: list[dict[str, Any]] = []
        self.number = 0
        self.over = False
        self.times: list[float] = []
        self._news = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def join(cls, port: int, pin: str, code: str | None, seed: int = 0) -> ScriptedClient:
        """Connect to a host and say hello (a code's seat, or a spectator with None)."""
        connection = await secure_connect(port, pin)
        await connection.send(Hello(code=code).model_dump_json())
        welcome = json.loads(await connection.recv())
        if welcome["type"] != "welcome":
            raise RuntimeError(f"the host did not welcome a client: {welcome}")
        return cls(connection, welcome["seat"], seed)

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.connection:
                message = json.loads(raw)
                if message["type"] == "table":
                    self.legal = message["legal"]
                    self.number = message["number"]
                    self.over = message["over"]
                    self.times.append(time.perf_counter())
                    self._news.set()

    def can_move(self) -> bool:
        """True when the last Table gave this seat legal moves."""
        return bool(self.legal) and not self.over

    async def prepare(self) -> None:
        """Nothing to choose before the move."""

    async def press(self) -> None:
        """Send a random legal move."""
        move = self.random.choice(self.legal)
        self.legal = []
        await self.connection.send(Act(move=move, table=self.number).model_dump_json())

    def changes(self) -> int:
        """How many Tables have arrived."""
        return len(self.times)

    async def changed(self, after: int) -> float:
        """When the first Table after `after` arrived."""
        while len(self.times) <= after:
            self._news.clear()
            await self._news.wait()
        return self.times[after]

    async def close(self) -> None:
        """Close the connection."""
        await self.connection.close()
        with contextlib.suppress(Exception):
            await self.reader


async def settle(clients: Sequence[Screen], quiet: float = 0.02) -> None:
    """Wait until no client has changed for `quiet` seconds."""
    while True:
        counts = [client.changes() for client in clients]
        await asyncio.sleep(quiet)
        if counts == [client.changes() for client in clients]:
            return


async def round_trip(
    clients: Sequence[Screen], moves: int, timed: Sequence[Screen] | None = None
) -> tuple[list[float], list[float]]:
    """Milliseconds from a move's key to (its mover's change, every client's change), for up to
    `moves` moves (fewer if the game ends).

    The seat to act prepares each move (untimed), then presses; between moves the clients are
    let settle. Only the moves of `timed` clients (default: all) are timed; the others' moves
    are made the same way, untimed."""
    timed = clients if timed is None else timed
    own: list[float] = []
    every: list[float] = []
    while len(every) < moves:
        await settle(clients)
        movers = [client for client in clients if client.can_move()]
        if not movers:
            break
        mover = movers[0]
        await mover.prepare()
        await settle(clients)
        counts = [client.changes() for client in clients]
        start = time.perf_counter()
        await mover.press()
        seen = await asyncio.wait_for(
            asyncio.gather(*(client.changed(n) for client, n in zip(clients, counts, strict=True))),
            10,
        )
        if mover in timed:
            own.append((seen[clients.index(mover)] - start) * 1000)
            every.append((max(seen) - start) * 1000)
    return own, every


async def message_round_trip(
    moves: int = 40, saving: bool = True
) -> tuple[list[float], list[float]]:
    """The round trip with scripted clients: four seats and a spectator, host in its own
    process (saving every move, as `cardtable host` does, unless `saving` is False)."""
    host = HostProcess(1, games_each=1, seed=3, saving=saving)
    try:
        table = host.tables[0]
        clients = [
            await ScriptedClient.join(table["port"], table["pin"], code, seed=i)
            for i, code in enumerate([*table["codes"], None])
        ]
        try:
            return await round_trip(clients, moves)
        finally:
            for client in clients:
                await client.close()
    finally:
        await host.aclose()


# Concurrent matches


@dataclass
class Load:
    """What the clients of N matches measured."""

    matches: int
    trips: list[float] = field(default_factory=list)
    """Milliseconds from an Act sent to its sender's next Table."""
    moves: int = 0
    playing: float = 0.0
    """Seconds spent in games, summed over matches (connecting not counted)."""
    refused: int = 0
    seconds: float = 0.0
    client_cpu: float = 0.0
    host_cpu: float = 0.0

    @property
    def rate(self) -> float:
        """Moves per second per match."""
        return self.moves / self.playing if self.playing else 0.0

    @property
    def holds(self) -> bool:
        """p90 under the limit and the moves kept up."""
        return (
            bool(self.trips)
            and percentile(self.trips, 90) < P90_LIMIT_MS
            and self.rate >= RATE_KEPT * MOVES_PER_SECOND
        )

    def line(self) -> str:
        """The figures in a line."""
        if not self.trips:
            return f"{self.matches} matches: no move made"
        return (
            f"{self.matches} matches: p50 {percentile(self.trips, 50):.1f} ms, "
            f"p90 {percentile(self.trips, 90):.1f} ms, {self.rate:.1f} moves/s a match "
            f"({len(self.trips)} moves; host CPU {self.host_cpu / self.seconds:.0%}, "
            f"{self.host_cpu / self.moves * 1000:.2f} ms a move; "
            f"clients' CPU {self.client_cpu / self.seconds:.0%}"
            + (f"; {self.refused} refused" if self.refused else "")
            + ")"
        )


async def play_game(table: dict[str, Any], seed: int, load: Load) -> None:
    """Four scripted seats play one game, a move every 1/MOVES_PER_SECOND s as long as the host
    keeps up; each move's round trip goes into `load`."""
    port, codes = table["port"], table["codes"]
    connections = []
    for code in codes:  # one by one, so the joins' Tables are all sent before any move
        connection = await secure_connect(port, table["pin"])
        await connection.send(Hello(code=code).model_dump_json())
        await connection.recv()  # the Welcome
        connections.append(connection)
    loop = asyncio.get_running_loop()
    rng = random.Random(seed)
    step = 1 / MOVES_PER_SECOND
    start = loop.time() + 0.1 + rng.uniform(0, step)  # let the joins' Tables arrive first;
    due = [start]  # matches out of step with each other
    sent: dict[int, float] = {}
    pending: set[int] = set()
    finished = loop.create_future()
    moving: set[asyncio.Task[None]] = set()

    async def move(seat: int, connection: ClientConnection, legal: list[Any], number: int) -> None:
        wait = due[0] - loop.time()
        # late by more than a step: the lost time is not made up (the match fell behind)
        due[0] = loop.time() + step if wait < -step else due[0] + step
        if wait > 0:
            await asyncio.sleep(wait)
        sent[seat] = time.perf_counter()
        await connection.send(Act(move=rng.choice(legal), table=number).model_dump_json())

    async def seat(index: int, connection: ClientConnection) -> None:
        async for raw in connection:
            now = time.perf_counter()
            message = json.loads(raw)
            kind = message["type"]
            if kind == "refused":
                load.refused += 1
                sent.pop(index, None)
                pending.discard(index)
            if kind != "table":
                continue
            if index in sent:
                load.trips.append((now - sent.pop(index)) * 1000)
                load.moves += 1
                pending.discard(index)
            if message["over"]:
                if not finished.done():
                    finished.set_result(loop.time())
                return
            if message["legal"] and index not in pending:
                pending.add(index)
                task = asyncio.create_task(
                    move(index, connection, message["legal"], message["number"])
                )
                moving.add(task)
                task.add_done_callback(moving.discard)

    readers = [asyncio.create_task(seat(i, c)) for i, c in enumerate(connections)]
    try:
        end = await asyncio.wait_for(finished, 120)
        load.playing += end - start
    finally:
        for connection in connections:
            await connection.close()
        await asyncio.gather(*readers, return_exceptions=True)


async def hold(
    matches: int, games_each: int = GAMES_PER_MATCH, seed: int = 1, saving: bool = True
) -> Load:
    """N matches on one host process, played from this process's one loop."""
    host = HostProcess(matches, games_each, seed, saving)
    load = Load(matches)
    try:
        by_match = [host.tables[i * games_each : (i + 1) * games_each] for i in range(matches)]

        async def play(i: int) -> None:
            for j, table in enumerate(by_match[i]):
                await play_game(table, seed * 1000 + i * games_each + j, load)

        cpu, start = time.process_time(), time.perf_counter()
        await asyncio.gather(*(play(i) for i in range(matches)))
        load.seconds = time.perf_counter() - start
        load.client_cpu = time.process_time() - cpu
    finally:
        report = await host.aclose()
    load.host_cpu = report.get("cpu", 0.0)
    return load


async def concurrent_matches(
    steps: Sequence[int] = STEPS,
    games_each: int = GAMES_PER_MATCH,
    budget: float = BUDGET_SECONDS,
    saving: bool = True,
    refinements: int = 2,
) -> tuple[Load | None, Load | None]:
    """(the largest N that holds, the smallest N found not to), either None if not found.

    N steps up through `steps` until one does not hold; if the first does not, N halves until
    one does; then up to `refinements` steps halfway between the two. No new step starts once
    `budget` seconds have gone."""
    began = time.perf_counter()

    def time_left() -> bool:
        return time.perf_counter() - began < budget

    held: Load | None = None
    failed: Load | None = None
    for n in steps:
        load = await hold(n, games_each, saving=saving)
        if not load.holds:
            failed = load
            break
        held = load
        if not time_left():
            return held, None
    n = steps[0] // 2
    while held is None and failed is not None and n >= 1 and time_left():
        load = await hold(n, games_each, saving=saving)
        if load.holds:
            held = load
        else:
            failed, n = load, n // 2
    for _ in range(refinements):
        if held is None or failed is None or failed.matches - held.matches < 2:
            break
        if not time_left():
            break
        load = await hold((held.matches + failed.matches) // 2, games_each, saving=saving)
        if load.holds:
            held = load
        else:
            failed = load
    return held, failed


def busy_line() -> str:
    """How busy the machine is (other work skews every figure here)."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def concurrent_lines(held: Load | None, failed: Load | None) -> list[str]:
    """The concurrent figure's lines: the largest N that held, and the next step's."""
    if held is None:
        return [f"  none held, down to {failed.line() if failed else 'no step ran'}"]
    lines = [f"  largest that holds: {held.line()} (issue 25: at least {GOAL_MATCHES})"]
    if failed is None:
        lines.append(f"  every step up to {held.matches} held (the steps or the time ran out)")
    else:
        over = failed.trips and percentile(failed.trips, 90) >= P90_LIMIT_MS
        why = "p90 over the limit" if over else "moves fell behind"
        lines.append(f"  the smallest N tried that does not ({why}): {failed.line()}")
    return lines


def have_client() -> bool:
    """True when this tree has the Textual client (`cardtable join`'s table)."""
    return importlib.util.find_spec("cardtable.ui.screens.remote_table") is not None


def repaint_lines(moves: int) -> list[str]:
    """The key-to-repaint figures (`moves` timed moves each; 0: none), or why they were not
    measured."""
    if moves <= 0:
        return []
    if not have_client():
        return [
            "  Key to every client's repaint: not measured (this tree has no Textual client, "
            "cardtable/ui/screens/remote_table.py)"
        ]
    from benchmarks import network_repaint

    lines = []
    for apps, what in (
        (1, "one client app (seat 1; the other seats and the spectator scripted)"),
        (
            5,
            "five client apps (4 seats and the spectator) sharing one process, so their "
            "paints take turns: an upper bound",
        ),
    ):
        own, every = asyncio.run(network_repaint.key_to_repaint(moves, apps))
        if not every:
            lines.append(f"  Key to repaint, {what}: no move made")
            continue
        lines.append(
            f"  Key to repaint, {what}, headless Textual, host in its own process: Enter to "
            f"the mover's repaint p50 {percentile(own, 50):.1f} ms, p90 "
            f"{percentile(own, 90):.1f} ms; to every client's repaint p50 "
            f"{percentile(every, 50):.1f} ms, p90 {percentile(every, 90):.1f} ms "
            f"({len(every)} moves; goal 50 ms)"
        )
    return lines


def main(
    moves: int = 40,
    steps: Sequence[int] = STEPS,
    games_each: int = GAMES_PER_MATCH,
    budget: float = BUDGET_SECONDS,
    repaint_moves: int = 10,
) -> None:
    """Print the network figures; `budget` seconds is shared by the two concurrent figures."""
    print(f"Network figures ({busy_line()} before starting):")
    own, every = asyncio.run(message_round_trip(moves))
    print(
        "  Message round trip, no screen (Piles, 4 scripted websocket clients and a spectator "
        "on loopback, host in its own process saving every move): a move sent to its Table "
        f"at every client p50 {percentile(every, 50):.1f} ms, p90 {percentile(every, 90):.1f} "
        f"ms; at the mover p50 {percentile(own, 50):.1f} ms, p90 {percentile(own, 90):.1f} ms "
        f"({len(every)} moves)"
    )
    for line in repaint_lines(repaint_moves):
        print(line)
    for saving in (True, False):
        saves = "saved every move as `cardtable host` does" if saving else "no save file"
        print(
            f"  Concurrent matches on one host process (Piles, 4 scripted people a match, "
            f"{MOVES_PER_SECOND:.0f} moves/s each, {saves}; holds while a move's p90 from Act "
            f"to its sender's Table is under {P90_LIMIT_MS:.0f} ms and moves keep up):"
        )
        figures = asyncio.run(concurrent_matches(steps, games_each, budget / 2, saving))
        for line in concurrent_lines(*figures):
            print("  " + line)
    print(f"  ({busy_line()} after)")
    sys.stdout.flush()


if __name__ == "__main__":
    if sys.argv[1:2] == ["host"]:
        count, games_each, seed, folder, saving = sys.argv[2:7]
        asyncio.run(
            serve_matches(int(count), int(games_each), int(seed), Path(folder), saving == "save")
        )
    else:
        main()
