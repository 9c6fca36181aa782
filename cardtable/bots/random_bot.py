"""The random bot: any legal move, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine import Move, View


class RandomBot:
    """Plays a uniformly random legal move in any game."""

    needs_view = False
    """It never looks at the table, so a headless run need not build a view for it."""

    def __init__(self, seed: int = 0) -> None:
        # The bot's own generator: seeded, so a bot game replays, and never part of a game state.
        self.random = random.Random(seed)

    def choose(self, view: View | None, moves: list[Any]) -> tuple[Move, str]:
        """A random legal move."""
        return self.random.choice(moves), "A move chosen at random."
