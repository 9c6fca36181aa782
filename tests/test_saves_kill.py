"""kill -9 at random moments: every save left behind loads and replays (issue 10, done means)."""

import os
import random
import signal
import subprocess
import sys
import time

from cardtable import games
from cardtable.engine import Match, saved_games

WRITER = """
import sys
from cardtable import games
from cardtable.engine import Chance, Match, SeatConfig, SeatKind, new_save_path
seed = int(sys.argv[1])
ids = ["runway", "over-trump", "piles"]
for n in range(10**6):
    game = games.get(ids[n % 3])
    seats = [SeatConfig(name=f"P{i}", kind=SeatKind.RANDOM) for i in range(game.default_seats)]
    match = Match.start(game, seats, seed + n, {}, new_save_path(game.id))
    chance = Chance.seeded(seed + n)
    print("writing", flush=True)
    while not game.is_over(match.state):
        seat = game.to_act(match.state)[0]
        match.play(seat, chance.choice(game.legal_moves(match.state, seat)))
        if len(match.record.log) % 37 == 0 and match.save_path is not None:
            path = match.save_path
            match.close()  # leave the table and come back, as a player does
            match = Match.load(path, games)
"""


def test_every_save_left_by_a_killed_writer_loads_and_replays():
    chance = random.Random(10)
    for round_ in range(6):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(round_ * 1000)],
            stdout=subprocess.PIPE,
            env=os.environ,
        )
        assert writer.stdout.readline() == b"writing\n"
        time.sleep(chance.uniform(0.05, 0.6))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    saved = saved_games()
    # Most kills leave the game in play behind; one that lands between a finished game (its
    # save deleted) and the next deal leaves nothing, which is right too.
    assert len(saved) >= 3
    for entry in saved:
        assert entry.problem is None
        match = Match.load(entry.path, games)
        assert match.replay() == match.state
        match.close()
