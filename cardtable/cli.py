"""The `cardtable` command: the app, and headless tools for bots and rules."""

from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import re
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any, NamedTuple

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


def _host_port(text: str) -> int:
    """The port a host listens on: 1 to 65535 (its players' join commands name it)."""
    value = _port(text)
    if value == 0:
        raise argparse.ArgumentTypeError(
            "'0' is not a port a host can give its players: choose one from 1 to 65535"
        )
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


class _GivenPort(argparse.Action):
    """--port: the port, and a note that it was given (--resume keeps the old one otherwise)."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.port_given = True


def _games_list() -> str:
    lines = ["games (any case; 'over trump' and 'overtrump' work too):"]
    for item in games.catalog():
        playable = "" if item.module else "  (not playable yet)"
        lines.append(f"  {item.id:<15}{item.name}, {item.seats} players{playable}")
    return "\n".join(lines)


OPTION_HELP = (
    "one of the game's options, like hand-size=5 or trading=yes (once for each; a name the "
    "game does not have lists its options)"
)

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
        help='names and bots, like "Ann,bot:easy,bot,bot:strong": a name is a person; a bot '
        "at its level: bot:easy (a newcomer can beat it), bot (plans) or bot:strong (searches); "
        "random the random bot",
    )
    play.add_argument("--seed", type=int, default=None)
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"{OPTION_HELP}; without --seats the setup screen starts with it",
    )
    play.add_argument(
        "--delay", type=_delay, default=0.6, help="seconds a bot waits to move (0 to 60)"
    )
    demo = sub.add_parser(
        "demo",
        help="strong bots play on screen, game after game, until you stop them (Esc or q)",
        description=f"Strong bots (bot:strong) play on screen, game after game. {STOP_DEMO}",
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
    replay = sub.add_parser(
        "replay",
        help="step through a finished game, every hand open, with the hint beside each move",
        description="A finished game move by move with every hand shown; beside each move a "
        "person made, the hint the bot would have given there. Keys: arrows step, Home/End "
        "jump, d goes to the next move where the person and the hint parted, Esc leaves.",
    )
    replay.add_argument(
        "which",
        nargs="?",
        help="its number in `cardtable history` (1: the latest, the default), its id, or a file "
        "`cardtable history export` wrote",
    )
    join = sub.add_parser(
        "join",
        help="play your seat of a hosted game from this terminal (no code: watch it)",
        description="Join a game that `cardtable host` runs: its address, your seat's code (none: "
        "watch the public table) and the host's fingerprint after --pin, as the host's screen "
        "shows the command.",
    )
    join.add_argument("address", help="the host's address, like 192.168.1.20:8765")
    join.add_argument(
        "code",
        nargs="*",
        help="your seat's join code, like K7QX-2MPD (any case; spaces and dashes do not matter)",
    )
    join.add_argument(
        "--pin",
        help="the host's fingerprint, like 7K2M-QX4D-...: only that host is told your code",
    )
    host = sub.add_parser(
        "host",
        help="run a game for players on their own screens; this terminal shows the public table",
        description="Run a game for players who join from their own terminal or browser. "
        "Prints each person's join command; this terminal shows the public table (for the "
        "projector). Ctrl+Q stops the host; the game stays saved, and `cardtable host --resume` "
        "hosts it again with the same join codes.",
    )
    host.add_argument("game", nargs="?", type=_game_id, help="the game (not with --resume)")
    host.add_argument(
        "--seats",
        help='names and bots, like "Ann,Bob,bot,bot:strong": each name is a person who joins '
        "with a code; bots (bot:easy, bot, bot:strong or random) play on the host",
    )
    host.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="N or ID",
        help="host a saved game again (the latest, or N or ID as in `cardtable resume --list`) "
        "with the same join codes and port",
    )
    host.add_argument(
        "--port",
        type=_host_port,
        default=8765,
        action=_GivenPort,
        help="the port to listen on (8765; with --resume, the port it had)",
    )
    host.add_argument(
        "--public",
        action="store_true",
        help="listen on every network of this machine, not just this machine (127.0.0.1)",
    )
    host.add_argument(
        "--web",
        action="store_true",
        help="also serve each person's seat as a web page (for phones: no cardtable to "
        "install), and a page to watch; not on by default, even with --public",
    )
    host.add_argument(
        "--web-port",
        type=_port,
        default=None,
        metavar="N",
        help="with --web: the pages' port (the host's port + 1; 0: any free one)",
    )
    host.add_argument(
        "--web-tls",
        action="store_true",
        help="with --web: the pages over HTTPS with the host's own certificate (each phone "
        "warns once; iPhones cannot play over it: see the README)",
    )
    host.add_argument("--seed", type=int, default=None)
    host.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=OPTION_HELP,
    )
    host.add_argument(
        "--delay", type=_delay, default=0.8, help="seconds a bot waits to move (0 to 60)"
    )
    stats = sub.add_parser(
        "stats",
        help="each person's games, wins, win rate, best streak and average score, per game",
        description="Each person's figures from the finished games (bots are not counted as "
        "players): games, wins (a shared win counts), win rate, best streak, average score where "
        "the game scores in points, and the same against bots only and against people.",
    )
    stats.add_argument("game", nargs="?", type=_game_id, help="one game only")
    stats.add_argument(
        "--json",
        action="store_true",
        help='JSON: {"games": {GAME: {NAME: {"games", "wins", "win_rate", "best_streak", '
        '"average_score" (null: no score), "against": {"bots": {...}, "people": {...}}}}}}',
    )
    history = sub.add_parser(
        "history",
        help="the finished games, the latest first (`cardtable history export N` writes one)",
    )
    history_commands = history.add_subparsers(dest="history_command")
    export = history_commands.add_parser(
        "export",
        help="write one finished game as JSON lines (`cardtable replay FILE` reads it)",
        description="One finished game as JSON lines: the save's header, one line per move, "
        'then {"finished": {outcome, started, ended, where, id}}.',
    )
    export.add_argument("which", metavar="N or ID", help="its number in `cardtable history` or id")
    export.add_argument("-o", "--output", type=Path, help="the file to write (else the terminal)")
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
        help='"bot:strong,bot,bot:strong,bot": a bot at each level (bot:easy, bot, bot:strong) '
        "or random, which picks at random (default: all bot)",
    )
    sim.add_argument(
        "--rotate",
        action="store_true",
        help="move the seats round one place each game (so no level keeps the first seat)",
    )
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help=OPTION_HELP
    )
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
        "address a phone opens. Its tabs join only hosts started with --public (and those "
        "--host-allow names)",
    )
    serve.add_argument(
        "--host-allow",
        action="append",
        default=[],
        metavar="ADDR",
        type=_allowed_host,
        help="with --public: a host on this machine the tabs may join too, like "
        "127.0.0.1:8765 (again for more)",
    )
    return parser


def _allowed_host(text: str) -> str:
    """An address for --host-allow, checked as the join form checks one."""
    from cardtable.net.client import ws_address

    try:
        ws_address(text)
    except ValueError as bad:
        raise argparse.ArgumentTypeError(str(bad)) from None
    return text


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


def _options(game_id: str, typed: list[str]) -> dict[str, Any] | None:
    """The options `--option` typed for this game (None: none typed); exit with the reason if
    one is not the game's, not a value it takes, or they do not go together."""
    from cardtable.engine.option_words import OptionsError, typed_options, validated

    if not typed:
        return None
    game = games.get(game_id)
    try:
        chosen = typed_options(game.options_model, game.name, typed)
        validated(game.options_model, chosen)
    except OptionsError as refused:
        sys.exit(f"cardtable: {refused.reason}")
    return chosen


def join_code(words: list[str]) -> str | None:
    """The join code typed after the address, as one ('k7qx 2mpd' may come as two words);
    None when there is none (a spectator)."""
    return "".join(words) or None


def _playable(game_id: str) -> None:
    if game_id not in games.ids():
        sys.exit(f"cardtable: {games.entry(game_id).name} is not playable yet.")


def main(argv: list[str] | None = None) -> None:
    """Run the command line."""
    if not (sys.argv[1:] if argv is None else argv):
        # `cardtable` alone opens the start screen: what the parser would give, without building
        # it first (some 25 ms of argparse and its translations' look-ups before the first paint).
        _run_app(argparse.Namespace(command=None))
        return
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        _simulate(args)
    elif args.command == "serve":
        from cardtable.web import serve

        if args.host_allow and not args.public:
            sys.exit(
                "cardtable: --host-allow is for --public: without it the page is this "
                "machine's own, and its tabs join any host."
            )
        serve(args.port, args.public, args.host_allow)
    elif args.command == "rules":
        _rules(args.game)
    elif args.command == "stats":
        _stats(args.game, args.json)
    elif args.command == "history":
        if args.history_command == "export":
            _export(args.which, args.output)
        else:
            _history()
    elif args.command == "resume" and args.list:
        _list_saves()
    elif args.command == "host":
        _host(args)
    else:
        _run_app(args)


def _simulate(args: argparse.Namespace) -> None:
    from cardtable.bots.simulate import simulate
    from cardtable.engine import IllegalMove
    from cardtable.engine.seats import BOTS

    _playable(args.game)
    kinds = None
    if args.seats:
        seats = _seats(args.game, args.seats, allowed=set(BOTS))
        kinds = [seat.kind for seat in seats]
    try:
        result = simulate(
            args.game,
            args.n,
            kinds,
            args.seed,
            rotate=args.rotate,
            options=_options(args.game, args.option),
        )
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
    if len(result.kinds) > 1 or args.rotate:
        print("by level (a game's win shared among the seats that won it):")
        for word, kind in result.kinds.items():
            print(
                f"  {word:<7} {plural(kind.seats, 'seat'):<8} {kind.win_share:6.1%} of the wins"
                f"  think p50 {kind.think_p50_ms:.1f} ms, p90 {kind.think_p90_ms:.1f} ms"
            )


def _rules(game_id: str) -> None:
    from rich.console import Console
    from rich.markdown import Markdown

    from cardtable.rules_pages import rules_page

    page = rules_page(game_id)
    if page is None:
        sys.exit(f"cardtable: the rules page of {games.entry(game_id).name} is not written yet.")
    Console().print(Markdown(page))


def _opened_history() -> Any:
    """The game history, its problem (a damaged file set aside) said on stderr; with no file
    yet, one empty in memory (reading makes no file in the data folder)."""
    from cardtable.engine.history import History, history_path

    history = History(history_path() if history_path().exists() else Path(":memory:"))
    if history.problem:
        print(history.problem, file=sys.stderr)
    return history


def _said_skipped(history: Any) -> None:
    for line in history.skipped:
        print(line, file=sys.stderr)


def _stats(game_id: str | None, as_json: bool) -> None:
    """`cardtable stats [GAME] [--json]`: each person's figures per game."""
    from cardtable.engine.history import HistoryError, stats_document
    from cardtable.saved_list import (
        NO_GAMES,
        NO_PEOPLE,
        STAT_HEADINGS,
        STAT_LEGEND,
        by_game,
        figures_cells,
        game_name,
    )
    from cardtable.ui.cells import padded

    with _opened_history() as history:
        try:
            lines = history.stats(game_id)
            any_game = bool(lines) or bool(history.finished_games(game_id, limit=1))
        except HistoryError as err:
            sys.exit(f"cardtable: {err.reason}")
        _said_skipped(history)
    if as_json:
        print(json.dumps(stats_document(lines), indent=2, ensure_ascii=False))
        return
    if not lines:
        print(NO_PEOPLE if any_game else NO_GAMES)
        return
    widths = (16, 5, 4, 4, 6, 7, 9, 9)
    for number, (game, of_game) in enumerate(by_game(lines)):
        print(("\n" if number else "") + game_name(game))
        print(
            "  "
            + " ".join(
                padded(h, w) if i == 0 else h.rjust(w)
                for i, (h, w) in enumerate(zip(STAT_HEADINGS, widths, strict=True))
            )
        )
        for line in of_game:
            cells = [padded(line.name, widths[0])]
            cells += [
                cell.rjust(w) for cell, w in zip(figures_cells(line), widths[1:], strict=True)
            ]
            print("  " + " ".join(cells))
    print()
    print(textwrap.fill(STAT_LEGEND, width=78))


def _history() -> None:
    """`cardtable history`: the finished games, the latest first, with their numbers and ids."""
    from cardtable.engine.history import HistoryError
    from cardtable.saved_list import NO_GAMES, describe_finished

    limit = 200
    with _opened_history() as history:
        try:
            found = history.finished_games(limit=limit)
        except HistoryError as err:
            sys.exit(f"cardtable: {err.reason}")
        _said_skipped(history)
    if not found:
        print(NO_GAMES)
        return
    for game in found:
        print(f"{game.number:>3}  {game.id[:8]}  {describe_finished(game)}")
    if len(found) == limit:
        print(f"The {limit} latest games are listed.")
    print("`cardtable history export N` writes one as JSON lines (by its number or id).")


def _export(which: str, output: Path | None) -> None:
    """`cardtable history export N [-o FILE]`: one finished game as JSON lines."""
    from cardtable.engine.history import HistoryError, export_lines
    from cardtable.engine.saves import write_whole

    with _opened_history() as history:
        try:
            finished = history.load(which, games)
        except HistoryError as err:
            sys.exit(f"cardtable: {err.reason}")
    text = export_lines(finished)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        write_whole(output, text.encode("utf-8"))
    except OSError as err:
        sys.exit(f"cardtable: {output} cannot be written ({err.strerror or err}).")
    print(f"The {games.entry(finished.record.game).name} game {finished.id} is in {output}.")


def _list_saves() -> None:
    from cardtable.engine import import_old_save, saved_games
    from cardtable.net.hosted import codes_path
    from cardtable.saved_list import describe

    import_old_save(games)
    found = saved_games()
    if not found:
        print("No unfinished games.")
    hosted = {s.path for s in found if not s.problem and codes_path(s.path).is_file()}
    for number, saved in enumerate(found, start=1):
        mark = " · hosted" if saved.path in hosted else ""
        print(f"{number:>2}  {saved.id:<4}  {describe(saved)}{mark}")
    if hosted:
        print("A hosted game goes on hosted, with the same codes: `cardtable host --resume N`.")


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
            command="play",
            game=args.game,
            seats=args.seats,
            seed=args.seed,
            options=_options(args.game, args.option),
            delay=args.delay,
        )
    elif args.command == "demo":
        if args.game:
            _playable(args.game)
        launch = Launch(command="demo", game=args.game, delay=args.delay, seed=args.seed)
    elif args.command == "resume":
        launch = Launch(command="resume", save=_chosen_save(args.which))
    elif args.command == "replay":
        launch = Launch(command="replay", replay=args.which or "1")
    elif args.command == "join":
        from cardtable.net.client import join_pin, ws_address

        try:
            ws_address(args.address)
            pin = join_pin(args.pin)
        except ValueError as bad:
            sys.exit(f"cardtable: {bad}")
        from cardtable.net.tab_joins import SEAT_CODE

        code = join_code(args.code) or os.environ.get(SEAT_CODE) or None
        launch = Launch(command="join", address=args.address, code=code, pin=pin)
    app = CardTableApp(launch)
    app.run()
    if app.exit_message:
        print(app.exit_message)
    if app.return_code:  # a crash: its report was written; the shell sees it failed
        sys.exit(app.return_code)


def _lan_address() -> str:
    """This machine's address on its network, as others would reach it (a best guess)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def _port_free(address: str, port: int) -> str | None:
    """None if `port` can be listened on at `address`, else why not, in words."""
    import socket

    if port == 0:
        return None
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind((address, port))
        except OSError as err:
            return (
                f"cannot listen on port {port} ({err.strerror or err}): another program (or "
                "another host) uses it; try --port with another number."
            )
    return None


def web_port(args: argparse.Namespace, port: int) -> int | None:
    """The port of the seats' pages (`host --web`): --web-port, else the host's port + 1;
    None without --web."""
    if not args.web:
        return None
    return args.web_port if args.web_port is not None else port + 1


def _ports_busy(args: argparse.Namespace, port: int) -> str | None:
    """None if the host's port (and with --web the pages' port) can be listened on, else why
    not, in words."""
    address = "0.0.0.0" if args.public else "127.0.0.1"
    busy = _port_free(address, port)
    pages = web_port(args, port)
    if busy or pages is None:
        return busy
    if pages > 65535 or pages == port:
        return f"the seats' pages cannot use port {pages}: choose another with --web-port N."
    busy = _port_free(address, pages)
    return busy and busy.replace("try --port", "try --web-port")


def _program() -> str:
    """How a player on this machine runs cardtable: 'cardtable' when it is on the PATH, else the
    script beside this Python ('.venv/bin/cardtable'), else 'python -m cardtable'."""
    on_path = shutil.which("cardtable")
    script = Path(sys.argv[0]) if Path(sys.argv[0]).name == "cardtable" else None
    script = script or Path(sys.executable).parent / "cardtable"
    if on_path and (not script.exists() or Path(on_path).resolve() == script.resolve()):
        return "cardtable"
    if not script.exists():
        return f"{sys.executable} -m cardtable"
    try:
        return str(script.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(script.resolve())


def _write_codes(path: Path, lines: list[str], record: Any = None) -> None:
    """The join commands, readable by this user only (they let anyone play a seat), with the
    codes `cardtable host --resume` reads back (net/hosted.py)."""
    from cardtable.net.hosted import write_codes

    write_codes(path, lines, record)


def _host(args: argparse.Namespace) -> None:
    """`cardtable host`: a saved match (new, or resumed), a Host, each person's join command,
    then the app."""
    if (args.web_port is not None or args.web_tls) and not args.web:
        sys.exit("cardtable: --web-port and --web-tls are for --web (the seats' web pages).")
    if args.resume is not None:
        if args.game or args.seats or args.seed is not None or args.option:
            sys.exit(
                "cardtable: --resume hosts a saved game with its own game, seats and options: "
                "leave out the game, --seats, --seed and --option."
            )
        hosting = _resumed_host(args)
    else:
        if args.game is None or args.seats is None:
            sys.exit(
                'cardtable: name the game and its seats (cardtable host piles --seats "Ann,'
                'bot"), or --resume a saved game.'
            )
        hosting = _new_host(args)
    _run_host(args, hosting)


class _Hosting(NamedTuple):
    """A match ready to be hosted, and what to say about it."""

    match: Any
    save_path: Path
    """Where its save is (or was to be: the codes file and the host's log go beside it)."""
    codes: dict[int, str] | None
    """Each person's seat and its code (None: new codes)."""
    port: int
    notes: list[str]
    before: str | None = None
    """The address its join commands named when it was hosted before."""
    pin_before: str = ""
    """The host's fingerprint its join commands named then ('' before hosts spoke TLS)."""


def _new_host(args: argparse.Namespace) -> _Hosting:
    """A new match for `cardtable host GAME --seats ...`, saved; exit with the reason if not."""
    from cardtable.engine import IllegalMove, Match, new_save_path

    _playable(args.game)
    seats = _seats(args.game, args.seats)
    options = _options(args.game, args.option)
    if not any(seat.is_human for seat in seats):
        sys.exit("cardtable: --seats names no person: `cardtable demo` shows bots playing.")
    busy = _ports_busy(args, args.port)
    if busy:
        sys.exit(f"cardtable: {busy}")
    save_path = new_save_path(args.game)
    try:
        match = Match.start(
            games.get(args.game),
            seats,
            args.seed,
            options,
            save_path,
        )
    except IllegalMove as refused:
        sys.exit(f"cardtable: {refused.reason}")
    return _Hosting(match, save_path, None, args.port, [])


def _resumed_host(args: argparse.Namespace) -> _Hosting:
    """`cardtable host --resume`: the saved match (replayed and checked) with its people's
    codes (new ones where it kept none) and the port it had; exit with the reason in words
    when the save cannot be hosted."""
    from cardtable.engine import Match, SaveFileError
    from cardtable.engine.saves import save_id
    from cardtable.net.host import new_code
    from cardtable.net.hosted import CodesFileError, codes_path, read_codes

    path = _chosen_save(args.resume or None)
    try:
        match = Match.load(path, games)
    except SaveFileError as err:
        sys.exit(f"cardtable: {err.message}")
    humans = [i for i, seat in enumerate(match.seats) if seat.is_human]
    refusal = None
    if match.game.is_over(match.state):
        refusal = (
            f"that {match.game.name} game is over: `cardtable resume {save_id(path)}` shows "
            "its results."
        )
    elif not humans:
        refusal = (
            f"that game has no person's seat, only bots: `cardtable resume {save_id(path)}` "
            "shows it."
        )
    record, why_new = None, "It was not hosted before"
    if refusal is None:
        try:
            record = read_codes(codes_path(path))
        except CodesFileError as bad:
            why_new = f"Its codes file {codes_path(path)} cannot be used ({bad.reason})"
    port = args.port
    if record is not None and not getattr(args, "port_given", False):
        port = record.port
    busy = None if refusal else _ports_busy(args, port)
    if refusal or busy:
        match.close()
        sys.exit(f"cardtable: {refusal or busy}")
    kept = {} if record is None else {s: c for s, c in record.codes.items() if s in humans}
    codes = {seat: kept.get(seat) or new_code() for seat in humans}
    fresh = [match.names[seat] for seat in humans if seat not in kept]
    notes: list[str] = []
    if fresh:
        if record is not None:
            why_new = "Its codes file kept no code for some seats"
        who = ", ".join(fresh[:-1]) + " and " + fresh[-1] if len(fresh) > 1 else fresh[0]
        has = "have new codes" if len(fresh) > 1 else "has a new code"
        notes.append(f"{why_new}, so {who} {has} (above).")
    else:
        notes.append("Every person keeps the code from before.")
    if record is not None and record.public and not args.public:
        notes.append(
            "It was hosted with --public: without it only this machine can join (add --public "
            "for the players on other machines)."
        )
    before = None if record is None else record.shown
    pin_before = "" if record is None else record.pin
    return _Hosting(match, path, codes, port, notes, before, pin_before)


def _run_host(args: argparse.Namespace, hosting: _Hosting) -> None:
    """Host the match: print each person's join command, keep them beside the save, then
    show the public table until Ctrl+Q."""
    from cardtable.net.certificate import host_certificate
    from cardtable.net.host import Host
    from cardtable.net.host_log import open_host_log
    from cardtable.net.hosted import HostedRecord, codes_path
    from cardtable.ui.app import CardTableApp, Launch
    from cardtable.ui.cells import padded
    from cardtable.ui.screens.host_lobby import join_command

    match, save_path, port = hosting.match, hosting.save_path, hosting.port
    try:
        pin = host_certificate().pin
    except OSError as err:
        match.close()
        sys.exit(f"cardtable: the host's certificate cannot be made or read: {err}")
    listen = "0.0.0.0" if args.public else "127.0.0.1"
    host = Host(match, delay=args.delay, codes=hosting.codes)
    shown = f"{_lan_address() if args.public else '127.0.0.1'}:{port}"
    game_name = match.game.name
    moves = len(match.record.log)
    again = f" again, {plural(moves, 'move')} in" if args.resume is not None else ""
    program = _program()
    lines = [f"{game_name}, hosted{again} on {shown}."]
    for seat, code in sorted(host.codes.items()):
        lines.append(f"  {padded(match.names[seat], 12)} {join_command(program, shown, code, pin)}")
    lines.append(f"  {'(watch)':<12} {join_command(program, shown, None, pin)}")
    pages_port = web_port(args, port)
    pages: dict[int | None, str] = {}
    if pages_port:  # 0: the port is chosen when the pages are served, and shown then
        from cardtable.web_seats import seat_pages

        pages = seat_pages(shown.rsplit(":", 1)[0], pages_port, host.codes, args.web_tls)
        lines.append("Their pages, for a phone or a browser:")
        for seat_or_none, page in pages.items():
            who = "(watch)" if seat_or_none is None else match.names[seat_or_none]
            lines.append(f"  {padded(who, 12)} {page}")
    record = HostedRecord(codes=host.codes, port=port, public=args.public, shown=shown, pin=pin)
    codes_file = codes_path(save_path)
    try:
        _write_codes(codes_file, lines, record)
        where = f"The join commands are on the host's first screen, and kept in\n  {codes_file}"
    except OSError as err:
        where = (
            "The join commands are on the host's first screen (they could not be kept in "
            f"{codes_file}: {err.strerror or err})."
        )
    # The codes themselves are not printed here: they would be back on this terminal (the
    # projector's) once the host stops. The first screen shows them until everyone has joined.
    print(lines[0])
    for note in hosting.notes:
        print(note)
    if hosting.before and hosting.pin_before != pin:
        print("The host's fingerprint is not the one before: players need the new join commands.")
    elif hosting.before == shown:
        print("The address is the one from before: the players' join commands work as they are.")
    elif hosting.before:
        print(f"The address is not the one before ({hosting.before}): players need the new one.")
    print(where)
    if not args.public:
        print("Only this machine can join; --public lets others on your network join.")
    if pages:
        print(
            "Each person's page is on the host's first screen; "
            f"spectators open {pages[None]}"
            + ("" if args.web_tls else " (plain HTTP: anyone on this network can read a page)")
        )
    log_path = save_path.with_name(save_path.stem + ".host.log")
    open_host_log(log_path)
    print(f"The host's log (who joined, every refused message):\n  {log_path}")
    launch = Launch(
        command="host",
        game=match.game.id,
        delay=args.delay,
        address=listen,
        port=port,
        shown_address=shown,
        join_program=program,
        codes_file=codes_file,
        web_port=web_port(args, port),
        web_tls=args.web_tls,
    )
    pages = None
    if launch.web_port is not None:
        from cardtable.web_seats import page_server

        pages = page_server(host, listen, launch.web_port, public=bool(args.public))
    app = CardTableApp(launch, host=host, pages=pages)
    app.run()
    if app.exit_message:
        print(app.exit_message)
    if app.return_code:
        sys.exit(app.return_code)


if __name__ == "__main__":
    main()
