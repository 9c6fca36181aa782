"""The dead cards of Sets and Runs (issue 24): the discard pile under its top, which every view
shows as the table saw it go down, which no world of the strong bot deals into a hand, and
which the strong bot's rules of thumb count out of reach where today's planner does not."""

from __future__ import annotations

import random
from collections import Counter

from cardtable import games
from cardtable.bots.seat_player import player_for
from cardtable.engine import SeatKind
from cardtable.games.sets_and_runs.moves import DRAW_STOCK, discard
from cardtable.games.sets_and_runs.search import SEARCH, BolderPlanner
from cardtable.games.sets_and_runs.strategy import SetsAndRunsPlanner
from tests.test_sets_and_runs_rules import c, position

GAME = games.get("sets-and-runs")


def test_every_view_shows_the_pile_under_the_top_and_a_reshuffle_empties_it():
    state = position({0: "KH 2H 5C"}, stock="2C", rest_in_stock=False, turn=0)
    under = state.discards[:-1]
    assert len(under) > 50
    assert all(GAME.view(state, seat).dead == under for seat in [0, 1, 2, 3, None])
    GAME.apply(state, 0, discard(c("KH")))
    assert GAME.view(state, 2).dead == [*under, state.discards[-2]]
    GAME.apply(state, 1, DRAW_STOCK)  # the stock's last card
    GAME.apply(state, 1, GAME.legal_moves(state, 1)[0])
    GAME.apply(state, 2, DRAW_STOCK)  # the dead cards become the new stock
    assert state.reshuffled and GAME.view(state, 2).dead == []


def test_no_world_deals_a_dead_card_into_a_hand_over_whole_games():
    rng = random.Random(4)
    for seed in range(3):
        state = GAME.new_game(seats=4, seed=seed)
        players = [player_for(SeatKind.BOT, "sets-and-runs", seed + s) for s in range(4)]
        for number in range(900):
            if GAME.is_over(state):
                break
            window = GAME.claim_window(state)
            seat = window.open_to[0] if window and window.open_to else GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            assert view.dead == state.discards[:-1]
            if number % 13 == 0:
                world = SEARCH.sample(view, rng)
                assert world.discards == state.discards
                assert Counter(map(repr, GAME.cards(world))) == Counter(
                    map(repr, GAME.cards(state))
                )
            move, _ = players[seat].choose(view, GAME.legal_moves(state, seat))
            GAME.advance(state, seat, move)


def test_the_strong_bot_gives_up_a_run_whose_cards_lie_dead_and_the_planner_does_not():
    # Two Runs: 5♥ 6♥, 9♠ 10♠ and J♣ Q♣ each want a run, and two runs are the contract. With
    # both copies of the 3♥, 4♥, 7♥ and 8♥ dead under the discard pile's top, the hearts can
    # grow no further: the strong bot's plan is the spades and clubs, so a heart goes.
    hand = "5H 6H 9S 10S JC QC"
    live = position({0: hand}, round_number=3, discards="AS", turn=0)
    dead = position({0: hand}, round_number=3, discards="7H 7H 4H 4H 8H 8H 3H 3H AS", turn=0)
    planner, strong = SetsAndRunsPlanner(), BolderPlanner()
    for state in (live, dead):
        view, legal = GAME.view(state, 0), GAME.legal_moves(state, 0)
        assert planner.choose(view, legal)[0] == discard(c("JC"))
    assert strong.choose(GAME.view(live, 0), GAME.legal_moves(live, 0))[0] == discard(c("JC"))
    move, why = strong.choose(GAME.view(dead, 0), GAME.legal_moves(dead, 0))
    assert move == discard(c("5H"))
    assert "a run 9♣-Q♣ (J♣ Q♣, 2 missing)" in why and "5♥ is in no meld of it" in why
