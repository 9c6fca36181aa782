"""Which bot plays a seat: the game's planner for 'bot', the random bot for 'random'."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Move, SeatKind, View

PLANNERS = {
    "piles": "cardtable.games.piles.strategy:PilesPlanner",
    "over-trump": "cardtable.games.over_trump.strategy:OverTrumpPlanner",
    "runway": "cardtable.games.runway.strategy:RunwayPlanner",
    "run-it": "cardtable.games.run_it.strategy:RunItPlanner",
    "sets-and-runs": "cardtable.games.sets_and_runs.strategy:SetsAndRunsPlanner",
}
"""Each game's planning bot, as 'module:Class'."""


class SeatPlayer(Protocol):
    """Anything that picks a move for a seat from its view and the legal moves."""

    needs_view: bool
    """False for a player that never reads the view (then it may be passed None)."""

    def choose(self, view: View | None, moves: list[Any]) -> tuple[Move, str]:
        """The chosen move and a sentence saying why."""
        ...


def planner(game_id: str, seed: int = 0) -> SeatPlayer:
    """The game's planning bot (the random bot for a game that has none)."""
    path = PLANNERS.get(game_id)
    if path is None:
        return RandomBot(seed)
    module, name = path.split(":")
    return getattr(import_module(module), name)(seed)


def player_for(kind: SeatKind, game_id: str, seed: int = 0) -> SeatPlayer:
    """The bot that plays a seat of this kind; a person's seat gets the planner for hints."""
    if kind is SeatKind.RANDOM:
        return RandomBot(seed)
    return planner(game_id, seed)
