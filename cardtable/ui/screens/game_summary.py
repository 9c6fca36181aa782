"""The one summary screen: a table of rows each game's table fills in (a hand's points, a
round's cards left, a game's winner), between hands, rounds or games and, as the results
screen, at the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Static

from cardtable.ui.keys_footer import KeysFooter

Cell = str | Text
GoOn = Literal["Continue", "Next game", "Next round"]
"""The footer's word for Enter."""


@dataclass(frozen=True)
class Column:
    """A column of a summary's table: its heading, and whether it is right-aligned."""

    heading: Cell
    right: bool = False


@dataclass(frozen=True)
class Row:
    """A row of a summary's table: a cell a column, bold for a total or a winner."""

    cells: Sequence[Cell]
    bold: bool = False


@dataclass(frozen=True)
class Line:
    """A line of words over or under the table; `kind` is how it is drawn: `results-title`,
    `results-winners` (gold, who won) or `results-summary`."""

    text: Cell
    kind: str = "results-summary"


@dataclass(frozen=True)
class Summary:
    """What a summary screen shows, top to bottom: lines `above`, the table (its `title`,
    `columns` and `rows`), lines `under`, and what Enter does next (`next_line`)."""

    columns: Sequence[Column]
    rows: Sequence[Row]
    title: str = ""
    above: Sequence[Line] = ()
    under: Sequence[Line] = ()
    next_line: str = ""
    go_on: GoOn = "Continue"
    """The footer's word for Enter; Escape goes on too, but after a round of Sets and Runs."""


def summary_table(summary: Summary) -> Table:
    """The summary's rows as a Rich table; names are Text (shown as typed, never markup)."""
    table = Table(title=summary.title or None, expand=False)
    for column in summary.columns:
        table.add_column(column.heading, justify="right" if column.right else "left")
    for row in summary.rows:
        table.add_row(*row.cells, style="bold" if row.bold else "")
    return table


NEXT_PARTS = "  ·  "
"""What parts the choices of a summary's last line ('Enter: play again  ·  q: quit')."""


def choices_lines(line: str, width: int) -> Text:
    """A line of choices parted by NEXT_PARTS, on as few lines as fit `width`, broken only
    between two choices (never 'm:' on one line and 'menu' on the next)."""
    lines: list[str] = []
    for choice in line.split(NEXT_PARTS):
        if lines and len(lines[-1]) + len(NEXT_PARTS) + len(choice) <= width:
            lines[-1] += NEXT_PARTS + choice
        else:
            lines.append(choice)
    return Text("\n".join(lines))


class SummaryScreen(Screen[None]):
    """A summary drawn: its lines, its table and what comes next (the keys are its kind's)."""

    DEFAULT_CSS = """
    #results {
        width: 60;
        max-width: 100%;  /* a phone's window is narrower */
        height: auto;
        padding: 1 2;
        border: double $cursor;
        background: $felt-dark;
    }
    #results-title, #results-summary, #results-winners, #results-next {
        width: 100%;
        text-align: center;
        margin-bottom: 1;
    }
    #results-table {
        width: 100%;
        content-align: center middle;
    }
    #results-winners {
        color: $cursor;
        text-style: bold;
    }
    """

    STEADY_SECONDS = 0.8
    """For this long after the summary opens, the keys that go on from it (Enter above all)
    do nothing: an Enter meant for the table (every hint names it) must not skip the summary."""
    HELD: frozenset[str] = frozenset({"go_on", "again", "leave"})
    """The actions that wait for the first moment to pass."""

    def __init__(self, summary: Summary) -> None:
        super().__init__()
        self.summary = summary
        self.steady = False
        """True once the first moment has passed: the keys that go on act."""

    def on_mount(self) -> None:
        clock = getattr(self.app, "clock", None)  # the tables' (a fake one in the tests)
        if clock is None:
            self.set_timer(self.STEADY_SECONDS, self._steady)
        else:
            clock.call_later(self.STEADY_SECONDS, lambda: self.call_next(self._steady))

    def _steady(self) -> None:
        if self.is_attached:
            self.steady = True
            self.refresh_bindings()

    def on_resize(self) -> None:
        """The choices under the summary, broken between choices at the box's width."""
        self.call_after_refresh(self._fit_next_line)

    def _fit_next_line(self) -> None:
        shown = self.query("#results-next")
        width = shown.first().content_size.width if shown else 0
        if width:
            shown.first(Static).update(choices_lines(self.next_line(), width))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key that goes on shows dimmed, and does nothing, for the first moment."""
        if action in self.HELD and not self.steady:
            return None
        return True

    def compose(self) -> ComposeResult:
        summary = self.summary
        with Middle(), Center(), Vertical(id="results"):
            for line in summary.above:
                yield Static(line.text, id=line.kind)
            yield Static(summary_table(summary), id="results-table")
            for line in summary.under:
                yield Static(line.text, id=line.kind)
            yield Static(self.next_line(), id="results-next")
        yield KeysFooter()

    def next_line(self) -> str:
        """What comes next, under the table."""
        return self.summary.next_line


class GameSummaryScreen(SummaryScreen):
    """Between hands, rounds or games: a summary until Enter (or a click) goes on."""

    BINDINGS = [
        Binding("enter,space,escape", "go_on('Continue')", "Continue"),
        Binding("enter,space,escape", "go_on('Next game')", "Next game"),
        Binding("enter,space", "go_on('Next round')", "Next round"),
    ]
    """One Enter a summary: the footer names it as the summary's `go_on` says."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the summary's own Enter is shown, and works once the first moment is over."""
        if action == "go_on" and parameters and parameters[0] != self.summary.go_on:
            return False
        return super().check_action(action, parameters)

    def action_go_on(self, _word: str) -> None:
        """Enter: on to what comes next."""
        self.dismiss()

    def on_click(self) -> None:
        """A click is as good as Enter (once the first moment is over)."""
        if self.steady:
            self.dismiss()
