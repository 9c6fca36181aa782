"""One table widget per game: the registry the table screen draws from."""

from __future__ import annotations

from importlib import import_module

from cardtable.ui.widgets import GameTable

TABLES = {
    "piles": "cardtable.ui.tables.piles:PilesTable",
    "over-trump": "cardtable.ui.tables.over_trump:OverTrumpTable",
    "runway": "cardtable.ui.tables.runway:RunwayTable",
    "run-it": "cardtable.ui.tables.run_it:RunItTable",
    "sets-and-runs": "cardtable.ui.tables.sets_and_runs:SetsAndRunsTable",
}


def table_for(game_id: str) -> type[GameTable]:
    """The table widget class of a game."""
    module, name = TABLES[game_id].split(":")
    return getattr(import_module(module), name)
