"""A short menu of moves: the player picks one with the arrows and Enter, or Escape to go back."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardtable.ui.screen_css import SCREENS_CSS


class MoveMenu(ModalScreen[Any]):
    """Pick one of `choices` (label, move); dismisses with the move, or None on Escape.

    The title and labels are plain text, shown as written (they hold players' names: never
    markup).
    """

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, title: str, choices: list[tuple[str, Any]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="move-menu"):
            yield Static(Text(self.title_text), id="move-menu-title")
            yield OptionList(
                *(Option(Text(label), id=str(i)) for i, (label, _) in enumerate(self.choices)),
                id="move-menu-list",
            )
            yield Static("↑↓ choose · Enter do it · Esc back", id="move-menu-keys")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """The chosen move goes back to the table."""
        event.stop()
        self.dismiss(self.choices[int(event.option.id or 0)][1])

    def action_cancel(self) -> None:
        """Back to the table without a move."""
        self.dismiss(None)
