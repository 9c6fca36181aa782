"""One move value per choice, made once and handed out again by every legal-move list."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from cardtable.engine.contract import Move

K = TypeVar("K", bound=Hashable)
M = TypeVar("M", bound=Move)


class SharedMoves(dict[K, M]):
    """The moves of one kind by their key, each made on first asking: moves are frozen, so one
    value serves every list that names the same choice, and a lookup is cheaper than building a
    model. With `most`, it forgets them all once it holds more than that (a key with many
    possible values, such as a meld's cards)."""

    def __init__(self, make: Callable[[K], M], most: int | None = None) -> None:
        super().__init__()
        self.make = make
        self.most = most

    def __missing__(self, key: K) -> M:
        """Make the move of `key`, keep it and return it."""
        if self.most is not None and len(self) > self.most:
            self.clear()
        move = self[key] = self.make(key)
        return move
