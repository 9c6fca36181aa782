"""How hard a hint thinks: on the clock as players get it, or a fixed number of worlds when
CARDTABLE_HINT_WORLDS says so (the suite sets it: tests/conftest.py)."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.bots import hints
from cardtable.bots.search import hooks

SEARCHED = [game_id for game_id in games.ids() if hooks(game_id) is not None]


@pytest.mark.parametrize("game_id", SEARCHED)
def test_unset_a_hint_searches_a_third_of_the_strong_bots_worlds_on_the_clock(game_id, monkeypatch):
    """A third, but never fewer than the least a search may leave the planner's advice on."""
    monkeypatch.delenv(hints.HINT_WORLDS_SETTING, raising=False)
    budget = hints.hint_player(game_id).budget  # type: ignore[attr-defined]
    strong = hooks(game_id).budget  # type: ignore[union-attr]
    assert budget.seconds == hints.HINT_SECONDS
    assert budget.worlds == max(hints.HINT_LEAST_WORLDS, strong.worlds // hints.HINT_SHARE)
    assert budget.least_worlds == hints.HINT_LEAST_WORLDS


@pytest.mark.parametrize("text", ["", "0", "-3", "four", "2.5", "1001"])
def test_a_setting_that_is_not_a_whole_number_of_worlds_leaves_hints_on_the_clock(
    text, monkeypatch
):
    monkeypatch.setenv(hints.HINT_WORLDS_SETTING, text)
    assert hints.fixed_hint_worlds() is None
    assert hints.hint_player("run-it").budget.seconds == hints.HINT_SECONDS  # type: ignore[attr-defined]


def test_a_fixed_number_of_worlds_is_searched_exactly_with_no_clock(monkeypatch):
    monkeypatch.setenv(hints.HINT_WORLDS_SETTING, " 5 ")
    game = games.get("run-it")
    for seed in range(40):
        state = game.new_game(seats=4, seed=seed)
        seat = game.to_act(state)[0]
        legal = game.legal_moves(state, seat)
        if len(legal) > 1:
            break
    else:
        raise AssertionError("no deal gave the first player a choice")
    player = hints.hint_player("run-it")
    assert player.budget.seconds is None  # type: ignore[attr-defined]
    first = player.choose(game.view(state, seat), legal)
    assert player.worlds == 5  # type: ignore[attr-defined]
    assert hints.hint_player("run-it").choose(game.view(state, seat), legal) == first
