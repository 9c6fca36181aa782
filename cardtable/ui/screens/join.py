"""Join a hosted game from the start screen: the host's address, a seat's code (none: watch)
and the host's fingerprint (the --pin of the join command).

The browser version (`cardtable serve`) has no command line: this is how a player there joins.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from cardtable.net.certificate import PIN_EXAMPLE
from cardtable.net.client import DEFAULT_PORT
from cardtable.ui.app_api import table_app
from cardtable.ui.keys_footer import KeysFooter


class JoinScreen(Screen[None]):
    """Three fields (address, code, fingerprint) and a Join button; what went wrong is said
    under them."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    DEFAULT_CSS = """
    JoinScreen #join {
        width: 64;
        height: auto;
        border: round $accent;
        padding: 0 2;
    }
    JoinScreen #join-problem {
        color: $error;
        height: auto;
    }
    """

    def __init__(self, address: str = "") -> None:
        super().__init__()
        self.address = address

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="join"):
            yield Static(Text("Join a hosted game", style="bold"))
            yield Static(f"The host's address (like 192.168.1.20:{DEFAULT_PORT}):")
            yield Input(value=self.address, placeholder=f"127.0.0.1:{DEFAULT_PORT}", id="address")
            yield Static("Your seat's code (leave it empty to watch):")
            yield Input(placeholder="K7QX-2MPD", id="code")
            yield Static("The host's fingerprint (after --pin in the join command):")
            yield Input(placeholder=PIN_EXAMPLE, id="pin")
            yield Button("Join", id="join-button", variant="primary")
            yield Static("", id="join-problem")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#address" if not self.address else "#code", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#join-button")
    def join(self) -> None:
        """Join with what is typed; a problem is said under the fields."""
        address = self.query_one("#address", Input).value.strip() or f"127.0.0.1:{DEFAULT_PORT}"
        code = self.query_one("#code", Input).value.strip() or None
        pin = self.query_one("#pin", Input).value
        self.query_one("#join-problem", Static).update("Joining…")
        self.app.run_worker(self._join(address, code, pin))

    async def _join(self, address: str, code: str | None, pin: str) -> None:
        reason = await table_app(self).join(address, code, pin)
        if reason is not None and self.is_attached:
            self.query_one("#join-problem", Static).update(Text(reason))
