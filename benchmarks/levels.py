"""Bot levels head to head (issue 24): per game, strong bots against the planner and easy bots
against the planner, half the seats each, the seats rotated game by game, seeded; each level's
share of the wins and its think time per move; and how long a hint takes.

`make bench` plays a few games per game (BENCH_LEVEL_GAMES, 12 unless set) for a quick look;
the figures in a note come from `python -m benchmarks.levels -n 400`."""

from __future__ import annotations

import argparse
import os
import random
import time

from cardtable import games
from cardtable.bots.hints import HINT_SECONDS, hint_player
from cardtable.bots.seat_player import player_for
from cardtable.bots.simulate import percentile, simulate
from cardtable.engine import SeatKind

SEATS = {"runway": 2, "run-it": 4, "over-trump": 4, "sets-and-runs": 4, "piles": 4}
"""Seats at each game's head-to-head table: levels alternate, so a team is one level."""
STRONG_GOAL = 0.60
EASY_GOAL = 0.30
"""The strong side wins at least STRONG_GOAL of the games; the easy side at most EASY_GOAL."""
HINT_POSITIONS = 40
"""Positions per game at which a hint is timed."""


def alternating(game_id: str, level: SeatKind) -> list[SeatKind]:
    """The head-to-head table's seats: `level` in every other seat from the first, the planner
    in the rest."""
    return [level if seat % 2 == 0 else SeatKind.BOT for seat in range(SEATS[game_id])]


def head_to_head(
    game_id: str, level: SeatKind, n: int, seed: int = 0
) -> tuple[float, float, float]:
    """`level` in every other seat against the planner, rotated: its share of the wins and its
    think time p50 and p90 in milliseconds."""
    result = simulate(game_id, n, alternating(game_id, level), seed, rotate=True)
    mine = result.kinds[level.value]
    return mine.win_share, mine.think_p50_ms, mine.think_p90_ms


def hint_times(game_id: str, seed: int = 0) -> list[float]:
    """Seconds a hint took at positions along a seeded planners' game."""
    game = games.get(game_id)
    seats = SEATS[game_id]
    state = game.new_game(seats=seats, seed=seed)
    bots = [player_for(SeatKind.BOT, game_id, seat) for seat in range(seats)]
    chance = random.Random(seed)
    times: list[float] = []
    while not game.is_over(state) and len(times) < HINT_POSITIONS:
        window = game.claim_window(state)
        seat = window.open_to[0] if window and window.open_to else game.to_act(state)[0]
        view, legal = game.view(state, seat), game.legal_moves(state, seat)
        if len(legal) > 1 and chance.random() < 0.5:
            began = time.perf_counter()
            hint_player(game_id).choose(view, legal)
            times.append(time.perf_counter() - began)
        move, _ = bots[seat].choose(view, legal)
        game.advance(state, seat, move)
    return times


def main(argv: list[str] | None = None) -> None:
    """Print each game's head-to-head figures and hint times."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.levels")
    parser.add_argument("games", nargs="*", default=games.ids())
    default = int(os.environ.get("BENCH_LEVEL_GAMES", "12"))
    parser.add_argument("-n", type=int, default=default, help="games per level and game")
    args = parser.parse_args(argv)
    print(
        f"Bot levels head to head, {args.n} games each, seats rotated, half the seats each "
        f"(goals: strong wins at least {STRONG_GOAL:.0%}, easy at most {EASY_GOAL:.0%}; "
        f"full figures: python -m benchmarks.levels -n 400)"
    )
    for game_id in args.games:
        strong = head_to_head(game_id, SeatKind.STRONG, args.n)
        easy = head_to_head(game_id, SeatKind.EASY, args.n)
        hints = hint_times(game_id)
        print(
            f"  {game_id:<14} strong {strong[0]:6.1%} of the wins (think p50 {strong[1]:5.1f} ms,"
            f" p90 {strong[2]:5.1f} ms)  easy {easy[0]:6.1%}  hint p50 "
            f"{percentile(hints, 0.5) * 1000:5.1f} ms, p90 {percentile(hints, 0.9) * 1000:5.1f}"
            f" ms (goal {HINT_SECONDS * 1000:.0f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
