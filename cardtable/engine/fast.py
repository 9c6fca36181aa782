"""A game's fast path: the same rules on a compact copy of a state, for headless random play.

A game may offer one (`Game.fast`): cards as small ints, moves as ints from precomputed tables,
no pydantic model built or validated per move. It never replaces the checked `apply`: moves from
people, the network and saves go through the game itself; the fast path only plays on from a
state the game made (`start`), or from a new game dealt as the game deals one (`new`), and each
game's tests hold it to the game move for move (the same legal moves in the same order, the same
state after every move, over every option combination) and `new` to `start(new_game(...))`.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardtable.engine.contract import Move


class FastRules(Protocol):
    """The fast path of one game: a compact state and its moves as ints."""

    def start(self, state: Any) -> Any:
        """A compact copy of the game's `state` (which is left untouched) to play on."""
        ...

    def new(self, seats: int, seed: int) -> Any:
        """A new game with the game's default options, exactly as `start` copies
        `new_game(seats=seats, seed=seed)`: a game may deal it straight into its compact form."""
        ...

    def is_over(self, fast: Any) -> bool:
        """True once the game has ended."""
        ...

    def to_act(self, fast: Any) -> list[int]:
        """The seats that may act now, as the game's `to_act` lists them."""
        ...

    def first_to_act(self, fast: Any) -> int:
        """The seat a random player moves for next: a claim window's nearest claimant first,
        else the first seat `to_act` lists (as `simulate` and the checked loop choose)."""
        ...

    def legal(self, fast: Any, seat: int) -> list[int]:
        """Every move `seat` may make now, as ints, in the order of the game's `legal_moves`."""
        ...

    def step(self, fast: Any, seat: int, action: int) -> None:
        """Make a legal move (one of `legal`'s ints), unchecked."""
        ...

    def move(self, action: int) -> Move:
        """The game's own move that `action` stands for."""
        ...

    def snapshot(self, fast: Any) -> tuple[Any, ...]:
        """Everything the compact state holds, as a value: equal when the states are."""
        ...
