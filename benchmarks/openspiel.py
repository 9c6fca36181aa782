"""Over Trump against OpenSpiel's Oh Hell, random play, side by side in one run.

`make bench-openspiel` makes a scratch venv with open-spiel (.bench/openspiel) on first use.
Moves are player decisions only: OpenSpiel's chance actions (the deal) are timed but not counted.
Ours is played as OpenSpiel's loop plays (benchmarks/playouts.py: legal moves listed and one
drawn with Python's `random` each move), through the game's fast path (engine/fast.py); the
`cardtable simulate` figure (random bots through `legal_moves` and `advance`) is printed beside.
"""

from __future__ import annotations

import subprocess
import sys
import time

from benchmarks.playouts import random_play
from cardtable.bots.simulate import simulate
from cardtable.engine import SeatKind

SECONDS = 5.0
OH_HELL = f"""
import pyspiel, random, time
game = pyspiel.load_game("oh_hell")
rng = random.Random(0)
moves = 0
start = time.perf_counter()
while time.perf_counter() - start < {SECONDS}:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
print(moves / (time.perf_counter() - start))
"""


WANTED = 1.2
"""The least ratio of ours to OpenSpiel's that issue 25 asks for."""


def over_trump_moves_per_second() -> float:
    """Random games of Over Trump as OpenSpiel's loop plays them, for SECONDS."""
    return random_play("over-trump", 4, SECONDS)


def simulated_moves_per_second() -> float:
    """Random-bot games of Over Trump through the simulator, for SECONDS."""
    moves, seconds, seed = 0, 0.0, 0
    while seconds < SECONDS:
        result = simulate("over-trump", 50, [SeatKind.RANDOM] * 4, seed=seed)
        moves += result.moves
        seconds += result.seconds
        seed += 50
    return moves / seconds


def main() -> None:
    """Print both figures and their ratio."""
    if len(sys.argv) < 2:
        sys.exit("usage: python -m benchmarks.openspiel PATH-TO-A-PYTHON-WITH-OPEN-SPIEL")
    ours = over_trump_moves_per_second()
    time.sleep(0.5)
    theirs = float(
        subprocess.run(
            [sys.argv[1], "-c", OH_HELL], capture_output=True, text=True, check=True
        ).stdout
    )
    ours_again = over_trump_moves_per_second()
    mean = (ours + ours_again) / 2
    print(
        f"Over Trump (random play through the fast path): {ours:,.0f} and {ours_again:,.0f} "
        f"moves/s; cardtable simulate {simulated_moves_per_second():,.0f} moves/s"
    )
    print(f"Oh Hell (OpenSpiel, C++ from Python, random): {theirs:,.0f} moves/s")
    print(
        f"Ratio (mean of ours / theirs): {mean / theirs:.2f} (issue 25 asks for at least {WANTED})"
    )


if __name__ == "__main__":
    main()
