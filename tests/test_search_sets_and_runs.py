"""Sets and Runs' search hooks: a lay-down another player is still building stays hers in every
world, the standing is the lowest total's, and the easy bot's blunders are the ones a beginner
would see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable import games
from cardtable.bots.search import Budget, SearchBot
from cardtable.bots.seat_player import player_for
from cardtable.engine import SeatKind
from cardtable.engine.claims import CLAIM, LET_GO
from cardtable.games.sets_and_runs.moves import DRAW_STOCK, TAKE_BACK, TAKE_DISCARD, discard
from cardtable.games.sets_and_runs.moves import lay_meld as lay
from cardtable.games.sets_and_runs.search import SEARCH
from cardtable.games.sets_and_runs.state import Phase
from tests.test_sets_and_runs_rules import c, cs, position

GAME = games.get("sets-and-runs")


def test_a_lay_down_another_player_is_building_goes_back_into_her_hand_in_every_world():
    state = position({1: "7C 7D 7H 9C 9D 9S KH 2C"}, turn=1)
    GAME.apply(state, 1, lay(tuple(cs("7C 7D 7H")), run=False))
    view = GAME.view(state, 0)
    assert view.pending == [] and view.hand_sizes[1] == 8
    rng = random.Random(2)
    for _ in range(20):
        world = SEARCH.sample(view, rng)
        assert world.pending == [] and len(world.hands[1]) == 8
        assert GAME.view(world, 0) == view
        assert Counter(map(repr, GAME.cards(world))) == Counter(map(repr, GAME.cards(state)))
    # Her own lay-down being built is hers to see, and stays on its way down in her worlds.
    own = GAME.view(state, 1)
    world = SEARCH.sample(own, rng)
    assert world.pending == state.pending and GAME.view(world, 1) == own


def test_the_standing_at_the_end_is_the_lowest_totals_and_part_way_prefers_a_lower_total():
    state = GAME.new_game(seats=4, seed=3)
    state.phase = Phase.OVER
    state.totals = [40, 10, 10, 90]
    assert [SEARCH.standing(state, s) for s in range(4)] == [0.0, 0.5, 0.5, 0.0]
    state = GAME.new_game(seats=4, seed=3)
    state.totals = [40, 10, 60, 90]
    state.hands = [cs("2C 3D"), cs("2C 3D"), cs("2C 3D"), cs("2C 3D")]
    chances = [SEARCH.standing(state, s) for s in range(4)]
    assert chances[1] > chances[0] > chances[2] > chances[3]


def silly(state, seat, move) -> bool:
    """Whether `move` is a beginner's blunder for `seat` (it must be one of her moves)."""
    moves = GAME.legal_moves(state, seat)
    assert move in moves
    return SEARCH.silly(GAME.view(state, seat), move, moves)


def test_the_easy_bot_never_discards_a_joker_or_keeps_a_contract_it_holds_in_hand():
    state = position({0: "7C 7D 9H 4S KH 2C JK"}, turn=0)
    assert silly(state, 0, discard(c("JK")))
    assert not silly(state, 0, discard(c("KH")))
    holding = position({0: "7C 7D 7H 9C 9D 9S KH 2C"}, turn=0)
    assert silly(holding, 0, discard(c("KH")))
    assert not silly(holding, 0, lay(tuple(cs("7C 7D 7H")), run=False))
    GAME.apply(holding, 0, lay(tuple(cs("7C 7D 7H")), run=False))
    assert silly(holding, 0, TAKE_BACK)


def test_the_easy_bot_never_lets_the_card_that_completes_its_contract_go_to_the_stock():
    state = position({1: "7C 7D 9H 9C 9D 4S KH 2C"}, discards="7S", turn=1, window=True)
    assert silly(state, 1, DRAW_STOCK)
    assert not silly(state, 1, TAKE_DISCARD)
    other = position({1: "7C 5D 9H 9C 9D 4S KH 2C"}, discards="7S", turn=1, window=True)
    assert not silly(other, 1, DRAW_STOCK)


def test_the_easy_bot_never_buys_once_it_has_laid_down():
    state = position(
        {2: "4S KH"},
        melds=((2, "set", "7C 7D 7H"), (2, "set", "9C 9D 9H")),
        discards="QS",
        turn=1,
        window=True,
    )
    assert 2 in GAME.claim_window(state).open_to
    assert silly(state, 2, CLAIM)
    assert not silly(state, 2, LET_GO)


def test_copying_a_table_copies_none_of_its_cards():
    """The strong bot copies a world for every move it weighs: frozen cards are shared, which
    made a Sets and Runs copy several times quicker (108 cards were copied each time)."""
    state = GAME.new_game(seats=4, seed=1)
    copied = state.model_copy(deep=True)
    assert copied.hands[0][0] is state.hands[0][0] and copied.stock[-1] is state.stock[-1]
    assert copied.hands is not state.hands and copied.hands[0] is not state.hands[0]
    ot = games.get("over-trump").new_game(seats=4, seed=1)
    assert ot.model_copy(deep=True).hands[1][0] is ot.hands[1][0]


def played_positions(seats: int, seed: int, every: int = 5, most: int = 900):
    """(state, seat) along a seeded game of planners and random bots (the generic test finds
    no option sets for a game with one option, so it checks no Sets and Runs position)."""
    state = GAME.new_game(seats=seats, seed=seed)
    kinds = [SeatKind.BOT if s % 2 else SeatKind.RANDOM for s in range(seats)]
    players = [player_for(kind, "sets-and-runs", seed + s) for s, kind in enumerate(kinds)]
    for number in range(most):
        if GAME.is_over(state):
            break
        window = GAME.claim_window(state)
        seat = window.open_to[0] if window and window.open_to else GAME.to_act(state)[0]
        if number % every == 0:
            yield state, seat
            yield state, (seat + 1) % seats
        move, _ = players[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
        GAME.advance(state, seat, move)


@pytest.mark.parametrize("seats", [3, 6])
def test_a_world_is_one_the_seat_could_be_in_at_the_fewest_and_most_seats(seats):
    rng = random.Random(seats)
    checked = 0
    for state, seat in played_positions(seats, seed=40 + seats):
        view = GAME.view(state, seat)
        world = SEARCH.sample(view, rng)
        assert GAME.view(world, seat) == view
        assert Counter(map(repr, GAME.cards(world))) == Counter(map(repr, GAME.cards(state)))
        assert GAME.to_act(world) == GAME.to_act(state)
        assert GAME.legal_moves(world, seat) == GAME.legal_moves(state, seat)
        checked += 1
    assert checked > 100


def test_the_strong_bot_makes_the_same_move_whatever_the_hidden_cards():
    compared = 0
    for state, seat in played_positions(4, seed=7, every=11):
        if seat not in GAME.to_act(state) or len(GAME.legal_moves(state, seat)) < 2:
            continue
        other = SEARCH.sample(GAME.view(state, seat), random.Random(compared))
        moves = []
        for one in (state, other):
            bot = SearchBot("sets-and-runs", seed=11, budget=Budget(worlds=2, seconds=None))
            moves.append(bot.choose(GAME.view(one, seat), GAME.legal_moves(one, seat))[0])
        assert moves[0] == moves[1]
        compared += 1
        if compared == 4:
            break
    assert compared == 4


def test_the_strong_bot_buys_with_a_hand_the_planner_calls_too_big():
    # Self-play found the planner's limit (14 cards) too cautious: the strong bot's rules of
    # thumb buy a card that brings the contract closer with 15 cards in hand.
    hand = "5S 5D 7H 9C 2S 4D 6C 8H 10S QD KC 3H JS 9H 2D"
    state = position({2: hand}, round_number=1, discards="5H", turn=1, window=True)
    view, legal = GAME.view(state, 2), GAME.legal_moves(state, 2)
    planned, why = player_for(SeatKind.BOT, "sets-and-runs").choose(view, legal)
    assert planned == LET_GO and why.startswith("Your hand is big already (15 cards)")
    strong = SearchBot("sets-and-runs", seed=1, budget=Budget(worlds=2, seconds=None))
    first, why = strong.planner.choose(view, legal)
    assert first == CLAIM and "5♥ brings you closer" in why


def strong_rivals(state, seat) -> list:
    """The moves the strong bot weighs for `seat`: its policy's move first."""
    view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
    strong = SearchBot("sets-and-runs", seed=1)
    first, _ = strong.planner.choose(view, legal)
    return SEARCH.candidates(view, legal, first)[: strong.budget.candidates]


def test_the_strong_bot_weighs_its_next_best_discards_and_never_its_joker():
    # Two Sets: the 7s and 9s are the plan; the King, the 4 and the 2 lie outside it, so the
    # rivals to the planner's discard are those, and neither a Joker nor a card of the plan.
    state = position({0: "7C 7D 9H 9C 4S KH 2C JK"}, turn=0)
    rivals = strong_rivals(state, 0)
    assert len(rivals) == 3 and len(set(rivals)) == 3
    assert {m.card.short for m in rivals} == {"K♥", "4♠", "2♣"}
    assert rivals[0] == discard(c("KH"))  # the planner's move leads: the most points


def test_the_strong_bot_buys_without_a_search_only_where_the_card_brings_it_closer():
    # Her plan for Two Sets lacks cards; a 7 brings it closer, a Queen does not (she holds
    # none): buying the Queen (two more cards for nothing) is not weighed at all.
    hand = "7C 7D 9H 9C 4S KH 2C 5D 8S 10H JC"
    closer = position({2: hand}, discards="7S", turn=1, window=True)
    assert set(strong_rivals(closer, 2)) == {CLAIM, LET_GO}
    nothing = position({2: hand}, discards="QS", turn=1, window=True)
    assert strong_rivals(nothing, 2) == [LET_GO]
    bot = SearchBot("sets-and-runs", seed=1)
    view, legal = GAME.view(nothing, 2), GAME.legal_moves(nothing, 2)
    assert bot.choose(view, legal)[0] == LET_GO
    assert bot.last_seconds < 0.05
