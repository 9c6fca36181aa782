"""The peer for the screen's figures: a bare Textual app, measured the same way as ours.

`python -m benchmarks.bare_textual` shows one line of text and, under it, a row of eleven
words with one marked; Left and Right move the mark, as an arrow moves the cursor along a
hand. It imports nothing of cardtable. The start-up and keypress-to-repaint figures of
`make bench` time it in tmux beside the app, in the same run, so the ratios issue 25 asks
for (start at most 1.3x, keypress median at most 1.5x) compare like with like.

With BARE_EXIT_AFTER_FIRST_PAINT set it prints the milliseconds from its first line to its
first paint and exits, as the app does with CARDTABLE_EXIT_AFTER_FIRST_PAINT.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()

import os  # noqa: E402

from textual.app import App, ComposeResult  # noqa: E402
from textual.widgets import Static  # noqa: E402

TITLE = "A bare Textual app"
"""The line on screen once it has painted (what the start-up figure waits for)."""
WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack")


class BareApp(App[None]):
    """One line of text and a row of words with a cursor that the arrows move."""

    BINDINGS = [("left", "move(-1)", "Left"), ("right", "move(1)", "Right"), ("q", "quit", "Quit")]

    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0

    def compose(self) -> ComposeResult:
        yield Static(TITLE)
        yield Static(self.row(), id="row")

    def row(self) -> str:
        """The words, the one under the cursor in brackets."""
        return " ".join(f"[{w}]" if i == self.cursor else f" {w} " for i, w in enumerate(WORDS))

    def on_mount(self) -> None:
        self.call_after_refresh(self._painted)

    def _painted(self) -> None:
        if os.environ.get("BARE_EXIT_AFTER_FIRST_PAINT"):
            self.exit_message = f"first paint after {(time.perf_counter() - STARTED) * 1000:.0f} ms"
            self.exit()

    def action_move(self, step: int) -> None:
        """Move the cursor along the row and redraw it."""
        self.cursor = (self.cursor + step) % len(WORDS)
        self.query_one("#row", Static).update(self.row())


if __name__ == "__main__":
    app = BareApp()
    app.run()
    if app.exit_message:  # printed after the terminal is given back, as the app prints its own
        print(app.exit_message)
