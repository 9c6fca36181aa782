"""Stale moves: a move or claim names the Table it answers, and one made on a position the game
has left is refused, never applied (a replayed or delayed message cannot act twice)."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.engine import Match, parse_seats
from cardtable.net.protocol import Act, Refusal, Table
from tests.net_clients import Client, running_host

STALE = "The table changed before your move arrived: here it is as it stands now."


async def replayed(game_id: str, seats: str, seed: int, options=None) -> tuple[int, int, Client]:
    """Ann plays 30 moves with the game's bot, her messages kept; then each is sent again on her
    turns as the game stands later. How many were replayed, and how many the host applied."""
    game = games.get(game_id)
    match = Match.start(game, parse_seats(seats), seed, options)
    async with running_host(match) as rig:
        ann = await Client.join(rig.port, rig.host.codes[0], game_id)
        sent: list[str] = []
        real_send = ann.send

        async def keep(message):
            sent.append(message.model_dump_json() if isinstance(message, Act) else message)
            await real_send(message)

        ann.send = keep
        await ann.play(seed=1, stop=lambda client, table: client.moves >= 30)
        ann.send = real_send
        applied = 0
        for old in sent:
            stands = await ann.until_table(lambda t: ann.may_move(t) or t.over)
            assert not stands.over, "the game goes on while her old messages come again"
            before = len(match.record.log)
            await ann.send(old)
            await ann.until(lambda m: isinstance(m, Refusal | Table))
            applied += len(match.record.log) > before
        # A move naming the Table that stands is taken as before.
        table = ann.table
        await ann.send(Act(move=table.legal[0], table=table.number))
        await ann.until_table(lambda t: t.number > table.number)
        return len(sent), applied, ann


@pytest.mark.parametrize(
    ("game_id", "seats", "options"),
    [
        ("sets-and-runs", "Ann,bot,bot", {"buy_seconds": 0}),
        ("over-trump", "Ann,bot,bot,bot", None),
        ("run-it", "Ann,bot,bot", None),
    ],
)
async def test_a_players_old_messages_replayed_later_are_all_refused_as_stale(
    game_id, seats, options
):
    sent, applied, ann = await replayed(game_id, seats, 7, options)
    assert sent == 30
    assert applied == 0
    assert ann.refusals.count(STALE) == sent
