"""The random bot: any legal move, from its own seeded generator."""

from __future__ import annotations

from typing import Any

from cardtable.engine import Chance, Move, View


class RandomBot:
    """Plays a uniformly random legal move in any game."""

    needs_view = False
    """It never looks at the table, so a headless run need not build a view for it."""

    def __init__(self, seed: int = 0) -> None:
        self.chance = Chance.seeded(seed)

    def choose(self, view: View | None, moves: list[Any]) -> tuple[Move, str]:
        """A random legal move."""
        return self.chance.choice(moves), "A move chosen at random."
