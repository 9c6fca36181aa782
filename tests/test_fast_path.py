"""A game's fast path (engine/fast.py) plays exactly as its checked `apply`, move for move.

Seeded random games over every option combination the option tests play (all pairs of option
values and a few random full sets), at the fewest, a middle and the most seats: after every move
the two agree on who acts (and on the seat random play moves for: a claim window's nearest
claimant first), on every acting seat's legal moves (the same moves in the same
order, so a seeded random player makes the same game on either path) and on the whole state.
A new game dealt on the fast path (`new`) is the game's own `new_game`, over many seeds.
"""

from __future__ import annotations

import random

import pytest
from test_option_combinations import pairwise, random_sets

from cardtable import games

FAST_GAMES = [game_id for game_id in games.ids() if games.get(game_id).fast is not None]
SEEDS = 3
MOVES = 3000
"""Moves followed per game (a game of Over Trump to 100 is some 400 moves; most end sooner)."""
WHOLE_EVERY = 10
"""After the first WHOLE_FIRST moves, the whole compact state is compared with a fresh copy of
the checked state at every WHOLE_EVERY-th move (a copy costs more than the move it checks);
the legal moves and the seats to act are compared at every move. A step that goes wrong leaves
its mark in the state, which the next whole comparison sees."""
WHOLE_FIRST = 200


def cases() -> list[pytest.ParameterSet]:
    found = []
    for game_id in FAST_GAMES:
        game = games.get(game_id)
        model = game.options_model
        sets = list({repr(o): o for o in pairwise(model) + random_sets(model, game_id)}.values())
        counts = game.seat_counts
        seat_counts = sorted({counts[0], counts[len(counts) // 2], counts[-1]})
        for n, options in enumerate(sets):
            for seats in seat_counts:
                found.append(pytest.param(game_id, options, seats, id=f"{game_id}-{n}-{seats}"))
    return found


def test_the_games_with_a_fast_path():
    assert {"run-it", "over-trump", "sets-and-runs"} <= set(FAST_GAMES)


@pytest.mark.parametrize(("game_id", "options", "seats"), cases())
def test_the_fast_path_agrees_with_the_checked_apply_move_for_move(game_id, options, seats):
    game = games.get(game_id)
    fast = game.fast
    for seed in range(SEEDS):
        state = game.new_game(seats=seats, seed=seed, options=options)
        compact = fast.start(state)
        chooser = random.Random(f"{game_id}-{seats}-{seed}")
        for number in range(MOVES):
            assert fast.is_over(compact) == game.is_over(state)
            if game.is_over(state):
                break
            acting = game.to_act(state)
            assert fast.to_act(compact) == acting, f"move {number}"
            window = game.claim_window(state)
            first = window.open_to[0] if window is not None and window.open_to else acting[0]
            assert fast.first_to_act(compact) == first, f"move {number}"
            for seat in acting:
                legal = game.legal_moves(state, seat)
                assert [fast.move(a) for a in fast.legal(compact, seat)] == legal, f"move {number}"
            seat = chooser.choice(acting)
            actions = fast.legal(compact, seat)
            action = chooser.choice(actions)
            game.apply(state, seat, fast.move(action))
            fast.step(compact, seat, action)
            if number < WHOLE_FIRST or number % WHOLE_EVERY == 0 or game.is_over(state):
                assert fast.snapshot(compact) == fast.snapshot(fast.start(state)), f"move {number}"


@pytest.mark.parametrize("game_id", FAST_GAMES)
def test_a_new_game_on_the_fast_path_is_the_games_new_game(game_id):
    game = games.get(game_id)
    fast = game.fast
    counts = game.seat_counts
    secret = 2**64 + 12345  # a seed past 64 bits keys the cryptographic stream
    for seats in sorted({counts[0], counts[-1]}):
        for seed in [*range(200), -1, 2**63, secret]:
            new = fast.new(seats, seed)
            assert fast.snapshot(new) == fast.snapshot(fast.start(game.new_game(seats, seed)))
