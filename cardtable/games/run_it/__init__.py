"""Run It: shed a hand by colour, number or action, with penalty runs, Pass-it and Match-it."""

from cardtable.games.run_it.rules import GAME, RunIt
from cardtable.games.run_it.state import RunItOptions, RunItState, RunItView

__all__ = ["GAME", "RunIt", "RunItOptions", "RunItState", "RunItView"]
