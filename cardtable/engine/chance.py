"""Seeded chance that lives in a game's state, so a game replays from (options, seed, moves)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def _unmix(z: int) -> int:
    """The inverse of _mix: the z whose mix is the given number."""
    z = z ^ (z >> 31) ^ (z >> 62)
    z = (z * pow(_M2, -1, 1 << 64)) & _MASK
    z = z ^ (z >> 27) ^ (z >> 54)
    z = (z * pow(_M1, -1, 1 << 64)) & _MASK
    return z ^ (z >> 30) ^ (z >> 60)


def seed_before_mixing(old_seed: int) -> int:
    """The seed that starts today's generator where `old_seed` started it before seeds were
    mixed, so a game saved by an earlier cardtable replays from its moves exactly."""
    old_start = (old_seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK
    return (_unmix(old_start) - _GOLDEN) & _MASK


def _mix(z: int) -> int:
    """splitmix64's output function: a 64-bit number whose bits all depend on all of z's."""
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


class Chance(BaseModel):
    """A small splitmix64 generator whose whole state is one integer, saved with the game."""

    state: int

    @classmethod
    def seeded(cls, seed: int) -> Chance:
        """A generator started from `seed`, mixed so that nearby seeds give unrelated streams.

        Without the mix, seed s + 1 would start where seed s is one draw along (splitmix64
        steps its state by a constant), and games 0, 1, 2, ... of a simulation would share
        their numbers. A save holds the generator's state, not the seed, so it loads as it was.
        """
        return cls(state=_mix((seed + _GOLDEN) & _MASK))

    def next64(self) -> int:
        """The next 64-bit number."""
        s = (self.state + _GOLDEN) & _MASK
        # Pydantic keeps field values in __dict__; writing there skips its per-assignment
        # machinery, which cost more than the arithmetic on this hot path.
        self.__dict__["state"] = s
        return _mix(s)

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
