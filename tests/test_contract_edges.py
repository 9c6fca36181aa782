"""The contract at its edges: seats from outside, moves with wild numbers, seeds side by side.

A host serving clients passes seat numbers and moves it did not make; each must be applied or
refused with IllegalMove, never crash the game or read Python's -1 as the last seat.
"""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from cardtable import games
from cardtable.engine import Chance, IllegalMove, NoSuchSeat

WILD_NUMBERS = (-1, -100, 5, 13, 99, 10**9)
WILD_SEATS = (-1, 99, 1.5, True, "0")


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("seat", WILD_SEATS)
def test_a_seat_outside_the_table_is_refused_in_words(game_id, seat):
    game = games.get(game_id)
    state = game.new_game(seats=game.default_seats, seed=1)
    move = game.legal_moves(state, game.to_act(state)[0])[0]
    before = state.model_dump_json()
    for ask in (
        lambda: game.view(state, seat),
        lambda: game.explain(state, seat),
        lambda: game.legal_moves(state, seat),
        lambda: game.apply(state, seat, move),
    ):
        with pytest.raises(NoSuchSeat) as refused:
            ask()
        assert "There is no seat" in refused.value.reason
    assert state.model_dump_json() == before


@pytest.mark.parametrize("game_id", games.ids())
def test_a_spectator_may_look_but_not_move(game_id):
    game = games.get(game_id)
    state = game.new_game(seats=game.default_seats, seed=1)
    assert game.view(state, None).hand is None
    assert game.explain(state, None)
    with pytest.raises(NoSuchSeat):
        game.legal_moves(state, None)


@pytest.mark.parametrize("game_id", games.ids())
def test_explain_names_who_is_to_act(game_id):
    game = games.get(game_id)
    state = game.new_game(seats=game.default_seats, seed=2)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][: game.default_seats]
    acting = game.to_act(state)[0]
    idle = (acting + 1) % game.default_seats
    line = game.explain(state, idle, names)
    assert line.startswith(f"Waiting for {names[acting]} to "), line
    assert game.explain(state, None, names).startswith(f"Waiting for {names[acting]}")


def wild_variants(data):
    """Copies of a move's dict with each whole number in it (at any depth) made wild."""
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield from WILD_NUMBERS
        return
    if isinstance(data, dict):
        for key, value in data.items():
            for wild in wild_variants(value):
                yield {**data, key: wild}
    if isinstance(data, list):
        for i, value in enumerate(data):
            for wild in wild_variants(value):
                yield [*data[:i], wild, *data[i + 1 :]]


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("seed", range(3))
def test_every_parsed_move_is_applied_or_refused(game_id, seed):
    """Moves with out-of-range numbers (cards, piles, runs, seats) at every point of a game."""
    game = games.get(game_id)
    for seats in game.seat_counts:
        state = game.new_game(seats=seats, seed=seed)
        chance = Chance.seeded(seed + 77)
        steps = 0
        while not game.is_over(state) and steps < 400:
            acting = game.to_act(state)
            seat = chance.choice(acting)
            legal = game.legal_moves(state, seat)
            if steps % 3 == 0:
                shapes = {json.dumps(m.model_dump(mode="json"), sort_keys=True) for m in legal}
                twin = None
                for shape in list(shapes)[:6]:
                    for wild in wild_variants(json.loads(shape)):
                        try:
                            move = game.parse_move(wild)
                        except ValidationError:
                            continue
                        # A twin a refused move left equal to the game serves the next move; a
                        # deep copy for each was most of this test's time.
                        if twin is None:
                            twin = state.model_copy(deep=True)
                        try:
                            game.apply(twin, seat, move)
                        except IllegalMove:
                            assert twin == state, "a refused move changed the game"
                            continue
                        twin = None
            game.apply(state, seat, chance.choice(legal))
            steps += 1


def test_nearby_seeds_give_unrelated_streams():
    """Seed s + 1 must not be seed s one draw along (the old splitmix64 start was)."""
    for seed in range(50):
        ahead = Chance.seeded(seed)
        ahead.next64()
        following = Chance.seeded(seed + 1)
        assert [ahead.next64() for _ in range(4)] != [following.next64() for _ in range(4)]
    firsts = {Chance.seeded(seed).next64() >> 60 for seed in range(64)}
    assert len(firsts) > 8, "the top bits of nearby seeds' first draws should spread"


def test_an_old_save_loads_with_its_generator_where_it_stood():
    chance = Chance.model_validate_json('{"state": 12345}')
    assert chance.state == 12345
    assert chance.next64() == Chance(state=12345).next64()
