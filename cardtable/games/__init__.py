"""The registry of games: `get(id)` gives a game's rules, `ids()` the playable ones.

The catalog is plain data: listing the games (the start screen, `cardtable --help`) loads no
game's rules, nor the engine's models; `get` loads a game's module on first use. `Game` is
imported from the engine only when asked for (PEP 562), as `cardtable.engine` does its names.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from cardtable.games.catalog import CATALOG, CatalogEntry

if TYPE_CHECKING:
    from cardtable.engine import Game

__all__ = ["CATALOG", "CatalogEntry", "Game", "catalog", "entry", "get", "ids", "load"]

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


def __getattr__(name: str) -> Any:
    """`Game` (the engine's game contract), imported the first time it is asked for."""
    if name == "Game":
        from cardtable.engine.contract import Game

        globals()["Game"] = Game
        return Game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
