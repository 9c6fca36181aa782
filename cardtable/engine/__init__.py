"""The game contract, IllegalMove, seeded chance, the move log and save files."""

from cardtable.engine.chance import Chance
from cardtable.engine.contract import EndReason, Event, Game, Move, Outcome, View, name_of
from cardtable.engine.errors import IllegalMove, NoSuchSeat
from cardtable.engine.match import Match, MatchRecord, SeatConfig, SeatKind, parse_seats
from cardtable.engine.saves import SaveFileError, last_game_path

__all__ = [
    "Chance",
    "EndReason",
    "Event",
    "Game",
    "IllegalMove",
    "Match",
    "MatchRecord",
    "Move",
    "NoSuchSeat",
    "Outcome",
    "SaveFileError",
    "SeatConfig",
    "SeatKind",
    "View",
    "last_game_path",
    "name_of",
    "parse_seats",
]
