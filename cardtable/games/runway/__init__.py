"""Runway: build a run of one suit up or down; triples earn special actions."""

from cardtable.games.runway.moves import RunwayMove
from cardtable.games.runway.rules import Runway
from cardtable.games.runway.state import RunwayOptions, RunwayState, RunwayView

GAME = Runway()
"""The rules object the registry hands out."""

__all__ = ["GAME", "Runway", "RunwayMove", "RunwayOptions", "RunwayState", "RunwayView"]
