"""The cardtable app: menu, setup, table and results, with the saved game kept safe.

Before its first paint the app imports only what the start screen shows: the engine's models
(pydantic), the games' rules and the game history load after it, in the methods that use them
(issue 25: start to first paint at most 1.3x a bare Textual app's).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from cardtable import STARTED, games
from cardtable.engine.saves import save_id
from cardtable.net.clock import Clock, LoopClock
from cardtable.ui import card_palettes
from cardtable.ui.command import cardtable_command
from cardtable.ui.crash import crash_message, write_report
from cardtable.ui.preferences import Preferences, load_preferences, save_preferences
from cardtable.ui.screens.menu import MenuScreen
from cardtable.ui.themes import (
    DEFAULT_THEME,
    OUR_THEMES,
    card_palette,
    felt_variables,
)

if TYPE_CHECKING:
    from cardtable.engine import Match, SavedGame, SeatConfig
    from cardtable.engine.history import Recorder

TERMINAL_CHECK_SECONDS = 1.0
"""How often the app checks that its terminal is still there."""


def terminal_fd() -> int | None:
    """Standard input's file number while it is a live terminal; None once it has hung up (or
    where it never was one, or where there are no terminals to ask, as on Windows)."""
    try:
        import termios
    except ImportError:
        return None
    try:
        fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else -1
        termios.tcgetattr(fd)
    except (OSError, ValueError, termios.error):
        return None
    return fd


@dataclass
class Launch:
    """What the command line asked the app to do first (a dataclass, not a pydantic model: the
    command line makes one before the first paint, and gives it only values it has checked)."""

    command: Literal["menu", "play", "demo", "resume", "join", "host", "replay"] = "menu"
    game: str | None = None
    seats: str | None = None
    seed: int | None = None
    options: dict[str, Any] | None = None
    """play: the game's options as `--option` chose them (checked); the rest at defaults."""
    delay: float = 0.6
    save: Path | None = None
    """The save to resume; None resumes the most recently played."""
    address: str | None = None
    """join: the host's address; host: the address to listen on."""
    code: str | None = None
    """join: the seat's join code (None: watch)."""
    pin: str | None = None
    """join: the fingerprint of the host's certificate (--pin)."""
    replay: str | None = None
    """replay: the finished game's number in the history, its id, or an exported game's file."""
    port: int = 8765
    """host: the port to listen on (0: any free one)."""
    shown_address: str | None = None
    """host: the address players join, for the title ('192.168.1.20:8765')."""
    codes_file: Path | None = None
    """host: the file the join commands are kept in (removed once the game is over)."""
    join_program: str = "cardtable"
    """host: how a player here runs cardtable, for the join commands ('.venv/bin/cardtable')."""
    web_port: int | None = None
    """host --web: the port of the seats' pages (0: any free one); None: no pages."""
    web_tls: bool = False
    """host --web-tls: the pages over HTTPS, with the host's certificate."""


class CardTableApp(App[None]):
    """Five card games at one keyboard, with bots in any seat."""

    TITLE = "cardtable"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = True
    """Ctrl+P: the theme picker, the four-colour deck, the keys (no screen binds Ctrl+P)."""

    BINDINGS = [
        # Priority: a demo's screens (the table, a summary, the results) all stop on these keys.
        Binding("escape", "stop_demo", "Stop the demo", key_display="Esc/q", priority=True),
        Binding("q", "stop_demo", "Stop the demo", show=False, priority=True),
        # The command palette (Textual's key), named for what players open it for.
        Binding("ctrl+p", "command_palette", "Themes", show=False, priority=True),
    ]

    def __init__(
        self,
        launch: Launch | None = None,
        host: Any = None,
        clock: Clock | None = None,
        pages: Any = None,
    ) -> None:
        super().__init__()
        self.launch = launch or Launch()
        self.page_server = pages
        """`cardtable host --web`: a function of the host's port and its fingerprint giving
        the server of the seats' pages (`web_seats.page_server`, made by the command line: the
        UI imports none of the front doors)."""
        self.clock: Clock = clock or LoopClock()
        """The clock the tables wait on (bots, claim windows, handoffs): a FakeClock in tests."""
        self.host = host
        """`cardtable host`: the Host (net/host.py) this app serves, showing its public table."""
        self.server: Any = None
        self.pin = ""
        """`cardtable host`: the fingerprint of the host's certificate, in the join commands."""
        self.hosting_stopped = False
        self.feed: Any = None
        """The feed of the host's match on screen (net/client.py), while joined."""
        self.exit_message: str | None = None
        self.first_paint: float | None = None
        self.in_play: Match | None = None
        """The match at the table, holding its save's lock until the table is left."""
        self._old_save_imported = False
        self.where = "browser" if os.environ.get("CARDTABLE_WHERE") == "browser" else "keyboard"
        """Where this app's games are played, for the history (a browser tab says so)."""
        self.one_game = os.environ.get("CARDTABLE_ONE_GAME") == "1"
        """A host's seat page (web_seats.py): the app plays the game it was started for, and
        leaving it ends the app (there is no start screen to go back to)."""
        self.seat_server: Any = None
        """`cardtable host --web`: the seats' pages (web_seats.py), while served."""
        self._loop: Any = None
        for theme in OUR_THEMES:
            self.register_theme(theme)
        loaded = load_preferences(set(self.available_themes))
        theme = loaded.preferences.theme or DEFAULT_THEME
        self.preferences: Preferences = loaded.preferences.changed(theme=theme)
        """The theme and deck chosen, as kept in the data folder for the next start."""
        self.preferences_problem = loaded.problem
        """What was wrong with the preferences file, said once the app is on screen."""
        self._preferences_broken = loaded.broken
        self._start_in_theme(theme)
        self._use_card_colours()  # the deck's colours too (and a theme the same as Textual's)

    def _start_in_theme(self, theme: str) -> None:
        """Begin in `theme` before any CSS is read. Setting `self.theme` would have Textual
        read every stylesheet again and style every widget again once the app is running (a
        change of theme mid-game needs that; the first one does not): so the theme, its
        classes and its colours are set here as Textual's own `_watch_theme` sets them, and
        the stylesheet is first read with them."""
        self.set_reactive(App.theme, theme)
        dark = self.current_theme.dark
        classes = {name: False for name in self.classes if name.startswith("-theme-")}
        classes.update({f"-theme-{theme}": True, "-dark-mode": dark, "-light-mode": not dark})
        self.update_classes(classes, update=False)
        self._refresh_truecolor_filter(self.ansi_theme)
        self.stylesheet.set_variables(self.get_css_variables())

    @cached_property
    def recorder(self) -> Recorder:
        """Keeps each finished game (not a demo's) in the game history, in its own thread (made
        on first use, after the first paint: the history's module loads the engine's models)."""
        from cardtable.engine.history import Recorder

        return Recorder(on_problem=self._history_problem)

    # Themes and the deck's colours

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The table's own colours, for CSS as `$felt`, `$felt-dark`, `$felt-edge`, `$felt-text`,
        `$felt-muted`, `$cursor`, `$chosen` and `$landed`: the theme's own, or made from its
        colours (a theme of Textual's)."""
        return {**super().get_theme_variable_defaults(), **felt_variables(self.current_theme)}

    def watch_theme(self, theme_name: str) -> None:
        """A theme chosen: the cards take its palette, any table is drawn again, and the choice
        is kept for the next start."""
        self._use_card_colours()
        self._keep(self.preferences.changed(theme=theme_name))

    def set_four_colour_deck(self, on: bool) -> None:
        """The standard deck in four colours (spades black, hearts red, diamonds blue, clubs
        green) or two; shown at once and kept for the next start."""
        self._keep(self.preferences.changed(four_colour_deck=on))
        self._use_card_colours()
        self.notify(
            "Four-colour deck: spades ♠ black, hearts ♥ red, diamonds ♦ blue, clubs ♣ green."
            if on
            else "Two-colour deck: hearts ♥ and diamonds ♦ red, spades ♠ and clubs ♣ black.",
            title="Cards",
            markup=False,
        )

    def _use_card_colours(self) -> None:
        """Draw cards in the theme's palette and the deck's colours, and any table again."""
        card_palettes.use_palette(
            card_palette(self.current_theme), self.preferences.four_colour_deck
        )
        frames = sys.modules.get("cardtable.ui.screens.table_frame")
        if frames is None:  # no table yet (at the start: the module loads later)
            return
        for screen in self.screen_stack:
            if isinstance(screen, frames.TableFrame):
                screen.draw()

    def _keep(self, preferences: Preferences) -> None:
        """Keep `preferences` in the data folder if they changed (a problem is said, once)."""
        if preferences == self.preferences:
            return
        self.preferences = preferences
        problem = save_preferences(preferences, broken=self._preferences_broken)
        self._preferences_broken = False
        if problem is not None and problem != self._save_problem:
            self.notify(problem, title="Not remembered", severity="warning", markup=False)
        self._save_problem = problem

    _save_problem: str | None = None

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette (Ctrl+P): Textual's commands (the theme picker among them) and
        the four-colour deck on or off."""
        yield from super().get_system_commands(screen)
        if self.preferences.four_colour_deck:
            yield SystemCommand(
                "Four-colour deck: off",
                "Back to two colours: hearts and diamonds red, spades and clubs black",
                lambda: self.set_four_colour_deck(False),
            )
        else:
            yield SystemCommand(
                "Four-colour deck: on",
                "Spades black, hearts red, diamonds blue, clubs green (Sets and Runs, Piles)",
                lambda: self.set_four_colour_deck(True),
            )

    def get_default_screen(self) -> Screen:
        """The start screen, at the bottom of the screen stack: every other screen opens over
        it, and leaving them comes back to it. Its unfinished games are listed after the first
        paint (reading them loads the engine). It is Textual's first screen itself, not one
        pushed over a blank one: a screen less to lay out and draw before the first paint."""
        return MenuScreen(saves_after_paint=True)

    def on_mount(self) -> None:
        import asyncio

        self._loop = asyncio.get_running_loop()
        if not self.is_headless and not self.is_web and terminal_fd() is not None:
            self.set_interval(TERMINAL_CHECK_SECONDS, self._check_terminal, name="terminal")
        if not self.is_headless:
            self._quit_on_signals()
        if self.preferences_problem:
            self.notify(
                self.preferences_problem,
                title="Preferences",
                severity="warning",
                timeout=10,
                markup=False,
            )
        launch = self.launch
        if launch.command == "play" and launch.game:
            if launch.seats:
                from cardtable.engine import parse_seats

                seats = parse_seats(launch.seats)
                self.start_game(launch.game, seats, launch.seed, launch.options)
            else:
                self.open_setup(launch.game, launch.options)
        elif launch.command == "demo":
            self.start_demo(launch.game, launch.delay, launch.seed)
        elif launch.command == "resume":
            self.resume(launch.save)
        elif launch.command == "join" and launch.address:
            self.run_worker(self._join_at_launch(launch.address, launch.code, launch.pin))
        elif launch.command == "host" and self.host is not None:
            self.run_worker(self._start_hosting())
        elif launch.command == "replay" and launch.replay:
            # After the start screen is up: a refusal ends the app, which must not end it
            # while the start screen is still being mounted.
            self.call_after_refresh(self.open_replay, launch.replay, True)
        self.call_after_refresh(self._painted)

    def _painted(self) -> None:
        self.first_paint = time.perf_counter() - STARTED
        for screen in self.screen_stack:
            if isinstance(screen, MenuScreen):
                screen.after_first_paint()
        self.recorder.check()  # a damaged history is said now, not after the first game
        self.call_after_refresh(self._load_screens)

    def _load_screens(self) -> None:
        """Import the screens a key opens and read their styles, while the player reads the
        start screen, so the first setup or rules page waits for neither."""
        from cardtable.ui.screen_css import read_screens_css
        from cardtable.ui.screens import rules, setup, table  # noqa: F401

        read_screens_css(self)
        # Everything made so far (Textual, the engine, the screens, the start screen) lives as
        # long as the app: keep it out of the collector's sweeps, which cost 80-110 ms in about
        # one in three screen openings when they walked it.
        gc.freeze()
        if os.environ.get("CARDTABLE_EXIT_AFTER_FIRST_PAINT"):
            self.exit_message = f"first paint after {self.first_paint * 1000:.0f} ms"
            self.exit()

    # The saved games

    def saved_games(self) -> list[SavedGame]:
        """The unfinished games, most recently played first (each save read once, until it
        changes); the first time, the single save of earlier versions is made one of them."""
        from cardtable.engine import import_old_save, saved_games

        if not self._old_save_imported:
            self._old_save_imported = True
            import_old_save(games)
        return saved_games()

    def resume(self, path: Path | None = None) -> None:
        """Continue a saved game (the latest when `path` is None), or say plainly why not."""
        if path is None:
            unfinished = [saved for saved in self.saved_games() if saved.problem is None]
            if not unfinished:
                self.notify("There is no unfinished game to continue.", title="Cannot continue")
                return
            path = unfinished[0].path
        from cardtable.engine import Match, SaveFileError

        self._close_match()
        try:
            match = Match.load(path, games)
        except SaveFileError as err:
            self.notify(
                err.message, title="Cannot continue", severity="error", timeout=10, markup=False
            )
            return
        if match.game.is_over(match.state):
            # Its last move was saved but the game stopped before its save was deleted: it is
            # kept in the history now (once: a game already kept has the same id).
            from cardtable.engine.history import finished_game

            self.recorder.record_later(finished_game(self.recorded(match)))
            if match.save_file is not None:
                match.save_file.delete()
            self.show_results(match)
            return
        self._show_table(self.recorded(match), delay=self.launch.delay)

    def _stop_tables(self) -> None:
        """Every table still up stops running its turns as the app closes: a bot still
        thinking then never moves in a game that has been closed."""
        from cardtable.ui.screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.runner.stop()

    def _close_match(self) -> None:
        """Leave the game at the table: its save gets a checkpoint and its lock is let go (a game
        left before any move keeps no save)."""
        match = self.in_play
        if match is not None:
            if match.save_file is not None and not match.record.log:
                # Quit before any move: nothing to continue, so no save and no line for it.
                match.save_file.delete()
                match.save_file = None
            match.close()
            self.in_play = None

    async def on_unmount(self) -> None:
        self._stop_tables()
        self._close_match()
        self.stop_hosting()
        await self.stop_pages()
        if "recorder" in vars(self):  # made once the app was on screen (cached_property)
            self.recorder.flush(timeout=2.0)
        card_palettes.use_palette(card_palettes.FELT_CARDS)  # the next app here starts plain

    def _history_problem(self, problem: str) -> None:
        """Say the history's problem on screen, from the writer's thread (never waiting on the
        app: it may be closing)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(
                lambda: self.notify(
                    problem, title="Game history", severity="warning", timeout=10, markup=False
                )
            )
        except RuntimeError:  # the app has closed meanwhile: the problem is in the log
            pass

    def recorded(self, match: Match, where: str | None = None) -> Match:
        """`match`, to be kept in the game history when its last move is made."""
        match.history = self.recorder
        match.where = where or self.where
        return match

    # Navigation

    def open_replay(self, key: str, at_launch: bool = False) -> None:
        """The replay of a finished game (its number in the history, its id, or an exported
        game's file); if it cannot be shown, a line says why (at launch, the app ends with it)."""
        from cardtable.ui.screens.history import replay_screen

        screen = replay_screen(key)
        if isinstance(screen, str):
            if at_launch:
                self.exit_message = f"cardtable: {screen}"
                self.exit(return_code=1)
                return
            self.notify(screen, title="Cannot replay", severity="error", markup=False)
            return
        self.push_screen(screen)

    def open_history(self) -> None:
        """The finished games, newest first, each one key from its replay."""
        from cardtable.engine.history import History
        from cardtable.ui.screens.history import HistoryScreen

        self.push_screen(HistoryScreen(History()))

    def open_setup(self, game_id: str, options: dict[str, Any] | None = None) -> None:
        """The setup screen of a game (its options at `options` where given)."""
        from cardtable.ui.screens.setup import SetupScreen

        self.push_screen(SetupScreen(game_id, options))

    def start_game(
        self, game_id: str, seats: list[SeatConfig], seed: int | None, options: Any
    ) -> None:
        """Deal a new game and open its table."""
        from cardtable.engine import IllegalMove, Match, new_save_path

        game = games.get(game_id)
        self._close_match()
        try:
            match = Match.start(
                game,
                seats,
                seed,
                options,
                new_save_path(game_id),
            )
        except IllegalMove as refused:
            self.notify(
                refused.reason, title="Cannot start", severity="error", timeout=10, markup=False
            )
            return
        self._show_table(self.recorded(match), delay=self.launch.delay)

    def start_demo(self, game_id: str | None, delay: float = 0.6, seed: int | None = None) -> None:
        """Bots in every seat, game after game; all games in turn when `game_id` is None."""
        self._demo_games = [game_id] if game_id else games.ids()
        self._demo_index = 0
        self._demo_delay = delay
        self._start_demo_game(seed)

    def _start_demo_game(self, seed: int | None = None) -> None:
        from cardtable.engine import Match, SeatConfig, SeatKind
        from cardtable.engine.seats import default_name
        from cardtable.ui.screens.table import TableScreen

        game = games.get(self._demo_games[self._demo_index % len(self._demo_games)])
        self._demo_index += 1
        seats = [  # the best play there is to watch: strong bots (a search) in every seat
            SeatConfig(name=default_name(SeatKind.STRONG, i), kind=SeatKind.STRONG)
            for i in range(game.default_seats)
        ]
        match = Match.start(game, seats, seed, None, None)
        # The same game again: deal at the table under the results, which is drawn at once; a
        # new table screen would show an empty board for a moment at every deal.
        under = self.screen_stack[-2] if len(self.screen_stack) > 2 else None
        if isinstance(under, TableScreen) and under.demo and under.game is game:
            self._to_screen(under)
            under.deal(match)
            return
        self._show_table(match, demo=True, delay=self._demo_delay)

    def _show_table(self, match: Match, demo: bool = False, delay: float = 0.6) -> None:
        from cardtable.ui.screens.table import TableScreen

        self._to_menu_now()
        self._close_match()
        self.in_play = match
        if match.unsaved:
            self.notify(
                f"Not saved: {match.unsaved}. The game goes on, but will not be kept.",
                title="Not saved",
                severity="warning",
                timeout=10,
                markup=False,
            )
        self.push_screen(TableScreen(match, demo=demo, delay=delay, clock=self.clock))

    def show_results(self, match: Match, demo: bool = False, delay: float = 0.6) -> None:
        """The results screen of a finished game (a demo keeps its table under it)."""
        from cardtable.ui.screens.results import ResultsScreen

        if not demo:
            self._to_menu_now()
        self._close_match()
        self.push_screen(ResultsScreen(match, demo=demo, delay=delay))

    def play_again(self, match: Match, demo: bool = False) -> None:
        """A new deal with the same seats and options (in a demo, the next game in turn)."""
        if demo:
            self._start_demo_game()
            return
        record = match.record
        self.start_game(record.game, record.seats, None, record.options)

    def _to_screen(self, screen: Any) -> None:
        while self.screen_stack[-1] is not screen:
            self.pop_screen()

    def _to_menu_now(self) -> None:
        while len(self.screen_stack) > 1:  # the start screen is the first (get_default_screen)
            self.pop_screen()

    def action_back_to_menu(self) -> None:
        """Leave the table for the menu; the game stays saved to continue. A seat's page has no
        menu: leaving its game ends the app."""
        if self.one_game:
            self.run_worker(self.action_quit())
            return
        self._to_menu_now()
        self._close_match()
        self._leave_host()
        menu = self.screen_stack[0]
        assert isinstance(menu, MenuScreen)  # the first screen (get_default_screen)
        menu.show_afresh()

    # Games on a host (net/)

    async def join(self, address: str, code: str | None, pin: str | None) -> str | None:
        """Join the host at `address` whose certificate has the fingerprint `pin` with a seat's
        code (None: watch) and open its table; the reason, in words, if that cannot be done."""
        from cardtable.net.client import JoinFailed, WebSocketFeed
        from cardtable.net.tab_joins import TabJoins, answer_in_time, failed_join

        rules = TabJoins.from_environment()  # a public serve's tab: some hosts, same answers
        started = time.monotonic()
        try:
            checked = address if rules is None else await rules.address_to_join(address)
            feed = WebSocketFeed(checked, code, pin)
            welcome = await feed.open()
        except (ValueError, JoinFailed) as failed:
            reason = failed.reason if isinstance(failed, JoinFailed) else str(failed)
            if rules is not None:
                await answer_in_time(started)
                return failed_join(address) if isinstance(failed, JoinFailed) else reason
            return reason
        self._show_remote(feed, welcome)
        return None

    async def _join_at_launch(self, address: str, code: str | None, pin: str | None) -> None:
        reason = await self.join(address, code, pin)
        if reason is not None:
            self.exit_message = f"cardtable: {reason}"
            self.exit(return_code=1)

    def _show_remote(self, feed: Any, welcome: Any, hosting: str | None = None) -> None:
        from cardtable.ui.screens.remote_table import RemoteTableScreen

        self._to_menu_now()
        self._close_match()
        self._leave_host()
        self.feed = feed
        self.push_screen(RemoteTableScreen(feed, welcome, hosting=hosting))

    def _leave_host(self) -> None:
        """Close the feed of the host's match on screen (its code brings the seat back)."""
        if self.feed is not None and not self.feed.closed:
            self.run_worker(self.feed.close())
        self.feed = None

    async def _start_hosting(self) -> None:
        """`cardtable host`: listen for players, start the turns, show the public table."""
        from cardtable.net.certificate import host_certificate
        from cardtable.net.client import LocalFeed
        from cardtable.net.server import server_port, start_server

        launch, host = self.launch, self.host
        self.recorded(host.match, "hosted")
        try:
            certificate = host_certificate()
        except OSError as err:
            self.exit_message = f"cardtable: cannot host: {err}"
            host.match.close()
            self.hosting_stopped = True
            self.exit(return_code=1)
            return
        self.pin = certificate.pin
        try:
            self.server = await start_server(
                host, launch.address or "127.0.0.1", launch.port, certificate
            )
        except OSError as err:
            self.exit_message = (
                f"cardtable: cannot listen on port {launch.port} ({err.strerror or err}): "
                "another program (or another host) uses it; try --port with another number."
            )
            host.match.close()
            self.hosting_stopped = True
            self.exit(return_code=1)
            return
        if self.page_server is not None and not await self._serve_pages(certificate):
            return
        host.start()
        feed = LocalFeed(host)
        welcome = await feed.open()
        shown = launch.shown_address or f"127.0.0.1:{server_port(self.server)}"
        self._show_remote(feed, welcome, hosting=f"hosting on {shown}")
        if not host.everyone_came:
            self.show_lobby()

    async def _serve_pages(self, certificate: Any) -> bool:
        """`cardtable host --web`: serve the seats' pages beside the host; False (the app
        ending with the reason) when they cannot be served."""
        from cardtable.net.server import ServeError, server_port

        launch, host = self.launch, self.host
        pages = self.page_server(server_port(self.server), self.pin)
        try:
            self.launch.web_port = await pages.start(
                certificate.server_context() if launch.web_tls else None
            )
        except ServeError as refused:
            self.exit_message = f"cardtable: cannot serve the seats' pages: {refused.reason}"
            self.server.close()
            host.match.close()
            self.hosting_stopped = True
            self.exit(return_code=1)
            return False
        self.seat_server = pages
        return True

    def pages(self) -> dict[int | None, str] | None:
        """`cardtable host --web`: each person's page and the spectators' (web_seats.py)."""
        launch = self.launch
        if self.seat_server is None or launch.web_port is None:
            return None
        address = (launch.shown_address or "127.0.0.1").rsplit(":", 1)[0]
        pages: dict[int | None, str] = self.seat_server.pages(
            address, launch.web_port, launch.web_tls
        )
        return pages

    async def stop_pages(self) -> None:
        """Stop serving the seats' pages: each open tab's app is told to quit."""
        pages, self.seat_server = self.seat_server, None
        if pages is not None:
            await pages.close()

    def show_lobby(self) -> None:
        """The host's join commands and who has joined, over the public table."""
        from cardtable.net.server import server_port
        from cardtable.ui.screens.host_lobby import HostLobbyScreen

        launch = self.launch
        shown = launch.shown_address or f"127.0.0.1:{server_port(self.server)}"
        self.push_screen(
            HostLobbyScreen(self.host, shown, launch.join_program, self.pin, pages=self.pages())
        )

    def stop_hosting(self) -> None:
        """Stop the host: every client told, the game saved; the exit line says so."""
        host = self.host
        if host is None or self.hosting_stopped:
            return
        self.hosting_stopped = True
        match = host.match
        over = match.game.is_over(match.state)
        path = match.save_path
        match.checkpoint()  # the last write first: what everyone is told depends on it
        saved = path is not None and not match.unsaved
        if over:
            host.stop("The host has stopped; the game is over.")
        elif saved:  # a joined screen keeps trying, and is back once the host resumes the game
            host.stop(
                "The host has stopped; the game is saved.",
                rejoin="This screen joins again when it is hosted again.",
            )
        else:
            host.stop("The host has stopped; the game was not saved.")
        if self.server is not None:
            self.server.close()
        if over:
            if self.launch.codes_file is not None:  # its codes join nothing any more
                self.launch.codes_file.unlink(missing_ok=True)
            self.exit_message = f"The host has stopped; the {match.game.name} game is over."
        elif saved and path is not None:
            self.exit_message = (
                f"The host has stopped; the {match.game.name} game is saved after its last move: "
                f"`{cardtable_command()} host --resume {save_id(path)}{self._hosted_as()}` hosts "
                f"it again as it was, with the same join codes (`{cardtable_command()} resume "
                f"{save_id(path)}` continues it at one keyboard)."
            )
        else:
            self.exit_message = "The host has stopped; the game was not saved."

    def _hosted_as(self) -> str:
        """The options that host a game again as this one was hosted: on every network of the
        machine, its seats' pages served (a resume without them leaves out the other machines'
        players and every phone)."""
        launch = self.launch
        flags = " --public" if launch.address == "0.0.0.0" else ""
        if launch.web_port is not None:
            other = launch.web_port not in (0, launch.port + 1)  # not the port it picks itself
            flags += f" --web --web-port {launch.web_port}" if other else " --web"
            flags += " --web-tls" if launch.web_tls else ""
        return flags

    def _quit_on_signals(self) -> None:
        """SIGTERM (`timeout`, `kill`, a browser's tab closed under textual-serve) and SIGHUP
        (the terminal closed) quit as Ctrl+Q does: the game saved and said so, a game left
        before its first move kept by nobody, the terminal given back as it was. Python's own
        handling ended the process at once."""
        import signal

        for name in ("SIGTERM", "SIGHUP"):
            number = getattr(signal, name, None)  # Windows has no SIGHUP
            if number is None:
                continue
            # The loop cannot take signals on Windows (NotImplementedError), nor off the main
            # thread (RuntimeError): there the signal ends the process as before.
            with contextlib.suppress(NotImplementedError, RuntimeError):
                self._loop.add_signal_handler(number, self.call_later, self.action_quit)

    async def _check_terminal(self) -> None:
        """Quit as Ctrl+Q does once the terminal has hung up (its window closed). Whatever ran
        us may not pass the hangup on (`make play` does not), and Textual's input thread, reading
        nothing from a dead terminal, then spins for good."""
        if terminal_fd() is None:
            await self.action_quit()

    # The demo

    def demo_running(self) -> bool:
        """True while a demo's table, summary or results are on screen (not its rules page, nor
        the command palette over them)."""
        from textual.command import CommandPalette

        # Not imported for this: the footer asks before the first paint, and the rules page's
        # Markdown (some 100 ms) loads after it. Until it has loaded, no rules page is up.
        rules = sys.modules.get("cardtable.ui.screens.rules")
        pages = (CommandPalette,) if rules is None else (CommandPalette, rules.RulesScreen)
        if isinstance(self.screen, pages):
            return False  # Esc closes the page or the palette; q is typed in the palette
        return any(getattr(screen, "demo", False) for screen in self.screen_stack)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc and q stop a demo; anywhere else they do what the screen says."""
        if action == "stop_demo":
            return self.demo_running()
        return True

    def action_stop_demo(self) -> None:
        """Stop the demo: back to the start screen."""
        self.action_back_to_menu()

    # Quitting and crashing

    async def action_quit(self) -> None:
        """Quit; from a game in play, say on the way out that it is saved and how to resume."""
        from cardtable.ui.screens.table import TableScreen

        self._stop_tables()  # the game stands as it is now: a bot still thinking never moves
        if self.host is not None:
            self.stop_hosting()
            await self.stop_pages()
            self.exit()
            return
        feed = self.feed
        finished = any(getattr(screen, "outcome", None) for screen in self.screen_stack)
        if feed is not None and getattr(feed, "code", None) and not feed.closed and not finished:
            from cardtable.net.client import shown_address
            from cardtable.ui.screens.host_lobby import join_command

            address = shown_address(getattr(feed, "url", ""))
            again = join_command(cardtable_command(), address, feed.code, getattr(feed, "pin", ""))
            self.exit_message = (
                f"You left your seat; the host keeps the game: `{again}` takes it back."
            )
            await feed.close()
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen) and not screen.demo:
                match = screen.match
                path = match.save_path
                moved = bool(match.record.log)
                over = match.game.is_over(match.state)
                if path is not None and moved and not match.unsaved and not over:
                    self.exit_message = (
                        f"Your {match.game.name} game is saved after its last move: "
                        f"`{cardtable_command()} resume {save_id(path)}` continues it."
                    )
                elif match.unsaved and moved and not over and path is not None:
                    self.exit_message = (  # the save keeps every move up to the failed write
                        f"Your {match.game.name} game could not save its last moves "
                        f"({match.unsaved}): `{cardtable_command()} resume "
                        f"{save_id(path)}` continues it from the last move saved."
                    )
                elif match.unsaved and moved and not over:
                    self.exit_message = (
                        f"Your {match.game.name} game was not saved ({match.unsaved}): "
                        "it cannot be resumed."
                    )
        self.exit()

    crash_report_written = False
    """Whether this run has crashed and written its report (the first error only writes one)."""

    def _handle_exception(self, error: Exception) -> None:
        """A crash: the full report to a file, a short message on screen, exit status 1.

        Textual sends every unhandled error here (it has no public hook for them) and, for an
        error that cannot draw itself, shows its crash screen, which prints every frame's local
        variables (all the hands) for the whole table to read. An error that can (`__rich__`)
        is shown as it draws itself instead, so each error draws our words: the first the crash
        message naming its report, any after it one line. Textual still sets the exit status
        to 1, closes the app and hands the first error to a test's Pilot.
        """
        if self.crash_report_written:
            words = f"Another error followed ({type(error).__name__})."
        else:
            self.crash_report_written = True
            words = crash_message(error, write_report(error))
        vars(error)["__rich__"] = lambda: Text(words)  # the instance's own, over any class's
        super()._handle_exception(error)
