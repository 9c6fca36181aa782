"""Piles: a team game of taking control of the Castle's piles."""

from cardtable.games.piles.moves import Pass, Place
from cardtable.games.piles.rules import Piles
from cardtable.games.piles.state import PilesOptions, PilesState, PilesView

GAME = Piles()
"""The rules object the registry hands out."""

__all__ = ["GAME", "Pass", "Piles", "PilesOptions", "PilesState", "PilesView", "Place"]
