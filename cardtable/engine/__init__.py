"""The game contract, IllegalMove, seeded chance, the move log and save files.

Each name below is imported from its module on first use (PEP 562's module `__getattr__`), not
when the package is: `from cardtable.engine import Match` works as ever, while a module that
needs only `cardtable.engine.saves` or `cardtable.engine.words` (the start screen, the command
line) does not load pydantic and every model with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy_names import lazy_names

if TYPE_CHECKING:
    from cardtable.engine.chance import Chance
    from cardtable.engine.contract import (
        EndReason,
        Event,
        Events,
        Game,
        Move,
        Outcome,
        View,
        name_of,
        say,
    )
    from cardtable.engine.errors import IllegalMove, ImpossibleState, NoSuchSeat, require
    from cardtable.engine.match import (
        Match,
        MatchRecord,
        SavedGame,
        SeatConfig,
        SeatKind,
        import_old_save,
        parse_seats,
        saved_games,
    )
    from cardtable.engine.saves import SaveFileError, last_game_path, new_save_path, saves_dir

_HOMES = {
    "Chance": "chance",
    "EndReason": "contract",
    "Event": "contract",
    "Events": "contract",
    "Game": "contract",
    "Move": "contract",
    "Outcome": "contract",
    "View": "contract",
    "name_of": "contract",
    "say": "contract",
    "IllegalMove": "errors",
    "ImpossibleState": "errors",
    "NoSuchSeat": "errors",
    "require": "errors",
    "Match": "match",
    "MatchRecord": "match",
    "SavedGame": "match",
    "SeatConfig": "match",
    "SeatKind": "match",
    "import_old_save": "match",
    "parse_seats": "match",
    "saved_games": "match",
    "SaveFileError": "saves",
    "last_game_path": "saves",
    "new_save_path": "saves",
    "saves_dir": "saves",
}
"""Each public name and the module of this package it comes from."""

__all__ = [
    "Chance",
    "EndReason",
    "Event",
    "Events",
    "Game",
    "IllegalMove",
    "ImpossibleState",
    "Match",
    "MatchRecord",
    "Move",
    "NoSuchSeat",
    "Outcome",
    "SaveFileError",
    "SavedGame",
    "SeatConfig",
    "SeatKind",
    "View",
    "import_old_save",
    "last_game_path",
    "name_of",
    "new_save_path",
    "parse_seats",
    "require",
    "saved_games",
    "say",
    "saves_dir",
]


__getattr__, __dir__ = lazy_names(__name__, _HOMES)
