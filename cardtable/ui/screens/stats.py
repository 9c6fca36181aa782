"""The Statistics screen: each person's figures in each game, from the game history."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from cardtable.engine.history import History, HistoryError, StatLine
from cardtable.saved_list import (
    NO_GAMES,
    NO_PEOPLE,
    STAT_HEADINGS,
    STAT_LEGEND,
    by_game,
    figures_cells,
    game_name,
)
from cardtable.ui.app_api import table_app
from cardtable.ui.keys_footer import KeysFooter


def stats_table(lines: list[StatLine]) -> Table:
    """One game's figures: a row a person, under STAT_HEADINGS (names as Text, never markup)."""
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    for number, heading in enumerate(STAT_HEADINGS):
        if number == 0:
            table.add_column(heading, max_width=16, no_wrap=True, overflow="ellipsis")
        else:
            table.add_column(heading, justify="right", no_wrap=True)
    for line in lines:
        table.add_row(Text(line.name), *figures_cells(line))
    return table


class StatsScreen(ModalScreen[None]):
    """Each person's games, wins, win rate, best streak and average score per game, against
    bots and against people; Esc (or q, or s) goes back to the start screen."""

    DEFAULT_CSS = """
    StatsScreen { background: $background; }
    #stats-body { padding: 0 1; }
    .stats-game { text-style: bold; margin-top: 1; }
    #stats-legend, #stats-problem { margin-top: 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape,q,s", "dismiss", "Back to the start screen", key_display="Esc"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
    ]

    def compose(self) -> ComposeResult:
        app = table_app(self)
        app.recorder.flush(timeout=0.5)  # a game that has just ended is counted
        lines: list[StatLine] = []
        problems: list[str] = []
        any_game = False
        with History() as history:
            try:
                lines = history.stats()
                any_game = bool(lines) or bool(history.finished_games(limit=1))
            except HistoryError as err:
                problems.append(err.reason)
            problems += ([history.problem] if history.problem else []) + history.skipped[:3]
        with VerticalScroll(id="stats-body"):
            yield Static(Text("Statistics", style="bold"), id="stats-title")
            if not lines:
                yield Static(NO_PEOPLE if any_game else NO_GAMES, id="stats-empty")
            for game, of_game in by_game(lines):
                yield Static(game_name(game), classes="stats-game")
                yield Static(stats_table(of_game))
            if lines:
                yield Static(STAT_LEGEND, id="stats-legend")
            if problems:
                yield Static(Text("\n".join(problems)), id="stats-problem")
        yield KeysFooter()

    def action_scroll(self, lines: int) -> None:
        """Scroll the figures by `lines`."""
        self.query_one("#stats-body", VerticalScroll).scroll_relative(y=lines, animate=False)
