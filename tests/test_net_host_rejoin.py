"""A client killed mid-game rejoins with its code and the game finishes.

The client is its own process (`python -c`, tests/net_clients.py's `play_in_subprocess`): it
plays a few moves of Over Trump, is asked for the next one, and is killed with SIGKILL. The
host keeps the game where it stands and its Table says whom it waits for; a new process with the
same code finds the game as it was (the log so far, her seat's view) and plays to the end.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from cardtable import games
from cardtable.engine import Match, parse_seats
from cardtable.net.protocol import Hello
from cardtable.net.server import MAX_SPECTATORS
from tests.net_clients import Client, running_host, secure_connect

OVER_TRUMP = games.get("over-trump")
ROOT = Path(__file__).resolve().parent.parent


async def client_process(port: int, code: str, hold_after: int) -> asyncio.subprocess.Process:
    """A scripted client in its own process, its output piped."""
    script = (
        "from tests.net_clients import play_in_subprocess; "
        f"play_in_subprocess({port}, {code!r}, 'over-trump', {hold_after})"
    )
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        script,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


async def ended(process: asyncio.subprocess.Process) -> int:
    """Its exit status, once it has ended and its pipes are read to the end (so that asyncio
    closes its transport now, not when a later test's loop is gone)."""
    await process.communicate()
    return process.returncode


async def line_starting(process: asyncio.subprocess.Process, word: str) -> str:
    """The rest of the first line of the process's output that starts with `word`."""
    async with asyncio.timeout(30):
        while True:
            line = (await process.stdout.readline()).decode()
            if not line:
                error = (await process.stderr.read()).decode()
                raise AssertionError(f"the client ended before '{word}': {error[-2000:]}")
            if line.startswith(word + " "):
                return line[len(word) + 1 :].strip()


async def test_a_client_killed_mid_game_rejoins_and_the_game_finishes():
    match = Match.start(OVER_TRUMP, parse_seats("Ann,bot,bot,bot"), 8)
    async with running_host(match) as rig:
        code = rig.host.codes[0]
        watcher = await Client.join(rig.port, None, "over-trump")
        first = await client_process(rig.port, code, hold_after=4)
        try:
            await line_starting(first, "asked")  # she has moved 4 times and is asked again
            assert OVER_TRUMP.to_act(match.state) == [0]
            first.send_signal(signal.SIGKILL)
            assert await ended(first) == -signal.SIGKILL
        finally:
            if first.returncode is None:
                first.kill()
                await ended(first)

        # The host waits for her, and says so.
        table = await watcher.until_table(
            lambda t: not t.present[0] and "rejoin" in (t.waiting or "")
        )
        assert table.waiting == "Waiting for Ann to rejoin, with the same join command."
        moves = len(match.record.log)
        assert 4 <= sum(entry.seat == 0 for entry in match.record.log)
        await asyncio.sleep(0.2)
        assert len(match.record.log) == moves, "the game waits for her"
        log = match.log_lines()
        view = OVER_TRUMP.view(match.state, 0).model_dump(mode="json")

        second = await client_process(rig.port, code, hold_after=0)
        try:
            assert json.loads(await line_starting(second, "joined")) == log
            assert json.loads(await line_starting(second, "view")) == json.loads(
                json.dumps(view, sort_keys=True)
            )
            made = int(await line_starting(second, "over"))
            assert await ended(second) == 0
        finally:
            if second.returncode is None:
                second.kill()
                await ended(second)
        assert made > 0
        assert OVER_TRUMP.is_over(match.state)
        table = await watcher.until_table(lambda t: t.over)
        assert table.waiting is None
        assert match.replay() == match.state


async def test_a_stranger_filling_every_free_place_never_keeps_a_player_out():
    # A stranger without a code opens as many screens as the host will take, spectators and
    # connections that never say hello, and grabs each place again as soon as it is freed.
    match = Match.start(OVER_TRUMP, parse_seats("Ann,bot,bot,bot"), 5)
    async with running_host(match, delay=5.0) as rig:
        held: list[object] = []
        stop = asyncio.Event()

        async def one_place() -> None:
            while not stop.is_set():
                try:
                    async with await secure_connect(rig.port) as ws:
                        if len(held) % 2:  # half watch, half never say hello
                            await ws.send(Hello().model_dump_json())
                        held.append(ws)
                        await ws.wait_closed()
                except (OSError, ConnectionClosed):
                    pass
                await asyncio.sleep(0.01)

        stranger = [asyncio.create_task(one_place()) for _ in range(150)]
        try:
            for _ in range(200):
                if len(held) >= 150:
                    break
                await asyncio.sleep(0.02)
            watching = [m for m in rig.host.members if m.seat is None]
            assert len(watching) == MAX_SPECTATORS, "the stranger holds every place to watch"
            got_in = 0
            for _ in range(30):
                try:
                    ann = await Client.join(rig.port, rig.host.codes[0], "over-trump")
                except ConnectionClosed:  # turned away, the connection closed
                    continue
                if ann.welcome is not None and ann.welcome.seat == 0:
                    got_in += 1
                await ann.close()
            assert got_in == 30, f"{got_in} of 30 rejoins got in"
        finally:
            stop.set()
            for task in stranger:
                task.cancel()
            await asyncio.gather(*stranger, return_exceptions=True)
