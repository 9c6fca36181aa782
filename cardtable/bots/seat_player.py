"""Which bot plays a seat: the game's planner for 'bot', the random bot for 'random'."""

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
    """The bot that plays a seat of this kind; a person's seat gets the planner for hints."""
    if kind is SeatKind.RANDOM:
        return RandomBot(seed)
    return planner(game_id, seed)
