"""Run It against RLCard's UNO and Sets and Runs against RLCard's Gin Rummy, random play.

`make bench` makes a scratch venv with RLCard (.bench/rlcard) on first use and runs this with its
Python: `python -m benchmarks.rlcard PYTHON-WITH-RLCARD [INSTALL-LOG]`.

What is counted is player decisions per second, nothing else:
- ours: random games as RLCard's loop plays them (benchmarks/playouts.py: legal moves listed
  and one drawn with Python's `random` each move, the deal timed), through the game's fast path
  (engine/fast.py) where it has one; the `cardtable simulate` figure (random bots through
  `legal_moves` and `advance`, with each move's think time taken) is printed beside it;
- RLCard: its step calls. Two loops are timed, each drawing a uniformly random legal action with
  Python's `random`: through the environment RL code uses (`env.step`, which encodes an
  observation every step) and through the game object under it (`game.step`, no encoding).
  The issue's ratio is taken against the environment, the way RLCard plays random agents
  (`env.run` steps its env; RLCard's own RandomAgent is slower still than this loop's `random`);
  the ratio against the bare game loop is printed beside it. UNO's deal happens inside
  `init_game`, so there is nothing to leave out; Gin Rummy's end-of-hand scoring steps are
  player actions in RLCard and are counted as RLCard counts them.
Each side is measured three times, in turn, and the lowest of each is compared.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

from benchmarks.playouts import random_play
from cardtable import games
from cardtable.bots.simulate import simulate
from cardtable.engine import SeatKind

SECONDS = 3.0
"""How long each loop runs, ours and theirs."""

RLCARD_LOOPS = """
import json, random, sys, time
import rlcard
name, seconds = sys.argv[1], float(sys.argv[2])
rng = random.Random(0)

def env_loop():
    env = rlcard.make(name, config={"seed": 0})
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            moves += 1
    return moves / (time.perf_counter() - start)

def game_loop():
    game = rlcard.make(name, config={"seed": 0}).game
    legal = game.judge.get_legal_actions if name == "gin-rummy" else game.get_legal_actions
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(legal()))
            moves += 1
    return moves / (time.perf_counter() - start)

players = rlcard.make(name, config={"seed": 0}).num_players
print(json.dumps({"version": rlcard.__version__, "players": players,
                  "env": env_loop(), "game": game_loop()}))
"""
"""Run by RLCard's Python: argv is the RLCard game name and the seconds per loop."""


class Pairing(NamedTuple):
    """One comparison: our game and seats beside an RLCard game."""

    game_id: str
    seats: int
    rlcard_name: str
    rlcard_title: str
    wanted: float
    """The least ratio to RLCard's env.step that issue 25 asks for."""


PAIRINGS = (
    Pairing("run-it", 2, "uno", "UNO", 5.0),
    Pairing("sets-and-runs", 4, "gin-rummy", "Gin Rummy", 8.0),
)


class TheirFigures(NamedTuple):
    """RLCard's decisions per second through its environment and through its game object."""

    version: str
    players: int
    env: float
    game: float


class CannotRun(Exception):
    """RLCard could not be run; the message says why, in a sentence."""


def ours(game_id: str, seats: int, seconds: float = SECONDS) -> float:
    """Random games played as RLCard's loop plays them, for `seconds`: moves per second.

    KeyError when the game is not playable yet.
    """
    return random_play(game_id, seats, seconds)


def simulated(game_id: str, seats: int, seconds: float = SECONDS) -> float:
    """Random-bot games through the simulator for `seconds`: moves per second.

    KeyError when the game is not playable yet.
    """
    games.get(game_id)
    moves, spent, seed = 0, 0.0, 0
    while spent < seconds:
        result = simulate(game_id, 10, [SeatKind.RANDOM] * seats, seed=seed)
        moves += result.moves
        spent += result.seconds
        seed += 10
    return moves / spent


def install_failure(log: Path | None) -> str:
    """What the install log says went wrong: its last error, and the network error if any.

    '' without a log or with nothing in it.
    """
    if log is None or not log.is_file():
        return ""
    text = log.read_text(errors="replace")
    lines = [line.strip() for line in text.splitlines()]
    said = [line for line in lines if line and not line.startswith("WARNING: Location")]
    errors = [line for line in said if line.startswith("ERROR")] or said[-1:]
    unreached = re.search(r"\[Errno -?\d+\] [^'\")]+", text)
    if unreached:
        errors.append(f"the package index was not reached: {unreached.group(0).strip()}")
    return "; ".join(errors[-2:])


def check_rlcard(python: str, log: Path | None = None) -> None:
    """Raise CannotRun unless `python` runs and imports rlcard."""
    said = install_failure(log)
    where = f" (the install said: {said})" if said else ""
    if not Path(python).is_file():
        raise CannotRun(f"there is no Python at {python}{where}.")
    try:
        found = subprocess.run(
            [python, "-c", "import rlcard"], capture_output=True, text=True, timeout=120
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise CannotRun(f"{python} did not start: {error}{where}.") from error
    if found.returncode != 0:
        error = (found.stderr.strip().splitlines() or ["it failed with no message"])[-1]
        raise CannotRun(f"{python} cannot import rlcard: {error}{where}.")


def theirs(python: str, rlcard_name: str, seconds: float = SECONDS) -> TheirFigures:
    """RLCard's random-play figures for one game, run by RLCard's Python."""
    try:
        done = subprocess.run(
            [python, "-c", RLCARD_LOOPS, rlcard_name, str(seconds)],
            capture_output=True,
            text=True,
            timeout=60 + 4 * seconds,
        )
    except subprocess.TimeoutExpired as error:
        raise CannotRun(f"RLCard's {rlcard_name} loop ran past {error.timeout:.0f} s.") from error
    if done.returncode != 0:
        error = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise CannotRun(f"RLCard's {rlcard_name} loop failed: {error}.")
    return TheirFigures(**json.loads(done.stdout.strip().splitlines()[-1]))


def not_playable_line(game_id: str, seats: int) -> str | None:
    """The line to print instead of a figure when our game is not playable yet; else None."""
    try:
        games.get(game_id)
    except KeyError:
        name = games.entry(game_id).name
        return (
            f"  {name} ({seats} random seats): not playable in cardtable yet, "
            "so no figure and no ratio."
        )
    return None


RUNS = 3
"""Each side runs this many times, in turn; issue 25 takes the lowest of each."""


def compare(python: str, pairing: Pairing, seconds: float = SECONDS) -> list[str]:
    """The lines of one comparison: RUNS of ours and of theirs taken in turn, and the ratios of
    the lowest of each."""
    game_id, seats, rlcard_name, title, _ = pairing
    missing = not_playable_line(game_id, seats)
    mine: list[float] = []
    them: list[TheirFigures] = []
    for _ in range(RUNS):
        mine.append(ours(game_id, seats, seconds) if missing is None else 0.0)
        time.sleep(0.5)
        them.append(theirs(python, rlcard_name, seconds))
        time.sleep(0.5)
    first = them[0]
    table = f"{first.players} players"
    if first.players != seats:
        table += f"; RLCard plays no other size, ours has {seats} seats"
    env, step = [t.env for t in them], [t.game for t in them]
    lines = [
        f"  {title} (RLCard {first.version}, random, {table}): env.step "
        f"{', '.join(f'{x:,.0f}' for x in env)} moves/s; game.step "
        f"{', '.join(f'{x:,.0f}' for x in step)} moves/s",
    ]
    if missing is not None:
        return [missing, *lines]
    game = games.get(game_id)
    path = "fast path" if game.fast is not None else "legal_moves and advance"
    return [
        f"  {game.name} (random play through the {path}, {seats} seats): "
        f"{', '.join(f'{x:,.0f}' for x in mine)} moves/s; cardtable simulate "
        f"{simulated(game_id, seats, seconds):,.0f} moves/s",
        *lines,
        f"  Ratio, the lowest of each side's {RUNS} runs, against RLCard's environment "
        f"(env.step): {min(mine) / min(env):.2f} (issue 25 asks for at least {pairing.wanted}); "
        f"our lowest against its highest: {min(mine) / max(env):.2f}",
        f"  Ratio against RLCard's bare game loop (game.step, no observations, not how RLCard "
        f"plays agents), lowest of each: {min(mine) / min(step):.2f}",
    ]


def main(argv: list[str] | None = None) -> int:
    """Print every comparison; 1 with a sentence saying why when RLCard cannot be run."""
    args = sys.argv[1:] if argv is None else argv
    if not 1 <= len(args) <= 2:
        print("usage: python -m benchmarks.rlcard PYTHON-WITH-RLCARD [INSTALL-LOG]")
        return 2
    python, log = args[0], Path(args[1]) if len(args) == 2 else None
    print("RLCard beside cardtable: random play, player decisions per second")
    try:
        check_rlcard(python, log)
        for pairing in PAIRINGS:
            for line in compare(python, pairing):
                print(line, flush=True)
    except CannotRun as why:
        print(f"  The RLCard comparison could not run: {why}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
