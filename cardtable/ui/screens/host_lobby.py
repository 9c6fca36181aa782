"""The host's first screen: each person's QR code (or join command), and who has joined.

The host listens from the moment it starts, so a player may join while this screen is up. Play
begins when every person has joined (net/host.py); then this screen gives way to the public
table by itself, so the codes are off the projector before the first card. Enter shows the
public table at once; `c` on the public table brings this screen back (for a late player).

When the host serves its seats to browsers, each person's seat shows a QR code of her page
beside her name (a phone's camera opens it), with one for spectators; `j` shows the join
commands instead, for a player at a terminal. As many codes sit side by side as the screen
holds; the others are a key away (`→` or Tab), one at a time on a screen of 80x24.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Static

from cardtable.net.host import Host
from cardtable.ui.keys_footer import KeysFooter
from cardtable.ui.lobby_codes import GAP, CodeTile, grid, grid_shape, tile_size

ASIDE = 30
"""The fewest columns the words beside a lone code may have (a screen of 80x24)."""


def join_command(program: str, address: str, code: str | None, pin: str) -> str:
    """The command a player types to join, with the fingerprint of the host's certificate:
    'cardtable join 127.0.0.1:8765 K7QX-2MPD --pin 7K2M-QX4D-…' (no code: watch)."""
    return f"{program} join {address}" + (f" {code}" if code else "") + f" --pin {pin}"


def lobby_lines(command: str) -> str:
    """A join command as the lobby shows it: the fingerprint on an indented line of its own,
    after a shell's line continuation, so it never wraps mid-word at 80 columns and still
    pastes as one command."""
    head, _, pin = command.partition(" --pin ")
    return f"  {head} \\\n      --pin {pin}"


class HostLobbyScreen(Screen[None]):
    """Each person's QR code (or join command) and whether she has joined; Enter shows the
    public table."""

    BINDINGS = [
        Binding("enter,escape", "dismiss_lobby", "Show the public table"),
        Binding("j", "show_commands", "Join commands"),
        Binding("j", "show_codes", "QR codes"),
        # Before the Screen's own Tab (focus, of which the lobby has nothing to move).
        Binding("tab,right", "turn(1)", "More codes", key_display="→", priority=True),
        Binding("left,shift+tab", "turn(-1)", "Back", show=False, priority=True),
        # The join commands of a big table run past a small window: the keys scroll them.
        Binding("down", "scroll_commands(1)", "Scroll", key_display="↑↓"),
        Binding("up", "scroll_commands(-1)", show=False),
        Binding("pagedown,space", "scroll_commands(10)", show=False),
        Binding("pageup", "scroll_commands(-10)", show=False),
        Binding("end", "scroll_commands(10000)", show=False),
        Binding("home", "scroll_commands(-10000)", show=False),
    ]

    DEFAULT_CSS = """
    HostLobbyScreen #lobby {
        width: 100%;
        max-width: 120;
        max-height: 100%;
        overflow-y: auto;
        height: auto;
        border: round $accent;
        padding: 0 1;
    }
    HostLobbyScreen #lobby-seats {
        margin: 1 0;
    }
    HostLobbyScreen #codes {
        height: 1fr;
        padding: 0 1;
        align: center middle;
    }
    HostLobbyScreen #codes-title {
        margin-bottom: 1;
    }
    HostLobbyScreen #codes-body, HostLobbyScreen #lobby-codes {
        width: auto;
        height: auto;
    }
    HostLobbyScreen #codes-aside {
        margin-left: 2;
    }
    """

    def __init__(
        self,
        host: Host,
        address: str,
        program: str,
        pin: str,
        pages: dict[int | None, str] | None = None,
    ) -> None:
        super().__init__()
        self.host = host
        self.address = address
        self.program = program
        self.pin = pin
        """The fingerprint of the host's certificate, in every join command."""
        self.pages = pages
        """`cardtable host --web`: each person's page (seat -> URL) and the spectators' (None
        -> URL), from web_seats.seat_pages; None without --web."""
        self.commands_shown = not pages
        """True while the join commands show instead of the QR codes."""
        self.page = 0
        """Which page of codes shows, when the screen holds fewer codes than there are."""
        self.per_page = 0
        """How many codes the screen holds (0: not even one)."""

    def compose(self) -> ComposeResult:
        with Middle(id="commands"), Center(), Vertical(id="lobby"):
            yield Static(id="lobby-title")
            yield Static(id="lobby-seats")
            yield Static(id="lobby-next")
        with Vertical(id="codes"):
            yield Static(id="codes-title")
            with Horizontal(id="codes-body"):
                yield Static(id="lobby-codes")
                yield Static(id="codes-aside")
            yield Static(id="codes-next")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._all_here_at_first = self.all_here
        self._began_at_first = self.host.everyone_came
        self._leave_when_shown = False
        self.host.watch(self._changed)
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        """Lay the codes out again for the new size."""
        self._draw()

    @property
    def all_here(self) -> bool:
        """True while every person's screen is connected."""
        return all(seat in self.host.seat_members for seat in self.host.humans)

    def on_unmount(self) -> None:
        self.host.unwatch(self._changed)

    def _changed(self) -> None:
        if not self._drawable:
            return
        self._skip_joined()
        self._draw()
        began = self.host.everyone_came and not self._began_at_first
        if began or (self.all_here and not self._all_here_at_first):
            # Play begins (or the late player is back): the codes leave the screen, now or as
            # soon as what covers this screen (a hand's summary) closes.
            if self.is_current:
                self.dismiss()
            else:
                self._leave_when_shown = True

    def on_screen_resume(self) -> None:
        """Back on top after a summary: leave now if play has begun meanwhile."""
        if self._leave_when_shown:
            self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`j` only where there are codes to swap with the commands; the arrows only while some
        codes are off the screen."""
        codes_fit = bool(self.pages) and self.per_page > 0
        if action == "show_commands":
            return codes_fit and not self.commands_shown
        if action == "show_codes":
            return codes_fit and self.commands_shown
        if action == "turn":
            return codes_fit and not self.commands_shown and self.pages_of_codes > 1
        if action == "scroll_commands":
            return self._commands_run_over()
        return True

    def _commands_run_over(self) -> bool:
        """True while the join commands show and run past the window."""
        if not self.commands_shown or not self.is_mounted:
            return False
        return self.query_one("#lobby").max_scroll_y > 0

    @property
    def pages_of_codes(self) -> int:
        """How many pages the codes take at this size (1 when all show at once)."""
        pages = self.pages or {}
        count = sum(seat in pages for seat in self.host.codes) + (None in pages)
        return -(-count // self.per_page) if self.per_page else 1

    def _tiles(self) -> list[CodeTile]:
        """Each person's tile, in seat order, then the spectators'."""
        host, pages = self.host, self.pages or {}
        tiles = [
            CodeTile.of(host.names[seat], pages[seat], seat in host.seat_members)
            for seat in sorted(host.codes)
            if seat in pages
        ]
        if None in pages:
            tiles.append(CodeTile.of("Anyone", pages[None], joined=False, watch=True))
        return tiles

    def _skip_joined(self) -> None:
        """One code at a time: when the person whose code shows joins, the next one still
        to join shows (the screen does not wait for a key to move on)."""
        if self.per_page != 1 or self.commands_shown or not self.pages:
            return
        tiles = self._tiles()
        if self.page < len(tiles) and tiles[self.page].rows is None:
            for step in range(1, len(tiles)):
                ahead = (self.page + step) % len(tiles)
                if tiles[ahead].rows is not None and not tiles[ahead].watch:
                    self.page = ahead
                    return

    @property
    def _drawable(self) -> bool:
        """False once the lobby is gone, or going (its widgets already removed)."""
        return self.is_attached and len(self.query("#lobby-seats, #lobby-codes")) == 2

    def _draw(self) -> None:
        if not self._drawable:
            return
        codes = self._draw_codes() if self.pages and not self.commands_shown else False
        self.query_one("#commands").display = not codes
        self.query_one("#codes").display = codes
        if not codes:
            self._draw_commands()
        self.refresh_bindings()
        self.call_after_refresh(self.refresh_bindings)  # laid out: do the commands run over?

    def _draw_commands(self) -> None:
        host = self.host
        self.query_one("#lobby-title", Static).update(
            Text(f"{host.game.name}, hosted on {self.address}", style="bold")
        )
        seats = Text()
        # Each command under the name, its fingerprint on a line of its own: together they
        # are wider than 80 columns.
        for seat, code in sorted(host.codes.items()):
            here = seat in host.seat_members
            seats.append("✓ " if here else "· ", style="bold green" if here else "dim")
            seats.append(host.names[seat] + "\n", style="bold")
            seats.append(lobby_lines(join_command(self.program, self.address, code, self.pin)))
            seats.append("\n")
        seats.append("  (watch)\n", style="dim")
        seats.append(lobby_lines(join_command(self.program, self.address, None, self.pin)))
        self.query_one("#lobby-seats", Static).update(seats)
        if self.pages and self.per_page:
            keys = "j: the QR codes. Enter: the public table now (c there shows this again)."
        elif self.pages:
            keys = (
                "The QR codes need a bigger window. "
                "Enter: the public table now (c there shows this again)."
            )
        else:
            keys = "Enter: the public table now (c there shows this again). Ctrl+Q: stop."
        # With pages the codes are on the projector by design, as QR codes: each person takes
        # her own. Without, nobody needs to see another's.
        holder = "each person takes her own" if self.pages else "keep it off the projector"
        self.query_one("#lobby-next", Static).update(
            Text(f"{self._after()}\nA code lets its holder play that seat: {holder}.\n{keys}")
        )

    def _after(self) -> str:
        """What happens next: play begins, goes on, or everyone is here."""
        host = self.host
        away = [host.names[s] for s in host.humans if s not in host.seat_members]
        if not host.everyone_came:
            return "Play begins when everyone has joined (✓); then the table shows."
        if away:
            whom = "her" if len(away) == 1 else "them"  # a person's seat, in the app's words
            return f"Play goes on; it waits for {' and '.join(away)} when it needs {whom}."
        return "Everyone is here (✓)."

    def _words(self, count: int) -> Text:
        """The words with the codes: what happens next, what a code does, the keys."""
        if self.per_page == 1:
            turn = f" → or Tab: the next code ({self.page + 1} of {count})."
        elif self.pages_of_codes > 1:
            turn = f" → or Tab: the other codes (page {self.page + 1} of {self.pages_of_codes})."
        else:
            turn = ""
        scan = "Scan your own code with your phone's camera: it opens your hand."
        if self.pages and all("//127.0.0.1:" in url for url in self.pages.values()):
            scan = (  # pages on 127.0.0.1: no phone reaches them
                "These pages open on this machine only: host with --public for phones on "
                "your network."
            )
        return Text(
            f"{self._after()} {scan}\n{turn.lstrip()}{' ' if turn else ''}j: the join "
            "commands, for a terminal. Enter: the public table now (c there shows this again)."
        )

    def _draw_codes(self) -> bool:
        """Lay the codes out for this screen's size; False when not even one fits."""
        width, height = self.size
        tiles = self._tiles()
        tile = tile_size(tiles)
        room = width - 2  # the padding either side
        title = Text(f"{self.host.game.name}, hosted on {self.address}", style="bold")
        self.per_page = 1  # the words as they read with one code a page: the longest
        words = self._words(len(tiles))

        def words_height(columns: int) -> int:
            return len(words.wrap(self.app.console, columns))

        across, down = grid_shape(tile, len(tiles), (room, height - 3 - words_height(room)))
        # The title and the words as wide as a full row of codes (60 columns at least), all
        # three centred as one block: measured at that width, they may take a line more.
        text_width = max(across * (tile[0] + GAP) - GAP, min(room, 60))
        if across:
            down = min(down, (height - 3 - words_height(text_width)) // tile[1])
            across = across if down > 0 else 0
        beside = room - tile[0] - GAP
        side = not across  # no room for a code over the words: one beside them (80x24)
        if side and (height - 1 < tile[1] or beside < ASIDE):
            self.per_page = 0
            return False
        self.per_page = 1 if side else across * down
        self.page %= self.pages_of_codes
        shown = tiles[self.page * self.per_page : (self.page + 1) * self.per_page]
        drawn = grid(shown, max(across, 1))
        words = self._words(len(tiles))
        aside = self.query_one("#codes-aside", Static)
        aside.display = side
        self.query_one("#codes-title").display = not side
        self.query_one("#codes-next").display = not side
        codes = self.query_one("#lobby-codes", Static)
        if side:
            aside.styles.width = beside
            aside.update(title + Text("\n\n") + words)
            codes.styles.width = "auto"
        else:
            codes.styles.width = text_width
            for part, text in (("#codes-title", title), ("#codes-next", words)):
                widget = self.query_one(part, Static)
                widget.styles.width = text_width
                widget.update(text)
        codes.update(drawn)
        return True

    def action_show_commands(self) -> None:
        """The join commands instead of the codes, for a player at a terminal."""
        self.commands_shown = True
        self._draw()

    def action_show_codes(self) -> None:
        """The QR codes again."""
        self.commands_shown = False
        self._draw()

    def action_scroll_commands(self, lines: int) -> None:
        """Scroll the join commands by `lines` (a big table's run past a small window)."""
        self.query_one("#lobby").scroll_relative(y=lines, animate=False)

    def action_turn(self, step: int) -> None:
        """The next (or previous) page of codes."""
        self.page = (self.page + step) % self.pages_of_codes
        self._draw()

    def action_dismiss_lobby(self) -> None:
        """Show the public table (the codes leave the screen)."""
        self.dismiss()
