"""The host's first screen: each person's join command, and who has joined.

The host listens from the moment it starts, so a player may join while this screen is up. Play
begins when every person has joined (net/host.py); then this screen gives way to the public
table by itself, so the codes are off the projector before the first card. Enter shows the
public table at once; `c` on the public table brings this screen back (for a late player).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.net.host import Host


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
    """Each person's join command and whether she has joined; Enter shows the public table."""

    BINDINGS = [Binding("enter,escape", "dismiss_lobby", "Show the public table")]

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

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="lobby"):
            yield Static(
                Text(f"{self.host.game.name}, hosted on {self.address}", style="bold"),
                id="lobby-title",
            )
            yield Static(id="lobby-seats")
            yield Static(id="lobby-next")
        yield Footer()

    def on_mount(self) -> None:
        self._all_here_at_first = self.all_here
        self._began_at_first = self.host.everyone_came
        self._leave_when_shown = False
        self.host.watch(self._changed)
        self._draw()

    @property
    def all_here(self) -> bool:
        """True while every person's screen is connected."""
        return all(seat in self.host.seat_members for seat in self.host.humans)

    def on_unmount(self) -> None:
        self.host.unwatch(self._changed)

    def _changed(self) -> None:
        if not self.is_attached or not self.query("#lobby-seats"):
            return  # the lobby is gone, or going (its widgets already removed): nothing to draw
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

    def _draw(self) -> None:
        host = self.host
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
        away = [host.names[s] for s in host.humans if s not in host.seat_members]
        if not host.everyone_came:
            after = "Play begins when everyone has joined (✓); then the table shows."
        elif away:
            after = f"Play goes on; it waits for {' and '.join(away)} when it needs them."
        else:
            after = "Everyone is here (✓)."
        self.query_one("#lobby-next", Static).update(
            Text(
                f"{after}\nA code lets its holder play that seat: keep it off the projector."
                "\nEnter: the public table now (c there shows this again). Ctrl+Q: stop."
            )
        )

    def action_dismiss_lobby(self) -> None:
        """Show the public table (the codes leave the screen)."""
        self.dismiss()
