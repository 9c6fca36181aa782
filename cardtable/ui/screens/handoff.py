"""The screen between two people's turns: it shows no private card."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    """'Pass to Bob, then press Enter': covers the whole table until the next player is ready."""

    BINDINGS = [Binding("enter,space", "dismiss", "I am Bob: show my hand")]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"[b]Pass the keyboard to {self.player}[/b]\n\n"
                f"{self.note}\n\n"
                f"{self.player}: press [b]Enter[/b] to see your hand.",
                id="handoff-card",
            )

    def on_click(self) -> None:
        """A click is as good as Enter."""
        self.dismiss()
