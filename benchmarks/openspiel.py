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


RUNS = 3
"""Each side runs this many times, in turn; issue 25 takes the lowest of each."""


def oh_hell_moves_per_second(python: str) -> float:
    """Random games of Oh Hell through OpenSpiel, for SECONDS, run by `python`."""
    done = subprocess.run([python, "-c", OH_HELL], capture_output=True, text=True, check=True)
    return float(done.stdout)


def main() -> None:
    """Print both sides' figures, RUNS each taken in turn, and their ratios."""
    if len(sys.argv) < 2:
        sys.exit("usage: python -m benchmarks.openspiel PATH-TO-A-PYTHON-WITH-OPEN-SPIEL")
    try:
        subprocess.run([sys.argv[1], "-c", "import pyspiel"], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        print(f"The OpenSpiel comparison could not run: {sys.argv[1]} cannot import pyspiel.")
        return
    ours, theirs = [], []
    for _ in range(RUNS):
        ours.append(over_trump_moves_per_second())
        time.sleep(0.5)
        theirs.append(oh_hell_moves_per_second(sys.argv[1]))
        time.sleep(0.5)
    print("OpenSpiel beside cardtable: random play, player decisions per second")
    print(
        f"  Over Trump (random play through the fast path, 4 seats): "
        f"{', '.join(f'{x:,.0f}' for x in ours)} moves/s; cardtable simulate "
        f"{simulated_moves_per_second():,.0f} moves/s"
    )
    print(
        f"  Oh Hell (OpenSpiel, C++ from Python, random): "
        f"{', '.join(f'{x:,.0f}' for x in theirs)} moves/s"
    )
    print(
        f"  Ratio, the lowest of each side's {RUNS} runs: {min(ours) / min(theirs):.2f} (issue 25 "
        f"asks for at least {WANTED}); our lowest against their highest: "
        f"{min(ours) / max(theirs):.2f}"
    )


if __name__ == "__main__":
    main()
