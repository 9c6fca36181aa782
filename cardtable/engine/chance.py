"""Chance that lives in a game's state, so a game replays from (options, seed, moves).

Two streams, chosen by the seed:

- A real game (hot-seat, hosted, browser) is dealt from a secret: 256 random bits from the
  operating system (`new_secret`), kept only in the game's save. Its stream is BLAKE2b keyed
  by the secret in counter mode: the cards anyone has seen tell nothing about the cards they
  have not, and there is no seed to search (2**256 of them).
- A number anyone can type (`--seed N`, `simulate`, demos, tests; at most 64 bits) deals as
  it always has, through splitmix64: the same number deals the same cards, and saves written
  before secrets replay exactly. Such a game is only as hidden as its number.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

from pydantic import BaseModel, Field

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TOP = 1 << 64

SECRET_BITS = 256
"""How many random bits a real game's secret holds."""
_SECRET_MARK = 1 << SECRET_BITS
"""A secret is its bits under this leading 1, so it is never a number of 64 bits."""
_WORDS = 8
"""64-bit numbers in one BLAKE2b block of the keyed stream."""
_PERSON = b"cardtable-chance"
"""BLAKE2b's personalisation of the keyed stream (16 bytes): its blocks are cardtable's own."""
_KEY_PERSON = b"cardtable-secret"
"""BLAKE2b's personalisation when a secret is turned into the stream's key."""


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


def new_secret() -> int:
    """A fresh secret for a real game: 256 bits from the operating system (`secrets`).

    It is the game's seed, and lives only in its save: never shown, sent or logged."""
    return _SECRET_MARK | secrets.randbits(SECRET_BITS)


def is_secret(seed: int) -> bool:
    """True for a seed that keys the cryptographic stream, False for a number of 64 bits."""
    return abs(seed) >= _TOP


def seed_for_bots(seed: int) -> int:
    """The number the bots' own choices and the claim clock are seeded from, for this game.

    A number's game gives the number itself (a bot table behaves the same each time); a
    secret gives a one-way digest of it, so nothing a bot does can tell anything of the deal."""
    if not is_secret(seed):
        return seed
    digest = hashlib.blake2b(_seed_bytes(seed), digest_size=8, person=b"cardtable-bots").digest()
    return int.from_bytes(digest, "little")


def _seed_bytes(seed: int) -> bytes:
    """A seed's bytes (two's complement, big-endian), whatever its size."""
    return seed.to_bytes(seed.bit_length() // 8 + 1, "big", signed=True)


@lru_cache(maxsize=256)
def _block(key: str, number: int) -> tuple[int, ...]:
    """Block `number` of the keyed stream: BLAKE2b keyed by `key` (hex) of the block's number,
    as eight 64-bit numbers."""
    digest = hashlib.blake2b(
        number.to_bytes(8, "little"), key=bytes.fromhex(key), digest_size=64, person=_PERSON
    ).digest()
    return struct.unpack("<8Q", digest)


def _words(key: str, drawn: int, count: int) -> list[int]:
    """The keyed stream's numbers `drawn` to `drawn + count - 1`."""
    first = drawn // _WORDS
    words: list[int] = []
    for block in range(first, (drawn + count - 1) // _WORDS + 1):
        words += _block(key, block)
    start = drawn - first * _WORDS
    return words[start : start + count]


@lru_cache(maxsize=16)
def _limits(size: int) -> tuple[tuple[int, int], ...]:
    """Fisher-Yates' steps for `size` items, (i, limit): i swaps with a number below i + 1,
    drawn from a 64-bit number under `limit`, the top of the range's last whole multiple."""
    return tuple((i, _TOP - _TOP % (i + 1)) for i in range(size - 1, 0, -1))


class Chance(BaseModel):
    """The game's stream of chance, saved with the game.

    A game dealt from a secret keeps the stream's `key` and how many numbers it has `drawn`;
    a game dealt from a number keeps splitmix64's `state` (all a save written before secrets
    holds, `{"state": ...}`, which loads and goes on as it did)."""

    state: int = 0
    """splitmix64's state, for a game dealt from a number."""
    key: str | None = Field(default=None, repr=False)
    """The keyed stream's key (32 bytes, hex), for a game dealt from a secret; never shown."""
    drawn: int = 0
    """How many 64-bit numbers the keyed stream has given."""

    @classmethod
    def seeded(cls, seed: int) -> Chance:
        """The stream a game dealt from `seed` starts with: keyed by a secret, or splitmix64
        started from a number, mixed so that nearby numbers give unrelated streams.

        Without the mix, seed s + 1 would start where seed s is one draw along (splitmix64
        steps its state by a constant), and games 0, 1, 2, ... of a simulation would share
        their numbers. A save holds the generator's state, not the seed, so it loads as it was.
        """
        if is_secret(seed):
            key = hashlib.blake2b(_seed_bytes(seed), digest_size=32, person=_KEY_PERSON)
            return cls(key=key.hexdigest())
        return cls(state=_mix((seed + _GOLDEN) & _MASK))

    def next64(self) -> int:
        """The next 64-bit number."""
        # Pydantic keeps field values in __dict__; writing there skips its per-assignment
        # machinery, which cost more than the arithmetic on this hot path.
        if self.key is not None:
            drawn = self.drawn
            self.__dict__["drawn"] = drawn + 1
            return _block(self.key, drawn // _WORDS)[drawn % _WORDS]
        s = (self.state + _GOLDEN) & _MASK
        self.__dict__["state"] = s
        return _mix(s)

    def below(self, n: int) -> int:
        """A uniform whole number in 0..n-1."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _TOP - (_TOP % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """One item chosen uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle `items` in place, every order equally likely.

        From a secret: Fisher-Yates, each swap drawn from the keyed stream without bias (a
        number in the top, uneven slice of the 64-bit range is drawn again). From a number:
        one draw seeds the standard library's shuffle (Mersenne Twister, in C), as it always
        has, so a number deals the same cards it dealt before.
        """
        key = self.key
        if key is None:
            random.Random(self.next64()).shuffle(items)
            return
        drawn = self.drawn
        words = _words(key, drawn, len(items) - 1)
        at = 0
        for i, limit in _limits(len(items)):
            x = words[at]
            at += 1
            while x >= limit:  # about once in 2**57 draws for a deck of 108: draw again
                words += _words(key, drawn + len(words), 1)  # one more for the one refused
                x = words[at]
                at += 1
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.__dict__["drawn"] = drawn + at
