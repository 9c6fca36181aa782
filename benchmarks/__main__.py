"""Print the figures: engine moves per second per game, start-up, network, keypress-to-repaint
(at a table, and while strong bots think)."""

from __future__ import annotations

import compileall
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import bare_textual, levels, network
from benchmarks.playouts import random_play
from benchmarks.tmux import TmuxSession, cardtable_command, have_tmux
from cardtable import games
from cardtable.engine import Chance

PLAYOUT_SECONDS = 2.0
ROOT = Path(__file__).resolve().parents[1]
"""The project's folder, where `python -m benchmarks.bare_textual` is found."""


def engine_speed(game_id: str) -> tuple[float, float]:
    """(checked moves/s, unchecked moves/s) of random playouts, with legal_moves each move.

    PLAYOUT_SECONDS each, after a warm-up pass of the same length.
    """
    game = games.get(game_id)
    figures = []
    for step in (game.play, game.apply, game.play):
        moves, seed, start = 0, 0, time.perf_counter()
        while time.perf_counter() - start < PLAYOUT_SECONDS:
            state = game.new_game(seats=game.default_seats, seed=seed)
            chance = Chance.seeded(seed)
            while not game.is_over(state):
                seat = chance.choice(game.to_act(state))
                step(state, seat, chance.choice(game.legal_moves(state, seat)))
                moves += 1
            seed += 1
        figures.append(moves / (time.perf_counter() - start))
    return figures[1], figures[2]  # the first pass warms caches and is not reported


BARE_APP = [sys.executable, "-m", "benchmarks.bare_textual"]
"""The peer the screen's figures are set beside (benchmarks/bare_textual.py)."""
BARE_FLAG = "BARE_EXIT_AFTER_FIRST_PAINT"
STARTUP_RATIO = 1.3
KEYPRESS_RATIO = 1.5
KEYPRESS_P90_MS = 35.0
"""Issue 25's goals beside the bare app: start-up, keypress median (ratios), keypress p90."""


def startup_in_process(
    command: list[str] | None = None, flag: str = "CARDTABLE_EXIT_AFTER_FIRST_PAINT", runs: int = 5
) -> list[float]:
    """Milliseconds from the program's first line to its first painted screen, as it measures
    it (the app by default; `BARE_APP` with its own `flag`)."""
    times = []
    for _ in range(runs):
        out = subprocess.run(
            command or cardtable_command(),
            env={**os.environ, flag: "1"},
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=30,
            cwd=ROOT,
        ).stdout
        for word in out.split():
            if word.isdigit():
                times.append(float(word))
    return times


def compiled() -> None:
    """Write the app's bytecode, as its first run (or pip's install) does: a machine that tells
    Python not to write it (PYTHONDONTWRITEBYTECODE, as this one does) otherwise compiles every
    module of ours again at each start, about 150 ms the bare app's one small module never
    pays, and no player's second start pays either."""
    compileall.compile_dir(ROOT / "cardtable", quiet=1)


def startups_in_process_beside_bare(runs: int = 11) -> tuple[list[float], list[float]]:
    """Start-up in process of the app and of the bare Textual app, taken in turn (a machine
    busier for a while weighs on both alike), `runs` each, from compiled bytecode."""
    compiled()
    ours: list[float] = []
    bare: list[float] = []
    for _ in range(runs):
        ours += startup_in_process(runs=1)
        bare += startup_in_process(BARE_APP, BARE_FLAG, runs=1)
    return ours, bare


def startup_in_tmux(
    home: str, command: list[str] | None = None, shown: str = "Friends around one keyboard"
) -> float:
    """Milliseconds from launching a program in tmux until `shown` is readable on screen (the
    app's start screen by default)."""
    with TmuxSession(command or cardtable_command(), env={"CARDTABLE_HOME": home}) as term:
        return term.wait_for(shown) * 1000


def startups_beside_bare(home: str, runs: int = 7) -> tuple[list[float], list[float]]:
    """Start-up in tmux of the app and of the bare Textual app, taken in turn, `runs` each."""
    compiled()
    ours, bare = [], []
    for _ in range(runs):
        ours.append(startup_in_tmux(home))
        bare.append(startup_in_tmux(home, BARE_APP, bare_textual.TITLE))
    return ours, bare


KEYPRESS_TABLES = (
    ("piles", "You,bot,bot,bot", ("Place one of your",), ""),
    ("runway", "You,bot", ("Draw phase",), ""),
    ("run-it", "You,bot,bot,bot,bot,bot,bot,bot", ("Play a card on", "Nothing in your hand"), ""),
    ("over-trump", "You,bot,bot,bot", ("You lead", "Top card", "Only Keepers lie here"), ""),
    ("sets-and-runs", "You,bot,bot,bot,bot,bot", ("as your draw",), "c"),
)
"""Tables measured for keypress-to-repaint: game, seats (the most the game takes where it
matters), texts on screen once it is your turn (any one), and a key sent first (Sets and Runs
draws from the stock, so no buy window's countdown repaints the screen while keys are timed)."""

TERMINAL_SIZES = ((100, 30), (200, 60))
"""Terminals the keypress figures are taken in: a laptop's window and a projector's."""


def arrows_to_repaint(term: TmuxSession, presses: int) -> list[float]:
    """Milliseconds from Right or Left (in turn) sent to the screen changing, `presses` times."""
    times = []
    for i in range(presses):
        before = term.screen(escapes=True)
        start = time.perf_counter()
        term.send("Right" if i % 2 == 0 else "Left")
        while term.screen(escapes=True) == before:
            if time.perf_counter() - start > 2:
                break
        times.append((time.perf_counter() - start) * 1000)
    return times


def keypress_to_repaint(
    home: str,
    game_id: str,
    seats: str,
    ready: tuple[str, ...],
    first: str = "",
    presses: int = 60,
    size: tuple[int, int] = (100, 30),
) -> list[float]:
    """Milliseconds from a key sent in tmux (a terminal `size` big) to a game's table changing on
    screen."""
    args = cardtable_command("play", game_id, "--seats", seats, "--seed", "3", "--delay", "0")
    with TmuxSession(args, *size, env={"CARDTABLE_HOME": home}) as term:
        term.wait_for("You's hand")
        term.wait_for(*ready)
        if first:
            term.send(first)
            term.wait_for("This round's contract", "Play cards on any melds")
        term.wait_still()
        return arrows_to_repaint(term, presses)


def bare_keypress_to_repaint(presses: int = 60, size: tuple[int, int] = (100, 30)) -> list[float]:
    """The same figure for the bare Textual app: an arrow moving its cursor along a row."""
    with TmuxSession(BARE_APP, *size) as term:
        term.wait_for(bare_textual.TITLE)
        term.wait_still()
        return arrows_to_repaint(term, presses)


SCREENS = (
    ("rules page at the Piles table", "piles", "?", "Back to the game", "Escape"),
    ("rules page at the Runway table", "runway", "?", "Back to the game", "Escape"),
)
"""Screens opened by a key at a table: label, game, key, a text the screen shows, closing key."""


def screen_open_times(home: str, runs: int = 5) -> dict[str, list[float]]:
    """Milliseconds from a key sent in tmux to the screen it opens being readable.

    The setup screen is opened from the start screen; the rest from a table in play.
    """
    times: dict[str, list[float]] = {}
    with TmuxSession(cardtable_command(), env={"CARDTABLE_HOME": home}) as term:
        term.wait_for("Friends around one keyboard")
        term.wait_still()
        found = times.setdefault("setup screen from the start screen", [])
        for _ in range(runs):
            term.send("Enter")
            found.append(term.wait_for("Start game") * 1000)
            term.send("Escape")
            term.wait_for("Friends around one keyboard")
            term.wait_still(quiet=0.2)
    for label, game_id, key, shown, close in SCREENS:
        seats = ",".join(["Ann"] + ["bot"] * (games.get(game_id).default_seats - 1))
        args = cardtable_command("play", game_id, "--seats", seats, "--seed", "3")
        with TmuxSession(args, env={"CARDTABLE_HOME": home}) as term:
            term.wait_for("Hint")
            term.wait_still()
            found = times.setdefault(label, [])
            for _ in range(runs):
                term.send(key)
                found.append(term.wait_for(shown) * 1000)
                term.send(close)
                term.wait_still(quiet=0.2)
    return times


THINKING_GAMES = ("piles", "run-it")
"""Demos measured for keys answered while strong bots think (every seat is a strong bot)."""


def keys_while_bots_think(home: str, game_id: str, presses: int = 30) -> list[float]:
    """Milliseconds from ? to the rules page on screen in a demo (strong bots in every seat, no
    delay: one is always thinking), each key sent at a random moment of a bot's thought. A bot
    that thought on the screen's loop held every key until it had moved."""
    args = cardtable_command("demo", game_id, "--seed", "3", "--delay", "0")
    chance = random.Random(7)
    times = []
    with TmuxSession(args, env={"CARDTABLE_HOME": home}) as term:
        for _ in range(presses):
            term.wait_for("DEMO: Esc or q")  # the table, not the results between games
            time.sleep(chance.uniform(0.05, 0.4))
            start = time.perf_counter()
            term.send("?")
            try:
                term.wait_for("Back to the game", timeout=5)
            except AssertionError:  # the game ended as the key went: its results took it
                continue
            times.append((time.perf_counter() - start) * 1000)
            term.send("Escape")
            while "Back to the game" in term.screen():
                time.sleep(0.005)
    return times


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def main() -> None:
    """Print every figure."""
    print("Engine: random playouts, legal_moves every move (moves per second)")
    for game_id in games.ids():
        checked, unchecked = engine_speed(game_id)
        game = games.get(game_id)
        fast = (
            f"   fast path {random_play(game_id, game.default_seats, PLAYOUT_SECONDS):>9,.0f}/s"
            if game.fast is not None
            else ""
        )
        print(
            f"  {game_id:<14} apply (checked) {checked:>9,.0f}/s  {1e6 / checked:7.1f} µs/move   "
            f"play (bots' path) {unchecked:>9,.0f}/s{fast}"
        )
    inside, bare_inside = startups_in_process_beside_bare()
    if inside and bare_inside:
        ours, bare = statistics.median(inside), statistics.median(bare_inside)
        print(
            f"Start to first paint, from the program's first line: median {ours:.0f} ms; a bare "
            f"Textual app {bare:.0f} ms; ratio {ours / bare:.2f} (issue 25: at most "
            f"{STARTUP_RATIO})"
        )
    network.main()
    if not have_tmux():
        print("tmux is not installed: start-up and keypress figures in a real terminal skipped.")
        levels.main([])
        return
    with tempfile.TemporaryDirectory() as home:
        start, bare_start = startups_beside_bare(home)
        ours, bare = statistics.median(start), statistics.median(bare_start)
        print(
            f"Start to first screen in tmux, from launch: median {ours:.0f} ms (worst "
            f"{max(start):.0f}); a bare Textual app {bare:.0f} ms (worst {max(bare_start):.0f}); "
            f"ratio {ours / bare:.2f} (issue 25: at most {STARTUP_RATIO}; {len(start)} runs each)"
        )
        for label, found in screen_open_times(home).items():
            print(
                f"Key to {label} in tmux: median {statistics.median(found):.0f} ms, "
                f"worst {max(found):.0f} ms ({len(found)} runs; goal 250 ms)"
            )
        for size in TERMINAL_SIZES:
            bare_keys = bare_keypress_to_repaint(size=size)
            bare = percentile(bare_keys, 50)
            print(
                f"Keypress to repaint in tmux {size[0]}x{size[1]}, a bare Textual app: p50 "
                f"{bare:.1f} ms, p90 {percentile(bare_keys, 90):.1f} ms ({len(bare_keys)} keys)"
            )
            for game_id, seats, ready, first in KEYPRESS_TABLES:
                keys = keypress_to_repaint(home, game_id, seats, ready, first, size=size)
                print(
                    f"  the {games.get(game_id).name} table ({seats.count(',') + 1} seats): "
                    f"p50 {percentile(keys, 50):.1f} ms ({percentile(keys, 50) / bare:.2f}x the "
                    f"bare app's; issue 25: at most {KEYPRESS_RATIO}x), p90 "
                    f"{percentile(keys, 90):.1f} ms (at most {KEYPRESS_P90_MS:.0f}), "
                    f"max {max(keys):.1f} ms ({len(keys)} keys)"
                )
        for game_id in THINKING_GAMES:
            keys = keys_while_bots_think(home, game_id)
            print(
                f"Key to the rules page while strong bots think ({games.get(game_id).name} demo, "
                f"100x30): p50 {percentile(keys, 50):.0f} ms, p90 {percentile(keys, 90):.0f} ms, "
                f"max {max(keys):.0f} ms ({len(keys)} keys; goal 50 ms over the screen's own)"
            )
    levels.main([])
    sys.stdout.flush()


if __name__ == "__main__":
    main()
