"""A short menu of moves: the player picks one with the arrows and Enter (or a click, or a tap),
or Escape (a click beside it, Back on a phone) to go back."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.ui.screen_css import SCREENS_CSS


class MoveMenu(ModalScreen[Any]):
    """Pick one of `choices` (label, move); dismisses with the move, or None on Escape.

    The title and labels are plain text, shown as written (they hold players' names: never
    markup). `needs`, the table's least window (columns, rows): a window made smaller than it
    closes the menu without a move, so the table's size message shows and no key acts.
    """

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(
        self,
        title: str,
        choices: list[tuple[str, Any]],
        needs: tuple[int, int] | None = None,
        touch: bool = False,
    ) -> None:
        super().__init__(classes="-touch" if touch else None)
        self.title_text = title
        self.choices = choices
        self.needs = needs
        self.touch = touch
        """Opened by a tap on a phone: no keys to name, and a Back button instead of Esc."""

    def compose(self) -> ComposeResult:
        with Vertical(id="move-menu"):
            yield Static(Text(self.title_text), id="move-menu-title")
            yield OptionList(
                *(Option(Text(label), id=str(i)) for i, (label, _) in enumerate(self.choices)),
                id="move-menu-list",
            )
            if self.touch:
                yield Button(Text("Back"), id="move-menu-back")
            else:
                yield Static("↑↓ choose · Enter do it · Esc back", id="move-menu-keys")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Back, on a phone: to the table without a move."""
        event.stop()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click or a tap beside the menu goes back without a move, as Esc does."""
        box = self.query_one("#move-menu").region
        if self.is_current and not box.contains(event.screen_x, event.screen_y):
            self.dismiss(None)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """The chosen move goes back to the table."""
        event.stop()
        self.dismiss(self.choices[int(event.option.id or 0)][1])

    def on_resize(self, event: events.Resize) -> None:
        """A window too small for the table under the menu closes it, choosing nothing."""
        if self.needs is None or not self.is_current:  # a second resize: closed already
            return
        width, height = event.size
        if width < self.needs[0] or height < self.needs[1]:
            self.dismiss(None)

    def action_cancel(self) -> None:
        """Back to the table without a move."""
        self.dismiss(None)
