"""The `cardtable` command: the app, and headless tools for bots and rules."""

from __future__ import annotations

import argparse
import difflib
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

from cardtable import games
from cardtable.engine.words import plural


def _squeezed(text: str) -> str:
    """A game's id or name as letters and digits only: 'Over Trump', 'over_trump' -> 'overtrump'."""
    return re.sub(r"[^a-z0-9]", "", text.casefold())


def find_game_id(text: str) -> str:
    """The id of the game `text` names, in any case, with or without spaces and hyphens.

    A spelling that is not a game's id or name is refused, never guessed: KeyError says which
    game comes closest ("No game 'pils'; did you mean piles?").
    """
    wanted = _squeezed(text)
    for item in games.catalog():
        if wanted in (_squeezed(item.id), _squeezed(item.name)):
            return item.id
    ids = [item.id for item in games.catalog()]
    close = difflib.get_close_matches(wanted, [_squeezed(i) for i in ids], n=1, cutoff=0.5)
    if close:
        suggestion = next(i for i in ids if _squeezed(i) == close[0])
        raise KeyError(f"No game {text!r}; did you mean {suggestion}?")
    raise KeyError(f"No game {text!r}; the games are {', '.join(ids)}.")


def _game_id(text: str) -> str:
    try:
        return find_game_id(text)
    except KeyError as err:
        raise argparse.ArgumentTypeError(str(err.args[0])) from None


MAX_DELAY = 60.0
"""The longest a bot may be told to wait, in seconds."""


def _delay(text: str) -> float:
    """A bot's delay in seconds: a finite number from 0 to a minute."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_DELAY:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a delay: give seconds from 0 to {MAX_DELAY:.0f}"
        )
    return value


def _port(text: str) -> int:
    """A port to listen on: 1 to 65535 (0: any free one)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (a number from 1 to 65535)")
    return value


def _count(text: str) -> int:
    """A number of games: a whole number, at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of games (1 or more)")
    return value


def _games_list() -> str:
    lines = ["games (any case; 'over trump' and 'overtrump' work too):"]
    for item in games.catalog():
        playable = "" if item.module else "  (not playable yet)"
        lines.append(f"  {item.id:<15}{item.name}, {item.seats} players{playable}")
    return "\n".join(lines)


STOP_DEMO = "Esc or q stops the demo and goes back to the start screen; Ctrl+Q quits."


def build_parser() -> argparse.ArgumentParser:
    """The command line: no command opens the start screen."""
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="A card table in your terminal.",
        epilog=_games_list(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="start a game at once")
    play.add_argument("game", type=_game_id)
    play.add_argument(
        "--seats",
        help='names and bots, like "Ann,Bob,bot,bot": a name is a person, bot the planning '
        "bot, random the random bot",
    )
    play.add_argument("--seed", type=int, default=None)
    play.add_argument(
        "--delay", type=_delay, default=0.6, help="seconds a bot waits to move (0 to 60)"
    )
    demo = sub.add_parser(
        "demo",
        help="bots play on screen, game after game, until you stop them (Esc or q)",
        description=f"Bots play on screen, game after game. {STOP_DEMO}",
    )
    demo.add_argument("game", nargs="?", type=_game_id)
    demo.add_argument(
        "--delay", type=_delay, default=0.6, help="seconds between moves (0: flat out; up to 60)"
    )
    demo.add_argument("--seed", type=int, default=None)
    resume = sub.add_parser("resume", help="continue an unfinished game (the latest, or one named)")
    resume.add_argument(
        "which", nargs="?", help="its number in `cardtable resume --list` (1: the latest) or its id"
    )
    resume.add_argument("--list", action="store_true", help="list the unfinished games")
    rules = sub.add_parser("rules", help="print a game's rules page")
    rules.add_argument("game", type=_game_id)
    sim = sub.add_parser(
        "simulate",
        help="headless games between bots",
        description="Headless games between bots: the planning bot in every seat unless "
        "--seats says otherwise.",
    )
    sim.add_argument("game", type=_game_id)
    sim.add_argument("-n", type=_count, default=100, help="how many games")
    sim.add_argument(
        "--seats",
        help='"bot,random,bot,random": bot plans, random picks at random (default: all bot)',
    )
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="end with one line of JSON")
    serve = sub.add_parser(
        "serve",
        help="the app in a browser: each tab gets its own cardtable (hot-seat, demo, join)",
        description="The app in a browser, through textual-serve: each tab that opens the page "
        "gets its own cardtable. Ctrl+C stops.",
    )
    serve.add_argument(
        "--port", type=_port, default=8000, help="the port to listen on (8000; 0: any free one)"
    )
    serve.add_argument(
        "--public",
        action="store_true",
        help="listen on every network, not only this machine (127.0.0.1), and print the "
        "address a phone opens",
    )
    return parser


def _seats(game_id: str, text: str, allowed: set[Any] | None = None) -> list[Any]:
    """The seats `text` names, checked for this game; exit with the reason if refused."""
    from cardtable.engine import IllegalMove
    from cardtable.engine.seats import SeatsError, parse_seats

    try:
        seats = parse_seats(text, allowed)
        games.get(game_id).check_seats(len(seats))
    except SeatsError as refused:
        sys.exit(f"cardtable: --seats: {refused.reason}")
    except IllegalMove as refused:
        sys.exit(f"cardtable: {refused.reason}")
    return seats


def _playable(game_id: str) -> None:
    if game_id not in games.ids():
        sys.exit(f"cardtable: {games.entry(game_id).name} is not playable yet.")


def main(argv: list[str] | None = None) -> None:
    """Run the command line."""
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        _simulate(args)
    elif args.command == "serve":
        from cardtable.web import serve

        serve(args.port, args.public)
    elif args.command == "rules":
        _rules(args.game)
    elif args.command == "resume" and args.list:
        _list_saves()
    else:
        _run_app(args)


def _simulate(args: argparse.Namespace) -> None:
    from cardtable.bots.simulate import simulate
    from cardtable.engine import IllegalMove, SeatKind

    _playable(args.game)
    kinds = None
    if args.seats:
        seats = _seats(args.game, args.seats, allowed={SeatKind.BOT, SeatKind.RANDOM})
        kinds = [seat.kind for seat in seats]
    try:
        result = simulate(args.game, args.n, kinds, args.seed)
    except IllegalMove as err:
        sys.exit(f"cardtable: {err.reason}")
    if args.json:
        print(json.dumps(result.model_dump()))
        return
    print(
        f"{plural(result.games, 'game')} of {games.entry(args.game).name}: "
        f"{plural(result.moves, 'move')} in {result.seconds:.2f} s"
    )
    print(f"{result.moves_per_s:,.0f} moves/s, {result.games_per_s:,.1f} games/s")
    print("wins per seat: " + ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(result.wins)))
    print(f"draws: {result.draws} (a draw counts as a win for every side that shared it)")


def _rules(game_id: str) -> None:
    from rich.console import Console
    from rich.markdown import Markdown

    from cardtable.rules_pages import rules_page

    page = rules_page(game_id)
    if page is None:
        sys.exit(f"cardtable: the rules page of {games.entry(game_id).name} is not written yet.")
    Console().print(Markdown(page))


def _list_saves() -> None:
    from cardtable.engine import import_old_save, saved_games
    from cardtable.saved_list import describe

    import_old_save(games)
    found = saved_games()
    if not found:
        print("No unfinished games.")
    for number, saved in enumerate(found, start=1):
        print(f"{number:>2}  {saved.id:<4}  {describe(saved)}")


def _chosen_save(which: str | None) -> Path:
    from cardtable.engine import import_old_save, saved_games
    from cardtable.saved_list import choose

    import_old_save(games)
    chosen = choose(saved_games(), which)
    if isinstance(chosen, str):
        sys.exit(f"cardtable: {chosen} `cardtable resume --list` lists the unfinished games.")
    return chosen.path


def _run_app(args: argparse.Namespace) -> None:
    from cardtable.ui.app import CardTableApp, Launch

    launch = Launch(command=args.command or "menu")
    if args.command == "play":
        _playable(args.game)
        if args.seats:
            _seats(args.game, args.seats)
        launch = Launch(
            command="play", game=args.game, seats=args.seats, seed=args.seed, delay=args.delay
        )
    elif args.command == "demo":
        if args.game:
            _playable(args.game)
        launch = Launch(command="demo", game=args.game, delay=args.delay, seed=args.seed)
    elif args.command == "resume":
        launch = Launch(command="resume", save=_chosen_save(args.which))
    app = CardTableApp(launch)
    app.run()
    if app.exit_message:
        print(app.exit_message)
    if app.return_code:  # a crash: its report was written; the shell sees it failed
        sys.exit(app.return_code)


if __name__ == "__main__":
    main()
