"""Between the rounds of Sets and Runs: who went out (or why the round ended), each player's
cards left and their points, and the running totals, lowest first."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.games.sets_and_runs.contracts import ROUNDS
from cardtable.games.sets_and_runs.state import RoundResult


def round_headline(result: RoundResult, names: list[str]) -> Text:
    """'Round 2 of 7, One Set and One Run: Ann went out.' (or why the round ended)."""
    head = f"Round {result.number} of {ROUNDS}, {result.contract}: "
    if result.went_out is not None:
        return Text.assemble(head, (names[result.went_out], "bold"), " went out.")
    return Text(f"{head}{result.reason}.")


def round_table(result: RoundResult, names: list[str]) -> Table:
    """Cards left, this round's points and the totals, one row a player in seat order; the
    lowest total is marked, as it is winning."""
    table = Table(expand=False)
    table.add_column("Player")
    table.add_column("Cards left", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Total", justify="right")
    best = min(result.totals)
    for seat, name in enumerate(names):
        total = result.totals[seat]
        mark = " ◀ lowest" if total == best else ""
        table.add_row(
            Text(name),
            str(result.cards_left[seat]),
            f"+{result.points[seat]}",
            Text(f"{total}{mark}", style="bold" if mark else ""),
        )
    return table


class RoundSummaryScreen(Screen[None]):
    """The round just scored: cards left, points and totals; Enter deals the next round."""

    BINDINGS = [Binding("enter,space", "dismiss", "Next round")]

    def __init__(self, result: RoundResult, names: list[str]) -> None:
        super().__init__()
        self.result = result
        self.names = names

    def compose(self) -> ComposeResult:
        result = self.result
        last = result.number >= ROUNDS
        with Middle(), Center(), Vertical(id="results"):
            yield Static(round_headline(result, self.names), id="results-winners")
            yield Static(round_table(result, self.names), id="results-table")
            yield Static(
                "Points are the cards left in hand (2-9 five, 10-K ten, A fifteen, Joker fifty); "
                "the lowest total after seven rounds wins.",
                id="results-summary",
            )
            yield Static(
                "Enter: the results" if last else "Enter: deal the next round", id="results-next"
            )
        yield Footer()

    def on_click(self) -> None:
        """A click is as good as Enter."""
        self.dismiss()
