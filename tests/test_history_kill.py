"""kill -9 during a write: the game history still opens, checks whole, and every game in it is
whole (issue 22, done means)."""

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

from cardtable.engine.history import History, history_path

WRITER = """
import sys
from cardtable import games
from cardtable.engine import Chance, Match, SeatConfig, SeatKind
from cardtable.engine.history import History, finished_game
seed = int(sys.argv[1])
game = games.get("sets-and-runs")  # thousands of moves a game: long writes to land in
seats = [SeatConfig(name="Ann")] + [
    SeatConfig(name=f"Bot {i}", kind=SeatKind.RANDOM) for i in (2, 3)
]
finished = []
for n in range(3):
    match = Match.start(game, seats, seed + n, None)
    chance = Chance.seeded(seed + n)
    while not game.is_over(match.state):
        seat = game.to_act(match.state)[0]
        match.play(seat, chance.choice(game.legal_moves(match.state, seat)))
    finished.append(finished_game(match))
history = History()
print("writing", flush=True)
for n in range(10**6):
    game = finished[n % 3].model_copy(update={"id": f"{seed}-{n}"})
    history.record(game)
"""


def test_a_writer_killed_at_random_moments_leaves_a_whole_history():
    chance = random.Random(22)
    for round_ in range(6):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(round_ * 1000)],
            stdout=subprocess.PIPE,
            env=os.environ,
        )
        assert writer.stdout.readline() == b"writing\n"
        time.sleep(chance.uniform(0.05, 0.5))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        with History() as history:
            assert history.problem is None
            kept = history.finished_games(limit=10_000)
            assert history.skipped == []
    assert len(kept) >= 6, "each writer kept some games before it was killed"
    conn = sqlite3.connect(history_path())
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    rows = conn.execute(
        "SELECT g.id, g.moves, (SELECT count(*) FROM moves AS m WHERE m.game_id = g.id), "
        "(SELECT count(*) FROM seats AS s WHERE s.game_id = g.id) FROM games AS g"
    ).fetchall()
    loose = conn.execute(
        "SELECT count(*) FROM moves WHERE game_id NOT IN (SELECT id FROM games)"
    ).fetchone()[0]
    conn.close()
    assert loose == 0, "no moves are left of a game whose write was killed"
    assert len(rows) == len(kept)
    for game_id, moves, counted, seats in rows:
        assert moves > 1000 and counted == moves and seats == 3, game_id
