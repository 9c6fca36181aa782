"""Where hints come from: the strongest level that answers within HINT_SECONDS (issue 24).

That is the strong bot's search on a smaller budget where the game has search hooks, else the
planner. A hint is seeded the same each time, so asking twice at one moment gives one answer,
and its reason is the one the move was chosen for (the planner's, or the search's figures)."""

from __future__ import annotations

from dataclasses import replace

from cardtable.bots.search import SearchBot, hooks
from cardtable.bots.seat_player import SeatPlayer, planner

HINT_SECONDS = 0.15
"""A hint answers within this long (the key that asks for it waits for it)."""
HINT_SHARE = 3
"""A hint searches a third of the strong bot's worlds: its think time's 90th percentile is
under BUDGET_SECONDS, so a third of them stays well inside HINT_SECONDS."""
HINT_ERRORS = 2.0
HINT_MARGIN = 0.03
"""A hint leaves the planner's advice only for a move that did better by HINT_MARGIN and by two
standard errors over its few worlds: advice a player follows must be clearly better, not the
luck of a dozen deals (on less, hints in Runway offered trades only to withdraw them)."""


def hint_player(game_id: str) -> SeatPlayer:
    """The player whose move a hint suggests, for `game_id`."""
    search = hooks(game_id)
    if search is None:
        return planner(game_id)
    budget = search.budget
    quick = replace(
        budget,
        worlds=max(2, budget.worlds // HINT_SHARE),
        seconds=HINT_SECONDS,
        margin=max(budget.margin, HINT_MARGIN),
        errors=max(budget.errors, HINT_ERRORS),
    )
    return SearchBot(game_id, seed=0, budget=quick)
