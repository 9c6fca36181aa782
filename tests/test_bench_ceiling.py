"""The ceiling benchmark's seeing worlds: the table as it truly lies, only its face-down pile in
another order; the rules' own view is back in place after a measurement."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from benchmarks import ceiling
from cardtable import games
from cardtable.bots.search import hooks


@pytest.mark.parametrize("game_id", sorted(ceiling.FACE_DOWN))
def test_a_seeing_world_is_the_table_with_its_pile_shuffled(game_id: str) -> None:
    game = games.get(game_id)
    state = game.new_game(seats=4, seed=3)
    table = ceiling.Table()
    table.state = state
    search = hooks(game_id)
    assert search is not None
    seeing = ceiling.SeeingHooks(search, ceiling.FACE_DOWN[game_id], table)
    world = seeing.sample(game.view(state, 1), random.Random(0))
    pile = ceiling.FACE_DOWN[game_id]
    assert world.hands == state.hands  # every hand seen as it is
    assert getattr(world, pile) != getattr(state, pile)  # the pile's order still hidden
    assert Counter(map(str, getattr(world, pile))) == Counter(map(str, getattr(state, pile)))
    assert seeing.horizon == search.horizon  # every other hook is the game's own


def test_the_rules_view_is_back_after_a_measurement() -> None:
    game = games.get("run-it")
    share = ceiling.ceiling_share("run-it", 1, seed=5)
    assert 0.0 <= share <= 1.0
    assert "view" not in vars(game)  # no seeing view left behind for the next caller
