"""Run It's quick playouts (`games/run_it/rollout.py`) are the strong bot's own rollouts, made
quicker: the planner on ints moves as the planner does, and each playout ends where the search's
generic rollout ends, over seeded planners' games with every pair of option values, at two to
eight seats."""

from __future__ import annotations

import itertools
import random

import pytest
from test_option_combinations import pairwise

from cardtable import games
from cardtable.bots.search import SearchBot
from cardtable.bots.seat_player import player_for
from cardtable.engine import SeatKind
from cardtable.games.run_it import rollout
from cardtable.games.run_it.fast import FAST
from cardtable.games.run_it.search import HAND_WEIGHT, SEARCH
from cardtable.games.run_it.state import Phase, RunItOptions
from cardtable.games.run_it.strategy import RunItPlanner

GAME = games.get("run-it")
OPTION_SETS = pairwise(RunItOptions)
STEPS = 30


def played(options: dict, seats: int, seed: int):
    """(state, seat to act, legal moves) along a seeded planners' game."""
    state = GAME.new_game(seats=seats, seed=seed, options=options)
    players = [player_for(SeatKind.BOT, "run-it", seed + s) for s in range(seats)]
    while not GAME.is_over(state):
        window = GAME.claim_window(state)
        seat = window.open_to[0] if window and window.open_to else GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
        yield state, seat, legal
        move, _ = players[seat].choose(view, legal)
        GAME.advance(state, seat, move)


@pytest.mark.parametrize("n", range(len(OPTION_SETS)))
def test_the_planner_on_ints_makes_the_planners_move_everywhere(n):
    """In every phase but a Match-it window's (a rollout matches whenever it can), at every
    table size: the same move as RunItPlanner.choose."""
    planner = RunItPlanner()
    seen: set = set()
    for seats, seed in itertools.product((2, 4, 8), (0, 1)):
        for state, seat, legal in played(OPTION_SETS[n], seats, seed=100 * n + 10 * seed + seats):
            if state.phase is Phase.WINDOW:
                continue
            expected, _ = planner.choose(GAME.view(state, seat), legal)
            action = rollout.planner_action(FAST.start(state), seat)
            assert FAST.move(action) == expected, (seats, state.phase, expected)
            seen.add("a penalty run" if state.penalty else state.phase)
    assert seen == {"a penalty run", *(set(Phase) - {Phase.WINDOW})}


def generic_playouts(bot: SearchBot, world, seat: int, moves: list) -> list[float]:
    """What SearchBot.playouts gives without the game's quick playouts."""
    quick = type(SEARCH).playouts
    del type(SEARCH).playouts
    try:
        return bot.playouts(world, seat, moves, seed=0)
    finally:
        type(SEARCH).playouts = quick  # type: ignore[method-assign]


@pytest.mark.parametrize("n", range(len(OPTION_SETS)))
def test_a_quick_playout_ends_where_the_searchs_own_rollout_ends(n):
    """The same standing for every legal move in sampled worlds (sessions of one game: in a
    longer session the generic rollout plays on into the next game after a winning move)."""
    options = {**OPTION_SETS[n], "games": 1}
    bot = SearchBot("run-it", seed=n)
    chance = random.Random(n)
    checked = 0
    for seats in (2, 5, 8):
        for state, seat, legal in played(options, seats, seed=100 + 10 * n + seats):
            if len(legal) < 2 or chance.random() > 0.2:
                continue
            world = SEARCH.sample(GAME.view(state, seat), chance)
            quick = SEARCH.playouts(world, seat, legal, bot.budget.steps)
            assert quick == pytest.approx(generic_playouts(bot, world, seat, legal))
            checked += 1
    assert checked > 20


def test_a_playout_that_wins_on_the_move_scores_the_win_and_a_cut_short_one_the_hands():
    """A move that ends the game is judged by its result; one cut short at once by the hands
    after it: the fewer cards a seat holds beside the others, the better she stands."""
    for state, seat, legal in played({"games": 1}, 4, seed=7):
        hand = state.hands[seat]
        winning = [m for m in legal if len(hand) == 1 and getattr(m, "card", None) in hand]
        if winning and len(legal) > 1:
            break
    else:
        pytest.fail("no position with a winning last card")
    world = SEARCH.sample(GAME.view(state, seat), random.Random(1))
    assert rollout.playouts(world, seat, winning[:1], STEPS, HAND_WEIGHT) == [1.0]
    other = next(m for m in legal if m not in winning)
    after = world.model_copy(deep=True)
    GAME.advance(after, seat, other)
    sizes = [len(hand) for hand in after.hands]
    weights = [HAND_WEIGHT ** (size - min(sizes)) for size in sizes]
    short = rollout.playouts(world, seat, [other], 0, HAND_WEIGHT)
    assert short == pytest.approx([weights[seat] / sum(weights)])
