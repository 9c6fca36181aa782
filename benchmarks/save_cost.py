"""Per-move save cost at move 1 and move 7,000 of a long Runway session, and its resume time.

Run: .venv/bin/python -m benchmarks.save_cost [FOLDER]  (FOLDER: where the save is written;
a temporary folder by default, on the same disk as the data folder is best).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from cardtable import games
from cardtable.engine import Chance, Match, SeatConfig, SeatKind

MOVES = 7020
WINDOW = 20


def main() -> None:
    """Play MOVES random moves of a nine-game three-deck session, timing each saved move."""
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
    game = games.get("runway")
    seats = [SeatConfig(name=f"P{i}", kind=SeatKind.RANDOM) for i in range(2)]
    path = folder / "runway-bnch.jsonl"
    match = Match.start(game, seats, 0, {"games": 9, "decks": 3}, path)
    chance = Chance.seeded(0)
    costs = []
    for _ in range(MOVES):
        seat = game.to_act(match.state)[0]
        move = chance.choice(game.legal_moves(match.state, seat))
        start = time.perf_counter()
        match.play(seat, move)
        costs.append(time.perf_counter() - start)
    match.close()
    first = statistics.median(costs[:WINDOW]) * 1000
    last = statistics.median(costs[-WINDOW:]) * 1000
    start = time.perf_counter()
    Match.load(path, games).close()
    resume = time.perf_counter() - start
    print(f"save after {MOVES} moves: {path.stat().st_size // 1024} KB")
    print(f"per move (play + save), median of {WINDOW}: moves 1-{WINDOW} {first:.2f} ms, ", end="")
    print(f"moves {MOVES - WINDOW}-{MOVES} {last:.2f} ms")
    print(f"resume (read, replay and check every move): {resume:.2f} s")


if __name__ == "__main__":
    main()
