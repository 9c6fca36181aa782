"""Sets and Runs: seven contracts of sets and runs, buys out of turn, floating; lowest wins."""

from cardtable.games.sets_and_runs.rules import GAME, SetsAndRuns
from cardtable.games.sets_and_runs.state import (
    SetsAndRunsOptions,
    SetsAndRunsState,
    SetsAndRunsView,
)

__all__ = ["GAME", "SetsAndRuns", "SetsAndRunsOptions", "SetsAndRunsState", "SetsAndRunsView"]
