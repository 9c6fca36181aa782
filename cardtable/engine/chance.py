"""Seeded chance that lives in a game's state, so a game replays from (options, seed, moves)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Chance(BaseModel):
    """A small splitmix64 generator whose whole state is one integer, saved with the game."""

    state: int

    @classmethod
    def seeded(cls, seed: int) -> Chance:
        """A generator started from `seed`."""
        return cls(state=(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)

    def next64(self) -> int:
        """The next 64-bit number."""
        s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        # Pydantic keeps field values in __dict__; writing there skips its per-assignment
        # machinery, which cost more than the arithmetic on this hot path.
        self.__dict__["state"] = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform whole number in 0..n-1."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """One item chosen uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle `items` in place: one draw from this generator seeds the shuffle.

        The shuffle itself is the standard library's (Fisher-Yates over Mersenne Twister, in
        C), several times faster than drawing each swap here; it is fixed by this generator's
        state, so a game still replays exactly from its seed.
        """
        random.Random(self.next64()).shuffle(items)
