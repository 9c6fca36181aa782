"""Where hints come from: the strongest level that answers within HINT_SECONDS (issue 24).

That is the strong bot's search on a smaller budget where the game has search hooks, else the
planner. A hint is seeded the same each time, so asking twice at one moment gives one answer,
and its reason is the one the move was chosen for (the planner's, or the search's figures)."""

from __future__ import annotations

import os
from dataclasses import replace

from cardtable.bots.search import SearchBot, hooks
from cardtable.bots.seat_player import SeatPlayer, planner

HINT_SECONDS = 0.15
"""A hint answers within this long (the key that asks for it waits for it)."""
HINT_SHARE = 3
"""A hint searches a third of the strong bot's worlds (never fewer than HINT_LEAST_WORLDS): its
think time's 90th percentile is under BUDGET_SECONDS, so a third of them stays well inside
HINT_SECONDS (the clock stops the search there in any case)."""
HINT_LEAST_WORLDS = 6
"""A hint the clock cut short of this many worlds keeps the planner's advice
(`Budget.least_worlds`): a few deals' steady edge is luck as likely as skill."""
HINT_WORLDS_SETTING = "CARDTABLE_HINT_WORLDS"
"""An environment variable: a whole number of worlds (1 to MOST_HINT_WORLDS) makes every hint
search exactly that many, with no clock. A hint then depends on the position alone, not on how
busy the machine is: the same advice on any machine (the tests set it, so that a game followed
by its hints plays the same moves, quickly, however loaded the run)."""
MOST_HINT_WORLDS = 1000
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
    fixed = fixed_hint_worlds()
    quick = replace(
        budget,
        worlds=max(HINT_LEAST_WORLDS, budget.worlds // HINT_SHARE) if fixed is None else fixed,
        least_worlds=HINT_LEAST_WORLDS,
        seconds=HINT_SECONDS if fixed is None else None,
        margin=max(budget.margin, HINT_MARGIN),
        errors=max(budget.errors, HINT_ERRORS),
    )
    return SearchBot(game_id, seed=0, budget=quick)


def fixed_hint_worlds() -> int | None:
    """The worlds HINT_WORLDS_SETTING asks every hint to search, or None (unset, or not a whole
    number from 1 to MOST_HINT_WORLDS: then hints search on the clock, as usual)."""
    text = os.environ.get(HINT_WORLDS_SETTING, "").strip()
    if not text.isdigit() or not 1 <= int(text) <= MOST_HINT_WORLDS:
        return None
    return int(text)
