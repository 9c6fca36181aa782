"""Random play as the peers' loops play it: each move, the seat to act lists its legal moves and
one is drawn at random with Python's `random`; nothing else is done per move (no views, no
think times). The deal of each game is timed too, as RLCard's `init_game` and OpenSpiel's chance
actions are. Through a game's fast path (engine/fast.py) where it has one, a game dealt by its
`new` (the game's `new_game`, as ints), else through its own `new_game`, `legal_moves` and
`advance` (what `cardtable simulate` plays). On either path a claim window's nearest claimant
moves first (the fast path's `first_to_act`), as in `simulate`."""

from __future__ import annotations

import random
import time

from cardtable import games


def random_play(game_id: str, seats: int, seconds: float, fast: bool = True) -> float:
    """Moves per second of seeded random games of `game_id` at `seats` seats, for `seconds`."""
    game = games.get(game_id)
    rules = game.fast if fast else None
    choice = random.Random(0).choice
    clock = time.perf_counter
    moves, seed, start = 0, 0, clock()
    while clock() - start < seconds:
        if rules is not None:
            compact = rules.new(seats, seed)  # as rules.start(game.new_game(...))
            seed += 1
            is_over, first, legal, step = rules.is_over, rules.first_to_act, rules.legal, rules.step
            while not is_over(compact):
                seat = first(compact)
                step(compact, seat, choice(legal(compact, seat)))
                moves += 1
        else:
            state = game.new_game(seats=seats, seed=seed)
            seed += 1
            is_over, to_act, legal_moves, advance, claim_window = (
                game.is_over,
                game.to_act,
                game.legal_moves,
                game.advance,
                game.claim_window,
            )
            while not is_over(state):
                # A claim window's claimants speak first, nearest first, as in `simulate`.
                window = claim_window(state)
                seat = (
                    window.open_to[0] if window is not None and window.open_to else to_act(state)[0]
                )
                advance(state, seat, choice(legal_moves(state, seat)))
                moves += 1
    return moves / (clock() - start)
