"""The cards each Sets and Runs seat was seen to take (`taken.py`, issue 24): the public record
every view shows, true to the hands over whole games, and the hands the strong bot's worlds are
dealt by."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable import games
from cardtable.engine import ImpossibleState
from cardtable.engine.claims import CLAIM
from cardtable.games.sets_and_runs.moves import DRAW_STOCK, TAKE_DISCARD, AddTo, discard
from cardtable.games.sets_and_runs.moves import lay_meld as lay
from cardtable.games.sets_and_runs.search import SEARCH
from tests.test_sets_and_runs_rules import c, cs, position

GAME = games.get("sets-and-runs")


def test_a_discard_taken_as_a_draw_is_on_her_record_for_everyone_to_see():
    state = position({0: "KH 2H 5C"}, discards="9S", stock="2C 3D 4S", turn=0)
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 1, TAKE_DISCARD)
    assert state.taken[1] == [c("KH")]
    assert all(GAME.view(state, seat).taken[1] == [c("KH")] for seat in range(4))
    assert GAME.view(state, None).taken[1] == [c("KH")]


def test_a_bought_card_is_on_the_buyers_record_and_the_stock_card_is_not():
    state = position({0: "KH 2H 5C"}, discards="9S", stock="2C 3D 4S", turn=0)
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 2, CLAIM)
    GAME.apply(state, 1, DRAW_STOCK)
    assert state.taken == [[], [], [c("KH")], []]


def test_a_card_leaves_the_record_when_it_is_discarded_laid_down_or_played_on_a_meld():
    state = position({1: "7C 7D 9C 9D 9S KH 2C 4D"}, discards="7H", turn=1, window=True)
    GAME.apply(state, 1, TAKE_DISCARD)
    assert state.taken[1] == [c("7H")]
    GAME.apply(state, 1, lay(tuple(cs("7C 7D 7H")), run=False))
    assert state.taken[1] == [c("7H")], "a lay-down being built is not seen"
    GAME.apply(state, 1, lay(tuple(cs("9C 9D 9S")), run=False))
    assert state.taken[1] == []
    # A card she took and discards, or plays on a meld, leaves it too.
    state = position(
        {2: "KD 5H"},
        melds=(
            (0, "set", "5C 5D 5S"),
            (0, "set", "9C 9D 9H"),
            (2, "set", "JC JD JH"),
            (2, "set", "3C 3D 3H"),
        ),
        turn=2,
    )
    state.taken[2] = [c("KD"), c("5H")]
    GAME.apply(state, 2, next(m for m in GAME.legal_moves(state, 2) if isinstance(m, AddTo)))
    assert state.taken[2] == [c("KD")]
    GAME.apply(state, 2, discard(c("KD")))
    assert state.taken[2] == []


def test_the_record_starts_empty_with_each_deal_and_stays_true_to_the_hands():
    rng = random.Random(7)
    for seed in range(3):
        state = GAME.new_game(seats=4, seed=seed)
        rounds = state.round
        recorded = 0
        while not GAME.is_over(state):
            window = GAME.claim_window(state)
            seat = window.open_to[0] if window and window.open_to else GAME.to_act(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
            GAME.check_state(state)  # each record is of cards she holds
            recorded += sum(map(len, state.taken))
            if state.round != rounds:
                rounds = state.round
                assert state.taken == [[], [], [], []] or GAME.is_over(state)
        assert recorded


def test_a_record_of_a_card_she_does_not_hold_is_refused():
    state = position({1: "7C 7D"}, turn=0)
    state.taken[1] = [c("KS")]
    with pytest.raises(ImpossibleState, match="taking a card she does not hold"):
        GAME.check_state(state)


def test_the_strong_bots_worlds_deal_each_players_taken_cards_into_her_hand():
    state = position({0: "KH 2H 5C", 1: "2S 3S 4S 8D 8C 9H JD QC KC AS AD"}, discards="9S", turn=0)
    GAME.apply(state, 0, discard(c("KH")))
    GAME.apply(state, 1, TAKE_DISCARD)
    GAME.apply(state, 1, discard(c("AS")))
    view = GAME.view(state, 3)
    rng = random.Random(5)
    for _ in range(30):
        world = SEARCH.sample(view, rng)
        assert c("KH") in world.hands[1]
        assert GAME.view(world, 3) == view
        assert Counter(GAME.cards(world)) == Counter(GAME.cards(state))
