"""Runway hints are true: in hand-made positions the planner makes the move a good player makes,
and the reason it gives is about that move (issue 8, findings 10 and 14)."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.cards import Direction, DirectionCard
from cardtable.games.runway import moves as mv
from cardtable.games.runway.state import Phase, RunCard
from cardtable.games.runway.strategy import RunwayPlanner
from tests.cards_text import pcard, pcards

GAME = games.get("runway")
UP, DOWN = Direction.UP, Direction.DOWN


def position(hand, run="", direction=UP, phase=Phase.BUILD, bin="", deck="9S 9S 9S", **options):
    """Seat 0 to act with this hand, run (low end first), bin and deck; seat 1 holds 9P 9P."""
    state = GAME.new_game(seats=2, seed=1, options=options)
    state.hands = [pcards(hand), pcards("9P 9P")]
    state.runs = [[RunCard(card=c, rank=c.rank) for c in pcards(run)], []]
    state.directions = [direction, UP]
    state.bin = pcards(bin)
    state.deck = pcards(deck)
    state.common = []
    state.active = 0
    state.phase = phase
    return state


def hint(state):
    """The planner's move for seat 0, and why."""
    legal = GAME.legal_moves(state, 0)
    move, why = RunwayPlanner().choose(GAME.view(state, 0), legal)
    assert move in legal
    return move, why


@pytest.mark.parametrize(
    ("run", "direction", "bin_card"),
    [("1R 2R", UP, "5R"), ("3S 4S", UP, "8S"), ("6P", UP, "JP"), ("9R 10R", DOWN, "6R")],
)
def test_a_bin_card_further_up_the_run_is_not_taken_as_if_it_extended_it(run, direction, bin_card):
    state = position("QS KS", run, direction, Phase.DRAW, bin=f"{bin_card} 2P")
    move, why = hint(state)
    assert move == mv.DRAW
    assert "extends" in why and "Nothing in the bin" in why


def test_the_next_card_of_the_run_is_taken_from_the_bin_and_said_so():
    move, why = hint(position("QS KS", "1R 2R", UP, Phase.DRAW, bin="3R 7P"))
    assert move == mv.TakeFromBin(card=pcard("3R"))
    assert why == "3●R is the next card your run needs."


def test_a_bin_card_that_follows_cards_in_hand_is_taken_with_them_named():
    move, why = hint(position("3R 4R KS", "1R 2R", UP, Phase.DRAW, bin="5R 7P"))
    assert move == mv.TakeFromBin(card=pcard("5R"))
    assert why == "5●R follows your 3●R 4●R: together they extend your run."


def test_taking_stops_when_nothing_left_in_the_bin_extends_the_run():
    move, why = hint(position("3R KS", "1R 2R", UP, Phase.TAKING, bin="9R 7P"))
    assert move == mv.STOP_TAKING
    assert why == "No other card in the bin extends your run this turn: stop taking."
    # With no run yet there is none to extend: the reason says what the bin could not do.
    move, why = hint(position("3R KS", "", UP, Phase.TAKING, bin="9S 7P"))
    assert move == mv.STOP_TAKING
    assert why == "No other card in the bin helps you start a run: stop taking."


def test_with_the_deck_empty_one_card_is_taken_because_it_must_be():
    move, why = hint(position("3R KS", "1R 2R", UP, Phase.DRAW, bin="9R 7P", deck=""))
    assert isinstance(move, mv.TakeFromBin)
    assert why.startswith("The deck is empty")


def test_a_run_long_enough_ends_the_build_to_win_rather_than_growing():
    state = position("7R 8R QS", "1R 2R 3R 4R 5R 6R", UP)
    move, why = hint(state)
    assert move == mv.END_BUILD
    assert why == "Your run has 6 of the 6 cards it needs: end the build to win."


def test_a_triple_kept_back_for_the_run_is_named_in_the_reason_to_end_the_build():
    state = position("4R 4P 4S", "1R 2R", UP)
    move, why = hint(state)
    assert move == mv.END_BUILD
    assert "Nothing more to build" not in why
    assert "keep your triple: your run will need 4●R" in why


def test_ending_the_build_with_an_unused_action_says_it_is_given_up():
    state = position("QS", "1R 2R", UP, deck="")
    state.hands[1] = []  # nothing to look at, no deck to draw from: only flips are left
    state.actions = 1
    move, why = hint(state)
    assert move == mv.END_BUILD
    assert why.endswith("ending the build gives up 1 unused special action.")


def test_a_triple_off_the_runs_path_is_played_for_an_action():
    move, why = hint(position("9R 9P 9S", "1R 2R", UP))
    assert isinstance(move, mv.PlayTriple)
    assert "none of its cards is on your run's path" in why


def test_a_direction_card_in_the_bin_is_taken_when_one_is_needed_to_start_a_run():
    state = position("3R 4R", "", UP, Phase.DRAW, bin="9P", more_control=True)
    state.bin.append(DirectionCard())
    state.directions = [None, None]
    move, why = hint(state)
    assert move == mv.TakeFromBin(card=DirectionCard())
    assert why == "You need a direction card in hand to start a run."


def test_planners_with_a_hand_limit_of_two_do_not_keep_taking_the_bin_back():
    """Issue 8.10: a tiny hand limit made planners take, stop, end and discard forever.
    With the deck full, a planner takes from the bin only a card it builds at once."""
    state = position("3R KS", "1R 2R", UP, Phase.DRAW, bin="9R 8R 7P QS")
    state.hand_limits = [2, 2]
    move, _ = hint(state)
    assert move == mv.DRAW


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_planners_under_handicap_finish_a_nine_game_session(seed):
    """Issue 8.10, the planner's side: with Handicap "Both" (hand limits fall to 2) two planners
    used to cycle take / stop / end / discard for tens of thousands of moves."""
    from cardtable.games.runway.state import Handicap

    state = GAME.new_game(seats=2, seed=seed, options={"handicap": Handicap.BOTH, "games": 9})
    bots = [RunwayPlanner(seed), RunwayPlanner(seed)]
    for _ in range(20000):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        move, _ = bots[seat].choose(GAME.view(state, seat), GAME.legal_moves(state, seat))
        GAME.apply(state, seat, move)
    assert GAME.is_over(state)


def test_a_reason_names_a_joker_in_words():
    state = position("KpR 5P 5S", "1R 2R", UP)
    move, why = hint(state)
    assert move == mv.END_BUILD
    assert "Jkr" not in why and why.endswith("your run will need the Rock Joker.")


@pytest.mark.parametrize("biggest_run_wins", [False, True])
def test_the_leader_is_made_to_need_one_more_card_only_where_run_length_wins(biggest_run_wins):
    """With Biggest Run Wins nobody wins at X, so 'one more run card' changes nothing: the
    planner spends its action on something that does."""
    state = position("QS KS", "1R 2R", especially_special=True, biggest_run_wins=biggest_run_wins)
    state.runs[1] = [RunCard(card=c, rank=c.rank) for c in pcards("3P 4P 5P 6P 7P 8P 9P")]
    state.actions = 1
    assert mv.LengthenRun(seat=1) in GAME.legal_moves(state, 0)
    move, why = hint(state)
    assert (move == mv.LengthenRun(seat=1)) is not biggest_run_wins, (move, why)


@pytest.mark.parametrize("biggest_run_wins", [False, True])
def test_a_joker_that_fits_the_run_is_kept_unless_the_biggest_run_wins(biggest_run_wins):
    """A Joker on a run does not count toward X, so it is kept for a gap, and the reason to end
    the build says so (it once said nothing else helped the run); where the biggest run wins,
    a Joker counts, so it goes on."""
    state = position("KpR 2S", "9R 10R", biggest_run_wins=biggest_run_wins)
    legal = GAME.legal_moves(state, 0)
    assert any(m.kind == "add" and m.card.is_joker for m in legal)
    move, why = hint(state)
    if biggest_run_wins:
        assert move.kind == "add" and move.card.is_joker
        assert why == "With Biggest Run Wins a Joker counts: it makes your run one longer."
    else:
        assert move == mv.END_BUILD
        assert "a Joker on your run would not count toward winning: keep it for a gap" in why


def test_with_the_bin_empty_the_draw_is_not_explained_by_itself():
    move, why = hint(position("QS KS", "1R 2R", UP, Phase.DRAW, bin=""))
    assert move == mv.DRAW
    assert why == "The bin is empty: the deck is the only place to draw from."
