"""One table widget per game, as the game's catalog entry names it."""

from __future__ import annotations

from cardtable.games import entry, load
from cardtable.ui.widgets import GameTable


def table_for(game_id: str) -> type[GameTable]:
    """The table widget class of a game (imported on first use)."""
    path = entry(game_id).table
    if path is None:
        raise KeyError(f"{entry(game_id).name} has no table yet.")
    return load(path)
