"""Every game refuses a move it cannot read in words (IllegalMove), whatever arrives: a client's
junk or a damaged save never raises pydantic's ValidationError or anything else (issue 18.5)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.engine import Chance, IllegalMove, Move

SAMPLE_SEEDS = range(3)
SAMPLE_MOVES = 400
"""Random moves played per seed while gathering one example of every kind of move."""


def samples(game_id):
    """One legal move of each kind the game offers in a few random games, each with a state
    (as JSON) and the seat that may make it there."""
    game = games.get(game_id)
    found = {}
    for seed in SAMPLE_SEEDS:
        state = game.new_game(seats=game.default_seats, seed=seed)
        chance = Chance.seeded(seed + 77)
        for _ in range(SAMPLE_MOVES):
            if game.is_over(state):
                break
            seat = chance.choice(game.to_act(state))
            legal = game.legal_moves(state, seat)
            for move in legal:
                if type(move) not in found:
                    found[type(move)] = (
                        move.model_dump(mode="json"),
                        state.model_dump_json(),
                        seat,
                    )
            game.apply(state, seat, chance.choice(legal))
    return list(found.values())


SAMPLES = {game_id: samples(game_id) for game_id in games.ids()}


def refused_in_words(game, data):
    """Parse `data`; it must be refused with IllegalMove and one sentence."""
    with pytest.raises(IllegalMove) as refused:
        game.parse_move(data)
    reason = refused.value.reason
    assert reason.startswith(f"That is not a move of {game.name}: "), reason
    assert reason.endswith("."), reason
    assert "\n" not in reason and len(reason) < 240, reason
    assert "pydantic" not in reason and "input_value" not in reason, reason
    return reason


def parsed_or_refused(game, data, state_json=None, seat=None):
    """Parse `data`: a Move, or IllegalMove in words; a move read is applied where it came from,
    and the rules refuse it in words or make it (never another exception)."""
    try:
        move = game.parse_move(data)
    except IllegalMove as refused:
        assert refused.reason.startswith(f"That is not a move of {game.name}: "), refused.reason
        assert refused.reason.endswith("."), refused.reason
        assert "\n" not in refused.reason, refused.reason
        return
    assert isinstance(move, Move)
    if state_json is not None:
        state = game.state_model.model_validate_json(state_json)
        try:
            game.apply(state, seat, move)
        except IllegalMove as refused:
            assert refused.reason, move


def malformed(game, sample):
    """Many ways to break one legal move's dict (a field a card may leave out, such as a
    Joker's suit, is not a way: the rules refuse that card if nobody holds it)."""
    kind = sample.get("kind")
    move = game.parse_move(sample)
    found = [
        {**sample, "extra": 1},
        {**sample, "kind": "no-such-move"},
        {**sample, "kind": 7},
        {**sample, "kind": None},
        {k: v for k, v in sample.items() if k != "kind"},
        {**sample, "kind": [kind]},
    ]
    for field, value in sample.items():
        if field == "kind":
            continue
        for wrong in ("purple", -1.5, {"rank": "ace"}, [None] * 9, "x" * 500):
            if wrong == value:
                continue
            found.append({**sample, field: wrong})
        if isinstance(value, dict):  # a card: each of its fields missing, wrong or extra
            found.append({**sample, field: {**value, "wear": "bent"}})
            fields = type(getattr(move, field)).model_fields
            for inner in value:
                if fields[inner].is_required():
                    found.append({**sample, field: {k: v for k, v in value.items() if k != inner}})
                found.append({**sample, field: {**value, inner: "Purple"}})
                found.append({**sample, field: {**value, inner: [1, 2]}})
        if isinstance(value, list) and value and isinstance(value[0], dict):
            found.append({**sample, field: [{**value[0], "suit": "Purple"}, *value[1:]]})
            found.append({**sample, field: [{**value[0], "extra": 1}, *value[1:]]})
            found.append({**sample, field: [7, *value[1:]]})
    return found


WRONG_SHAPES = [None, 0, 3.5, True, "place", "", b"pass", [], [{"kind": "pass"}], {}, (), {1, 2}]


@pytest.mark.parametrize("game_id", games.ids())
def test_input_that_is_not_a_dict_of_fields_is_refused_in_words(game_id):
    game = games.get(game_id)
    for data in WRONG_SHAPES:
        refused_in_words(game, data)


@pytest.mark.parametrize("game_id", games.ids())
def test_an_unknown_kind_is_refused_naming_it(game_id):
    game = games.get(game_id)
    reason = refused_in_words(game, {"kind": "juggle"})
    assert "juggle" in reason


@pytest.mark.parametrize("game_id", games.ids())
def test_every_kind_of_move_broken_every_way_is_refused_in_words(game_id):
    game = games.get(game_id)
    assert SAMPLES[game_id], "no legal move was gathered"
    for sample, _state, _seat in SAMPLES[game_id]:
        assert game.parse_move(sample).model_dump(mode="json") == sample
        for data in malformed(game, sample):
            refused_in_words(game, data)


@pytest.mark.parametrize("game_id", games.ids())
def test_an_extra_field_is_refused_naming_it(game_id):
    game = games.get(game_id)
    sample = SAMPLES[game_id][0][0]
    reason = refused_in_words(game, {**sample, "sneaky": True})
    assert "sneaky" in reason


def test_a_colour_that_does_not_exist_is_refused_in_words():
    game = games.get("run-it")
    plays = [s for s, _state, _seat in SAMPLES["run-it"] if s["kind"] == "play"]
    reason = refused_in_words(game, {**plays[0], "colour": "purple"})
    assert "colour" in reason and "purple" in reason


def test_a_missing_card_is_refused_naming_it():
    game = games.get("piles")
    reason = refused_in_words(game, {"kind": "place", "pile": 0})
    assert "card" in reason and "missing" in reason


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any value a JSON message could hold."""


def mutated(game_id):
    """A legal move of the game with one field (perhaps inside a card) set to anything, removed,
    or added; with the state and seat it was legal in."""

    @st.composite
    def build(draw):
        sample, state_json, seat = draw(st.sampled_from(SAMPLES[game_id]))
        data = dict(sample)
        paths = [(k,) for k in data] + [
            (k, inner) for k, v in data.items() if isinstance(v, dict) for inner in v
        ]
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["set", "remove", "add"]))
        target = data
        if len(path) == 2:
            target = data[path[0]] = dict(data[path[0]])
        if action == "set":
            target[path[-1]] = draw(JSON)
        elif action == "remove":
            del target[path[-1]]
        else:
            target[draw(st.text(min_size=1, max_size=8))] = draw(JSON)
        return data, state_json, seat

    return build()


@pytest.mark.parametrize("game_id", games.ids())
@settings(
    derandomize=True,
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_fuzzed_moves_are_read_or_refused_in_words(game_id, data):
    game = games.get(game_id)
    if data.draw(st.booleans()):
        parsed_or_refused(game, data.draw(JSON))
    else:
        move, state_json, seat = data.draw(mutated(game_id))
        parsed_or_refused(game, move, state_json, seat)
