"""Checks every registered game gets: random playouts to the end with the contract's invariants."""

from enum import Enum
from typing import Literal

import pytest

from cardtable import games
from cardtable.engine import Chance, IllegalMove, Match, Move, SeatConfig, SeatKind, contract
from cardtable.net.view_dumps import dump_views

SEEDS = range(12)
LONG_GAME_SEEDS = {"sets-and-runs": range(4)}
"""Fewer seeds for a game whose playout is long: a game of Sets and Runs is seven rounds, some
3,600 random moves (thirty times a Piles game), so four seeds a seat count hold more moves
than twelve of the others (and its rules tests play twenty more)."""
CASES = [
    (game_id, seats, seed)
    for game_id in games.ids()
    for seats in games.get(game_id).seat_counts
    for seed in LONG_GAME_SEEDS.get(game_id, SEEDS)
]
MOVE_LIMIT = 5000
OPTION_MOVE_LIMIT = 600
CHECK_EVERY = 3
"""The two dearest checks (a seat not to act is refused and nothing changes; a view shows the
same whatever the hidden cards) run at every third move, a different third for each seed: they
were three fifths of a playout's time. The seats to act, their legal moves and the census are
checked at every move."""


def switched_on(game_id):
    """Each option turned on by itself: True for an on/off option, every other choice of a
    list option, the largest number a number option takes. The playouts run with each."""
    found = []
    for name, field in games.get(game_id).options_model.model_fields.items():
        default = field.default
        if default is False:
            found.append({name: True})
        elif isinstance(default, Enum):
            found += [{name: member} for member in type(default) if member is not default]
        elif isinstance(default, int) and not isinstance(default, bool):
            highest = next((m.le for m in field.metadata if getattr(m, "le", None)), None)
            if highest is not None:
                found.append({name: highest})
    return found


OPTION_CASES = [
    (game_id, seats, seed, options)
    for game_id in games.ids()
    for options in switched_on(game_id)
    # The fewest and the most seats: options change the game, seat counts between add little.
    for seats in sorted({games.get(game_id).seat_counts[0], games.get(game_id).seat_counts[-1]})
    for seed in range(4)
]


def census(game, state):
    """How many of each card the game holds (the engine's own count: `same_census` compares)."""
    return contract.census(game.cards(state))


def other_seats_swapped(game, state, viewer):
    """A copy of `state` in which two seats whose hands `viewer` may not see swap one card."""
    seen = game.seen_hands(state, viewer)
    others = [s for s in range(len(state.hands)) if s not in seen and state.hands[s]]
    if len(others) < 2:
        return None
    a, b = others[:2]
    # Only the hands are copied: the rest is shared, as `view` only reads it (a deep copy of
    # the whole state was over half of every playout's time).
    twin = state.model_copy(update={"hands": [list(hand) for hand in state.hands]})
    twin.hands[a][0], twin.hands[b][0] = twin.hands[b][0], twin.hands[a][0]
    if twin.hands[a] == state.hands[a]:
        return None
    return twin


def views_are_each_seats_view(game, state, spectator_last: bool):
    """`views` gives every seat (and a spectator, asked for first or last) its own `view`,
    whatever it shares, and the host's written-out views (`dump_views`) are each view's own
    dump, field for field and in order."""
    seats = [None, *range(len(state.hands))]
    if spectator_last:
        seats.reverse()
    views = game.views(state, seats)
    assert views == [game.view(state, seat) for seat in seats]
    assert [list(d.items()) for d in dump_views(views)] == [
        list(game.view(state, seat).model_dump(mode="json").items()) for seat in seats
    ]


@pytest.mark.parametrize(("game_id", "seats", "seed"), CASES)
def test_random_playout_keeps_the_contract(game_id, seats, seed):
    playout_keeps_the_contract(game_id, seats, seed, None)


@pytest.mark.parametrize(("game_id", "seats", "seed", "options"), OPTION_CASES)
def test_random_playout_with_each_option_keeps_the_contract(game_id, seats, seed, options):
    # An option may let random play go on for ever (Over Trump's table rules: every broken
    # void claim costs 50, so nobody reaches 100); the invariants hold for as long as it runs.
    playout_keeps_the_contract(game_id, seats, seed, options, must_end=False)


def playout_keeps_the_contract(game_id, seats, seed, options, must_end=True):
    """Play random moves to the end, checking every invariant of DESIGN.md "Testing"."""
    game = games.get(game_id)
    state = game.new_game(seats=seats, seed=seed, options=options)
    assert len(state.hands) == seats
    start_census = census(game, state)
    chance = Chance.seeded(seed + 1000)
    moves = 0
    while not game.is_over(state):
        acting = game.to_act(state)
        assert acting, "to_act is empty before the game is over"
        for waiting in acting:  # every seat asked to act can: no game may freeze
            assert game.legal_moves(state, waiting), f"seat {waiting} must act but cannot"
        seat = chance.choice(acting)
        legal = game.legal_moves(state, seat)
        checked = (moves + seed) % CHECK_EVERY == 0
        # A seat that is not to act is refused and nothing changes.
        idle = [s for s in range(seats) if s not in acting]
        if idle and checked:
            before = state.model_dump_json()
            with pytest.raises(IllegalMove) as refused:
                game.apply(state, idle[0], legal[0])
            assert refused.value.reason
            assert state.model_dump_json() == before
        # Views leak nothing of other hands.
        twin = other_seats_swapped(game, state, seat) if checked else None
        if twin is not None:
            assert game.view(twin, seat) == game.view(state, seat)
        if checked:
            views_are_each_seats_view(game, state, spectator_last=moves % 2 == 1)
        move = chance.choice(legal)
        game.apply(state, seat, move)
        assert contract.same_census(census(game, state), start_census), "a card made or lost"
        moves += 1
        if not must_end and moves == OPTION_MOVE_LIMIT:
            return
        assert moves < MOVE_LIMIT, "the game does not end"
        if moves % 7 == 0:
            assert game.load_state(state.model_dump_json()) == state
    assert game.to_act(state) == []
    outcome = game.outcome(state)
    assert outcome.reason is not None
    assert outcome.winners
    assert game.load_state(state.model_dump_json()) == state


@pytest.mark.parametrize("game_id", games.ids())
def test_a_game_replays_exactly_from_options_seed_and_moves(game_id):
    game = games.get(game_id)
    seats = [SeatConfig(name=f"P{i}", kind=SeatKind.RANDOM) for i in range(game.default_seats)]
    match = Match.start(game, seats, seed=5)
    chance = Chance.seeded(9)
    while not game.is_over(match.state):
        seat = chance.choice(game.to_act(match.state))
        match.play(seat, chance.choice(game.legal_moves(match.state, seat)))
    assert match.replay() == match.state


@pytest.mark.parametrize("game_id", games.ids())
def test_a_refused_move_raises_illegal_move_with_a_reason(game_id):
    game = games.get(game_id)
    state = game.new_game(seats=game.default_seats, seed=3)
    seat = game.to_act(state)[0]
    wrong = (seat + 1) % game.default_seats
    move = game.legal_moves(state, seat)[0]
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, wrong, move)
    assert refused.value.reason.endswith(".")


def test_every_game_has_a_catalog_entry_and_playable_ones_load():
    assert [e.id for e in games.catalog()] == [
        "runway",
        "run-it",
        "over-trump",
        "sets-and-runs",
        "piles",
    ]
    for game_id in games.ids():
        game = games.get(game_id)
        assert game.id == game_id
    with pytest.raises(KeyError):
        games.get("no-such-game")


OVER_WORDS = {"piles": "The game is over: no more cards can be played."}
"""Each game's refusal of a move once it is over, where it says more than 'The game is over.'"""


@pytest.mark.parametrize("game_id", games.ids())
def test_a_finished_game_refuses_every_seat_in_its_own_words(game_id):
    game = games.get(game_id)
    seats = game.default_seats
    state = game.new_game(seats=seats, seed=4)
    chance = Chance.seeded(4)
    while not game.is_over(state):
        seat = chance.choice(game.to_act(state))
        last = chance.choice(game.legal_moves(state, seat))
        game.advance(state, seat, last)
    before = state.model_dump_json()
    for seat in range(seats):
        with pytest.raises(IllegalMove) as refused:
            game.apply(state, seat, last)
        assert refused.value.reason == OVER_WORDS.get(game_id, "The game is over.")
    assert state.model_dump_json() == before


@pytest.mark.parametrize("game_id", games.ids())
def test_every_move_of_a_game_has_its_handler(game_id):
    game = games.get(game_id)
    kinds = {move_type.model_fields["kind"].default for move_type in game.handlers}
    assert kinds == set(game.move_kinds())
    assert set(game.checks) <= set(game.handlers)


class Stranger(Move):
    """A move no game has."""

    kind: Literal["stranger"] = "stranger"


@pytest.mark.parametrize("game_id", games.ids())
def test_a_move_of_no_game_is_refused_in_every_phase_and_changes_nothing(game_id):
    game = games.get(game_id)
    state = game.new_game(seats=game.default_seats, seed=6)
    chance = Chance.seeded(6)
    for _ in range(60):
        if game.is_over(state):
            break
        seat = chance.choice(game.to_act(state))
        before = state.model_dump_json()
        with pytest.raises(IllegalMove) as refused:
            game.apply(state, seat, Stranger())
        assert refused.value.reason.endswith(".")
        assert state.model_dump_json() == before
        game.apply(state, seat, chance.choice(game.legal_moves(state, seat)))
