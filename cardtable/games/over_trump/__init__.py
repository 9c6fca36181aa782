"""Over Trump: a trick-taking game for two teams with the Rock-Paper-Scissors suit cycle."""

from cardtable.games.over_trump.moves import PlaceCard
from cardtable.games.over_trump.rules import OverTrump
from cardtable.games.over_trump.state import OverTrumpOptions, OverTrumpState, OverTrumpView

GAME = OverTrump()
"""The rules object the registry hands out."""

__all__ = ["GAME", "OverTrump", "OverTrumpOptions", "OverTrumpState", "OverTrumpView", "PlaceCard"]
