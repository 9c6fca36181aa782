"""A hostile client cannot harm the game: every bad message is refused, logged, never applied.

The game is Piles with two people (scripted websocket clients) and two bots. At Ann's turn, with
the host waiting for her, Bob's connection and strangers send everything a client should not:
a wrong code, moves for other seats, garbage, a move out of turn, a move of another game, a
10 MB message and a flood of claims. Each is refused (a Refusal or a Goodbye with a sentence),
each is a line in the host's log, the state's JSON does not change, the host's memory stays
flat, and the honest clients then play the game to its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import tracemalloc
from collections import Counter
from collections.abc import Iterator

from websockets.exceptions import ConnectionClosed

from cardtable import games
from cardtable.engine import Match, parse_seats
from cardtable.net.host import LOGGED_REFUSALS
from cardtable.net.protocol import Act, ClaimCard, Goodbye, Hello, Refusal
from tests.net_clients import Client, running_host, secure_connect

PILES = games.get("piles")
RUN_IT = games.get("run-it")
NOT_UNDERSTOOD = "The host did not understand that message."


def refused(client: Client) -> list[str]:
    return list(client.refusals)


async def refusals(client: Client, count: int) -> list[str]:
    """Read until `count` more Refusals have come, and return their reasons."""
    start = len(client.refusals)
    async with asyncio.timeout(20):
        while len(client.refusals) < start + count:
            await client.receive()
    return client.refusals[start:]


async def stranger(port: int, first: str | bytes) -> tuple[str | None, int | None]:
    """A connection whose first message is `first`: the Goodbye's reason and the close code."""
    async with await secure_connect(port, max_size=None) as ws:
        await ws.send(first)
        reason = None
        try:
            async with asyncio.timeout(10):
                async for data in ws:
                    message = json.loads(data)
                    if message["type"] == "goodbye":
                        reason = message["reason"]
        except ConnectionClosed:
            pass
        return reason, ws.close_code


def host_log(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "cardtable.host"]


async def test_a_hostile_client_is_refused_at_every_turn_and_the_game_plays_on(caplog):
    caplog.set_level(logging.INFO, logger="cardtable.host")
    match = Match.start(PILES, parse_seats("Ann,Bob,bot,bot"), 21)
    async with running_host(match) as rig:
        host = rig.host
        ann = await Client.join(rig.port, host.codes[0], "piles")
        bob = await Client.join(rig.port, host.codes[1], "piles")
        ann_turn = await ann.until_table(lambda t: bool(t.legal))
        before = match.state.model_dump_json()
        moves_before = len(match.record.log)

        # A code that is no seat's: a Goodbye that says so, and a line in the log.
        reason, _ = await stranger(rig.port, Hello(code="ZZZZ-ZZZZ").model_dump_json())
        assert reason is not None and reason.startswith("That code is not one of this game's")
        assert any("refused a hello" in line for line in host_log(caplog))
        # No hello, or one of another version: turned away in words.
        reason, _ = await stranger(rig.port, "{not a hello")
        assert reason == "The host expected a hello with a join code first."
        reason, _ = await stranger(rig.port, Hello(protocol=99).model_dump_json())
        assert reason is not None and "version 2" in reason and "not 99" in reason
        assert any("it speaks version 99" in line for line in host_log(caplog))
        reason, _ = await stranger(rig.port, json.dumps({"type": "hello", "code": "K" * 5000}))
        assert reason == "The host expected a hello with a join code first."

        # Bob's code used to move for a bot's seat and for Ann's.
        number = ann_turn.number
        await bob.send(Act(move=ann_turn.legal[0], seat=2, table=number))
        await bob.send(Act(move=ann_turn.legal[0], seat=0, table=number))
        await bob.send(ClaimCard(seat=3, table=number))
        await bob.send(Act(move=ann_turn.legal[0], seat=4, table=number))
        assert await refusals(bob, 4) == [
            "Your code is Bob's: it cannot act for Bot 3's seat.",
            "Your code is Bob's: it cannot act for Ann's seat.",
            "Your code is Bob's: it cannot act for Bot 4's seat.",
            # (It said "seat 4", the fifth seat counted from 0, of a game of four.)
            "Your code is Bob's: it cannot act for a seat this game does not have.",
        ]
        # Garbage: not JSON, binary, the wrong shapes, fields no message has, deep nesting.
        garbage: list[str | bytes] = [
            "{not json",
            b"\x00\xff\xfe binary",
            "[]",
            "null",
            '{"type": "move"}',
            '{"type": "teleport", "move": {}}',
            json.dumps({"type": "move", "move": ann_turn.legal[0], "extra": 1}),
            json.dumps({"type": "move", "move": ann_turn.legal[0], "seat": "0"}),
            json.dumps({"type": "move", "move": ann_turn.legal[0], "seat": 10**30}),
            '{"type": "move", "move": ' + '{"a": ' * 5000 + "1" + "}" * 5001,
            "[" * 60_000,
        ]
        for data in garbage:
            await bob.send(data)
        assert await refusals(bob, len(garbage)) == [NOT_UNDERSTOOD] * len(garbage)
        # A move of Bob's own, out of turn: refused with the rules' reason.
        bob_hand = PILES.view(match.state, 1).hand
        out_of_turn = {"kind": "place", "card": bob_hand[0].model_dump(mode="json"), "pile": 0}
        await bob.send(Act(move=out_of_turn, table=number))
        (reason,) = await refusals(bob, 1)
        assert reason == "It is not your turn."
        # A move of another game, and one whose card is another game's.
        run_it = RUN_IT.new_game(4, 1)
        first = RUN_IT.to_act(run_it)[0]
        run_it_move = RUN_IT.legal_moves(run_it, first)[0].model_dump(mode="json")
        await bob.send(Act(move=run_it_move, table=number))
        await bob.send(
            Act(move={**out_of_turn, "card": {"kind": "number", "colour": "R"}}, table=number)
        )
        # Each is refused with what is wrong with it, in the rules' own words.
        assert await refusals(bob, 2) == [
            "That is not a move of Piles: it has no move called 'play'.",
            "That is not a move of Piles: its card rank is missing.",
        ]

        # A flood of claims: each refused and answered; the log stays bounded (the first
        # LOGGED_REFUSALS of a member one by one, then a line a thousand); memory stays flat.
        refused_before = rig.host.refusals
        await flood(bob, 100)  # warm up whatever is cached once
        assert rig.host.refusals - refused_before == 100
        bobs = [line for line in host_log(caplog) if line.startswith("refused") and "Bob" in line]
        assert len(bobs) == LOGGED_REFUSALS
        assert any("a claim with no window" in line for line in bobs)
        with counted_log() as counter:  # the test keeps no record of it: only the host's memory
            gc.collect()
            tracemalloc.start()
            try:
                start = tracemalloc.take_snapshot()
                await flood(bob, 1000)
                gc.collect()
                second = tracemalloc.take_snapshot()
            finally:
                tracemalloc.stop()
        assert rig.host.refusals - refused_before == 1100
        assert counter.lines["refused a claim with no window from Bob (seat 2)"] == 0
        assert sum(n for line, n in counter.lines.items() if "Bob (seat 2)" in line) == 1
        assert counter.lines["refused 1000 messages from Bob (seat 2) so far"] == 1
        grown = growth(start, second)
        assert grown < 50_000, f"the host kept {grown} bytes after 1,000 refused claims"

        # A 10 MB message: that connection is closed (1009), the host logs it.
        watcher = await Client.join(rig.port, None, "piles")
        await watcher.send("x" * 10_000_000)
        await asyncio.wait_for(watcher.ws.wait_closed(), 10)
        assert watcher.ws.close_code == 1009
        async with asyncio.timeout(5):  # the host logs it as its side of the connection ends
            while not any("over 65536 bytes" in line for line in host_log(caplog)):
                await asyncio.sleep(0.01)

        # Nothing of all that was applied.
        assert match.state.model_dump_json() == before
        assert len(match.record.log) == moves_before
        assert host.refusals == 4 + len(garbage) + 1 + 2 + 1100
        lines = host_log(caplog)
        # Bob's first LOGGED_REFUSALS refusals are a line each (the count line was counted
        # above), and so is each stranger turned away (4).
        assert sum(line.startswith("refused") for line in lines) == LOGGED_REFUSALS + 4
        assert ann.refusals == []

        # Bob is still at the table, and the honest clients play to the end.
        assert bob.goodbye is None and host.seat_members.get(1) is not None
        ends = await asyncio.gather(ann.play(seed=1), bob.play(seed=2))
        assert all(end is not None and end.over for end in ends)
        assert match.replay() == match.state


async def flood(client: Client, claims: int) -> None:
    """`claims` claims sent at once, and every answer read (and not kept): each a Refusal."""
    claim = ClaimCard(table=client.table.number).model_dump_json()
    for _ in range(claims):
        await client.ws.send(claim)
    answers = Counter()
    async with asyncio.timeout(20):
        for _ in range(claims):
            answers[await client.ws.recv()] += 1
    assert answers == {Refusal(reason="No card is up for claim now.").model_dump_json(): claims}


class LineCounter(logging.Handler):
    """Counts the host's log lines by their text, keeping no record."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        self.lines[record.getMessage().split(": ")[0]] += 1


@contextlib.contextmanager
def counted_log() -> Iterator[LineCounter]:
    """The host's log lines counted (and kept from the test's log capture) while it runs."""
    logger = logging.getLogger("cardtable.host")
    counter = LineCounter()
    logger.addHandler(counter)
    logger.propagate = False
    try:
        yield counter
    finally:
        logger.propagate = True
        logger.removeHandler(counter)


def growth(first: tracemalloc.Snapshot, second: tracemalloc.Snapshot) -> int:
    """Bytes allocated between two snapshots and still held, outside the log records (the
    test's caplog keeps every record it is given)."""
    ignore = [
        tracemalloc.Filter(False, logging.__file__),
        tracemalloc.Filter(False, "*/_pytest/*"),
        tracemalloc.Filter(False, tracemalloc.__file__),
    ]
    stats = second.filter_traces(ignore).compare_to(first.filter_traces(ignore), "filename")
    return sum(stat.size_diff for stat in stats)


async def test_a_refused_client_gets_a_goodbye_not_a_seat():
    match = Match.start(PILES, parse_seats("Ann,Bob,bot,bot"), 5)
    async with running_host(match) as rig:
        client = await Client.join(rig.port, "ZZZZ-ZZZZ", "piles")
        assert isinstance(client.messages[0], Goodbye)
        assert client.welcome is None and rig.host.seat_members == {}
        assert not any(isinstance(m, Refusal) for m in client.messages)
