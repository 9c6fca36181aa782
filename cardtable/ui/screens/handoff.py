"""The screen between two people's turns: it shows no private card."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static

from cardtable.net.clock import Clock, LoopClock
from cardtable.ui.app_api import table_app
from cardtable.ui.screen_css import SCREENS_CSS

REVEAL_KEY = "y"
"""The key that shows the next player's hand: no table binds it, so a second tap of the key
that made the last move (Enter, Space, a number) can never reveal the next hand."""

ANSWER_KEY = "n"
"""The key that answers at once without showing the hand (Run It: offer nothing), where the
table offers such an answer."""

GUARD_SECONDS = 1.0
"""For this long after the handoff opens, no key or click can show the hand."""


class HandoffScreen(Screen[bool]):
    """'Pass the keyboard to Bob': covers the table until Bob presses Y (after a moment).

    With `answer` (words for a move that needs no look at the hand: 'offer nothing'), N makes
    it instead, the hand unseen; the screen then dismisses with True.
    """

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding(
            f"{REVEAL_KEY},{REVEAL_KEY.upper()}", "reveal", "I am the next player: show my hand"
        ),
        Binding(f"{ANSWER_KEY},{ANSWER_KEY.upper()}", "answer", "Answer unseen", show=False),
        Binding("ctrl+n", "menu", "Menu"),
    ]

    DEFAULT_CSS = """
    HandoffScreen #handoff-show {
        margin-top: 1;
    }
    """

    def __init__(
        self, name: str, note: str = "", answer: str = "", clock: Clock | None = None
    ) -> None:
        super().__init__()
        self.clock: Clock = clock or LoopClock()
        """The clock the first moment is counted on (the table's)."""
        self.player = name
        self.note = note
        self.answer = answer
        self.ready = False
        """False for GUARD_SECONDS after the screen opens: until then nothing shows the hand."""

    def compose(self) -> ComposeResult:
        with Middle():
            yield Center(self._card())
            show = Button(f"Show my hand ({REVEAL_KEY.upper()})", id="handoff-show", disabled=True)
            show.can_focus = False  # Enter must not press it: only the key and a click do
            yield Center(show)

    def _card(self) -> Static:
        return Static(
            Text.assemble(
                (f"Pass the keyboard to {self.player}", "bold"),
                f"\n\n{self.note}\n\n{self.player}: press ",
                (REVEAL_KEY.upper(), "bold"),
                " to see your hand.",
                *(
                    ("\nOr press ", (ANSWER_KEY.upper(), "bold"), f" to {self.answer}.")
                    if self.answer
                    else ()
                ),
            ),
            id="handoff-card",
        )

    def on_mount(self) -> None:
        # In the message loop: an error in it is the app's crash report.
        self.clock.call_later(GUARD_SECONDS, lambda: self.call_next(self._arm))

    def _arm(self) -> None:
        if not self.is_attached:
            return
        self.ready = True
        self.query_one("#handoff-show", Button).disabled = False

    def action_reveal(self) -> None:
        """Show the hand, once the first moment has passed."""
        if self.ready:
            self.dismiss(False)

    def action_answer(self) -> None:
        """Answer without showing the hand (where the table offers it), after the moment."""
        if self.ready and self.answer:
            self.dismiss(True)

    def action_menu(self) -> None:
        """Back to the start screen with the hand unseen; the game stays saved (at once: the
        menu is a way out for whoever sits here, not a look at the next hand)."""
        table_app(self).action_back_to_menu()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what the key does."""
        event.stop()
        self.action_reveal()
