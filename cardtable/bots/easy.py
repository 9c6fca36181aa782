"""The easy bot: a beginner's play. Often the planner's move, otherwise any move that is not a
blunder a beginner would call silly, so a newcomer can win while she learns."""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots.search import hooks
from cardtable.bots.seat_player import SeatPlayer, planner
from cardtable.engine import Move, View

EASY_BEST = 0.35
"""How often the easy bot plays the planner's move in a game whose hooks do not say."""


class EasyBot:
    """Plays the planner's move some of the time and a sensible other move the rest."""

    needs_view = True

    def __init__(self, game_id: str, seed: int = 0) -> None:
        self.random = random.Random(seed)
        self.planner: SeatPlayer = planner(game_id, seed)
        self.hooks = hooks(game_id)
        self.best = EASY_BEST if self.hooks is None else self.hooks.easy_best

    def choose(self, view: View | None, moves: list[Any]) -> tuple[Move, str]:
        """The planner's move now and then; otherwise one of the moves that are not silly."""
        move, why = self.planner.choose(view, moves)
        if len(moves) == 1 or self.random.random() < self.best:
            return move, why
        sensible = [m for m in moves if self.hooks is None or not self.hooks.silly(view, m, moves)]
        pick = self.random.choice(sensible or moves)
        if pick == move:
            return move, why
        return pick, "An easy bot's move: one of the sensible ones, not always the best."
