"""The game contract, IllegalMove, seeded chance, the move log and save files."""

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
