"""Between the games of a Runway session: who won the game, how, and the standings."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.games.runway.scoring import MATCH_TARGET
from cardtable.games.runway.state import GameSummary, RunwayOptions


class GameSummaryScreen(Screen[None]):
    """The game just played: its winner, why it ended, points or wins so far."""

    BINDINGS = [Binding("enter,space,escape", "dismiss", "Next game")]

    def __init__(self, summary: GameSummary, names: list[str], options: RunwayOptions) -> None:
        super().__init__()
        self.summary = summary
        self.names = names
        self.options = options

    def compose(self) -> ComposeResult:
        s = self.summary
        winners = " and ".join(self.names[w] for w in s.winners)
        table = Table(title=f"Game {s.number}", expand=False)
        table.add_column("Player")
        if self.options.scores_points:
            table.add_column("This game", justify="right")
            table.add_column(f"Total (to {MATCH_TARGET})", justify="right")
        else:
            table.add_column("Games won", justify="right")
        places = self.options.pecking_order and len(self.names) >= 4 and s.out_order
        if places:
            table.add_column("Place", justify="right")
        for seat, name in enumerate(self.names):
            row: list[str | Text] = [Text(name)]
            if self.options.scores_points:
                row += [f"{s.points[seat]:+d}", str(s.totals[seat])]
            else:
                row.append(str(s.totals[seat]))
            if places:
                row.append(str(s.out_order.index(seat) + 1))
            table.add_row(*row)
        with Middle(), Center(), Vertical(id="results"):
            result = f"{winners} won game {s.number}" if s.winners else f"Game {s.number} is drawn"
            yield Static(Text(f"{result}: {s.reason}."), id="results-winners")
            yield Static(table, id="results-table")
            yield Static("Enter: deal the next game", id="results-next")
        yield Footer()

    def on_click(self) -> None:
        """A click is as good as Enter."""
        self.dismiss()
