"""Done means (issue 22): two games played to the end at one keyboard and one hosted, then
`cardtable stats --json`, run as its own process, counts them right."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

from cardtable import games
from cardtable.engine import Chance, Match, new_save_path, parse_seats
from cardtable.ui.app import CardTableApp
from tests.net_clients import Client, running_host


def keyboard_game(app: CardTableApp, seats: str, seed: int) -> Match:
    """A game of Piles at one keyboard, as the app deals it (saved, recorded), every seat's
    move chosen at random from its legal moves (seeded), through Match.play."""
    game = games.get("piles")
    match = app.recorded(Match.start(game, parse_seats(seats), seed, None, new_save_path("piles")))
    chance = Chance.seeded(seed)
    while not game.is_over(match.state):
        seat = game.to_act(match.state)[0]
        match.play(seat, chance.choice(game.legal_moves(match.state, seat)))
    return match


async def test_two_games_at_one_keyboard_and_one_hosted_are_counted_by_cardtable_stats():
    app = CardTableApp()
    first = keyboard_game(app, "Ann,bot,Bob,bot", 31)
    second = keyboard_game(app, "Ann,bot,bot,bot", 32)
    hosted = app.recorded(
        Match.start(games.get("piles"), parse_seats("Ann,Cy,bot,bot"), 33, None), "hosted"
    )
    async with running_host(hosted) as rig:
        ann = await Client.join(rig.port, rig.host.codes[0], "piles")
        cy = await Client.join(rig.port, rig.host.codes[1], "piles")
        await asyncio.gather(ann.play(seed=1), cy.play(seed=2))
    assert app.recorder.flush(10)
    assert app.recorder.problem is None

    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "stats", "--json"],
        capture_output=True,
        text=True,
        env=os.environ,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    piles = json.loads(done.stdout)["games"]["piles"]
    assert set(piles) == {"Ann", "Bob", "Cy"}, "bots are not counted as players"

    def won(match: Match, seat: int) -> int:
        return int(seat in games.get("piles").outcome(match.state).winners)

    ann = piles["Ann"]
    assert ann["games"] == 3
    assert ann["wins"] == won(first, 0) + won(second, 0) + won(hosted, 0)
    assert ann["against"]["bots"]["games"] == 1 and ann["against"]["people"]["games"] == 2
    assert ann["against"]["bots"]["wins"] == won(second, 0)
    assert piles["Bob"]["games"] == 1 and piles["Bob"]["wins"] == won(first, 2)
    assert piles["Cy"]["games"] == 1 and piles["Cy"]["wins"] == won(hosted, 1)
    scores = [games.get("piles").outcome(m.state).scores[0] for m in (first, second, hosted)]
    assert ann["average_score"] == sum(scores) / 3

    listed = subprocess.run(
        [sys.executable, "-m", "cardtable", "history"],
        capture_output=True,
        text=True,
        env=os.environ,
        timeout=60,
    ).stdout.splitlines()
    assert listed[0].split()[0] == "1" and "hosted" in listed[0]
    assert "hosted" not in listed[1] and "hosted" not in listed[2]
