"""How hard the strong bot thinks about a move: a game's search hooks set their own budget here,
below the bots' layer (`bots/search.py` reads it)."""

from __future__ import annotations

from dataclasses import dataclass

BUDGET_SECONDS = 0.3
"""The longest a strong bot may think about a move, at the 90th percentile (`make bench`)."""


@dataclass(frozen=True)
class Budget:
    """How hard the search thinks about one move."""

    worlds: int = 32
    """Worlds sampled per move, at most."""
    seconds: float | None = 0.25
    """Stop sampling once this long has passed (None: always `worlds`, so a seeded bot gives
    the same move on any machine)."""
    candidates: int = 12
    """Moves searched, at most: the planner's choice first, then the game's likeliest rivals
    (its hooks' `candidates`) or the others in the game's order."""
    steps: int = 600
    """Moves in one rollout after the seat's own turn, at most (the rest of its own turn is
    played whole, up to as many moves again: bots/search.py `SearchBot.rollout`)."""
    margin: float = 0.0
    """How much better (in standing, from 0 to 1) another move must end, on average over the
    same worlds, than the planner's before the bot leaves the planner's move. Rollouts by a
    quick policy are a rough guide: in some games a small gain among them is more often noise
    than a better move."""
    errors: float = 0.0
    """Besides, the gain must exceed this many standard errors of its world-by-world
    differences (0: any gain over the margin will do)."""
    least_worlds: int = 0
    """Nor over fewer worlds than this (or than `worlds`, where fewer are asked for). Hints set
    it (`bots/hints.py` HINT_LEAST_WORLDS): a busy machine's clock can stop a search after two
    or three, too few for their mean or their spread to tell a better move from luck, and
    advice a player follows must be clearly better (a hint over 3 deals once gave a pile away
    for a 5-point edge it showed in all three). The strong bot's own play has none: at Piles
    a fifth of its searches see 3 to 5 worlds (early in the deal, on the clock), and keeping
    the planner's move there won 61% of games against the planner instead of 84.5% (games
    0-199, paired); Sets and Runs, a third of whose searches see so few, showed no difference
    (+1.7 ± 7.5 points over 59 games); the other games' searches see more."""
