"""Which bot plays a seat: the easy bot, the game's planner ('bot'), the strong bot (a search),
or the random bot."""

from __future__ import annotations

from typing import Any, Protocol

from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Move, SeatKind, View
from cardtable.games import entry, load


class SeatPlayer(Protocol):
    """Anything that picks a move for a seat from its view and the legal moves."""

    needs_view: bool
    """False for a player that never reads the view (then it may be passed None)."""

    def choose(self, view: View | None, moves: list[Any]) -> tuple[Move, str]:
        """The chosen move and a sentence saying why."""
        ...


def planner(game_id: str, seed: int = 0) -> SeatPlayer:
    """The game's planning bot, as its catalog entry names it (the random bot for a game that
    has none)."""
    path = entry(game_id).planner
    if path is None:
        return RandomBot(seed)
    return load(path)(seed)


def player_for(kind: SeatKind, game_id: str, seed: int = 0) -> SeatPlayer:
    """The bot that plays a seat of this kind; a person's seat gets the planner for hints. A
    game without search hooks has no strong bot of its own: its planner plays strong seats."""
    if kind is SeatKind.RANDOM:
        return RandomBot(seed)
    if kind is SeatKind.EASY:
        from cardtable.bots.easy import EasyBot  # they build on this module's planner

        return EasyBot(game_id, seed)
    if kind is SeatKind.STRONG:
        from cardtable.bots.search import SearchBot, hooks

        if hooks(game_id) is not None:
            return SearchBot(game_id, seed)
    return planner(game_id, seed)
