"""The `cardtable` command: the app, and headless tools for bots and rules."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardtable import games


def _game_id(text: str) -> str:
    try:
        games.entry(text)
    except KeyError as err:
        raise argparse.ArgumentTypeError(str(err.args[0])) from None
    return text


def build_parser() -> argparse.ArgumentParser:
    """The command line: no command opens the start screen."""
    parser = argparse.ArgumentParser(prog="cardtable", description="A card table in your terminal.")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="start a game at once")
    play.add_argument("game", type=_game_id)
    play.add_argument("--seats", help='names and bots, like "Ann,Bob,bot,bot" (a name is a person)')
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--delay", type=float, default=0.6, help="seconds a bot waits to move")
    demo = sub.add_parser("demo", help="bots play on screen, game after game, until you stop them")
    demo.add_argument("game", nargs="?", type=_game_id)
    demo.add_argument(
        "--delay", type=float, default=0.6, help="seconds between moves (0: flat out)"
    )
    demo.add_argument("--seed", type=int, default=None)
    resume = sub.add_parser("resume", help="continue an unfinished game (the latest, or one named)")
    resume.add_argument(
        "which", nargs="?", help="its number in `cardtable resume --list` (1: the latest) or its id"
    )
    resume.add_argument("--list", action="store_true", help="list the unfinished games")
    rules = sub.add_parser("rules", help="print a game's rules page")
    rules.add_argument("game", type=_game_id)
    sim = sub.add_parser("simulate", help="headless games between bots")
    sim.add_argument("game", type=_game_id)
    sim.add_argument("-n", type=int, default=100, help="how many games")
    sim.add_argument("--seats", help='"bot,random,bot,random": bot plans, random picks at random')
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="end with one line of JSON")
    return parser


def _check_seat_count(game_id: str, seats: str) -> None:
    from cardtable.engine import IllegalMove

    try:
        games.get(game_id).check_seats(len(seats.split(",")))
    except IllegalMove as refused:
        sys.exit(f"cardtable: {refused.reason}")


def _playable(game_id: str) -> None:
    if game_id not in games.ids():
        sys.exit(f"cardtable: {games.entry(game_id).name} is not playable yet.")


def main(argv: list[str] | None = None) -> None:
    """Run the command line."""
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        _simulate(args)
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
        kinds = []
        for part in args.seats.split(","):
            try:
                kinds.append(SeatKind(part.strip().lower()))
            except ValueError:
                sys.exit(f"cardtable: simulate seats are 'bot' or 'random', not {part.strip()!r}.")
    if args.n < 1:
        sys.exit("cardtable: -n must be at least 1.")
    try:
        result = simulate(args.game, args.n, kinds, args.seed)
    except IllegalMove as err:
        sys.exit(f"cardtable: {err.reason}")
    if not args.json:
        print(
            f"{result.games} games of {games.entry(args.game).name}: "
            f"{result.moves} moves in {result.seconds:.2f} s"
        )
        print(f"{result.moves_per_s:,.0f} moves/s, {result.games_per_s:,.1f} games/s")
        print(
            "wins per seat: " + ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(result.wins))
        )
    print(json.dumps(result.model_dump()) if args.json else "", end="\n" if args.json else "")


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
            _check_seat_count(args.game, args.seats)
        launch = Launch(
            command="play",
            game=args.game,
            seats=args.seats,
            seed=args.seed,
            delay=max(args.delay, 0.0),
        )
    elif args.command == "demo":
        if args.game:
            _playable(args.game)
        launch = Launch(command="demo", game=args.game, delay=max(args.delay, 0.0), seed=args.seed)
    elif args.command == "resume":
        launch = Launch(command="resume", save=_chosen_save(args.which))
    app = CardTableApp(launch)
    app.run()
    if app.exit_message:
        print(app.exit_message)


if __name__ == "__main__":
    main()
