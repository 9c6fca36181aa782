"""The registry of games: `get(id)` gives a game's rules, `ids()` the playable ones."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from cardtable.engine import Game
from cardtable.games.catalog import CATALOG, CatalogEntry

_LOADED: dict[str, Game] = {}


def catalog() -> tuple[CatalogEntry, ...]:
    """All five games, playable or not, in the order the start screen lists them."""
    return CATALOG


def entry(game_id: str) -> CatalogEntry:
    """The catalog entry of `game_id`; KeyError names the known ids."""
    for item in CATALOG:
        if item.id == game_id:
            return item
    raise KeyError(f"No game called {game_id!r}; the games are {', '.join(e.id for e in CATALOG)}.")


def ids() -> list[str]:
    """The ids of the games that can be played, in catalog order."""
    return [item.id for item in CATALOG if item.module is not None]


def get(game_id: str) -> Game:
    """The rules object of a playable game."""
    if game_id in _LOADED:
        return _LOADED[game_id]
    item = entry(game_id)
    if item.module is None:
        raise KeyError(f"{item.name} is not playable yet.")
    module = import_module(item.module)
    game: Game = module.GAME
    _LOADED[game_id] = game
    return game


def load(path: str) -> Any:
    """The object a catalog path names, 'module:Name', imported only now (a table's widget
    class pulls in Textual, so the catalog names it and only the UI loads it)."""
    module, name = path.split(":")
    return getattr(import_module(module), name)
