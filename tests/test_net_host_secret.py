"""A hosted real game's secret (the seed its cards are dealt from) is in no frame a player or a
spectator receives and in no line the host logs: only in the save (issue 19 item 1)."""

from __future__ import annotations

import logging

import pytest

from cardtable import games
from cardtable.engine import Match
from cardtable.engine.chance import is_secret, seed_for_bots
from cardtable.net.host import Host
from tests.net_clients import Client, running_host
from tests.test_net_host_leaks import OPTIONS, SEATS, one_person


def secret_forms(match: Match) -> list[str]:
    """Every way the secret could be written: the number, its hex, the stream's key."""
    seed = match.record.seed
    key = match.state.chance.key
    assert is_secret(seed) and key is not None
    return [str(seed), f"{seed:x}", f"{seed:X}", key, key.upper(), key[:16]]


@pytest.mark.parametrize("game_id", games.ids())
async def test_a_hosted_games_secret_is_in_no_frame_and_no_log_line(game_id, caplog):
    caplog.set_level(logging.DEBUG)
    game = games.get(game_id)
    match = Match.start(game, one_person(game, SEATS[game_id]), None, OPTIONS.get(game_id))
    forms = secret_forms(match)
    async with running_host(match) as rig:
        watcher = await Client.join(rig.port, None, game_id)
        ann = await Client.join(rig.port, rig.host.codes[0], game_id)
        await ann.send("not a message")  # a refusal, which the host logs
        end = await ann.play(seed=4, timeout=60)
        await watcher.drain(0.2)
        await ann.close()
        await watcher.close()
    assert end is not None and end.over
    assert len(ann.raw) > 10 and len(watcher.raw) > 10
    assert "refused" in caplog.text
    said = ann.raw + watcher.raw + [caplog.text] + match.log_lines()
    said += [repr(match.state), str(match.state), repr(match.record), str(match.record)]
    for text in said:
        for form in forms:
            assert form not in text


def test_a_hosted_real_games_bots_are_not_seeded_from_its_secret():
    game = games.get("piles")
    match = Match.start(game, one_person(game, 4), None)
    host = Host(match)
    seeds = [player.seed for player in host.players[1:]]
    assert seeds == [seed_for_bots(match.record.seed) * 31 + i for i in (1, 2, 3)]
    assert all(seed < 1 << 70 for seed in seeds)
