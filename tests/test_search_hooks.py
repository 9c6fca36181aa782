"""The strong bot's worlds (issue 24): for every game, over seeded games at its fewest and most
seats and pairwise option sets, a world sampled from a seat's view is one that seat could be
in (the same view, every card once), the unseen cards land differently from world to world,
and the strong bot given two states that differ only in hidden cards makes the same move."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable import games
from cardtable.bots.search import Budget, SearchBot, hooks
from cardtable.bots.seat_player import player_for
from cardtable.engine import SeatKind
from tests.test_option_combinations import pairwise

OPTION_SETS = 3
"""Pairwise option sets per game and seat count (the first ones: they cover the most pairs)."""
EVERY = 7
"""A world is sampled at every EVERY-th move of a game."""
MOVES = 700
"""Moves followed per game."""


def worlds_of(game_id: str):
    """(state, seat) along seeded games of planners and random bots, every option set."""
    game = games.get(game_id)
    counts = game.seat_counts
    for seats in sorted({counts[0], counts[-1]}):
        for number, options in enumerate(pairwise(game.options_model)[:OPTION_SETS] or [{}]):
            seed = 100 * seats + number
            state = game.new_game(seats=seats, seed=seed, options=options)
            kinds = [SeatKind.BOT if s % 2 else SeatKind.RANDOM for s in range(seats)]
            players = [player_for(kind, game_id, seed + s) for s, kind in enumerate(kinds)]
            for move_number in range(MOVES):
                if game.is_over(state):
                    break
                window = game.claim_window(state)
                seat = window.open_to[0] if window and window.open_to else game.to_act(state)[0]
                if move_number % EVERY == 0:
                    yield state, seat
                    yield state, (seat + 1) % seats  # a seat that is not to act sees less
                view = game.view(state, seat) if players[seat].needs_view else None
                move, _ = players[seat].choose(view, game.legal_moves(state, seat))
                game.advance(state, seat, move)


def test_every_game_has_search_hooks():
    assert [g for g in games.ids() if hooks(g) is None] == []


@pytest.mark.parametrize("game_id", games.ids())
def test_a_sampled_world_is_one_the_seat_could_be_in(game_id):
    game = games.get(game_id)
    search = hooks(game_id)
    assert search is not None
    rng = random.Random(7)
    checked = 0
    for state, seat in worlds_of(game_id):
        view = game.view(state, seat)
        world = search.sample(view, rng)
        assert game.view(world, seat) == view, f"seat {seat} would see another table"
        assert Counter(map(repr, game.cards(world))) == Counter(map(repr, game.cards(state)))
        assert game.to_act(world) == game.to_act(state)
        assert game.legal_moves(world, seat) == game.legal_moves(state, seat)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", games.ids())
def test_the_unseen_cards_land_differently_from_world_to_world(game_id):
    """Worlds are guesses, not the table: the others' hands vary between them."""
    game = games.get(game_id)
    search = hooks(game_id)
    assert search is not None
    state = game.new_game(seats=game.default_seats, seed=5)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    rng = random.Random(3)
    others = {
        repr([hand for s, hand in enumerate(search.sample(view, rng).hands) if s != seat])
        for _ in range(8)
    }
    assert len(others) > 1


@pytest.mark.parametrize("game_id", games.ids())
def test_the_strong_bot_never_peeks(game_id):
    """Two states that differ only in hidden cards: the same seeded search picks the same
    move, for a bot never sees a state (item 5)."""
    game = games.get(game_id)
    search = hooks(game_id)
    assert search is not None
    budget = Budget(worlds=3, seconds=None)
    compared = 0
    for state, seat in worlds_of(game_id):
        if seat not in game.to_act(state) or len(game.legal_moves(state, seat)) < 2:
            continue
        view = game.view(state, seat)
        other = search.sample(view, random.Random(compared))  # the same view, other hands
        assert [h for s, h in enumerate(other.hands) if s != seat] != [
            h for s, h in enumerate(state.hands) if s != seat
        ] or sum(map(len, state.hands)) == len(state.hands[seat])
        moves = []
        for one in (state, other):
            bot = SearchBot(game_id, seed=11, budget=budget)
            moves.append(bot.choose(game.view(one, seat), game.legal_moves(one, seat))[0])
        assert moves[0] == moves[1]
        compared += 1
        if compared == 4:
            break
    assert compared == 4
