"""Claim windows across clients: Run It's Match-it played by scripted websocket clients.

The positions are built by hand (tests/run_it_positions.py) and put in the host's match before
it starts, so each test knows who holds which card.
"""

from __future__ import annotations

import asyncio

from cardtable import games
from cardtable.engine import Match, parse_seats
from cardtable.games.run_it.rules import play
from cardtable.net.host import Host
from cardtable.net.protocol import Act, ClaimCard, Table
from cardtable.net.runner import Runner
from tests.net_clients import Client, running_host
from tests.run_it_positions import card, colour, position

RUN_IT = games.get("run-it")


def match_at(state, names: str) -> Match:
    """A match of Run It for these seats, standing at `state`."""
    match = Match.start(RUN_IT, parse_seats(names), 1, state.options)
    match.state = state
    return match


def move(table: Table, text: str, named: str | None = None) -> Act:
    """Playing the card `text` (naming a colour) on `table`, as a client sends it."""
    return Act(move=play(card(text), colour(named)).model_dump(mode="json"), table=table.number)


def window_open(table: Table) -> bool:
    return table.window is not None


async def test_two_clients_claim_one_card_and_the_first_the_host_receives_wins(monkeypatch):
    # Cat plays a Wild; Ann and Bob each hold another Wild, and both claim at once.
    state = position(
        ["Wild B3 Y5", "Wild G5 B7", "Wild R7 G2"],
        "R1",
        turn=2,
        options={"match_seconds": 2},
    )
    received: list[int] = []
    real = Host.receive

    def receive(host, member, data):
        if '"claim"' in (data if isinstance(data, str) else data.decode()):
            received.append(member.seat)
        real(host, member, data)

    monkeypatch.setattr(Host, "receive", receive)
    match = match_at(state, "Ann,Bob,Cat")
    async with running_host(match) as rig:
        ann, bob, cat = [await Client.join(rig.port, rig.host.codes[s], "run-it") for s in range(3)]
        table = await cat.until_table(lambda t: bool(t.legal))
        await cat.send(move(table, "Wild", "R"))
        for client in (ann, bob):
            table = await client.until_table(window_open)
            assert table.window.card == "Wild" and table.window_left > 0
        await asyncio.gather(
            ann.send(ClaimCard(table=table.number)), bob.send(ClaimCard(table=table.number))
        )
        async with asyncio.timeout(5):
            while len(received) < 2:
                await asyncio.sleep(0.005)
        first, second = received
        winner, loser = (ann, bob) if first == 0 else (bob, ann)
        refusal = await loser.until(lambda m: m.type == "refused")
        assert refusal.reason == "Too late to match the Wild: its window has closed."
        table = await winner.until_table(lambda t: t.window is None)
        lines = [e.render(match.names) for e in table.events]
        assert f"{match.names[first]} matches the Wild." in lines
        assert match.state.hands[first].count(card("Wild")) == 0
        assert match.state.hands[second].count(card("Wild")) == 1
        assert winner.refusals == [] and cat.refusals == []
        assert rig.host.refusals == 1


async def test_a_claim_without_the_card_is_refused_with_the_games_reason():
    state = position(["B3 Y5", "G5 B7", "R7 G2 Y9"], "R1", turn=2, options={"match_seconds": 2})
    match = match_at(state, "Ann,Bob,Cat")
    async with running_host(match) as rig:
        ann, bob, cat = [await Client.join(rig.port, rig.host.codes[s], "run-it") for s in range(3)]
        table = await cat.until_table(lambda t: bool(t.legal))
        await cat.send(move(table, "R7"))
        table = await ann.until_table(window_open)
        before = match.state.model_dump_json()
        await ann.send(ClaimCard(table=table.number))
        refusal = await ann.until(lambda m: m.type == "refused")
        assert refusal.reason == (
            "No match: you hold no R7. A match needs the identical card (same kind, colour "
            "and value)."
        )
        assert match.state.model_dump_json() == before


async def test_the_countdown_lets_the_card_go_for_a_client_that_says_nothing(monkeypatch):
    # Ann holds the other R7 and says nothing: after the window's second, the card is gone.
    state = position(["R7 B3", "G5 B7", "R7 G2 Y9"], "R1", turn=2, options={"match_seconds": 1})
    match = match_at(state, "Ann,bot,Cat")
    time_up: list[float] = []  # seconds from the window's opening to its letting go, host's clock
    real = Runner._answer

    def answer(runner, window, seats, let_go_all=False):
        if let_go_all:
            opened = runner._window.since - runner._window.elapsed
            time_up.append(runner.clock.now() - opened)
        real(runner, window, seats, let_go_all)

    monkeypatch.setattr(Runner, "_answer", answer)
    async with running_host(match) as rig:
        ann = await Client.join(rig.port, rig.host.codes[0], "run-it")
        cat = await Client.join(rig.port, rig.host.codes[2], "run-it")
        table = await cat.until_table(lambda t: bool(t.legal))
        await cat.send(move(table, "R7"))
        table = await ann.until_table(window_open)
        assert 0 < table.window_left <= 1.0
        assert {"kind": "claim"} in table.legal
        table = await ann.until_table(lambda t: t.window is None, timeout=5)
        (waited,) = time_up
        assert waited >= 0.98, "the window stayed open for its second"
        assert match.state.hands[0].count(card("R7")) == 1, "Ann kept her R7"
        assert RUN_IT.claim_window(match.state) is None
        assert not any("matches" in e.text for e in table.events)
        assert ann.refusals == [] and rig.host.refusals == 0
