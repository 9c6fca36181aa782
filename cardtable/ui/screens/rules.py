"""The rules page of a game, one key away from the table."""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from cardtable import games
from cardtable.rules_pages import rules_page
from cardtable.ui.keys_footer import KeysFooter
from cardtable.ui.screen_css import SCREENS_CSS


class RulesScreen(ModalScreen[None]):
    """Shows assets/rules/<game>.md; Escape, q or ? closes it.

    `back` is what closing it does, in the footer's words, by where the page was opened:
    "Back to the game" from a table, "Back to the start screen" from the start screen.
    """

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(self, game_id: str, back: str = "Back to the game") -> None:
        super().__init__()
        self.game_id = game_id
        self.back = back
        self._bindings.bind("escape,q,question_mark,f1", "dismiss", back)

    def compose(self) -> ComposeResult:
        name = games.entry(self.game_id).name
        page = (
            rules_page(self.game_id) or f"# {name}\n\nThe rules page of {name} is not written yet."
        )
        # Rich draws the page in one pass; Textual's Markdown widget builds a widget per block
        # and took one to three seconds to open a page (issue 9.11).
        with VerticalScroll(id="rules-body"):
            yield Static(Markdown(page), id="rules-page")
        yield KeysFooter()

    def action_scroll(self, lines: int) -> None:
        """Scroll the page by `lines`."""
        self.query_one("#rules-body", VerticalScroll).scroll_relative(y=lines, animate=False)
