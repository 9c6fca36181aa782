"""One runner serves both kinds of table: the same seeded game, played once at one keyboard (the
app's table on a fake clock) and once through a host (a seat joined as a client, the host on a
fake clock), makes the same moves, the same log lines, the same states and the same save, move
for move. The person's seat is moved by the test (the game's planner choosing from what her
screen shows: the local table's view, or the host's Table); bots play the other seats."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from cardtable import games
from cardtable.bots.seat_player import planner
from cardtable.engine import Match, new_save_path, parse_seats
from cardtable.engine.claims import LET_GO, Claim
from cardtable.net.client import LocalFeed
from cardtable.net.clock import FakeClock
from cardtable.net.host import Host
from cardtable.net.protocol import Act, ClaimCard, Table
from cardtable.ui.app import CardTableApp, Launch
from cardtable.ui.screens.results import ResultsScreen
from cardtable.ui.screens.table import TableScreen
from cardtable.ui.widgets import GameTable
from tests.pilot_steps import leave

STEP = 0.05
"""Seconds the fake clock moves on while nobody at the table may act."""
MOST_STEPS = 20000

GAMES = [
    # (game, seats, seed, options, most moves): Ann is moved by the test. Run It's match windows
    # and Sets and Runs' buy windows run on the clock; Sets and Runs is played 150 moves in
    # (two rounds, buys and lay-downs among them), the others to their ends.
    ("runway", "Ann,bot", 28, {}, None),
    ("piles", "Ann,bot", 1, {}, None),
    ("over-trump", "Ann,bot,bot,bot", 3, {}, None),
    ("run-it", "Ann,bot,bot", 32, {"hand_size": 3, "match_seconds": 2}, None),
    ("sets-and-runs", "Ann,bot,bot", 18, {"buy_seconds": 3}, 150),
]


class Played:
    """Every move every match makes in this test, in order, with the state after it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.moves: dict[int, list[tuple[int, dict, list[str], str]]] = {}
        real = Match.play

        def play(match: Match, seat, move, timed=False):
            events = real(match, seat, move, timed)
            entry = match.record.log[-1]
            after = match.state.model_dump_json()
            self.moves.setdefault(id(match), []).append(
                (entry.seat, entry.move, entry.lines, after)
            )
            return events

        monkeypatch.setattr(Match, "play", play)


def done(match: Match, most: int | None) -> bool:
    return match.game.is_over(match.state) or (most is not None and len(match.record.log) >= most)


def save_text(match: Match) -> str:
    """The save as it stands (a finished game keeps none)."""
    path = match.save_path
    return Path(path).read_text() if path is not None and Path(path).exists() else ""


async def at_one_keyboard(game_id, seats, seed, options, most) -> tuple[Match, str]:
    """The game at the app's table, on a fake clock; Ann's moves made at the table."""
    clock = FakeClock()
    app = CardTableApp(Launch(command="menu", delay=0), clock=clock)
    person = planner(game_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.start_game(game_id, parse_seats(seats), seed, options)
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        match, game = table.match, table.game
        for _ in range(MOST_STEPS):
            if done(match, most) or isinstance(app.screen, ResultsScreen):
                break
            screen = app.screen
            if screen is table and 0 in game.to_act(match.state):
                state = match.state
                move, _ = person.choose(game.view(state, 0), game.legal_moves(state, 0))
                if isinstance(move, Claim):
                    table.claim_key(0)
                elif move == LET_GO:
                    table.let_go_key()
                else:
                    table.post_message(GameTable.Chosen(move))
                await pilot.pause()
                continue
            if screen is not table:
                await leave(app, "enter")  # a summary between hands
            clock.advance(STEP)
            await asyncio.sleep(0.002)  # what fell due is made and drawn (Pilot's pause idles)
        assert done(match, most)
        return match, save_text(match)


async def through_a_host(game_id, seats, seed, options, most) -> tuple[Match, str]:
    """The game on a host, on a fake clock; Ann's moves sent from her joined seat."""
    game = games.get(game_id)
    clock = FakeClock()
    match = Match.start(game, parse_seats(seats), seed, options, new_save_path(game_id))
    host = Host(match, delay=0.0, clock=clock)
    host.start()
    feed = LocalFeed(host, host.codes[0])
    await feed.open()
    heard: list = []
    feed.listen(heard.append)
    person = planner(game_id)
    try:
        for _ in range(MOST_STEPS):
            await asyncio.sleep(0)
            if done(match, most):
                break
            tables = [m for m in heard if isinstance(m, Table)]
            latest = tables[-1] if tables else None
            if latest is not None and latest.number == host.number and latest.legal:
                view = game.view_model.model_validate(latest.view)
                legal = [game.parse_move(m) for m in latest.legal]
                move, _ = person.choose(view, legal)
                heard.clear()
                if isinstance(move, Claim):
                    feed.send(ClaimCard(table=latest.number))
                else:
                    feed.send(Act(move=move.model_dump(mode="json"), table=latest.number))
                continue
            clock.advance(STEP)
        assert done(match, most)
        return match, save_text(match)
    finally:
        await feed.close()
        host.stop()


def without_start(save: str) -> str:
    """A save's text with its header's start time left out."""
    header, _, rest = save.partition("\n")
    return re.sub(r',"started":[0-9.e+-]+', "", header) + "\n" + rest


@pytest.mark.parametrize(("game_id", "seats", "seed", "options", "most"), GAMES)
async def test_one_keyboard_and_a_host_play_the_same_game_move_for_move(
    game_id, seats, seed, options, most, monkeypatch
):
    played = Played(monkeypatch)
    local, local_save = await at_one_keyboard(game_id, seats, seed, options, most)
    hosted, hosted_save = await through_a_host(game_id, seats, seed, options, most)
    here, there = played.moves[id(local)], played.moves[id(hosted)]
    assert any(seat == 0 for seat, *_ in here), "the test moved Ann's seat"
    assert len(here) == len(there)
    for number, (mine, theirs) in enumerate(zip(here, there, strict=True)):
        assert mine == theirs, f"move {number + 1} differs"
    assert local.record.log == hosted.record.log
    # The same save, but for the moment each table was dealt (the header's `started`).
    assert without_start(local_save) == without_start(hosted_save)
    if most is not None:  # unfinished: both saves hold every move so far
        assert local_save.count("\n") > most
